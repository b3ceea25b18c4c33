import ArcadeUI
import SetModel

/// The Set card, named apart from Blackjack's `Card` (both modules are imported by the app).
typealias SetCard = SetModel.Card

/// Set: find sets of three among the cards on the table.
///
/// The screen is a small host: it holds the table (`SetTable`: the cursor, the message line,
/// the clock and the solo deal) and the game on show, a page that plays on it: the classic
/// game (`SetClassicPage`), the daily puzzle (`SetDailyPage`) or the game against the
/// computer (`SetVersusPage`), with the choice of mode (`SetModeChooser`, `g`) over it. It
/// routes keys, clicks and drawing to the page, starts the modes, and is what the shell
/// knows (`GameScreen`: saving, the game-over box, the key line, help, the cursor). The
/// table's state reads through it (`screen.game`, `screen.clock`).
///
/// A cursor (arrows or h/j/k/l; the focused card's frame is drawn in reverse video) and
/// Space/Enter, or a click, select cards, in every game. The third selection is judged at
/// once: a green double frame and "SET!" or a red one and "Not a set". `c` draws the cards
/// as glyphs or classic shapes, `n` starts a new game (asking when one is in progress), `g`
/// chooses the mode. Cards keep their places when more are dealt: the table is laid out
/// for every card it can hold.
@dynamicMemberLookup
struct SetScreen: GameScreen {
    /// What the player can do on the Set screen.
    enum Action: Hashable, Sendable {
        /// On the cards, the same in every game: move the cursor; Home and End, the first or
        /// last card; select or deselect the card under the cursor, or in a place (a click).
        case move(Direction)
        case first, last
        case select
        case selectPlace(Int)
        /// Glyphs or classic faces (`c`).
        case toggleCardStyle
        /// A new game of the mode on show (`n`, asking first during a game), or at once (the
        /// game-over box's Play again); the daily puzzle's box: a classic game.
        case newGame, playAgain, classicGame
        /// Open the choice of mode (`g`).
        case chooseMode
        /// The game-over box's Menu.
        case menu
        /// The classic game's own keys, the game against the computer's, and the choice of mode's.
        case classic(SetClassicPage.Action)
        case versus(SetVersusPage.Action)
        case friends(SetFriendsPage.Action)
        case chooser(SetModeChooser.Action)
    }

    /// The cursor, the message line, the clock, and the classic or versus game's cards.
    var table: SetTable
    /// The game on show, which plays on `table`.
    var page = SetPage.classic(SetClassicPage())
    /// The choice of mode, while it is open (`g`).
    var chooser: SetModeChooser?
    /// The mode chosen, while the question whether to throw the game away is open.
    var pendingMode: SetMode?
    /// The table for friends chosen, while that question is open.
    var pendingFriends: FriendsSetup?
    /// How the cards are drawn (`c` switches; the app remembers the choice, not the save).
    var cardStyle: SetCardStyle
    /// The recorded scores, best first, as the arcade opened the game and as each record
    /// comes back (`RuntimeReport.scoresRecorded`): a finished game is a new best against them.
    var scores: [ScoreEntry] = []
    /// The day of the daily puzzle on the table (or last on it).
    var day = CalendarDay(year: 2026, month: 1, day: 1)
    /// The day the daily puzzle starts with: `--date`'s, else the day the game was opened.
    /// Never saved: a game resumed on another day opens that day's puzzle.
    var dailyDay = CalendarDay(year: 2026, month: 1, day: 1)
    /// The day it was when the game was opened.
    var today = CalendarDay(year: 2026, month: 1, day: 1)
    /// The daily results kept before this game, by day: a finished day shows its result.
    var keptDaily: [String: DailyOutcome] = [:]

    init(seed: UInt64, cardStyle: SetCardStyle = .glyphs) {
        table = SetTable(game: SetGame(seed: seed))
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
        if let setup = FriendsSetup(options: context.options, defaultName: FriendsSetup.defaultName) {
            startFriends(setup, seed: context.seed)  // `--seed N` deals the table N
        } else if context.options["--daily"] != nil || context.options["--date"] != nil {
            _ = start(.daily)
        } else if context.options["--versus"] != nil || context.options["--level"] != nil {
            _ = start(.versus(context.options["--level"].flatMap(OpponentLevel.init(rawValue:)) ?? .normal))
        }
    }

    /// The table's state, read through the screen (`screen.game`, `screen.message`).
    subscript<Value>(dynamicMember keyPath: KeyPath<SetTable, Value>) -> Value {
        table[keyPath: keyPath]
    }

