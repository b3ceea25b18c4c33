import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

/// A Set game left in progress and resumed: the same table, score and clock, and the same
/// game from there on.
@Suite struct SetResumeTests {
    init() { prepareForDrawing() }

    private static let frames = [
        Frame.game80x23, Frame(size: Size(width: 120, height: 40)),
        Frame(size: Size(width: 80, height: 23), theme: Theme(colorMode: .monochrome, ascii: true)),
    ]

    /// The screen the catalog's `resume` builds from `state` (with a seed unlike the game's,
    /// which must not matter), when it is a Set screen.
    private func resume(_ state: String) -> SetScreen? {
        let info = GameCatalog.games.first { $0.id == .set }!
        return info.resume!(state, GameContext(seed: 999)) as? SetScreen
    }

    /// `screen` saved and resumed.
    private func resumed(_ screen: SetScreen) throws -> SetScreen {
        let save = try #require(screen.savedState())
        return try #require(resume(save.state))
    }

    private func grid(_ screen: SetScreen, in frame: Frame) -> CellGrid {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        screen.render(into: &grid)
        return grid
    }

    private func select(_ places: [Int], _ screen: inout SetScreen) -> [GameEffect] {
        places.flatMap { place in screen.perform(.selectPlace(place), in: .game80x23) }
    }

    /// Seed 7 played part-way: a set found and replaced, a miss, 65 s played, a hint, the
    /// count of sets shown, the cursor moved and one card selected.
    private func playedPartWay() -> SetScreen {
        var screen = SetScreen(seed: 7)
        _ = select(places(of: screen.game.setsOnBoard()[0], in: screen), &screen)
        _ = screen.update(.key(.character("d")))  // the set is replaced
        _ = select(mismatch(in: screen), &screen)
        _ = screen.update(.tick(65))
        _ = screen.update(.key(.character("t")))
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.key(.character("l")))
        _ = screen.update(.key(.character("j")))
        _ = screen.update(.key(.space))
        return screen
    }

    /// One step of a steady way to play: the first set on the table, else three more cards.
    private func playOneStep(_ screen: inout SetScreen) -> [GameEffect] {
        var effects = screen.update(.tick(4))
        if let set = screen.game.setsOnBoard().first {
            effects += select(places(of: set, in: screen), &screen)
        } else {
            effects += screen.update(.key(.character("d")))
        }
        return effects
    }

    @Test func aGamePlayedPartWayResumesAsItWasLeft() throws {
        let original = playedPartWay()
        #expect(original.game.score == 3 - 4 - 2)
        #expect(original.clock.elapsed == 65)
        #expect(original.game.selectedCards.count == 1)
        #expect(!original.hinted.isEmpty)

        let save = try #require(original.savedState())
        #expect(save.summary == "score -3")
        let restored = try #require(resume(save.state))
        for frame in Self.frames {
            #expect(restored.text(in: frame) == original.text(in: frame))
            #expect(grid(restored, in: frame) == grid(original, in: frame))  // colours and frames too
        }
        // The whole terminal, as the shell shows it with the key line.
        #expect(TestShell.hosting(restored).text == TestShell.hosting(original).text)
        #expect(restored.text().contains("Score -3"))
        #expect(restored.text().contains("Time 1:05"))
        #expect(restored.game == original.game)
        #expect(restored.clock == original.clock)
        #expect(restored.cursor == original.cursor)
        #expect(restored.message == original.message)
        #expect(restored.isInProgress)
        #expect(restored.wantsTicks)
    }

    @Test func theResumedGameGoesOnExactlyAsTheOriginalWould() throws {
        var original = playedPartWay()
        var restored = try resumed(original)

        // A tick, a deal, a move and a selection: the same cards come out of the deck.
        for input: Input in [.tick(1.5), .key(.character("d")), .key(.character("h")), .key(.enter)] {
            #expect(restored.update(input) == original.update(input))
        }
        #expect(restored.game == original.game)
        #expect(restored.text() == original.text())
        #expect(restored.clock.elapsed == 66.5)  // time played only: the time away never counts

        // To the end of the game: the same score recorded, the same table and time.
        var originalEffects: [GameEffect] = [], restoredEffects: [GameEffect] = []
        for _ in 0..<400 where !original.game.isOver {
            originalEffects += playOneStep(&original)
            restoredEffects += playOneStep(&restored)
        }
        #expect(original.game.isOver)
        #expect(restoredEffects == originalEffects)
        #expect(restoredEffects.contains { if case .recordScore = $0 { true } else { false } })
        #expect(restored.text() == original.text())

        // And the next game is the one the original would have dealt.
        _ = original.perform(.playAgain, in: .game80x23)
        _ = restored.perform(.playAgain, in: .game80x23)
        #expect(restored.game == original.game)
    }

    @Test func onlyAGameInProgressIsSaved() {
        var untouched = SetScreen(seed: 7)
        #expect(untouched.savedState() == nil)
        _ = untouched.update(.key(.character("l")))  // moving the cursor does not start the game
        _ = untouched.update(.key(.character("s")))
        #expect(untouched.savedState() == nil)

        var finished = SetScreen(seed: 3)
        for _ in 0..<400 where !finished.game.isOver { _ = playOneStep(&finished) }
        #expect(finished.game.isOver)
        #expect(finished.savedState() == nil)
    }

    @Test func aSaveThatDoesNotDecodeResumesNothing() throws {
        let save = try #require(playedPartWay().savedState())
        #expect(resume(save.state) != nil)
        #expect(resume("") == nil)
        #expect(resume("not a saved game") == nil)
        #expect(resume(#"{"version":1,"state":{"score":12}}"#) == nil)
        #expect(save.state.contains(#""version":1"#))
        #expect(resume(save.state.replacingOccurrences(of: #""version":1"#, with: #""version":2"#)) == nil)
        // A cursor off the table is not a table this screen could have left.
        let cursor = "\"cursor\":\(playedPartWay().cursor.index)"
        #expect(save.state.contains(cursor))
        #expect(resume(save.state.replacingOccurrences(of: cursor, with: #""cursor":99"#)) == nil)
    }
}
