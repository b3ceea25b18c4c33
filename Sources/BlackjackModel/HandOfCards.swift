/// The cards one side holds in a hand of blackjack, and what they are worth.
///
/// Aces count 1 or 11, whichever gives the best total not over 21; at most one ace can
/// ever count 11, since two would make 22.
public struct HandOfCards: Equatable, Sendable, Codable {
    /// The best total a hand can have; anything above is bust.
    public static let blackjackTotal = 21
    /// What counting one ace as 11 instead of 1 adds to a total.
    static let softAceBonus = 10
    /// A natural (blackjack) is 21 made with exactly this many cards.
    static let naturalCardCount = 2

    /// The cards in the order they were dealt.
    public private(set) var cards: [Card]

    /// A hand holding `cards` (empty by default).
    public init(cards: [Card] = []) {
        self.cards = cards
    }

    /// Adds a card dealt to this hand.
    mutating func add(_ card: Card) {
        cards.append(card)
    }

    /// Empties the hand and returns the cards it held, in dealt order.
    mutating func takeAllCards() -> [Card] {
        defer { cards.removeAll() }
        return cards
    }

    /// Whether the hand is bust: over 21 even with every ace counted as 1.
    public func areCardsBust() -> Bool {
        hardTotal > HandOfCards.blackjackTotal
    }

    /// The best total: one ace counts 11 when that keeps the total at 21 or under.
    ///
    /// A bust hand has no total at or under 21; it reports its smallest total (over 21).
    public func calculateBestScore() -> Int {
        isSoft ? hardTotal + HandOfCards.softAceBonus : hardTotal
    }

    /// Whether an ace is counting as 11 in the best total (a "soft" hand, e.g. A-6 is soft 17).
    public var isSoft: Bool {
        let hasAce = cards.contains { $0.rank == .ace }
        return hasAce && hardTotal + HandOfCards.softAceBonus <= HandOfCards.blackjackTotal
    }

    /// Whether the hand is a natural: 21 with its first two cards (an ace and a ten-card).
    public var isNatural: Bool {
        cards.count == HandOfCards.naturalCardCount
            && calculateBestScore() == HandOfCards.blackjackTotal
    }

    /// The total with every ace counted as 1.
    private var hardTotal: Int {
        cards.reduce(0) { $0 + $1.rank.hardValue }
    }
}