    /// Which Set is on show.
    var mode: SetMode { page.mode }

    /// The day's puzzle, in daily mode.
    var daily: SetDailyGame? {
        if case .daily(let daily) = page { daily.puzzle } else { nil }
    }

    /// The game against the computer, in versus mode (the table's game is its table).
    var versus: SetVersusGame? {
        if case .versus(let versus) = page { versus.match } else { nil }
    }

    // MARK: - Keys

    /// The keys that move over the cards and select them, in every mode.
    static let cardBindings: [Binding<Action>] = [
        .directions(help: "move the cursor (the card in a reverse frame)") { .move($0) },
        Binding(keys: [.home, .end], help: KeyHint("Home  End", "the first or last card")) { key in
            key == .home ? .first : .last
        },
        Binding([.space, .enter], .select, hint: "select", help: "select or deselect the card under the cursor"),
        .note("click", "select or deselect a card; press a button"),
    ]
    static let cardStyleBinding = Binding([.character("c")], Action.toggleCardStyle, hint: "cards",
                                          help: "cards as glyphs or as classic shapes")
    static let modeBinding = Binding([.character("g")], Action.chooseMode, hint: "mode",
                                     help: "choose the mode: classic, daily puzzle, versus, or a table for friends")
    /// The screen's keys after a table's own: the card style, a new game, the mode.
    static let gameBindings = [
        cardStyleBinding,
        Binding([.character("n")], Action.newGame, hint: "new", help: "new game (asks first during a game)"),
        modeBinding,
    ]

    /// Each page's keys under the screen's name, as the man page lists them.
    static var bindings: [Binding<Action>] { SetClassicPage.bindings }
    static var versusBindings: [Binding<Action>] { SetVersusPage.bindings }
    static var dailyBindings: [Binding<Action>] { SetDailyPage.bindings }
    static var chooserBindings: [Binding<Action>] { SetModeChooser.bindings }
    static var friendsBindings: [Binding<Action>] { SetFriendsPage.lobbyBindings + SetFriendsPage.playBindings }
    /// The fields of a table for friends, without the letters typed.
    static var friendsFormBindings: [Binding<Action>] { FriendsForm.moves }

