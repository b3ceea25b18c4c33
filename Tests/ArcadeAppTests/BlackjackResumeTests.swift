import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Foundation
import Testing

@testable import ArcadeApp

/// Blackjack left in progress and resumed: the table comes back as it was left (cards,
/// score, bet, hand number, status line, page) and deals the cards the original would have.
@Suite struct BlackjackResumeTests {
    init() { prepareForDrawing() }

    private typealias Card = BlackjackModel.Card

    /// A frame larger than the 80×23 game frame: big cards.
    static let large = Frame(size: Size(width: 120, height: 40))
    private let scores = [ScoreEntry(score: 180, date: "2026-11-30 10:00", player: "ann", figures: ["hands": "5"])]
    private var context: GameContext { GameContext(seed: 99, scores: scores) }

    /// The screen the catalog's Blackjack entry resumes from `state`, as the shell would build it.
    private func resumed(_ state: String) -> BlackjackScreen? {
        let info = GameCatalog.games.first { $0.id == .blackjack }!
        return info.resume!(state, context) as? BlackjackScreen
    }

    /// Player 10♠ 9♥ (19); dealer 2♣ 3♦ (5), who then draws 4♠, 5♥ and 6♣ (20).
    private let longDealerHand: [Card] = [
        Card(.ten, of: .spades), Card(.two, of: .clubs), Card(.nine, of: .hearts), Card(.three, of: .diamonds),
        Card(.four, of: .spades), Card(.five, of: .hearts), Card(.six, of: .clubs),
    ]

    /// One winning hand: player 10♠ 9♥ (19) against the dealer's 10♦ 8♣ (18), who stands.
    private let winningHand: [Card] = [
        Card(.ten, of: .spades), Card(.ten, of: .diamonds), Card(.nine, of: .hearts), Card(.eight, of: .clubs),
    ]

    /// A table whose first four hands are won (score 300), and whose shoe then holds `next`.
    private func fourHandsWon(then next: [Card] = []) -> BlackjackScreen {
        let cards = Array(repeating: winningHand, count: BlackjackGame.handsPerGame - 1).flatMap { $0 } + next
        var screen = BlackjackScreen(game: BlackjackGame(seed: 5, stackedCards: cards), showsNewGameAlert: false)
        for _ in 0..<(BlackjackGame.handsPerGame - 1) { playHand(&screen) }
        return screen
    }

