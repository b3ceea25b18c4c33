import ArcadeRecords
import ArcadeUI
import BlackjackModel

/// Blackjack against the dealer: five hands from 100 points, a bet per hand, sound cues.
///
/// The screen is a small host: it holds the table (`BlackjackTable`, the game itself) and
/// the page on show over it, the About page (`BlackjackAboutPage`), the High Scores
/// (`BlackjackScoresPage`), the rules of the next game (`BlackjackRulesPage`), the coach's
/// chart (`BlackjackChartPage`) and drill (`BlackjackDrillPage`); it routes keys, clicks
/// and drawing to the one open, and is what the shell knows (`GameScreen`: saving, the
/// game-over box, the key line, help, the cursor). The table's state reads through it
/// (`screen.game`, `screen.status`).
///
/// Keys (`keys`, one table for every page and alert, so that help lists them in one
/// order): Enter/Space deal, `h` hit, `s` stand, `d` double down, `+`/`-` bet, `a` About,
/// `t` the top scores, `o` the house rules of the next game, `c` the coach and, while it is
/// on, `b` its advice on a decision. The shell keeps `q`, `?` and Esc (Esc closes the pages
/// first). Two alerts only: one when a game opens (the first, and each played again), drawn
/// by the table, and one when it ends, the shell's game-over box. A key or click during the
/// dealer's play shows the rest of it at once (and does nothing else, so a second press
/// cannot deal the next hand by accident).
@dynamicMemberLookup
struct BlackjackScreen: GameScreen {
    /// What fills the area under the header.
    enum Page: Hashable, Sendable, Codable {
        case table
        case about
        case highScores
        /// The house rules of the next game (`o`).
        case rules
        /// The coach's chart: the chart's plays and the player's record by hand (`w`).
        case chart
        /// The coach's drill: one decision a hand, the hands gone wrong most, no money.
        case drill
    }

    /// The modal alerts: the new-game welcome and the end of the game.
    enum Alert: Equatable {
        case newGame
        case gameOver
    }

    /// What the keys do now: a page, an alert, or a moment of play on the table.
    enum Mode: Hashable, Sendable, CaseIterable {
        /// Between hands: bets and the deal.
        case betting
        /// The player's turn.
        case hand
        /// The dealer shows an ace and asks about insurance (or even money) before anything else.
        case insurance
        /// The dealer playing out the hand on screen: any key shows the rest.
        case dealerPlay
        case newGameAlert
        /// The game-over box, whose keys are the shell's (the table gives the key line).
        case gameOver
        case about
        case highScores
        case rules
        case chart
        case drill
    }

    /// What the player can do at the table, on its pages and alerts.
    enum Action: Hashable, Sendable {
        case deal, hit, stand, doubleDown, split, surrender
        /// The insurance (or even money) question: take it or not.
        case insurance(take: Bool)
        /// Raise or lower the bet by a step.
        case bet(raising: Bool)
        /// Show a page, or the table when that page is already shown.
        case show(Page)
        /// Back to the table from a page.
        case back
        /// The About page's scrolling.
        case about(BlackjackAboutPage.Action)
        /// The new-game alert: move its focus, press the focused button, or Start.
        case moveFocus(Direction)
        case pressFocused
        case start
        /// The game-over box's buttons (High Scores is `show(.highScores)`).
        case playAgain, menu
        /// The coach on or off (`c`), and its advice before a decision (`b` while it is on).
        case toggleCoach, coachHint
        /// The rules page's: choose a rule, change it.
        case rules(BlackjackRulesPage.Action)
        /// The coach's chart's: show another kind of hand.
        case chart(BlackjackChartPage.Action)
        /// Start the drill (from the chart).
        case openDrill

        /// The decision this action makes on a hand, if it is one.
        var playerAction: PlayerAction? {
            switch self {
            case .hit: .hit
            case .stand: .stand
            case .doubleDown: .doubleDown
            case .split: .split
            case .surrender: .surrender
            default: nil
            }
        }
    }

