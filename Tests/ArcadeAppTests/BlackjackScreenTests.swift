import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Testing

@testable import ArcadeApp

/// The blackjack screen: snapshots of the table, the alerts and the pages, and every
/// input's whole effect (status line, cues, score, the dealer's play over ticks).
///
/// Hands are scripted by stacking the shoe: cards go player, dealer, player, dealer
/// (the hole card), then each card drawn in order.
@Suite struct BlackjackScreenTests {
    init() { prepareForDrawing() }

    static let size = Size(width: 80, height: 23)
    /// The smallest table, with small cards.
    static let small = Frame(size: Size(width: 60, height: 16))
    private let frame = Frame.game80x23

    private typealias Card = BlackjackModel.Card

    /// A screen over a game whose shoe starts with `cards`, past the new-game alert.
    private func table(_ cards: [Card] = [], decks: Int = BlackjackGame.defaultDeckCount,
                       scores: [ScoreEntry] = []) -> BlackjackScreen {
        BlackjackScreen(game: BlackjackGame(seed: 11, decks: decks, stackedCards: cards), scores: scores,
                        showsNewGameAlert: false)
    }

    /// A shell (80×24, in `theme`) showing `screen`, as the arcade does: it draws the
    /// game-over box and takes its keys.
    private func shell(showing screen: BlackjackScreen, theme: Theme = Theme()) -> TestShell {
        let info = GameInfo(id: .blackjack, summary: "Blackjack", make: { _ in screen })
        var shell = TestShell(games: [info], size: Size(width: 80, height: 24), theme: theme, seed: { 11 })
        shell.open(.blackjack)
        return shell
    }

    /// The game's part of the shell's screen: every line but the key line.
    private func gameText(_ shell: TestShell) -> String {
        shell.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(separator: "\n")
    }

    /// Click `label` where the shell draws it.
    private func click(_ label: String, on shell: inout TestShell,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let at = Self.point(of: label, in: shell.text) else {
            Issue.record("\(label) is not on screen", sourceLocation: sourceLocation)
            return
        }
        shell.update(.mouse(MouseEvent(.press, at: at)))
    }

    /// A table whose five hands were dealt and stood on, and won: the game-over alert is up.
    private func tableAfterFiveWonHands() -> BlackjackScreen {
        var screen = table(Array(repeating: winningHand, count: BlackjackGame.handsPerGame).flatMap { $0 })
        for _ in 0..<BlackjackGame.handsPerGame {
            _ = screen.update(.key(.enter))
            _ = screen.update(.key(.character("s")))
        }
        return screen
    }

    private func text(_ screen: BlackjackScreen, size: Size = size, theme: Theme = Theme()) -> String {
        var grid = CellGrid(size: size, theme: theme)
        screen.render(into: &grid)
        return grid.text
    }

