import ArcadeStore
import SetModel

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

    public var game: GameID
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
    public var figures: Figures
    /// Temples' learn mode: the last 30 days and each deck (nil for the other games, and
    /// when nothing was ever learned).
    public var learning: LearnStatistics?

    public init(game: GameID, mode: ModeFilter = .every, played: Int = 0, best: Int? = nil, average: Double? = nil,
                recent: [Result] = [], figures: Figures? = nil) {
        self.game = game
        self.mode = mode
        self.played = played
        self.best = best
        self.average = average
        self.recent = recent
        self.figures = figures ?? Figures.empty(for: game)
    }

    /// The statistics of a game nobody has played yet.
    public static func empty(_ game: GameID) -> GameStatistics { GameStatistics(game: game) }

    /// The mode's name, as `stats --json` labels it: "all", "classic", "versus hard", "Easy",
    /// "3-digit" ("other" for results kept without one in a game whose results have one).
    public var modeName: String {
        switch mode {
        case .every: return "all"
        case .only(nil): return game == .set ? "classic" : "other"
        case .only(let name?): return name
        }
    }

    /// The mode's name as the page shows it: "Classic", "Versus hard", "Easy", "3-digit".
    public var modeTitle: String {
        switch mode {
        case .every: return "All"
        case .only(nil): return game == .set ? "Classic" : "Other"
        case .only(let name?): return name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    /// What a game's modes are called on its tab: "Mode", "Level", "Machine".
    static func modeKind(_ game: GameID) -> String {
        switch game {
        case .memory: return "Level"
        case .slots: return "Machine"
        default: return "Mode"
        }
    }

    /// `modes` in the game's order: results without a mode first (Set's classic games), then
    /// Set's levels of the computer and Memory's levels from easy to hard, then the rest by name.
    static func ordered(_ modes: [String?], of game: GameID) -> [String?] {
        let known = OpponentLevel.allCases.map { "versus \($0.rawValue)" } + MemoryLevel.all.map(\.name)
        func rank(_ mode: String?) -> (Int, Int, String) {
            guard let mode else { return (0, 0, "") }
            return known.firstIndex(of: mode).map { (1, $0, mode) } ?? (2, 0, mode)
        }
        return Array(Set(modes)).sorted { rank($0) < rank($1) }
    }

    /// Each game's own figures, read from the figures its screen records (`SetFigures`,
    /// `MemoryFigures`, `SlotsFigures`, `TempleFigures`, `BlackjackFigures`): here and
    /// nowhere else are the stored strings turned into statistics.
    public enum Figures: Equatable, Sendable {
        /// A Memory level's best time.
        public struct LevelTime: Equatable, Sendable {
            public var level: String
            public var seconds: Int
        }

        /// A slot machine's spins and its best score (the highest it reached).
        public struct Machine: Equatable, Sendable {
            public var machine: String
            public var spins: Int
            public var bestScore: Int
        }

        /// Sets found per game and seconds per set (over the games with a time).
        case set(setsPerGame: Double?, secondsPerSet: Double?)
        /// The best time of a won game, in seconds, per level (in level order).
        case memory(bestTimes: [LevelTime])
        /// Spins and the best score, per machine.
        case slots(machines: [Machine])
        /// The accuracy of each game (its score), oldest first, and the hits and misses.
        case temples(accuracy: [Int], correct: Int, incorrect: Int)
        /// Hands won, pushed and lost, and the score of each game, oldest first.
        case blackjack(won: Int, pushed: Int, lost: Int, scores: [Int])

        static func empty(for game: GameID) -> Figures {
            switch game {
            case .set: return .set(setsPerGame: nil, secondsPerSet: nil)
            case .memory: return .memory(bestTimes: [])
            case .slots: return .slots(machines: [])
            case .temples: return .temples(accuracy: [], correct: 0, incorrect: 0)
            case .blackjack: return .blackjack(won: 0, pushed: 0, lost: 0, scores: [])
            }
        }
    }
}

extension GameStatistics {
    /// The statistics of `game` (of `mode`) from its `history`.
    public init(_ game: GameID, mode: ModeFilter = .every, history: GameHistory) {
        self.init(game: game, mode: mode, played: history.played, best: history.best, average: history.average,
                  recent: history.recent.map { Result(score: $0.score, finishedAt: $0.finishedAt) },
                  figures: Figures(game, recent: history.recent))
    }

    /// Every game's statistics from `store` (each game ranked as `games` says); a game the
    /// store cannot read shows as not played. Nil store: nothing played yet. With a `player`
    /// and `today` (a `CalendarDay.dayNumber`), Temples' learning is read too.
    static func all(from store: ArcadeStore?, games: [GameInfo], player: String? = nil,
                    today: Int? = nil) throws(StoreError) -> [GameStatistics] {
        try games.map { info throws(StoreError) in
            guard let store else { return .empty(info.id) }
            let name = info.id.rawValue, higher = info.scoreOrder == .higherIsBetter
            let top: ModeFilter = info.listMode == .only(nil) ? .only(nil) : .every
            var statistics = GameStatistics(info.id, mode: top, history: try store.history(
                of: name, mode: top, higherIsBetter: higher))
            // Each mode on its own; Set's classic games always among them (the game's default).
            var modes = try store.modes(of: name)
            if top == .only(nil) { modes.append(nil) }
            if modes.contains(where: { $0 != nil }) || top == .only(nil) {
                statistics.modes = try ordered(modes, of: info.id).map { mode throws(StoreError) in
                    GameStatistics(info.id, mode: .only(mode),
                                   history: try store.history(of: name, mode: .only(mode), higherIsBetter: higher))
                }
            }
            // A store read only, of a version before learn mode, has no learning to show.
            // Counted by SQLite, deck by deck and day by day: no card is read into the arcade.
            if info.id == .temples, let player, let today,
               let decks = try? store.learnDecks(player: player, on: today, scale: LearningRecord.scale),
               let days = try? store.reviewTotals(player: player, from: today - (LearnStatistics.days - 1)) {
                statistics.learning = LearnStatistics(decks: decks, days: days, today: today)
            }
            return statistics
        }
    }
}

extension GameStatistics.Figures {
    /// `game`'s figures over its `recent` games.
    init(_ game: GameID, recent: [FinishedGame]) {
        switch game {
        case .set:
            // Counted in Doubles, which never overflow (and are exact for any sensible count).
            let sets = recent.compactMap { SetFigures(stored: $0.figures)?.sets }
            var timedSets = 0.0, seconds = 0.0
            for entry in recent {
                let figures = SetFigures(stored: entry.figures)
                guard let found = figures?.sets, found > 0,
                      let time = Self.seconds(entry.duration) ?? figures.flatMap({ Self.seconds($0.time) }) else { continue }
                timedSets += Double(found)
                seconds += time
            }
            self = .set(setsPerGame: sets.isEmpty ? nil : sets.map(Double.init).reduce(0, +) / Double(sets.count),
                        secondsPerSet: timedSets > 0 ? seconds / timedSets : nil)
        case .memory:
            var best: [String: Int] = [:]
            for entry in recent {
                let figures = MemoryFigures(stored: entry.figures)
                guard figures.won == true, let level = entry.mode ?? figures.level,
                      let time = Self.wholeSeconds(entry.duration) ?? figures.time.flatMap(Self.wholeSeconds)
                else { continue }
                best[level] = min(best[level] ?? time, time)
            }
            let order = MemoryLevel.all.map(\.name)
            self = .memory(bestTimes: best.sorted { left, right in
                (order.firstIndex(of: left.key) ?? order.count, left.key) < (order.firstIndex(of: right.key) ?? order.count, right.key)
            }.map { LevelTime(level: $0.key, seconds: $0.value) })
        case .slots:
            var machines: [Machine] = []
            for entry in recent {
                guard let figures = SlotsFigures(stored: entry.figures) else { continue }
                if let index = machines.firstIndex(where: { $0.machine == figures.machine }) {
                    machines[index].spins = [machines[index].spins, figures.spins ?? 0].total
                    machines[index].bestScore = max(machines[index].bestScore, entry.score)
                } else {
                    machines.append(Machine(machine: figures.machine, spins: figures.spins ?? 0, bestScore: entry.score))
                }
            }
            self = .slots(machines: machines.sorted { $0.machine < $1.machine })
        case .temples:
            let figures = recent.compactMap { TempleFigures(stored: $0.figures) }
            self = .temples(accuracy: recent.map(\.score), correct: figures.map(\.correct).total,
                            incorrect: figures.map(\.incorrect).total)
        case .blackjack:
            let figures = recent.compactMap { BlackjackFigures(stored: $0.figures) }
            self = .blackjack(won: figures.compactMap(\.won).total, pushed: figures.compactMap(\.pushed).total,
                              lost: figures.compactMap(\.lost).total, scores: recent.map(\.score))
        }
    }

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
