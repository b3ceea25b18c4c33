import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

@Suite struct SetScreenTests {
    init() { prepareForDrawing() }

    private let gameSize = Size(width: 80, height: 23)

    private func screen(seed: UInt64 = 7, theme: Theme = Theme()) -> SetScreen {
        SetScreen(seed: seed, size: gameSize, theme: theme)
    }

    private func text(_ screen: SetScreen, theme: Theme = Theme()) -> String {
        var grid = CellGrid(size: gameSize, theme: theme)
        screen.render(into: &grid)
        return grid.text
    }

    /// Click the middle of the card in `place`.
    @discardableResult
    private func click(_ screen: inout SetScreen, place: Int, theme: Theme = Theme()) -> [GameEffect] {
        let layout = SetLayout(size: gameSize, places: screen.game.board.count, theme: theme)
        let cell = layout.grid.cell(at: place)!
        return screen.update(.mouse(MouseEvent(.press, at: Point(x: cell.x + cell.width / 2, y: cell.y + 1))))
    }

    private func places(of cards: [SetCard], in screen: SetScreen) -> [Int] {
        cards.compactMap { card in screen.game.board.firstIndex(of: card) }
    }

    /// Three places whose cards are not a set.
    private func mismatch(in screen: SetScreen) -> [Int] {
        let board = screen.game.board
        for i in board.indices { for j in board.indices where j > i { for k in board.indices where k > j {
            if let a = board[i], let b = board[j], let c = board[k], !SetGame.isSet(a, b, c) { return [i, j, k] }
        } } }
        return []
    }

