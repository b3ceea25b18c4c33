#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArcadeUI

/// How a table for friends opens: hosted here, or joined at a host's address, and the
/// player's name. Given on the command line (`--host`, `--join`, `--code`, `--name`) or in
/// the choice of mode's fields.
enum FriendsSetup: Hashable, Sendable {
    /// Host a table on `address` (numeric; "127.0.0.1" unless given) and `port` (0: any free
    /// one), seated as `name`; `code` fixes the room code (nil: a random one).
    case host(address: String, port: Int, name: String, code: String?)
    /// Join the table at `address`:`port` with the room `code`, as `name`.
    case join(address: String, port: Int, code: String, name: String)

    /// The address a table is hosted on when none is given: this machine only.
    static let defaultAddress = "127.0.0.1"

    /// The name a player sits down under without `--name`: the login name when it is one
    /// every screen can show, else "Player".
    static var defaultName: String {
        getenv("USER").flatMap { PeerGuard.name(String(cString: $0)) } ?? "Player"
    }

    var name: String {
        switch self {
        case .host(_, _, let name, _), .join(_, _, _, let name): name
        }
    }

    /// The table the options ask for (`--host`, or `--join` with `--code`), seated as
    /// `--name` or else `defaultName`; nil when they ask for none.
    init?(options: [String: String], defaultName: String) {
        let name = options["--name"] ?? defaultName
        if let text = options["--host"], let (address, port) = Self.hostAddress(text) {
            self = .host(address: address, port: port, name: name, code: options["--code"]?.uppercased())
        } else if let text = options["--join"], let (address, port) = Self.joinAddress(text),
                  let code = options["--code"] {
            self = .join(address: address, port: port, code: code.uppercased(), name: name)
        } else {
            return nil
        }
    }

    /// `--host`'s value, "[ADDRESS:]PORT" ("7000", "0.0.0.0:7000", "[::1]:7000"): the address
    /// (`defaultAddress` when none is given) and the port (0–65535).
    static func hostAddress(_ text: String) -> (String, Int)? {
        if let port = Int(text), (0...65535).contains(port) { return (defaultAddress, port) }
        guard let (address, port) = joinAddress(text, portZero: true), address != "localhost" else { return nil }
        return (address, port)
    }

    /// `--join`'s value, "HOST:PORT" ("127.0.0.1:7000", "[::1]:7000", "localhost:7000"): a
    /// numeric address (no name is looked up) or localhost, and a port from 1 (0 only with
    /// `portZero`, for hosting).
    static func joinAddress(_ text: String, portZero: Bool = false) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var address = String(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]), (portZero ? 0 : 1)...65535 ~= port else { return nil }
        if address.hasPrefix("[") && address.hasSuffix("]") && address.count > 2 {
            address = String(address.dropFirst().dropLast())
        } else if address.contains(":") {
            return nil  // an IPv6 address needs its brackets: [::1]:7000
        }
        let numeric = address.unicodeScalars.allSatisfy { "0123456789abcdefABCDEF.:".unicodeScalars.contains($0) }
        guard !address.isEmpty, address.count <= 64, numeric || address == "localhost" else { return nil }
        return (address, port)
    }

    /// Whether `text` is a room code as hosts show it: six of `PeerGuard.codeAlphabet`
    /// (typed in either case).
    static func isCode(_ text: String) -> Bool {
        text.count == 6 && text.uppercased().allSatisfy(PeerGuard.codeAlphabet.contains)
    }

    /// Whether `address` listens on every interface (0.0.0.0, ::): not one to join at.
    static func isEveryInterface(_ address: String) -> Bool {
        address == "0.0.0.0" || address.allSatisfy { $0 == ":" || $0 == "0" }
    }

    /// "127.0.0.1:7000", "[::1]:7000": an address and port as a player types them.
    static func shown(_ address: String, _ port: Int) -> String {
        address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
    }
}

extension FriendsSetup {
    /// Set's options for a table for friends.
    static let options: [GameOption] = {
        let solo = ["--daily", "--date", "--versus", "--level"]
        return [
            GameOption(name: "--host", valueName: "[ADDRESS:]PORT",
                       summary: "host a table for friends (on 127.0.0.1 unless an address is given)",
                       accepts: { hostAddress($0) != nil }, requirement: "a port, or a numeric ADDRESS:PORT",
                       excludes: solo + ["--join"]),
            GameOption(name: "--join", valueName: "HOST:PORT", summary: "join a friend's table (with --code)",
                       accepts: { joinAddress($0) != nil }, requirement: "HOST:PORT, the host numeric or localhost",
                       excludes: solo, needsOneOf: ["--code"]),
            GameOption(name: "--code", valueName: "CODE", summary: "the table's room code (the host shows it)",
                       accepts: isCode, requirement: "the six letters and digits the host shows",
                       needsOneOf: ["--host", "--join"]),
            GameOption(name: "--name", valueName: "NAME", summary: "your name at the table",
                       accepts: { PeerGuard.name($0) != nil },
                       requirement: "1–16 letters, digits, spaces or -_.' (not starting or ending with a space)",
                       needsOneOf: ["--host", "--join"]),
        ]
    }()
}
