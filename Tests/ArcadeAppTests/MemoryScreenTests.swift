import ArcadeTestSupport
import ArcadeUI
import MemoryModel
import Testing

@testable import ArcadeApp

@Suite struct MemoryScreenTests {
    init() { prepareForDrawing() }

    private static let gameArea = Size(width: 80, height: 23)
    private static let monochromeASCII = Theme(colorMode: .monochrome, ascii: true)

    // MARK: - Helpers

    private func memory(seed: UInt64 = 3) -> MemoryScreen {
        MemoryScreen(seed: seed)
    }

    /// A screen with a board dealt: `level` is the key that picks it (1 Easy, 2 Normal, 3 Hard).
    private func started(_ level: Character = "2", seed: UInt64 = 3) -> MemoryScreen {
        var screen = memory(seed: seed)
        _ = screen.update(.key(.character(level)))
        _ = screen.update(.key(.enter))
        return screen
    }

    /// Memory open in the shell at 80×24 (help, questions and the key line are the shell's), seed 3.
    private func memoryInShell() -> TestShell {
        let memory = GameCatalog.games.filter { $0.id == .memory }
        var shell = TestShell(games: memory, size: Size(width: 80, height: 24), seed: { 3 })
        shell.open(.memory)
        return shell
    }

    /// The whole 80×24 terminal as `shell` draws it.
    private func terminalText(of shell: TestShell) -> String {
        var grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        return grid.text
    }

    /// `screen` in a shell at 80×24, where the game-over box is drawn and chosen.
    private func inShell(_ screen: MemoryScreen) -> TestShell {
        TestShell.hosting(screen, as: .memory)
    }

    /// The screen drawn at `size` as the shell shows it: with the game-over box over the
    /// board once the game is over, its first button focused.
    private func render(_ screen: MemoryScreen, size: Size = gameArea, theme: Theme = Theme()) -> CellGrid {
        let frame = Frame(size: size, theme: theme)
        var grid = CellGrid(size: size, theme: theme)
        screen.render(into: &grid)
        if let box = screen.gameOverBox(in: frame, focus: 0) { box.dialog.draw(into: &grid, in: box.area) }
        return grid
    }