    @Test func twelveCardsAt80x24() {
        var shell = ArcadeShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 7 })
        shell.open(.set)
        var grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        assertSnapshot(grid.text, named: "set-12cards-80x24")
    }

    @Test func twentyFourCardsFitAt80x24AndNoMoreCanBeDealt() {
        var screen = screen()
        for _ in 0..<4 { _ = screen.update(.key(.character("d"))) }
        #expect(screen.game.board.count == 24)
        #expect(!screen.canDeal)
        assertSnapshot(text(screen), named: "set-24cards-80x24")
        let layout = SetLayout(size: gameSize, places: 24, theme: Theme())
        let cells = layout.grid.cells
        #expect(cells.count == 24)
        for (index, cell) in cells.enumerated() {  // no two cards overlap, all on screen
            #expect(cell.maxX <= 80 && cell.maxY <= 22)
            for other in cells[(index + 1)...] { #expect(cell.intersection(other).isEmpty) }
        }
        _ = screen.update(.key(.character("d")))
        #expect(screen.game.board.count == 24)
        #expect(screen.message == "No room for more cards: find a set.")
    }

    @Test func aSetIsJudgedAtOnceAndShownUnmistakably() {
        var screen = screen()
        let set = places(of: screen.game.setsOnBoard()[0], in: screen)
        click(&screen, place: set[0])
        click(&screen, place: set[1])
        #expect(screen.message == "2 of 3 selected.")
        click(&screen, place: set[2])
        #expect(screen.game.score == 3)
        #expect(screen.message.hasPrefix("SET! +3"))
        let shown = text(screen)
        #expect(shown.components(separatedBy: "✓").count - 1 == 3)
        assertSnapshot(shown, named: "set-match")
        // The next card chosen replaces the three in their places.
        let other = screen.game.board.indices.first { !set.contains($0) }!
        let before = screen.game.board[other]
        click(&screen, place: other)
        #expect(screen.game.board[other] == before)
        #expect(screen.game.selectedCards == [before!])
        #expect(screen.game.matchedCards.count == 3)
    }

    @Test func aMismatchIsJudgedAtOnceAndClearedByTheNextChoice() {
        var screen = screen()
        let trio = mismatch(in: screen)
        for place in trio { click(&screen, place: place) }
        #expect(screen.game.score == -4)
        #expect(screen.message == "Not a set. −4")
        let shown = text(screen)
        #expect(shown.components(separatedBy: "✗").count - 1 == 3)
        assertSnapshot(shown, named: "set-mismatch")
        click(&screen, place: trio[0])
        #expect(screen.game.selectedCards.count == 1)
        #expect(screen.game.score == -4)  // clearing a mismatch costs nothing more
    }

    @Test func deselectingCostsOnePoint() {
        var screen = screen()
        _ = screen.update(.key(.space))
        _ = screen.update(.key(.space))
        #expect(screen.game.score == -1)
        #expect(screen.message == "Deselected (−1).")
    }

    @Test func theCursorMovesAcrossTheGridAndRepaintsOnlyItsMarker() {
        var screen = screen()
        let before = text(screen)
        var grid1 = CellGrid(size: gameSize)
        screen.render(into: &grid1)
        _ = screen.update(.key(.character("l")))
        #expect(screen.cursor == 1)
        var grid2 = CellGrid(size: gameSize)
        screen.render(into: &grid2)
        #expect(zip(grid1.cells, grid2.cells).filter { $0 != $1 }.count == 2)
        _ = screen.update(.key(.down))
        let columns = SetLayout(size: gameSize, places: 12, theme: Theme()).grid.columns
        #expect(screen.cursor == 1 + columns)
        _ = screen.update(.key(.up))
        _ = screen.update(.key(.left))
        _ = screen.update(.key(.left))  // stops at the edge
        #expect(screen.cursor == 0)
        #expect(text(screen) == before)
    }

    @Test func hintMarksOneSetForTwoPointsOnce() {
        var screen = screen()
        _ = screen.update(.key(.character("t")))
        #expect(screen.game.score == -2)
        #expect(screen.hinted.count == 3)
        #expect(SetGame.isSet(screen.hinted[0], screen.hinted[1], screen.hinted[2]))
        #expect(text(screen).components(separatedBy: "★").count - 1 >= 3)
        _ = screen.update(.key(.character("t")))
        #expect(screen.game.score == -2)  // pressing again re-shows it for free
    }

    @Test func setsOnTableCountToggles() {
        var screen = screen()
        #expect(!text(screen).contains("Sets on table"))
        _ = screen.update(.key(.character("s")))
        #expect(text(screen).contains("Sets on table: \(screen.game.setsOnBoard().count)"))
    }

    @Test func withoutColourEveryFeatureIsStillWritten() {
        let mono = Theme(colorMode: .monochrome, ascii: false)
        let shown = text(screen(theme: mono), theme: mono)
        #expect(shown.contains("red") || shown.contains("green") || shown.contains("purple"))
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let plain = text(screen(theme: ascii), theme: ascii)
        #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(plain.contains("solid") || plain.contains("striped") || plain.contains("open"))
        assertSnapshot(plain, named: "set-12cards-ascii")
    }

    @Test func theClockStartsAtTheFirstMoveAndCountsOnlyTicks() {
        var screen = screen()
        #expect(!screen.wantsTicks)
        _ = screen.update(.tick(5))
        #expect(screen.elapsed == 0)
        _ = screen.update(.key(.space))
        #expect(screen.wantsTicks)
        #expect(screen.tickInterval == 1)
        _ = screen.update(.tick(1))
        _ = screen.update(.tick(1))
        #expect(text(screen).contains("Time 0:02"))
    }

    @Test func aWholeGameEndsWithTheScoreRecordedOnceAndPlayAgain() {
        var screen = screen(seed: 3)
        var effects: [GameEffect] = []
        var steps = 0
        while !screen.game.isOver && steps < 500 {
            steps += 1
            if let set = screen.game.setsOnBoard().first {
                for place in places(of: set, in: screen) { effects += click(&screen, place: place) }
            } else {
                effects += screen.update(.key(.character("d")))
            }
            _ = screen.update(.tick(1))
        }
        #expect(screen.game.isOver)
        #expect(!screen.isInProgress)
        let found = screen.game.setsFound
        #expect(effects == [.recordScore(3 * found, figures: ["sets": String(found), "time": SetScreen.clock(screen.elapsed)])])
        let shown = text(screen)
        #expect(shown.contains("Game over"))
        #expect(shown.contains("Score \(3 * found)"))
        #expect(shown.contains("[>Play again (n)<]"))
        _ = screen.update(.key(.enter))
        #expect(screen.game.board.count == 12)
        #expect(screen.game.score == 0)
    }

    @Test func theMinimumSizeGrowsWithTheTableAndCardsNeverGetSmallerThanReadable() {
        for theme in [Theme(), Theme(colorMode: .monochrome, ascii: false), Theme(colorMode: .monochrome, ascii: true)] {
            var screen = SetScreen(seed: 7, size: gameSize, theme: theme)
            let twelve = screen.minimumSize
            for _ in 0..<4 { _ = screen.update(.key(.character("d"))) }
            let twentyFour = screen.minimumSize
            #expect(twentyFour.covers(twelve))
            #expect(Size(width: 80, height: 23).covers(twentyFour), "24 cards fit at 80×24 (\(theme))")
            for (places, size) in [(12, twelve), (24, twentyFour)] {
                let layout = SetLayout(size: size, places: places, theme: theme)
                #expect(layout.grid.fitsMinimum, "\(places) cards at \(size)")
                #expect(layout.grid.cells.allSatisfy { $0.size.covers(SetLayout.minimumCard(theme: theme)) })
            }
        }
    }

    @Test func narrowCardsAbbreviateTheWords() {
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let card = SetCard(number: .two, symbol: .circle, shading: .striped, color: .purple)
        #expect(SetScreen.words(for: card, theme: ascii) == "purple striped")
        #expect(SetScreen.words(for: card, theme: ascii, compact: true) == "pur str")
        #expect(SetScreen.words(for: card, theme: Theme()) == "")
    }
}
