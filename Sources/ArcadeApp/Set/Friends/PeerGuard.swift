import ArcadeJSON
import SetModel

/// What a player asked the host, once its line passed `PeerGuard`.
enum PlayerRequest: Equatable {
    case hello(name: String)
    case select(Card)
    case more(Bool)
    case ping
    case bye
}

/// The host's watch over one player's connection: the handshake with the room code before
/// anything else, message numbers in order, a rate limit, and silence.
///
/// The host asks it about every line the connection sends (`receive`) and, now and then,
/// whether the connection has been silent too long (`expired`). A `drop` verdict closes that
/// connection with its reason; the other players are never disturbed. Time is an argument:
/// seconds on the host's monotonic clock.
struct PeerGuard {
    /// Seconds a new connection has to say hello.
    static let helloTimeout = 5.0
    /// Seconds a seated player may stay silent (players ping every `pingInterval`).
    static let silenceTimeout = 15.0
    /// Seconds of silence after which a player pings.
    static let pingInterval = 5.0
    /// Messages a second a player may send on average, and in a burst.
    static let ratePerSecond = 20.0
    static let burst = 40.0
    /// The longest name, in characters.
    static let nameLimit = 16

    /// The room's code, which `hello` must carry.
    let code: String
    private(set) var greeted = false
    private(set) var lastHeard: Double
    private var nextNumber = 0
    private var tokens = PeerGuard.burst
    private var tokensAt: Double

    /// A guard for a connection that opened at `time` to the room `code`.
    init(code: String, openedAt time: Double) {
        self.code = code
        lastHeard = time
        tokensAt = time
    }

    enum Verdict: Equatable {
        case accept(PlayerRequest)
        case drop(String)
    }

    /// What the line `line` (without its newline), received at `time`, comes to.
    mutating func receive(_ line: [UInt8], at time: Double) -> Verdict {
        let now = max(time, tokensAt)
        tokens = min(Self.burst, tokens + (now - tokensAt) * Self.ratePerSecond)
        tokensAt = now
        guard tokens >= 1 else { return .drop("too many messages") }
        tokens -= 1
        guard let message = try? JSON.decode(PlayerMessage.self, from: line) else { return .drop("a message that does not read") }
        guard message.v == FriendsWire.version else { return .drop("protocol version \(message.v), not \(FriendsWire.version)") }
        guard message.n == nextNumber else { return .drop("message \(message.n) where \(nextNumber) was due") }
        nextNumber += 1
        lastHeard = now
        if !greeted {
            guard message.kind == .hello else { return .drop("no hello first") }
            guard let given = message.code, Self.sameCode(given, code) else { return .drop("wrong room code") }
            guard let raw = message.name, let name = Self.name(raw), name == raw else { return .drop("a name that cannot be shown") }
            greeted = true
            return .accept(.hello(name: name))
        }
        switch message.kind {
        case .hello:
            return .drop("a second hello")
        case .select:
            guard let card = message.card.flatMap(FriendsWire.card) else { return .drop("no such card") }
            return .accept(.select(card))
        case .more:
            return .accept(.more(message.wants ?? true))
        case .ping:
            return .accept(.ping)
        case .bye:
            return .accept(.bye)
        }
    }

    /// Why the connection is dropped at `time`, when it has been silent too long: no hello in
    /// `helloTimeout`, or nothing at all in `silenceTimeout`.
    func expired(at time: Double) -> String? {
        if !greeted, time - lastHeard > Self.helloTimeout { return "no hello in \(Int(Self.helloTimeout)) seconds" }
        if time - lastHeard > Self.silenceTimeout { return "silent for \(Int(Self.silenceTimeout)) seconds" }
        return nil
    }

    /// `raw` as a name when it is one every screen can show: 1–16 characters, letters (Latin,
    /// Greek, Cyrillic), digits, spaces and `-_.'`, not starting or ending with a space; nil
    /// otherwise.
    static func name(_ raw: String) -> String? {
        guard (1...nameLimit).contains(raw.count), raw.first != " ", raw.last != " " else { return nil }
        let allowed = raw.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " -_.'".unicodeScalars.contains(scalar)
        }
        // One column per character, left to right: Latin, Greek and Cyrillic letters, no
        // combining marks, no right-to-left or wide letters to upset the layout.
        let plain = raw.unicodeScalars.allSatisfy { $0.value < 0x0590 && !(0x0300..<0x0370).contains($0.value) }
        return allowed && plain && raw.unicodeScalars.count == raw.count ? raw : nil
    }

    /// Whether `given` is the room's `code`, compared without stopping at the first difference.
    static func sameCode(_ given: String, _ code: String) -> Bool {
        let left = Array(given.utf8), right = Array(code.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The letters of a room code: no 0/O or 1/I to confuse.
    static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    /// A six-character room code drawn with `generator` (the system's random source in the
    /// arcade, so a code cannot be guessed from a seed).
    static func roomCode(using generator: inout some RandomNumberGenerator) -> String {
        String((0..<6).map { _ in codeAlphabet.randomElement(using: &generator)! })
    }
}
