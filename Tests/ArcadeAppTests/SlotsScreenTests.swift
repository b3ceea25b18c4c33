import ArcadeTestSupport
import Foundation
import ArcadeUI
import SlotModel
import Testing

@testable import ArcadeApp

@Suite struct SlotsScreenTests {
    init() { prepareForDrawing() }

    private func shell(seed: UInt64 = 1, size: Size = Size(width: 80, height: 24),
                       theme: Theme = Theme()) -> TestShell {
        var shell = TestShell(games: GameCatalog.games, size: size, theme: theme, seed: { seed })
        shell.open(.slots)
        return shell
    }

    private func screen(_ shell: TestShell, size: Size = Size(width: 80, height: 24),
                        theme: Theme = Theme()) -> String {
        var grid = CellGrid(size: size, theme: theme)
        shell.render(into: &grid)
        return grid.text
    }

    private func slots(seed: UInt64 = 1) -> SlotsScreen {
        SlotsScreen(seed: seed)
    }

    /// Press Space and let the reels roll to a stop.
    private func spinToStop(_ screen: inout SlotsScreen) {
        _ = screen.update(.key(.space))
        _ = screen.update(.tick(SlotsScreen.spinDuration))
    }

    @Test func threeDigitTabAt80x24() {
        assertSnapshot(screen(shell()), named: "slots-3digit-80x24")
    }

    @Test func fiveDigitTabAt80x24AfterAFewSpins() {
        var shell = shell()
        _ = shell.update(.key(.character("2")))
        for _ in 0..<3 {
            _ = shell.update(.key(.space))
            _ = shell.update(.tick(1))
        }
        assertSnapshot(screen(shell), named: "slots-5digit-80x24")
    }

    @Test func narrowTerminalWrapsOrShrinksTheReels() {
        let narrow = Size(width: 40, height: 24)
        var wrapped = shell(size: narrow)
        _ = wrapped.update(.key(.character("2")))
        assertSnapshot(screen(wrapped, size: narrow), named: "slots-5digit-40x24")
        let short = Size(width: 36, height: 13)
        assertSnapshot(screen(shell(size: short), size: short), named: "slots-3digit-36x13")
    }

    @Test func monochromeNamesEachDigitsColour() {
        let mono = Theme(colorMode: .monochrome, ascii: false)
        let text = screen(shell(theme: mono), theme: mono)
        let game = SlotMachineGame(3, seed: 1)
        let initials = game.digits.map { String($0.color.initial) }
        #expect(text.contains(initials.joined(separator: "          ")))
        #expect(!screen(shell()).contains(initials.joined(separator: "          ")))
    }

    @Test func asciiDrawsDigitsWithHashes() {
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let text = screen(shell(theme: ascii), theme: ascii)
        #expect(text.contains("##"))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func aSpinRollsTheReelsLeftToRightThenNamesThePayout() {
        var screen = slots(seed: 5144)  // this seed's first 3-digit spin is a jackpot
        #expect(!screen.wantsTicks)
        _ = screen.update(.key(.space))
        #expect(screen.wantsTicks)
        #expect(screen.current.shownScore == 98)  // the cost is taken at the press
        #expect(screen.current.message == "Spinning…")

        _ = screen.update(.tick(0.2))
        _ = screen.update(.key(.space))  // a second press while rolling does not spin twice
        #expect(screen.current.spins == 1)
        #expect(screen.current.game.score == 398)

        _ = screen.update(.tick(0.3))  // 0.5 s: the first reel has stopped, the last still rolls
        #expect(screen.stopTime(of: 0, count: 3) < 0.5 && screen.stopTime(of: 2, count: 3) > 0.5)
        #expect(screen.wantsTicks)
        #expect(screen.current.shownScore == 98)

        _ = screen.update(.tick(0.3))  // 0.8 s: all stopped
        #expect(!screen.wantsTicks)
        #expect(screen.current.shownScore == 398)
        #expect(screen.current.message == "+300 — all digits and colours match")
    }

