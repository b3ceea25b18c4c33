import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

/// The daily puzzle and the choice of mode on the Set screen.
@Suite struct SetDailyScreenTests {
    init() { prepareForDrawing() }

    private static let today = CalendarDay(year: 2026, month: 12, day: 1)
    private let frame = Frame(size: Size(width: 80, height: 23))

    private func daily(kept: [String: DailyOutcome] = [:]) -> SetScreen {
        SetScreen(context: GameContext(seed: 7, options: ["--daily": ""], daily: kept, today: Self.today))
    }

    /// Touch the cards of `set` by clicking them, `seconds` apart on the clock.
    @discardableResult
    private func tryCards(_ cards: [SetCard], on screen: inout SetScreen, after seconds: Double = 0) -> [GameEffect] {
        var effects: [GameEffect] = []
        for card in cards {
            _ = screen.update(.tick(seconds), in: frame)
            let place = screen.daily!.cards.firstIndex(of: card)!
            let cell = SetDailyLayout(frame: frame, style: screen.cardStyle).cell(of: place)!
            effects += screen.update(.mouse(MouseEvent(.press, at: Point(x: cell.x + 2, y: cell.y + 1))), in: frame)
        }
        return effects
    }

    private func mismatch(in cards: [SetCard]) -> [SetCard] {
        for i in cards.indices {
            for j in cards.indices where j > i {
                for k in cards.indices where k > j && !SetGame.isSet(cards[i], cards[j], cards[k]) {
                    return [cards[i], cards[j], cards[k]]
                }
            }
        }
        return []
    }

    @Test func theDailyPuzzleShowsTheDaysTwelveCardsWithoutADeckOrAHint() {
        let screen = daily()
        #expect(screen.daily?.cards == SetGame.dailyPuzzle(year: 2026, month: 12, day: 1))
        let text = screen.text(in: frame)
        #expect(text.contains("Daily 2026-12-01   Found 0 of 6   Misses 0   Time 0:00"))
        #expect(text.contains("Found 0 of 6"))
        #expect(!text.contains("Deal 3") && !text.contains("Hint") && !text.contains("Deck"))
        #expect(!screen.isInProgress, "nothing selected yet: the clock waits")
    }

    @Test func midWayTheFoundSetsAreListedBesideTheTableAndATryIsLetGo() {
        var screen = daily()
        let sets = screen.daily!.allSets
        tryCards(sets[0], on: &screen, after: 5)
        tryCards(mismatch(in: screen.daily!.cards), on: &screen, after: 4)
        tryCards(sets[3], on: &screen, after: 6)
        #expect(screen.daily?.found == [sets[0], sets[3]] && screen.daily?.misses == 1)
        #expect(screen.daily?.selectedCards.isEmpty == true, "deselected after each try")
        #expect(screen.isInProgress && screen.savedState()?.summary == "daily 2026-12-01, 2 of 6 found")
        assertSnapshot(screen.text(in: frame), named: "set-daily-midway-80x23")
    }

    @Test func solvingTheDayKeepsItsResultAndShowsTheLineToShare() throws {
        var screen = daily()
        var effects: [GameEffect] = []
        tryCards(mismatch(in: screen.daily!.cards), on: &screen, after: 10)
        for set in screen.daily!.allSets { effects += tryCards(set, on: &screen, after: 7) }
        // 10 s to the first card after the clock started at it: 2 + 18 ticks of 7 s after it.
        let outcome = DailyOutcome(seconds: 2 * 10 + 18 * 7, misses: 1, found: 6)
        #expect(effects == [.recordDaily(day: "2026-12-01", outcome)])
        #expect(!screen.isInProgress && screen.savedState() == nil)
        let over = try #require(screen.gameOver(in: frame))
        #expect(over.message.contains("Set daily 2026-12-01: 6/6 in 2:26, 1 miss"))
        var shell = TestShell.hosting(screen, as: .set, size: Size(width: 80, height: 24))
        var grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        assertSnapshot(grid.text, named: "set-daily-solved-80x24")
        _ = shell.update(.key(.character("n")))
        #expect(shell.activeScreen.flatMap { $0 as? SetScreen }?.mode == .classic, "Classic game from the box")
    }

