import ArcadeCore
import ArcadeUI
import SetModel

/// The Set card, named apart from Blackjack's `Card` (both modules are imported by the app).
typealias SetCard = SetModel.Card

/// Solo Set: find sets of three among the cards on the table.
///
/// A cursor (arrows or h/j/k/l; the focused card's frame is drawn in reverse video) and
/// Space/Enter, or a click, select cards. The third selection is judged at once: a green
/// double frame and "SET!" or a red one and "Not a set". `d` deals three more, `t` marks
/// one set for 2 points (the marks stay until that set is found or the table changes),
/// `n` starts a new game, after asking when one is in progress. Cards keep their places
/// when more are dealt: the table is laid out for every card it can hold.
struct SetScreen: GameScreen {
    /// The most cards the table has room for (a screen rule, not a model rule).
    static let maximumCards = 24

    /// What the player can do on the Set table.
    enum Action: Hashable, Sendable {
        case move(Direction)
        /// Home and End: the first or last card on screen.
        case first, last
        /// Select or deselect the card under the cursor.
        case select
        /// Select or deselect the card in a place (a click).
        case selectPlace(Int)
        case deal, newGame, hint, toggleSetCount
        /// Glyphs or classic faces (`c`).
        case toggleCardStyle
        /// The game-over box's buttons.
        case playAgain, menu
        /// Open the choice of mode (`g`), or close it.
        case chooseMode, closeChooser
        /// In the choice of mode: pick mode `index` of `SetMode.choices`, or move along the row.
        case pickMode(Int), nextMode(Int)
        /// Start the mode chosen.
        case startChosen
        /// The game-over box of a daily puzzle: a classic game.
        case classicGame
    }

    var game: SetGame
    /// The place (index into `game.board`) the cursor is on.
    var cursor = GridCursor()
    /// The line under the status: what the last action did, in wordings from the fullest
    /// to the shortest (the first that fits is shown).
    var wordings = SetScreen.introduction
    /// The set a hint marked, until it is found or the table changes.
    private(set) var hinted: [SetCard] = []
    /// The table when the hint was given: any change to it takes the marks away.
    private var hintedBoard: [SetCard?] = []
    /// Whether "Sets on board: N" is shown (`s` toggles it).
    private(set) var showsSetCount = false
    // The screen's own extensions (modes, the daily puzzle) set what follows; nothing else does.

    /// Time played, counted from the first move; stands still while help is open.
    var clock = PlayClock()
    /// Which Set is on the table.
    var mode = SetMode.classic
    /// The day's puzzle, in daily mode.
    var daily: SetDailyGame?
    /// The game against the computer, in versus mode (`game` is its table).
    var versus: SetVersusGame?
    /// The day of the daily puzzle on the table (or last on it).
    var day = CalendarDay(year: 2026, month: 1, day: 1)
    /// The day the daily puzzle starts with: `--date`'s, else the day the game was opened.
    /// Never saved: a game resumed on another day opens that day's puzzle.
    var dailyDay = CalendarDay(year: 2026, month: 1, day: 1)
    /// The day it was when the game was opened.
    var today = CalendarDay(year: 2026, month: 1, day: 1)
    /// The daily results kept before this game, by day: a finished day shows its result.
    var keptDaily: [String: DailyOutcome] = [:]
    /// The choice of mode, while it is open (`g`).
    var chooser: SetModeChooser?
    /// The mode chosen, while the question whether to throw the game away is open.
    var pendingMode: SetMode?
    /// How the cards are drawn (`c` switches; the app remembers the choice, not the save).
    private(set) var cardStyle: SetCardStyle
    /// The recorded scores, best first, as the arcade opened the game and as each record
    /// comes back (`RuntimeReport.scoresRecorded`): a finished game is a new best against them.
    private(set) var scores: [ScoreEntry] = []
    /// Whether the game just finished beat every classic score recorded before it.
    private(set) var isNewBest = false