    @Test func aSpinThatPaysNothingSaysSo() {
        var screen = slots(seed: 1)  // this seed's first 3-digit spin matches nothing
        spinToStop(&screen)
        #expect(screen.current.message == "No match. −2")
        #expect(screen.current.shownScore == 98)
    }

    @Test func eachTabKeepsItsOwnScore() {
        var screen = slots(seed: 1)
        spinToStop(&screen)
        spinToStop(&screen)
        #expect(screen.current.game.numberOfDigits == 3)
        let threeDigitScore = screen.current.shownScore
        _ = screen.update(.key(.tab))
        #expect(screen.current.game.numberOfDigits == 5)
        #expect(screen.current.shownScore == 100)
        _ = screen.update(.key(.left))
        #expect(screen.current.shownScore == threeDigitScore)
        _ = screen.update(.key(.character("2")))
        #expect(screen.current.game.numberOfDigits == 5)
        _ = screen.update(.key(.character("1")))
        #expect(screen.current.game.numberOfDigits == 3)
    }

    @Test func homeAndEndSwitchToTheFirstAndLastMachine() {
        var screen = slots(seed: 1)
        _ = screen.update(.key(.end))
        #expect(screen.current.game.numberOfDigits == 5)
        _ = screen.update(.key(.end))
        #expect(screen.current.game.numberOfDigits == 5)  // no wrap: End stays on the last
        _ = screen.update(.key(.home))
        #expect(screen.current.game.numberOfDigits == 3)
        #expect(screen.help(in: .game80x23).keys.contains { $0.keys.contains("Home End") && $0.action.contains("first or last") })
    }

    @Test func switchingTabsMidRollSettlesTheSpin() {
        var screen = slots(seed: 5144)
        _ = screen.update(.key(.space))
        _ = screen.update(.key(.tab))
        _ = screen.update(.key(.tab))
        #expect(screen.current.rolling == nil)
        #expect(screen.current.shownScore == 398)
    }

    @Test func spinIsDisabledAndSaysWhyUnderTwoPoints() {
        var shell = shell(seed: 1)
        _ = shell.update(.key(.character("2")))
        var spins = 0
        while spins < 500 {
            _ = shell.update(.key(.space))
            _ = shell.update(.tick(1))
            spins += 1
            if screen(shell).contains("( Spin )") { break }
        }
        let text = screen(shell)
        #expect(text.contains("( Spin )"))
        #expect(text.contains("Need 2 points to spin — press r to reset."))
        let reels = text.split(separator: "\n").prefix(8)
        _ = shell.update(.key(.space))
        #expect(!shell.wantsTicks)  // no roll starts
        #expect(screen(shell).split(separator: "\n").prefix(8) == reels)
        #expect(screen(shell).contains("Score: \(text.contains("Score: 1") ? 1 : 0)"))
        _ = shell.update(.key(.character("r")))
        let after = screen(shell)
        #expect(after.contains("[ Spin ]"))
        #expect(after.contains("Score: 100"))
    }

    /// The line under the reels as drawn at `size`.
    private func messageLine(_ screen: SlotsScreen, size: Size, theme: Theme = Theme()) -> String {
        var grid = CellGrid(size: size, theme: theme)
        screen.render(into: &grid)
        let layout = SlotsLayout(frame: Frame(size: size, theme: theme), digits: screen.current.game.numberOfDigits)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        return rows[layout.message.y].trimmingCharacters(in: .whitespaces)
    }

    @Test func onTheNarrowestScreenThePayoutIsSaidInFewerWordsNotCut() {
        let narrow = Size(width: 36, height: 12)
        var screen = slots(seed: 5144)
        spinToStop(&screen)
        #expect(messageLine(screen, size: narrow) == "+300 — digits and colours match")
        #expect(messageLine(screen, size: Size(width: 80, height: 23)) == "+300 — all digits and colours match")
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        #expect(messageLine(screen, size: narrow, theme: ascii) == "+300 - digits and colours match")
    }