    @Test func aDayAlreadySolvedOpensOnItsResultAndCannotBePlayedAgain() throws {
        let kept = DailyOutcome(seconds: 134, misses: 1, found: 6)
        var screen = daily(kept: ["2026-12-01": kept])
        #expect(screen.gameOver(in: frame)?.message.contains("Set daily 2026-12-01: 6/6 in 2:14, 1 miss") == true)
        #expect(screen.text(in: frame).contains("Found 6 of 6") && screen.text(in: frame).contains("6. "), "every set is listed")
        let effects = tryCards(screen.daily!.allSets[0], on: &screen)
        #expect(effects.isEmpty && screen.daily?.found.isEmpty == true)
        // Another day is a puzzle of its own.
        let other = SetScreen(context: GameContext(seed: 7, options: ["--daily": "", "--date": "2026-12-02"],
                                                   daily: ["2026-12-01": kept], today: Self.today))
        #expect(other.gameOver(in: frame) == nil)
        #expect(other.daily?.cards == SetGame.dailyPuzzle(year: 2026, month: 12, day: 2))
    }

    @Test func aDailyPuzzleLeftHalfWayResumesWithItsFindsAndClock() throws {
        var screen = daily()
        tryCards(screen.daily!.allSets[1], on: &screen, after: 9)
        let save = try #require(screen.savedState())
        let back = try #require(SetScreen(restoring: save.state, context: GameContext(seed: 1, today: Self.today)))
        #expect(back.mode == .daily && back.daily == screen.daily && back.clock == screen.clock)
        #expect(back.text(in: frame) == screen.text(in: frame))
    }

    @Test func theChoiceOfModeStartsTheDailyPuzzleAndAsksBeforeThrowingAGameAway() {
        var screen = SetScreen(context: GameContext(seed: 7, today: Self.today))
        #expect(screen.mode == .classic && screen.daily == nil)
        _ = screen.update(.key(.character("g")), in: frame)
        #expect(screen.chooser != nil)
        #expect(screen.text(in: frame).contains("[ 2 Daily ]         the day's 12 cards hold exactly 6 sets"))
        #expect(screen.text(in: frame).contains("[>1 Classic<]"), "the mode on the table is focused")
        _ = screen.update(.key(.escape), in: frame)
        #expect(screen.chooser == nil && screen.mode == .classic, "Esc goes back to the table as it was")
        // A game in progress: choosing asks first, and yes starts the puzzle.
        let card = screen.game.board[0]!
        _ = screen.perform(.selectPlace(0), in: frame)
        #expect(screen.game.selectedCards == [card] && screen.isInProgress)
        _ = screen.update(.key(.character("g")), in: frame)
        _ = screen.update(.key(.right), in: frame)
        #expect(screen.update(.key(.enter), in: frame) == [.confirm(.newGame)])
        #expect(screen.mode == .classic, "nothing changes before the answer")
        _ = screen.confirmed(.newGame, in: frame)
        #expect(screen.mode == .daily && screen.daily?.cards == SetGame.dailyPuzzle(year: 2026, month: 12, day: 1))
        // And back to classic with a digit, nothing in progress.
        _ = screen.update(.key(.character("g")), in: frame)
        _ = screen.update(.key(.character("1")), in: frame)
        #expect(screen.mode == .classic && screen.daily == nil && screen.game.board.count == 12)
        // A click on a mode's row starts it.
        _ = screen.update(.key(.character("g")), in: frame)
        let hard = SetModeChooser.layout(in: frame.bounds).rows[4]
        _ = screen.update(.mouse(MouseEvent(.press, at: Point(x: hard.x + 30, y: hard.y))), in: frame)
        #expect(screen.mode == .versus(.hard) && screen.chooser == nil)
    }

