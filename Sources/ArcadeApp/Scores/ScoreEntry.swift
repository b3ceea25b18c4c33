#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of a game's high-score table.
///
/// `date` is local time as "YYYY-MM-DD HH:MM"; `figures` holds whatever else the game
/// wants shown next to the score, by name (`"time": "1:23"`, `"machine": "5-digit"`).
public struct ScoreEntry: Codable, Equatable, Sendable {
    public var score: Int
    public var date: String
    public var player: String
    public var figures: [String: String]

    public init(score: Int, date: String, player: String, figures: [String: String] = [:]) {
        self.score = score
        self.date = date
        self.player = player
        self.figures = figures
    }
}

/// Which way a game's scores rank.
public enum ScoreOrder: Sendable {
    /// Points: the biggest score leads.
    case higherIsBetter
    /// Times or moves: the smallest score leads.
    case lowerIsBetter

    /// True when `score` ranks strictly ahead of `other` (a tie is not ahead).
    func ranks(_ score: Int, ahead other: Int) -> Bool {
        switch self {
        case .higherIsBetter: score > other
        case .lowerIsBetter: score < other
        }
    }
}

/// A failed file operation, worded for the end of a sentence.
struct FileFailure: Error, CustomStringConvertible {
    var description: String

    /// "could not <action> <path> (<errno text>)".
    init(_ action: String, _ path: String, code: Int32 = errno) {
        description = "could not \(action) \(path) (\(String(cString: strerror(code))))"
    }

    init(description: String) {
        self.description = description
    }
}