    /// The game itself.
    var table: BlackjackTable
    /// The page on show (the table, or one over it).
    var page = Page.table
    /// The pages' own state: where About is scrolled to (a saved game keeps it), the rule
    /// chosen on the rules page, the kind of hand on the chart; each starts over when its
    /// page opens.
    var about = BlackjackAboutPage()
    private(set) var rules = BlackjackRulesPage()
    private(set) var chart = BlackjackChartPage()
    /// The drill while it is open (on show, or under the chart opened from it).
    private(set) var drillPage: BlackjackDrillPage?
    /// Drills opened so far (each one's seed follows from it).
    private(set) var drillsOpened = 0

    /// The table's state, read through the screen (`screen.game`, `screen.dealerPlay`).
    subscript<Value>(dynamicMember keyPath: KeyPath<BlackjackTable, Value>) -> Value {
        table[keyPath: keyPath]
    }

    /// The drill's hand and record while it is open.
    var drill: BlackjackDrill? { drillPage?.drill }

    /// A new game with a shuffled shoe at a table with `rules` (nil: the remembered ones,
    /// `rememberedRules(in: settings)`), the coach as the player left it.
    init(seed: UInt64, scores: [ScoreEntry], settings: [String: String] = [:], tallies: [String: Tally] = [:],
         rules: TableRules? = nil) {
        let rules = rules ?? Self.rememberedRules(in: settings)
        self.init(game: BlackjackGame(seed: seed, rules: rules), scores: scores)
        table.coach = BlackjackCoach(settings: settings, tallies: tallies)
        table.setChosenRules(rules)
        table.pace = AnimationPace(settings: settings)
    }

    /// A screen over `game` as it stands (tests stack the shoe with `stackedCards`).
    init(game: BlackjackGame, scores: [ScoreEntry] = [], showsNewGameAlert: Bool = true) {
        table = BlackjackTable(game: game, scores: scores, showsNewGameAlert: showsNewGameAlert)
    }

    // MARK: - GameScreen

    func minimumSize(in frame: Frame) -> Size { BlackjackLayout.minimumSize }
    var wantsTicks: Bool { table.dealerPlay != nil }
    var isInProgress: Bool { table.isInProgress }
    var helpTitle: String { "Blackjack" }

    /// The alert on screen, if any: the table's, while the table is on show.
    var alert: Alert? {
        page == .table ? table.alert : nil
    }

