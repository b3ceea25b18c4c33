import Testing
@testable import BlackjackModel

/// A card of `rank`; the suit only matters where a test says so.
func card(_ rank: Rank, _ suit: Suit = .spades) -> Card {
    Card(rank, of: suit)
}

/// A hand holding cards of these ranks, suits spread so no two are the same card.
func hand(_ ranks: Rank...) -> HandOfCards {
    HandOfCards(cards: spreadOverSuits(ranks))
}

/// Cards of these ranks, the suit cycling so one rank repeated uses different cards.
func spreadOverSuits(_ ranks: [Rank]) -> [Card] {
    ranks.enumerated().map { index, rank in
        Card(rank, of: Suit.allCases[index % Suit.allCases.count])
    }
}

/// A game whose shoe deals these cards first: the player's and dealer's opening two
/// (dealt player, dealer, player, dealer), then every card drawn after, in order.
func stackedGame(
    player: [Rank], dealer: [Rank], then draws: [Rank] = [],
    seed: UInt64 = 7, decks: Int = BlackjackGame.defaultDeckCount
) -> BlackjackGame {
    let opening = [player[0], dealer[0], player[1], dealer[1]]
    return BlackjackGame(seed: seed, decks: decks, stackedCards: spreadOverSuits(opening + draws))
}

/// Every card the game holds anywhere: shoe, discards, the dealer's hand and every player hand.
func everyCard(in game: BlackjackGame) -> [Card] {
    game.shoe.cards + game.shoe.discards + game.playerHands.flatMap(\.cards) + game.dealerHand.cards
}

/// Checks that no card is lost or duplicated: each of the 52 cards appears exactly once
/// per deck across the shoe, the discards and the hands.
func expectEveryCardOncePerDeck(
    _ game: BlackjackGame, sourceLocation: SourceLocation = #_sourceLocation
) {
    // Counted by the card's place in a standard deck (suit, then rank), not in a dictionary:
    // the seeded games count a whole shoe at every step.
    var counts = [Int](repeating: 0, count: Card.standardDeck.count)
    let cards = everyCard(in: game)
    for card in cards {
        let suit = card.suit == .spades ? 0 : card.suit == .hearts ? 1 : card.suit == .diamonds ? 2 : 3
        counts[suit * 13 + card.rank.rawValue - 1] += 1
    }
    #expect(cards.count == game.deckCount * Card.standardDeck.count, sourceLocation: sourceLocation)
    #expect(counts.allSatisfy { $0 == game.deckCount }, sourceLocation: sourceLocation)
}
