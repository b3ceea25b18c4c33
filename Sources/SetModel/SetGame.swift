import ArcadeCore

/// A solo game of Set: a shuffled deck, the cards in play, the player's selection and score.
///
/// Twelve cards are dealt at the start. Selecting a third card books the result at once
/// (+3 for a set, −4 for a mismatch); deselecting costs 1. A matched trio stays on the
/// board, selected, until the next selection or deal, which moves it to `matchedCards`
/// and puts new cards in its places (or leaves them empty once the deck is out); other
/// cards never move. Invalid moves are ignored, never trapped. One seed fixes the game.
/// (`SetVersusGame` adds a second player, the computer, through `take` and `deselectForFree`.)
///
/// A game is a plain value and `Codable` as a whole (the deck still to deal included), so
/// a game kept and read back goes on with the same cards.
public struct SetGame: Equatable, Sendable, Codable {
    /// The 81 cards: every combination of number, symbol, shading and colour.
    public static let fullDeck: [Card] = Card.Number.allCases.flatMap { number in
        Card.Symbol.allCases.flatMap { symbol in
            Card.Shading.allCases.flatMap { shading in
                Card.Color.allCases.map { color in
                    Card(number: number, symbol: symbol, shading: shading, color: color)
                }
            }
        }
    }
    /// How many cards a new game deals.
    public static let startingCardCount = 12
    /// Points for finding a set, booked when its third card is selected.
    public static let setReward = 3
    /// Points lost for three selected cards that are not a set.
    public static let mismatchPenalty = 4
    /// Points lost for deselecting a card.
    public static let deselectPenalty = 1
    /// Points lost for a hint that shows a set.
    public static let hintCost = 2

    /// Whether three cards are a set: every feature is all the same or all different.
    ///
    /// Three copies of one card would pass, but a game never holds two equal cards.
    public static func isSet(_ a: Card, _ b: Card, _ c: Card) -> Bool {
        // Compared feature by feature without building collections: the table and the
        // hint look at every trio on the board, for every frame.
        allSameOrAllDifferent(a.number, b.number, c.number)
            && allSameOrAllDifferent(a.symbol, b.symbol, c.symbol)
            && allSameOrAllDifferent(a.shading, b.shading, c.shading)
            && allSameOrAllDifferent(a.color, b.color, c.color)
    }

    /// The Set rule for one feature of three cards.
    private static func allSameOrAllDifferent<T: Equatable>(_ a: T, _ b: T, _ c: T) -> Bool {
        a == b ? b == c : (b != c && a != c)
    }

    /// The seed that fixes the shuffle; pass it back to replay the game.
    public let seed: UInt64
    /// The cards in play in their places, `nil` for a place emptied late in the game.
    public private(set) var board: [Card?]
    /// The selected cards (at most 3), in the order they were selected.
    public private(set) var selectedCards: [Card] = []
    /// The cards of every set already taken off the board, in the order they were found.
    ///
    /// A set just found joins this list at the next selection or deal.
    public private(set) var matchedCards: [Card] = []
    /// The score: the sum of every reward and penalty so far (it may go below zero).
    public private(set) var score = 0
    /// The cards not dealt yet, drawn from the end.
    private var deck: [Card]

    /// A game shuffled by a random seed.
    public init() {
        self.init(seed: SeededGenerator.randomSeed())
    }

    /// A reproducible game: the same seed gives the same shuffle.
    public init(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        self.seed = seed
        deck = SetGame.fullDeck.shuffled(using: &generator)
        board = Array(deck.suffix(SetGame.startingCardCount))
        deck.removeLast(SetGame.startingCardCount)
    }

    /// How many cards are left to deal.
    public var deckCount: Int { deck.count }

    /// Whether Deal 3 More does anything: the deck is not empty.
    public var canDealMore: Bool { !deck.isEmpty }

    /// Whether the three selected cards are a set; `nil` until 3 are selected.
    public var selectionIsSet: Bool? {
        guard selectedCards.count == 3 else { return nil }
        return SetGame.isSet(selectedCards[0], selectedCards[1], selectedCards[2])
    }

    /// How many sets the player has found, counting one just found and still shown.
    public var setsFound: Int {
        matchedCards.count / 3 + (selectionIsSet == true ? 1 : 0)
    }

    /// Whether the game has ended: the deck is empty and no set is left to find.
    ///
    /// Once over, `select` and `hint` do nothing (and `dealThreeMore` has no deck to deal).
    public var isOver: Bool { deck.isEmpty && !hasSetOnBoard }

    /// Every set still to be found on the board (a set just found is not counted).
    public func setsOnBoard() -> [[Card]] {
        trios(where: SetGame.isSet)
    }

