import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Testing

@testable import ArcadeApp

/// The cursor follows focus (`--cursor`): each game puts it on what it draws as focused, and
/// moves it when the focus moves. Every check reads the rendered screen, as a user sees it.
@Suite struct CursorFocusTests {
    init() { prepareForDrawing() }

    private let frame = Frame.game80x23

    /// `screen` drawn in `frame`.
    private func grid<Game: GameScreen>(_ screen: Game, in frame: Frame = .game80x23) -> CellGrid {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        screen.render(into: &grid)
        return grid
    }

    /// The cell at `point` (shifted by `dx`, `dy`) as text.
    private func cell(_ grid: CellGrid, _ point: Point, dx: Int = 0, dy: Int = 0) -> String {
        let at = Point(x: point.x + dx, y: point.y + dy)
        return grid.bounds.contains(at) ? String(Character(grid[at.x, at.y].scalar)) : ""
    }

    /// Whether the cell at `point` (shifted by `dx`, `dy`) is drawn in reverse video.
    private func isReversed(_ grid: CellGrid, _ point: Point, dx: Int = 0, dy: Int = 0) -> Bool {
        let at = Point(x: point.x + dx, y: point.y + dy)
        return grid.bounds.contains(at) && grid[at.x, at.y].style.reverse
    }

    /// Up to `count` columns of row `point.y` from `point` on, as text.
    private func text(_ grid: CellGrid, from point: Point, count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        guard grid.bounds.contains(point) else { return "" }
        for x in point.x..<min(grid.size.width, point.x + count) where !grid[x, point.y].isContinuation {
            scalars.append(grid[x, point.y].scalar)
        }
        return String(scalars)
    }

    // MARK: - Set

    @Test func setCursorIsInsideTheCardUnderTheKeyboardCursor() throws {
        var screen = SetScreen(seed: 7)
        let first = try #require(screen.cursorPosition(in: frame))
        var drawn = grid(screen)
        // The card's frame is just above and left of the point, in the focus's reverse video.
        #expect(cell(drawn, first, dx: -1, dy: -1) == "╭")
        #expect(isReversed(drawn, first, dx: -1, dy: -1))

        _ = screen.update(.key(.right))
        let second = try #require(screen.cursorPosition(in: frame))
        #expect(second.y == first.y && second.x > first.x)
        drawn = grid(screen)
        #expect(cell(drawn, second, dx: -1, dy: -1) == "╭")
        #expect(isReversed(drawn, second, dx: -1, dy: -1))
        #expect(!isReversed(drawn, first, dx: -1, dy: -1))
    }

    @Test func setCursorIsOnTheFocusedModeOfTheChoice() throws {
        var screen = SetScreen(seed: 7)
        _ = screen.update(.key(.character("g")))
        let classic = try #require(screen.cursorPosition(in: frame))
        var drawn = grid(screen)
        #expect(text(drawn, from: classic, count: 9) == "1 Classic")
        #expect(cell(drawn, classic, dx: -1) == ">")

        _ = screen.update(.key(.down))
        let daily = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(daily.y == classic.y + 1)
        #expect(text(drawn, from: daily, count: 7) == "2 Daily")
        #expect(cell(drawn, daily, dx: -1) == ">")
    }

    @Test func setDailyCursorIsInsideTheCardUnderTheKeyboardCursor() throws {
        var screen = SetScreen(context: GameContext(seed: 7, options: ["--daily": ""],
                                                    today: CalendarDay(year: 2026, month: 12, day: 1)))
        let first = try #require(screen.cursorPosition(in: frame))
        #expect(isReversed(grid(screen), first, dx: -1, dy: -1))

        _ = screen.update(.key(.down))
        let below = try #require(screen.cursorPosition(in: frame))
        #expect(below.x == first.x && below.y > first.y)
        let drawn = grid(screen)
        #expect(cell(drawn, below, dx: -1, dy: -1) == "╭")
        #expect(isReversed(drawn, below, dx: -1, dy: -1))
        #expect(!isReversed(drawn, first, dx: -1, dy: -1))
    }

    // MARK: - Memory

    @Test func memoryCursorIsOnTheFocusedChoice() throws {
        var screen = MemoryScreen(seed: 3)
        let level = try #require(screen.cursorPosition(in: frame))
        var drawn = grid(screen)
        #expect(cell(drawn, level, dx: -1) == "[")
        #expect(text(drawn, from: level, count: 8) == "2 Normal")

        _ = screen.update(.key(.down))
        let symbols = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(symbols.y > level.y)
        #expect(cell(drawn, symbols, dx: -1) == "[")
        #expect(text(drawn, from: symbols, count: 7) == "Animals")

        _ = screen.update(.key(.down))
        let start = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(start.y > symbols.y)
        #expect(text(drawn, from: Point(x: start.x - 2, y: start.y), count: 9) == "[>Start<]")
    }

