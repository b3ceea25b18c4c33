import MemoryModel

@testable import ArcadeApp

/// The board positions of each pair of `screen`'s game, in the order the pairs first appear.
func pairs(in screen: MemoryScreen) -> [[Int]] {
    let cards = screen.game!.cards
    var seen: [MemorySymbol] = []
    for card in cards where !seen.contains(card.content) { seen.append(card.content) }
    return seen.map { symbol in cards.indices.filter { cards[$0].content == symbol } }
}
