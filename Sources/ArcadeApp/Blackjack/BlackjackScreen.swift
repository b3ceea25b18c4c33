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
/// Keys: Enter/Space deal, `h` hit, `s` stand, `d` double down, `+`/`-` bet, `a` About,
/// `t` the top scores. The shell keeps `q`, `?` and Esc (Esc closes About and High Scores
/// first). Two alerts only: one when a game opens (the first, and each played again), one
/// when it ends.
struct BlackjackScreen: LegacyGameScreen {
    /// What fills the area under the header.
    enum Page: Equatable {
        case table
        case about
        case highScores
    }

    /// The modal alerts: the new-game welcome and the end of the game.
    enum Alert: Equatable {
        case newGame
        case gameOver
    }

    /// The dealer playing out a hand on screen, one card at a time.
    struct DealerPlay: Equatable {
        /// How many of the dealer's cards are on the table face up (the hole card included).
        var shownCards: Int
        /// Seconds since the last card was turned over.
        var sinceLastCard = 0.0
    }

    /// The colour the status line takes, so a settled hand stands out.
    enum StatusTone: Equatable {
        case plain
        case won
        case lost
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
    private(set) var status = BlackjackWording.placeYourBet
    private(set) var page = Page.table
    /// The dealer's play while it is being shown, nil otherwise.
    private(set) var dealerPlay: DealerPlay?
    /// The score as shown: it moves when the outcome is shown, not when the model settles.
    private(set) var shownScore: Int
    /// The recorded scores of this game, best first.
    private(set) var scores: [ScoreEntry]
    /// True until the player closes the new-game alert.
    private(set) var showsNewGameAlert = true
    /// The focused button of the alert on screen.
    private(set) var alertFocus = 0
    /// The game-over alert's message, fixed when the game ends.
    private var gameOverMessage = ""
    /// Whether this game's final score went to the score store.
    private var isScoreRecorded = false
    /// The first line of the About page shown (it scrolls when the terminal is short).
    private(set) var aboutOffset = 0
    /// How the status line reads: plain, or the colour of a won or lost hand.
    private(set) var statusTone = StatusTone.plain

    /// The size and theme the screen is drawn at, for mapping clicks to what was drawn.
    private var size: Size
    private let theme: Theme

    /// A new game with a shuffled six-deck shoe.
    init(seed: UInt64, size: Size, theme: Theme, scores: [ScoreEntry]) {
        self.init(game: BlackjackGame(seed: seed), size: size, theme: theme, scores: scores)
    }

    /// A screen over `game` as it stands (tests stack the shoe with `stackedCards`).
    init(game: BlackjackGame, size: Size, theme: Theme, scores: [ScoreEntry] = [], showsNewGameAlert: Bool = true) {
        self.game = game
        self.size = size
        self.theme = theme
        self.scores = scores
        self.showsNewGameAlert = showsNewGameAlert
        shownScore = game.score
    }

    // MARK: - GameScreen

    var minimumSize: Size { Size(width: 60, height: 16) }
    var wantsTicks: Bool { dealerPlay != nil }
    var isInProgress: Bool { game.handNumber > 0 && !game.isGameOver }

    /// The alert on screen, if any (the game-over one waits for the dealer's play to finish).
    var alert: Alert? {
        guard page == .table else { return nil }
        if showsNewGameAlert { return .newGame }
        if game.isGameOver && game.handNumber > 0 && dealerPlay == nil { return .gameOver }
        return nil
    }

    /// Esc closes About and High Scores; on the table and the alerts it is the shell's (leave).
    func consumes(_ key: Key) -> Bool {
        key == .escape && page != .table
    }

