import ArcadeTestSupport
import ArcadeUI
import MemoryModel
import Testing

@testable import ArcadeApp

/// A Memory game left in progress and resumed, at every level: the same board, score and
/// clocks, the same game from there on, and a steady board when it was left mid-animation.
@Suite struct MemoryResumeTests {
    init() { prepareForDrawing() }

    private static let frames = [
        Frame.game80x23, Frame(size: Size(width: 120, height: 40)),
        Frame(size: Size(width: 80, height: 23), theme: Theme(colorMode: .monochrome, ascii: true)),
    ]

    /// A level (the key that picks it) and a set of symbols (presses of → on the symbols row).
    struct Level: Sendable, CustomTestStringConvertible {
        var key: Character
        var symbols: Int
        var testDescription: String { "level \(key), symbols \(symbols)" }
    }

    /// Each level with a different set of symbols.
    static let levels = [Level(key: "1", symbols: 0), Level(key: "2", symbols: 1), Level(key: "3", symbols: 2)]

    /// The screen the catalog's `resume` builds from `state` (with a seed unlike the game's,
    /// which must not matter), when it is a Memory screen.
    private func resume(_ state: String) -> MemoryScreen? {
        let info = GameCatalog.games.first { $0.id == .memory }!
        return info.resume!(state, GameContext(seed: 999)) as? MemoryScreen
    }

    /// `screen` saved and resumed.
    private func resumed(_ screen: MemoryScreen) throws -> MemoryScreen {
        let save = try #require(screen.savedState())
        return try #require(resume(save.state))
    }

    private func grid(_ screen: MemoryScreen, in frame: Frame) -> CellGrid {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        screen.render(into: &grid)
        return grid
    }

    /// The same screen in every frame, as text and cell by cell (colours and bars too).
    private func expectSameScreen(_ restored: MemoryScreen, _ original: MemoryScreen,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        for frame in Self.frames {
            #expect(restored.text(in: frame) == original.text(in: frame), sourceLocation: sourceLocation)
            #expect(grid(restored, in: frame) == grid(original, in: frame), sourceLocation: sourceLocation)
        }
    }

