import ArcadeJSON
import Glibc
import SetModel

/// The table of a Set game for friends as the host sends it (the app's `WireTable`, read
/// here without the app): the phase, the cards in their places (indices in
/// `SetGame.fullDeck`), the deck, every player, and the last claim.
public struct FriendsTable: Codable, Equatable, Sendable {
    public struct Player: Codable, Equatable, Sendable {
        public var name: String
        public var score: Int
        public var sets: Int
        public var selection: [Int]
        public var more: Bool
        public var away: Bool
    }

    /// "seating", "playing" or "over".
    public var phase: String
    public var board: [Int?]
    public var deck: Int
    public var elapsed: Double
    public var players: [Player]
    public var claimBy: Int?
    public var claimCards: [Int]?
    public var claimWasSet: Bool?

    /// The cards on the table, in the order of their places.
    public var cards: [Int] { board.compactMap { $0 } }

    /// The first set among the cards, in the order of their places (the first card as early as
    /// can be, then the second, then the third); nil when there is none.
    public var firstSet: [Int]? { Self.firstSet(in: cards) }

    /// The first set among `cards` (indices in `SetGame.fullDeck`), as `firstSet` chooses it.
    public static func firstSet(in cards: [Int]) -> [Int]? {
        let deck = SetGame.fullDeck
        let valid = cards.filter { deck.indices.contains($0) }
        for i in valid.indices {
            for j in valid.indices where j > i {
                for k in valid.indices where k > j && SetGame.isSet(deck[valid[i]], deck[valid[j]], deck[valid[k]]) {
                    return [valid[i], valid[j], valid[k]]
                }
            }
        }
        return nil
    }

    /// Whether this table shows `seat`'s claim of `cards` judged (in any order).
    public func showsClaim(by seat: Int, of cards: [Int]) -> Bool {
        claimBy == seat && claimWasSet != nil && claimCards.map { Set($0) == Set(cards) } == true
    }
}

/// A line from the host: `welcome` (a seat), `refused` (a reason), `table`, `ended`.
public struct FriendsHostMessage: Codable, Equatable, Sendable {
    public var v: Int
    public var kind: String
    public var seat: Int?
    public var reason: String?
    public var table: FriendsTable?
}

/// A player of a Set table for friends over TCP on this machine, for tools and tests: it
/// speaks the wire a player's arcade speaks (one JSON object per line; `hello` with the room
/// code and a name as message 0, then each message numbered one more) and reads the host's
/// lines. Nothing blocks without a limit: every wait is a `poll` with a timeout.
///
/// It keeps to the host's rate limit (`ratePerSecond`, `burst`, as `PeerGuard` counts): a
/// message that would go over it waits, reading meanwhile, until the bucket allows it.
public final class FriendsClient {
    /// The host's limits on a player, as `PeerGuard` has them (a little under, to be safe).
    public static let ratePerSecond = 19.0
    public static let burst = 38.0
    /// The most a host may send in a line (the app's `FriendsWire.hostLineLimit`).
    public static let hostLineLimit = 8192

    public let descriptor: Int32
    /// The number the next message carries.
    public private(set) var number = 0
    /// The seat the host gave (`welcome`).
    public private(set) var seat: Int?
    /// The last table received, and how many have come.
    public private(set) var table: FriendsTable?
    public private(set) var tablesReceived = 0
    /// Why the host refused or dropped this player (`refused`), or ended the game (`ended`).
    public private(set) var refusal: String?
    public private(set) var ended: String?
    /// The host closed the connection (or it failed).
    public private(set) var isClosed = false
    /// Every message received, oldest first, while `keepsMessages`.
    public var keepsMessages = false
    public private(set) var messages: [FriendsHostMessage] = []
    /// Called with each table as it arrives (at the time of reading it), for timing.
    public var onTable: ((FriendsTable, Double) -> Void)?
    /// What waiting for the rate limit does with the seconds to wait (nil: reads this
    /// connection meanwhile); a run with several connections reads them all.
    public var whileWaiting: ((Double) -> Void)?
    /// When something was last sent (for pings).
    public private(set) var lastSent = monotonicNow()

