import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

/// What the end-to-end game of Set showed, on the screen itself: a set found with keys scores
/// 3, and `d` then replaces it from the deck, saying so.
@Suite struct SetFromEndToEndTests {
    init() { prepareForDrawing() }

    @Test func aSetFoundWithKeysScoresAndDReplacesItFromTheDeck() {
        var screen = SetScreen(seed: 7)
        let frame = Frame.game80x23
        let columns = SetLayout(frame: frame, places: screen.game.board.count).columns
        var cursor = 0
        for place in places(of: screen.game.setsOnBoard()[0], in: screen) {
            let rows = place / columns - cursor / columns, steps = place % columns - cursor % columns
            let moves = Array(repeating: Key.down, count: max(0, rows)) + Array(repeating: Key.up, count: max(0, -rows))
                + Array(repeating: Key.right, count: max(0, steps)) + Array(repeating: Key.left, count: max(0, -steps))
            for key in moves + [.space] { _ = screen.update(.key(key), in: frame) }
            cursor = place
        }
        #expect(screen.message.hasPrefix("SET! +3"), "\(screen.message)")
        #expect(screen.game.score == 3)
        let deck = screen.game.deckCount
        _ = screen.update(.key(.character("d")), in: frame)
        #expect(screen.message == "The set was replaced.")
        #expect(screen.game.deckCount == deck - 3)
        #expect(screen.game.board.count == 12)
    }
}
