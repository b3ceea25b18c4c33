/// The day's puzzle being played: twelve cards holding exactly six sets; find them all.
///
/// There is no deck and no Deal 3: the cards never change, and a set found stays on the
/// table (listed in `found`). Selecting a card selects it, selecting it again deselects it
/// (free); the third selection is a try, judged at once, and the three are deselected
/// after it: a set not found before joins `found`, a set found before changes nothing, and
/// three cards that are not a set count one miss. The clock starts at the first selection
/// and stops at the last set; time is an argument (the screen's clock of time played), so
/// a game replays exactly.
public struct SetDailyGame: Equatable, Sendable, Codable {
    /// What a try came to.
    public enum Try: Equatable, Sendable, Codable {
        /// A set not found before (now in `found`).
        case found([Card])
        /// A set already in `found`.
        case alreadyFound([Card])
        /// Three cards that are not a set.
        case miss([Card])

        /// The three cards tried.
        public var cards: [Card] {
            switch self {
            case .found(let cards), .alreadyFound(let cards), .miss(let cards): return cards
            }
        }
    }

    /// The twelve cards, in their places.
    public let cards: [Card]
    /// How many sets the cards hold (six for every day's puzzle).
    public let setCount: Int
    /// The selected cards (at most 2 between tries), in the order selected.
    public private(set) var selectedCards: [Card] = []
    /// The sets found, in the order found, each in table order.
    public private(set) var found: [[Card]] = []
    /// Tries that were not a set.
    public private(set) var misses = 0
    /// The last try, until the next selection.
    public private(set) var lastTry: Try?
    /// When the first card was selected; nil before.
    public private(set) var startedAt: Double?
    /// When the last set was found; nil before.
    public private(set) var finishedAt: Double?

    /// The puzzle of these cards (any cards: `setCount` is what they hold).
    public init(cards: [Card]) {
        self.cards = cards
        setCount = SetGame.setCount(in: cards)
    }

    /// The day's puzzle (`SetGame.dailyPuzzle`).
    public init(year: Int, month: Int, day: Int) {
        self.init(cards: SetGame.dailyPuzzle(year: year, month: month, day: day))
    }

    /// True once every set is found.
    public var isFinished: Bool { found.count >= setCount }

    /// Seconds on the clock at `time`: 0 before the first selection, the finishing time after the last set.
    public func elapsed(at time: Double) -> Double {
        guard let startedAt else { return 0 }
        return max(0, (finishedAt ?? time) - startedAt)
    }

    /// Touches `card` at `time`: selects or deselects it; the third selection is a try (its
    /// result is returned and kept in `lastTry`). Cards not in the puzzle, and every touch
    /// once it is finished, are ignored.
    @discardableResult
    public mutating func select(_ card: Card, at time: Double) -> Try? {
        guard !isFinished, cards.contains(card) else { return nil }
        if startedAt == nil { startedAt = time }
        lastTry = nil
        if let index = selectedCards.firstIndex(of: card) {
            selectedCards.remove(at: index)
            return nil
        }
        selectedCards.append(card)
        guard selectedCards.count == 3 else { return nil }
        let trio = cards.filter(selectedCards.contains)
        selectedCards = []
        let result: Try
        if !SetGame.isSet(trio[0], trio[1], trio[2]) {
            misses += 1
            result = .miss(trio)
        } else if found.contains(trio) {
            result = .alreadyFound(trio)
        } else {
            found.append(trio)
            result = .found(trio)
            if isFinished { finishedAt = time }
        }
        lastTry = result
        return result
    }
}