    var keyHints: [KeyHint] {
        if page == .about { return [KeyHint("Esc", "back"), KeyHint("↑ ↓", "scroll")] }
        if page == .highScores { return [KeyHint("Esc", "back")] }
        switch alert {
        case .newGame?: return [KeyHint("Enter", "start"), KeyHint("a", "about")]
        case .gameOver?: return [KeyHint("p", "play again"), KeyHint("t", "scores")]  // the shell adds "q menu"
        case nil: break
        }
        if dealerPlay != nil { return [KeyHint("any key", "skip")] }
        if game.isHandInProgress {
            return [KeyHint("h", "hit"), KeyHint("s", "stand"), KeyHint("d", "double down")]
        }
        return [KeyHint("Enter", "deal"), KeyHint("+ -", "bet"), KeyHint("a", "about"), KeyHint("t", "scores")]
    }

    var help: HelpSheet {
        HelpSheet(
            title: "Blackjack",
            keys: [
                KeyHint("Enter Space", "deal the next hand"),
                KeyHint("h s d", "hit, stand or double down"),
                KeyHint("+ -", "raise or lower the bet by \(BlackjackGame.betStep)"),
                KeyHint("a", "about: the rules and house rules"),
                KeyHint("↑ ↓ PgUp PgDn", "scroll the About page"),
                KeyHint("Home End", "the top or bottom of the About page"),
                KeyHint("t", "the top \(Self.highScoreCount) scores"),
                KeyHint("any key", "during the dealer's play: show it all"),
                KeyHint("click", "any button"),
            ],
            notes: [
                "Five hands from 100 points; a won hand adds the bet, a lost one takes it. "
                    + "The dealer stands on all 17s; a natural pays even money.",
            ])
    }

    /// Keys, clicks, ticks for the dealer's play, and resizes (which the click layout follows).
    mutating func update(_ input: Input) -> [GameEffect] {
        switch input {
        case .tick(let elapsed):
            return advanceDealerPlay(by: elapsed)
        case .resize(let newSize):
            size = newSize
            return []
        case .key(let key):
            if dealerPlay != nil { return finishDealerPlay() }
            return handle(key)
        case .mouse(let event) where event.action == .press:
            if dealerPlay != nil { return finishDealerPlay() }
            return click(at: event.at)
        case .mouse(let event) where event.action == .wheelUp || event.action == .wheelDown:
            scrollAbout(by: event.action == .wheelUp ? -1 : 1)
            return []
        case .mouse:
            return []
        }
    }

    /// Leaving during the dealer's play settles the hand, so a finished game's score is kept.
    mutating func willLeave() -> [GameEffect] {
        guard dealerPlay != nil else { return [] }
        // Leaving mid-play: the outcome counts, but no sound plays on the way out.
        return finishDealerPlay().filter { if case .sound = $0 { false } else { true } }
    }

    /// Keep the store's table for the High Scores page.
    mutating func scoresChanged(_ entries: [ScoreEntry]) {
        scores = entries
    }

    // MARK: - Keys and clicks

    /// The actions of the table's buttons, in the order they are drawn.
    enum Action: CaseIterable {
        case hit, stand, doubleDown, deal
    }

    /// A key on the page, the alert or the table on screen.
    private mutating func handle(_ key: Key) -> [GameEffect] {
        if page != .table { return handlePage(key) }
        switch alert {
        case .newGame?: return handleAlert(.newGame, key)
        case .gameOver?: return handleGameOverAlert(key)
        case nil: break
        }
        switch key {
        case .enter, .space: return perform(.deal)
        case .character("h"), .character("H"): return perform(.hit)
        case .character("s"), .character("S"): return perform(.stand)
        case .character("d"), .character("D"): return perform(.doubleDown)
        case .character("+"), .character("="): changeBet(by: BlackjackGame.betStep)
        case .character("-"), .character("_"): changeBet(by: -BlackjackGame.betStep)
        case .character("a"), .character("A"): open(.about)
        case .character("t"), .character("T"): open(.highScores)
        default: break
        }
        return []
    }