    private func lines(_ grid: CellGrid) -> [String] {
        grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The text inside `rect` of `grid`, one string per row (wide glyphs once).
    private func text(in rect: Rect, of grid: CellGrid) -> [String] {
        (rect.y..<rect.maxY).map { y in
            var row = ""
            for x in rect.x..<rect.maxX where !grid[x, y].isContinuation {
                row.unicodeScalars.append(grid[x, y].scalar)
            }
            return row
        }
    }

    /// Where card `index` is drawn on a screen of `size`.
    private func frame(of index: Int, in screen: MemoryScreen, size: Size = gameArea) -> Rect {
        MemoryBoardLayout(size: size, cardCount: screen.game!.cards.count).card(at: index)!
    }

    /// Click the middle of card `index`.
    @discardableResult
    private func click(_ index: Int, _ screen: inout MemoryScreen, size: Size = gameArea) -> [GameEffect] {
        let rect = frame(of: index, in: screen, size: size)
        return screen.update(.mouse(MouseEvent(.press, at: Point(x: rect.x + rect.width / 2, y: rect.y + 1))),
                             in: Frame(size: size))
    }

    /// Two positions holding different symbols, neither matched yet.
    private func mismatch(in screen: MemoryScreen, avoiding: Set<Int> = []) -> (Int, Int) {
        let cards = screen.game!.cards
        let open = cards.indices.filter { !cards[$0].isMatched && !avoiding.contains($0) }
        let first = open[0]
        let second = open.first { cards[$0].content != cards[first].content }!
        return (first, second)
    }

    /// Play the pair at `positions`: turn the first card, wait `wait` seconds, turn the second.
    @discardableResult
    private func match(_ positions: [Int], _ screen: inout MemoryScreen, wait: Double = 1) -> [GameEffect] {
        var effects = click(positions[0], &screen)
        effects += screen.update(.tick(wait))
        effects += click(positions[1], &screen)
        return effects
    }

    /// A Hard game at 80×23 with two pairs found and two different cards face up for a while.
    private func hardMidGame() -> MemoryScreen {
        var screen = started("3")
        let found = pairs(in: screen).prefix(2)
        for pair in found {
            match(pair, &screen, wait: 1.3)
            _ = screen.update(.tick(0.8))
        }
        let (first, second) = mismatch(in: screen)
        click(first, &screen)
        _ = screen.update(.tick(2.2))
        click(second, &screen)
        _ = screen.update(.tick(1.0))
        return screen
    }

    private func isRecordScore(_ effect: GameEffect) -> Bool {
        if case .recordScore = effect { return true }
        return false
    }

    // MARK: - The choice before a game

    @Test func theChoiceBeforeAGameOffersLevelsAndSymbols() {
        let grid = render(memory())
        assertSnapshot(grid.text, named: "memory-choice-80x23")
        #expect(grid.text.contains("[2 Normal]"))
        #expect(grid.text.contains("8 pairs, 1:00 on the clock"))
        #expect(grid.text.contains("[Animals]"))
        #expect(grid.text.contains("[ Start ]"))
    }

    @Test func levelsAndSymbolsAreChosenWithKeysAndTheBoardMatchesTheChoice() {
        var screen = memory()
        _ = screen.update(.key(.right))  // Normal → Hard
        #expect(render(screen).text.contains("12 pairs, 1:30 on the clock"))
        _ = screen.update(.key(.character("l")))  // wraps round to Easy
        #expect(render(screen).text.contains("6 pairs, 0:45 on the clock"))
        _ = screen.update(.key(.character("2")))
        #expect(render(screen).text.contains("[2 Normal]"))
        _ = screen.update(.key(.character("j")))  // down to the symbols
        _ = screen.update(.key(.right))
        #expect(render(screen).text.contains("[Fruit]"))
        #expect(render(screen).text.contains("🍎"))
        _ = screen.update(.key(.down))
        #expect(render(screen).text.contains("[>Start<]"))
        #expect(screen.phase == .choosing)

        _ = screen.update(.key(.enter))
        #expect(screen.phase == .playing)
        let cards = screen.game!.cards
        #expect(cards.count == 16)
        #expect(cards.allSatisfy { MemorySymbolSet.fruit.symbols.contains($0.content) })
        #expect(screen.game!.timeLimit == 60)
        #expect(render(screen).text.contains("Normal, Fruit"))
    }

    @Test func levelsSymbolsAndStartAreChosenWithTheMouse() {
        var screen = memory()
        let rows = lines(render(screen))
        func point(of label: String) -> Point {
            let y = rows.firstIndex { $0.contains(label) }!
            let line = rows[y]
            let column = line[..<line.range(of: label)!.lowerBound].unicodeScalars
                .reduce(0) { $0 + DisplayWidth.of($1) }
            return Point(x: column + 1, y: y)
        }
        _ = screen.update(.mouse(MouseEvent(.press, at: point(of: "3 Hard"))))
        _ = screen.update(.mouse(MouseEvent(.press, at: point(of: "Sports"))))
        let text = render(screen).text
        #expect(text.contains("[3 Hard]"))
        #expect(text.contains("[Sports]"))
        #expect(text.contains("⚽"))
        _ = screen.update(.mouse(MouseEvent(.press, at: point(of: "[ Start ]"))))
        #expect(screen.game?.cards.count == 24)
        #expect(screen.game!.cards.allSatisfy { MemorySymbolSet.sports.symbols.contains($0.content) })
    }

    // MARK: - The board

    @Test func midGameShowsFaceUpCardsWithShrinkingBonusBarsAndEmptyPlaces() {
        let screen = hardMidGame()
        let grid = render(screen)
        assertSnapshot(grid.text, named: "memory-hard-midgame-80x23")

        #expect(lines(grid)[0].contains("Moves 3"))
        #expect(lines(grid)[0].contains("Pairs 2/12"))
        #expect(lines(grid)[0].contains("Score \(screen.game!.score)"))
        #expect(grid.text.contains("No match. Turn another card."))
        // The two face-up cards show their emoji and what is left of their 6 s of bonus:
        // 3.2 s used of the first (2 of 4 cells left), 1 s of the second (4 of 4).
        let faceUp = screen.game!.faceUpIndices
        #expect(faceUp.count == 2)
        let first = text(in: frame(of: faceUp[0], in: screen), of: grid)
        let second = text(in: frame(of: faceUp[1], in: screen), of: grid)
        #expect(first.contains { $0.contains(String(screen.game!.cards[faceUp[0]].content.emoji)) })
        #expect(first.contains("│ ██░░ │"))
        #expect(second.contains("│ ████ │"))
    }

    @Test func turningACardWhileAPairIsOnShowEndsTheShowSoNoMoreThanTwoFaceUp() {
        var screen = started("2")
        let all = pairs(in: screen)
        click(all[0][0], &screen)
        click(all[0][1], &screen)  // found: on show for 0.6 s
        click(all[1][0], &screen)  // at once another card
        let grid = render(screen)
        for index in all[0] {  // the pair has gone
            #expect(text(in: frame(of: index, in: screen), of: grid).allSatisfy { $0.allSatisfy { $0 == " " } })
        }
        let faceUp = screen.game!.cards.indices.filter { screen.game!.cards[$0].isFaceUp && !screen.game!.cards[$0].isMatched }
        #expect(faceUp == [all[1][0]])
        #expect(screen.foundPair == nil)
    }

    @Test func aPairFoundShowsBothFacesMarkedForAMomentThenVanishes() {
        var screen = started("2")
        let pair = pairs(in: screen)[0]
        let symbol = String(screen.game!.cards[pair[0]].content.emoji)
        let before = render(screen)
        click(pair[0], &screen)
        #expect(render(screen).text.contains("Now find its pair."))
        _ = screen.update(.tick(2))
        click(pair[1], &screen)

        let grid = render(screen)
        assertSnapshot(grid.text, named: "memory-pair-found-80x23")
        // 2 points, plus 4 whole seconds of bonus left on the first card and 6 on the second.
        #expect(grid.text.contains("A pair! +12 points."))
        #expect(lines(grid)[0].contains("Score 12"))
        #expect(lines(grid)[0].contains("Pairs 1/8"))
        // Both faces show, in a double frame with a check either side of the symbol.
        for index in pair {
            let card = text(in: frame(of: index, in: screen), of: grid)
            #expect(card.first == "╔══════╗")
            #expect(card.contains("║✓ \(symbol) ✓║"))
        }
        #expect(text(in: frame(of: pair[1], in: screen), of: grid).contains("║ ████ ║"))  // its bonus, kept
        #expect(screen.wantsTicks)

        _ = screen.update(.tick(0.1))  // the first tick after the turn: the 0.6 s count from here
        _ = screen.update(.tick(0.5))
        #expect(text(in: frame(of: pair[0], in: screen), of: render(screen)).first == "╔══════╗")
        #expect(abs(screen.tickInterval - 0.1) < 1e-9)
        _ = screen.update(.tick(0.1))

        let after = render(screen)
        #expect(after.text.contains("A pair! +12 points."))
        // The first card's place is empty; the second's, under the cursor, its focused frame alone.
        #expect(text(in: frame(of: pair[0], in: screen), of: after).allSatisfy { $0.allSatisfy { $0 == " " } })
        let place = text(in: frame(of: pair[1], in: screen), of: after)
        #expect(place.first == "╭──────╮" && place.dropFirst().dropLast().allSatisfy { $0 == "│      │" })
        #expect(after[frame(of: pair[1], in: screen).x, frame(of: pair[1], in: screen).y].style.reverse)
        for index in screen.game!.cards.indices where !pair.contains(index) {
            let rect = frame(of: index, in: screen)
            #expect(text(in: rect, of: after) == text(in: rect, of: before))
        }
    }

    @Test func theLastPairShowsBeforeTheGameOverBoxAndAKeyOnlyHurriesIt() {
        func lastPairTurned() -> MemoryScreen {
            var screen = started("1")
            for pair in pairs(in: screen) {
                match(pair, &screen)
                _ = screen.update(.tick(1))
            }
            return screen
        }
        var screen = lastPairTurned()
        let last = pairs(in: screen).last!
        #expect(screen.game!.isWon)
        #expect(!screen.isGameOver)
        #expect(screen.wantsTicks)  // the game clock has stopped; the show still needs its ticks
        #expect(!screen.isInProgress)
        var grid = render(screen)
        #expect(!grid.text.contains("You won!"))
        #expect(text(in: frame(of: last[1], in: screen), of: grid).first?.hasPrefix("╔") == true)
        #expect(screen.keyHints(in: .game80x23).isEmpty)

        #expect(screen.update(.tick(0.3)).isEmpty)
        let effects = screen.update(.tick(0.6))
        #expect(effects.contains(.sound(.handWon)))
        #expect(effects.contains(where: isRecordScore))
        grid = render(screen)
        #expect(grid.text.contains("You won!"))
        #expect(!screen.wantsTicks)

        // A key during the show brings the box at once and presses nothing on it.
        screen = lastPairTurned()
        let board = screen.game!
        #expect(screen.update(.key(.space)).contains(.sound(.handWon)))
        #expect(screen.isGameOver && screen.game! == board)
        #expect(render(screen).text.contains("[>Play again (r)<]"))

        // Leaving during the show still keeps the score.
        screen = lastPairTurned()
        #expect(screen.willLeave().contains(where: isRecordScore))
    }

    @Test func aMismatchTurnsBackByItselfAfterAboutASecond() {
        var screen = started("2")
        let (first, second) = mismatch(in: screen)
        let faceDown = text(in: frame(of: first, in: screen), of: render(screen))
        #expect(faceDown[1].contains("▒"))

        click(first, &screen)
        _ = screen.update(.tick(0.5))
        click(second, &screen)
        var grid = render(screen)
        #expect(grid.text.contains("No match. Turn another card."))
        #expect(text(in: frame(of: first, in: screen), of: grid) != faceDown)
        #expect(screen.game!.faceUpIndices == [first, second].sorted())
        // The screen's clock moves only at ticks, half a second apart while the game runs:
        // it asks for the next one at once, and the second counts from there.
        #expect(screen.tickInterval == 1.0 / 30.0)
        _ = screen.update(.tick(0.2))
        #expect(screen.tickInterval == MemoryBoardPage.clockTickInterval)
        _ = screen.update(.tick(0.9))
        #expect(screen.game!.faceUpIndices == [first, second].sorted())  // still up after 0.9 s
        #expect(abs(screen.tickInterval - 0.1) < 1e-9)  // the next tick comes when they turn back

        _ = screen.update(.tick(0.1))
        grid = render(screen)
        #expect(screen.game!.faceUpIndices.isEmpty)
        #expect(text(in: frame(of: first, in: screen), of: grid) == faceDown)
        #expect(text(in: frame(of: second, in: screen), of: grid) == faceDown)
        #expect(grid.text.contains("No match. Turn another card."))
        #expect(screen.tickInterval == MemoryBoardPage.clockTickInterval)
        // Their bonus clocks stopped as they turned: 1.7 s used of the first, 1.2 s of the second.
        let cards = screen.game!.cards
        #expect(abs(screen.game!.faceUpTime(of: cards[first], now: screen.now + 10) - 1.7) < 1e-9)
        #expect(abs(screen.game!.faceUpTime(of: cards[second], now: screen.now + 10) - 1.2) < 1e-9)
        #expect(screen.game!.moves == 1 && screen.game!.score == 0)
    }

    @Test func aKeyOrClickDuringAMismatchTurnsItBackAtOnceAndStillDoesWhatItDoes() {
        var screen = started("2")
        let (first, second) = mismatch(in: screen)
        click(first, &screen)
        click(second, &screen)
        let cursor = screen.cursor.index
        _ = screen.update(.key(.left))  // any key turns them back, and still moves the cursor
        #expect(screen.game!.faceUpIndices.isEmpty)
        #expect(screen.cursor.index == cursor - 1)

        // Both can be turned again: the second mismatch of seen cards costs a point each.
        click(first, &screen)
        click(second, &screen)
        #expect(screen.game!.score == -2)
        let third = screen.game!.cards.indices.first { ![first, second].contains($0) }!
        click(third, &screen)  // a click turns them back and turns its card, as before
        let grid = render(screen)
        #expect(screen.game!.faceUpIndices == [third])
        #expect(grid.text.contains("Now find its pair."))

        // A key on one of a mismatch's own cards turns it up as the first card of a new turn.
        let cards = screen.game!.cards
        let fourth = cards.indices.first { ![first, second, third].contains($0) && cards[$0].content != cards[third].content }!
        click(fourth, &screen)  // the cursor is on it now
        #expect(screen.game!.faceUpIndices == [third, fourth].sorted())
        _ = screen.update(.key(.space))
        #expect(screen.game!.faceUpIndices == [fourth])
        #expect(screen.game!.moves == 3)
    }

    @Test func aMismatchOfCardsSeenBeforeCostsAPointEach() {
        var screen = started("2")
        let cards = screen.game!.cards
        // Four cards with four different symbols.
        var four: [Int] = []
        for index in cards.indices where !four.contains(where: { cards[$0].content == cards[index].content }) {
            four.append(index)
            if four.count == 4 { break }
        }
        for index in four { click(index, &screen) }  // two mismatches of cards not seen before: free
        #expect(render(screen).text.contains("No match. Turn another card."))
        #expect(lines(render(screen))[0].contains("Score 0"))
        click(four[0], &screen)
        click(four[2], &screen)  // both seen in earlier turns
        #expect(render(screen).text.contains("No match. -2 for cards seen before. Turn another card."))
        #expect(lines(render(screen))[0].contains("Score -2"))
        #expect(lines(render(screen))[0].contains("Moves 3"))
    }

    @Test func theCursorMovesWithArrowsAndHjklRepaintingOnlyTheTwoFrames() {
        var screen = started("3")  // 8 cards a row at 80×23
        #expect(MemoryBoardLayout(size: Self.gameArea, cardCount: 24).board.columns == 8)
        /// The cells of card `index`'s edge, and whether all of them are in reverse video.
        func edge(_ index: Int) -> Set<Point> {
            let rect = frame(of: index, in: screen)
            var cells = Set<Point>()
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX where y == rect.y || y == rect.maxY - 1 || x == rect.x || x == rect.maxX - 1 {
                    cells.insert(Point(x: x, y: y))
                }
            }
            return cells
        }
        func isFocused(_ index: Int) -> Bool {
            let grid = render(screen)
            return edge(index).allSatisfy { grid[$0.x, $0.y].style.reverse }
        }
        #expect(isFocused(0) && !isFocused(1))

        let before = render(screen)
        _ = screen.update(.key(.right))
        let after = render(screen)
        let everyCell = (0..<before.size.height).flatMap { y in (0..<before.size.width).map { Point(x: $0, y: y) } }
        let changed = Set(everyCell.filter { before[$0.x, $0.y] != after[$0.x, $0.y] })
        #expect(changed == edge(0).union(edge(1)))
        #expect(screen.cursor.index == 1)
        #expect(isFocused(1) && !isFocused(0))

        for key in ["j", "l", "k", "h", "h"] { _ = screen.update(.key(.character(Character(key)))) }
        #expect(screen.cursor.index == 0)
        _ = screen.update(.key(.left))
        _ = screen.update(.key(.up))
        #expect(screen.cursor.index == 0)  // stops at the edges
        for _ in 0..<3 { _ = screen.update(.key(.down)) }
        #expect(screen.cursor.index == 16)
        for _ in 0..<9 { _ = screen.update(.key(.right)) }
        #expect(screen.cursor.index == 23)

        _ = screen.update(.key(.space))
        #expect(screen.game!.faceUpIndices == [23])
        _ = screen.update(.key(.left))
        _ = screen.update(.key(.enter))
        #expect(screen.game!.cards[22].isFaceUp && screen.game!.cards[23].isFaceUp)
    }

