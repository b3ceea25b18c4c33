import ArcadeCore
import ArcadeRecords
import ArcadeUI
import BlackjackModel
import SetModel

/// A game's name as the command line, the store and saved games know it ("set"). The
/// games themselves, their titles and menu numbers, are the catalog's (`GameCatalog`).
public struct GameID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// What a game needs to start: its seed, its options, its recorded scores and where its
/// assets are (never the frame: that reaches the screen with every input).
public struct GameContext: Sendable {
    /// The seed every random choice of the game comes from (`--seed N`, or a random one).
    public var seed: UInt64
    /// The game's own options, e.g. `["--deck": "DIR"]`.
    public var options: [String: String]
    /// The game's recorded scores, best first (for a high-score table); newer ones arrive as
    /// `RuntimeReport.scoresRecorded`.
    public var scores: [ScoreEntry]
    /// The best score kept of each of the game's modes (`ScoreFigures.mode`; "" for results
    /// kept without one), whether or not it made the list: a mode's new best is judged
    /// against it. Results of this run come as `GameEffect.recordScore` and
    /// `RuntimeReport.scoresRecorded`.
    public var bests: [String: Int]
    /// Where pictures and sounds are looked for.
    public var assets: AssetLocator
    /// The settings the player chose, as kept (`GameEffect.remember`), e.g. `"set.cardStyle"`.
    public var settings: [String: String]
    /// The game's daily results kept so far, by day (`CalendarDay.text`).
    public var daily: [String: DailyOutcome]
    /// The game's tallies of decisions kept so far, by kind (`GameEffect.tally`).
    public var tallies: [String: Tally]
    /// What the learn mode has kept (`GameEffect.learned`): the store's count of the built-in
    /// deck's cards due, the cards of the decks read this run (`DeckReport`), this run's reviews.
    public var learning: LearningRecord
    /// The day it is where the player is, for a daily puzzle.
    public var today: CalendarDay

    public init(seed: UInt64, options: [String: String] = [:],
                scores: [ScoreEntry] = [], bests: [String: Int] = [:], assets: AssetLocator = AssetLocator(roots: []),
                settings: [String: String] = [:], daily: [String: DailyOutcome] = [:],
                tallies: [String: Tally] = [:], learning: LearningRecord = LearningRecord(),
                today: CalendarDay = CalendarDay(year: 2026, month: 1, day: 1)) {
        self.seed = seed
        self.options = options
        self.scores = scores
        self.bests = bests
        self.assets = assets
        self.settings = settings
        self.daily = daily
        self.tallies = tallies
        self.learning = learning
        self.today = today
    }
}