    /// A click, mapped with the layout the screen was drawn with.
    private mutating func click(at point: Point) -> [GameEffect] {
        let layout = BlackjackLayout(size: size)
        if page != .table {
            if backButton.index(at: point, in: layout.page.back) != nil { page = .table }
            return []
        }
        if let alert {
            let dialog = self.dialog(for: alert, ascii: theme.ascii)
            guard let index = dialog.buttonIndex(at: point, in: alertArea(alert, layout)) else { return [] }
            return pressAlertButton(index, of: alert)
        }
        if let index = actionButtons.index(at: point, in: layout.actions) {
            return perform(Action.allCases[index])
        }
        if betButton(raising: false).contains(point, drawnAt: layout.lowerBet.origin) {
            changeBet(by: -BlackjackGame.betStep)
        } else if betButton(raising: true).contains(point, drawnAt: layout.raiseBet.origin) {
            changeBet(by: BlackjackGame.betStep)
        }
        switch pageButtons.index(at: point, in: layout.pageButtons) {
        case 0?: open(.about)
        case 1?: open(.highScores)
        default: break
        }
        return []
    }

    /// Keys on the About and High Scores pages: back, switch page, scroll.
    private mutating func handlePage(_ key: Key) -> [GameEffect] {
        switch key {
        case .escape, .enter, .space, .backspace:
            page = .table
        case .character("a"), .character("A"):
            if page == .about { page = .table } else { open(.about) }
        case .character("t"), .character("T"):
            if page == .highScores { page = .table } else { open(.highScores) }
        case .up, .character("k"):
            scrollAbout(by: -1)
        case .down, .character("j"):
            scrollAbout(by: 1)
        case .pageUp:
            scrollAbout(by: -Self.aboutPageStep)
        case .pageDown:
            scrollAbout(by: Self.aboutPageStep)
        case .home:
            scrollAbout(by: -aboutOffset)
        case .end:
            scrollAbout(by: Int.max / 2)  // clamped to the last line at the bottom
        default:
            break
        }
        return []
    }

    /// Scroll the About page by `lines`, keeping its last line at the bottom at most.
    private mutating func scrollAbout(by lines: Int) {
        guard page == .about else { return }
        let area = Self.aboutTextArea(BlackjackLayout(size: size))
        let longest = max(0, Self.aboutLines(width: area.width).count - area.height)
        aboutOffset = min(max(0, aboutOffset + lines), longest)
    }

    /// Show About or High Scores, About from its first line.
    private mutating func open(_ newPage: Page) {
        page = newPage
        aboutOffset = 0
    }

    /// The game-over alert's keys: its buttons', and `t` for the scores as on the table.
    private mutating func handleGameOverAlert(_ key: Key) -> [GameEffect] {
        if key == .character("t") || key == .character("T") { return pressAlertButton(1, of: .gameOver) }
        return handleAlert(.gameOver, key)
    }

    /// Keys on an alert: its buttons' hot keys, Enter/Space on the focused one, arrows and Tab move focus.
    private mutating func handleAlert(_ alert: Alert, _ key: Key) -> [GameEffect] {
        var dialog = self.dialog(for: alert)
        switch key {
        case .left, .backTab: dialog.moveFocus(.left)
        case .right, .tab: dialog.moveFocus(.right)
        default:
            guard let index = dialog.buttonIndex(for: key) else { return [] }
            return pressAlertButton(index, of: alert)
        }
        alertFocus = dialog.focusedIndex ?? 0
        return []
    }

    /// Do what button `index` of `alert` says: start, About, play again, High Scores, or the menu.
    private mutating func pressAlertButton(_ index: Int, of alert: Alert) -> [GameEffect] {
        alertFocus = 0
        switch (alert, index) {
        case (.newGame, 0):
            showsNewGameAlert = false
        case (.newGame, _):
            open(.about)
        case (.gameOver, 0):
            playAgain()
        case (.gameOver, 1):
            open(.highScores)
        case (.gameOver, _):
            return [.leave]
        }
        return []
    }

    // MARK: - Playing

