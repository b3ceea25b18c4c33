import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Testing

@testable import ArcadeApp

/// The basic-strategy coach at the Blackjack table: its verdict after each decision, its
/// advice on `b`, and the record it keeps.
@Suite struct BlackjackCoachTests {
    init() { prepareForDrawing() }

    private let frame = Frame(size: Size(width: 80, height: 23))

    /// A table past the new-game alert whose shoe deals the player `player` and the dealer
    /// `dealer` (up card first), then `next`.
    private func table(player: [Card], dealer: [Card], next: [Card] = [], settings: [String: String] = [:]) -> BlackjackScreen {
        let stacked = [player[0], dealer[0], player[1], dealer[1]] + next
        var screen = BlackjackScreen(game: BlackjackGame(seed: 11, stackedCards: stacked), showsNewGameAlert: false)
        if settings[BlackjackCoach.setting] == "on" { _ = screen.update(.key(.character("c")), in: frame) }
        return screen
    }

    private let sixteen = [Card(.ten, of: .spades), Card(.six, of: .hearts)]
    private let dealerSix = [Card(.six, of: .clubs), Card(.ten, of: .diamonds)]

    @Test func theCoachSaysWhenAPlayIsNotTheChartsAndKeepsTheRecord() {
        var screen = table(player: sixteen, dealer: dealerSix, next: [Card(.two, of: .clubs)])
        #expect(!screen.text(in: frame).contains("Coach"), "off by default")
        #expect(screen.update(.key(.character("c")), in: frame) == [.remember(setting: "blackjack.coach", value: "on")])
        _ = screen.update(.key(.enter), in: frame)
        #expect(screen.text(in: frame).contains("Score 100 · Hand 1 of 5 · Coach 0/0"))
        let effects = screen.update(.key(.character("h")), in: frame)
        #expect(effects.contains(.tally(key: "hard 16 v 6", right: false)), "kept by situation")
        let text = screen.text(in: frame)
        #expect(text.contains("Basic strategy: stand on 16 against a 6 — you hit."))
        #expect(text.contains("You drew a Two (18)"), "the status line still says what happened")
        #expect(text.contains("Coach 0/1"))
        assertSnapshot(text, named: "blackjack-coach-correcting-80x23")
    }

    @Test func theChartsPlayIsMarkedRightAndAskingFirstShowsTheAdvice() {
        var screen = table(player: sixteen, dealer: dealerSix, settings: ["blackjack.coach": "on"])
        _ = screen.update(.key(.enter), in: frame)
        #expect(screen.consumes(.character("b"), in: frame), "b on a decision is the coach's")
        _ = screen.update(.key(.character("b")), in: frame)
        #expect(screen.text(in: frame).contains("Advice: stand on 16 against a 6."))
        let effects = screen.update(.key(.character("s")), in: frame)
        #expect(effects.contains(.tally(key: "hard 16 v 6", right: true)))
        #expect(screen.text(in: frame).contains("✓ Basic strategy: stand on 16 against a 6."))
        #expect(!screen.consumes(.character("b"), in: frame), "between hands there is no decision to advise on")
    }

    @Test func softHandsAndWhatTheTableAllowsAreInTheAdvice() {
        // Soft 18 against a 9: hit. A three-card 11 cannot be doubled: hit, not double.
        var soft = table(player: [Card(.ace, of: .spades), Card(.seven, of: .hearts)], dealer: [Card(.nine, of: .clubs), Card(.ten, of: .hearts)])
        _ = soft.update(.key(.character("c")), in: frame)
        _ = soft.update(.key(.enter), in: frame)
        _ = soft.update(.key(.character("b")), in: frame)
        #expect(soft.text(in: frame).contains("Advice: hit on soft 18 against a 9."))
        var eleven = table(player: [Card(.five, of: .spades), Card(.two, of: .hearts)], dealer: dealerSix,
                           next: [Card(.four, of: .clubs)])
        _ = eleven.update(.key(.character("c")), in: frame)
        _ = eleven.update(.key(.enter), in: frame)
        _ = eleven.update(.key(.character("h")), in: frame)  // 7 → 11 with three cards
        _ = eleven.update(.key(.character("b")), in: frame)
        #expect(eleven.text(in: frame).contains("Advice: hit on 11 against a 6."))
    }

