import SetModel

@testable import ArcadeApp

/// Finding cards on a Set table, for the tests that play it.

/// The places of `cards` on `screen`'s table.
func places(of cards: [SetCard], in screen: SetScreen) -> [Int] {
    cards.compactMap { card in screen.game.board.firstIndex(of: card) }
}

/// Three places whose cards are not a set.
func mismatch(in screen: SetScreen) -> [Int] {
    let board = screen.game.board
    for i in board.indices { for j in board.indices where j > i { for k in board.indices where k > j {
        if let a = board[i], let b = board[j], let c = board[k], !SetGame.isSet(a, b, c) { return [i, j, k] }
    } } }
    return []
}