    /// Carry out `action` if the rules allow it now, and say what happened.
    private mutating func perform(_ action: Action) -> [GameEffect] {
        switch action {
        case .deal:
            guard game.canDeal else { return [] }
            game.deal()
        case .hit:
            guard game.isHandInProgress else { return [] }
            game.hit()
        case .stand:
            guard game.isHandInProgress else { return [] }
            game.stand()
        case .doubleDown:
            guard game.canDoubleDown else {
                say(BlackjackWording.cannotDoubleDown(handInProgress: game.isHandInProgress,
                                                      cardCount: game.playerHand.cards.count))
                return []
            }
            game.doubleDown()
        }
        return showLastEvents()
    }

    /// Turn the model's last events into the status line, sound cues and the dealer's play.
    private mutating func showLastEvents() -> [GameEffect] {
        let events = game.lastEvents
        var effects: [GameEffect] = []
        var sentences: [String] = []
        for event in events {
            switch event {
            case .dealt:
                // The player's two opening cards are turned over: one cue each.
                effects += Array(repeating: .sound(.cardDrawn), count: Self.openingCards)
            case .playerDrew(let card):
                effects.append(.sound(.cardDrawn))
                sentences.append(BlackjackWording.playerDrew(card, total: game.playerHand.calculateBestScore()))
            default:
                break
            }
        }
        let prefix = events.contains(.reshuffled) ? BlackjackWording.reshuffling : ""
        let drewSentence = sentences.first.map { $0 + ". " } ?? ""

        guard events.contains(where: { if case .settled = $0 { true } else { false } }) else {
            // The player's turn goes on.
            let choices = sentences.isEmpty
                ? BlackjackWording.dealt(total: game.playerHand.calculateBestScore(), canDoubleDown: game.canDoubleDown)
                : BlackjackWording.choices(canDoubleDown: game.canDoubleDown)
            say(prefix + drewSentence + choices)
            return effects
        }
        let dealerDrew = events.contains { if case .dealerDrew = $0 { true } else { false } }
        guard dealerDrew else { return effects + settle(appendingTo: prefix + drewSentence) }
        // The dealer draws: turn the hole card over now, then one card every pause.
        dealerPlay = DealerPlay(shownCards: Self.openingCards)
        let shown = Array(game.dealerHand.cards.prefix(Self.openingCards))
        say(prefix + drewSentence
            + BlackjackWording.dealerRevealed(shown[1], total: HandOfCards(cards: shown).calculateBestScore()))
        return effects
    }

    /// Turn the dealer's next card over every `dealerCardPause` seconds; the last one settles the hand.
    private mutating func advanceDealerPlay(by elapsed: Double) -> [GameEffect] {
        guard var play = dealerPlay else { return [] }
        play.sinceLastCard += elapsed
        let cards = game.dealerHand.cards
        let shownBefore = play.shownCards
        while play.sinceLastCard >= Self.dealerCardPause && play.shownCards < cards.count {
            play.sinceLastCard -= Self.dealerCardPause
            play.shownCards += 1
        }
        guard play.shownCards < cards.count else { return finishDealerPlay() }
        dealerPlay = play
        guard play.shownCards > shownBefore else { return [] }  // no new card yet: the status stands
        let shown = Array(cards.prefix(play.shownCards))
        say(BlackjackWording.dealerDrew(shown[shown.count - 1], total: HandOfCards(cards: shown).calculateBestScore()))
        return []
    }

    /// Show every dealer card and the outcome now (a key, a click, the last tick, or leaving).
    private mutating func finishDealerPlay() -> [GameEffect] {
        dealerPlay = nil
        return settle(appendingTo: "")
    }

    /// Put `text` on the status line, in `tone`.
    private mutating func say(_ text: String, tone: StatusTone = .plain) {
        status = text
        statusTone = tone
    }