    /// Where `label` is drawn in `text`, for clicking it.
    private static func point(of label: String, in text: String) -> Point? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (row, line) in lines.enumerated() {
            if let range = line.range(of: label) {
                return Point(x: line.distance(from: line.startIndex, to: range.lowerBound) + 1, y: row)
            }
        }
        return nil
    }

    private func click(_ label: String, on screen: inout BlackjackScreen,
                       sourceLocation: SourceLocation = #_sourceLocation) -> [GameEffect] {
        guard let at = Self.point(of: label, in: text(screen)) else {
            Issue.record("\(label) is not on screen", sourceLocation: sourceLocation)
            return []
        }
        return screen.update(.mouse(MouseEvent(.press, at: at)))
    }

    /// Player 9♠ 4♥, dealer K♦ and 7♣ (hole), then the player's Ace.
    private let aceHand: [Card] = [
        Card(.nine, of: .spades), Card(.king, of: .diamonds), Card(.four, of: .hearts), Card(.seven, of: .clubs),
        Card(.ace, of: .spades),
    ]

    /// Player 10♠ 9♥ (19); dealer 2♣ 3♦ (5), who then draws 4♠, 5♥ and 6♣ (20).
    private let longDealerHand: [Card] = [
        Card(.ten, of: .spades), Card(.two, of: .clubs), Card(.nine, of: .hearts), Card(.three, of: .diamonds),
        Card(.four, of: .spades), Card(.five, of: .hearts), Card(.six, of: .clubs),
    ]

    /// One winning hand: player 10♠ 9♥ (19) against the dealer's 10♦ 8♣ (18), who stands.
    private let winningHand: [Card] = [
        Card(.ten, of: .spades), Card(.ten, of: .diamonds), Card(.nine, of: .hearts), Card(.eight, of: .clubs),
    ]

    // MARK: - Snapshots

    @Test func theNewGameAlertGreetsThePlayer() {
        let screen = BlackjackScreen(seed: 11, scores: [])
        #expect(screen.alert == .newGame)
        assertSnapshot(text(screen), named: "blackjack-new-game-80x23")
    }

    @Test func aHandInProgress() {
        var screen = table(aceHand)
        #expect(screen.update(.key(.enter)) == [.sound(.cardDrawn), .sound(.cardDrawn)])
        #expect(screen.status.text == "You have 13. You can Hit, Stand, Double down or Surrender")
        #expect(screen.update(.key(.character("h"))) == [.sound(.cardDrawn)])
        #expect(screen.status.text == "You drew an Ace (14). You can Hit or Stand")
        #expect(screen.isInProgress)
        assertSnapshot(text(screen), named: "blackjack-hand-in-progress-80x23")
    }

    @Test func aFinishedHandStaysOnTheTableUntilTheNextDeal() {
        var screen = table(longDealerHand)
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("s")))
        for _ in 0..<3 { _ = screen.update(.tick(BlackjackTable.dealerCardPause)) }
        #expect(screen.dealerPlay == nil)
        #expect(screen.status.text == "You lose 50 — 19 against 20")
        assertSnapshot(text(screen), named: "blackjack-finished-hand-80x23")
        // Bet keys do not clear the table.
        _ = screen.update(.key(.character("+")))
        #expect(text(screen).contains("Dealer: 20"))
    }

    @Test func theGameOverAlert() {
        var screen = table(Array(repeating: winningHand, count: BlackjackGame.handsPerGame).flatMap { $0 },
                           scores: [ScoreEntry(score: 300, date: "2026-11-29 18:30", player: "ann",
                                               figures: ["hands": "5"])])
        var effects: [GameEffect] = []
        for _ in 0..<BlackjackGame.handsPerGame {
            _ = screen.update(.key(.enter))
            effects = screen.update(.key(.character("s")))
        }
        #expect(effects == [.sound(.handWon), .recordScore(350, figures: ["hands": "5", "won": "5", "pushed": "0", "lost": "0"])])
        #expect(screen.alert == .gameOver)
        #expect(!screen.isInProgress)
        // The shell draws the box, under the two hands.
        assertSnapshot(gameText(shell(showing: screen)), named: "blackjack-game-over-80x23")
        let ascii = shell(showing: screen, theme: Theme(colorMode: .monochrome, ascii: true)).text
        let onlyASCII = ascii.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(onlyASCII && ascii.contains("You win 50 - 19 against 18."))
    }

    @Test func theAboutPage() {
        var screen = table()
        _ = screen.update(.key(.character("a")))
        #expect(screen.page == .about)
        assertSnapshot(text(screen), named: "blackjack-about-80x23")
    }

    @Test func theHighScoresPage() {
        let entries = [
            ScoreEntry(score: 450, date: "2026-11-30 09:12", player: "ann", figures: ["hands": "5"]),
            ScoreEntry(score: 250, date: "2026-11-28 21:40", player: "bob", figures: ["hands": "5"]),
            ScoreEntry(score: 0, date: "2026-11-27 08:05", player: "ann", figures: ["hands": "3"]),
        ]
        var screen = table(scores: entries)
        _ = screen.update(.key(.character("t")))
        #expect(screen.page == .highScores)
        assertSnapshot(text(screen), named: "blackjack-high-scores-80x23")
    }

    @Test func theHighScoresPageListsTheTopTenAndFollowsTheStore() {
        var screen = table()
        _ = screen.update(.key(.character("t")))
        #expect(text(screen).contains("No finished games yet."))
        let entries = (1...12).map { ScoreEntry(score: 1300 - $0 * 100, date: "2026-11-30 10:\($0 + 10)", player: "p\($0)") }
        _ = screen.received(.scoresRecorded(.blackjack, entries), in: frame)
        #expect(BlackjackScoresPage.lines(screen.scores).count == 1 + BlackjackScoresPage.count)
        let shown = text(screen)
        #expect(shown.contains("1200") && shown.contains(" 300") && !shown.contains(" 200 "))
    }

    @Test func aPlayerNameTooLongForTheHighScoresPageEndsInAnEllipsis() {
        let long = "konstantina.papadopoulou"
        var screen = table(scores: [ScoreEntry(score: 450, date: "2026-11-30 09:12", player: long,
                                               figures: ["hands": "5"])])
        _ = screen.update(.key(.character("t")), in: Self.small)
        let row = screen.text(in: Self.small).split(separator: "\n").first { $0.contains("450") }!
        #expect(row.hasSuffix("2026-11-30 09:12  konstantina.papad… │"))
        #expect(text(screen).contains(long))  // whole where it fits
    }

    @Test func aShortTerminalGetsSmallCards() {
        var screen = table(aceHand)
        _ = screen.update(.key(.enter), in: Self.small)
        let shown = screen.text(in: Self.small)
        #expect(screen.minimumSize(in: Self.small) == Self.small.size)
        assertSnapshot(shown, named: "blackjack-hand-in-progress-60x16")
        #expect(shown.contains("[ Hit ]") && shown.contains("Bet 50") && shown.contains("Hand 1 of 5"))
    }

    // MARK: - Cards and glyphs

    @Test func suitsAreLettersUnderASCIIAndGlyphsInMonochrome() {
        var screen = table(aceHand)
        _ = screen.update(.key(.enter))
        let ascii = text(screen, theme: Theme(colorMode: .monochrome, ascii: true))
        let onlyASCII = ascii.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(onlyASCII)
        #expect(ascii.contains("|9S   |") && ascii.contains("|4H   |") && ascii.contains("|KD   |"))
        #expect(ascii.contains("|#####|"))  // the hole card's back
        let mono = text(screen, theme: Theme(colorMode: .monochrome, ascii: false))
        #expect(mono.contains("│9♠   │") && mono.contains("│4♥   │") && mono.contains("│░░░░░│"))
    }

    @Test func redSuitsAreRed() {
        var screen = table(aceHand)
        _ = screen.update(.key(.enter))
        var grid = CellGrid(size: Self.size)
        screen.render(into: &grid)
        var suitColors: [Character: Color] = [:]
        for y in 0..<grid.size.height {
            for x in 0..<grid.size.width {
                let cell = grid[x, y]
                if "♠♥♦♣".unicodeScalars.contains(cell.scalar) { suitColors[Character(cell.scalar)] = cell.style.foreground }
            }
        }
        #expect(suitColors == ["♠": .terminalDefault, "♥": .role(.suitRed), "♦": .role(.suitRed)])
    }

    // MARK: - Cues and status lines

    @Test func theCuesOfAHandThatBusts() {
        // Player 5♠ 6♥, dealer 9♣ 8♦; the player draws 4♣ (15), then K♥ (25).
        var screen = table([Card(.five, of: .spades), Card(.nine, of: .clubs), Card(.six, of: .hearts),
                            Card(.eight, of: .diamonds), Card(.four, of: .clubs), Card(.king, of: .hearts)])
        var cues: [GameEffect] = []
        cues += screen.update(.key(.enter))
        #expect(cues == [.sound(.cardDrawn), .sound(.cardDrawn)])
        cues += screen.update(.key(.character("h")))
        #expect(screen.status.text == "You drew a Four (15). You can Hit or Stand")
        cues += screen.update(.key(.character("h")))
        #expect(cues == [.sound(.cardDrawn), .sound(.cardDrawn), .sound(.cardDrawn), .sound(.cardDrawn), .sound(.handLost)])
        #expect(screen.status.text == "You drew a King (25). Bust — you lose 50")
        #expect(screen.status.tone == .bad)
        #expect(screen.shownScore == 50)
        #expect(!screen.wantsTicks)  // the dealer does not draw against a bust
        #expect(text(screen).contains("Dealer: 17"))  // the hole card is turned over
        #expect(screen.update(.key(.character("h"))).isEmpty)  // nothing to hit after the hand
    }

    @Test func aNaturalIsSettledAtTheDeal() {
        var screen = table([Card(.ace, of: .spades), Card(.nine, of: .clubs), Card(.king, of: .hearts),
                            Card(.seven, of: .diamonds)])
        #expect(screen.update(.key(.space)) == [.sound(.cardDrawn), .sound(.cardDrawn), .sound(.handWon)])
        #expect(screen.status.text == "Blackjack! You win 50")
        #expect(screen.shownScore == 150)
        #expect(text(screen).contains("You: Blackjack"))
    }

    @Test func theDealersNaturalLosesAtTheDeal() {
        var screen = table([Card(.ten, of: .spades), Card(.ace, of: .clubs), Card(.nine, of: .hearts),
                            Card(.queen, of: .diamonds)])
        #expect(screen.update(.key(.enter)) == [.sound(.cardDrawn), .sound(.cardDrawn), .sound(.handLost)])
        #expect(screen.status.text == "Dealer has Blackjack — you lose 50")
    }

    @Test func aPushChangesNothingAndPlaysNoOutcomeCue() {
        var screen = table([Card(.ten, of: .spades), Card(.ten, of: .diamonds), Card(.eight, of: .hearts),
                            Card(.eight, of: .clubs)])
        _ = screen.update(.key(.enter))
        #expect(screen.update(.key(.character("s"))).isEmpty)
        #expect(screen.status.text == "Push — 18 each, the bet comes back")
        #expect(screen.shownScore == 100)
        #expect(text(screen).contains("= Push"))
    }

    @Test func aHitThatMakes21StandsByItselfAndNeverOffersAnotherHit() {
        // Player 5♠ 6♥ (11), dealer 10♣ 4♦; the hit draws K♠ (21), the dealer a 3♥ (17).
        var screen = table([Card(.five, of: .spades), Card(.ten, of: .clubs), Card(.six, of: .hearts),
                            Card(.four, of: .diamonds), Card(.king, of: .spades), Card(.three, of: .hearts)])
        _ = screen.update(.key(.enter))
        #expect(screen.update(.key(.character("h"))) == [.sound(.cardDrawn)])
        #expect(screen.status.text == "You drew a King (21). Dealer turns over a Four (14)")
        #expect(!screen.status.text.contains("Hit"))
        #expect(screen.dealerPlay != nil && !screen.game.isHandInProgress)
        #expect(!screen.actionButtons.buttons.contains { $0.button.isEnabled })
        #expect(screen.keyHints(in: frame).map(\.keys) == ["any key"])
        #expect(screen.update(.tick(BlackjackTable.dealerCardPause)) == [.sound(.handWon)])  // the 3, and the end
        #expect(screen.status.text == "You win 50 — 21 against 17")
        #expect(screen.shownScore == 150)

        // Against a dealer who stands at once, the hand settles with the hit.
        var quick = table([Card(.five, of: .spades), Card(.ten, of: .clubs), Card(.six, of: .hearts),
                           Card(.eight, of: .diamonds), Card(.king, of: .spades)])
        _ = quick.update(.key(.enter))
        #expect(quick.update(.key(.character("h"))) == [.sound(.cardDrawn), .sound(.handWon)])
        #expect(quick.status.text == "You drew a King (21). You win 50 — 21 against 18")
        #expect(text(quick).contains("Dealer: 18"))
    }

    @Test func doubleDownTakesOneCardAndDoublesTheStake() {
        // Player 5♠ 6♥ (11), dealer 10♣ 7♦ (17); the double down draws 10♠ (21).
        var screen = table([Card(.five, of: .spades), Card(.ten, of: .clubs), Card(.six, of: .hearts),
                            Card(.seven, of: .diamonds), Card(.ten, of: .spades)])
        _ = screen.update(.key(.enter))
        #expect(screen.actionButtons.buttons[2].button.isEnabled)
        #expect(screen.update(.key(.character("d"))) == [.sound(.cardDrawn), .sound(.handWon)])
        #expect(screen.status.text == "You drew a Ten (21). You win 100 — 21 against 17")
        #expect(screen.shownScore == 200)
        #expect(text(screen).contains("Won 100 (doubled)"))
    }

    @Test func doubleDownSaysWhyWhenItIsNotAllowed() {
        var screen = table(aceHand)
        _ = screen.update(.key(.character("d")))
        #expect(screen.status.text == "Deal a hand first (Enter)")
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("h")))
        #expect(!screen.actionButtons.buttons[2].button.isEnabled)
        #expect(screen.update(.key(.character("d"))).isEmpty)
        #expect(screen.status.text == "You can double down only on your first two cards")
        #expect(screen.game.playerHand.cards.count == 3)
    }

    @Test func aReshuffledShoeIsAnnouncedOnAStatusLineShownWhole() throws {
        var screen = table(decks: 1)
        var announced: String?
        for _ in 0..<40 where announced == nil {
            if screen.alert == .gameOver { _ = screen.perform(.playAgain, in: frame) }  // the shell's box
            if screen.alert == .newGame { _ = screen.update(.key(.enter)) }
            for _ in 0..<5 { _ = screen.update(.key(.character("-"))) }  // bet 10: double down stays open
            _ = screen.update(.key(.enter))
            if screen.status.text.hasPrefix("Reshuffled. ") {
                announced = screen.status.text
                break
            }
            _ = screen.update(.key(.character("s")))
            _ = screen.update(.key(.character("s")))  // skips the dealer's play, if any
        }
        let status = try #require(announced)
        #expect(status.hasPrefix("Reshuffled. You have ") && status.hasSuffix("Double down or Surrender"))
        // Not cut: the whole line, wrapped onto the row under it where it is too long for
        // one, on the widest table and on the narrowest.
        for shown in [text(screen), screen.text(in: Self.small)] {
            #expect(flowed(shown).contains(status) && !shown.contains("…"), "\(shown)")
        }
    }

    // MARK: - The dealer's play

    @Test func theDealerPlaysCardByCardHalfASecondApart() {
        var screen = table(longDealerHand)
        _ = screen.update(.key(.enter))
        #expect(!screen.wantsTicks)
        #expect(text(screen).contains("Dealer: 2 + ?"))

        #expect(screen.update(.key(.character("s"))).isEmpty)  // no outcome yet
        #expect(screen.wantsTicks)
        #expect(screen.dealerPlay?.shownCards == 2)
        #expect(screen.status.text == "Dealer turns over a Three (5)")
        #expect(screen.shownScore == 100)
        let anyEnabled = screen.actionButtons.buttons.contains { $0.button.isEnabled }
        #expect(!anyEnabled)

        #expect(screen.update(.tick(0.3)).isEmpty)
        #expect(screen.dealerPlay?.shownCards == 2)
        #expect(screen.status.text == "Dealer turns over a Three (5)")  // a tick without a new card changes nothing
        #expect(screen.update(.tick(0.2)).isEmpty)
        #expect(screen.dealerPlay?.shownCards == 3)
        #expect(screen.status.text == "Dealer draws a Four (9)")
        #expect(text(screen).contains("Dealer: 9"))

        #expect(screen.update(.tick(0.2)).isEmpty)
        #expect(screen.status.text == "Dealer draws a Four (9)")
        #expect(screen.update(.tick(0.3)).isEmpty)
        #expect(screen.status.text == "Dealer draws a Five (14)")
        #expect(screen.update(.tick(0.5)) == [.sound(.handLost)])
        #expect(screen.dealerPlay == nil)
        #expect(!screen.wantsTicks)
        #expect(screen.shownScore == 50)
        #expect(screen.status.text == "You lose 50 — 19 against 20")
    }

    @Test func theShoeCountFollowsTheCardsTurnedOverOnScreen() {
        var screen = table(longDealerHand)
        _ = screen.update(.key(.enter))
        #expect(text(screen).contains("6-deck shoe: 308 left"))  // 312 less the four dealt
        _ = screen.update(.key(.character("s")))  // the dealer has drawn three, none shown yet
        #expect(text(screen).contains("6-deck shoe: 308 left"))
        _ = screen.update(.tick(BlackjackTable.dealerCardPause))
        #expect(text(screen).contains("Dealer: 9") && text(screen).contains("6-deck shoe: 307 left"))
        _ = screen.update(.tick(BlackjackTable.dealerCardPause))
        #expect(text(screen).contains("6-deck shoe: 306 left"))
        _ = screen.update(.tick(BlackjackTable.dealerCardPause))
        #expect(text(screen).contains("Dealer: 20") && text(screen).contains("6-deck shoe: 305 left"))
    }

    @Test func aKeyDuringTheDealersPlayShowsTheRestAtOnceAndDoesNothingElse() {
        var screen = table(longDealerHand)
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("s")))
        #expect(screen.update(.key(.enter)) == [.sound(.handLost)])
        #expect(screen.dealerPlay == nil)
        #expect(screen.game.handNumber == 1)  // Enter did not deal the next hand
        #expect(text(screen).contains("Dealer: 20"))
        #expect(screen.update(.key(.enter)) == [.sound(.cardDrawn), .sound(.cardDrawn)])
        #expect(screen.game.handNumber == 2)
    }

    @Test func aClickDuringTheDealersPlayAlsoSkipsIt() {
        var screen = table(longDealerHand)
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("s")))
        #expect(screen.update(.mouse(MouseEvent(.press, at: Point(x: 0, y: 0)))) == [.sound(.handLost)])
        #expect(screen.dealerPlay == nil)
    }

    @Test func leavingDuringTheLastHandsPlayStillRecordsTheScore() {
        var hands = Array(repeating: winningHand, count: BlackjackGame.handsPerGame - 1).flatMap { $0 }
        hands += longDealerHand
        var screen = table(hands)
        for _ in 0..<BlackjackGame.handsPerGame {
            _ = screen.update(.key(.enter))
            _ = screen.update(.key(.character("s")))
        }
        #expect(screen.wantsTicks)
        #expect(screen.willLeave() == [.recordScore(250, figures: ["hands": "5", "won": "4", "pushed": "0", "lost": "1"])])
    }

    @Test func leavingMidGameRecordsNothing() {
        var screen = table(aceHand)
        _ = screen.update(.key(.enter))
        #expect(screen.willLeave().isEmpty)
    }

    // MARK: - Bets

    @Test func betKeysMoveTheBetInStepsOfTenWithinTheScore() {
        var screen = table(aceHand)
        #expect(screen.game.bet == 50)
        _ = screen.update(.key(.character("+")))
        #expect(screen.game.bet == 60)
        #expect(screen.status.text == "Bet 60 — press Enter to deal")
        _ = screen.update(.key(.character("-")))
        _ = screen.update(.key(.character("-")))
        #expect(screen.game.bet == 40)
        for _ in 0..<10 { _ = screen.update(.key(.character("="))) }
        #expect(screen.game.bet == 100)
        #expect(screen.status.text == "Bet 100 is as high as your score allows")
        #expect(!screen.table.betButton(raising: true).isEnabled)
        for _ in 0..<12 { _ = screen.update(.key(.character("_"))) }
        #expect(screen.game.bet == 10)
        #expect(screen.status.text == "Bet 10 is the smallest bet")
        #expect(!screen.table.betButton(raising: false).isEnabled)

        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("+")))
        #expect(screen.game.bet == 10)
        #expect(screen.status.text == "The bet is fixed while a hand is in play")
        #expect(text(screen).contains("( + )"))
    }

    @Test func betAndActionButtonsTakeClicks() {
        var screen = table(aceHand)
        _ = click("[ + ]", on: &screen)
        #expect(screen.game.bet == 60)
        _ = click("[ - ]", on: &screen)
        #expect(screen.game.bet == 50)
        #expect(click("[ Deal ]", on: &screen) == [.sound(.cardDrawn), .sound(.cardDrawn)])
        #expect(click("[ Hit ]", on: &screen) == [.sound(.cardDrawn)])
        #expect(click("( Deal )", on: &screen).isEmpty)  // disabled during the hand
        _ = click("[ Stand ]", on: &screen)
        #expect(!screen.game.isHandInProgress)
        _ = click("[ About ]", on: &screen)
        #expect(screen.page == .about)
        _ = click("[ Back ]", on: &screen)
        #expect(screen.page == .table)
        _ = click("[ Scores ]", on: &screen)
        #expect(screen.page == .highScores)
        _ = click("[ Back ]", on: &screen)
        _ = click("[ Chart ]", on: &screen)
        #expect(screen.page == .chart)
    }

    // MARK: - Alerts and pages

    @Test func theNewGameAlertIsModal() {
        var screen = BlackjackScreen(game: BlackjackGame(seed: 11, stackedCards: aceHand))
        #expect(screen.update(.key(.character("h"))).isEmpty)
        #expect(screen.update(.key(.character("+"))).isEmpty)
        #expect(screen.game.bet == 50 && screen.game.handNumber == 0)
        #expect(!screen.consumes(.escape, in: frame))  // Esc leaves the game from here, as from the table
        _ = screen.update(.key(.right))
        #expect(screen.alertFocus == 1)
        _ = screen.update(.key(.enter))  // the focused About
        #expect(screen.page == .about)
        _ = screen.update(.key(.escape))
        #expect(screen.alert == .newGame)  // back to the alert
        _ = screen.update(.key(.left))
        _ = screen.update(.key(.enter))
        #expect(screen.alert == nil)
        #expect(screen.status.text == BlackjackWording.placeYourBet)
    }

    @Test func theNewGameAlertsButtonsTakeClicksAndHotKeys() {
        var screen = BlackjackScreen(game: BlackjackGame(seed: 11, stackedCards: aceHand))
        _ = click("[ About ]", on: &screen)
        #expect(screen.page == .about)
        _ = screen.update(.key(.escape))
        _ = click("[>Start<]", on: &screen)
        #expect(screen.alert == nil)
        var keyed = BlackjackScreen(game: BlackjackGame(seed: 11, stackedCards: aceHand))
        _ = keyed.update(.key(.character("S")))
        #expect(keyed.alert == nil)
    }

    @Test func theGameOverAlertOffersPlayAgainHighScoresAndTheMenu() throws {
        var shell = shell(showing: tableAfterFiveWonHands())
        #expect(shell.screen(as: BlackjackScreen.self)?.alert == .gameOver)
        #expect(shell.update(.key(.enter)).isEmpty)  // Enter presses the focused button, Play again
        let screen = try #require(shell.screen(as: BlackjackScreen.self))
        #expect(screen.shownScore == 100 && screen.game.handNumber == 0)
        // The new game opens as the first did: with the new-game alert.
        #expect(screen.alert == .newGame)
        #expect(shell.text.contains("═ New game ═") && shell.text.contains("Five hands against the dealer."))
        #expect(shell.text.contains("Score 100 · Hand 1 of 5"))
        #expect(screen.keyHints(in: frame).map(\.keys) == ["Enter", "a"])
        #expect(shell.update(.key(.enter)).isEmpty)
        #expect(shell.screen(as: BlackjackScreen.self)?.alert == nil)
        #expect(shell.screen(as: BlackjackScreen.self)?.status.text == BlackjackWording.placeYourBet)
        #expect(shell.update(.key(.enter)) == [.game(.blackjack, .sound(.cardDrawn)), .game(.blackjack, .sound(.cardDrawn))])  // and deals
    }

    @Test func theGameOverAlertsOtherButtons() {
        var screen = table([Card(.ten, of: .spades), Card(.ace, of: .clubs), Card(.nine, of: .hearts),
                            Card(.queen, of: .diamonds)])
        for _ in 0..<5 { _ = screen.update(.key(.character("+"))) }
        #expect(screen.update(.key(.enter)) == [.sound(.cardDrawn), .sound(.cardDrawn), .sound(.handLost),
                                                .recordScore(0, figures: ["hands": "1", "won": "0", "pushed": "0", "lost": "1"])])
        #expect(screen.alert == .gameOver)
        var shell = shell(showing: screen)
        #expect(shell.text.contains("Out of points after 1 hand: final score 0."))
        shell.update(.key(.character("t")))  // as on the table
        #expect(shell.screen(as: BlackjackScreen.self)?.page == .highScores)
        #expect(shell.screen(as: BlackjackScreen.self)?.consumes(.escape, in: frame) == true)
        shell.update(.key(.escape))
        #expect(shell.screen(as: BlackjackScreen.self)?.alert == .gameOver)
        shell.update(.key(.character("h")))  // High scores' key, before h moves the focus
        #expect(shell.screen(as: BlackjackScreen.self)?.page == .highScores)
        shell.update(.key(.enter))
        #expect(shell.screen(as: BlackjackScreen.self)?.alert == .gameOver)
        shell.update(.key(.character("m")))
        #expect(shell.activeGame == nil)
        var clicked = self.shell(showing: screen)
        click("[ Back to menu ]", on: &clicked)
        #expect(clicked.activeGame == nil)
        var highScores = self.shell(showing: screen)
        click("[ High scores ]", on: &highScores)
        #expect(highScores.screen(as: BlackjackScreen.self)?.page == .highScores)
    }

    @Test func theKeyLineAtGameOverNamesTheMenuOnce() {
        let screen = tableAfterFiveWonHands()
        #expect(screen.alert == .gameOver)
        // The line the shell draws: the game's keys, then its own "? help" and "q menu".
        var shell = shell(showing: screen)
        let line = shell.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.trimmingCharacters(in: .whitespaces) == "p play again   t scores   ? help   q menu")
        shell.update(.key(.character("m")))  // m still works: Back to menu's key
        #expect(shell.activeGame == nil)
    }

    @Test func theScoreIsRecordedOnceAndTheAlertSaysIfItIsANewBest() {
        var screen = table(Array(repeating: winningHand, count: BlackjackGame.handsPerGame).flatMap { $0 })
        var recorded = 0
        for _ in 0..<BlackjackGame.handsPerGame {
            for effect in screen.update(.key(.enter)) + screen.update(.key(.character("s"))) {
                if case .recordScore = effect { recorded += 1 }
            }
        }
        #expect(recorded == 1)
        #expect(screen.willLeave().isEmpty)
        #expect(shell(showing: screen).text.contains("A new high score!"))
    }

    @Test func escClosesAboutWithoutLeavingTheGame() {
        let info = GameInfo(id: .blackjack, summary: "Blackjack",
                            make: { context in BlackjackScreen(seed: context.seed, scores: context.scores) })
        var shell = TestShell(games: [info], size: Size(width: 80, height: 24), seed: { 11 })
        shell.open(.blackjack)
        _ = shell.update(.key(.enter))  // past the new-game alert
        _ = shell.update(.key(.enter))  // deal: the game is in progress
        _ = shell.update(.key(.character("a")))
        var grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        #expect(grid.text.contains("About Blackjack"))
        #expect(shell.update(.key(.escape)).isEmpty)
        #expect(shell.activeGame == .blackjack)
        #expect(shell.overlay == nil)
        grid = CellGrid(size: Size(width: 80, height: 24))  // a frame arrives cleared
        shell.render(into: &grid)
        #expect(!grid.text.contains("About Blackjack") && grid.text.contains("Dealer:"))
        // On the table Esc is the shell's again: a game in progress asks first.
        _ = shell.update(.key(.escape))
        #expect(shell.overlay == .confirmLeave)
    }

    @Test func theAboutPageScrollsOnAShortTerminal() {
        let small = Self.small
        var screen = table()
        _ = screen.update(.key(.character("a")), in: small)
        let top = screen.text(in: small)
        #expect(top.contains("▼") && !top.contains("▲"))
        for _ in 0..<30 { _ = screen.update(.key(.down), in: small) }
        let bottom = screen.text(in: small)
        #expect(bottom.contains("▲") && !bottom.contains("▼"))
        #expect(bottom.contains("in steps of 10"))
        _ = screen.update(.key(.up), in: small)
        #expect(screen.about.offset > 0)
        let offset = screen.about.offset
        _ = screen.update(.mouse(MouseEvent(.wheelUp, at: Point(x: 10, y: 5))), in: small)
        #expect(screen.about.offset == offset - 1)
        _ = screen.update(.key(.character("t")), in: small)
        _ = screen.update(.key(.character("a")), in: small)  // About opens at its top again
        #expect(screen.about.offset == 0)
    }

    @Test func homeAndEndGoToTheTopAndBottomOfTheAboutPage() {
        let small = Self.small
        var screen = table()
        _ = screen.update(.key(.character("a")), in: small)
        _ = screen.update(.key(.end), in: small)
        let bottom = screen.text(in: small)
        #expect(bottom.contains("▲") && !bottom.contains("▼"))
        #expect(bottom.contains("in steps of 10"))
        let last = screen.about.offset
        _ = screen.update(.key(.down), in: small)
        #expect(screen.about.offset == last)  // End went all the way
        _ = screen.update(.key(.home), in: small)
        #expect(screen.about.offset == 0)
        #expect(screen.text(in: small).contains("Get closer to 21"))
        #expect(screen.help(in: small).keys.contains { $0.keys == "↑ ↓ PgUp PgDn" && $0.action.contains("Home End") })
    }

    @Test func theHelpSheetIsTheSameOnEveryPageAndAlert() {
        var screen = BlackjackScreen(game: BlackjackGame(seed: 11, stackedCards: longDealerHand))
        let first = screen.help(in: frame)
        #expect(first.keys.map(\.keys) == ["Enter Space", "h s d p r", "i n", "+ -", "c w", "o", "a t", "↑ ↓ PgUp PgDn",
                                           "any key", "click"])
        for key: Key in [.enter, .enter, .character("s"), .character("a")] {
            _ = screen.update(.key(key))
            #expect(screen.help(in: frame) == first)
        }
    }

    @Test func theWholeHelpSheetFitsTheSmallestTable() {
        let info = GameInfo(id: .blackjack, summary: "Blackjack",
                            make: { BlackjackScreen(seed: $0.seed, scores: []) })
        let smallest = Size(width: 60, height: 17)  // the table's 60×16 and the key line
        var shell = TestShell(games: [info], size: smallest, seed: { 11 })
        shell.open(.blackjack)
        _ = shell.update(.key(.character("?")))
        var grid = CellGrid(size: smallest)
        shell.render(into: &grid)
        #expect(grid.text.contains("↑ ↓ PgUp PgDn  scroll About; Home End: its ends"))
        #expect(grid.text.contains("natural pays even money."))
        #expect(grid.text.contains("Press any key to close"))
    }

    @Test func keyHintsFollowWhatCanBeDone() {
        var screen = table(longDealerHand)
        #expect(screen.keyHints(in: frame).map(\.keys) == ["Enter", "+ -", "c", "o", "a", "t"])
        _ = screen.update(.key(.enter))
        #expect(screen.keyHints(in: frame).map(\.keys) == ["h", "s", "d", "p", "r", "c"])
        _ = screen.update(.key(.character("s")))
        #expect(screen.keyHints(in: frame).map(\.keys) == ["any key"])
        _ = screen.update(.key(.character("a")))  // skips the play
        _ = screen.update(.key(.character("a")))
        #expect(screen.keyHints(in: frame).map(\.keys) == ["Esc", "↑ ↓"])
        _ = screen.update(.key(.character("t")))
        #expect(screen.keyHints(in: frame).map(\.keys) == ["Esc"])
    }

    @Test func aResizeMovesTheButtonsClicksFollow() {
        var screen = table(aceHand)
        let small = Self.small
        _ = screen.update(.resize(small.size), in: small)
        let lines = screen.text(in: small).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = lines.firstIndex { $0.contains("[ Deal ]") }!
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "[ Deal ]")!.lowerBound)
        #expect(screen.update(.mouse(MouseEvent(.press, at: Point(x: column + 2, y: row))), in: small).count == 2)
    }

    /// With animations off (the settings page) the dealer's cards and the outcome show at once.
    @Test func withAnimationsOffTheDealerPlaysAtOnce() {
        var screen = table([Card(.five, of: .spades), Card(.ten, of: .clubs), Card(.six, of: .hearts),
                            Card(.four, of: .diamonds), Card(.king, of: .spades), Card(.three, of: .hearts)])
        screen.table.pace = .off
        _ = screen.update(.key(.enter))
        #expect(screen.update(.key(.character("h"))).contains(.sound(.handWon)))
        #expect(screen.dealerPlay == nil && !screen.wantsTicks)
        #expect(screen.shownScore == 150)
        #expect(screen.status.text.contains("You win 50"))
    }

    /// Fast turns each dealer card over in half the pause.
    @Test func fastAnimationsHalveTheDealersPause() {
        var screen = table([Card(.five, of: .spades), Card(.ten, of: .clubs), Card(.six, of: .hearts),
                            Card(.four, of: .diamonds), Card(.king, of: .spades), Card(.three, of: .hearts)])
        screen.table.pace = .fast
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("h")))
        #expect(screen.dealerPlay != nil)
        #expect(screen.update(.tick(BlackjackTable.dealerCardPause / 2)) == [.sound(.handWon)])
        #expect(screen.shownScore == 150)
    }
}