    init(seed: UInt64, cardStyle: SetCardStyle = .glyphs) {
        game = SetGame(seed: seed)
        self.cardStyle = cardStyle
    }

    /// A game as the arcade opens it: classic, or the mode the options name (`--daily`,
    /// with `--date` for another day than today).
    init(context: GameContext) {
        self.init(seed: context.seed, cardStyle: SetCardStyle(remembered: context.settings))
        today = context.today
        dailyDay = context.options["--date"].flatMap(CalendarDay.init(text:)) ?? context.today
        day = dailyDay
        keptDaily = context.daily
        scores = context.scores
        // `--date` asks for a daily puzzle and `--level` for the computer, each on its own too.
        if context.options["--daily"] != nil || context.options["--date"] != nil {
            startDaily()
        } else if context.options["--versus"] != nil || context.options["--level"] != nil {
            startVersus(context.options["--level"].flatMap(OpponentLevel.init(rawValue:)) ?? .normal)
        }
    }

    /// What the line under the status says, in full.
    var message: String { wordings.first ?? "" }

    // MARK: - Saving

    /// What a game left in progress keeps: everything the table shows and everything that
    /// decides what comes next (the game holds the deck still to deal, in order, and the seed
    /// the next game is drawn from). Set has no animation or timed change to settle.
    private struct Saved: Codable {
        var game: SetGame
        var cursor: Int
        var wordings: [String]
        var hinted: [SetCard]
        var hintedBoard: [SetCard?]
        var showsSetCount: Bool
        /// Only the time played: time away from the game is never counted.
        var clock: PlayClock
        /// The mode (nil in a save from before modes: classic), and a daily puzzle's game and day.
        var mode: SetMode?
        var daily: SetDailyGame?
        var day: CalendarDay?
        /// The game against the computer (its table is `game`).
        var versus: SetVersusGame?
    }

    /// The version of `Saved`; a change to it raises this, and older saves read as nil.
    private static let savedVersion = 1

    /// The table as the player left it, while a game is in progress ("score 12" for the offer).
    func savedState() -> GameSave? {
        guard isInProgress else { return nil }
        let saved = Saved(game: game, cursor: cursor.index, wordings: wordings, hinted: hinted,
                          hintedBoard: hintedBoard, showsSetCount: showsSetCount, clock: clock,
                          mode: mode, daily: daily, day: day, versus: versus)
        let summary: String
        switch mode {
        case .classic: summary = "score \(game.score)"
        case .daily: summary = "daily \(day.text), \(daily?.found.count ?? 0) of \(daily?.setCount ?? 0) found"
        case .versus(let level): summary = "versus \(level.rawValue), score \(game.score) to \(versus?.computerScore ?? 0)"
        }
        return SavedState.encode(saved, version: Self.savedVersion, summary: summary)
    }

    /// The table a `savedState()` describes; nil when `state` is not one (another version,
    /// or text that does not decode to a table this screen could show).
    init?(restoring state: String, context: GameContext, cardStyle: SetCardStyle = .glyphs) {
        guard let saved = SavedState.decode(Saved.self, version: Self.savedVersion, from: state),
              saved.game.board.indices.contains(saved.cursor),
              (saved.mode == .daily) == (saved.daily != nil && saved.day != nil),
              Self.versusMatches(saved.mode, saved.versus, saved.game) else { return nil }
        self.cardStyle = cardStyle
        game = saved.game
        cursor = GridCursor(saved.cursor)
        wordings = saved.wordings
        hinted = saved.hinted
        hintedBoard = saved.hintedBoard
        showsSetCount = saved.showsSetCount
        clock = saved.clock
        mode = saved.mode ?? .classic
        daily = saved.daily
        versus = saved.versus
        today = context.today
        dailyDay = context.options["--date"].flatMap(CalendarDay.init(text:)) ?? context.today
        day = saved.mode == .daily ? saved.day ?? dailyDay : dailyDay
        keptDaily = context.daily
        scores = context.scores
        // A daily puzzle whose day was solved meanwhile (in another arcade) shows that result.
        if daily != nil, keptDaily[day.text] != nil { _ = clock.finish() }
        if let daily, !daily.cards.indices.contains(saved.cursor) { return nil }
    }

