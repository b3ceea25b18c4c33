import ArcadeTestSupport
import Foundation
import ArcadeUI
import SlotModel
import Testing

@testable import ArcadeApp

/// Slots left in progress and resumed: the screen comes back as it was left, both
/// machines with their scores, spins, bests and next spins, and each best is kept once.
@Suite struct SlotsResumeTests {
    init() { prepareForDrawing() }

    /// A frame larger than the 80×23 game frame: the payout table is drawn below the reels.
    static let large = Frame(size: Size(width: 120, height: 40))
    private let context = GameContext(seed: 99)

    /// The screen the catalog's Slots entry resumes from `state`, as the shell would build it.
    private func resumed(_ state: String) -> SlotsScreen? {
        let info = GameCatalog.games.first { $0.id == .slots }!
        return info.resume!(state, context) as? SlotsScreen
    }

    /// Press Space and let the reels roll to a stop.
    private func spinToStop(_ screen: inout SlotsScreen) {
        _ = screen.update(.key(.space))
        _ = screen.update(.tick(SlotsScreen.spinDuration))
    }

    /// Four spins on the 3-digit machine, then three on the 5-digit one, which stays on screen.
    private func playedPartWay(seed: UInt64 = 1) -> SlotsScreen {
        var screen = SlotsScreen(seed: seed)
        for _ in 0..<4 { spinToStop(&screen) }
        _ = screen.update(.key(.tab))
        for _ in 0..<3 { spinToStop(&screen) }
        return screen
    }

    /// Both screens take `input`: what they do and draw must stay the same.
    private func expectSame(_ input: Input, _ original: inout SlotsScreen, _ copy: inout SlotsScreen,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(original.update(input) == copy.update(input), sourceLocation: sourceLocation)
        #expect(original.text() == copy.text(), sourceLocation: sourceLocation)
    }

    @Test func aGamePlayedPartWayResumesAsItWasLeft() throws {
        let original = playedPartWay()
        let save = try #require(original.savedState())
        let restored = try #require(resumed(save.state))
        #expect(restored.text() == original.text())
        #expect(restored.text(in: Self.large) == original.text(in: Self.large))
        #expect(restored.tabs.selectedIndex == 1)
        #expect(restored.machines.map(\.shownScore) == original.machines.map(\.shownScore))
        #expect(restored.machines.map(\.spins) == [4, 3])
        #expect(restored.machines.map(\.peak) == original.machines.map(\.peak))
        #expect(restored.isInProgress)
        let scores = original.machines.map(\.shownScore)
        #expect(save.summary == "3-digit \(scores[0]), 5-digit \(scores[1])")

        // The other machine, as it was left too.
        var left = original, back = restored
        expectSame(.key(.character("1")), &left, &back)
        #expect(back.text(in: Self.large) == left.text(in: Self.large))
    }

    @Test func aResumedGameSpinsAsTheOriginalWouldHave() throws {
        var original = playedPartWay(seed: 5144)
        let save = try #require(original.savedState())
        var restored = try #require(resumed(save.state))
        for machine in ["2", "1", "2"] {
            expectSame(.key(.character(Character(machine))), &original, &restored)
            for _ in 0..<12 {
                expectSame(.key(.space), &original, &restored)
                expectSame(.tick(SlotsScreen.spinDuration), &original, &restored)
            }
        }
        #expect(restored.machines.map { $0.game.snapshot } == original.machines.map { $0.game.snapshot })
        expectSame(.key(.character("r")), &original, &restored)
        #expect(original.willLeave() == restored.willLeave())
    }

    @Test func aSpinStillRollingWhenLeftIsSavedFinished() throws {
        var original = playedPartWay()
        _ = original.update(.key(.space))
        _ = original.update(.tick(0.3))
        #expect(original.wantsTicks)
        let save = try #require(original.savedState())
        let restored = try #require(resumed(save.state))
        #expect(!restored.wantsTicks)
        #expect(restored.current.spins == 4)
        _ = original.update(.tick(SlotsScreen.spinDuration))  // the original's reels stop
        #expect(restored.text() == original.text())
        #expect(restored.current.shownScore == original.current.game.score)
    }

    @Test func anUntouchedOrResetGameSavesNothing() {
        var screen = SlotsScreen(seed: 1)
        #expect(screen.savedState() == nil)
        _ = screen.update(.key(.tab))
        #expect(screen.savedState() == nil)  // switching machines plays nothing
        spinToStop(&screen)
        #expect(screen.savedState() != nil)
        _ = screen.update(.key(.character("r")))
        #expect(screen.savedState() == nil)  // every machine back at 100 with no spin
    }