    private var pending: [UInt8] = []
    private var tokens = FriendsClient.burst
    private var tokensAt = monotonicNow()

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Connected to 127.0.0.1:`port` (within `timeout` seconds).
    public init(port: Int, timeout: Double = 5) throws {
        guard let descriptor = LoopbackSocket.connect(port: port, blocking: false) else {
            throw Failure("cannot open a socket: errno \(errno)")
        }
        self.descriptor = descriptor
        var fd = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&fd, 1, Int32(timeout * 1000))
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        guard ready == 1, error == 0 else {
            Glibc.close(descriptor)
            throw Failure("cannot connect to 127.0.0.1:\(port): \(ready == 1 ? String(cString: strerror(error)) : "timed out")")
        }
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close() }

    /// Closes the connection (without a `bye`: as a player's arcade killed would).
    public func close() {
        if descriptorOpen { Glibc.close(descriptor) }
        descriptorOpen = false
        isClosed = true
    }
    private var descriptorOpen = true

    // MARK: - Sending

    /// A player's message as the host reads it.
    struct Message: Encodable {
        var v = 1
        var n: Int
        var kind: String
        var code: String?
        var name: String?
        var card: Int?
        var wants: Bool?
    }

    /// Sends a message of `kind` numbered in turn (waiting, reading meanwhile, while the rate
    /// limit would refuse it); the time it went, or nil when the connection is closed.
    @discardableResult
    func send(_ kind: String, code: String? = nil, name: String? = nil, card: Int? = nil, wants: Bool? = nil) -> Double? {
        waitForToken()
        let message = Message(n: number, kind: kind, code: code, name: name, card: card, wants: wants)
        guard let line = try? JSON.encode(message, formatting: [.sortedKeys]) else { return nil }
        number += 1
        return sendRaw(line + [UInt8(ascii: "\n")]) ? lastSent : nil
    }

    /// `hello` with the room `code` and `name` (message 0).
    @discardableResult
    public func hello(code: String?, name: String) -> Double? { send("hello", code: code, name: name) }
    /// A touch on `card` (an index in `SetGame.fullDeck`).
    @discardableResult
    public func select(_ card: Int) -> Double? { send("select", card: card) }
    /// Deal 3 more asked (or taken back).
    @discardableResult
    public func more(_ wants: Bool = true) -> Double? { send("more", wants: wants) }
    @discardableResult
    public func ping() -> Double? { send("ping") }
    @discardableResult
    public func bye() -> Double? { send("bye") }

    /// Writes `bytes` whole (waiting up to 5 s for room); false when the connection failed.
    @discardableResult
    public func sendRaw(_ bytes: [UInt8]) -> Bool {
        guard !isClosed else { return false }
        var offset = 0
        let deadline = monotonicNow() + 5
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EAGAIN || errno == EINTR) {
                guard monotonicNow() < deadline else { return false }
                var fd = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&fd, 1, 50)
            } else {
                isClosed = true
                return false
            }
        }
        lastSent = monotonicNow()
        return true
    }

    private func waitForToken() {
        while true {
            let now = monotonicNow()
            tokens = min(Self.burst, tokens + (now - tokensAt) * Self.ratePerSecond)
            tokensAt = now
            if tokens >= 1 {
                tokens -= 1
                return
            }
            // Reading while waiting: the wait is the host's rule, and its lines keep coming.
            let seconds = (1 - tokens) / Self.ratePerSecond
            if let whileWaiting { whileWaiting(seconds) } else { pump(timeout: seconds) }
        }
    }

    // MARK: - Reading

    /// Reads what the host sent, waiting at most `timeout` seconds for the first bytes; the
    /// number of messages read.
    @discardableResult
    public func pump(timeout: Double) -> Int {
        guard !isClosed else { return 0 }
        var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&fd, 1, Int32(max(0, timeout) * 1000)) > 0 else { return 0 }
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if got > 0 {
                count += take(buffer[0..<got], at: monotonicNow())
                continue
            }
            if got < 0 && (errno == EAGAIN || errno == EINTR) { break }
            isClosed = true  // the host closed, or the connection failed
            break
        }
        return count
    }

    private func take(_ bytes: ArraySlice<UInt8>, at time: Double) -> Int {
        pending += bytes
        var count = 0
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            guard let message = try? JSON.decode(FriendsHostMessage.self, from: line) else { continue }
            count += 1
            if keepsMessages { messages.append(message) }
            switch message.kind {
            case "welcome": seat = message.seat
            case "refused": refusal = message.reason ?? "refused"
            case "ended": ended = message.reason ?? "ended"
            case "table":
                if let table = message.table {
                    self.table = table
                    tablesReceived += 1
                    onTable?(table, time)
                }
            default: break
            }
        }
        if pending.count > Self.hostLineLimit { pending.removeAll() }
        return count
    }

    /// Reads until `condition` holds or `timeout` seconds pass (or the connection closes with
    /// the condition still false); whether it held.
    @discardableResult
    public func wait(timeout: Double, _ condition: (FriendsClient) -> Bool) -> Bool {
        let deadline = monotonicNow() + timeout
        while !condition(self) {
            let left = deadline - monotonicNow()
            if left <= 0 || isClosed { return condition(self) }
            pump(timeout: min(left, 0.05))
        }
        return true
    }

    /// Sits down: `hello`, then waits (at most `timeout`) for the seat; the seat, or nil when
    /// refused or nothing came.
    public func join(code: String?, name: String, timeout: Double = 5) -> Int? {
        guard hello(code: code, name: name) != nil else { return nil }
        wait(timeout: timeout) { $0.seat != nil || $0.refusal != nil }
        return seat
    }
}

/// Sockets to this machine (127.0.0.1) only, for clients of a table, fair or hostile.
public enum LoopbackSocket {
    /// A TCP socket connecting to 127.0.0.1:`port` (non-blocking unless `blocking`: the
    /// connection then completes, or fails, on its own); nil when no socket could be had.
    public static func connect(port: Int, blocking: Bool = false) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                                    | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            Glibc.close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Writes what fits of `bytes` now, never blocking; the bytes written, or nil when the
    /// connection failed (the peer closed it).
    public static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Int? {
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EINTR || errno == ENOTCONN ? 0 : nil
    }

    /// Reads what has come, never blocking: the bytes, or nil once the peer has closed.
    public static func read(_ descriptor: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16384)
        let got = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if got > 0 { return Array(buffer[0..<got]) }
        if got < 0 && (errno == EAGAIN || errno == EINTR || errno == ENOTCONN) { return [] }
        return nil
    }

    /// The soft limit on this process's open files.
    public static var descriptorLimit: Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return limit.rlim_cur == rlim_t.max ? 1 << 20 : Int(limit.rlim_cur)
    }
}