    /// A save's versus game goes with the versus mode, at its level, on the same table.
    private static func versusMatches(_ mode: SetMode?, _ versus: SetVersusGame?, _ game: SetGame) -> Bool {
        guard let versus else {
            if case .versus? = mode { return false }
            return true
        }
        return mode == .versus(versus.level) && versus.game == game
    }

    static let introduction = [
        "Find three cards where each feature is all the same or all different.",
        "A set: each feature all same or all different.",
        "Find a set of three cards.",
    ]

    // MARK: - GameScreen

    /// Room for the cards on the table at their smallest, plus status, message and buttons,
    /// in the shape nearest to the frame that needs the least room.
    func minimumSize(in frame: Frame) -> Size {
        if daily != nil { return SetDailyLayout.minimumSize(theme: frame.theme, near: frame.size) }
        return SetLayout.minimumSize(places: game.board.count, theme: frame.theme, near: frame.size)
    }
    func fits(_ frame: Frame) -> Bool {
        if daily != nil { return SetDailyLayout.fits(frame.size, theme: frame.theme) }
        return SetLayout.fits(frame.size, places: game.board.count, theme: frame.theme)
    }
    /// The clock runs while a game is on, not while the choice of mode is open over it.
    var wantsTicks: Bool { clock.isRunning && chooser == nil }
    var isTimed: Bool { wantsTicks }
    /// Once a second for the clock; four times a second against the computer, whose finds
    /// are shown for a moment.
    var tickInterval: Double { versus != nil ? 0.25 : 1 }
    var isInProgress: Bool { clock.isRunning }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        if chooser != nil { return Self.chooserBindings }
        return daily != nil ? Self.dailyBindings : versus != nil ? Self.versusBindings : Self.bindings
    }

    /// Every key of the table; none changes with the game (a key that cannot act says why).
    /// The keys that move over the cards and select them, in every mode.
    static let cardBindings: [Binding<Action>] = [
        .directions(help: "move the cursor (the card in a reverse frame)") { .move($0) },
        Binding(keys: [.home, .end], help: KeyHint("Home  End", "the first or last card")) { key in
            key == .home ? .first : .last
        },
        Binding([.space, .enter], .select, hint: "select", help: "select or deselect the card under the cursor"),
        .note("click", "select or deselect a card; press a button"),
    ]

    static let bindings = tableBindings(hints: true)
    /// Against the computer: the same keys without the hint.
    static let versusBindings = tableBindings(hints: false)

    /// The table's keys, with or without `t` for a hint.
    private static func tableBindings(hints: Bool) -> [Binding<Action>] { cardBindings + [
        Binding([.character("d")], .deal, hint: "deal 3", help: "deal 3 more cards (or replace a found set)"),
    ] + (hints ? [Binding([.character("t")], .hint, hint: "hint", help: "hint: mark one set (costs \(SetGame.hintCost))")] : []) + [
        Binding([.character("s")], .toggleSetCount, help: "show or hide how many sets are on the table"),
        Binding([.character("c")], .toggleCardStyle, hint: "cards", help: "cards as glyphs or as classic shapes"),
        Binding([.character("n")], .newGame, hint: "new", help: "new game (asks first during a game)"),
        Binding([.character("g")], .chooseMode, hint: "mode", help: "choose the mode: classic, daily puzzle or versus"),
    ] }

    var helpTitle: String {
        switch mode {
        case .classic: return "Set"
        case .daily: return "Set: daily puzzle \(day.text)"
        case .versus(let level): return "Set: versus the computer (\(level.name))"
        }
    }

    func helpNotes(in frame: Frame) -> [String] {
        let rule = "A set is three cards where number, shape, shading and colour are each all the same or all different."
        let legend = Self.legend(theme: frame.theme, style: cardStyle)
        let modes = "g chooses the mode: classic, the daily puzzle, or versus the computer (Easy, Normal, Hard)."
        switch mode {
        case .daily:
            return [
                rule + " Today's 12 cards hold exactly 6 sets: find them all. There is no deck and no hint; "
                    + "every third card is a try, and a wrong one counts as a miss.",
                legend,
                "The clock runs from your first selection. The day's first finish is kept, with a line to share; "
                    + "a new puzzle comes each day.",
                modes,
            ]
        case .versus(let level):
            return [
                rule + " +\(SetGame.setReward) for a set, −\(SetGame.mismatchPenalty) for three that are not, "
                    + "−\(SetGame.deselectPenalty) for deselecting a card, as in the solo game.",
                "The computer (\(level.name)) finds a set in about \(Int(level.meanDelay)) seconds, counted from your "
                    + "first move and then from its own last set, whatever you take meanwhile; it shows its set "
                    + "(marked CPU) for a moment, "
                    + "then takes it for +\(SetGame.setReward). It waits while you have two cards of a set selected. "
                    + "No hints. The higher score when the deck is out and no set is left wins.",
                legend,
                modes,
            ]
        case .classic:
            return [
                rule + " +\(SetGame.setReward) for a set, −\(SetGame.mismatchPenalty) "
                    + "for three that are not, −\(SetGame.deselectPenalty) for deselecting a card.",
                legend,
                "The game ends when the deck is empty and no set is left. The hint's ★ marks "
                    + "stay until that set is found or the table changes.",
                modes,
            ]
        }
    }

    /// The mode played (`SetMode.saveName`), which the saved game is kept under.
    func saveMode() -> String { mode.saveName }

    func gameOver(in frame: Frame) -> GameOver<Action>? {
        guard chooser == nil else { return nil }
        if daily != nil { return dailyGameOver(in: frame) }
        if versus != nil { return versusGameOver() }
        guard game.isOver else { return nil }
        return GameOver(
            title: "Game over",
            message: "Score \(game.score)\nSets found \(game.setsFound)\nTime \(clock.text)"
                + (isNewBest ? "\nNew best!" : ""),
            choices: [(Button("Play again (n)", hotKey: .character("n")), .playAgain),
                      (Button("Mode (g)", hotKey: .character("g")), .chooseMode),
                      (Button("Menu (m)", hotKey: .character("m")), .menu)],
            preferredWidth: 30)
    }

    func action(at point: Point, in frame: Frame) -> Action? {
        if chooser != nil { return chooserAction(at: point, in: frame) }
        if daily != nil {
            let layout = SetDailyLayout(frame: frame, style: cardStyle)
            if let place = layout.place(at: point) { return .selectPlace(place) }
            return dailyButtons.action(at: point, in: layout.buttons)
        }
        let layout = SetLayout(frame: frame, places: game.board.count, style: cardStyle)
        if let place = layout.place(at: point) { return .selectPlace(place) }
        return buttons(fitting: layout.buttons.width).action(at: point, in: layout.buttons)
    }

    /// Keep the store's list: the next game's best is read from it.
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        if case .scoresRecorded(_, let entries) = report { scores = entries }
        return []
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        guard chooser == nil else { return [] }
        clock.advance(by: seconds)
        return advanceVersus()
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        // Only moving the cursor needs the table's layout.
        var positions: [(row: Int, column: Int)?] {
            daily != nil ? SetDailyLayout(frame: frame, style: cardStyle).positions
                : SetLayout(frame: frame, places: game.board.count, style: cardStyle).positions
        }
        switch action {
        case .move(let direction):
            cursor.move(direction, positions: positions)
        case .first, .last:
            cursor.jump(toEnd: action == .last, positions: positions)
        case .select:
            return daily != nil ? selectDaily(at: cursor.index, in: frame) : select(at: cursor.index, in: frame)
        case .selectPlace(let place):
            cursor.index = place
            return daily != nil ? selectDaily(at: place, in: frame) : select(at: place, in: frame)
        case .deal:
            return deal()
        case .newGame:
            pendingMode = nil
            return isInProgress ? [.confirm(.newGame)] : newGame()
        case .hint:
            return hint()
        case .toggleSetCount:
            showsSetCount.toggle()
        case .toggleCardStyle:
            return toggleCardStyle(in: frame)
        case .playAgain:
            return newGame()
        case .menu:
            return [.leave]
        case .classicGame:
            return start(.classic)
        case .chooseMode, .closeChooser, .pickMode, .nextMode, .startChosen:
            return performChoice(action)
        }
        return []
    }

    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .newGame: return start(pendingMode ?? mode)
        }
    }

    // MARK: - Actions

    private mutating func select(at place: Int, in frame: Frame) -> [GameEffect] {
        guard !game.isOver, game.board.indices.contains(place), let card = game.board[place] else { return [] }
        if versus?.isClaimed(card) == true {
            say("The computer is taking that set.", "The computer's set.")
            return []
        }
        clock.start()
        let wasSelected = game.selectedCards.contains(card) && game.selectedCards.count < 3
        let events = selectVersus(card)
        if events == nil { game.select(card) }
        if wasSelected {
            say("Deselected (−\(SetGame.deselectPenalty)).")
        } else if let isSet = game.selectionIsSet {
            if !isSet {
                wordings = Self.notASet(game.selectedCards, faces: showsFaces(in: frame),
                                        ending: ". −\(SetGame.mismatchPenalty)")
            } else if game.canDealMore {
                say("SET! +\(SetGame.setReward)  Select any card or press d to go on.",
                    "SET! +\(SetGame.setReward)  Select a card or press d.", "SET! +\(SetGame.setReward)")
            } else {
                // The deck is out: d has nothing to deal, so only a selection goes on.
                say("SET! +\(SetGame.setReward)  Select any card to go on.", "SET! +\(SetGame.setReward)")
            }
        } else {
            say("\(game.selectedCards.count) of 3 selected.")
        }
        keepHintIfStillValid()
        guard let events else { return finishIfOver() }
        return report(events)
    }

    private mutating func deal() -> [GameEffect] {
        guard !game.isOver else { return [] }
        guard canDeal else {
            if game.canDealMore {
                say("No room for more cards: find a set.", "No room: find a set.")
            } else {
                say("The deck is empty.")
            }
            return []
        }
        clock.start()
        let replacing = game.selectionIsSet == true
        let events = dealVersus()
        if events == nil { game.dealThreeMore() }
        say(replacing ? "The set was replaced." : "Dealt 3 more cards.")
        keepHintIfStillValid()
        guard let events else { return finishIfOver() }
        return report(events)
    }

    private mutating func hint() -> [GameEffect] {
        guard !game.isOver else { return [] }
        if versus != nil {
            say("No hints against the computer.")
            return []
        }
        if !hinted.isEmpty {
            say("The hint is marked ★ on the table.", "The hint is marked ★.")
            return []
        }
        clock.start()
        if let set = game.hint() {
            hinted = set
            hintedBoard = game.board
            say("One set is marked ★ (−\(SetGame.hintCost)).", "Marked ★ (−\(SetGame.hintCost)).")
        } else {
            say("No set on the table — deal 3 more (d).", "No set: deal 3 more (d).")
        }
        return []
    }

    /// The hint's marks go once their set is found or the cards on the table change.
    mutating func keepHintIfStillValid() {
        let found = game.selectionIsSet == true && Set(game.selectedCards) == Set(hinted)
        if found || game.board != hintedBoard {
            hinted = []
            hintedBoard = []
        }
    }

    mutating func newGame() -> [GameEffect] {
        if let level = versus?.level {
            startVersus(level)
            return []
        }
        var generator = SeededGenerator(seed: game.seed)
        game = SetGame(seed: generator.next())
        cursor = GridCursor()
        hinted = []
        hintedBoard = []
        clock.reset()
        isNewBest = false
        say("New game. " + Self.introduction[0], "New game. " + Self.introduction[2], "New game.")
        return []
    }

    /// Put `wordings` (fullest first) on the message line.
    mutating func say(_ wordings: String...) {
        self.wordings = wordings
    }

    /// At the end of a game: record it once.
    mutating func finishIfOver() -> [GameEffect] {
        guard versus?.isOver ?? game.isOver, clock.finish() else { return [] }
        say("No sets left and the deck is empty: game over.", "Game over.")
        if mode == .classic {
            // Classic scores only: a game against the computer keeps the computer's score too.
            let best = scores.filter { SetFigures(stored: $0.figures)?.computer == nil }.map(\.score).max()
            isNewBest = best.map { game.score > $0 } ?? (game.score > 0)
        }
        var figures = SetFigures(sets: game.setsFound, time: clock.text, duration: clock.elapsed)
        figures.mode = mode.scoreMode
        figures.computer = versus?.computerScore
        return [.record(game.score, figures)]
    }

    /// `c`: the other card style, remembered; said when it cannot show here (ASCII draws
    /// letters whatever the style, and is not a choice to remember).
    private mutating func toggleCardStyle(in frame: Frame) -> [GameEffect] {
        guard !frame.theme.ascii else {
            say("Classic faces need Unicode: in ASCII the cards keep their letters.", "ASCII: cards keep their letters.")
            return []
        }
        cardStyle = cardStyle.toggled
        if cardStyle == .classic && !showsFaces(in: frame) {
            say("Classic faces: no room for them with this many cards here; glyphs until there is.",
                "Faces need more room; glyphs for now.")
        } else {
            say(cardStyle == .classic ? "Classic card faces." : "Glyph cards.")
        }
        return [.remember(setting: SetCardStyle.setting, value: cardStyle.rawValue)]
    }

    /// Whether the table in `frame` shows the classic faces (the shapes are named after them).
    func showsFaces(in frame: Frame) -> Bool {
        daily != nil ? SetDailyLayout(frame: frame, style: cardStyle).showsFaces(cardStyle, theme: frame.theme)
            : SetLayout(frame: frame, places: game.board.count, style: cardStyle).showsFaces
    }

    /// Take the hint's marks away.
    mutating func clearHint() {
        hinted = []
        hintedBoard = []
    }

    /// Deal 3 More is possible: cards in the deck, and room on the table (or a set to replace).
    var canDeal: Bool {
        game.canDealMore && (game.board.count < Self.maximumCards || game.selectionIsSet == true)
    }

}

/// What a Set score is kept with: the sets found and the time played (m:ss).
struct SetFigures: ScoreFigures, Equatable {
    var sets: Int
    var time: String
    /// The seconds played, kept beside the score (not among the figures).
    var duration: Double?
    /// The mode played ("versus normal"; nil for the classic game), kept beside the score.
    var mode: String?
    /// The computer's score, in a game against it.
    var computer: Int?

    var stored: [String: String] {
        var figures = ["sets": String(sets), "time": time]
        if let computer { figures["computer"] = String(computer) }
        return figures
    }

    init(sets: Int, time: String, duration: Double? = nil) {
        self.sets = sets
        self.time = time
        self.duration = duration
    }

    init?(stored: [String: String]) {
        guard let sets = stored["sets"].flatMap({ Int($0) }), let time = stored["time"] else { return nil }
        self.init(sets: sets, time: time)
        computer = stored["computer"].flatMap { Int($0) }
    }
}