    @Test func theRecordOverTimeIsReadBackAndShownInHelp() {
        let coach = BlackjackCoach(settings: ["blackjack.coach": "on", "blackjack.coach.record": "5/8"])
        #expect(coach.isOn && coach.rightEver == 5 && coach.decisionsEver == 8 && coach.decisions == 0)
        let screen = BlackjackScreen(seed: 3, scores: [], settings: ["blackjack.coach": "on", "blackjack.coach.record": "5/8"])
        #expect(screen.helpNotes(in: frame).joined().contains("Over time 5 of 8 right (62%)."))
        #expect(BlackjackCoach(settings: ["blackjack.coach.record": "9/3"]).decisionsEver == 0, "a record that cannot be is dropped")
        // Decisions kept by situation add to the record an earlier arcade kept; damaged ones are left out.
        let tallies = ["hard 16 v 10": Tally(right: 1, total: 3), "soft 18 v 9": Tally(right: 2, total: 2),
                       "hard 99 v 10": Tally(right: 1, total: 1), "pair 8 v 6": Tally(right: 4, total: 2)]
        let both = BlackjackCoach(settings: ["blackjack.coach.record": "5/8"], tallies: tallies)
        #expect(both.rightEver == 8 && both.decisionsEver == 13)
        #expect(both.record[CoachSituation(kind: .hard, player: 16, dealer: 10)] == CoachTally(right: 1, total: 3))
        #expect(both.record.count == 2)
    }

    @Test func atTheSmallestTableTheVerdictAndTheAdviceKeyShowAndHelpHasTheRecordAt80x24() {
        var screen = table(player: [Card(.ace, of: .spades), Card(.seven, of: .hearts)],
                           dealer: [Card(.ace, of: .clubs), Card(.nine, of: .hearts)], next: [Card(.two, of: .clubs)],
                           settings: ["blackjack.coach": "on"])
        _ = screen.update(.key(.enter), in: frame)
        var small = TestShell.hosting(screen, as: .blackjack, size: Size(width: 60, height: 17))
        #expect(small.text.contains("b advice") && small.text.contains("? help"), "the coach's b stays on the key line")
        _ = small.update(.key(.character("d")))  // soft 18 against an ace: the chart hits
        #expect(small.text.contains("Chart: hit on soft 18 v A — you doubled down."), "the verdict in words that fit")
        let settings = ["blackjack.coach": "on", "blackjack.coach.record": "5/8"]
        var large = TestShell.hosting(BlackjackScreen(seed: 2, scores: [], settings: settings), as: .blackjack)
        _ = large.update(.key(.enter))
        _ = large.update(.key(.character("?")))
        #expect(large.text.contains("Coach: the 4–8-deck basic-strategy charts. Over time 5 of 8 right (62%)."))
    }

    @Test func aNewGameStartsWithoutTheLastGamesVerdict() {
        var screen = table(player: sixteen, dealer: dealerSix, next: [Card(.ten, of: .clubs)], settings: ["blackjack.coach": "on"])
        _ = screen.update(.key(.enter), in: frame)
        _ = screen.update(.key(.character("h")), in: frame)  // 26: bust, the verdict stays on the table
        #expect(screen.coach.verdict != nil)
        _ = screen.perform(.playAgain, in: frame)
        #expect(screen.coach.verdict == nil)
    }

    @Test func aDamagedRecordIsDroppedRatherThanCountedOn() {
        for value in ["5/x/8", "9223372036854775807/9223372036854775807", "-1/3", "3/2", "/"] {
            #expect(BlackjackCoach(settings: ["blackjack.coach.record": value]).decisionsEver == 0, "\(value)")
        }
    }
}