    @Test func garbageOrAnotherVersionDoesNotResume() throws {
        let state = try #require(playedPartWay().savedState()).state
        #expect(resumed(state) != nil)
        #expect(state.contains("\"version\":1"))
        #expect(resumed(state.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")) == nil)
        #expect(resumed("") == nil)
        #expect(resumed("not a saved game") == nil)
        #expect(resumed("{\"version\":1,\"state\":{}}") == nil)
        #expect(resumed(state.replacingOccurrences(of: "\"selected\":1", with: "\"selected\":7")) == nil)
        // A save that is not this game's shape: a third machine.
        #expect(resumed(state.replacingOccurrences(of: "\"machines\":[{", with: "\"machines\":[{\"x\":0},{")) == nil)
    }

    @Test func aDamagedMachineDoesNotResume() throws {
        let state = try #require(playedPartWay().savedState()).state
        let digits = try #require(state.firstRange(of: "\"digits\":["))
        var damaged = state
        damaged.insert(contentsOf: "12,", at: digits.upperBound)  // a digit above 9, and one too many
        #expect(resumed(damaged) == nil)
    }

    // MARK: - Each best kept once

    /// Spin the screen's machine until its score is above `score` (at most 500 spins).
    private func spinUntilAbove(_ score: Int, _ screen: inout SlotsScreen) {
        for _ in 0..<500 where screen.current.shownScore <= score && screen.current.game.canSpin {
            spinToStop(&screen)
        }
    }

    @Test func leavingAResumedGameKeepsOnlyAHigherBest() throws {
        var first = SlotsScreen(seed: 5144)
        spinToStop(&first)  // the jackpot: 398
        let firstSave = try #require(first.savedState())
        #expect(first.willLeave() == [.record(398, SlotsFigures(machine: "3-digit", spins: 1, run: "3-digit 0"))])

        // Resumed and left again without a better score: the 398 is not kept twice.
        var second = try #require(resumed(firstSave.state))
        #expect(second.current.peak == 398)
        spinToStop(&second)
        spinToStop(&second)
        #expect(second.current.shownScore < 398)
        let secondSave = try #require(second.savedState())
        #expect(second.willLeave().isEmpty)
        var resetting = try #require(resumed(secondSave.state))
        #expect(resetting.update(.key(.character("r"))) == [.confirm(.resetScore)])  // above 100: asked first
        #expect(resetting.confirmed(.newGame, in: .game80x23).isEmpty)  // nor does a reset keep it

        // Resumed again and played past 398: the new best is kept, once.
        var third = try #require(resumed(secondSave.state))
        spinUntilAbove(398, &third)
        let best = third.current.peak
        try #require(best > 398)
        #expect(third.willLeave() == [.record(best, SlotsFigures(machine: "3-digit", spins: third.current.spins,
                                                                  run: "3-digit 0"))])
        #expect(third.willLeave().isEmpty)
    }

    @Test func theSaveIsTheSameWhetherTheBestsAreKeptBeforeOrAfter() throws {
        var screen = SlotsScreen(seed: 5144)
        spinToStop(&screen)
        _ = screen.update(.key(.space))  // rolling: leaving settles it
        let before = try #require(screen.savedState())
        var left = screen
        #expect(!left.willLeave().isEmpty)
        #expect(left.savedState() == before)
        var resumedScreen = try #require(resumed(before.state))
        #expect(resumedScreen.willLeave().isEmpty)
    }

    @Test func aBestKeptBeforeAResetDoesNotHoldBackTheNextRun() throws {
        var screen = SlotsScreen(seed: 5144)
        spinToStop(&screen)
        let save = try #require(screen.savedState())
        var restored = try #require(resumed(save.state))
        #expect(restored.update(.key(.character("r"))) == [.confirm(.resetScore)])
        #expect(restored.confirmed(.newGame, in: .game80x23).isEmpty)  // 398 was kept on leaving: the reset keeps nothing
        spinUntilAbove(SlotMachineGame.startingScore, &restored)
        let best = restored.current.peak
        try #require(best > SlotMachineGame.startingScore)
        #expect(restored.willLeave() == [.record(best, SlotsFigures(machine: "3-digit", spins: restored.current.spins,
                                                                     run: "3-digit 1"))])
    }
}