    /// A board of `level` dealt with seed 5, its second game of the session (Restart was
    /// pressed before the first card), so the session's seeds have moved on.
    private func started(_ level: Level) -> MemoryScreen {
        var screen = MemoryScreen(seed: 5)
        _ = screen.update(.key(.character(level.key)))
        _ = screen.update(.key(.down))
        for _ in 0..<level.symbols { _ = screen.update(.key(.right)) }
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("r")))  // before the first card: a new board at once
        return screen
    }

    private func turn(_ index: Int, _ screen: inout MemoryScreen) -> [GameEffect] {
        screen.perform(.turnCard(index), in: .game80x23)
    }

    /// Two positions holding different symbols, neither matched yet.
    private func mismatch(in screen: MemoryScreen) -> (Int, Int) {
        let cards = screen.game!.cards
        let open = cards.indices.filter { !cards[$0].isMatched }
        let first = open[0]
        return (first, open.first { cards[$0].content != cards[first].content }!)
    }

    /// Find the pair at `positions`, `wait` seconds apart.
    private func match(_ positions: [Int], _ screen: inout MemoryScreen, wait: Double = 1.5) {
        _ = turn(positions[0], &screen)
        _ = screen.update(.tick(wait))
        _ = turn(positions[1], &screen)
    }

    /// Ticks enough for any pause to run out: one to start it and one past its end.
    private func waitOutPauses(_ screen: inout MemoryScreen) {
        _ = screen.update(.tick(0.1))
        _ = screen.update(.tick(1.2))
    }

    /// `level` played part-way and left steady: a pair found, a miss turned back, the cursor
    /// moved and one card face up, its bonus running.
    private func playedPartWay(_ level: Level) -> MemoryScreen {
        var screen = started(level)
        match(pairs(in: screen)[1], &screen)
        waitOutPauses(&screen)
        let (first, second) = mismatch(in: screen)
        _ = turn(first, &screen)
        _ = screen.update(.tick(0.5))
        _ = turn(second, &screen)
        waitOutPauses(&screen)
        _ = screen.update(.key(.character("l")))
        _ = screen.update(.key(.character("j")))
        let open = screen.game!.cards.indices.last { !screen.game!.cards[$0].isMatched }!
        _ = turn(open, &screen)
        _ = screen.update(.tick(2.25))
        return screen
    }

    @Test(arguments: levels)
    func aGamePlayedPartWayResumesAsItWasLeft(level: Level) throws {
        let original = playedPartWay(level)
        let game = try #require(original.game)
        #expect(game.matchedPairs == 1)
        #expect(game.moves == 2)
        #expect(game.faceUpIndices.count == 1)

        let save = try #require(original.savedState())
        #expect(save.summary == "score \(game.score), 1 of \(game.numberOfPairs) pairs")
        let restored = try #require(resume(save.state))
        expectSameScreen(restored, original)
        // The whole terminal, as the shell shows it with the key line.
        #expect(TestShell.hosting(restored, as: .memory).text == TestShell.hosting(original, as: .memory).text)
        #expect(restored.game == original.game)
        #expect(restored.level == original.level)
        #expect(restored.symbolSet == original.symbolSet)
        #expect(restored.cursor == original.cursor)
        #expect(restored.note == original.note)
        #expect(restored.clock == original.clock)
        #expect(restored.shownTimeRemaining == original.shownTimeRemaining)
        #expect(restored.isInProgress)
        #expect(restored.wantsTicks)
        #expect(restored.tickInterval == original.tickInterval)
    }

    @Test(arguments: levels)
    func theResumedGameGoesOnExactlyAsTheOriginalWould(level: Level) throws {
        var original = playedPartWay(level)
        var restored = try resumed(original)

        // The card face up finds its pair after a tick: the same bonus, the same score.
        let open = original.game!.faceUpIndices[0]
        let partner = pairs(in: original).first { $0.contains(open) }!.first { $0 != open }!
        for input: Input in [.tick(0.5), .key(.home)] {
            #expect(restored.update(input) == original.update(input))
        }
        #expect(turn(partner, &restored) == turn(partner, &original))
        for input: Input in [.tick(0.1), .tick(0.7), .tick(3)] {
            #expect(restored.update(input) == original.update(input))
        }
        #expect(restored.game == original.game)
        #expect(restored.game!.matchedPairs == 2)
        expectSameScreen(restored, original)

        // Out of time: the same result recorded.
        let lost = restored.update(.tick(200))
        #expect(original.update(.tick(200)) == lost)
        #expect(lost.contains { if case .recordScore = $0 { true } else { false } })
        expectSameScreen(restored, original)

        // Restart deals the board the original session would have dealt next.
        _ = original.perform(.playAgain, in: .game80x23)
        _ = restored.perform(.playAgain, in: .game80x23)
        #expect(restored.game == original.game)
        // And Change level goes back to the same choice.
        _ = original.perform(.changeLevel, in: .game80x23)
        _ = restored.perform(.changeLevel, in: .game80x23)
        expectSameScreen(restored, original)
    }

    @Test func aMismatchOnShowIsTurnedBackWhenTheGameIsSaved() throws {
        var original = playedPartWay(Self.levels[1])
        let cards = original.game!.cards, open = original.game!.faceUpIndices[0]
        let other = cards.indices.first { !cards[$0].isMatched && cards[$0].content != cards[open].content }!
        _ = turn(other, &original)
        _ = original.update(.tick(0.25))
        #expect(original.mismatchPause != nil)
        #expect(original.game!.isShowingMismatch)

        var restored = try resumed(original)
        #expect(restored.mismatchPause == nil)
        #expect(!restored.game!.isShowingMismatch)
        // As the original is once any key turns the pair back, at the moment it was left.
        _ = original.update(.key(.character("x")))
        #expect(!original.game!.isShowingMismatch)
        expectSameScreen(restored, original)
        #expect(restored.game == original.game)
        _ = original.update(.tick(2))
        _ = restored.update(.tick(2))
        expectSameScreen(restored, original)
    }

    @Test func aPairOnShowHasLeftTheBoardWhenTheGameIsSaved() throws {
        var original = playedPartWay(Self.levels[2])
        let open = original.game!.faceUpIndices[0]
        let partner = pairs(in: original).first { $0.contains(open) }!.first { $0 != open }!
        _ = turn(partner, &original)
        _ = original.update(.tick(0.1))
        #expect(original.foundPair != nil)

        var restored = try resumed(original)
        #expect(restored.foundPair == nil)
        #expect(restored.game == original.game)
        // As the original is once the pair's show is over, the same time played on both.
        for input: Input in [.tick(0.1), .tick(0.7)] {
            _ = original.update(input)
            _ = restored.update(input)
        }
        #expect(original.foundPair == nil)
        expectSameScreen(restored, original)
    }

    @Test func onlyAGameInProgressIsSaved() {
        var screen = MemoryScreen(seed: 5)
        #expect(screen.savedState() == nil)  // the choice before a game
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.right))
        #expect(screen.savedState() == nil)  // a board, no card turned: the clock has not started

        var won = started(Self.levels[0])
        for pair in pairs(in: won) {
            match(pair, &won, wait: 0.1)
            waitOutPauses(&won)
        }
        #expect(won.game!.isWon)
        #expect(won.savedState() == nil)

        var lost = started(Self.levels[0])
        _ = turn(0, &lost)
        _ = lost.update(.tick(100))
        #expect(lost.game!.isLost(now: lost.now))
        #expect(lost.savedState() == nil)
    }

    @Test func aSaveThatDoesNotDecodeResumesNothing() throws {
        let save = try #require(playedPartWay(Self.levels[1]).savedState())
        #expect(resume(save.state) != nil)
        #expect(resume("") == nil)
        #expect(resume("{}") == nil)
        #expect(resume(#"{"version":1,"state":[]}"#) == nil)
        #expect(save.state.contains(#""version":1"#))
        #expect(resume(save.state.replacingOccurrences(of: #""version":1"#, with: #""version":2"#)) == nil)
        // A level or a set of symbols this screen does not have.
        #expect(save.state.contains(#""level":"Normal""#))
        #expect(resume(save.state.replacingOccurrences(of: #""level":"Normal""#, with: #""level":"Expert""#)) == nil)
        #expect(save.state.contains(#""symbols":"Fruit""#))
        #expect(resume(save.state.replacingOccurrences(of: #""symbols":"Fruit""#, with: #""symbols":"Cars""#)) == nil)
    }
}
