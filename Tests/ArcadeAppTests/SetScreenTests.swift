import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

@Suite struct SetScreenTests {
    init() { prepareForDrawing() }

    private let gameSize = Size(width: 80, height: 23)

    private func screen(seed: UInt64 = 7) -> SetScreen {
        SetScreen(seed: seed)
    }

    private func text(_ screen: SetScreen, theme: Theme = Theme()) -> String {
        var grid = CellGrid(size: gameSize, theme: theme)
        screen.render(into: &grid)
        return grid.text
    }

    /// Click the middle of the card in `place`.
    @discardableResult
    private func click(_ screen: inout SetScreen, place: Int, theme: Theme = Theme()) -> [GameEffect] {
        let frame = Frame(size: gameSize, theme: theme)
        let layout = SetLayout(frame: frame, places: screen.game.board.count)
        let cell = layout.cell(of: place)!
        return screen.update(.mouse(MouseEvent(.press, at: Point(x: cell.x + cell.width / 2, y: cell.y + 1))), in: frame)
    }

    @Test func twelveCardsAt80x24() {
        var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 7 })
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
        let layout = SetLayout(frame: Frame(size: gameSize, theme: Theme()), places: 24)
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
        #expect(screen.message.hasPrefix("Not a set: ") && screen.message.hasSuffix(". −4"))
        let shown = text(screen)
        #expect(shown.components(separatedBy: "✗").count - 1 == 3)
        assertSnapshot(shown, named: "set-mismatch")
        click(&screen, place: trio[0])
        #expect(screen.game.selectedCards.count == 1)
        #expect(screen.game.score == -4)  // clearing a mismatch costs nothing more
    }

    /// A seed whose first twelve cards hold three that fail the rule by colour alone, two
    /// `shared` and one `odd`, and those cards' places.
    private func colourOnlyMismatch(_ shared: SetCard.Color, _ odd: SetCard.Color) -> (seed: UInt64, places: [Int]) {
        let rule = { (values: [AnyHashable]) in Set(values).count != 2 }
        for seed in UInt64(1)...2000 {
            let board = SetGame(seed: seed).board
            for i in board.indices { for j in board.indices where j > i { for k in board.indices where k > j {
                guard let a = board[i], let b = board[j], let c = board[k] else { continue }
                let colours = [a.color, b.color, c.color]
                if colours.filter({ $0 == shared }).count == 2, colours.contains(odd),
                   rule([a.number, b.number, c.number]), rule([a.symbol, b.symbol, c.symbol]),
                   rule([a.shading, b.shading, c.shading]) {
                    return (seed, [i, j, k])
                }
            } } }
        }
        Issue.record("no board with such a trio")
        return (0, [])
    }

    @Test func aMismatchSaysWhichFeatureFails() {
        let (seed, trio) = colourOnlyMismatch(.red, .green)
        var screen = screen(seed: seed)
        for place in trio { click(&screen, place: place) }
        #expect(screen.game.score == -4)
        #expect(screen.message == "Not a set: two are red, one is green. −4")
        #expect(text(screen).contains("Not a set: two are red, one is green. −4"))
        // Several features failing: each is named while the line has room, else the first.
        var many = self.screen()
        let board = many.game.board.compactMap { $0 }
        var chosen: [SetCard] = []
        search: for a in board { for b in board { for c in board where Set([a, b, c]).count == 3 {
            if SetMismatch.of(a, b, c).count >= 2 { chosen = [a, b, c]; break search }
        } } }
        for place in places(of: chosen, in: many) { click(&many, place: place) }
        let reasons = SetMismatch.of(chosen[0], chosen[1], chosen[2])
        #expect(many.message.hasPrefix("Not a set: ") && many.message.filter { $0 == ";" }.count == reasons.count - 1,
                "\(many.message)")
        let narrow = Frame(size: Size(width: 70, height: 23))
        let line = many.text(in: narrow).split(separator: "\n", omittingEmptySubsequences: false)[1]
        #expect(line.contains("Not a set: two ") && line.contains("more feature") && !line.contains("…"), "\(line)")
    }

    @Test func aCardSelectedAfterTheNoSetWarningSaysSo() {
        // A table of twelve with no set on it.
        let seed = (UInt64(1)...5000).first { !SetGame(seed: $0).hasSetOnBoard }!
        var screen = screen(seed: seed)
        #expect(text(screen).contains("No set on the table — deal 3 more (d)."))
        _ = screen.update(.key(.space))
        #expect(screen.message == "1 of 3 selected.")
        let shown = text(screen)
        #expect(shown.contains("1 of 3 selected."))
        #expect(!shown.contains("No set on the table"))
        _ = screen.update(.key(.character("l")))
        _ = screen.update(.key(.space))
        #expect(text(screen).contains("2 of 3 selected."))
        // The warning comes back when nothing is selected and no set is there still.
        _ = screen.update(.key(.space))
        _ = screen.update(.key(.character("h")))
        _ = screen.update(.key(.space))
        #expect(screen.game.selectedCards.isEmpty)
        #expect(text(screen).contains("No set on the table — deal 3 more (d)."))
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
        #expect(screen.cursor.index == 1)
        var grid2 = CellGrid(size: gameSize)
        screen.render(into: &grid2)
        let layout = SetLayout(frame: Frame(size: gameSize, theme: Theme()), places: 12)
        let frames = [layout.cell(of: 0)!, layout.cell(of: 1)!]
        let changed = (0..<gameSize.height).flatMap { y in (0..<gameSize.width).map { Point(x: $0, y: y) } }
            .filter { grid1[$0.x, $0.y] != grid2[$0.x, $0.y] }
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { point in
            frames.contains { $0.contains(point) && !Box.inner(of: $0).contains(point) }
        })
        _ = screen.update(.key(.down))
        let columns = SetLayout(frame: Frame(size: gameSize, theme: Theme()), places: 12).columns
        #expect(screen.cursor.index == 1 + columns)
        _ = screen.update(.key(.up))
        _ = screen.update(.key(.left))
        _ = screen.update(.key(.left))  // stops at the edge
        #expect(screen.cursor.index == 0)
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
        let shown = text(screen(), theme: mono)
        #expect(shown.contains("red") || shown.contains("green") || shown.contains("purple"))
        #expect(!shown.contains(" grn ") && !shown.contains(" pur "))  // one word fits whole at 80×24
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let plain = text(screen(), theme: ascii)
        #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(["sol", "str", "opn"].contains { plain.contains($0) })  // narrow cards abbreviate
        assertSnapshot(plain, named: "set-12cards-ascii")
    }

    @Test func theClockStartsAtTheFirstMoveAndCountsOnlyTicks() {
        var screen = screen()
        #expect(!screen.wantsTicks)
        _ = screen.update(.tick(5))
        #expect(screen.clock.elapsed == 0)
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
        #expect(effects == [.recordScore(3 * found, figures: ["sets": String(found), "time": PlayClock.text(screen.clock.elapsed)],
                                         duration: screen.clock.elapsed)])
        // The shell shows the result in its game-over box; Enter plays again.
        #expect(screen.update(.key(.character("d"))).isEmpty)  // the game's own keys are done
        var shell = TestShell.hosting(screen)
        let shown = shell.text
        #expect(shown.contains("Game over"))
        #expect(shown.contains("Score \(3 * found)"))
        #expect(shown.contains("[>Play again (n)<]"))
        _ = shell.update(.key(.enter))
        let again = shell.screen(as: SetScreen.self)
        #expect(again?.game.board.count == 12)
        #expect(again?.game.score == 0)
        #expect(again?.game.seed != screen.game.seed)
        #expect(!shell.text.contains("Game over"))
    }

    /// Seed 3 played to its end by finding the first set on the table each time, from a
    /// screen opened with `scores` recorded before; the effects of the last move.
    private func playToTheEnd(scores: [ScoreEntry]) -> (screen: SetScreen, effects: [GameEffect]) {
        var screen = SetScreen(context: GameContext(seed: 3, scores: scores))
        var effects: [GameEffect] = []
        var steps = 0
        while !screen.game.isOver && steps < 500 {
            steps += 1
            if let set = screen.game.setsOnBoard().first {
                for place in places(of: set, in: screen) { effects = click(&screen, place: place) }
            } else {
                effects = screen.update(.key(.character("d")))
            }
        }
        return (screen, effects)
    }

    @Test func theGameOverBoxSaysNewBestWhenTheScoreBeatsTheBestBefore() {
        let played = playToTheEnd(scores: []).screen.game.score
        #expect(played > 0)
        let entry = { (score: Int, figures: [String: String]) in
            ScoreEntry(score: score, date: "2026-01-01", player: "p", figures: figures)
        }
        let classic = ["sets": "1", "time": "1:00"]
        // Nothing recorded before, a lower best, a best of the other mode only: a new best.
        for scores in [[], [entry(played - 3, classic)], [entry(played + 30, classic.merging(["computer": "3"]) { $1 })]] {
            var (screen, effects) = playToTheEnd(scores: scores)
            #expect(effects.contains { if case .recordScore = $0 { true } else { false } })
            var shell = TestShell.hosting(screen)
            #expect(shell.text.contains("New best!"), "\(scores)")
            // The store's list, with this game first, comes back: still a new best.
            _ = screen.received(.scoresRecorded(.set, [entry(played, classic)] + scores), in: .game80x23)
            shell = TestShell.hosting(screen)
            #expect(shell.text.contains("New best!"))
        }
        // A best as good or better: no such line.
        for best in [played, played + 3] {
            let screen = playToTheEnd(scores: [entry(best, classic)]).screen
            #expect(screen.game.isOver)
            #expect(!TestShell.hosting(screen).text.contains("New best"))
        }
    }

    @Test func theMinimumSizeGrowsWithTheTableAndCardsNeverGetSmallerThanReadable() {
        for theme in [Theme(), Theme(colorMode: .monochrome, ascii: false), Theme(colorMode: .monochrome, ascii: true)] {
            var screen = SetScreen(seed: 7)
            let smallest = Frame(size: Size(width: 0, height: 0), theme: theme)
            func fits(_ size: Size) -> Bool { screen.fits(Frame(size: size, theme: theme)) }
            let twelve = screen.minimumSize(in: smallest)
            #expect(fits(twelve) && !fits(Size(width: twelve.width - 1, height: twelve.height))
                    && !fits(Size(width: twelve.width, height: twelve.height - 1)))
            for _ in 0..<4 { _ = screen.update(.key(.character("d")), in: Frame(size: gameSize, theme: theme)) }
            let twentyFour = screen.minimumSize(in: smallest)
            #expect(twentyFour.width * twentyFour.height > twelve.width * twelve.height)
            #expect(fits(Size(width: 80, height: 23)), "24 cards fit at 80×24 (\(theme))")
            for (places, size) in [(12, twelve), (24, twentyFour)] {
                let layout = SetLayout(frame: Frame(size: size, theme: theme), places: places)
                #expect(layout.fitsMinimum, "\(places) cards at \(size)")
                #expect(layout.cells.allSatisfy { $0.size.covers(SetLayout.minimumCard(theme: theme)) })
            }
        }
    }

    @Test func theMinimumSizeComesFromTheSmallestLayoutThatShowsTheTable() {
        // At 50×30 fifteen cards fit four columns wide; the game never asks for 61 columns.
        var screen = SetScreen(seed: 7)
        _ = screen.update(.key(.character("d")), in: Frame(size: Size(width: 50, height: 29)))
        #expect(screen.game.board.count == 15)
        #expect(screen.fits(Frame(size: Size(width: 50, height: 29))))
        // Too short for 15 cards: the size asked for keeps the width there is.
        let need = screen.minimumSize(in: Frame(size: Size(width: 50, height: 10)))
        #expect(need.width <= 50 && need.height > 10)
        #expect(SetLayout(frame: Frame(size: need, theme: Theme()), places: 15).fitsMinimum)
        // In the shell, the message names that size.
        var shell = TestShell(games: GameCatalog.games, size: Size(width: 50, height: 30), seed: { 7 })
        shell.open(.set)
        _ = shell.update(.key(.character("d")))
        #expect(shell.fits(Size(width: 50, height: 30)))
        #expect(shell.minimumSize(near: Size(width: 50, height: 11)).width <= 50)
    }

    /// On an everyday screen the table is laid out for 24 places: no card moves when more are
    /// dealt. (Large screens lay out the cards on the table and add rows: SetLayoutTests.)
    @Test func cardsKeepTheirPlacesWhenMoreAreDealt() {
        for size in [gameSize, Size(width: 100, height: 29), Size(width: 50, height: 29), Size(width: 160, height: 14)] {
            let twelve = SetLayout(frame: Frame(size: size, theme: Theme()), places: 12)
            for places in stride(from: 15, through: 24, by: 3) {
                let more = SetLayout(frame: Frame(size: size, theme: Theme()), places: places)
                guard more.fitsMinimum else { continue }
                #expect((0..<places - 3).allSatisfy { SetLayout(frame: Frame(size: size, theme: Theme()), places: places - 3)
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
        let layout = SetLayout(frame: Frame(size: gameSize, theme: Theme()), places: 15)
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
                        let layout = SetLayout(frame: Frame(size: size, theme: theme), places: places)
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
        let layout = SetLayout(frame: Frame(size: gameSize, theme: Theme()), places: 24)
        _ = screen.update(.key(.end))
        let last = layout.cell(of: screen.cursor.index)!
        #expect(layout.cells.allSatisfy { ($0.y, $0.x) <= (last.y, last.x) })
        _ = screen.update(.key(.home))
        let first = layout.cell(of: screen.cursor.index)!
        #expect(layout.cells.allSatisfy { ($0.y, $0.x) >= (first.y, first.x) })
        #expect(screen.cursor.index != 0)  // the first twelve sit in the middle rows
    }

    @Test func theFocusedCardIsItsWholeFrameDistinctFromSelectionInMonochromeToo() {
        for theme in [Theme(), Theme(colorMode: .monochrome, ascii: false)] {
            var screen = SetScreen(seed: 7)
            let frame = Frame(size: gameSize, theme: theme)
            _ = screen.update(.key(.right), in: frame)
            _ = screen.update(.key(.right), in: frame)
            _ = screen.update(.key(.space), in: frame)  // card 2 selected; then the cursor moves to card 3
            _ = screen.update(.key(.right), in: frame)
            var grid = CellGrid(size: gameSize, theme: theme)
            screen.render(into: &grid)
            let layout = SetLayout(frame: Frame(size: gameSize, theme: theme), places: 12)
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
            _ = screen.update(.key(.left), in: frame)  // onto the selected card: both marks at once
            var both = CellGrid(size: gameSize, theme: theme)
            screen.render(into: &both)
            let place2 = layout.cell(of: 2)!
            #expect(both[place2.x + 1, place2.y].scalar == "═" && both[place2.x + 1, place2.y].style.reverse)
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
        var shell = TestShell.hosting(screen)
        #expect(shell.text.contains("[>Play again (n)<]"))
        _ = shell.update(.key(.tab))
        #expect(shell.text.contains("[>Mode (g)<]"))
        #expect(shell.text.contains("[ Play again (n) ]"))
        _ = shell.update(.key(.left))
        #expect(shell.text.contains("[>Play again (n)<]"))
        _ = shell.update(.key(.character("L")))  // h and l in either case, as everywhere
        #expect(shell.text.contains("[>Mode (g)<]"))
        _ = shell.update(.key(.character("H")))
        #expect(shell.text.contains("[>Play again (n)<]"))
        _ = shell.update(.key(.right))
        _ = shell.update(.key(.right))
        #expect(shell.text.contains("[>Menu (m)<]"))
        _ = shell.update(.key(.enter))
        #expect(shell.activeGame == nil)  // Menu: back to the menu
    }

    @Test func newGameAsksFirstWhenAGameIsInProgress() {
        var fresh = screen()
        #expect(fresh.update(.key(.character("n"))).isEmpty)  // nothing to lose: at once
        var screen = screen()
        _ = screen.update(.key(.space))
        let board = screen.game.board
        #expect(screen.update(.key(.character("n"))) == [.confirm(.newGame)])
        #expect(screen.game.board == board)
        let layout = SetLayout(frame: Frame(size: gameSize, theme: Theme()), places: 12)
        let newGame = SetClassicPage.buttons(screen.table, fitting: layout.buttons.width).row.frames(in: layout.buttons)[1]
        #expect(screen.update(.mouse(MouseEvent(.press, at: newGame.origin))) == [.confirm(.newGame)])
        _ = screen.confirmed(.newGame, in: .game80x23)
        #expect(screen.game.board != board)
        #expect(!screen.isInProgress)
    }

    @Test func messagesThatDoNotFitAreShortenedOrEndInAnEllipsis() {
        let narrow = Size(width: 50, height: 29)
        var screen = SetScreen(seed: 7)
        var grid = CellGrid(size: narrow)
        screen.render(into: &grid)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == SetWording.introduction[1])
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
        #expect(SetCardView.words(for: card, theme: ascii) == "purple striped")
        #expect(SetCardView.words(for: card, theme: ascii, compact: true) == "pur str")
        #expect(SetCardView.words(for: card, theme: Theme()) == "")
    }
}

@Suite struct SetLayoutRowsTests {
    /// The table the "too small" check measures is the table the screen draws.
    @Test(arguments: [Size(width: 80, height: 23), Size(width: 41, height: 10), Size(width: 120, height: 39),
                      Size(width: 2, height: 3)])
    func theTableWorkedOutDirectlyIsTheTableOfTheRows(size: Size) {
        #expect(SetLayout.table(in: size) == SetLayout.rows(in: size).table)
    }
}

@Suite struct SetActionTests {
    /// A test can send an action as well as a key: the same thing happens either way, and
    /// the letter works in either case.
    @Test func dealingByActionByKeyAndByShiftedKeyIsTheSame() {
        var byAction = SetScreen(seed: 7), byKey = SetScreen(seed: 7), byShiftedKey = SetScreen(seed: 7)
        _ = byAction.perform(.classic(.deal), in: .game80x23)
        _ = byKey.update(.key(.character("d")))
        _ = byShiftedKey.update(.key(.character("D")))
        #expect(byAction.game.board.count == 15)
        #expect(byKey.game == byAction.game && byShiftedKey.game == byAction.game)
        #expect(byKey.text() == byAction.text())
    }
}