    @Test func memoryCursorIsInsideTheCardUnderTheCursor() throws {
        var screen = MemoryScreen(seed: 3)
        _ = screen.update(.key(.character("2")))
        _ = screen.update(.key(.enter))
        let first = try #require(screen.cursorPosition(in: frame))
        var drawn = grid(screen)
        #expect(cell(drawn, first, dx: -1, dy: -1) == "╭")
        // The focused card's frame is in reverse video.
        #expect(isReversed(drawn, first, dx: -1, dy: -1))

        _ = screen.update(.key(.right))
        let second = try #require(screen.cursorPosition(in: frame))
        #expect(second.y == first.y && second.x > first.x)
        drawn = grid(screen)
        #expect(cell(drawn, second, dx: -1, dy: -1) == "╭")
        #expect(isReversed(drawn, second, dx: -1, dy: -1))
        #expect(!isReversed(drawn, first, dx: -1, dy: -1))
    }

    // MARK: - Slots

    @Test func slotsCursorIsOnTheCurrentMachinesTab() throws {
        var screen = SlotsScreen(seed: 1)
        let three = try #require(screen.cursorPosition(in: frame))
        var drawn = grid(screen)
        #expect(cell(drawn, three, dx: -1) == "[")
        #expect(text(drawn, from: three, count: 9) == "1 3-digit")

        _ = screen.update(.key(.tab))
        let five = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(five.y == three.y && five.x > three.x)
        #expect(cell(drawn, five, dx: -1) == "[")
        #expect(text(drawn, from: five, count: 9) == "2 5-digit")
    }

    // MARK: - Temples