    @Test func onTheNarrowestScreenTheNeedForPointsIsSaidWhole() {
        let narrow = Size(width: 36, height: 12)
        var screen = slots(seed: 1)
        _ = screen.update(.key(.character("2")))
        for _ in 0..<500 where screen.current.game.canSpin { spinToStop(&screen) }
        #expect(!screen.current.game.canSpin)
        #expect(messageLine(screen, size: narrow) == "Need 2 points: press r to reset.")
        let wide = messageLine(screen, size: Size(width: 80, height: 23))
        #expect(wide.hasSuffix("  Need 2 points to spin — press r to reset."))
        _ = screen.update(.key(.space))  // Spin is disabled: the line stays
        #expect(messageLine(screen, size: narrow) == "Need 2 points: press r to reset.")
    }

    @Test func resetRecordsTheBestScoreReachedAndStartsAgain() {
        var screen = slots(seed: 5144)
        spinToStop(&screen)
        spinToStop(&screen)
        #expect(screen.update(.key(.character("r"))) == [.confirm(.resetScore)])  // above 100: asked first
        let effects = screen.confirmed(.newGame, in: .game80x23)
        #expect(effects == [.recordScore(398, figures: ["machine": "3-digit", "spins": "2"], mode: "3-digit", run: "3-digit 0")])
        #expect(screen.current.shownScore == 100)
        #expect(screen.current.spins == 0)
        #expect(screen.update(.key(.character("r"))).isEmpty)  // nothing played since: nothing to keep
    }

