import ArcadeRecords
import ArcadeStore

/// How the statistics page and `stats --json` show a game, from its catalog entry
/// (`GameInfo.statistics`): what its modes are called and in which order, what its chart
/// measures, its own figures over its last games, and the learn mode's counts if it keeps any.
public struct StatisticsShape: Sendable {
    /// What its modes are called on its tab: "Mode", "Level", "Machine".
    public var modeKind: String
    /// Its known modes in the order shown; any others follow by name.
    public var modeOrder: [String]
    /// The name (`stats --json`) and title (the page) of its results kept without a mode.
    public var unnamedMode: (name: String, title: String)
    /// What its scores are: "Score", or "Accuracy", and the mark after one ("%").
    public var measure: String
    public var unit: String
    /// The game's own figures over its last games (oldest first; none for a game not played).
    public var figures: @Sendable (_ recent: [FinishedGame]) -> any GameFigures
    /// The learn mode's counts of `player` up to day `today` (a `CalendarDay.dayNumber`),
    /// nil when nothing was learned; nil for a game without a learn mode.
    public var learning: (@Sendable (_ store: ArcadeStore, _ player: String, _ today: Int) -> LearnStatistics?)?

    public init(modeKind: String = "Mode", modeOrder: [String] = [], unnamedMode: (name: String, title: String) = ("other", "Other"),
                measure: String = "Score", unit: String = "",
                figures: @escaping @Sendable (_ recent: [FinishedGame]) -> any GameFigures = { _ in NoFigures() },
                learning: (@Sendable (_ store: ArcadeStore, _ player: String, _ today: Int) -> LearnStatistics?)? = nil) {
        self.modeKind = modeKind
        self.modeOrder = modeOrder
        self.unnamedMode = unnamedMode
        self.measure = measure
        self.unit = unit
        self.figures = figures
        self.learning = learning
    }
}

/// A game's own figures over its last games (Set's sets per game, Blackjack's hands won...),
/// worked out by the game from the figures its screen records: the lines the statistics page
/// shows under the chart, and the object `stats --json` writes under "figures".
public protocol GameFigures: Sendable, Encodable {
    /// The lines under the chart of `shown` (one game's, or one mode's, statistics).
    func lines(for shown: GameStatistics) -> [String]
    /// True when `other` holds the same figures.
    func isSame(as other: any GameFigures) -> Bool
}

extension GameFigures where Self: Equatable {
    public func isSame(as other: any GameFigures) -> Bool { (other as? Self) == self }
}

/// The figures of a game that has none of its own: no lines, an empty object.
public struct NoFigures: GameFigures, Equatable {
    public init() {}
    public func lines(for shown: GameStatistics) -> [String] { [] }
    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: StatisticsJSON.Key.self)
    }
}

/// One game's statistics as the statistics screen and `arcade stats --json` show them:
/// games played, best and average over every game kept, the last results (oldest first),
/// and the game's own figures over those last games.
///
/// A game with modes or levels has the same again for each of them (`modes`): Set's classic
/// and versus games, Memory's levels and Slots' machines are never mixed there. The game's
/// own figures are those its menu shows the best of (`GameInfo.listMode`: Set's classic
/// games; every game of the others, whose bests name their level or machine).
public struct GameStatistics: Equatable, Sendable {
    /// One result of the chart: a score and when the game finished ("2026-12-01 15:30").
    public struct Result: Equatable, Sendable {
        public var score: Int
        public var finishedAt: String

        public init(score: Int, finishedAt: String) {
            self.score = score
            self.finishedAt = finishedAt
        }
    }

    /// What the page calls the game's parts, from its `StatisticsShape`.
    public struct Labels: Equatable, Sendable {
        public var title: String
        public var modeKind: String
        public var unnamedMode: String
        public var unnamedModeTitle: String
        public var measure: String
        public var unit: String
        /// True for a game with a learn mode (its JSON always has "learning", null before any).
        public var hasLearning: Bool

        init(_ info: GameInfo) {
            title = info.title
            modeKind = info.statistics.modeKind
            (unnamedMode, unnamedModeTitle) = info.statistics.unnamedMode
            measure = info.statistics.measure
            unit = info.statistics.unit
            hasLearning = info.statistics.learning != nil
        }
    }

