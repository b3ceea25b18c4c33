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
        let cell = layout.cell(of: place)!
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
        let cells = layout.cells
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

    @Test func theCursorMovesAcrossTheGridAndRepaintsOnlyTheTwoFrames() {
        var screen = screen()
        let before = text(screen)
        var grid1 = CellGrid(size: gameSize)
        screen.render(into: &grid1)
        _ = screen.update(.key(.character("l")))
        #expect(screen.cursor == 1)
        var grid2 = CellGrid(size: gameSize)
        screen.render(into: &grid2)
        let layout = SetLayout(size: gameSize, places: 12, theme: Theme())
        let frames = [layout.cell(of: 0)!, layout.cell(of: 1)!]
        let changed = (0..<gameSize.height).flatMap { y in (0..<gameSize.width).map { Point(x: $0, y: y) } }
            .filter { grid1[$0.x, $0.y] != grid2[$0.x, $0.y] }
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { point in
            frames.contains { $0.contains(point) && !Box.inner(of: $0).contains(point) }
        })
        _ = screen.update(.key(.down))
        let columns = SetLayout(size: gameSize, places: 12, theme: Theme()).columns
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
        #expect(!shown.contains(" grn ") && !shown.contains(" pur "))  // one word fits whole at 80×24
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let plain = text(screen(theme: ascii), theme: ascii)
        #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(["sol", "str", "opn"].contains { plain.contains($0) })  // narrow cards abbreviate
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
            #expect(screen.fits(twelve) && !screen.fits(Size(width: twelve.width - 1, height: twelve.height))
                    && !screen.fits(Size(width: twelve.width, height: twelve.height - 1)))
            for _ in 0..<4 { _ = screen.update(.key(.character("d"))) }
            let twentyFour = screen.minimumSize
            #expect(twentyFour.width * twentyFour.height > twelve.width * twelve.height)
            #expect(screen.fits(Size(width: 80, height: 23)), "24 cards fit at 80×24 (\(theme))")
            for (places, size) in [(12, twelve), (24, twentyFour)] {
                let layout = SetLayout(size: size, places: places, theme: theme)
                #expect(layout.fitsMinimum, "\(places) cards at \(size)")
                #expect(layout.cells.allSatisfy { $0.size.covers(SetLayout.minimumCard(theme: theme)) })
            }
        }
    }

    @Test func theMinimumSizeComesFromTheSmallestLayoutThatShowsTheTable() {
        // At 50×30 fifteen cards fit four columns wide; the game never asks for 61 columns.
        var screen = SetScreen(seed: 7, size: Size(width: 50, height: 29), theme: Theme())
        _ = screen.update(.key(.character("d")))
        #expect(screen.game.board.count == 15)
        #expect(screen.fits(Size(width: 50, height: 29)))
        // Too short for 15 cards: the size asked for keeps the width there is.
        let need = screen.minimumSize(near: Size(width: 50, height: 10))
        #expect(need.width <= 50 && need.height > 10)
        #expect(SetLayout(size: need, places: 15, theme: Theme()).fitsMinimum)
        // In the shell, the message names that size.
        var shell = ArcadeShell(games: GameCatalog.games, size: Size(width: 50, height: 30), seed: { 7 })
        shell.open(.set)
        _ = shell.update(.key(.character("d")))
        #expect(shell.fits(Size(width: 50, height: 30)))
        #expect(shell.minimumSize(near: Size(width: 50, height: 11)).width <= 50)
    }

    @Test func cardsKeepTheirPlacesWhenMoreAreDealt() {
        for size in [gameSize, Size(width: 100, height: 29), Size(width: 220, height: 69), Size(width: 50, height: 29),
                     Size(width: 160, height: 14)] {
            let twelve = SetLayout(size: size, places: 12, theme: Theme())
            for places in stride(from: 15, through: 24, by: 3) {
                let more = SetLayout(size: size, places: places, theme: Theme())
                guard more.fitsMinimum else { continue }
                #expect((0..<places - 3).allSatisfy { SetLayout(size: size, places: places - 3, theme: Theme())
                    .cell(of: $0) == more.cell(of: $0) }, "\(places) at \(size)")
                #expect((0..<12).allSatisfy { twelve.cell(of: $0) == more.cell(of: $0) })
                let cells = more.cells
                #expect(cells.count == places)
                for (index, cell) in cells.enumerated() {
                    for other in cells[(index + 1)...] { #expect(cell.intersection(other).isEmpty) }
                }
            }
        }
        // And on screen: the twelve cards drawn before a deal are drawn in the same cells after it.
        var screen = screen()
        var before = CellGrid(size: gameSize)
        screen.render(into: &before)
        _ = screen.update(.key(.character("d")))
        var after = CellGrid(size: gameSize)
        screen.render(into: &after)
        let layout = SetLayout(size: gameSize, places: 15, theme: Theme())
        for place in 1..<12 {  // place 0 has the cursor in both
            let frame = layout.cell(of: place)!
            for y in frame.y..<frame.maxY { for x in frame.x..<frame.maxX { #expect(before[x, y] == after[x, y]) } }
        }
    }

    @Test func atEverySizeThatFitsEveryCardHasItsOwnCellOnTheTable() {
        for theme in [Theme(), Theme(colorMode: .monochrome, ascii: false)] {
            for width in stride(from: 41, through: 161, by: 4) {
                for height in 8...40 {
                    let size = Size(width: width, height: height)
                    for places in stride(from: 12, through: 24, by: 3) where SetLayout.fits(size, places: places, theme: theme) {
                        let layout = SetLayout(size: size, places: places, theme: theme)
                        let cells = layout.cells
                        guard cells.count == places else {
                            Issue.record("\(places) cards at \(size) (\(theme)): only \(cells.count) cells")
                            continue
                        }
                        let table = SetLayout.table(in: size)
                        #expect(cells.allSatisfy { table.contains($0.origin) && $0.maxX <= table.maxX
                                                   && $0.maxY <= table.maxY && $0.size.covers(SetLayout.minimumCard(theme: theme)) })
                        for (index, cell) in cells.enumerated() {
                            for other in cells[(index + 1)...] where !cell.intersection(other).isEmpty {
                                Issue.record("cards overlap at \(size) with \(places)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func homeAndEndGoToTheFirstAndLastCardOnScreen() {
        var screen = screen()
        for _ in 0..<4 { _ = screen.update(.key(.character("d"))) }  // 24 cards: rows above and below the first twelve
        let layout = SetLayout(size: gameSize, places: 24, theme: Theme())
        _ = screen.update(.key(.end))
        let last = layout.cell(of: screen.cursor)!
        #expect(layout.cells.allSatisfy { ($0.y, $0.x) <= (last.y, last.x) })
        _ = screen.update(.key(.home))
        let first = layout.cell(of: screen.cursor)!
        #expect(layout.cells.allSatisfy { ($0.y, $0.x) >= (first.y, first.x) })
        #expect(screen.cursor != 0)  // the first twelve sit in the middle rows
    }

    @Test func theFocusedCardIsItsWholeFrameDistinctFromSelectionInMonochromeToo() {
        for theme in [Theme(), Theme(colorMode: .monochrome, ascii: false)] {
            var screen = SetScreen(seed: 7, size: gameSize, theme: theme)
            _ = screen.update(.key(.right))
            _ = screen.update(.key(.right))
            _ = screen.update(.key(.space))  // card 2 selected; then the cursor moves to card 3
            _ = screen.update(.key(.right))
            var grid = CellGrid(size: gameSize, theme: theme)
            screen.render(into: &grid)
            let layout = SetLayout(size: gameSize, places: 12, theme: theme)
            func frameCells(_ place: Int) -> [Cell] {
                let frame = layout.cell(of: place)!
                return (frame.x..<frame.maxX).flatMap { [grid[$0, frame.y], grid[$0, frame.maxY - 1]] }
                    + (frame.y..<frame.maxY).flatMap { [grid[frame.x, $0], grid[frame.maxX - 1, $0]] }
            }
            #expect(frameCells(3).allSatisfy { $0.style.reverse }, "the cursor's whole frame (\(theme))")
            #expect(frameCells(2).allSatisfy { !$0.style.reverse })  // selected, not focused
            #expect(frameCells(2).contains { $0.scalar == "═" })  // selected: a double frame
            #expect(frameCells(3).allSatisfy { $0.scalar != "═" })
            #expect(frameCells(0).allSatisfy { !$0.style.reverse && $0.scalar != "═" })
            _ = screen.update(.key(.left))  // onto the selected card: both marks at once
            var both = CellGrid(size: gameSize, theme: theme)
            screen.render(into: &both)
            let frame = layout.cell(of: 2)!
            #expect(both[frame.x + 1, frame.y].scalar == "═" && both[frame.x + 1, frame.y].style.reverse)
        }
    }

    @Test func hintMarksStayUntilThatSetIsFoundOrTheTableChanges() {
        var screen = screen()
        _ = screen.update(.key(.character("t")))
        let marked = screen.hinted
        let places = places(of: marked, in: screen)
        click(&screen, place: places[0])
        #expect(screen.hinted == marked)  // the first pick keeps all three marks
        #expect(text(screen).components(separatedBy: "★").count - 1 == 3)
        click(&screen, place: places[1])
        #expect(screen.hinted == marked)
        click(&screen, place: places[2])
        #expect(screen.hinted.isEmpty)  // found
        #expect(!text(screen).contains("★"))

        var dealt = self.screen()
        _ = dealt.update(.key(.character("t")))
        #expect(!dealt.hinted.isEmpty)
        _ = dealt.update(.key(.character("d")))
        #expect(dealt.hinted.isEmpty)  // the table changed
    }

    /// Play `screen` by finding sets until the deck is empty and a set has just been found.
    private func playUntilTheDeckIsOutWithASetFound(_ screen: inout SetScreen) -> Bool {
        for _ in 0..<400 {
            if screen.game.deckCount == 0 && screen.game.selectionIsSet == true { return true }
            if let set = screen.game.setsOnBoard().first {
                for place in places(of: set, in: screen) { click(&screen, place: place) }
            } else {
                _ = screen.update(.key(.character("d")))
            }
            if screen.game.isOver { return false }
        }
        return false
    }

    @Test func withTheDeckOutAFoundSetSaysOnlyWhatWorks() {
        var played: SetScreen?
        for seed in UInt64(1)...40 {
            var screen = screen(seed: seed)
            if playUntilTheDeckIsOutWithASetFound(&screen) {
                played = screen
                break
            }
        }
        guard let screen = played else {
            Issue.record("no game of forty found a set with the deck out")
            return
        }
        #expect(screen.message.hasPrefix("SET! +3"))
        #expect(!screen.message.contains("press d"))
        #expect(screen.message.contains("Select any card"))

        var early = self.screen()
        let set = places(of: early.game.setsOnBoard()[0], in: early)
        for place in set { click(&early, place: place) }
        #expect(early.message.contains("press d"))  // with cards in the deck, d does go on
    }

    @Test func theGameOverBoxMovesBetweenItsButtonsWithTabAndArrows() {
        var screen = screen(seed: 3)
        var steps = 0
        while !screen.game.isOver && steps < 500 {
            steps += 1
            if let set = screen.game.setsOnBoard().first {
                for place in places(of: set, in: screen) { click(&screen, place: place) }
            } else {
                _ = screen.update(.key(.character("d")))
            }
        }
        #expect(text(screen).contains("[>Play again (n)<]"))
        _ = screen.update(.key(.tab))
        #expect(text(screen).contains("[>Menu (m)<]"))
        #expect(text(screen).contains("[ Play again (n) ]"))
        _ = screen.update(.key(.left))
        #expect(text(screen).contains("[>Play again (n)<]"))
        _ = screen.update(.key(.right))
        #expect(screen.update(.key(.enter)) == [.leave])
    }

    @Test func newGameAsksFirstWhenAGameIsInProgress() {
        var fresh = screen()
        #expect(fresh.update(.key(.character("n"))).isEmpty)  // nothing to lose: at once
        var screen = screen()
        _ = screen.update(.key(.space))
        let board = screen.game.board
        #expect(screen.update(.key(.character("n"))) == [.confirm(.newGame)])
        #expect(screen.game.board == board)
        let layout = SetLayout(size: gameSize, places: 12, theme: Theme())
        let newGame = screen.buttons.frames(in: layout.buttons)[1]
        #expect(screen.update(.mouse(MouseEvent(.press, at: newGame.origin))) == [.confirm(.newGame)])
        _ = screen.confirmed(.newGame)
        #expect(screen.game.board != board)
        #expect(!screen.isInProgress)
    }

    @Test func messagesThatDoNotFitAreShortenedOrEndInAnEllipsis() {
        let narrow = Size(width: 50, height: 29)
        var screen = SetScreen(seed: 7, size: narrow, theme: Theme())
        var grid = CellGrid(size: narrow)
        screen.render(into: &grid)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == SetScreen.introduction[1])
        _ = screen.update(.key(.character("s")))
        var counted = CellGrid(size: Size(width: 46, height: 29))
        screen.render(into: &counted)
        let status = counted.text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(status.contains("On table"))
        // Anything still too long ends in an ellipsis, never mid-word without a mark.
        var tiny = CellGrid(size: Size(width: 20, height: 29))
        screen.render(into: &tiny)
        let first = tiny.text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.trimmingCharacters(in: .whitespaces).hasSuffix("…"))
    }

    @Test func narrowCardsAbbreviateTheWords() {
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let card = SetCard(number: .two, symbol: .circle, shading: .striped, color: .purple)
        #expect(SetScreen.words(for: card, theme: ascii) == "purple striped")
        #expect(SetScreen.words(for: card, theme: ascii, compact: true) == "pur str")
        #expect(SetScreen.words(for: card, theme: Theme()) == "")
    }
}