    /// Whether a set is still to be found on the board: the search stops at the first (the
    /// table asks on every frame).
    public var hasSetOnBoard: Bool {
        !trios(where: SetGame.isSet, upTo: 1).isEmpty
    }

    /// The trios of cards still in play, in board order, that `isWanted` accepts: every one,
    /// or the first `limit`.
    func trios(where isWanted: (Card, Card, Card) -> Bool, upTo limit: Int = .max) -> [[Card]] {
        guard limit > 0 else { return [] }
        let found = selectionIsSet == true ? selectedCards : []
        let cards = board.compactMap { $0 }.filter { !found.contains($0) }
        var result: [[Card]] = []
        for i in cards.indices {
            for j in cards.indices where j > i {
                for k in cards.indices where k > j && isWanted(cards[i], cards[j], cards[k]) {
                    result.append([cards[i], cards[j], cards[k]])
                    if result.count == limit { return result }
                }
            }
        }
        return result
    }

    /// Touches a card on the board; a card not on the board is ignored.
    ///
    /// With 0–2 selected, a selected card is deselected (−1) and another is selected;
    /// the third selection books +3 or −4. With 3 selected, a mismatch is cleared for
    /// free and `card` selected; a set is replaced from the deck and `card` selected
    /// unless it was one of the three.
    public mutating func select(_ card: Card) {
        guard !isOver, board.contains(card) else { return }
        if selectedCards.count == 3 {
            let trio = selectedCards
            selectedCards = []
            if SetGame.isSet(trio[0], trio[1], trio[2]) {
                replace(trio)
                if trio.contains(card) { return }
            }
        }
        if let index = selectedCards.firstIndex(of: card) {
            selectedCards.remove(at: index)
            score -= SetGame.deselectPenalty
        } else {
            selectedCards.append(card)
            if let isSet = selectionIsSet {
                score += isSet ? SetGame.setReward : -SetGame.mismatchPenalty
            }
        }
    }

    /// Deals 3 cards: replaces a selected set, or else adds 3 new places at the end.
    ///
    /// A selected mismatch is deselected for free first; 1 or 2 selected cards stay
    /// selected. Does nothing when the deck is empty. Places are emptied only once the
    /// deck is out, so there is never an empty place to fill when dealing.
    public mutating func dealThreeMore() {
        guard canDealMore else { return }
        if let isSet = selectionIsSet {
            let trio = selectedCards
            selectedCards = []
            if isSet {
                replace(trio)
                return
            }
        }
        board += [nil, nil, nil]
        fill(board.indices.suffix(3))
    }

    /// Shows one set still to be found, at a cost of `hintCost`; `nil` (free) when none.
    public mutating func hint() -> [Card]? {
        guard let set = trios(where: SetGame.isSet, upTo: 1).first else { return nil }
        score -= SetGame.hintCost
        return set
    }

    /// Takes the set `trio` off the board for another player (the computer of a versus game).
    ///
    /// Its places get new cards from the deck exactly as a found set's do (or are left empty
    /// once the deck is out); other cards never move. The score, `matchedCards` and the
    /// selection are not touched. Does nothing unless the three are distinct cards on the
    /// board that make a set, none of them selected; returns whether it took them.
    @discardableResult
    public mutating func take(_ trio: [Card]) -> Bool {
        guard trio.count == 3, Set(trio).count == 3, SetGame.isSet(trio[0], trio[1], trio[2]),
              trio.allSatisfy({ board.contains($0) && !selectedCards.contains($0) })
        else { return false }
        fill(places(of: trio))
        return true
    }

    /// Deselects the selected cards among `cards` free of charge, for cards another player
    /// has claimed.
    ///
    /// A shown mismatch that holds one of them is cleared as a whole, for free, as the next
    /// touch would clear it; a shown set is the player's and stays. Nothing else changes.
    public mutating func deselectForFree(_ cards: [Card]) {
        guard selectedCards.contains(where: cards.contains) else { return }
        switch selectionIsSet {
        case true?: return
        case false?: selectedCards = []
        case nil: selectedCards.removeAll(where: cards.contains)
        }
    }

    /// The places of `cards` on the board, in board order.
    private func places(of cards: [Card]) -> [Int] {
        board.indices.filter { board[$0].map { cards.contains($0) } ?? false }
    }

    /// Notes `trio` as matched and puts new cards in its places.
    private mutating func replace(_ trio: [Card]) {
        matchedCards += trio
        fill(places(of: trio))
    }

    /// Puts the next card of the deck in each place, or leaves it empty once the deck is out.
    private mutating func fill(_ places: some Sequence<Int>) {
        for place in places {
            board[place] = deck.popLast()
        }
    }
}
