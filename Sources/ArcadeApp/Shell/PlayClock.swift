/// A game's play clock: it starts at the first move, runs while the game is played (the
/// shell sends no ticks while an overlay or the pause is up, so it stands still then, and
/// of a stretch without input it passes on only the first minute), and stops when the game
/// ends, which it reports once so the score is recorded once.
public struct PlayClock: Hashable, Sendable, Codable {
    public enum State: Hashable, Sendable, Codable {
        case notStarted, running, finished
    }

    public private(set) var state = State.notStarted
    /// Seconds played.
    public private(set) var elapsed = 0.0
    /// True once the finished game has been recorded (see `finish`).
    public private(set) var isRecorded = false

    public init() {}

    public var hasStarted: Bool { state != .notStarted }
    public var isRunning: Bool { state == .running }

    /// The first move: the clock runs from now.
    public mutating func start() {
        if state == .notStarted { state = .running }
    }

    /// `seconds` passed; counted only while running.
    public mutating func advance(by seconds: Double) {
        if state == .running { elapsed += max(0, seconds) }
    }

    /// The game is over: the clock stops. True the first time only, when its result is
    /// to be recorded.
    public mutating func finish() -> Bool {
        state = .finished
        if isRecorded { return false }
        isRecorded = true
        return true
    }

    /// A new game: not started, nothing played, nothing recorded.
    public mutating func reset() {
        self = PlayClock()
    }

    /// The time played as m:ss.
    public var text: String { Self.text(elapsed) }

    /// `seconds` as m:ss (whole seconds, never negative).
    public static func text(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? max(0, Int(seconds.rounded(.down))) : 0
        let remainder = whole % 60
        return "\(whole / 60):" + (remainder < 10 ? "0" : "") + "\(remainder)"
    }
}
