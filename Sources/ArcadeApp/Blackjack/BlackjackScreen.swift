import ArcadeStore
import ArcadeUI
import BlackjackModel

/// Blackjack against the dealer: five hands from 100 points, a bet per hand, sound cues.
///
/// The model (`BlackjackGame`) settles a hand at once; this screen shows it the way a
/// table would: the dealer turns the hole card over and draws card by card, half a
/// second apart, and only then the status line names the outcome and the score moves.
/// A key or click during the dealer's play shows the rest at once (and does nothing
/// else, so a second press cannot deal the next hand by accident).
///
/// Keys (`keys`, one table for every page and alert): Enter/Space deal, `h` hit, `s`
/// stand, `d` double down, `+`/`-` bet, `a` About, `t` the top scores, `o` the house rules
/// of the next game (`BlackjackScreen+Rules.swift`), `c` the coach and, while it is on,
/// `b` its advice on a decision. The shell keeps `q`, `?` and Esc (Esc closes About and High Scores first). Two alerts only: one when a
/// game opens (the first, and each played again), drawn here, and one when it ends, the
/// shell's game-over box.
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
        /// Scroll the About page by lines (up when negative), or to its top or bottom.
        case scroll(Int)
        case scrollToEnd(bottom: Bool)
        /// The new-game alert: move its focus, press the focused button, or Start.
        case moveFocus(Direction)
        case pressFocused
        case start
        /// The game-over box's buttons (High Scores is `show(.highScores)`).
        case playAgain, menu
        /// The coach on or off (`c`), and its advice before a decision (`b` while it is on).
        case toggleCoach, coachHint
        /// The rules page: move to another rule (down when positive), change the chosen
        /// one's value (to the next when positive), or change the rule in row `index` (a click).
        case selectRule(Int)
        case changeRule(by: Int)
        case changeRuleInRow(Int)
        /// The coach's chart: show another kind of hand (the next when positive), or this one.
        case moveChartKind(Int)
        case showChartKind(CoachSituation.Kind)
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

    /// The dealer playing out a hand on screen, one card at a time.
    struct DealerPlay: Equatable {
        /// How many of the dealer's cards are on the table face up (the hole card included).
        var shownCards: Int
        /// Seconds since the last card was turned over.
        var sinceLastCard = 0.0
    }

    /// Seconds between two dealer cards turned over.
    static let dealerCardPause = 0.5
    /// How many top scores the High Scores page lists.
    static let highScoreCount = 10
    /// Lines Page Up and Page Down scroll the About page by.
    static let aboutPageStep = 5
    /// Cards each side gets at the deal; the dealer's second is the hole card.
    static let openingCards = 2

    private(set) var game: BlackjackGame
    /// The line under the cards: what just happened and what the player can do.
    private(set) var status = StatusLine([BlackjackWording.placeYourBet])
    var page = Page.table
    /// The dealer's play while it is being shown, nil otherwise.
    private(set) var dealerPlay: DealerPlay?
    /// How fast the dealer turns cards over (the animations setting): off shows them at once.
    var pace = AnimationPace.normal
    /// The score as shown: it moves when the outcome is shown, not when the model settles.
    private(set) var shownScore: Int
    /// The recorded scores of this game, best first.
    private(set) var scores: [ScoreEntry]
    /// True until the player closes the new-game alert.
    var showsNewGameAlert = true
    /// The focused button of the new-game alert.
    private(set) var alertFocus = 0
    /// The game-over box's message, fixed when the game ends.
    private var gameOverMessage = ""
    /// Started at the first deal and finished when the game ends, so its score is recorded
    /// once (Blackjack shows no time, so the clock gets no ticks).
    private(set) var clock = PlayClock()
    /// The first line of the About page shown (it scrolls when the terminal is short).
    private(set) var aboutOffset = 0
    /// The basic-strategy coach, on or off, and its record.
    var coach = BlackjackCoach()
    /// The house rules the next game is played by (the game on the table keeps its own,
    /// `game.rules`, until it ends, unless no hand was dealt yet).
    private(set) var chosenRules = TableRules()
    /// The row of the rules page that the arrows and Enter act on.
    private(set) var rulesFocus = 0
    /// True while rules changed before the first deal wait to be put on the table
    /// (`changeRule`, `takeWaitingRules`).
    var rulesAwaitTable = false
    /// The kind of hand the coach's chart shows.
    var chartKind = CoachSituation.Kind.hard
    /// The drill while it is open, and what it says: the question or the verdict on a wrong
    /// answer (`drillStatus`), and the verdict on the last right one (`drillVerdict`).
    var drill: BlackjackDrill?
    var drillStatus = StatusLine([""])
    var drillVerdict: StatusLine?
    /// After a wrong answer the drill's hand stays until Enter.
    var drillAwaitsNext = false
    /// Drills opened so far (each one's seed follows from it).
    var drillsOpened = 0

    /// A new game with a shuffled shoe at a table with `rules` (nil: the remembered ones,
    /// `rememberedRules(in: settings)`), the coach as the player left it.
    init(seed: UInt64, scores: [ScoreEntry], settings: [String: String] = [:], tallies: [String: Tally] = [:],
         rules: TableRules? = nil) {
        let rules = rules ?? Self.rememberedRules(in: settings)
        self.init(game: BlackjackGame(seed: seed, rules: rules), scores: scores)
        coach = BlackjackCoach(settings: settings, tallies: tallies)
        chosenRules = rules
        pace = AnimationPace(settings: settings)
    }

    /// A screen over `game` as it stands (tests stack the shoe with `stackedCards`).
    init(game: BlackjackGame, scores: [ScoreEntry] = [], showsNewGameAlert: Bool = true) {
        self.game = game
        self.scores = scores
        self.showsNewGameAlert = showsNewGameAlert
        shownScore = game.score
        chosenRules = game.rules
    }

    // MARK: - GameScreen

    func minimumSize(in frame: Frame) -> Size { BlackjackLayout.minimumSize }
    var wantsTicks: Bool { dealerPlay != nil }
    var isInProgress: Bool { game.handNumber > 0 && !game.isGameOver }
    var helpTitle: String { "Blackjack" }

    /// The alert on screen, if any (the game-over one waits for the dealer's play to finish).
    var alert: Alert? {
        guard page == .table else { return nil }
        if showsNewGameAlert { return .newGame }
        if game.isGameOver && game.handNumber > 0 && dealerPlay == nil { return .gameOver }
        return nil
    }

    var mode: Mode {
        switch page {
        case .about: return .about
        case .highScores: return .highScores
        case .rules: return .rules
        case .chart: return .chart
        case .drill: return .drill
        case .table: break
        }
        switch alert {
        case .newGame?: return .newGameAlert
        case .gameOver?: return .gameOver
        case nil: break
        }
        if dealerPlay != nil { return .dealerPlay }
        if game.isInsuranceOffered { return .insurance }
        return game.isHandInProgress ? .hand : .betting
    }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        // With the coach on, `b` on a decision asks it; first on the key line, which drops
        // hints from its end when narrow (the buttons show the plays' keys).
        guard coach.isOn, mode == .hand else { return Self.keys[mode] }
        return [Self.adviceKey] + Self.keys[mode]
    }

    /// The coach's advice on the hand in play, with the coach on. `b`, free on every page
    /// of the table, so that `?` stays help everywhere.
    static let adviceKey = Binding([.character("b")], Action.coachHint, hint: "advice")

    /// The action `key` does now, as `bindings(in:)` says: looked up among only the bindings
    /// that have the key (in either case), so that a flood of keys goes through the whole
    /// table for none of them.
    func keyAction(_ key: Key) -> Action? {
        let table = coach.isOn && mode == .hand ? Self.coachedHandKeys
            : Self.keysByMode[Mode.allCases.firstIndex(of: mode) ?? 0]
        return table.bindings(answering: key).action(for: key)
    }

    /// Each mode's bindings (`keys`), in the order of `Mode.allCases`, by the keys they answer.
    private static let keysByMode = Mode.allCases.map { KeyTable(keys[$0]) }
    /// The hand's bindings with the coach on, its advice key first.
    private static let coachedHandKeys = KeyTable([adviceKey] + keys[.hand])

    /// Bindings by the keys each may answer: its own, and each letter's other case; in table
    /// order, so the first that answers a key is the one the whole table would give.
    struct KeyTable {
        /// For each ASCII character, the bindings that may answer it.
        private var ascii: [[Binding<Action>]] = Array(repeating: [], count: 128)
        /// For every other key, the bindings that may answer it.
        private var others: [Key: [Binding<Action>]] = [:]

        init(_ bindings: [Binding<Action>]) {
            for binding in bindings {
                var answered: [Key] = []
                for key in binding.keys {
                    answered.append(key)
                    guard case .character(let character) = key, character.isLetter else { continue }
                    for other in [character.lowercased(), character.uppercased()] where other.count == 1 {
                        answered.append(.character(Character(other)))
                    }
                }
                for key in Set(answered) {
                    if case .character(let character) = key, let code = character.asciiValue {
                        ascii[Int(code)].append(binding)
                    } else {
                        others[key, default: []].append(binding)
                    }
                }
            }
        }

        /// The bindings that may answer `key`, in table order.
        func bindings(answering key: Key) -> [Binding<Action>] {
            if case .character(let character) = key, let code = character.asciiValue { return ascii[Int(code)] }
            return others[key] ?? []
        }
    }

    /// Every key of every page and alert, once: where it acts, and where the key line shows it.
    /// Esc is bound on the pages only, so on the table and the alerts it stays the shell's.
    static let keys = ModeBindings<Mode, Action>([
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
        // The drill answers with the table's keys; Enter goes on after a wrong answer.
        .init(Binding([.character("h")], .hit, hint: "answer", hintKeys: "h s d p r"), in: [.drill]),
        .init(Binding([.character("s")], .stand), in: [.drill]),
        .init(Binding([.character("d")], .doubleDown), in: [.drill]),
        .init(Binding([.character("p")], .split), in: [.drill]),
        .init(Binding([.character("r")], .surrender), in: [.drill]),
        .init(Binding([.enter, .space], .deal, hint: "next"), in: [.drill]),
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
        .init(Binding([.right, .tab, .character("l")], .moveChartKind(1), hint: "hands", hintKeys: "← →"), in: [.chart]),
        .init(Binding([.left, .backTab, .character("h")], .moveChartKind(-1)), in: [.chart]),
        .init(Binding([.character("d")], .openDrill, hint: "drill"), in: [.chart]),
        .init(Binding([.up, .character("k")], .selectRule(-1), hint: "rule", hintKeys: "↑ ↓"), in: [.rules]),
        .init(Binding([.down, .character("j")], .selectRule(1)), in: [.rules]),
        .init(Binding([.right, .character("l"), .enter, .space], .changeRule(by: 1), hint: "change", hintKeys: "← →"),
              in: [.rules]),
        .init(Binding([.left, .character("h")], .changeRule(by: -1)), in: [.rules]),
        .init(Binding([.character("o")], .show(.rules), hint: "rules",
                      help: "house rules of the next game: decks, soft 17, payout…"),
              in: [.betting, .newGameAlert, .about, .highScores, .rules, .chart], shownIn: [.betting]),
        .init(Binding([.character("a")], .show(.about), hint: "about", help: "About (the rules) and the top scores",
                      helpKeys: "a t"),
              in: [.betting, .hand, .newGameAlert, .about, .highScores, .rules, .chart], shownIn: [.betting, .newGameAlert]),
        .init(Binding([.up, .character("k")], .scroll(-1), hint: "scroll", hintKeys: "↑ ↓",
                      help: "scroll About; Home End: its ends", helpKeys: "↑ ↓ PgUp PgDn"),
              in: [.about, .highScores], shownIn: [.about]),
        .init(Binding([.down, .character("j")], .scroll(1)), in: [.about, .highScores]),
        .init(Binding([.pageUp], .scroll(-aboutPageStep)), in: [.about, .highScores]),
        .init(Binding([.pageDown], .scroll(aboutPageStep)), in: [.about, .highScores]),
        .init(Binding(keys: [.home, .end]) { key in
            .scrollToEnd(bottom: key == .end)
        }, in: [.about, .highScores]),
        .init(Binding([.character("t")], .show(.highScores), hint: "scores"),
              in: [.betting, .hand, .gameOver, .about, .highScores, .rules, .chart], shownIn: [.betting, .gameOver]),
        .init(Binding(keys: [], hint: KeyHint("any key", "skip"),
                      help: KeyHint("any key", "during the dealer's play: show it all")) { _ in nil },
              in: [.dealerPlay]),
        .init(.note("click", "any button"), in: []),
    ])

    /// Help lists every key of the table, whichever page or alert is open.
    func help(in frame: Frame) -> HelpSheet {
        HelpSheet(title: helpTitle, keys: Self.keys.helpRows, notes: helpNotes(in: frame))
    }

    func helpNotes(in frame: Frame) -> [String] {
        var notes = ["Five hands from 100 points; a won hand adds the bet, a lost one takes it. "
            + BlackjackWording.rulesSentence(tableRules)]
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
        case .key where dealerPlay != nil:
            return finishDealerPlay(in: frame)
        case .mouse(let event) where event.action == .press && dealerPlay != nil:
            return finishDealerPlay(in: frame)
        case .mouse(let event) where event.action == .wheelUp || event.action == .wheelDown:
            return perform(.scroll(event.action == .wheelUp ? -1 : 1), in: frame)
        case .key(let key):
            // As `dispatch`: the game-over box's keys are the shell's.
            guard !showsGameOver(in: frame), let action = keyAction(key) else { return [] }
            return perform(action, in: frame)
        default:
            return dispatch(input, in: frame)
        }
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        advanceDealerPlay(by: seconds, in: frame)
    }

    /// Leaving during the dealer's play settles the hand, so a finished game's score is kept.
    mutating func willLeave() -> [GameEffect] {
        guard dealerPlay != nil else { return [] }
        // Leaving mid-play: the outcome counts, but no sound plays on the way out.
        return finishDealerPlay(in: nil).filter { if case .sound = $0 { false } else { true } }
    }

    // MARK: - Saving

    /// What a saved game is: the model (the shoe and its generator included), the status
    /// line and the page on screen. The rest follows: the shown score is the model's once
    /// the dealer's play is settled, the clock has started (a hand was dealt) and is not
    /// finished (the game is not over), and no alert is up while a game is in progress.
    private struct Saved: Codable {
        var game: BlackjackGame
        var status: [String]
        var tone: String
        var page: Page
        var aboutOffset: Int
        /// The coach's session (nil in a save from before the coach).
        var coach: BlackjackCoach?
    }

    /// The saved form's version; raise it when `Saved` changes.
    private static let savedVersion = 1

    /// The game as leaving leaves it: a dealer's play still being shown is settled first,
    /// as leaving settles it (`willLeave`), so the resumed table shows the outcome, the
    /// moved score and the next deal, steady.
    func savedState() -> GameSave? {
        guard isInProgress else { return nil }
        var left = self
        _ = left.willLeave()
        let saved = Saved(game: left.game, status: left.status.wordings, tone: Self.name(of: left.status.tone),
                          page: left.page, aboutOffset: left.aboutOffset, coach: left.coach)
        let summary = "score \(left.shownScore), hand \(max(1, left.game.handNumber)) of \(BlackjackGame.handsPerGame)"
        return SavedState.encode(saved, version: Self.savedVersion, summary: summary)
    }

    /// The game `state` (from `savedState()`) describes, going on as it would have (the
    /// same next cards); nil when it does not decode or is not a game in progress.
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(Saved.self, version: Self.savedVersion, from: state),
              saved.game.handNumber > 0, !saved.game.isGameOver,
              let tone = Self.tone(named: saved.tone), saved.aboutOffset >= 0 else { return nil }
        self.init(game: saved.game, scores: context.scores, showsNewGameAlert: false)
        status = StatusLine(saved.status, tone: tone)
        // A drill is not kept: a game left in one resumes on its table.
        page = saved.page == .drill ? .table : saved.page
        aboutOffset = saved.aboutOffset
        // The session's count goes on; whether it is on, and the record, are the player's now.
        coach = BlackjackCoach(settings: context.settings, tallies: context.tallies)
        chosenRules = Self.rules(options: context.options, settings: context.settings)
        pace = AnimationPace(settings: context.settings)
        if let session = saved.coach {
            coach.decisions = session.decisions
            coach.right = session.right
            coach.verdict = session.verdict
        }
        clock.start()
    }

    /// The status line's tones by the names a save keeps them under.
    private static let tones: [(String, StatusLine.Tone)] = [
        ("plain", .plain), ("strong", .strong), ("good", .good), ("bad", .bad), ("warning", .warning),
        ("quiet", .quiet),
    ]

    private static func name(of tone: StatusLine.Tone) -> String {
        tones.first { $0.1 == tone }?.0 ?? "plain"
    }

    private static func tone(named name: String) -> StatusLine.Tone? {
        tones.first { $0.0 == name }?.1
    }

    /// Keep the store's table for the High Scores page.
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        if case .scoresRecorded(_, let entries) = report { scores = entries }
        return []
    }

    /// The end of the game, drawn by the shell under the two hands when it fits there, so
    /// the last hand stays in view; `t` opens the scores as on the table.
    /// The game-over box is up exactly when `gameOver(in:)` builds one; asked without building
    /// it (its message wrapped), which the shell does around every input.
    func showsGameOver(in frame: Frame) -> Bool { alert == .gameOver }

    /// The table's rules (`TableRules.summary`), which the saved game is kept under.
    func saveMode() -> String { tableRules.summary }

    func gameOver(in frame: Frame) -> GameOver<Action>? {
        guard alert == .gameOver else { return nil }
        return GameOver<Action>(title: "Game over", message: Glyphs(theme: frame.theme).plain(gameOverMessage),
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

    /// A click, mapped with the layout the screen is drawn with.
    func action(at point: Point, in frame: Frame) -> Action? {
        let layout = BlackjackLayout(frame: frame)
        switch mode {
        case .about, .highScores:
            return backButton.action(at: point, in: layout.page.back)
        case .rules:
            return ruleAction(at: point, layout: layout) ?? backButton.action(at: point, in: layout.page.back)
        case .chart:
            return chartButtons.action(at: point, in: Self.chartPage(layout).back)
        case .drill:
            return drillButtons(fitting: layout.actions.width).action(at: point, in: layout.actions)
                ?? drillPageButtons.action(at: point, in: layout.betRow)
        case .newGameAlert:
            return newGameButtons.action(at: point, in: newGameDialog.layout(in: layout.body).buttonRow)
        case .gameOver, .dealerPlay, .insurance:
            return nil
        case .betting, .hand:
            // The bet buttons answer when disabled too, so the status line says why the bet stands.
            if layout.lowerBet.contains(point) { return .bet(raising: false) }
            if layout.raiseBet.contains(point) { return .bet(raising: true) }
            return actionButtons(fitting: layout.actions.width).action(at: point, in: layout.actions)
                ?? pageButtons(in: layout.pageButtons).action(at: point, in: layout.pageButtons)
        }
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .selectRule, .changeRule, .changeRuleInRow: break
        default: takeWaitingRules()  // anything but the rules page's own keys: the table takes them first
        }
        switch action {
        case .deal, .hit, .stand, .doubleDown, .split, .surrender, .insurance:
            return page == .drill ? drillPlay(action) : play(action, in: frame)
        case .bet(let raising):
            changeBet(by: raising ? BlackjackGame.betStep : -BlackjackGame.betStep)
        case .show(let shown):
            if page == shown { goBack() } else { open(shown) }
        case .back:
            goBack()
        case .scroll(let lines):
            scrollAbout(by: lines, in: frame)
        case .scrollToEnd(let bottom):
            scrollAbout(by: bottom ? Int.max / 2 : -aboutOffset, in: frame)  // clamped to the last line
        case .moveFocus(let direction):
            var row = newGameButtons.row
            row.moveFocus(direction)
            alertFocus = row.focusedIndex ?? 0
        case .pressFocused:
            return newGameButtons.action(for: .enter).map { perform($0, in: frame) } ?? []
        case .start:
            alertFocus = 0
            showsNewGameAlert = false
        case .playAgain:
            playAgain()
        case .menu:
            return [.leave]
        case .toggleCoach:
            coach.isOn.toggle()
            coach.verdict = coach.isOn ? ["Coach on: each decision is judged; b asks it first.", "Coach on."] : nil
            return [.remember(setting: BlackjackCoach.setting, value: coach.isOn ? "on" : "off")]
        case .coachHint:
            if let hint = BlackjackCoach.hint(for: game) { coach.verdict = hint }
        case .selectRule(let step):
            rulesFocus = min(max(0, rulesFocus + step), RuleRow.allCases.count - 1)
        case .changeRule(by: let step):
            return changeRule(RuleRow.allCases[rulesFocus], by: step)
        case .changeRuleInRow(let index):
            guard RuleRow.allCases.indices.contains(index) else { return [] }
            rulesFocus = index
            return changeRule(RuleRow.allCases[index], by: 1)
        case .moveChartKind(let step):
            moveChartKind(by: step)
        case .showChartKind(let kind):
            chartKind = kind
        case .openDrill:
            openDrill()
        }
        return []
    }

    // MARK: - Pages

    /// Close the page on show: the chart opened from the drill goes back to it, everything
    /// else to the table (which closes the drill).
    private mutating func goBack() {
        if page == .chart, drill != nil { page = .drill; return }
        page = .table
        drill = nil
    }

    /// Scroll the About page by `lines`, keeping its last line at the bottom at most.
    private mutating func scrollAbout(by lines: Int, in frame: Frame) {
        guard page == .about else { return }
        let area = Self.aboutTextArea(BlackjackLayout(frame: frame))
        let longest = max(0, Self.aboutLines(width: area.width, rules: game.rules).count - area.height)
        aboutOffset = min(max(0, aboutOffset + lines), longest)
    }

    /// Show a page, About from its first line (an alert's focus starts over); the chart on
    /// the kind of hand gone wrong most; leaving the drill for the table closes it.
    private mutating func open(_ newPage: Page) {
        if newPage == .chart { chartKind = CoachChart.openingKind(coach.record) }
        if newPage != .chart { drill = nil }
        page = newPage
        aboutOffset = 0
        alertFocus = 0
        rulesFocus = 0
    }

    // MARK: - Playing

    /// Carry out a move if the rules allow it now, and say what happened.
    private mutating func play(_ action: Action, in frame: Frame) -> [GameEffect] {
        if let chosen = action.playerAction {
            guard game.canPerform(chosen) else {
                if let why = refusal(of: chosen) { say(why) }
                return []
            }
            // The coach judges the decision on the table as it stands before the play.
            let tally = coach.judge(chosen, on: game)
            game.perform(chosen)
            return (tally.map { [$0] } ?? []) + showLastEvents(in: frame)
        }
        switch action {
        case .deal:
            guard game.canDeal else { return [] }
            coach.verdict = nil
            game.deal()
            clock.start()
        case .insurance(let take):
            guard game.isInsuranceOffered else { return [] }
            if take { game.takeInsurance() } else { game.declineInsurance() }
        default:
            return []
        }
        return showLastEvents(in: frame)
    }

    /// Why `action` cannot be made now, for the status line (nil: nothing to say, as for a
    /// hit or a stand between hands).
    private func refusal(of action: PlayerAction) -> String? {
        switch action {
        case .hit, .stand: return nil
        case .doubleDown:
            return BlackjackWording.cannotDoubleDown(handInProgress: game.isHandInProgress,
                                                     cardCount: game.playerHand.cards.count)
        case .split: return BlackjackWording.cannotSplit(game)
        case .surrender: return BlackjackWording.cannotSurrender(game)
        }
    }

    /// Turn the model's last events into the status line, sound cues and the dealer's play.
    private mutating func showLastEvents(in frame: Frame) -> [GameEffect] {
        let events = game.lastEvents
        var effects: [GameEffect] = []
        var lead = BlackjackWording.Lead()
        for event in events {
            switch event {
            case .dealt:
                // The player's two opening cards are turned over: one cue each.
                effects += Array(repeating: .sound(.cardDrawn), count: Self.openingCards)
            case .playerDrew:
                effects.append(.sound(.cardDrawn))
            case .reshuffled:
                lead.reshuffle = [BlackjackWording.reshuffled, ""]
            case .split(let rank):
                lead.split = [BlackjackWording.split(rank), ""]
            case .insuranceWon(let amount):
                lead.insurance = BlackjackWording.insurance(won: true, amount: amount)
            case .insuranceLost(let amount):
                lead.insurance = BlackjackWording.insurance(won: false, amount: amount)
            default:
                break
            }
        }
        let draws = Self.playerDraws(in: events, of: game)
        lead.draws = BlackjackWording.draws(draws, naming: game.isSplit)
        if game.isInsuranceOffered {
            status = StatusLine(BlackjackWording.line(lead, then: BlackjackWording.insuranceQuestion(game)), tone: .warning)
            return effects
        }

        guard events.contains(where: { if case .settled = $0 { true } else { false } }) else {
            // The player's turn goes on: the choices are the buttons' (`offeredPlays`).
            let total = draws.isEmpty ? game.playerHand.calculateBestScore() : nil
            say(BlackjackWording.line(lead, then: BlackjackWording.choices(offeredPlays, total: total)))
            return effects
        }
        let dealerDrew = events.contains { if case .dealerDrew = $0 { true } else { false } }
        guard dealerDrew, pace != .off else { return effects + settle(after: lead, in: frame) }
        // The dealer draws: turn the hole card over now, then one card every pause.
        dealerPlay = DealerPlay(shownCards: Self.openingCards)
        let shown = Array(game.dealerHand.cards.prefix(Self.openingCards))
        say(BlackjackWording.line(lead, then: [
            BlackjackWording.dealerRevealed(shown[1], total: HandOfCards(cards: shown).calculateBestScore())]))
        return effects
    }

    /// The cards the player drew in `events` (the last action's, on `game` as it left it),
    /// each with the hand it went to and that hand's total just after it.
    ///
    /// A card goes to the hand in play when the action began, then, after each move to the
    /// next split hand, to that one; so after splitting aces each hand's draw has its own total.
    static func playerDraws(in events: [BlackjackEvent], of game: BlackjackGame) -> [BlackjackWording.Draw] {
        let firstMove = events.lazy.compactMap { event -> Int? in
            if case .movedToHand(let index) = event { index } else { nil }
        }.first
        var hand = firstMove.map { $0 - 1 } ?? game.activeHandIndex
        var drawn: [(hand: Int, card: BlackjackModel.Card)] = []
        for event in events {
            switch event {
            case .movedToHand(let index): hand = index
            case .playerDrew(let card): drawn.append((hand, card))
            default: break
            }
        }
        return drawn.enumerated().compactMap { index, draw in
            guard game.playerHands.indices.contains(draw.hand) else { return nil }
            // The hand's cards up to this one: its later draws in the same action come off the end.
            let later = drawn[(index + 1)...].filter { $0.hand == draw.hand }.count
            let cards = Array(game.playerHands[draw.hand].cards.dropLast(later))
            return BlackjackWording.Draw(hand: draw.hand, card: draw.card,
                                         total: HandOfCards(cards: cards).calculateBestScore())
        }
    }

    /// Turn the dealer's next card over every `dealerCardPause` seconds; the last one settles the hand.
    private mutating func advanceDealerPlay(by elapsed: Double, in frame: Frame) -> [GameEffect] {
        guard var play = dealerPlay else { return [] }
        play.sinceLastCard += pace.factor > 0 ? elapsed / pace.factor : Self.dealerCardPause * 100
        let cards = game.dealerHand.cards
        let shownBefore = play.shownCards
        while play.sinceLastCard >= Self.dealerCardPause && play.shownCards < cards.count {
            play.sinceLastCard -= Self.dealerCardPause
            play.shownCards += 1
        }
        guard play.shownCards < cards.count else { return finishDealerPlay(in: frame) }
        dealerPlay = play
        guard play.shownCards > shownBefore else { return [] }  // no new card yet: the status stands
        let shown = Array(cards.prefix(play.shownCards))
        say(BlackjackWording.dealerDrew(shown[shown.count - 1], total: HandOfCards(cards: shown).calculateBestScore()))
        return []
    }

    /// Show every dealer card and the outcome now (a key, a click, the last tick, or leaving:
    /// no frame, for no game-over box is shown after it).
    private mutating func finishDealerPlay(in frame: Frame?) -> [GameEffect] {
        dealerPlay = nil
        return settle(after: BlackjackWording.Lead(), in: frame)
    }

    /// Put `text` on the status line, in `tone`.
    private mutating func say(_ text: String, tone: StatusLine.Tone = .plain) {
        status = StatusLine([text], tone: tone)
    }

    /// Put `wordings` (fullest first) on the status line, in `tone`.
    private mutating func say(_ wordings: [String], tone: StatusLine.Tone = .plain) {
        status = StatusLine(wordings, tone: tone)
    }

    /// Show the outcome of the settled hand after `lead`: the status line, the score, the
    /// win or loss cue, and at the end of the game the score to record and the alert.
    private mutating func settle(after lead: BlackjackWording.Lead, in frame: Frame?) -> [GameEffect] {
        guard let outcome = game.outcome else { return [] }
        var effects: [GameEffect] = []
        let result = game.isSplit ? BlackjackWording.settledSplit(game)
            : BlackjackWording.settled(outcome, paid: game.handScoreChanges[game.activeHandIndex],
                                       player: game.playerHand.calculateBestScore(),
                                       dealer: game.dealerHand.calculateBestScore())
        // The game-over box's sentence on the last hand: a split's result names its
        // insurance already; a single hand's takes the insurance lead as the line does.
        let sentence = (game.isSplit ? result : BlackjackWording.line(BlackjackWording.Lead(insurance: lead.insurance),
                                                                       then: result)).first ?? ""
        let net = game.totalScoreChange
        let won = game.isSplit ? net > 0 : outcome.isWin, lost = game.isSplit ? net < 0 : outcome.isLoss
        say(BlackjackWording.line(lead, then: result), tone: won ? .good : lost ? .bad : .plain)
        shownScore = game.score
        if won { effects.append(.sound(.handWon)) }
        if lost { effects.append(.sound(.handLost)) }
        if game.isGameOver && clock.finish() {
            let isNewBest = scores.first.map { game.score > $0.score } ?? (game.score > 0)
            gameOverMessage = BlackjackWording.gameOver(lastHand: sentence, score: game.score, hands: game.handNumber,
                                                        isNewBest: isNewBest)
            effects.append(.record(game.score, BlackjackFigures(hands: game.handNumber, won: game.handsWon,
                                                                pushed: game.handsPushed, lost: game.handsLost)))
        }
        return effects
    }

    /// Start over: score 100, hand 1, the default bet; the shoe carries on. The new game
    /// opens as the first did, with the new-game alert.
    private mutating func playAgain() {
        coach.verdict = nil
        if chosenRules == game.rules {
            game.newGame()
        } else {
            // New rules, a new shoe; its seed follows from the last so a replay stays a replay.
            game = BlackjackGame(seed: game.seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407,
                                 rules: chosenRules)
        }
        shownScore = game.score
        clock.reset()
        gameOverMessage = ""
        showsNewGameAlert = true
        alertFocus = 0
        say(BlackjackWording.placeYourBet)
    }

    /// The rules of the next game (the rules page's).
    mutating func setChosenRules(_ rules: TableRules) {
        chosenRules = rules
    }

    /// Put `newGame` on the table before its first deal (the rules page, changing its rules).
    mutating func replaceGame(with newGame: BlackjackGame) {
        game = newGame
        shownScore = game.score
    }

    /// Raise or lower the bet for the next hand by `step`; the model clamps it.
    private mutating func changeBet(by step: Int) {
        let before = game.bet
        game.bet = before + step
        say(BlackjackWording.bet(game.bet, changed: game.bet != before, raising: step > 0,
                                 canChange: game.canChangeBet))
    }

    // MARK: - Buttons (the same values draw and take clicks)

    /// Hit, Stand, Double and Deal, each enabled only when the rules allow it now.
    var actionButtons: ActionButtons<Action> { actionButtons(fitting: .max) }

    /// The decisions the buttons offer now, which the status line names too: the model's
    /// allowed actions, none while the dealer plays or an alert is up.
    var offeredPlays: [PlayerAction] {
        dealerPlay == nil && alert == nil ? game.allowedActions : []
    }

    /// Hit, Stand, Double, Split, Surrender and Deal; on a narrow table Split and Surrender
    /// only when they can be pressed, as many as the row has room for (their keys always work).
    func actionButtons(fitting width: Int) -> ActionButtons<Action> {
        let idle = dealerPlay == nil && alert == nil
        let offered = offeredPlays
        func button(_ play: PlayerAction, _ key: Character, _ action: Action) -> (Button, Action) {
            (Button(BlackjackWording.buttonName(play), hotKey: .character(key), isEnabled: offered.contains(play)), action)
        }
        let split = button(.split, "p", .split), surrender = button(.surrender, "r", .surrender)
        func row(_ extra: [(Button, Action)]) -> [(Button, Action)] {
            [button(.hit, "h", .hit), button(.stand, "s", .stand), button(.doubleDown, "d", .doubleDown)]
                + extra + [(Button("Deal", hotKey: .enter, isEnabled: idle && game.canDeal), .deal)]
        }
        let candidates = [[split, surrender], [split, surrender].filter { $0.0.isEnabled }, [split].filter { $0.0.isEnabled }, []]
        let fitting = candidates.first { ButtonRow(row($0).map(\.0), spacing: 2).width <= width } ?? []
        return ActionButtons(row(fitting), spacing: 2, alignment: .left)
    }

    /// `[ - ]` or `[ + ]`, enabled while the bet can move that way.
    func betButton(raising: Bool) -> Button {
        let canMove = raising ? game.bet < game.maximumBet : game.bet > BlackjackGame.minimumBet
        return Button(raising ? "+" : "-", hotKey: .character(raising ? "+" : "-"),
                      isEnabled: game.canChangeBet && canMove && dealerPlay == nil)
    }

    /// Rules, Chart, About and Top scores, right of the bet, as many as `rect` has room for
    /// (About and the scores always; their keys always work).
    func pageButtons(in rect: Rect) -> ActionButtons<Action> {
        let rules = (Button("Rules", hotKey: .character("o")), Action.show(.rules))
        let chart = (Button("Chart", hotKey: .character("w")), Action.show(.chart))
        let about = (Button("About", hotKey: .character("a")), Action.show(.about))
        func scores(_ name: String) -> (Button, Action) { (Button(name, hotKey: .character("t")), .show(.highScores)) }
        let candidates: [ActionButtons<Action>] = [
            ActionButtons([rules, chart, about, scores("Top scores")], spacing: 2, alignment: .right),
            ActionButtons([rules, chart, about, scores("Scores")], spacing: 1, alignment: .right),
            ActionButtons([rules, about, scores("Top scores")], spacing: 2, alignment: .right),
        ]
        return candidates.first { $0.row.width <= rect.width }
            ?? ActionButtons([about, scores("Top scores")], spacing: 2, alignment: .right)
    }

    /// The Back button under the About and High Scores pages.
    var backButton: ActionButtons<Action> {
        ActionButtons([(Button("Back", hotKey: .escape), .back)], alignment: .center)
    }

    /// The new-game alert's Start and About, the focused one marked.
    var newGameButtons: ActionButtons<Action> {
        var buttons = ActionButtons<Action>([(Button("Start", hotKey: .character("s")), .start),
                                             (Button("About", hotKey: .character("a")), .show(.about))])
        buttons.buttons[min(max(0, alertFocus), buttons.buttons.count - 1)].button.isFocused = true
        return buttons
    }

    /// The new-game alert as drawn, centred under the header.
    var newGameDialog: Dialog {
        Dialog(title: "New game", message: BlackjackWording.newGameMessage, buttons: newGameButtons.row.buttons,
               preferredWidth: 44)
    }
}

/// What a Blackjack score is kept with: the hands played, and how many were won, pushed
/// and lost (nil in entries kept without them).
struct BlackjackFigures: ScoreFigures, Equatable {
    var hands: Int
    var won: Int?
    var pushed: Int?
    var lost: Int?

    var stored: [String: String] {
        var figures = ["hands": String(hands)]
        if let won { figures["won"] = String(won) }
        if let pushed { figures["pushed"] = String(pushed) }
        if let lost { figures["lost"] = String(lost) }
        return figures
    }

    init(hands: Int, won: Int? = nil, pushed: Int? = nil, lost: Int? = nil) {
        self.hands = hands
        self.won = won
        self.pushed = pushed
        self.lost = lost
    }

    init?(stored: [String: String]) {
        guard let hands = stored["hands"].flatMap({ Int($0) }) else { return nil }
        self.init(hands: hands, won: stored["won"].flatMap { Int($0) }, pushed: stored["pushed"].flatMap { Int($0) },
                  lost: stored["lost"].flatMap { Int($0) })
    }
}
