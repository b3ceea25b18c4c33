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

/// Every game's table as loaded, plus a notice for the menu when something was wrong.
public struct ScoreBoard: Equatable, Sendable {
    /// Entries per game id, best first.
    public var games: [String: [ScoreEntry]]
    /// One line for the menu (e.g. a corrupt file was moved aside), or nil.
    public var notice: String?

    public init(games: [String: [ScoreEntry]] = [:], notice: String? = nil) {
        self.games = games
        self.notice = notice
    }

    /// The leading entry of `game`, or nil when it has none.
    public func best(_ game: String) -> ScoreEntry? {
        games[game]?.first
    }
}

/// What recording a score did.
public struct RecordedScores: Equatable, Sendable {
    /// The game's table after the merge, best first.
    public var entries: [ScoreEntry]
    /// Where the new entry landed (0 = best), or nil when it missed the table.
    public var rank: Int?
    /// One line for the user when a corrupt file had to be moved aside first, or nil.
    public var notice: String?

    public init(entries: [ScoreEntry], rank: Int?, notice: String? = nil) {
        self.entries = entries
        self.rank = rank
        self.notice = notice
    }
}

/// Why a score could not be saved, in words a player can act on.
public struct ScoreStoreError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
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
