import Testing
@testable import BlackjackModel

// MARK: - Cards

@Test func aDeckHasFiftyTwoDifferentCards() {
    #expect(Card.standardDeck.count == 52)
    #expect(Set(Card.standardDeck).count == 52)
    for suit in Suit.allCases {
        #expect(Card.standardDeck.filter { $0.suit == suit }.map(\.rank) == Rank.allCases)
    }
}

@Test(arguments: [
    (Rank.ace, 11), (.two, 2), (.three, 3), (.four, 4), (.five, 5), (.six, 6), (.seven, 7),
    (.eight, 8), (.nine, 9), (.ten, 10), (.jack, 10), (.queen, 10), (.king, 10),
] as [(Rank, Int)])
func eachCardCountsItsValue(rank: Rank, value: Int) {
    // Alone in a hand, an ace counts 11; every other card its face value, pictures 10.
    #expect(hand(rank).calculateBestScore() == value)
}

@Test func cardsReadAsTheyArePrinted() {
    #expect(card(.ten, .hearts).description == "10♥")
    #expect(card(.ace, .spades).description == "A♠")
    #expect(card(.queen, .clubs).suit.letter == "C")
    #expect(Suit.hearts.isRed && Suit.diamonds.isRed && !Suit.spades.isRed && !Suit.clubs.isRed)
    #expect(Rank.ace.nameWithArticle == "an Ace")
    #expect(Rank.eight.nameWithArticle == "an Eight")
    #expect(Rank.king.nameWithArticle == "a King")
}

// MARK: - Totals, soft and hard aces, bust

@Test(arguments: [
    // ranks, best total, soft, bust
    ([Rank.ace, .six], 17, true, false),
    ([.ace, .six, .ten], 17, false, false),
    ([.ace, .ace], 12, true, false),
    ([.ace, .ace, .nine], 21, true, false),
    ([.ace, .ace, .ace, .ace], 14, true, false),
    ([.ace, .ace, .ace, .ace, .ten, .seven], 21, false, false),
    ([.ace, .five, .five], 21, true, false),
    ([.ace, .king, .queen], 21, false, false),
    ([.king, .queen], 20, false, false),
    ([.king, .queen, .two], 22, false, true),
    ([.ten, .six, .ace, .ten], 27, false, true),
    ([], 0, false, false),
] as [([Rank], Int, Bool, Bool)])
func acesCountOneOrElevenForTheBestTotal(ranks: [Rank], total: Int, soft: Bool, bust: Bool) {
    let cards = HandOfCards(cards: spreadOverSuits(ranks))
    #expect(cards.calculateBestScore() == total)
    #expect(cards.isSoft == soft)
    #expect(cards.areCardsBust() == bust)
}

@Test func onlyATwoCardTwentyOneIsANatural() {
    #expect(hand(.ace, .king).isNatural)
    #expect(hand(.ten, .ace).isNatural)
    #expect(!hand(.ace, .five, .five).isNatural)
    #expect(!hand(.seven, .seven, .seven).isNatural)
    #expect(!hand(.ace, .nine).isNatural)
}