    /// Show the outcome of the settled hand after `lead`: the status line, the score, the
    /// win or loss cue, and at the end of the game the score to record and the alert.
    private mutating func settle(appendingTo lead: String) -> [GameEffect] {
        guard let outcome = game.outcome else { return [] }
        var effects: [GameEffect] = []
        let sentence = BlackjackWording.settled(outcome, stake: game.stake,
                                                player: game.playerHand.calculateBestScore(),
                                                dealer: game.dealerHand.calculateBestScore())
        say(lead + sentence, tone: outcome.isWin ? .won : outcome.isLoss ? .lost : .plain)
        shownScore = game.score
        if outcome.isWin { effects.append(.sound(.handWon)) }
        if outcome.isLoss { effects.append(.sound(.handLost)) }
        if game.isGameOver && !isScoreRecorded {
            isScoreRecorded = true
            let isNewBest = scores.first.map { game.score > $0.score } ?? (game.score > 0)
            gameOverMessage = BlackjackWording.gameOver(lastHand: sentence, score: game.score, hands: game.handNumber,
                                                        isNewBest: isNewBest)
            alertFocus = 0
            effects.append(.recordScore(game.score, figures: ["hands": String(game.handNumber)]))
        }
        return effects
    }

    /// Start over: score 100, hand 1, the default bet; the shoe carries on. The new game
    /// opens as the first did, with the new-game alert.
    private mutating func playAgain() {
        game.newGame()
        shownScore = game.score
        isScoreRecorded = false
        gameOverMessage = ""
        showsNewGameAlert = true
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
    var actionButtons: ButtonRow {
        let idle = dealerPlay == nil && alert == nil
        let playing = idle && game.isHandInProgress
        return ButtonRow([
            Button("Hit", hotKey: .character("h"), isEnabled: playing),
            Button("Stand", hotKey: .character("s"), isEnabled: playing),
            Button("Double", hotKey: .character("d"), isEnabled: idle && game.canDoubleDown),
            Button("Deal", hotKey: .enter, isEnabled: idle && game.canDeal),
        ], spacing: 2, alignment: .left)
    }

    /// `[ - ]` or `[ + ]`, enabled while the bet can move that way.
    func betButton(raising: Bool) -> Button {
        let canMove = raising ? game.bet < game.maximumBet : game.bet > BlackjackGame.minimumBet
        return Button(raising ? "+" : "-", hotKey: .character(raising ? "+" : "-"),
                      isEnabled: game.canChangeBet && canMove && dealerPlay == nil)
    }

    /// About and Top scores, right of the bet.
    var pageButtons: ButtonRow {
        ButtonRow([Button("About", hotKey: .character("a")), Button("Top scores", hotKey: .character("t"))],
                  spacing: 2, alignment: .right)
    }

    /// The Back button under the About and High Scores pages.
    var backButton: ButtonRow {
        ButtonRow([Button("Back", hotKey: .escape)], alignment: .center)
    }

    /// Where `alert` is centred: the whole area under the header, except that the game-over
    /// alert goes under the two hands when it fits there, so the last hand stays in view.
    func alertArea(_ alert: Alert, _ layout: BlackjackLayout) -> Rect {
        guard alert == .gameOver else { return layout.body }
        let underHands = Rect(x: layout.body.x, y: layout.playerCards.maxY, width: layout.body.width,
                              height: layout.body.maxY - layout.playerCards.maxY)
        let needed = dialog(for: alert).layout(in: layout.body).box.height
        return underHands.height >= needed ? underHands : layout.body
    }

    /// The alert as drawn, with its buttons and the current focus (`ascii` spells its dashes `-`).
    func dialog(for alert: Alert, ascii: Bool = false) -> Dialog {
        var dialog: Dialog
        switch alert {
        case .newGame:
            dialog = Dialog(title: "New game", message: BlackjackWording.newGameMessage, buttons: [
                Button("Start", hotKey: .character("s")),
                Button("About", hotKey: .character("a")),
            ], preferredWidth: 44)
        case .gameOver:
            dialog = Dialog(title: "Game over", message: BlackjackWording.plain(gameOverMessage, ascii: ascii), buttons: [
                Button("Play again", hotKey: .character("p")),
                Button("High scores", hotKey: .character("h")),
                Button("Back to menu", hotKey: .character("m")),
            ], preferredWidth: 44)
        }
        dialog.buttons[alertFocus.clamped(to: 0...(dialog.buttons.count - 1))].isFocused = true
        return dialog
    }
}

extension Comparable {
    /// The value held within `range`.
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
