import ArcadeRecords
import ArcadeUI
import BlackjackModel

/// The Blackjack table, the game itself: the model, the status line, the dealer's play as
/// it is shown, the score as shown, the new-game alert, the coach, and the rules the next
/// game is played by. `BlackjackScreen` hosts it with its pages; its keys are the screen's
/// `Action`s (`h` hit, `s` stand, ...), looked up in the screen's one table.
///
/// The model (`BlackjackGame`) settles a hand at once; the table shows it the way a real
/// one would: the dealer turns the hole card over and draws card by card, half a second
/// apart, and only then the status line names the outcome and the score moves.
struct BlackjackTable {
    typealias Action = BlackjackScreen.Action
    typealias Alert = BlackjackScreen.Alert

    /// The dealer playing out a hand on screen, one card at a time.
    struct DealerPlay: Equatable {
        /// How many of the dealer's cards are on the table face up (the hole card included).
        var shownCards: Int
        /// Seconds since the last card was turned over.
        var sinceLastCard = 0.0
    }

    /// Seconds between two dealer cards turned over.
    static let dealerCardPause = 0.5
    /// Cards each side gets at the deal; the dealer's second is the hole card.
    static let openingCards = 2

    private(set) var game: BlackjackGame
    /// The line under the cards: what just happened and what the player can do.
    var status = StatusLine([BlackjackWording.placeYourBet])
    /// The dealer's play while it is being shown, nil otherwise.
    private(set) var dealerPlay: DealerPlay?
    /// How fast the dealer turns cards over (the animations setting): off shows them at once.
    var pace = AnimationPace.normal
    /// The score as shown: it moves when the outcome is shown, not when the model settles.
    private(set) var shownScore: Int
    /// The recorded scores of this game, best first.
    var scores: [ScoreEntry]
    /// True until the player closes the new-game alert.
    var showsNewGameAlert = true
    /// The focused button of the new-game alert.
    var alertFocus = 0
    /// The game-over box's message, fixed when the game ends.
    private(set) var gameOverMessage = ""
    /// Started at the first deal and finished when the game ends, so its score is recorded
    /// once (Blackjack shows no time, so the clock gets no ticks).
    var clock = PlayClock()
    /// The basic-strategy coach, on or off, and its record.
    var coach = BlackjackCoach()
    /// The house rules the next game is played by (the game on the table keeps its own,
    /// `game.rules`, until it ends, unless no hand was dealt yet).
    private(set) var chosenRules = TableRules()
    /// True while rules changed before the first deal wait to be put on the table
    /// (`choose`, `takeWaitingRules`).
    private(set) var rulesAwaitTable = false

    /// A table over `game` as it stands.
    init(game: BlackjackGame, scores: [ScoreEntry], showsNewGameAlert: Bool) {
        self.game = game
        self.scores = scores
        self.showsNewGameAlert = showsNewGameAlert
        shownScore = game.score
        chosenRules = game.rules
    }

    var isInProgress: Bool { game.handNumber > 0 && !game.isGameOver }

    /// The alert on the table, if any (the game-over one waits for the dealer's play to finish).
    var alert: Alert? {
        if showsNewGameAlert { return .newGame }
        if game.isGameOver && game.handNumber > 0 && dealerPlay == nil { return .gameOver }
        return nil
    }

    /// What the keys do on the table now.
    var mode: BlackjackScreen.Mode {
        switch alert {
        case .newGame?: return .newGameAlert
        case .gameOver?: return .gameOver
        case nil: break
        }
        if dealerPlay != nil { return .dealerPlay }
        if game.isInsuranceOffered { return .insurance }
        return game.isHandInProgress ? .hand : .betting
    }

    /// Do one of the table's actions (the pages' and the alert's buttons are the screen's).
    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .deal, .hit, .stand, .doubleDown, .split, .surrender, .insurance:
            return play(action, in: frame)
        case .bet(let raising):
            changeBet(by: raising ? BlackjackGame.betStep : -BlackjackGame.betStep)
        case .moveFocus(let direction):
            var row = newGameButtons.row
            row.moveFocus(direction)
            alertFocus = row.focusedIndex ?? 0
        case .start:
            alertFocus = 0
            showsNewGameAlert = false
        case .playAgain:
            playAgain()
        case .toggleCoach:
            coach.isOn.toggle()
            coach.verdict = coach.isOn ? ["Coach on: each decision is judged; b asks it first.", "Coach on."] : nil
            return [.remember(setting: BlackjackCoach.setting, value: coach.isOn ? "on" : "off")]
        case .coachHint:
            if let hint = BlackjackCoach.hint(for: game) { coach.verdict = hint }
        default:
            break
        }
        return []
    }

    /// The dealer's play goes on by `seconds`.
    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        advanceDealerPlay(by: seconds, in: frame)
    }

    /// Show every dealer card and the outcome now (a key, a click, the last tick, or leaving:
    /// no frame, for no game-over box is shown after it).
    mutating func finishDealerPlay(in frame: Frame?) -> [GameEffect] {
        dealerPlay = nil
        return settle(after: BlackjackWording.Lead(), in: frame)
    }

    // MARK: - Rules

    /// The rules of the next game (the rules page's), kept as the player sets them. Before
    /// the first deal of a game the table takes them too (a new shoe, the same seed), as the
    /// title line says at once; the shoe is shuffled when the player next does anything but
    /// change a rule (`takeWaitingRules`), so a flood of changes shuffles one shoe, not one each.
    mutating func choose(_ rules: TableRules) {
        chosenRules = rules
        if game.handNumber == 0 { rulesAwaitTable = true }
    }

    /// Put the rules changed before the first deal on the table: a new shoe, the same seed.
    mutating func takeWaitingRules() {
        guard rulesAwaitTable else { return }
        rulesAwaitTable = false
        game = BlackjackGame(seed: game.seed, rules: chosenRules)
        shownScore = game.score
    }

    /// The rules of the game on the table: the chosen ones while they wait for it (`choose`).
    var tableRules: TableRules {
        rulesAwaitTable ? chosenRules : game.rules
    }

    /// The rules of the next game, set without waiting for the table (a resumed game's).
    mutating func setChosenRules(_ rules: TableRules) {
        chosenRules = rules
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

    /// A click on the bet, action or page buttons. The bet buttons answer when disabled too,
    /// so the status line says why the bet stands.
    func action(at point: Point, layout: BlackjackLayout) -> Action? {
        if layout.lowerBet.contains(point) { return .bet(raising: false) }
        if layout.raiseBet.contains(point) { return .bet(raising: true) }
        return actionButtons(fitting: layout.actions.width).action(at: point, in: layout.actions)
            ?? pageButtons(in: layout.pageButtons).action(at: point, in: layout.pageButtons)
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