    public var game: GameID
    public var labels: Labels
    /// Which games these are: the mode or level kept with them (nil: those kept without one,
    /// Set's classic games), or `every` for all of the game's together.
    public var mode: ModeFilter
    /// Each mode's statistics, in the game's order of modes (empty for a game played in one
    /// mode only, or not at all).
    public var modes: [GameStatistics] = []
    public var played: Int
    public var best: Int?
    public var average: Double?
    /// The last `ArcadeStore.recentLimit` results, oldest first.
    public var recent: [Result]
    public var figures: any GameFigures
    /// The learn mode's last 30 days and each deck (nil for a game without one, and when
    /// nothing was ever learned).
    public var learning: LearnStatistics?

    /// The statistics of `info`'s game (of `mode`) from its `history`.
    public init(_ info: GameInfo, mode: ModeFilter = .every, history: GameHistory? = nil) {
        game = info.id
        labels = Labels(info)
        self.mode = mode
        played = history?.played ?? 0
        best = history?.best
        average = history?.average
        recent = history?.recent.map { Result(score: $0.score, finishedAt: $0.finishedAt) } ?? []
        figures = info.statistics.figures(history?.recent ?? [])
    }

    /// The statistics of a game nobody has played yet.
    public static func empty(_ info: GameInfo) -> GameStatistics { GameStatistics(info) }

    public static func == (left: GameStatistics, right: GameStatistics) -> Bool {
        left.game == right.game && left.labels == right.labels && left.mode == right.mode && left.modes == right.modes
            && left.played == right.played && left.best == right.best && left.average == right.average
            && left.recent == right.recent && left.figures.isSame(as: right.figures) && left.learning == right.learning
    }

    /// The game's title on its tab: "Set".
    public var title: String { labels.title }

    /// The mode's name, as `stats --json` labels it: "all", "classic", "versus hard", "Easy",
    /// "3-digit" ("other" for results kept without one in a game whose results have one).
    public var modeName: String {
        switch mode {
        case .every: return "all"
        case .only(nil): return labels.unnamedMode
        case .only(let name?): return name
        }
    }