    var mode: Mode {
        switch page {
        case .about: .about
        case .highScores: .highScores
        case .rules: .rules
        case .chart: .chart
        case .drill: .drill
        case .table: table.mode
        }
    }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        // With the coach on, `b` on a decision asks it; first on the key line, which drops
        // hints from its end when narrow (the buttons show the plays' keys).
        guard table.coach.isOn, mode == .hand else { return Self.keys[mode] }
        return [Self.adviceKey] + Self.keys[mode]
    }

    /// The coach's advice on the hand in play, with the coach on. `b`, free on every page
    /// of the table, so that `?` stays help everywhere.
    static let adviceKey = Binding([.character("b")], Action.coachHint, hint: "advice")

    /// The action `key` does now, as `bindings(in:)` says: looked up among only the bindings
    /// that have the key (in either case), so that a flood of keys goes through the whole
    /// table for none of them.
    func keyAction(_ key: Key) -> Action? {
        let keys = table.coach.isOn && mode == .hand ? Self.coachedHandKeys
            : Self.keysByMode[Mode.allCases.firstIndex(of: mode) ?? 0]
        return keys.bindings(answering: key).action(for: key)
    }

    /// Each mode's bindings (`keys`), in the order of `Mode.allCases`, by the keys they answer.
    private static let keysByMode = Mode.allCases.map { BlackjackKeyTable(keys[$0]) }
    /// The hand's bindings with the coach on, its advice key first.
    private static let coachedHandKeys = BlackjackKeyTable([adviceKey] + keys[.hand])

    /// Every key of every page and alert, once: where it acts, and where the key line shows it.
    /// Esc is bound on the pages only, so on the table and the alerts it stays the shell's.
    /// The table's keys are here; each page's own come from the page (`keyRows`), in the
    /// order help lists them.
    static let keys = ModeBindings<Mode, Action>(
        tableKeys + BlackjackDrillPage.keyRows + tableAndPageKeys + BlackjackChartPage.keyRows
            + BlackjackRulesPage.keyRows + pageKeys + BlackjackAboutPage.keyRows + lastKeys)

    /// One row of `keys`.
    typealias KeyRow = ModeBindings<Mode, Action>.Row

    /// The new-game alert's keys and the plays.
    private static let tableKeys: [KeyRow] = [
        .init(Binding([.left, .backTab], .moveFocus(.left)), in: [.newGameAlert]),
        .init(Binding([.right, .tab], .moveFocus(.right)), in: [.newGameAlert]),
        .init(Binding([.enter, .space], .pressFocused, hint: "start"), in: [.newGameAlert]),
        .init(Binding([.character("s")], .start), in: [.newGameAlert]),
        .init(Binding([.enter, .space], .deal, hint: "deal", help: "deal the next hand", helpKeys: "Enter Space"),
              in: [.betting, .hand], shownIn: [.betting]),
        .init(Binding([.character("h")], .hit, hint: "hit", help: "hit, stand, double down, split a pair, surrender",
                      helpKeys: "h s d p r"),
              in: [.betting, .hand], shownIn: [.hand]),
        .init(Binding([.character("s")], .stand, hint: "stand"), in: [.betting, .hand], shownIn: [.hand]),
        .init(Binding([.character("d")], .doubleDown, hint: "double down"), in: [.betting, .hand], shownIn: [.hand]),
        .init(Binding([.character("p")], .split, hint: "split"), in: [.hand], shownIn: [.hand]),
        .init(Binding([.character("r")], .surrender, hint: "surrender"), in: [.hand], shownIn: [.hand]),
    ]

    /// The insurance question, the bet, the game-over box, the coach; the way back from the
    /// pages, and to the chart.
    private static let tableAndPageKeys: [KeyRow] = [
        .init(Binding([.character("i"), .character("y")], .insurance(take: true), hint: "take", hintKeys: "i",
                      help: "insurance or even money, when asked: take it, or not", helpKeys: "i n"),
              in: [.insurance]),
        .init(Binding([.character("n")], .insurance(take: false), hint: "no"), in: [.insurance]),
        .init(Binding([.character("+"), .character("=")], .bet(raising: true), hint: "bet", hintKeys: "+ -",
                      help: "raise or lower the bet by \(BlackjackGame.betStep)", helpKeys: "+ -"),
              in: [.betting, .hand], shownIn: [.betting]),
        .init(Binding([.character("-"), .character("_")], .bet(raising: false)), in: [.betting, .hand]),
        .init(Binding([.character("p")], .playAgain, hint: "play again"), in: [.gameOver]),
        .init(Binding([.character("c")], .toggleCoach, hint: "coach", help: "the coach (b: its advice); its chart (d: drill)",
                      helpKeys: "c w"),
              in: [.betting, .hand]),
        .init(Binding([.escape, .enter, .space, .backspace], .back, hint: "back"), in: [.about, .highScores]),
        .init(Binding([.escape, .backspace], .back, hint: "back"), in: [.rules, .chart, .drill]),
        .init(Binding([.character("w")], .show(.chart), hint: "chart"),
              in: [.betting, .hand, .newGameAlert, .about, .highScores, .rules, .chart, .drill], shownIn: [.drill]),
    ]

    /// The rules, About and the scores, from the table and the pages.
    private static let pageKeys: [KeyRow] = [
        .init(Binding([.character("o")], .show(.rules), hint: "rules",
                      help: "house rules of the next game: decks, soft 17, payout…"),
              in: [.betting, .newGameAlert, .about, .highScores, .rules, .chart], shownIn: [.betting]),
        .init(Binding([.character("a")], .show(.about), hint: "about", help: "About (the rules) and the top scores",
                      helpKeys: "a t"),
              in: [.betting, .hand, .newGameAlert, .about, .highScores, .rules, .chart], shownIn: [.betting, .newGameAlert]),
    ]

    /// The scores, the dealer's play, and clicks.
    private static let lastKeys: [KeyRow] = [
        .init(Binding([.character("t")], .show(.highScores), hint: "scores"),
              in: [.betting, .hand, .gameOver, .about, .highScores, .rules, .chart], shownIn: [.betting, .gameOver]),
        .init(Binding(keys: [], hint: KeyHint("any key", "skip"),
                      help: KeyHint("any key", "during the dealer's play: show it all")) { _ in nil },
              in: [.dealerPlay]),
        .init(.note("click", "any button"), in: []),
    ]

    /// Help lists every key of the table, whichever page or alert is open.
    func help(in frame: Frame) -> HelpSheet {
        HelpSheet(title: helpTitle, keys: Self.keys.helpRows, notes: helpNotes(in: frame))
    }

    func helpNotes(in frame: Frame) -> [String] {
        var notes = ["Five hands from 100 points; a won hand adds the bet, a lost one takes it. "
            + BlackjackWording.rulesSentence(table.tableRules)]
        let coach = table.coach
        if coach.isOn || coach.decisionsEver > 0 {
            let record = coach.decisionsEver == 0 ? ""
                : " Over time \(coach.rightEver) of \(coach.decisionsEver) right (\(coach.rightEver * 100 / coach.decisionsEver)%)."
            notes.append("Coach: the 4–8-deck basic-strategy charts." + record)
        }
        return notes
    }

    /// Any key or click during the dealer's play shows the rest of it; the wheel scrolls About. Everything else goes
    /// through the binding table and the layout.
    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        switch input {
        case .key where table.dealerPlay != nil:
            return table.finishDealerPlay(in: frame)
        case .mouse(let event) where event.action == .press && table.dealerPlay != nil:
            return table.finishDealerPlay(in: frame)
        case .mouse(let event) where event.action == .wheelUp || event.action == .wheelDown:
            return perform(.about(.scroll(event.action == .wheelUp ? -1 : 1)), in: frame)
        case .key(let key):
            // As `dispatch`: the game-over box's keys are the shell's.
            guard !showsGameOver(in: frame), let action = keyAction(key) else { return [] }
            return perform(action, in: frame)
        default:
            return dispatch(input, in: frame)
        }
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        table.advance(by: seconds, in: frame)
    }

    /// Leaving during the dealer's play settles the hand, so a finished game's score is kept.
    mutating func willLeave() -> [GameEffect] {
        guard table.dealerPlay != nil else { return [] }
        // Leaving mid-play: the outcome counts, but no sound plays on the way out.
        return table.finishDealerPlay(in: nil).filter { if case .sound = $0 { false } else { true } }
    }

    /// Keep the store's table for the High Scores page.
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        if case .scoresRecorded(_, let entries) = report { table.scores = entries }
        return []
    }

    /// The end of the game, drawn by the shell under the two hands when it fits there, so
    /// the last hand stays in view; `t` opens the scores as on the table.
    /// The game-over box is up exactly when `gameOver(in:)` builds one; asked without building
    /// it (its message wrapped), which the shell does around every input.
    func showsGameOver(in frame: Frame) -> Bool { alert == .gameOver }

    /// The table's rules (`TableRules.summary`), which the saved game is kept under.
    func saveMode() -> String { table.tableRules.summary }

    func gameOver(in frame: Frame) -> GameOver<Action>? {
        guard alert == .gameOver else { return nil }
        return GameOver<Action>(title: "Game over", message: Glyphs(theme: frame.theme).plain(table.gameOverMessage),
                                choices: Self.gameOverChoices, preferredWidth: 44, style: .plain,
                                areas: Self.gameOverAreas, keys: Self.gameOverKeys)
    }

    /// Under the two hands when the box fits there, so the last hand stays in view; else the
    /// middle of the body.
    @Sendable static func gameOverAreas(in frame: Frame) -> [Rect] {
        let layout = BlackjackLayout(frame: frame)
        return [layout.underHands, layout.body]
    }

    static let gameOverChoices: [(Button, Action)] = [
        (Button("Play again", hotKey: .character("p")), .playAgain),
        (Button("High scores", hotKey: .character("h")), .show(.highScores)),
        (Button("Back to menu", hotKey: .character("m")), .menu),
    ]
    static let gameOverKeys = [Binding([.character("t")], Action.show(.highScores))]

    /// A click, mapped with the layout the screen is drawn with, by the page on show.
    func action(at point: Point, in frame: Frame) -> Action? {
        let layout = BlackjackLayout(frame: frame)
        switch mode {
        case .about, .highScores:
            return Self.backButton.action(at: point, in: layout.page.back)
        case .rules:
            return rules.action(at: point, layout: layout)
        case .chart:
            return chart.action(at: point, layout: layout)
        case .drill:
            return drillPage?.action(at: point, layout: layout)
        case .newGameAlert:
            return table.newGameButtons.action(at: point, in: table.newGameDialog.layout(in: layout.body).buttonRow)
        case .gameOver, .dealerPlay, .insurance:
            return nil
        case .betting, .hand:
            return table.action(at: point, layout: layout)
        }
    }

    /// Do `action` on the table or the page it belongs to.
    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        // Anything but the rules page's own keys: the table takes the rules waiting for it first.
        if case .rules = action {} else { table.takeWaitingRules() }
        switch action {
        case .deal, .hit, .stand, .doubleDown, .split, .surrender, .insurance:
            guard page == .drill else { return table.perform(action, in: frame) }
            // The drill answers with the table's keys.
            guard var drill = drillPage, let answer = BlackjackDrillPage.Action(action) else { return [] }
            drillPage = nil  // the one copy changes
            defer { drillPage = drill }
            return drill.perform(answer, coach: &table.coach)
        case .bet, .moveFocus, .start, .playAgain, .toggleCoach, .coachHint:
            return table.perform(action, in: frame)
        case .pressFocused:
            return table.newGameButtons.action(for: .enter).map { perform($0, in: frame) } ?? []
        case .show(let shown):
            if page == shown { goBack() } else { open(shown) }
        case .back:
            goBack()
        case .about(let scroll):
            if page == .about { about.perform(scroll, rules: table.game.rules, in: frame) }
        case .menu:
            return [.leave]
        case .rules(let change):
            return rules.perform(change, table: &table)
        case .chart(let move):
            chart.perform(move)
        case .openDrill:
            openDrill()
        }
        return []
    }

    // MARK: - Pages

    /// The Back button under the About, High Scores and rules pages.
    static var backButton: ActionButtons<Action> {
        ActionButtons([(Button("Back", hotKey: .escape), .back)], alignment: .center)
    }

    /// Close the page on show: the chart opened from the drill goes back to it, everything
    /// else to the table (which closes the drill).
    private mutating func goBack() {
        if page == .chart, drillPage != nil { page = .drill; return }
        page = .table
        drillPage = nil
    }

    /// Show a page, About from its first line, the rules from their first row (an alert's
    /// focus starts over); the chart on the kind of hand gone wrong most; leaving the drill
    /// for another page closes it.
    private mutating func open(_ newPage: Page) {
        if newPage == .chart { chart = BlackjackChartPage(record: table.coach.record) }
        if newPage != .chart { drillPage = nil }
        page = newPage
        about = BlackjackAboutPage()
        table.alertFocus = 0
        rules = BlackjackRulesPage()
    }

    /// Open the drill on its first hand, with the record as it stands; with one open
    /// already (the chart was opened from it), go back to it as it was.
    mutating func openDrill() {
        if drillPage != nil {
            page = .drill
            return
        }
        drillsOpened += 1
        // Its seed follows from the game's, so `--seed N` replays the drill too.
        let seed = table.game.seed &+ UInt64(drillsOpened) &* 0x9E37_79B9_7F4A_7C15
        drillPage = BlackjackDrillPage(seed: seed, rules: table.game.rules, record: table.coach.record)
        page = .drill
        table.showsNewGameAlert = false
    }
}