    @Test func theDailyPuzzleFitsDownToItsMinimumAndUsesALargeScreen() {
        let theme = Theme()
        for size in [Size(width: 40, height: 20), Size(width: 80, height: 23), Size(width: 120, height: 39)] {
            #expect(SetDailyLayout.fits(size, theme: theme), "\(size)")
        }
        #expect(!SetDailyLayout.fits(Size(width: 30, height: 10), theme: theme))
        let minimum = SetDailyLayout.minimumSize(theme: theme, near: Size(width: 30, height: 10))
        #expect(SetDailyLayout.fits(minimum, theme: theme), "the size the message asks for is enough")
        let large = SetDailyLayout(frame: Frame(size: Size(width: 120, height: 39)))
        let cells = (0..<12).compactMap(large.cell(of:))
        let top = cells.map(\.y).min()!, bottom = cells.map(\.maxY).max()!
        #expect(top <= 4 && bottom >= 33, "no bands of empty rows at 120×40: \(top)…\(bottom)")
    }

    @Test func inClassicFacesTheListGoesUnderTheCardsWhenThatGivesTheShapesMoreRoom() {
        let glyphs = SetDailyLayout(frame: frame)
        let classic = SetDailyLayout(frame: frame, style: .classic)
        #expect(glyphs.table.columns == 3 && glyphs.list.x > glyphs.cell(of: 2)!.maxX, "glyphs: the list beside")
        #expect(classic.table.columns == 4 && classic.table.cellSize.height > glyphs.table.cellSize.height)
        #expect(classic.list.y >= classic.cell(of: 11)!.maxY, "classic: the list under the cards")
        #expect(classic.showsFaces(.classic, theme: Theme()) && !classic.showsFaces(.glyphs, theme: Theme()))
        #expect(!classic.showsFaces(.classic, theme: Theme(ascii: true)), "ASCII keeps its letters")
        var screen = daily()
        _ = screen.update(.key(.character("c")), in: frame)
        for set in screen.daily!.allSets.prefix(4) { tryCards(set, on: &screen) }
        let lines = screen.text(in: frame).split(separator: "\n", omittingEmptySubsequences: false)
        let listRow = lines.lastIndex { $0.contains("Found 4 of 6") }
        #expect(listRow.map { lines[$0].contains("1. ") && lines[$0 + 1].contains("4. ") } == true,
                "three sets a row, the title at the left")
    }

    @Test func atEverySizeTheListHoldsAllSixSetsOrIsLeftOutAndTheMinimumIsEnough() {
        for theme in [Theme(), Theme(colorMode: .monochrome)] {
            for style in SetCardStyle.allCases {
                for width in stride(from: 20, through: 130, by: 3) {
                    for height in 6...44 {
                        let size = Size(width: width, height: height)
                        let layout = SetDailyLayout(frame: Frame(size: size, theme: theme), style: style)
                        #expect(SetDailyLayout.fits(size, theme: theme) == (width >= 20 && layout.table.fitsMinimum))
                        if !SetDailyLayout.fits(size, theme: theme) {
                            let minimum = SetDailyLayout.minimumSize(theme: theme, near: size)
                            #expect(SetDailyLayout.fits(minimum, theme: theme), "asked for \(minimum) at \(size)")
                            continue
                        }
                        let cells = (0..<12).compactMap(layout.cell(of:))
                        #expect(cells.allSatisfy { $0.maxX <= width && $0.maxY <= height - 1 })
                        guard !layout.list.isEmpty else { continue }
                        let list = layout.list
                        let holds = list.height >= 7
                            || (list.width - SetDailyLayout.listTitleWidth) / SetDailyLayout.listWidth * list.height >= 6
                        #expect(holds, "\(size) \(style): a list too small for six sets")
                        #expect(cells.allSatisfy { $0.intersection(list).isEmpty }, "\(size) \(style): the list on a card")
                    }
                }
            }
        }
    }

    @Test func theDailyPuzzleIsTodaysEvenInAGameSavedOnAnotherDay() throws {
        var classic = SetScreen(context: GameContext(seed: 3, today: Self.today))
        _ = classic.perform(.selectPlace(0), in: frame)
        let save = try #require(classic.savedState())
        let nextDay = CalendarDay(year: 2026, month: 12, day: 5)
        var back = try #require(SetScreen(restoring: save.state, context: GameContext(seed: 3, today: nextDay)))
        _ = back.update(.key(.character("g")), in: frame)
        _ = back.confirmed(.newGame, in: frame)  // (nothing was asked yet: no effect)
        _ = back.update(.key(.character("2")), in: frame)
        _ = back.confirmed(.newGame, in: frame)
        #expect(back.mode == .daily && back.day == nextDay)
        #expect(back.daily?.cards == SetGame.dailyPuzzle(year: 2026, month: 12, day: 5))
    }

    @Test func aSavedDailyWhoseDayWasSolvedElsewhereShowsThatResultAndIsNoLongerKept() throws {
        var screen = daily()
        tryCards(screen.daily!.allSets[0], on: &screen, after: 3)
        let save = try #require(screen.savedState())
        let kept = DailyOutcome(seconds: 80, misses: 0, found: 6)
        let back = try #require(SetScreen(restoring: save.state, context: GameContext(
            seed: 1, daily: ["2026-12-01": kept], today: Self.today)))
        #expect(back.gameOver(in: frame)?.message.contains("6/6 in 1:20, no misses") == true)
        #expect(!back.isInProgress && back.savedState() == nil && !back.wantsTicks)
    }

    @Test func theClockStandsStillWhileTheChoiceOfModeIsOpen() {
        var screen = daily()
        tryCards([screen.daily!.cards[0]], on: &screen)
        _ = screen.update(.tick(5), in: frame)
        _ = screen.update(.key(.character("g")), in: frame)
        #expect(!screen.wantsTicks)
        _ = screen.update(.tick(60), in: frame)
        _ = screen.update(.key(.escape), in: frame)
        #expect(screen.clock.elapsed == 5 && screen.wantsTicks)
    }

    @Test func choosingTheDailyAgainGoesOnWithItsMissesAndTime() {
        var screen = daily()
        tryCards(mismatch(in: screen.daily!.cards), on: &screen, after: 2)
        #expect(screen.daily?.misses == 1 && screen.isInProgress)
        _ = screen.update(.key(.character("g")), in: frame)
        #expect(screen.update(.key(.character("2")), in: frame).isEmpty, "nothing to ask: nothing is thrown away")
        #expect(screen.daily?.misses == 1 && screen.clock.elapsed == 4)
        #expect(screen.message == "The day's puzzle goes on: its misses and time stay.")
    }

    @Test func onlyTodaysSolvedPuzzleSaysANewOneComesTomorrow() {
        let kept = ["2026-11-20": DailyOutcome(seconds: 60, misses: 0, found: 6),
                    "2026-12-01": DailyOutcome(seconds: 70, misses: 2, found: 6)]
        let past = SetScreen(context: GameContext(seed: 1, options: ["--date": "2026-11-20"], daily: kept, today: Self.today))
        #expect(past.gameOver(in: frame)?.message.contains("tomorrow") == false)
        #expect(daily(kept: kept).gameOver(in: frame)?.message.contains("A new puzzle comes tomorrow.") == true)
    }

    @Test func cInASCIISaysWhyAndLeavesTheRememberedStyleAlone() {
        var screen = daily()
        let ascii = Frame(size: frame.size, theme: Theme(ascii: true))
        #expect(screen.update(.key(.character("c")), in: ascii).isEmpty)
        #expect(screen.cardStyle == .glyphs && screen.message.hasPrefix("Classic faces need Unicode"))
        #expect(screen.update(.key(.character("c")), in: frame) == [.remember(setting: "set.cardStyle", value: "classic")])
    }
}