    /// Letters beyond ASCII (a name in Greek or Cyrillic) are typed into a table's fields;
    /// every other input goes through the binding table.
    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        if chooser?.form != nil, case .key(.character(let character)) = input, !character.isASCII {
            return choose(.type(character))
        }
        return dispatch(input, in: frame)
    }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        chooser?.currentBindings ?? page.bindings
    }

    // MARK: - GameScreen

    /// Room for the cards on the table at their smallest, plus status, message and buttons,
    /// in the shape nearest to the frame that needs the least room.
    func minimumSize(in frame: Frame) -> Size { page.minimumSize(table, in: frame) }
    func fits(_ frame: Frame) -> Bool { page.fits(table, in: frame) }
    /// The clock runs while a game is on, not while the choice of mode is open over it; a
    /// table for friends keeps time while it is open (its clock, pings and silence limits),
    /// and never pauses: the others play on.
    var wantsTicks: Bool { friends != nil ? friends?.closedReason == nil : table.clock.isRunning && chooser == nil }
    var isTimed: Bool { friends == nil && wantsTicks }
    /// A table for friends answers its pings and silent peers under help and when too small.
    var keepsTime: Bool { friends != nil }
    /// Once a second for the clock; four times a second against the computer, whose finds
    /// are shown for a moment; at a table for friends without a game on (the lobby, the
    /// result), only as often as its pings and silence limits need.
    var tickInterval: Double {
        if let friends { return friends.isPlaying ? 1 : PeerGuard.pingInterval / 2 }
        return versus != nil ? 0.25 : 1
    }
    var isInProgress: Bool { friends.map(\.isInProgress) ?? table.clock.isRunning }

    /// The table for friends, in that mode.
    var friends: SetFriendsPage? {
        if case .friends(let friends) = page { friends } else { nil }
    }

    /// A table for friends opens its socket as the game opens.
    mutating func start(in frame: Frame) -> [GameEffect] {
        friends?.open() ?? []
    }

    /// Leaving a table for friends tells the others.
    mutating func willLeave() -> [GameEffect] {
        guard case .friends(var friends) = page else { return [] }
        defer { page = .friends(friends) }
        return friends.leave()
    }

    mutating func arrived(_ input: NetworkInput, in frame: Frame) -> [GameEffect] {
        page.arrived(input)
    }

    var helpTitle: String { page.helpTitle }

    func helpNotes(in frame: Frame) -> [String] {
        page.helpNotes(legend: SetCardView.legend(theme: frame.theme, style: cardStyle))
            + ["g chooses the mode: classic, the daily puzzle, or versus the computer (Easy, Normal, Hard)."]
    }

    /// The mode played (`SetMode.saveName`), which the saved game is kept under.
    func saveMode() -> String { mode.saveName }

    func gameOver(in frame: Frame) -> GameOver<Action>? {
        chooser == nil ? page.gameOver(table, in: frame, today: today) : nil
    }

    func action(at point: Point, in frame: Frame) -> Action? {
        if let chooser { return chooser.action(at: point, in: frame) }
        return page.action(at: point, table: table, in: frame, style: cardStyle)
    }

    /// Keep the store's list: the next game's best is read from it.
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        if case .scoresRecorded(_, let entries) = report { scores = entries }
        return []
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        guard chooser == nil else { return [] }
        table.clock.advance(by: seconds)
        return page.advance(by: seconds, table: &table)
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .move(let direction):
            table.cursor.move(direction, positions: page.positions(table, in: frame, style: cardStyle))
        case .first, .last:
            table.cursor.jump(toEnd: action == .last, positions: page.positions(table, in: frame, style: cardStyle))
        case .select:
            return select(at: table.cursor.index, in: frame)
        case .selectPlace(let place):
            table.cursor.index = place
            return select(at: place, in: frame)
        case .toggleCardStyle:
            return toggleCardStyle(in: frame)
        case .newGame:
            pendingMode = nil
            pendingFriends = nil
            return isInProgress ? [.confirm(.newGame)] : start(mode)
        case .playAgain:
            return start(mode)
        case .classicGame:
            return start(.classic)
        case .chooseMode:
            chooser = SetModeChooser(current: mode)
            chooser?.defaultName = FriendsSetup.defaultName
        case .menu:
            return willLeave() + [.leave]  // a table for friends tells the others
        case .classic, .versus, .friends:
            return page.perform(action, table: &table, scores: scores)
        case .chooser(let choice):
            return choose(choice)
        }
        return []
    }

    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .newGame:
            if let setup = pendingFriends { return openFriends(setup) }
            return start(pendingMode ?? mode)
        }
    }

    /// Select or deselect the card in `place` on the page on show; a daily result is kept.
    private mutating func select(at place: Int, in frame: Frame) -> [GameEffect] {
        let effects = page.select(at: place, table: &table, faces: showsFaces(in: frame), scores: scores)
        if case .daily(let daily) = page, let result = daily.result { keptDaily[daily.day.text] = result }
        return effects
    }

    /// `c`: the other card style, remembered; said when it cannot show here (ASCII draws
    /// letters whatever the style, and is not a choice to remember).
    private mutating func toggleCardStyle(in frame: Frame) -> [GameEffect] {
        guard !frame.theme.ascii else {
            table.say("Classic faces need Unicode: in ASCII the cards keep their letters.",
                      "ASCII: cards keep their letters.")
            return []
        }
        cardStyle = cardStyle.toggled
        if cardStyle == .classic && !showsFaces(in: frame) {
            table.say("Classic faces: no room for them with this many cards here; glyphs until there is.",
                      "Faces need more room; glyphs for now.")
        } else {
            table.say(cardStyle == .classic ? "Classic card faces." : "Glyph cards.")
        }
        return [.remember(setting: SetCardStyle.setting, value: cardStyle.rawValue)]
    }

    // MARK: - Layout and drawing

    /// Whether the cards in `frame` show the classic faces (the shapes are named after them).
    func showsFaces(in frame: Frame) -> Bool {
        page.showsFaces(table, in: frame, style: cardStyle)
    }

    func render(into grid: inout CellGrid) {
        page.render(table, style: cardStyle, into: &grid)
        chooser?.draw(into: &grid, in: grid.frame.bounds)
    }

    /// Where the cursor goes when it follows focus: the focused mode's button in the choice of
    /// mode, else the card under the keyboard cursor (on the classic or versus table while
    /// the game goes on, or the day's puzzle while it is still to solve), at the first cell
    /// inside its frame.
    func cursorPosition(in frame: Frame) -> Point? {
        let point = chooser.map { $0.cursorPoint(in: frame) } ?? page.cursorPoint(table, in: frame, style: cardStyle)
        return point.flatMap { frame.bounds.contains($0) ? $0 : nil }
    }
}
