import ArcadeCore

extension SetGame {
    /// How many cards the day's puzzle lays out.
    public static let dailyCardCount = 12
    /// How many sets the day's puzzle holds, exactly.
    public static let dailySetCount = 6

    /// The day's puzzle: 12 distinct cards holding exactly 6 sets, a pure function of the
    /// date, the same on every machine (any whole numbers are accepted as a date).
    ///
    /// The date fixes a seed; cards are drawn from the full deck with the arcade's own
    /// generator and its own shuffle (never the standard library's, whose algorithm may
    /// change), and a draw that does not hold exactly six sets is drawn again — about one
    /// in forty does, so it takes a few dozen draws, well under a millisecond.
    public static func dailyPuzzle(year: Int, month: Int, day: Int) -> [Card] {
        let date = UInt64(bitPattern: Int64(year)) &* 10_000 &+ UInt64(bitPattern: Int64(month)) &* 100
            &+ UInt64(bitPattern: Int64(day))
        return dailyPuzzle(seed: date ^ 0x5E7D_A11E_0000_0000, tries: 100_000)
    }

    /// The first draw from `seed` with exactly six sets, within `tries` draws; past them (no
    /// seed has needed more than a few hundred) a fixed puzzle, so it always ends.
    static func dailyPuzzle(seed: UInt64, tries: Int) -> [Card] {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<max(0, tries) {
            let cards = draw(dailyCardCount, using: &generator)
            if setCount(in: cards) == dailySetCount { return cards }
        }
        return fallbackPuzzle.map { fullDeck[$0] }
    }

    /// A puzzle of exactly six sets (places in `fullDeck`), for the draw that never comes.
    static let fallbackPuzzle = [22, 29, 17, 53, 58, 30, 68, 15, 37, 72, 35, 34]

    /// `count` distinct cards of the full deck: the first `count` of a Fisher–Yates shuffle.
    private static func draw(_ count: Int, using generator: inout SeededGenerator) -> [Card] {
        var deck = fullDeck
        for index in 0..<min(count, deck.count) {
            let remaining = UInt64(deck.count - index)
            let pick = index + Int(generator.next() % remaining)
            deck.swapAt(index, pick)
        }
        return Array(deck.prefix(count))
    }

    /// How many trios of `cards` are sets.
    static func setCount(in cards: [Card]) -> Int {
        var count = 0
        for i in cards.indices {
            for j in cards.indices where j > i {
                for k in cards.indices where k > j && isSet(cards[i], cards[j], cards[k]) {
                    count += 1
                }
            }
        }
        return count
    }
}