    @Test func homeAndEndTakeTheCursorToTheFirstAndLastCard() {
        var screen = started("3")
        _ = screen.update(.key(.end))
        #expect(screen.cursor.index == 23)
        let rect = frame(of: 23, in: screen)
        #expect(render(screen)[rect.x, rect.y].style.reverse && render(screen)[rect.maxX - 1, rect.maxY - 1].style.reverse)
        _ = screen.update(.key(.space))
        #expect(screen.game!.faceUpIndices == [23])
        _ = screen.update(.key(.home))
        #expect(screen.cursor.index == 0)
        #expect(screen.help(in: .game80x23).keys.contains { $0.keys == "Home  End" && $0.action.contains("first or last card") })
    }

    // MARK: - Time

    @Test func theClockStartsWithTheFirstCardAndCountsDown() {
        var screen = started("2")
        #expect(!screen.wantsTicks)
        #expect(!screen.isInProgress)
        _ = screen.update(.tick(5))  // ticks the shell would not send: nothing starts
        #expect(lines(render(screen))[0].hasPrefix(" Time 1:00 "))
        #expect(render(screen).text.contains("Turn any card to start the clock: 8 pairs in 1:00."))

        _ = screen.update(.key(.space))
        #expect(screen.wantsTicks)
        #expect(screen.isInProgress)
        #expect(screen.tickInterval <= 0.5)  // a whole-seconds clock: at most 2 wakeups a second
        _ = screen.update(.tick(0.5))
        #expect(lines(render(screen))[0].hasPrefix(" Time 1:00 "))
        _ = screen.update(.tick(0.5))
        #expect(lines(render(screen))[0].hasPrefix(" Time 0:59 "))
        for _ in 0..<90 { _ = screen.update(.tick(0.1)) }
        #expect(lines(render(screen))[0].hasPrefix(" Time 0:50 "))
    }

