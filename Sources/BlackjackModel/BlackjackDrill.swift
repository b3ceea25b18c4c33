import ArcadeCore

/// The coach's drill: one decision at a time, no money, on the hands the player gets
/// wrong most. Each hand is two cards against the dealer's up card; the answer is judged
/// against the basic-strategy chart of the drill's rules, as at the table.
///
/// Which hand comes next follows the player's record by situation: when some were played
/// wrong, about seven hands in ten are drawn from those (the larger the share wrong, the
/// likelier), the rest from every situation, the less practised likelier; never the same
/// situation twice in a row. The cards are drawn for the situation (any suits, any split
/// of a hard total into two different cards). Everything follows from the seed.
public struct BlackjackDrill: Sendable, Codable {
    /// The share of hands drawn from the situations played wrong, when there are some.
    public static let wrongShare = 0.7

    public let rules: TableRules
    /// The hand being drilled: the player's two cards and the dealer's up card.
    public private(set) var playerCards: [Card]
    public private(set) var dealerUpCard: Card
    public private(set) var situation: CoachSituation
    /// Hands answered in this drill, and how many were the chart's play.
    public private(set) var answered = 0
    public private(set) var right = 0
    /// The answer to the hand on show (nil until it is answered).
    public private(set) var lastAnswer: DrillAnswer?
    private var generator: SeededGenerator

    /// A drill at a table with `rules`, its first hand dealt as with no record.
    public init(seed: UInt64, rules: TableRules) {
        self.rules = rules
        generator = SeededGenerator(seed: seed)
        situation = CoachSituation(kind: .hard, player: 16, dealer: 10)
        playerCards = []
        dealerUpCard = Card(.ten, of: .spades)
        deal(record: [:])
    }

    /// The chart's play for the hand: a first decision, so doubling is allowed, splitting
    /// for a pair, and surrender when the rules offer it.
    public var advice: PlayerAction {
        BasicStrategy.advice(for: playerCards, dealerUpCard: dealerUpCard, rules: rules, canDouble: true,
                             canSplit: situation.kind == .pair, canSurrender: rules.lateSurrender)
    }

    /// What can be chosen on the hand: hit, stand, double down; split for a pair; surrender
    /// when the rules offer it.
    public var allowedActions: [PlayerAction] {
        [.hit, .stand, .doubleDown] + (situation.kind == .pair ? [.split] : [])
            + (rules.lateSurrender ? [.surrender] : [])
    }

    /// Judge `action` on the hand and count it; nil (and nothing counted) when it cannot be
    /// chosen here or the hand was answered already.
    public mutating func answer(_ action: PlayerAction) -> DrillAnswer? {
        guard lastAnswer == nil, allowedActions.contains(action) else { return nil }
        let answer = DrillAnswer(chosen: action, advice: advice)
        answered += 1
        if answer.isRight { right += 1 }
        lastAnswer = answer
        return answer
    }

    /// Deal the next hand, its situation chosen from `record` (the player's decisions by
    /// situation) as the type's summary says.
    public mutating func deal(record: [CoachSituation: CoachTally]) {
        let candidates = CoachSituation.drillable.filter { $0 != situation || playerCards.isEmpty }
        let wrong = candidates.filter { (record[$0]?.wrong ?? 0) > 0 }
        let fromWrong = !wrong.isEmpty && Double.random(in: 0..<1, using: &generator) < Self.wrongShare
        let chosen: CoachSituation
        if fromWrong {
            chosen = pick(wrong) { situation in
                let tally = record[situation] ?? CoachTally(right: 0, total: 0)
                return Double(tally.wrong + 1) / Double(tally.total + 2)
            }
        } else {
            chosen = pick(candidates) { 1 / Double((record[$0]?.total ?? 0) + 1) }
        }
        situation = chosen
        playerCards = cards(for: chosen)
        dealerUpCard = card(ofValue: chosen.dealer)
        lastAnswer = nil
    }

    /// One of `situations` at random, each as likely as its weight.
    private mutating func pick(_ situations: [CoachSituation], weight: (CoachSituation) -> Double) -> CoachSituation {
        let weights = situations.map(weight)
        var point = Double.random(in: 0..<weights.reduce(0, +), using: &generator)
        for (situation, weight) in zip(situations, weights) {
            if point < weight { return situation }
            point -= weight
        }
        return situations[situations.count - 1]
    }

    /// Two cards making `situation`'s hand.
    private mutating func cards(for situation: CoachSituation) -> [Card] {
        switch situation.kind {
        case .pair:
            let first = card(ofValue: situation.player)
            return [first, Card(first.rank, of: suit())]
        case .soft:
            return [Card(.ace, of: suit()), card(ofValue: situation.player - 11)]
        case .hard:
            // Two different values from 2 to 10 that make the total.
            let splits = (2...10).filter { low in
                let high = situation.player - low
                return low < high && high <= 10
            }
            let low = splits[Int.random(in: 0..<splits.count, using: &generator)]
            var cards = [card(ofValue: low), card(ofValue: situation.player - low)]
            if Bool.random(using: &generator) { cards.reverse() }
            return cards
        }
    }

    /// A card of `value` (2...10, 11 an ace) in a random suit; a ten is a ten, jack, queen or king.
    private mutating func card(ofValue value: Int) -> Card {
        let rank: Rank
        switch value {
        case 11: rank = .ace
        case 10: rank = [Rank.ten, .jack, .queen, .king][Int.random(in: 0..<4, using: &generator)]
        default: rank = Rank.allCases.first { $0 != .ace && $0.hardValue == value } ?? .two
        }
        return Card(rank, of: suit())
    }

    private mutating func suit() -> Suit {
        Suit.allCases[Int.random(in: 0..<Suit.allCases.count, using: &generator)]
    }
}

/// A drill hand's answer: what was chosen and the chart's play.
public struct DrillAnswer: Hashable, Sendable, Codable {
    public var chosen: PlayerAction
    public var advice: PlayerAction
    public var isRight: Bool { chosen == advice }

    public init(chosen: PlayerAction, advice: PlayerAction) {
        self.chosen = chosen
        self.advice = advice
    }
}
