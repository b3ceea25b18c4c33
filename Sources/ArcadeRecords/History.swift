/// What the store knows of one game's history, for the statistics screen: totals over every
/// game kept, and the last few games with their figures.
public struct GameHistory: Equatable, Sendable {
    public var game: String
    /// How many finished games the store holds.
    public var played: Int
    /// The best score (the highest, or the lowest for a game that ranks lower); nil before
    /// the first game.
    public var best: Int?
    /// The mean score; nil before the first game.
    public var average: Double?
    /// The last games, oldest first (by when they finished, then as they were kept).
    public var recent: [FinishedGame]

    public init(game: String, played: Int = 0, best: Int? = nil, average: Double? = nil,
                recent: [FinishedGame] = []) {
        self.game = game
        self.played = played
        self.best = best
        self.average = average
        self.recent = recent
    }
}

/// Which of a game's results a query reads: all of them, or those of one mode (`nil`: the
/// results kept without a mode, such as a classic Set game).
public enum ModeFilter: Hashable, Sendable {
    case every
    case only(String?)
}

/// How one deck's cards stand on a day, counted by SQLite: the cards answered so far, those
/// due, those still learning, those known, and the leeches.
public struct LearnDeckCounts: Equatable, Sendable {
    /// "built-in", or "folder:" and the folder's path.
    public var deck: String
    public var cards: Int
    public var due: Int
    public var learning: Int
    public var known: Int
    public var leeches: Int

    public init(deck: String, cards: Int, due: Int, learning: Int, known: Int, leeches: Int) {
        self.deck = deck
        self.cards = cards
        self.due = due
        self.learning = learning
        self.known = known
        self.leeches = leeches
    }
}