    /// A hand from the Enter that deals it to the dealer's last card shown: the player
    /// stands, or hits first while under 12.
    private func playHand(_ screen: inout BlackjackScreen) {
        _ = screen.update(.key(.enter))
        while screen.game.isHandInProgress && screen.game.playerHand.calculateBestScore() < 12 {
            _ = screen.update(.key(.character("h")))
        }
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.tick(10))
    }

    /// A seeded game opened as the arcade opens it, started, the bet raised to 70, two
    /// hands played, and the third dealt: the player is to act.
    private func playedPartWay() throws -> BlackjackScreen {
        var screen = BlackjackScreen(seed: 11, scores: scores)
        _ = screen.update(.key(.character("s")))  // Start, on the new-game alert
        for _ in 0..<2 { _ = screen.update(.key(.character("+"))) }
        playHand(&screen)
        playHand(&screen)
        _ = screen.update(.key(.enter))
        try #require(screen.game.isHandInProgress && screen.game.handNumber == 3)
        return screen
    }

    /// Both screens take `input`: what they do and draw must stay the same.
    private func expectSame(_ input: Input, _ original: inout BlackjackScreen, _ copy: inout BlackjackScreen,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(original.update(input) == copy.update(input), sourceLocation: sourceLocation)
        #expect(original.text() == copy.text(), sourceLocation: sourceLocation)
        #expect(original.text(in: Self.large) == copy.text(in: Self.large), sourceLocation: sourceLocation)
    }

    @Test func aHandInPlayResumesAsItWasLeft() throws {
        let original = try playedPartWay()
        let save = try #require(original.savedState())
        let restored = try #require(resumed(save.state))
        #expect(restored.text() == original.text())
        #expect(restored.text(in: Self.large) == original.text(in: Self.large))
        #expect(restored.game == original.game)
        #expect(restored.shownScore == original.shownScore)
        #expect(restored.game.bet == 70)
        #expect(restored.status == original.status)
        #expect(restored.mode == .hand)
        #expect(save.summary == "score \(original.game.score), hand 3 of 5")
        #expect(original.game.score != BlackjackGame.startingScore)  // the two hands moved it
    }

    @Test func aResumedGameDealsTheCardsTheOriginalWouldHaveToTheEnd() throws {
        var original = try playedPartWay()
        let save = try #require(original.savedState())
        var restored = try #require(resumed(save.state))
        expectSame(.key(.character("h")), &original, &restored)
        expectSame(.key(.character("s")), &original, &restored)
        for _ in 0..<40 where !original.game.isGameOver || original.dealerPlay != nil {
            expectSame(.tick(BlackjackTable.dealerCardPause), &original, &restored)
            if original.dealerPlay == nil, original.game.canDeal {
                expectSame(.key(.character("-")), &original, &restored)
                expectSame(.key(.enter), &original, &restored)
                expectSame(.key(.character("s")), &original, &restored)
            }
        }
        #expect(original.game.isGameOver && restored.game.isGameOver)
        #expect(restored.game == original.game)
        #expect(restored.gameOver(in: .game80x23)?.message == original.gameOver(in: .game80x23)?.message)
    }

    @Test func theFinishedGameOfAResumedOneIsRecordedOnce() throws {
        let screen = fourHandsWon()
        let save = try #require(screen.savedState())
        #expect(save.summary == "score 300, hand 4 of 5")
        var restored = try #require(resumed(save.state))
        var effects = restored.update(.key(.enter))
        effects += restored.update(.key(.character("s")))
        effects += restored.update(.tick(10))
        let records = effects.filter { if case .recordScore = $0 { true } else { false } }
        let game = restored.game
        #expect(records == [.record(game.score, BlackjackFigures(hands: 5, won: game.handsWon, pushed: game.handsPushed,
                                                                 lost: game.handsLost))])
        #expect(game.handsWon + game.handsPushed + game.handsLost == 5, "the resumed game counted every hand")
        #expect(restored.gameOver(in: .game80x23) != nil)
        #expect(restored.willLeave().isEmpty)
        #expect(restored.savedState() == nil)  // a finished game keeps nothing
    }

    @Test func theDealersPlayWhenLeftIsSavedSettled() throws {
        var original = BlackjackScreen(game: BlackjackGame(seed: 5, stackedCards: longDealerHand),
                                       showsNewGameAlert: false)
        _ = original.update(.key(.enter))
        _ = original.update(.key(.character("s")))
        #expect(original.dealerPlay != nil)
        let save = try #require(original.savedState())
        var restored = try #require(resumed(save.state))
        #expect(!restored.wantsTicks)
        #expect(restored.shownScore == 50)
        #expect(restored.status.text == "You lose 50 — 19 against 20")
        #expect(save.summary == "score 50, hand 1 of 5")
        _ = original.update(.tick(10))  // the original's dealer finishes
        #expect(restored.text() == original.text())
        expectSame(.key(.enter), &original, &restored)  // the next deal
    }

    @Test func thePageOnScreenIsResumedToo() throws {
        var original = try playedPartWay()
        let small = Frame(size: Size(width: 60, height: 16))
        _ = original.update(.key(.character("a")), in: small)
        _ = original.update(.key(.down), in: small)
        _ = original.update(.key(.down), in: small)
        #expect(original.page == .about && original.about.offset == 2)
        let save = try #require(original.savedState())
        var restored = try #require(resumed(save.state))
        #expect(restored.text(in: small) == original.text(in: small))
        expectSame(.key(.escape), &original, &restored)
        expectSame(.key(.character("t")), &original, &restored)
        #expect(restored.text().contains("ann"))  // the scores come from the context
    }

    @Test func anUntouchedOrFinishedGameSavesNothing() throws {
        var screen = BlackjackScreen(seed: 21, scores: [])
        #expect(screen.savedState() == nil)  // the new-game alert
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.key(.character("+")))
        #expect(screen.savedState() == nil)  // a bet alone plays nothing
        for _ in 0..<BlackjackGame.handsPerGame where screen.game.canDeal {
            playHand(&screen)
            #expect((screen.savedState() != nil) == !screen.game.isGameOver)
        }
        #expect(screen.game.isGameOver)
        #expect(screen.savedState() == nil)
        _ = screen.update(.key(.character("p")))  // play again: a new game, not started yet
        #expect(screen.savedState() == nil)
    }

    @Test func leavingDuringTheLastHandsPlaySavesNothing() {
        var screen = fourHandsWon(then: longDealerHand)
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("s")))
        #expect(screen.dealerPlay != nil)
        #expect(screen.savedState() == nil)  // the rules have settled the last hand: the game is finished
        #expect(screen.willLeave() == [.record(250, BlackjackFigures(hands: 5, won: 4, pushed: 0, lost: 1))])
    }

    @Test func garbageOrAnotherVersionDoesNotResume() throws {
        let state = try #require(try playedPartWay().savedState()).state
        #expect(resumed(state) != nil)
        #expect(state.hasSuffix("\"version\":1}"))
        #expect(resumed(state.replacingOccurrences(of: "\"version\":1}", with: "\"version\":2}")) == nil)
        #expect(resumed("") == nil)
        #expect(resumed("[1, 2, 3]") == nil)
        #expect(resumed("{\"version\":1,\"state\":{\"page\":\"table\"}}") == nil)
        #expect(resumed(state.replacingOccurrences(of: "\"tone\":\"plain\"", with: "\"tone\":\"loud\"")) == nil)
    }

    /// `state` with its game changed by `change` (the JSON as dictionaries).
    private func tampered(_ state: String, _ change: (inout [String: Any]) -> Void) throws -> String {
        var envelope = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        var saved = try #require(envelope["state"] as? [String: Any])
        var game = try #require(saved["game"] as? [String: Any])
        change(&game)
        saved["game"] = game
        envelope["state"] = saved
        return String(decoding: try JSONSerialization.data(withJSONObject: envelope), as: UTF8.self)
    }

    @Test func aGameTheRulesCannotReachDoesNotResume() throws {
        let state = try #require(try playedPartWay().savedState()).state
        #expect(resumed(try tampered(state) { _ in }) != nil)  // the round trip itself is fine
        #expect(resumed(try tampered(state) { $0["score"] = -10 }) == nil)
        #expect(resumed(try tampered(state) { $0["handNumber"] = 9 }) == nil)
        #expect(resumed(try tampered(state) { $0["chosenBet"] = 15 }) == nil)
        #expect(resumed(try tampered(state) { $0["stake"] = Int.max }) == nil)
        #expect(resumed(try tampered(state) { game in
            var shoe = game["shoe"] as! [String: Any]
            var cards = shoe["cards"] as! [Any]
            cards.append(cards[0])  // one card twice
            shoe["cards"] = cards
            game["shoe"] = shoe
        }) == nil)
    }
}
