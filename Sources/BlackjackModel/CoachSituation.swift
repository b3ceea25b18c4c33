/// What kind of decision a hand is, for the coach's record and chart: a hard total, a soft
/// total or a pair, against the dealer's up card ("hard 16 v 10").
public struct CoachSituation: Hashable, Sendable, Codable, Comparable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case hard, soft, pair
    }

    public var kind: Kind
    /// Hard: the total (4...21); soft: the total (12...21); pair: one card's value (2...11,
    /// 11 for aces, 10 for a pair of tens, jacks, queens or kings).
    public var player: Int
    /// The dealer's up card's value, 2...11 (11 for an ace).
    public var dealer: Int

    public init(kind: Kind, player: Int, dealer: Int) {
        self.kind = kind
        self.player = player
        self.dealer = dealer
    }

    /// The situation of `cards` facing `dealerUpCard`: a pair when they are two cards of
    /// the same rank (the table splits only those: a King and a Queen are a hard 20) and
    /// `canSplit` (a pair the table will not split now is played as its total), soft when
    /// an ace counts 11, else hard. Nil for an empty hand or a bust one.
    public init?(cards: [Card], dealerUpCard: Card, canSplit: Bool = true) {
        guard !cards.isEmpty else { return nil }
        let hand = HandOfCards(cards: cards)
        guard !hand.areCardsBust() else { return nil }
        let dealer = Self.value(of: dealerUpCard)
        if canSplit, cards.count == 2, cards[0].rank == cards[1].rank {
            self.init(kind: .pair, player: Self.value(of: cards[0]), dealer: dealer)
        } else {
            self.init(kind: hand.isSoft ? .soft : .hard, player: hand.calculateBestScore(), dealer: dealer)
        }
    }

    /// A card's value on the chart: 2...10, 11 for an ace.
    static func value(of card: Card) -> Int {
        card.rank == .ace ? 11 : card.rank.hardValue
    }

    /// The values each kind may hold.
    static func players(_ kind: Kind) -> ClosedRange<Int> {
        switch kind {
        case .hard: return 4...21
        case .soft: return 12...21
        case .pair: return 2...11
        }
    }

    static let dealers = 2...11

    /// The key it is kept under: "hard 16 v 10", "soft 18 v A", "pair 8 v 6", "pair A v A".
    public var key: String {
        let shownPlayer = kind == .pair && player == 11 ? "A" : String(player)
        return "\(kind.rawValue) \(shownPlayer) v \(dealer == 11 ? "A" : String(dealer))"
    }

    /// The situation `key` names; nil for anything else (a damaged key is not trusted).
    public init?(key: String) {
        let parts = key.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[2] == "v", let kind = Kind(rawValue: String(parts[0])) else { return nil }
        func number(_ text: Substring, allowingAce: Bool) -> Int? {
            if allowingAce && text == "A" { return 11 }
            // Digits only: no sign, no spaces, no leading zero.
            guard let first = text.first, first != "0", text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
            return Int(text)
        }
        guard let player = number(parts[1], allowingAce: kind == .pair), let dealer = number(parts[3], allowingAce: true),
              Self.players(kind).contains(player), Self.dealers.contains(dealer) else { return nil }
        // The ace is written A, never 11.
        guard (kind != .pair || player != 11 || parts[1] == "A"), dealer != 11 || parts[3] == "A" else { return nil }
        self.init(kind: kind, player: player, dealer: dealer)
    }

    /// Every situation the drill deals: hard 5...17 (two different cards, no ace), soft
    /// 13...20 (an ace and a 2...9), pairs 2...11, each against every up card: 310 in all.
    public static let drillable: [CoachSituation] = {
        let hands = (5...17).map { (Kind.hard, $0) } + (13...20).map { (Kind.soft, $0) } + (2...11).map { (Kind.pair, $0) }
        return hands.flatMap { kind, player in dealers.map { CoachSituation(kind: kind, player: player, dealer: $0) } }
    }()

    /// Hard, then soft, then pairs; then the hand; then the up card.
    public static func < (lhs: CoachSituation, rhs: CoachSituation) -> Bool {
        let order = Kind.allCases
        let left = order.firstIndex(of: lhs.kind) ?? 0, right = order.firstIndex(of: rhs.kind) ?? 0
        return (left, lhs.player, lhs.dealer) < (right, rhs.player, rhs.dealer)
    }
}

/// How many decisions of one situation were made, and how many were the chart's play.
public struct CoachTally: Hashable, Sendable, Codable {
    public var right: Int
    public var total: Int
    public var wrong: Int { total - right }

    public init(right: Int, total: Int) {
        self.right = right
        self.total = total
    }
}