    @Test func theClockStandsStillWhileHelpOrTheLeaveQuestionIsOpen() {
        var shell = memoryInShell()
        func screenText() -> String { terminalText(of: shell) }
        func statusLine() -> String {
            String(screenText().prefix { $0 != "\n" })
        }
        _ = shell.update(.key(.enter))
        #expect(!shell.wantsTicks)  // no card turned yet
        _ = shell.update(.key(.space))
        #expect(shell.wantsTicks)
        _ = shell.update(.tick(2))
        #expect(statusLine().hasPrefix(" Time 0:58 "))

        _ = shell.update(.key(.character("?")))
        #expect(!shell.wantsTicks)
        #expect(screenText().contains("Scoring: a pair earns 2 points"))
        #expect(screenText().contains("Help: Memory"))
        _ = shell.update(.tick(10))  // even a stray tick does not reach the game
        _ = shell.update(.key(.space))  // closes help
        #expect(statusLine().hasPrefix(" Time 0:58 "))

        _ = shell.update(.key(.character("q")))
        #expect(shell.overlay == .confirmLeave)  // a game is running: the shell asks
        #expect(!shell.wantsTicks)
        _ = shell.update(.tick(10))
        _ = shell.update(.key(.character("n")))
        #expect(shell.wantsTicks)
        _ = shell.update(.tick(1))
        #expect(statusLine().hasPrefix(" Time 0:57 "))
    }

