import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Testing

@testable import ArcadeApp

/// The full table on screen: a split played hand by hand, surrender, the insurance question.
@Suite struct BlackjackTableTests {
    init() { prepareForDrawing() }

    private let frame = Frame(size: Size(width: 80, height: 23))

    /// A table past the welcome whose shoe deals the player `player`, the dealer `dealer`
    /// (up card first), then `next`, under `rules`.
    private func table(player: [Card], dealer: [Card], next: [Card] = [], rules: TableRules = TableRules()) -> BlackjackScreen {
        let stacked = [player[0], dealer[0], player[1], dealer[1]] + next
        return BlackjackScreen(game: BlackjackGame(seed: 11, rules: rules, stackedCards: stacked), showsNewGameAlert: false)
    }

    /// Let the dealer's play run to the end.
    private func finish(_ screen: inout BlackjackScreen) {
        while screen.dealerPlay != nil { _ = screen.update(.tick(0.5), in: frame) }
    }

    @Test func aPairIsSplitAndTheHandsArePlayedLeftToRightEachSettledOnItsOwn() {
        var screen = table(player: [Card(.eight, of: .spades), Card(.eight, of: .hearts)],
                           dealer: [Card(.six, of: .clubs), Card(.ten, of: .diamonds)],
                           next: [Card(.three, of: .clubs), Card(.ten, of: .hearts), Card(.nine, of: .spades)])
        _ = screen.update(.key(.enter), in: frame)
        #expect(screen.game.canSplit)
        _ = screen.update(.key(.character("p")), in: frame)
        #expect(screen.game.playerHands.count == 2 && screen.game.activeHandIndex == 0)
        let text = screen.text(in: frame)
        #expect(text.contains("You split the eights.") && text.contains("You: hand 1 of 2") && text.contains("▶ 11 ◀"))
        #expect(text.contains("Stake 100"))
        assertSnapshot(text, named: "blackjack-split-in-play-80x23")
        _ = screen.update(.key(.character("h")), in: frame)  // 8 3 10: 21 stands by itself, on to hand 2
        #expect(screen.game.activeHandIndex == 1 && screen.text(in: frame).contains("▶ 17 ◀"))
        _ = screen.update(.key(.character("s")), in: frame)
        finish(&screen)
        // The dealer's 16 draws the 9 and busts: both hands win.
        let end = screen.text(in: frame)
        #expect(end.contains("Hand 1 wins 50 · Hand 2 wins 50 · net +100"))
        #expect(end.contains("✓ Won 100") && screen.shownScore == 200)
    }

    @Test func splitAndSurrenderSayWhyWhenTheyCannotBeDone() {
        var screen = table(player: [Card(.five, of: .spades), Card(.queen, of: .hearts)],
                           dealer: [Card(.six, of: .clubs), Card(.ten, of: .diamonds)], next: [Card(.two, of: .clubs)])
        _ = screen.update(.key(.enter), in: frame)
        _ = screen.update(.key(.character("p")), in: frame)
        #expect(screen.status.wordings.first == "Only two cards of the same rank can be split.")
        _ = screen.update(.key(.character("h")), in: frame)
        _ = screen.update(.key(.character("r")), in: frame)
        #expect(screen.status.wordings.first == "Surrender is only on the first two cards of a hand not split.")
        var plain = table(player: [Card(.ten, of: .spades), Card(.six, of: .hearts)],
                          dealer: [Card(.ten, of: .clubs), Card(.seven, of: .diamonds)], rules: TableRules(lateSurrender: false))
        _ = plain.update(.key(.enter), in: frame)
        _ = plain.update(.key(.character("r")), in: frame)
        #expect(plain.status.wordings.first == "This table has no surrender.")
    }

    @Test func surrenderGivesUpHalfTheBet() {
        var screen = table(player: [Card(.ten, of: .spades), Card(.six, of: .hearts)],
                           dealer: [Card(.ten, of: .clubs), Card(.seven, of: .diamonds)])
        _ = screen.update(.key(.enter), in: frame)
        let effects = screen.update(.key(.character("r")), in: frame)
        finish(&screen)
        #expect(screen.game.score == 75 && screen.shownScore == 75)
        #expect(screen.text(in: frame).contains("You surrendered — you lose 25"))
        #expect(screen.text(in: frame).contains("✗ Surrendered 25"))
        #expect(effects.contains(.sound(.handLost)) || screen.game.outcome == .surrendered)
    }

    @Test func theInsuranceQuestionComesFirstAndPaysWhenTheDealerHasBlackjack() {
        let rules = TableRules(offersInsurance: true)
        var screen = table(player: [Card(.ten, of: .spades), Card(.nine, of: .hearts)],
                           dealer: [Card(.ace, of: .clubs), Card(.king, of: .diamonds)], rules: rules)
        _ = screen.update(.key(.enter), in: frame)
        #expect(screen.mode == .insurance)
        let text = screen.text(in: frame)
        #expect(text.contains("Insurance against the dealer's ace? i: take it for 25 · n: no"))
        assertSnapshot(text, named: "blackjack-insurance-question-80x23")
        #expect(screen.update(.key(.character("h")), in: frame).isEmpty && screen.game.playerHand.cards.count == 2,
                "nothing else until it is answered")
        _ = screen.update(.key(.character("i")), in: frame)
        finish(&screen)
        // Insurance 25 pays 50; the hand loses 50 to the dealer's Blackjack: even.
        #expect(screen.game.score == 100)
        #expect(screen.text(in: frame).contains("Insurance pays"))
    }

    @Test func withTheCoachOnASplitOrASurrenderIsJudgedToo() {
        var screen = table(player: [Card(.eight, of: .spades), Card(.eight, of: .hearts)],
                           dealer: [Card(.six, of: .clubs), Card(.ten, of: .diamonds)], next: [Card(.two, of: .clubs)])
        _ = screen.update(.key(.character("c")), in: frame)
        _ = screen.update(.key(.enter), in: frame)
        _ = screen.update(.key(.character("b")), in: frame)
        #expect(screen.text(in: frame).contains("Advice: split on 16 against a 6."))
        _ = screen.update(.key(.character("p")), in: frame)
        #expect(screen.text(in: frame).contains("✓ Basic strategy: split on 16 against a 6."))
    }
}
