/// What the arcade keeps, as values: the store (`ArcadeStore`) reads and writes them, and the
/// screens and statistics read them without depending on the store.

/// One finished game as the store keeps it.
public struct FinishedGame: Equatable, Sendable {
    public var game: String
    /// The mode or level played ("3-digit", "Hard"), when the game has several.
    public var mode: String?
    public var score: Int
    /// The game's own figures (sets found, a time...), by name.
    public var figures: [String: String]
    /// Seconds played, when known.
    public var duration: Double?
    public var seed: UInt64?
    public var player: String
    /// When it finished, as the score lists show it (`YYYY-MM-DD HH:MM`, local time).
    public var finishedAt: String
    /// The run this result belongs to, for a game whose result grows while it is played and
    /// is kept more than once (a Slots machine's best): a result of the same game and run
    /// replaces the one before. Nil for a game kept once.
    public var run: String?

    public init(game: String, mode: String? = nil, score: Int, figures: [String: String] = [:],
                duration: Double? = nil, seed: UInt64? = nil, player: String, finishedAt: String,
                run: String? = nil) {
        self.game = game
        self.mode = mode
        self.score = score
        self.figures = figures
        self.duration = duration
        self.seed = seed
        self.player = player
        self.finishedAt = finishedAt
        self.run = run
    }
}

/// Decisions of one kind (`key`) by `player` in `game`, to be added to what is kept.
public struct TallyCount: Equatable, Sendable {
    public var game: String
    public var player: String
    public var key: String
    public var tally: Tally

    public init(game: String, player: String, key: String, tally: Tally) {
        self.game = game
        self.player = player
        self.key = key
        self.tally = tally
    }
}

/// How many decisions of one kind were made, and how many of them were right.
public struct Tally: Hashable, Sendable, Codable {
    public var right: Int
    public var total: Int
    public var wrong: Int { total - right }

    public init(right: Int = 0, total: Int = 0) {
        self.right = right
        self.total = total
    }

    /// One more decision.
    public mutating func count(right isRight: Bool) {
        total += 1
        if isRight { right += 1 }
    }
}

/// One day's result of a daily puzzle: the day (`YYYY-MM-DD`), the seconds from the first
/// selection to the last set, the wrong tries and the sets found.
public struct DailyResult: Equatable, Sendable {
    public var game: String
    public var day: String
    public var player: String
    public var seconds: Double
    public var misses: Int
    public var found: Int
    public var finishedAt: String

    public init(game: String, day: String, player: String, seconds: Double, misses: Int, found: Int,
                finishedAt: String) {
        self.game = game
        self.day = day
        self.player = player
        self.seconds = seconds
        self.misses = misses
        self.found = found
        self.finishedAt = finishedAt
    }
}

/// A game left in progress, as the store keeps it: the game's own state as text, the words
/// the resume offer shows, its seed and when it was left (seconds since 1970).
public struct StoredSave: Equatable, Sendable {
    public var game: String
    /// The mode it was played in, as the game names it ("daily"); '' for a game without
    /// modes, and for a save kept before saves had modes (the game reads it from `state`).
    public var mode: String
    public var state: String
    public var summary: String
    public var seed: UInt64?
    /// The session of play the saved game belongs to (see `FinishedGame.run`).
    public var session: String?
    public var savedAt: Double

    public init(game: String, mode: String = "", state: String, summary: String, seed: UInt64? = nil,
                session: String? = nil, savedAt: Double) {
        self.game = game
        self.mode = mode
        self.state = state
        self.summary = summary
        self.seed = seed
        self.session = session
        self.savedAt = savedAt
    }
}

/// A card's learning as the store keeps it (the fields of `TempleModel.CardProgress`, which
/// the store does not depend on).
public struct StoredCardProgress: Hashable, Sendable {
    public var box: Int
    public var dueDay: Int
    public var reviews: Int
    public var misses: Int
    public var lastMissDay: Int?

    public init(box: Int, dueDay: Int, reviews: Int, misses: Int, lastMissDay: Int?) {
        self.box = box
        self.dueDay = dueDay
        self.reviews = reviews
        self.misses = misses
        self.lastMissDay = lastMissDay
    }
}