    @Test func faceUpCardsUseUpTheirBonusAsTheBarShows() {
        var screen = started("1")  // Easy at 80×23: a bar of six cells, one per second
        let card = 0
        click(card, &screen)
        func bar() -> String {
            let rect = frame(of: card, in: screen)
            return text(in: Rect(x: rect.x, y: rect.maxY - 2, width: rect.width, height: 1), of: render(screen))[0]
        }
        #expect(bar().contains("██████"))
        _ = screen.update(.tick(2.5))
        #expect(bar().contains("████░░"))
        _ = screen.update(.tick(4))
        #expect(bar().contains("░░░░░░"))
    }

    // MARK: - Game over

    @Test func findingEveryPairWinsAndRecordsTheScoreOnce() {
        var screen = started("2")
        var effects: [GameEffect] = []
        for (number, pair) in pairs(in: screen).enumerated() {
            if number > 0 { effects += screen.update(.tick(1)) }
            effects += match(pair, &screen)
        }
        #expect(effects.isEmpty)  // the last pair is on show first
        effects += screen.update(.tick(0.1))
        effects += screen.update(.tick(0.6))
        // Each pair: 2 + 5 whole seconds left on the first card + 6 on the second; 15 s in all.
        #expect(effects == [
            .recordScore(104, figures: ["time": "0:15", "moves": "8", "pairs": "8", "result": "won",
                                        "level": "Normal"], mode: "Normal", duration: 15),
            .sound(.handWon),
        ])
        #expect(!screen.wantsTicks)
        #expect(!screen.isInProgress)
        let grid = render(screen)
        assertSnapshot(grid.text, named: "memory-won-80x23")
        #expect(grid.text.contains("You won!"))
        #expect(grid.text.contains("Score 104"))
        #expect(grid.text.contains("8 moves in 0:15"))
        #expect(grid.text.contains("New best for Normal!"))  // nothing kept before it
        #expect(grid.text.contains("[>Play again (r)<]  [ Change level (c) ]  [ Menu (m) ]"))
        #expect(screen.keyHints(in: .game80x23).map(\.keys) == ["r", "c"])

        #expect(screen.update(.tick(1)).isEmpty)  // recorded once
        #expect(screen.update(.key(.character("x"))).isEmpty)
        #expect(lines(render(screen))[0].hasPrefix(" Time 0:45 "))  // the clock stopped at the win
    }

    @Test func runningOutOfTimeLosesAndRecordsWhatWasFound() {
        var screen = started("2")
        match(pairs(in: screen)[0], &screen, wait: 1.5)
        let (first, second) = mismatch(in: screen)
        click(first, &screen)
        _ = screen.update(.tick(3))
        click(second, &screen)
        var effects: [GameEffect] = []
        for _ in 0..<600 { effects += screen.update(.tick(0.1)) }
        #expect(effects == [
            .recordScore(12, figures: ["time": "1:00", "moves": "2", "pairs": "1", "result": "lost",
                                       "level": "Normal"], mode: "Normal", duration: 60),
            .sound(.handLost),
        ])
        #expect(!screen.wantsTicks)
        let grid = render(screen)
        assertSnapshot(grid.text, named: "memory-lost-80x23")
        #expect(grid.text.contains("Time's up"))
        #expect(grid.text.contains("1 of 8 pairs found."))
        #expect(lines(grid)[0].hasPrefix(" Time 0:00 "))

        // Cards no longer turn.
        let unturned = screen.game!.cards.indices.first { !screen.game!.cards[$0].isFaceUp }!
        let board = screen.game!
        click(unturned, &screen)
        #expect(screen.game! == board)
    }

    @Test func restartDealsANewBoardThatTheSameSeedReplays() {
        func loseAndRestart(_ key: Key) -> MemoryScreen {
            var screen = started("2", seed: 3)
            _ = screen.update(.key(.space))
            _ = screen.update(.tick(60))
            var shell = inShell(screen)
            shell.update(.key(key))  // the shell's game-over box takes it
            return shell.screen(as: MemoryScreen.self)!
        }
        let first = started("2", seed: 3).game!
        let restarted = loseAndRestart(.character("r"))
        #expect(restarted.phase == .playing)
        #expect(restarted.game!.seed != first.seed)
        #expect(restarted.game!.cards.map(\.content) != first.cards.map(\.content))
        #expect(restarted.game!.moves == 0 && restarted.game!.score == 0)
        #expect(!restarted.wantsTicks)  // the new clock waits for the first card
        #expect(lines(render(restarted))[0].hasPrefix(" Time 1:00 "))
        #expect(render(restarted).text.contains("Turn any card to start the clock"))

        // Enter presses the focused Restart button; the same seed deals the same second board.
        #expect(loseAndRestart(.enter).game! == restarted.game!)
        #expect(loseAndRestart(.character("R")).game! == restarted.game!)
    }

    @Test func rDuringAGameAsksBeforeDealingANewBoard() {
        var shell = memoryInShell()
        func screenText() -> String { terminalText(of: shell) }
        _ = shell.update(.key(.enter))
        #expect(screenText().contains("r restart"))  // on the key line from the start
        _ = shell.update(.key(.space))
        _ = shell.update(.tick(2))
        #expect(screenText().hasPrefix(" Time 0:58   Moves 0"))

        _ = shell.update(.key(.character("r")))
        #expect(shell.overlay == .confirm(.newGame))
        #expect(screenText().contains("New game? This one will be lost. (y/n)"))
        #expect(!shell.wantsTicks)  // the clock stands still while it asks
        _ = shell.update(.key(.character("n")))
        #expect(shell.overlay == nil)
        #expect(screenText().hasPrefix(" Time 0:58 "))  // no: the same game goes on
        #expect(screenText().contains("Now find its pair."))

        _ = shell.update(.key(.character("r")))
        _ = shell.update(.key(.character("y")))
        #expect(shell.overlay == nil)
        let text = screenText()
        #expect(text.hasPrefix(" Time 1:00   Moves 0   Score 0   Pairs 0/8"))
        #expect(text.contains("Turn any card to start the clock"))
        #expect(!text.contains("│      │") && !shell.wantsTicks)  // a fresh board, every card face down

        // With no card turned yet there is nothing to lose: r deals at once.
        _ = shell.update(.key(.character("r")))
        #expect(shell.overlay == nil)
        #expect(screenText().contains("Turn any card to start the clock"))
    }

    @Test func rBeforeTheFirstCardDealsTheNextBoardAtOnce() {
        var screen = started("2", seed: 3)
        let first = screen.game!
        #expect(screen.update(.key(.character("r"))).isEmpty)
        #expect(screen.game!.seed != first.seed && screen.gamesStarted == 2)
        _ = screen.update(.key(.space))
        #expect(screen.update(.key(.character("r"))) == [.confirm(.newGame)])
        let asked = screen.game!
        #expect(screen.confirmed(.newGame, in: .game80x23).isEmpty)
        #expect(screen.game! != asked && screen.game!.startTime == nil && screen.gamesStarted == 3)
    }

    @Test func changeLevelGoesBackToTheChoiceKeepingIt() {
        var screen = started("3")
        _ = screen.update(.key(.space))
        _ = screen.update(.tick(90))
        var shell = inShell(screen)
        shell.update(.key(.character("c")))
        #expect(shell.screen(as: MemoryScreen.self)!.phase == .choosing)
        #expect(shell.text.contains("[3 Hard]"))
        #expect(shell.text.contains("[>Start<]"))
        shell.update(.key(.enter))
        #expect(shell.screen(as: MemoryScreen.self)!.game?.cards.count == 24)
        #expect(shell.screen(as: MemoryScreen.self)!.gamesStarted == 2)
    }

    @Test func theGameOverButtonsWorkWithArrowsAndClicks() {
        var screen = started("2")
        _ = screen.update(.key(.space))
        _ = screen.update(.tick(60))
        var shell = inShell(screen)
        shell.update(.key(.right))
        #expect(shell.text.contains("[>Change level (c)<]"))
        shell.update(.key(.left))
        let rows = shell.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = rows.firstIndex { $0.contains("[>Play again (r)<]") }!
        let x = rows[y].distance(from: rows[y].startIndex, to: rows[y].range(of: "Change level")!.lowerBound)
        shell.update(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
        #expect(shell.screen(as: MemoryScreen.self)!.phase == .choosing)

        shell.update(.key(.enter))
        shell.update(.key(.space))
        shell.update(.tick(60))
        let row = shell.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[y]
        let restartX = row.distance(from: row.startIndex, to: row.range(of: "Play again")!.lowerBound)
        let before = shell.screen(as: MemoryScreen.self)!.game!
        shell.update(.mouse(MouseEvent(.press, at: Point(x: restartX, y: y))))
        let after = shell.screen(as: MemoryScreen.self)!
        #expect(after.phase == .playing)
        #expect(after.game! != before)
        #expect(after.game!.startTime == nil)
    }

    @Test func aClickThatCameWithTheEndOfTheGameIsNotTakenByItsBox() {
        var screen = started("2")
        _ = screen.update(.key(.space))
        var shell = inShell(screen)
        // The time runs out, and a click comes in the same batch of input, before the box
        // was drawn: where Play again is drawn, but not aimed at it.
        _ = shell.shell.update(.tick(60), in: shell.frame)
        let over = shell.screen(as: MemoryScreen.self)!.game!
        let rows = shell.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = rows.firstIndex { $0.contains("Play again") }!
        let x = rows[y].distance(from: rows[y].startIndex, to: rows[y].range(of: "Play again")!.lowerBound)
        _ = shell.shell.update(.mouse(MouseEvent(.press, at: Point(x: x, y: y))), in: shell.frame)
        #expect(shell.screen(as: MemoryScreen.self)!.game! == over, "the box is still up")
        #expect(shell.text.contains("Play again"))
        shell.shell.presented()
        shell.update(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
        #expect(shell.screen(as: MemoryScreen.self)!.game! != over, "a click once it was drawn plays again")
        #expect(!shell.text.contains("Play again"))
    }

    @Test func aNarrowGameOverBoxNamesItsButtonsShorter() {
        var screen = started("2")
        _ = screen.update(.key(.space))
        _ = screen.update(.tick(60))
        let narrow = Frame(size: Size(width: 40, height: 14))
        let middling = Frame(size: Size(width: 52, height: 14))
        #expect(screen.gameOver(in: .game80x23)?.buttons.map(\.title)
            == ["Play again (r)", "Change level (c)", "Menu (m)"])
        #expect(screen.gameOver(in: middling)?.buttons.map(\.title) == ["Play again (r)", "Level (c)", "Menu (m)"])
        #expect(screen.gameOver(in: narrow)?.buttons.map(\.title) == ["Replay", "Level (c)", "Menu"])
        #expect(screen.gameOver(in: narrow)?.actions == [.playAgain, .changeLevel, .menu])
        #expect(screen.gameOver(in: narrow)?.title == "Time's up")
        #expect(started("2").gameOver(in: .game80x23) == nil)
    }

    @Test func actionsCanBeSentWithoutKeys() {
        var screen = memory()
        let frame = Frame.game80x23
        _ = screen.perform(.chooser(.level(2)), in: frame)
        _ = screen.perform(.chooser(.symbols(1)), in: frame)
        #expect(screen.level == .hard && screen.symbolSet == .fruit && screen.chooser.row == .symbols)
        _ = screen.perform(.chooser(.start), in: frame)
        #expect(screen.phase == .playing && screen.game?.cards.count == 24)
        _ = screen.perform(.board(.last), in: frame)
        _ = screen.perform(.board(.turn), in: frame)
        #expect(screen.game!.faceUpIndices == [23])
        #expect(screen.isInProgress)
        #expect(screen.perform(.board(.restart), in: frame) == [.confirm(.newGame)])
        #expect(screen.bindings(in: frame).action(for: .character("R")) == .board(.restart))  // either case
    }

    @Test func memoryFiguresAreStoredAndReadInOnePlace() {
        let figures = MemoryFigures(level: "Hard", time: "1:30", won: false, moves: 20, pairs: 7)
        #expect(figures.stored == ["level": "Hard", "time": "1:30", "result": "lost", "moves": "20", "pairs": "7"])
        #expect(MemoryFigures(stored: figures.stored) == figures)
        #expect(MemoryFigures(stored: ["machine": "3-digit"]).stored.isEmpty)
        // A hand-edited entry that lacks some figures shows those it has on the menu.
        let best = { (figures: [String: String]) in
            MemoryScreen.describeBest(ScoreEntry(score: 9, date: "2026-12-01 10:00", player: "ann", figures: figures))
        }
        #expect(best(["level": "Hard", "result": "lost"]) == "best 9 (Hard, lost)")
        #expect(best(["level": "Hard", "time": "0:42"]) == "best 9 (Hard, 0:42)")
        #expect(best([:]) == "best 9")
    }

    @Test func turningACardOffTheBoardDoesNothing() {
        var screen = started("1")
        let frame = Frame.game80x23
        let before = screen.cursor
        #expect(screen.perform(.turnCard(99), in: frame).isEmpty)
        #expect(screen.cursor == before)
    }

    // MARK: - Sizes

    @Test func theBoardRefitsOnResizeAndClicksFollowIt() {
        var screen = started("3")
        let small = Size(width: 40, height: 14)
        #expect(screen.minimumSize(in: Frame(size: small)) == small)
        _ = screen.update(.resize(small), in: Frame(size: small))
        let grid = render(screen, size: small)
        assertSnapshot(grid.text, named: "memory-hard-40x14")
        #expect(grid.text.count { $0 == "╭" } == 24)  // every card still on screen

        // A click on the last card as drawn at 40×14 turns it.
        let rows = lines(grid)
        let lastTop = rows.lastIndex { $0.contains("╭") }!
        let lastX = rows[lastTop].distance(from: rows[lastTop].startIndex, to: rows[lastTop].lastIndex(of: "╭")!)
        _ = screen.update(.mouse(MouseEvent(.press, at: Point(x: lastX + 2, y: lastTop + 1))), in: Frame(size: small))
        #expect(screen.game!.faceUpIndices == [23])
        #expect(screen.cursor.index == 23)
    }

    @Test func aStatusLineTooNarrowEndsInAnEllipsisInsteadOfACutField() {
        // Only below the minimum size (the shell shows "too small" there), but never cut silently.
        let narrow = Size(width: 30, height: 14)
        let screen = started("3")
        #expect(lines(render(screen, size: narrow))[0] == " 1:30 Moves 0 Score 0 …")
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        #expect(lines(render(screen, size: narrow, theme: ascii))[0] == " 1:30 Moves 0 Score 0 ...")
        #expect(lines(render(started("3")))[0].hasPrefix(" Time 1:30   Moves 0   Score 0   Pairs 0/12   "))
    }

    @Test func tinyTerminalsDrawWithoutTrapping() {
        var screen = hardMidGame()
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 12, height: 4),
                     Size(width: 39, height: 13)] {
            _ = screen.update(.resize(size), in: Frame(size: size))
            _ = render(screen, size: size)
            _ = click(0, &screen, size: size)
            _ = screen.update(.key(.right), in: Frame(size: size))
        }
        _ = screen.update(.tick(100))
        _ = render(screen, size: Size(width: 5, height: 2))
        #expect(screen.isGameOver)
    }

    @Test func everyLevelFitsAtTheMinimumSizeAndHardShowsWholeWordsAt80x23() {
        for level in MemoryLevel.all {
            let layout = MemoryBoardLayout(size: Size(width: 40, height: 14), cardCount: 2 * level.pairs)
            #expect(layout.board.fitsMinimum, "\(level.name)")
            #expect(layout.board.cells.allSatisfy { $0.width >= 4 && $0.height >= 3 })
        }
        let hard = MemoryBoardLayout(size: Self.gameArea, cardCount: 24)
        #expect(hard.board.cellSize.width - 2 >= MemorySymbol.maximumWordLength)
        #expect(hard.board.cellSize.height >= 5)  // room for symbol and bar apart
    }

    @Test func theChoiceFitsAtTheMinimumSize() {
        let small = Size(width: 40, height: 14)
        let text = render(memory(), size: small).text
        for part in ["M E M O R Y", "1 Easy [2 Normal] 3 Hard", "8 pairs, 1:00 on the clock",
                     "[Animals] Fruit  Sports", "[ Start ]"] {
            #expect(text.contains(part), "\(part)")
        }
    }

    // MARK: - Monochrome and ASCII

    @Test func asciiShowsWordsBarsAndMarksInPlainText() {
        let screen = hardMidGame()
        let grid = render(screen, theme: Self.monochromeASCII)
        assertSnapshot(grid.text, named: "memory-hard-midgame-80x23-ascii")
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
        let faceUp = screen.game!.faceUpIndices
        let word = screen.game!.cards[faceUp[0]].content.word
        #expect(text(in: frame(of: faceUp[0], in: screen), of: grid).contains { $0.contains(word) })
        #expect(text(in: frame(of: faceUp[0], in: screen), of: grid).contains("| ##-- |"))
        #expect(grid.text.contains("No match."))
        let focused = frame(of: screen.cursor.index, in: screen)
        #expect(grid[focused.x, focused.y].style.reverse && grid[focused.maxX - 1, focused.maxY - 1].style.reverse)

        var over = screen
        _ = over.update(.tick(100))
        let end = render(over, theme: Self.monochromeASCII).text
        #expect(end.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(end.contains("Time's up") && end.contains("[>Play again (r)<]"))
        let choice = render(memory(), theme: Self.monochromeASCII).text
        #expect(choice.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(choice.contains("dog cat fox"))
    }

    @Test func monochromeShowsTheSameTextAsColour() {
        // Colour only underlines what the text already says: the same screens, cell for cell.
        let mono = Theme(colorMode: .monochrome, ascii: false)
        var screen = memory()
        var states: [MemoryScreen] = [screen]
        _ = screen.update(.key(.character("3")))
        _ = screen.update(.key(.enter))
        states.append(screen)
        states.append(hardMidGame())
        var lost = hardMidGame()
        _ = lost.update(.tick(100))
        states.append(lost)
        for state in states {
            #expect(render(state, theme: mono).text == render(state).text)
        }
    }

    // MARK: - Symbols, levels, help

    @Test func everySymbolIsOneWideCodePointWithADistinctWord() {
        for set in MemorySymbolSet.emojiSets {
            #expect(set.symbols.count == 12, "\(set.name)")
            #expect(Set(set.symbols.map(\.emoji)).count == 12)
            for symbol in set.symbols {
                #expect(DisplayWidth.of(symbol.emoji) == 2, "\(symbol.word)")
                #expect(DisplayWidth.of(String(symbol.emoji)) == 2)
                // Shown as emoji without a variation selector; not a flag's regional indicator.
                #expect(symbol.emoji.properties.isEmojiPresentation, "\(symbol.word)")
                #expect(!(0x1F1E6...0x1F1FF).contains(symbol.emoji.value))
                #expect(symbol.word.count <= MemorySymbol.maximumWordLength)
                #expect(symbol.word.allSatisfy { $0.isASCII && $0.isLowercase })
            }
            // On the narrowest cards only two letters show: they still tell the pairs apart.
            #expect(Set(set.symbols.map { $0.word.prefix(2) }).count == 12, "\(set.name)")
        }
    }

    @Test func levelsTakeTheirClockFromTheModel() {
        #expect(MemoryLevel.all.map(\.pairs) == [6, 8, 12])
        #expect(MemoryLevel.all.map(\.timeLimit) == [45, 60, 90])
        #expect(started("1").game!.timeLimit == MemoryGame<MemorySymbol>.gameClock(forPairs: 6))
    }

    @Test func helpGivesTheKeysAndRulesAndTheKeyLineFollowsThePhase() {
        let screen = memory()
        let help = screen.help(in: .game80x23)
        #expect(help.title == "Memory")
        #expect(help.keys.contains { $0.keys.contains("Space") && $0.action.contains("turn") })
        let notes = help.notes.joined(separator: " ")
        #expect(notes.contains("2 points plus the whole seconds of bonus"))
        #expect(notes.contains("costs 1 point"))
        #expect(notes.contains("Easy 6 pairs in 0:45"))
        #expect(screen.keyHints(in: .game80x23).map(\.keys) == ["↑↓", "←→", "Enter"])
        #expect(started().keyHints(in: .game80x23).map(\.action) == ["move", "turn", "restart"])
        #expect(help.keys.contains { $0.keys == "r" && $0.action.contains("asks first") })
    }

    @Test func theMenuShowsTheBestResultWithItsLevel() {
        let won = ScoreEntry(score: 104, date: "2026-11-30 10:00", player: "ann",
                             figures: ["level": "Normal", "time": "0:42", "result": "won"])
        #expect(MemoryScreen.describeBest(won) == "best 104 (Normal, 0:42)")
        let lost = ScoreEntry(score: 9, date: "2026-11-30 10:00", player: "ann",
                              figures: ["level": "Hard", "time": "1:30", "result": "lost"])
        #expect(MemoryScreen.describeBest(lost) == "best 9 (Hard, lost)")
        #expect(MemoryScreen.describeBest(ScoreEntry(score: 3, date: "", player: "")) == "best 3")
    }

    @Test func leavingAnUnfinishedGameRecordsNothing() {
        var screen = started()
        _ = screen.update(.key(.space))
        #expect(screen.willLeave().isEmpty)
    }

    /// The settings' flip-back time: a mismatch stays face up that long, not the rules' second.
    @Test func theFlipBackSettingKeepsAMismatchFaceUpForItsTime() {
        for (setting, time) in [(nil, 1.0), ("2", 2.0), ("0.5", 0.5), ("7", 1.0)] {
            var screen = MemoryScreen(seed: 3, settings: setting.map { ["memory.flipBack": $0] } ?? [:])
            _ = screen.update(.key(.character("2")))
            _ = screen.update(.key(.enter))
            let (first, second) = mismatch(in: screen)
            click(first, &screen)
            click(second, &screen)
            _ = screen.update(.tick(0.01))  // a pause is timed from the tick after it began
            _ = screen.update(.tick(time - 0.1))
            #expect(screen.mismatchPause != nil, "\(String(describing: setting)): turned back before \(time) s")
            _ = screen.update(.tick(0.2))
            #expect(screen.mismatchPause == nil, "\(String(describing: setting)): still up after \(time) s")
        }
    }
}