    /// The mode's name as the page shows it: "Classic", "Versus hard", "Easy", "3-digit".
    public var modeTitle: String {
        switch mode {
        case .every: return "All"
        case .only(nil): return labels.unnamedModeTitle
        case .only(let name?): return name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    /// `modes` in the game's order: results without a mode first (Set's classic games), then
    /// the modes `order` names (Set's levels of the computer, Memory's levels from easy to
    /// hard), then the rest by name.
    static func ordered(_ modes: [String?], by order: [String]) -> [String?] {
        func rank(_ mode: String?) -> (Int, Int, String) {
            guard let mode else { return (0, 0, "") }
            return order.firstIndex(of: mode).map { (1, $0, mode) } ?? (2, 0, mode)
        }
        return Array(Set(modes)).sorted { rank($0) < rank($1) }
    }
}

extension GameStatistics {
    /// Every game's statistics from `store` (each game ranked as `games` says); a game the
    /// store cannot read shows as not played. Nil store: nothing played yet. With a `player`
    /// and `today` (a `CalendarDay.dayNumber`), the learn mode's counts are read too.
    static func all(from store: ArcadeStore?, games: [GameInfo], player: String? = nil,
                    today: Int? = nil) throws(StoreError) -> [GameStatistics] {
        try games.map { info throws(StoreError) in
            guard let store else { return .empty(info) }
            let name = info.id.rawValue, higher = info.scoreOrder == .higherIsBetter
            let top: ModeFilter = info.listMode == .only(nil) ? .only(nil) : .every
            var statistics = GameStatistics(info, mode: top, history: try store.history(
                of: name, mode: top, higherIsBetter: higher))
            // Each mode on its own; Set's classic games always among them (the game's default).
            var modes = try store.modes(of: name)
            if top == .only(nil) { modes.append(nil) }
            if modes.contains(where: { $0 != nil }) || top == .only(nil) {
                statistics.modes = try ordered(modes, by: info.statistics.modeOrder).map { mode throws(StoreError) in
                    GameStatistics(info, mode: .only(mode),
                                   history: try store.history(of: name, mode: .only(mode), higherIsBetter: higher))
                }
            }
            if let learning = info.statistics.learning, let player, let today {
                statistics.learning = learning(store, player, today)
            }
            return statistics
        }
    }
}

/// Reading the figures games record: times as "m:ss" or seconds kept by the store.
enum StoredFigures {
    /// "m:ss" (or "h:mm:ss") as seconds; nil for anything else.
    static func seconds(_ text: String) -> Double? { wholeSeconds(text).map(Double.init) }

    /// "m:ss" (or "h:mm:ss") as whole seconds; nil for anything else, or for more seconds
    /// than an `Int` holds.
    static func wholeSeconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var total = 0
        for (index, part) in parts.enumerated() {
            guard let value = Int(part), value >= 0, index == 0 || (part.count == 2 && value < 60) else { return nil }
            let (minutes, over) = total.multipliedReportingOverflow(by: 60)
            let (sum, overAgain) = minutes.addingReportingOverflow(value)
            guard !over, !overAgain else { return nil }
            total = sum
        }
        return total
    }

    /// A duration the store kept, when it is a time at all: finite and not below zero.
    static func seconds(_ duration: Double?) -> Double? {
        duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// A duration the store kept as whole seconds (rounded down); nil when it is not a time
    /// or more seconds than an `Int` holds.
    static func wholeSeconds(_ duration: Double?) -> Int? {
        seconds(duration).flatMap { $0 < 0x1p63 ? Int($0.rounded(.down)) : nil }
    }
}

extension Array<Int> {
    /// The sum, held at `Int.max` (or `Int.min`) instead of overflowing: figures from an
    /// edited store may be any number.
    var total: Int {
        reduce(0) { sum, value in
            let (result, overflow) = sum.addingReportingOverflow(value)
            return overflow ? (value > 0 ? .max : .min) : result
        }
    }
}

/// What Temples' learn mode shows on the statistics page: the reviews of each of the last
/// `LearnStatistics.days` days, and how each deck stands.
public struct LearnStatistics: Equatable, Sendable {
    /// One deck: its key ("built-in", "folder:/path") and its cards answered so far.
    public struct Deck: Equatable, Sendable {
        public var key: String
        public var cards: Int
        public var due: Int
        public var learning: Int
        public var known: Int
        public var leeches: Int

        /// "Built-in deck", or the folder: "Deck /home/ann/photos".
        public var title: String {
            key.hasPrefix("folder:") ? "Deck " + key.dropFirst("folder:".count) : "Built-in deck"
        }
    }

    /// How many days the chart covers.
    public static let days = 30

    /// Reviews and right answers of every deck on each day, oldest first, today last.
    public var perDay: [Tally]
    /// The day the last of `perDay` is (`CalendarDay.dayNumber`).
    public var today: Int
    public var decks: [Deck]

    /// From the store's counts: each deck's (`ArcadeStore.learnDecks`) and every deck's
    /// reviews by day (`ArcadeStore.reviewTotals`). Nil when nothing was ever learned.
    init?(decks counted: [LearnDeckCounts], days: [Int: Tally], today: Int) {
        self.today = today
        perDay = (0..<Self.days).map { offset in days[today - (Self.days - 1) + offset] ?? Tally() }
        // The built-in deck first, then the folders by path.
        let builtIn = LearningRecord.builtInKey
        decks = counted.filter { $0.cards > 0 }
            .sorted { left, right in
                left.deck == builtIn ? right.deck != builtIn : right.deck == builtIn ? false : left.deck < right.deck
            }
            .map { Deck(key: $0.deck, cards: $0.cards, due: $0.due, learning: $0.learning, known: $0.known,
                        leeches: $0.leeches) }
        guard !decks.isEmpty || perDay.contains(where: { $0.total > 0 }) else { return nil }
    }

    /// Reviews over the days, and the share right (nil with none).
    public var reviews: Int { perDay.map(\.total).total }
    public var accuracy: Int? {
        let right = perDay.map(\.right).total
        return reviews == 0 ? nil : Int((Double(right) * 100 / Double(reviews)).rounded())
    }
}
