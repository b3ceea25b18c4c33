import ArcadeTestSupport
import ArcadeUI
import MemoryModel
import Testing

@testable import ArcadeApp

/// What a player of Memory meets around the board: its shape at every size, the focus, the
/// temple pictures growing with the terminal, the game-over box (New best, Menu) and the
/// level and symbols kept for next time.
@Suite struct MemoryBoardTests {
    init() { prepareForDrawing() }

    private static let builtIn = TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets]))
    private static let terminal = Size(width: 80, height: 24)

    // MARK: - Helpers

    /// Memory with `level` (its key) and `symbols` (steps right from Animals; 3 is Temples,
    /// its deck handed back as the runtime hands it), dealt in `frame`.
    private func started(_ level: Character = "2", symbols: Int = 0, frame: Frame = .game80x23,
                         scores: [ScoreEntry] = [], bests: [String: Int] = [:]) -> MemoryScreen {
        // As the menu opens it, with the results kept so far.
        let memory = GameCatalog.games.first { $0.id == .memory }!
        var screen = memory.make(GameContext(seed: 3, scores: scores, bests: bests)) as! MemoryScreen
        _ = screen.update(.key(.character(level)), in: frame)
        _ = screen.update(.key(.down), in: frame)
        for _ in 0..<symbols { _ = screen.update(.key(.right), in: frame) }
        if screen.symbolSet.isTemples {
            _ = screen.received(.deck(.memory, DeckReport(.finished(Self.builtIn))), in: frame)
        }
        _ = screen.update(.key(.enter), in: frame)
        return screen
    }

    /// Find every pair, a moment between the cards, and wait out the last pair's show.
    @discardableResult
    private func win(_ screen: inout MemoryScreen, frame: Frame = .game80x23) -> [GameEffect] {
        var effects: [GameEffect] = []
        for pair in pairs(in: screen) {
            effects += screen.perform(.turnCard(pair[0]), in: frame)
            effects += screen.update(.tick(0.5), in: frame)
            effects += screen.perform(.turnCard(pair[1]), in: frame)
            effects += screen.update(.tick(1), in: frame)
        }
        // The last pair's show is timed from the tick after it began.
        return effects + screen.update(.tick(1), in: frame)
    }

    private func render(_ screen: MemoryScreen, in frame: Frame = .game80x23) -> CellGrid {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        screen.render(into: &grid)
        return grid
    }

    /// The cells of the frame (the edge) of `rect`.
    private func edge(of rect: Rect, in grid: CellGrid) -> [Cell] {
        (rect.y..<rect.maxY).flatMap { y in
            (rect.x..<rect.maxX).filter { x in y == rect.y || y == rect.maxY - 1 || x == rect.x || x == rect.maxX - 1 }
                .map { grid[$0, y] }
        }
    }

    /// Columns of the widest run of picture cells (coloured half blocks) on one row of `rect`.
    private func pictureWidth(in rect: Rect, of grid: CellGrid) -> Int {
        (rect.y..<rect.maxY).map { y in
            (rect.x..<rect.maxX).filter { x in
                let cell = grid[x, y]
                return (cell.scalar == "▀" || cell.scalar == "▄" || cell.scalar == "█" || cell.scalar == " ")
                    && (cell.style.foreground != .terminalDefault || cell.style.background != .terminalDefault)
            }.count
        }.max() ?? 0
    }

    private func result(_ score: Int, level: String) -> ScoreEntry {
        ScoreEntry(score: score, date: "2026-01-01 10:00", player: "ann", figures: ["level": level, "result": "won"])
    }

    /// The game-over box's message once `screen` is won.
    private func messageAfterWinning(_ screen: inout MemoryScreen) -> String {
        win(&screen)
        return screen.gameOver(in: .game80x23)?.message ?? ""
    }

    // MARK: - The board's shape

    /// Every row of a board is full, or the last is centred under the others with its
    /// cards under theirs: at every size, for every level, emoji and temples alike.
    @Test func everyBoardHasFullRowsOrItsLastRowCentredUnderTheOthers() {
        let sizes = [Size(width: 40, height: 14), Size(width: 43, height: 14), Size(width: 60, height: 19),
                     Size(width: 80, height: 23), Size(width: 100, height: 29), Size(width: 120, height: 39)]
        for size in sizes {
            for count in MemoryLevel.all.map({ 2 * $0.pairs }) {
                for aspect in [MemoryBoardLayout.cardAspect, MemoryBoardLayout.pictureAspect] {
                    let layout = MemoryBoardLayout(size: size, cardCount: count, aspect: aspect)
                    let cards = (0..<count).compactMap { layout.card(at: $0) }
                    #expect(cards.count == count)
                    let rows = Dictionary(grouping: cards, by: \.y).values.map { $0.sorted { $0.x < $1.x } }
                    let widest = rows.map(\.count).max() ?? 0
                    let left = cards.map(\.x).min() ?? 0, right = cards.map(\.maxX).max() ?? 0
                    let columns = Set(cards.map(\.x))
                    for row in rows {
                        let gapLeft = row.first!.x - left, gapRight = right - row.last!.maxX
                        #expect(gapLeft == gapRight, "\(size) \(count) \(aspect): a row of \(row.count) is not centred")
                        #expect(row.count == widest || 2 * row.count >= widest, "\(size) \(count) \(aspect)")
                        #expect(row.allSatisfy { columns.contains($0.x) })
                    }
                    for (index, card) in cards.enumerated() {
                        #expect(!cards[(index + 1)...].contains { !$0.intersection(card).isEmpty }, "overlap at \(size)")
                    }
                }
            }
        }
        // Normal Temples at 80×24: 6 + 6 + 4, the four under the middle four.
        let normal = started("2", symbols: 3)
        let layout = normal.board!.layout(size: Frame.game80x23.size)
        let xs = (0..<16).map { layout.card(at: $0)!.x }
        #expect(Array(xs[12..<16]) == Array(xs[1..<5]))
    }

    @Test func theArrowsReachEveryCardOfACentredLastRow() {
        var screen = started("2", symbols: 3)
        #expect(screen.board!.layout(size: Frame.game80x23.size).board.columns == 6)
        _ = screen.update(.key(.down))
        _ = screen.update(.key(.down))
        #expect(screen.cursor.index == 12)  // from the first column to the first card below
        for _ in 0..<5 { _ = screen.update(.key(.right)) }
        #expect(screen.cursor.index == 15)  // the row ends at its fourth card
        _ = screen.update(.key(.up))
        #expect(screen.cursor.index == 10)  // straight above it
        _ = screen.update(.key(.right))
        _ = screen.update(.key(.down))
        #expect(screen.cursor.index == 15)  // from the last column to the last card below
        _ = screen.update(.key(.down))
        #expect(screen.cursor.index == 15)
    }

    // MARK: - Focus and pictures

    @Test func theFocusedCardIsItsWholeFrameInReverseVideo() {
        var screen = started("2")
        let layout = screen.board!.layout(size: Frame.game80x23.size)
        var grid = render(screen)
        #expect(edge(of: layout.card(at: 0)!, in: grid).allSatisfy { $0.style.reverse })
        #expect(edge(of: layout.card(at: 1)!, in: grid).allSatisfy { !$0.style.reverse })
        #expect(!grid.text.contains(">") && !grid.text.contains("<"))

        _ = screen.update(.key(.right))
        grid = render(screen)
        #expect(edge(of: layout.card(at: 0)!, in: grid).allSatisfy { !$0.style.reverse })
        #expect(edge(of: layout.card(at: 1)!, in: grid).allSatisfy { $0.style.reverse })
        // Face up, and in monochrome ASCII, the frame is still the focus.
        _ = screen.update(.key(.space))
        let plain = Frame(size: Frame.game80x23.size, theme: Theme(colorMode: .monochrome, ascii: true))
        #expect(edge(of: layout.card(at: 1)!, in: render(screen, in: plain)).allSatisfy { $0.style.reverse })
    }

    @Test func templePicturesGrowWithTheTerminal() {
        var widths: [Int] = []
        for size in [Size(width: 80, height: 23), Size(width: 100, height: 29), Size(width: 120, height: 39)] {
            let frame = Frame(size: size)
            var screen = started("2", symbols: 3, frame: frame)
            let cards = screen.game!.cards
            let pictures = cards.indices.filter { screen.board!.face(of: cards[$0]) == .picture }
            for index in pictures { _ = screen.perform(.turnCard(index), in: frame) }
            let grid = render(screen, in: frame)
            let layout = screen.board!.layout(size: size)
            // The widest of the board's pictures (the narrower ones are taller than wide).
            let shown = pictures.map { pictureWidth(in: MemoryBoardLayout.templeFace(of: layout.card(at: $0)!), of: grid) }
            widths.append(shown.max() ?? 0)
        }
        #expect(widths[0] >= 10, "at 80×24 the widest picture is \(widths[0]) columns wide")
        #expect(widths[1] > widths[0] && widths[2] > widths[1], "\(widths)")
    }

    // MARK: - The game-over box

    @Test func theGameOverBoxOffersMenuBesidePlayAgain() {
        var screen = started("2")
        _ = screen.update(.key(.space))
        _ = screen.update(.tick(60))
        #expect(screen.gameOver(in: .game80x23)?.buttons.map(\.title)
            == ["Play again (r)", "Change level (c)", "Menu (m)"])
        var shell = TestShell.hosting(screen, as: .memory)
        #expect(shell.text.contains("[>Play again (r)<]  [ Change level (c) ]  [ Menu (m) ]"))
        shell.update(.key(.character("m")))
        #expect(shell.activeGame == nil)

        // At the narrowest the three still fit inside the box, named shorter.
        for width in 40...80 {
            let frame = Frame(size: Size(width: width, height: 14))
            let over = screen.gameOver(in: frame)!
            let row = over.dialog(focus: 0).layout(in: frame.bounds).buttonRow
            #expect(ButtonRow(over.buttons).width <= row.width, "at \(width) columns")
            #expect(over.buttons.count == 3)
        }
    }

    @Test func theGameOverBoxSaysNewBestAgainstResultsOfTheSameLevel() {
        var first = started("2")
        let message = messageAfterWinning(&first)
        #expect(message.contains("New best for Normal!"), "\(message)")
        let score = first.game!.score

        // A better Normal result kept: no new best.
        var beaten = started("2", scores: [result(score + 10, level: "Normal")])
        #expect(!messageAfterWinning(&beaten).contains("New best"))
        // A tie is not a new best.
        var tied = started("2", scores: [result(score, level: "Normal")])
        #expect(!messageAfterWinning(&tied).contains("New best"))
        // Better results of Hard and of Normal Temples do not count against an emoji Normal game.
        var other = started("2", scores: [result(score + 50, level: "Hard"), result(score + 40, level: "Normal Temples"),
                                          result(score - 1, level: "Normal")])
        #expect(messageAfterWinning(&other).contains("New best for Normal!"))
        // A full list of better results of other levels says nothing of this level: the first
        // Normal game is its best (a level's own best comes as `GameContext.bests`).
        var firstOfItsLevel = started("2", scores: (0..<ArcadeData.listLength).map { _ in result(score + 5, level: "Hard") })
        #expect(messageAfterWinning(&firstOfItsLevel).contains("New best for Normal!"))
    }

    /// Hard boards score higher than Easy ones, so the list of ten can be all Hard: an Easy
    /// game is still judged against the best Easy game kept (`GameContext.bests`).
    @Test func anEasyGameIsANewBestAgainstTheEasyBestEvenWhenTheListIsAllBetterHardGames() {
        var probe = started("1")
        win(&probe)
        let score = probe.game!.score
        let hard = (0..<ArcadeData.listLength).map { _ in result(score + 100, level: "Hard") }

        var above = started("1", scores: hard, bests: ["Easy": score - 1, "Hard": score + 100])
        #expect(messageAfterWinning(&above).contains("New best for Easy!"))
        var below = started("1", scores: hard, bests: ["Easy": score + 1, "Hard": score + 100])
        #expect(!messageAfterWinning(&below).contains("New best"))
        // The best of Easy Temples is another level's.
        var temples = started("1", scores: hard, bests: ["Easy Temples": score + 1])
        #expect(messageAfterWinning(&temples).contains("New best for Easy!"))
    }

    @Test func theNewBestFollowsTheResultsTheRuntimeReports() {
        var screen = started("2")
        let effects = win(&screen)
        #expect(effects.contains { if case .recordScore = $0 { true } else { false } })
        let score = screen.game!.score
        var shell = TestShell.hosting(screen, as: .memory)
        #expect(shell.text.contains("New best for Normal!"))
        // The runtime keeps the results and says so (here a better one, kept by another
        // arcade meanwhile): the next game is judged against them.
        shell.showScores([result(score + 1000, level: "Normal"), result(score, level: "Normal")], for: .memory)
        shell.update(.key(.character("r")))
        var again = shell.screen(as: MemoryScreen.self)!
        #expect(again.phase == .playing && again.game!.matchedPairs == 0)
        win(&again)
        #expect(again.isGameOver)
        #expect(!again.gameOver(in: .game80x23)!.message.contains("New best"))
    }

    // MARK: - The level and symbols kept

    @Test func theLevelAndSymbolsAreKeptForTheNextTimeTheGameOpens() {
        let memory = GameCatalog.games.filter { $0.id == .memory }
        var shell = TestShell(games: memory, size: Self.terminal, seed: { 3 })
        shell.open(.memory)
        var effects = shell.update(.key(.character("3")))
        effects += shell.update(.key(.down))
        effects += shell.update(.key(.right))
        #expect(effects.contains(.remember(setting: "memory.level", value: "Hard")))
        #expect(effects.contains(.remember(setting: "memory.symbols", value: "Fruit")))
        _ = shell.leaveGame()
        shell.open(.memory)
        let reopened = shell.screen(as: MemoryScreen.self)!
        #expect(reopened.level == .hard && reopened.symbolSet == .fruit)
        #expect(shell.text.contains("[3 Hard]") && shell.text.contains("[Fruit]"))

        // As the store hands them to the next run.
        var next = TestShell(games: memory, size: Self.terminal,
                             settings: ["memory.level": "Easy", "memory.symbols": "Temples"], seed: { 3 })
        let opening = next.open(.memory)
        #expect(next.screen(as: MemoryScreen.self)!.level == .easy)
        #expect(next.screen(as: MemoryScreen.self)!.symbolSet.isTemples)
        #expect(opening.contains(.game(.memory, .deck(.load(.builtIn)))))  // the pictures are asked for at once
        // Something this version does not know keeps the defaults.
        var odd = TestShell(games: memory, size: Self.terminal, settings: ["memory.level": "Insane"], seed: { 3 })
        odd.open(.memory)
        #expect(odd.screen(as: MemoryScreen.self)!.level == .normal)
    }
}
