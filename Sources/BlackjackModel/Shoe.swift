import ArcadeCore

/// The dealing shoe: several shuffled decks, and a discard pile for the cards played.
///
/// Cards leave the shoe only to a hand and return only through the discards, so every
/// card of every deck is always in exactly one place: the shoe, a hand or the discards.
struct Shoe: Equatable, Sendable, Codable {
    /// The shoe is reshuffled at a deal when fewer than 1/this of its cards remain.
    static let reshuffleDivisor = 4

    /// How many standard decks the shoe holds.
    let deckCount: Int
    /// The cards not dealt yet; the next card dealt is the last one.
    private(set) var cards: [Card]
    /// The cards played in earlier hands, waiting for the next reshuffle.
    private(set) var discards: [Card] = []
    /// The one seeded generator behind every shuffle of this shoe.
    private var generator: SeededGenerator

    /// A shuffled shoe of `deckCount` decks, with `stackedCards` moved to its top in order.
    ///
    /// The first stacked card is dealt first. A stacked card with no copy left in the
    /// shoe is skipped, so stacking never adds or loses a card.
    init(deckCount: Int, generator: SeededGenerator, stackedCards: [Card] = []) {
        var generator = generator
        var shuffled = Array(repeating: Card.standardDeck, count: deckCount)
            .joined()
            .shuffled(using: &generator)
        var top: [Card] = []
        for card in stackedCards {
            if let index = shuffled.firstIndex(of: card) {
                top.append(shuffled.remove(at: index))
            }
        }
        self.deckCount = deckCount
        self.generator = generator
        cards = shuffled + top.reversed()
    }

    /// How many cards the shoe holds when no card is out.
    var capacity: Int {
        deckCount * Card.standardDeck.count
    }

    /// Whether so few cards remain (under a quarter) that the next deal should reshuffle.
    var needsReshuffle: Bool {
        cards.count * Shoe.reshuffleDivisor < capacity
    }

    /// Takes the next card; an empty shoe is first refilled from the discards.
    ///
    /// Returns the card and whether a reshuffle was needed, or nil when neither the shoe
    /// nor the discards hold a card (every card is in a hand).
    mutating func draw() -> (card: Card, reshuffled: Bool)? {
        var reshuffled = false
        if cards.isEmpty {
            reshuffled = reshuffle()
        }
        guard let card = cards.popLast() else { return nil }
        return (card, reshuffled)
    }

    /// Puts played cards on the discard pile.
    mutating func discard(_ played: [Card]) {
        discards.append(contentsOf: played)
    }

    /// Returns the discards to the shoe and shuffles it; says whether any card came back.
    @discardableResult
    mutating func reshuffle() -> Bool {
        guard !discards.isEmpty else { return false }
        cards = (cards + discards).shuffled(using: &generator)
        discards.removeAll()
        return true
    }
}