/// A day of the calendar, as a daily puzzle is named by it.
public struct CalendarDay: Hashable, Sendable, Codable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// "2026-12-01", as the store keeps it and the share line shows it.
    public var text: String {
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

    /// The first year a day may have: a daily puzzle is of the arcade's time, and its name
    /// always has four digits.
    public static let firstYear = 1900

    /// The day `text` names ("2026-12-01"), nil for anything else, a day that does not exist,
    /// or one before `firstYear`.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year >= Self.firstYear, (1...12).contains(month), day >= 1,
              day <= CalendarDay.days(inMonth: month, of: year) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// How many days `month` of `year` has (Gregorian).
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A daily puzzle's result: seconds from the first selection to the last find, the wrong
/// tries and how many of its sets were found.
public struct DailyOutcome: Equatable, Sendable, Codable {
    public var seconds: Double
    public var misses: Int
    public var found: Int

    public init(seconds: Double, misses: Int, found: Int) {
        self.seconds = seconds
        self.misses = misses
        self.found = found
    }
}

/// A game option such as `temples --deck DIR`.
public struct GameOption: Sendable {
    public var name: String
    /// The value's name in usage text (`DIR`); empty for a switch such as `--daily`.
    public var valueName: String
    public var summary: String
    /// The values it accepts (empty: any).
    public var choices: [String]
    /// Whether a value is one it takes (nil: any), and what it takes, in words for the error.
    public var accepts: (@Sendable (String) -> Bool)?
    public var requirement: String
    /// Options of the same game it cannot be given with (`--daily` and `--versus`).
    public var excludes: [String]
    /// Options of the same game it needs one of (`--code` needs `--host` or `--join`).
    public var needsOneOf: [String]

    public init(name: String, valueName: String = "", summary: String, choices: [String] = [],
                accepts: (@Sendable (String) -> Bool)? = nil, requirement: String = "", excludes: [String] = [],
                needsOneOf: [String] = []) {
        self.excludes = excludes
        self.needsOneOf = needsOneOf
        self.name = name
        self.valueName = valueName
        self.summary = summary
        self.choices = choices
        self.accepts = accepts
        self.requirement = requirement
    }

    /// A switch, given without a value (kept as `""` in `ArcadeOptions.gameOptions`).
    public var isFlag: Bool { valueName.isEmpty }
}

/// How a game with modes (Set's classic, daily and versus games; Temples' decks and learn
/// mode; Blackjack's tables) keeps them apart: a saved game is kept per mode, and a mode asked
/// for on the command line opens that mode, never another mode's saved game.
///
/// A mode is named by a short text the store keeps beside the save ("daily", "versus hard").
public struct GameModes: Sendable {
    /// The mode the options of `context` ask for (`--daily`); nil when they ask for none, as
    /// on the menu: then the latest saved game of any mode is offered.
    public var requested: @Sendable (GameContext) -> String?
    /// The options that open a new game of a mode (nil: the options the game was opened with).
    /// The mode of a game on screen is its own `GameScreen.saveMode()`.
    public var options: @Sendable (String) -> [String: String]?

    public init(requested: @escaping @Sendable (GameContext) -> String?,
                options: @escaping @Sendable (String) -> [String: String]? = { _ in nil }) {
        self.requested = requested
        self.options = options
    }
}

/// One game on the menu: how to describe it, start it and rank its scores.
public struct GameInfo: Sendable {
    public var id: GameID
    /// The name shown on the menu, on the statistics page's tab and in the game's messages.
    public var title: String
    public var summary: String
    /// The description in a few words, for a menu row with no room for `summary`.
    public var shortSummary: String
    public var scoreOrder: ScoreOrder
    /// The games its high-score list (and so the menu's best) ranks: Set's classic games,
    /// never mixed with those against the computer.
    public var listMode: ModeFilter
    /// Its modes, for a game that has several (nil: one saved game, whatever it holds).
    public var modes: GameModes?
    public var options: [GameOption]
    /// Start a new screen for this game.
    public var make: @Sendable (GameContext) -> any GameScreen
    /// The screen a saved game's state (`GameSave.state`) describes, or nil when it does not
    /// decode (a save of an older format); nil for a game that keeps nothing.
    public var resume: (@Sendable (_ state: String, GameContext) -> (any GameScreen)?)?
    /// How the menu shows the best entry, e.g. "best 412".
    public var describeBest: @Sendable (ScoreEntry) -> String
    /// A few words for the game's menu row from what is kept ("3 due"), or nil.
    public var menuNote: (@Sendable (GameContext) -> String?)?
    /// How the statistics page and `stats --json` show it.
    public var statistics: StatisticsShape
    /// Its rows on the settings page, after the arcade's own.
    public var settings: [GameSetting]

    /// A game titled `title` (by default its name with a capital: "Set").
    public init(id: GameID, title: String? = nil, summary: String, shortSummary: String? = nil, scoreOrder: ScoreOrder = .higherIsBetter,
                listMode: ModeFilter = .every, options: [GameOption] = [], modes: GameModes? = nil,
                make: @escaping @Sendable (GameContext) -> any GameScreen,
                resume: (@Sendable (_ state: String, GameContext) -> (any GameScreen)?)? = nil,
                describeBest: @escaping @Sendable (ScoreEntry) -> String = { "best \($0.score)" },
                menuNote: (@Sendable (GameContext) -> String?)? = nil, statistics: StatisticsShape = StatisticsShape(),
                settings: [GameSetting] = []) {
        self.id = id
        self.title = title ?? id.rawValue.prefix(1).uppercased() + id.rawValue.dropFirst()
        self.summary = summary
        self.shortSummary = shortSummary ?? summary
        self.listMode = listMode
        self.modes = modes
        self.scoreOrder = scoreOrder
        self.options = options
        self.make = make
        self.resume = resume
        self.describeBest = describeBest
        self.menuNote = menuNote
        self.statistics = statistics
        self.settings = settings
    }
}

/// The games that have landed, in menu order. Games are added here as they arrive.
public enum GameCatalog {
    public static let games: [GameInfo] = [
        GameInfo(
            id: .set, title: "Set", summary: "Find sets of three among the cards on the table", shortSummary: "Find sets of three",
            listMode: .only(nil),
            options: [
                GameOption(name: "--daily", summary: "today's puzzle: 12 cards holding exactly 6 sets",
                           excludes: ["--versus", "--level"]),
                GameOption(name: "--date", valueName: "YYYY-MM-DD", summary: "the daily puzzle of another day",
                           accepts: { CalendarDay(text: $0) != nil }, requirement: "a day from \(CalendarDay.firstYear)-01-01 on, as YYYY-MM-DD",
                           excludes: ["--versus", "--level"]),
                GameOption(name: "--versus", summary: "race the computer for the sets"),
                GameOption(name: "--level", valueName: "LEVEL", summary: "the computer's level: easy, normal (the default), hard",
                           choices: OpponentLevel.allCases.map(\.rawValue)),
            ] + FriendsSetup.options,
            modes: GameModes(
                requested: { context in
                    // `--date` asks for a daily puzzle and `--level` for the computer, each on its own too.
                    let options = context.options
                    if options["--host"] != nil || options["--join"] != nil { return SetMode.friends.saveName }
                    if options["--daily"] != nil || options["--date"] != nil { return SetMode.daily.saveName }
                    guard options["--versus"] != nil || options["--level"] != nil else { return nil }
                    return SetMode.versus(options["--level"].flatMap(OpponentLevel.init(rawValue:)) ?? .normal).saveName
                },
                options: { name in SetMode.named(name)?.options }),
            make: { context in SetScreen(context: context) },
            resume: { state, context in
                SetScreen(restoring: state, context: context, cardStyle: SetCardStyle(remembered: context.settings))
            },
            // The list is the classic game's (`listMode`).
            describeBest: { entry in "best \(entry.score)" },
            statistics: SetStatisticsFigures.shape, settings: [SetCardStyle.settingRow]),
        GameInfo(
            id: .memory, title: "Memory", summary: MemoryScreen.summary, shortSummary: "Find the pairs in time",
            make: { context in MemoryScreen(context: context) },
            resume: { state, context in MemoryScreen(restoring: state, context: context) },
            describeBest: MemoryScreen.describeBest,
            statistics: MemoryStatisticsFigures.shape, settings: [MemoryScreen.flipBackRow]),
        GameInfo(
            id: .slots, title: "Slots", summary: "A 3-digit and a 5-digit slot machine", shortSummary: "Two slot machines",
            make: { context in SlotsScreen(seed: context.seed, settings: context.settings) },
            resume: { state, context in SlotsScreen(restoring: state, context: context) },
            describeBest: { entry in
                "best \(entry.score)" + (SlotsFigures(stored: entry.figures).map { " (\($0.machine))" } ?? "")
            },
            statistics: SlotsStatisticsFigures.shape),
        GameInfo(
            id: .temples, title: "Temples", summary: "Temple pictures: match, study or learn them", shortSummary: "Temple pictures",
            options: [GameOption(name: "--deck", valueName: "DIR", summary: "flashcards from the PNG files in DIR"),
                      GameOption(name: "--learn", summary: "open in learn mode: the cards due today, one at a time")],
            // A saved game is a match on its deck; learn mode keeps every answer as it is given.
            modes: GameModes(
                requested: { context in
                    if context.options["--learn"] != nil { return "learn" }
                    return context.options["--deck"].map { DeckSource.folder($0).saveName }
                },
                options: { name in name.hasPrefix("deck ") ? ["--deck": String(name.dropFirst("deck ".count))] : [:] }),
            make: { context in TempleScreen(context: context) },
            resume: { state, context in TempleScreen(restoring: state, context: context) },
            describeBest: TempleFigures.describeBest,
            menuNote: TempleScreen.menuNote,
            statistics: TempleStatisticsFigures.shape),
        GameInfo(
            id: .blackjack, title: "Blackjack", summary: "Beat the dealer in five hands, with bets", shortSummary: "Beat the dealer",
            options: [
                GameOption(name: "--decks", valueName: "N", summary: "decks in the shoe: 1, 2, 6 (the default), 8",
                           choices: TableRules.deckChoices.map(String.init)),
                GameOption(name: "--h17", summary: "the dealer hits a soft 17"),
                GameOption(name: "--three-to-two", summary: "naturals pay 3:2 (not even money)"),
                GameOption(name: "--no-surrender", summary: "no late surrender"),
                GameOption(name: "--drill", summary: "open on the coach's drill: the hands you get wrong most, no money"),
                GameOption(name: "--rules", summary: "open on the house rules page (Settings shows them too)",
                           excludes: ["--drill"]),
            ],
            // A table's rules are its mode: a game at other rules than those asked for is kept
            // for later. The drill keeps nothing: it opens beside a saved game.
            modes: GameModes(
                requested: { context in
                    if context.options["--drill"] != nil { return "drill" }
                    guard BlackjackScreen.ruleOptions.contains(where: { context.options[$0] != nil }) else { return nil }
                    return BlackjackScreen.rules(options: context.options, settings: context.settings).summary
                }),
            make: { context in
                // The flags override the remembered rules (o) for this run only.
                var screen = BlackjackScreen(seed: context.seed, scores: context.scores, settings: context.settings,
                                             tallies: context.tallies,
                                             rules: BlackjackScreen.rules(options: context.options, settings: context.settings))
                if context.options["--drill"] != nil { screen.openDrill() }
                if context.options["--rules"] != nil { screen.page = .rules }
                return screen
            },
            resume: { state, context in
                var screen = BlackjackScreen(restoring: state, context: context)
                if context.options["--rules"] != nil { screen?.page = .rules }
                return screen
            },
            statistics: BlackjackStatisticsFigures.shape, settings: [BlackjackScreen.houseRulesRow]),
    ]
}

extension [GameInfo] {
    /// The entry of game `id`.
    func entry(_ id: GameID) -> GameInfo? { first { $0.id == id } }

    /// Game `id`'s title ("Set"), or its name for a game this arcade does not know.
    func title(of id: GameID) -> String { entry(id)?.title ?? id.rawValue }

    /// Game `id`'s menu number and digit key (1 for the first).
    func number(of id: GameID) -> Int? { firstIndex { $0.id == id }.map { $0 + 1 } }
}

extension GameID {
    public static let set = GameID(rawValue: "set")
    public static let memory = GameID(rawValue: "memory")
    public static let slots = GameID(rawValue: "slots")
    public static let temples = GameID(rawValue: "temples")
    public static let blackjack = GameID(rawValue: "blackjack")
}

extension SetMode {
    /// The mode's name beside its saved game: "classic", "daily", "versus hard".
    var saveName: String {
        switch self {
        case .classic: return "classic"
        case .daily: return "daily"
        case .versus(let level): return "versus \(level.rawValue)"
        case .friends: return "friends"
        }
    }

    /// The mode `saveName` names.
    static func named(_ name: String) -> SetMode? {
        choices.first { $0.saveName == name }
    }

    /// The options that open a new game of the mode.
    var options: [String: String] {
        switch self {
        case .classic: return [:]
        case .daily: return ["--daily": ""]
        case .versus(let level): return ["--versus": "", "--level": level.rawValue]
        case .friends: return [:]  // a table is hosted or joined anew, never kept
        }
    }
}

extension DeckSource {
    /// The deck's name beside a saved game: "built-in", or "deck " and the folder.
    var saveName: String {
        switch self {
        case .builtIn: return "built-in"
        case .folder(let path): return "deck " + path
        }
    }
}

extension BlackjackScreen {
    /// The options that choose a table's rules (over the remembered ones).
    static let ruleOptions = ["--decks", "--h17", "--three-to-two", "--no-surrender"]
}