    private static var templeDeck: Result<TempleDeck, DeckError> {
        TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets]))
    }

    @Test func templesCursorIsOnTheFocusedPictureOrName() throws {
        var table = TempleTable(TempleScreen(deck: Self.templeDeck, seed: 5), size: Size(width: 100, height: 29))
        let first = try #require(table.screen.cursorPosition(in: table.frame))
        var drawn = grid(table.screen, in: table.frame)
        // The cursor sits inside the picture's frame, which is drawn in reverse video.
        #expect(drawn[first.x - 1, first.y - 1].style.reverse)

        _ = table.update(.key(.right))
        let second = try #require(table.screen.cursorPosition(in: table.frame))
        #expect(second != first)
        drawn = grid(table.screen, in: table.frame)
        #expect(drawn[second.x - 1, second.y - 1].style.reverse)
        #expect(!drawn[first.x - 1, first.y - 1].style.reverse)

        _ = table.update(.key(.tab))
        let name = try #require(table.screen.cursorPosition(in: table.frame))
        drawn = grid(table.screen, in: table.frame)
        let selected = try #require(table.screen.names.selectedRow)
        #expect(cell(drawn, name, dx: -2) == ">")
        #expect(text(drawn, from: name, count: 10) == String(selected.prefix(10)))

        _ = table.update(.key(.down))
        let next = try #require(table.screen.cursorPosition(in: table.frame))
        drawn = grid(table.screen, in: table.frame)
        #expect(next == Point(x: name.x, y: name.y + 1))
        let nextName = try #require(table.screen.names.selectedRow)
        #expect(cell(drawn, next, dx: -2) == ">")
        #expect(text(drawn, from: next, count: 10) == String(nextName.prefix(10)))
    }

    @Test func templesStudyCursorIsOnTheFirstPictureShown() throws {
        var table = TempleTable(TempleScreen(deck: Self.templeDeck, seed: 5), size: Size(width: 80, height: 23))
        _ = table.update(.key(.character("s")))
        for _ in 0..<20 { _ = table.update(.tick(0.05)) }
        let top = try #require(table.screen.cursorPosition(in: table.frame))
        var drawn = grid(table.screen, in: table.frame)
        let layout = table.layout()
        #expect(layout.pictureFrame(0).map { Box.inner(of: $0).origin } == top)
        #expect(cell(drawn, top, dx: -1, dy: -1) == "╭")

        _ = table.update(.key(.pageDown))
        let scrolled = try #require(table.screen.cursorPosition(in: table.frame))
        #expect(scrolled.y == top.y)
        drawn = grid(table.screen, in: table.frame)
        #expect(cell(drawn, scrolled, dx: -1, dy: -1) == "╭")
        // Now the top row is a later row of pictures: the first shown is no longer picture 0.
        let firstShown = (0..<table.layout().flow.count).first(where: table.layout().isShown)
        #expect(firstShown.map { $0 > 0 } == true)
        #expect(table.layout().pictureFrame(try #require(firstShown)).map { Box.inner(of: $0).origin } == scrolled)
    }

    @Test func templesLearnCursorIsOnTheChoiceUnderTheCursor() throws {
        var table = TempleTable(TempleScreen(deck: Self.templeDeck, seed: 4, learn: true), size: Size(width: 80, height: 23))
        let question = try #require(table.screen.learn?.question)
        let layout = table.screen.learnLayout(in: table.frame, learn: try #require(table.screen.learn))
        let first = try #require(table.screen.cursorPosition(in: table.frame))
        var drawn = grid(table.screen, in: table.frame)
        if question.kind == .nameToPicture {
            // The picture under the cursor is framed double.
            #expect(cell(drawn, first, dx: -1, dy: -1) == "╔")
        } else {
            #expect(!layout.choiceRows.isEmpty)
            #expect(cell(drawn, first, dx: -2) == "▶")
            #expect(text(drawn, from: first, count: 3) == "1  ")
        }

        _ = table.update(.key(.down))
        let second = try #require(table.screen.cursorPosition(in: table.frame))
        #expect(second != first)
        drawn = grid(table.screen, in: table.frame)
        if question.kind == .nameToPicture {
            #expect(cell(drawn, second, dx: -1, dy: -1) == "╔")
            #expect(cell(drawn, first, dx: -1, dy: -1) != "╔")
        } else {
            #expect(cell(drawn, second, dx: -2) == "▶")
            #expect(text(drawn, from: second, count: 3) == "2  ")
            #expect(cell(drawn, first, dx: -2) != "▶")
        }
    }

    @Test func templesCursorIsHiddenWhileTheDeckLoads() {
        let screen = TempleScreen(source: .builtIn, seed: 1)
        #expect(screen.cursorPosition(in: frame) == nil)
    }

    // MARK: - Blackjack

    @Test func blackjackCursorIsOnTheFocusedButton() throws {
        var screen = BlackjackScreen(seed: 11, scores: [])
        let start = try #require(screen.cursorPosition(in: frame))
        var drawn = grid(screen)
        #expect(text(drawn, from: Point(x: start.x - 2, y: start.y), count: 9) == "[>Start<]")

        _ = screen.update(.key(.right))
        let about = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(about.y == start.y && about.x > start.x)
        #expect(text(drawn, from: Point(x: about.x - 2, y: about.y), count: 9) == "[>About<]")

        // The table: Deal between hands, Hit once a hand is dealt.
        _ = screen.update(.key(.left))
        _ = screen.update(.key(.enter))
        let deal = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(text(drawn, from: Point(x: deal.x - 2, y: deal.y), count: 8) == "[ Deal ]")
        _ = screen.update(.key(.enter))
        try #require(screen.mode == .hand)
        let hit = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(hit.y == deal.y && hit.x < deal.x)
        #expect(text(drawn, from: Point(x: hit.x - 2, y: hit.y), count: 7) == "[ Hit ]")
    }

    @Test func blackjackCursorIsOnTheRulesRowAndTheChartsKind() throws {
        var screen = BlackjackScreen(seed: 11, scores: [])
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("o")))
        #expect(screen.page == .rules)
        let first = try #require(screen.cursorPosition(in: frame))
        var drawn = grid(screen)
        let rows = BlackjackScreen.RuleRow.allCases
        #expect(cell(drawn, first, dx: -2) == ">")
        #expect(text(drawn, from: first, count: rows[0].title.count) == rows[0].title)

        _ = screen.update(.key(.down))
        let second = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(second == Point(x: first.x, y: first.y + 1))
        #expect(cell(drawn, second, dx: -2) == ">")
        #expect(text(drawn, from: second, count: rows[1].title.count) == rows[1].title)

        _ = screen.update(.key(.escape))
        _ = screen.update(.key(.character("w")))
        #expect(screen.page == .chart)
        let hard = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(text(drawn, from: Point(x: hard.x - 2, y: hard.y), count: 8) == "[>Hard<]")
        _ = screen.update(.key(.right))
        let soft = try #require(screen.cursorPosition(in: frame))
        drawn = grid(screen)
        #expect(soft.y == hard.y && soft.x > hard.x)
        #expect(text(drawn, from: Point(x: soft.x - 2, y: soft.y), count: 8) == "[>Soft<]")
    }

    // MARK: - The shell

    /// The whole catalogue in an 80×24 terminal, the cursor setting `cursor`.
    private func shell(cursor: String) -> TestShell {
        var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
        shell.shell = ArcadeShell(games: GameCatalog.games, seed: { 1 }, settings: ["cursor": cursor])
        return shell
    }

    @Test func shellCursorIsOnTheMenusChosenGameWhenTheSettingIsOn() throws {
        var shell = shell(cursor: "on")
        var drawn = CellGrid(size: shell.frame.size, theme: shell.frame.theme)
        shell.render(into: &drawn)
        let first = try #require(shell.shell.cursorPosition(in: shell.frame))
        #expect(cell(drawn, first) == "▶")
        #expect(text(drawn, from: first, count: 16).contains(GameCatalog.games[0].title))

        shell.update(.key(.down))
        drawn = CellGrid(size: shell.frame.size, theme: shell.frame.theme)
        shell.render(into: &drawn)
        let second = try #require(shell.shell.cursorPosition(in: shell.frame))
        #expect(second.x == first.x && second.y > first.y)
        #expect(cell(drawn, second) == "▶")
        #expect(text(drawn, from: second, count: 16).contains(GameCatalog.games[1].title))

        #expect(self.shell(cursor: "off").shell.cursorPosition(in: shell.frame) == nil)
    }
}