    @Test func leavingRecordsEachMachineThatWentAbove100() {
        var screen = slots(seed: 5144)
        #expect(!screen.isInProgress)
        spinToStop(&screen)  // the jackpot: 398
        #expect(screen.isInProgress)
        _ = screen.update(.key(.tab))
        spinToStop(&screen)
        #expect(screen.willLeave() == [.recordScore(398, figures: ["machine": "3-digit", "spins": "1"], mode: "3-digit",
                                                       run: "3-digit 0")])
    }

    @Test func aMachineThatNeverWentAbove100RecordsNoBest() {
        var screen = slots(seed: 1)  // this seed's first 3-digit spins match nothing
        spinToStop(&screen)
        spinToStop(&screen)
        #expect(screen.current.shownScore == 96)
        #expect(screen.willLeave().isEmpty)
        #expect(screen.update(.key(.character("r"))).isEmpty)  // nor does a reset
        #expect(screen.current.shownScore == 100)
    }

    @Test func clicksOnTabsAndButtonsWork() {
        var shell = shell(seed: 5144)
        let lines = screen(shell).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let buttonsRow = lines.firstIndex { $0.contains("[ Spin ]") }!
        let spinColumn = lines[buttonsRow].distance(
            from: lines[buttonsRow].startIndex, to: lines[buttonsRow].range(of: "[ Spin ]")!.lowerBound)
        _ = shell.update(.mouse(MouseEvent(.press, at: Point(x: spinColumn + 2, y: buttonsRow))))
        #expect(shell.wantsTicks)
        _ = shell.update(.tick(1))
        #expect(screen(shell).contains("Score: 398"))

        let tabColumn = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "5-digit")!.lowerBound)
        _ = shell.update(.mouse(MouseEvent(.press, at: Point(x: tabColumn, y: 0))))
        #expect(screen(shell).contains("[2 5-digit]"))
        #expect(screen(shell).contains("Score: 100"))
    }

    @Test func actionsDoWhatTheirKeysAndButtonsDo() {
        var screen = slots(seed: 5144)
        let frame = Frame.game80x23
        #expect(screen.bindings(in: frame).action(for: .character("S")) == .spin)  // either case
        #expect(screen.bindings(in: frame).action(for: .backTab) == .previousMachine)
        #expect(screen.bindings(in: frame).action(for: .character("2")) == .machine(1))
        #expect(screen.perform(.spin, in: frame).isEmpty)
        #expect(screen.current.rolling != nil)
        _ = screen.advance(by: SlotsScreen.spinDuration, in: frame)
        #expect(screen.current.shownScore == 398)
        #expect(screen.perform(.lastMachine, in: frame).isEmpty)
        #expect(screen.current.game.numberOfDigits == 5)
        _ = screen.perform(.machine(0), in: frame)
        #expect(screen.perform(.reset, in: frame) == [.confirm(.resetScore)])
        #expect(screen.confirmed(.newGame, in: frame) == [.record(398, SlotsFigures(machine: "3-digit", spins: 1, run: "3-digit 0"))])
        #expect(screen.keyHints(in: frame) == [KeyHint("Space", "spin"), KeyHint("r", "reset"), KeyHint("Tab", "machine")])
    }

    @Test func asciiSaysThePayoutWithPlainDashes() {
        var screen = slots(seed: 1)
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        spinToStop(&screen)
        #expect(messageLine(screen, size: Size(width: 80, height: 23), theme: ascii) == "No match. -2")
        _ = screen.update(.key(.space))
        #expect(messageLine(screen, size: Size(width: 80, height: 23), theme: ascii) == "Spinning...")
        #expect(messageLine(screen, size: Size(width: 80, height: 23)) == "Spinning…")
    }

    @Test func slotsFiguresAreStoredAndReadInOnePlace() {
        let figures = SlotsFigures(machine: "5-digit", spins: 12)
        #expect(figures.stored == ["machine": "5-digit", "spins": "12"])
        #expect(SlotsFigures(stored: figures.stored) == figures)
        #expect(SlotsFigures(stored: ["machine": "3-digit"]) == SlotsFigures(machine: "3-digit", spins: nil))
        #expect(SlotsFigures(stored: ["time": "0:42"]) == nil)
    }

    @Test func theMenuShowsTheBestMachineScore() {
        let info = GameCatalog.games.first { $0.id == .slots }!
        let entry = ScoreEntry(score: 412, date: "2026-11-30 10:00", player: "ann", figures: ["machine": "5-digit"])
        #expect(info.describeBest(entry) == "best 412 (5-digit)")
    }

    /// The animations setting: off shows a spin's result at once, fast rolls in half the time;
    /// the result is the same.
    @Test func theAnimationsSettingSetsHowLongTheReelsRoll() {
        var off = SlotsScreen(seed: 1, settings: ["animations": "off"])
        _ = off.update(.key(.space))
        #expect(!off.wantsTicks && off.current.rolling == nil)
        var fast = SlotsScreen(seed: 1, settings: ["animations": "fast"])
        _ = fast.update(.key(.space))
        #expect(fast.wantsTicks)
        _ = fast.update(.tick(SlotsScreen.spinDuration / 2 + 0.01))
        #expect(!fast.wantsTicks)
        var normal = SlotsScreen(seed: 1)
        _ = normal.update(.key(.space))
        _ = normal.update(.tick(SlotsScreen.spinDuration / 2 + 0.01))
        #expect(normal.wantsTicks)
        _ = normal.update(.tick(SlotsScreen.spinDuration))
        #expect(off.current.game.score == normal.current.game.score)
        #expect(fast.current.game.score == normal.current.game.score)
    }

    // MARK: - A win shown on the reels

    /// The rows of the reels (under the tabs, above the line under them) as drawn at 80×24.
    private func reelRows(_ screen: SlotsScreen, theme: Theme = Theme()) -> String {
        let size = Size(width: 80, height: 24)
        var grid = CellGrid(size: size, theme: theme)
        screen.render(into: &grid)
        let layout = SlotsLayout(frame: Frame(size: size, theme: theme), digits: screen.current.game.numberOfDigits)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        return rows[layout.reels[0].y..<layout.message.y].joined(separator: "\n")
    }

    @Test func aWinIsMarkedOnTheReelsWhileItShows() {
        var screen = slots(seed: 5144)  // this seed's first 3-digit spin is a jackpot
        let before = reelRows(screen)
        #expect(!before.contains("╔") && !before.contains("★"))

        _ = screen.update(.key(.space))
        _ = screen.update(.tick(0.2))
        #expect(!reelRows(screen).contains("★"), "not while the reels roll")

        _ = screen.update(.tick(SlotsScreen.spinDuration))
        let won = reelRows(screen)
        // Every reel framed twice over and starred: the whole row matched.
        #expect(won.components(separatedBy: "╔").count - 1 == 3)
        #expect(won.components(separatedBy: "╝").count - 1 == 3)
        #expect(won.components(separatedBy: "★").count - 1 == 3)
        #expect(!won.contains("╭"))
        let mono = Theme(colorMode: .monochrome, ascii: false)
        #expect(reelRows(screen, theme: mono).components(separatedBy: "★").count - 1 == 3)
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let asciiRows = reelRows(screen, theme: ascii)
        #expect(asciiRows.components(separatedBy: "*").count - 1 == 3)
        #expect(asciiRows.contains("+===") && asciiRows.unicodeScalars.allSatisfy(\.isASCII))

        // The next spin takes the mark away until it is known; a spin that pays nothing has none.
        _ = screen.update(.key(.space))
        #expect(!reelRows(screen).contains("★"))
        var lost = slots(seed: 1)  // this seed's first 3-digit spin matches nothing
        spinToStop(&lost)
        #expect(lost.current.message == "No match. −2")
        #expect(!reelRows(lost).contains("★") && !reelRows(lost).contains("╔"))
    }

    @Test func theWinMarksTheReelsOnItsOwnMachineOnly() {
        var screen = slots(seed: 5144)
        spinToStop(&screen)
        _ = screen.update(.key(.tab))
        #expect(!reelRows(screen).contains("★"), "the 5-digit machine has not won")
        _ = screen.update(.key(.tab))
        #expect(reelRows(screen).components(separatedBy: "★").count - 1 == 3, "the win still shows on its machine")
        _ = screen.update(.key(.character("r")))
        _ = screen.confirmed(.newGame, in: .game80x23)
        #expect(!reelRows(screen).contains("★"), "a reset ends the win")
    }

    @Test func aWinMarkedOnTheReelsAt80x24() {
        var shell = shell(seed: 5144)
        _ = shell.update(.key(.space))
        _ = shell.update(.tick(1))
        assertSnapshot(screen(shell), named: "slots-3digit-win-80x24")
    }

    // MARK: - Reset asks first above 100

    @Test func resetAsksFirstWhenTheScoreIsAbove100() {
        var shell = shell(seed: 5144)
        _ = shell.update(.key(.space))
        _ = shell.update(.tick(1))
        #expect(screen(shell).contains("Score: 398"))

        // No: nothing changes.
        _ = shell.update(.key(.character("r")))
        #expect(shell.overlay == .confirm(.resetScore))
        #expect(screen(shell).contains("Reset the score to 100? Your points will"))
        #expect(screen(shell).contains("be lost; your best is kept. (y/n)"))
        #expect(shell.screen(as: SlotsScreen.self)?.current.shownScore == 398, "not reset while it asks")
        _ = shell.update(.key(.character("n")))
        #expect(shell.overlay == nil)
        #expect(screen(shell).contains("Score: 398"))

        // Yes: reset, its best kept.
        _ = shell.update(.key(.character("r")))
        let effects = shell.update(.key(.character("y")))
        #expect(shell.overlay == nil)
        #expect(screen(shell).contains("Score: 100"))
        #expect(screen(shell).contains("Score reset to 100."))
        let recorded = effects.compactMap { effect -> Int? in
            if case .recordScore(.slots, let record) = effect { return record.score }
            return nil
        }
        #expect(recorded == [398])
    }

    @Test func resetAt100OrBelowNeedsNoQuestion() {
        var screen = slots(seed: 1)  // this seed's first 3-digit spins match nothing
        spinToStop(&screen)
        #expect(screen.current.shownScore == 98)
        #expect(screen.update(.key(.character("r"))).isEmpty)
        #expect(screen.current.shownScore == 100)
        #expect(screen.current.message == "Score reset to 100.")
        // A yes that comes when there is nothing to reset only resets (never a trap).
        #expect(screen.confirmed(.newGame, in: .game80x23).isEmpty)
        #expect(screen.current.shownScore == 100)
    }

    @Test func theResetQuestionAt80x24() {
        var shell = shell(seed: 5144)
        _ = shell.update(.key(.space))
        _ = shell.update(.tick(1))
        _ = shell.update(.key(.character("r")))
        assertSnapshot(screen(shell), named: "slots-reset-question-80x24")
    }
}
