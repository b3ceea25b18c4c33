/// What a natural (an ace and a ten-card as the first two cards) pays.
public enum BlackjackPayout: String, CaseIterable, Sendable, Codable {
    /// 1:1, as any win: the specification's game.
    case evenMoney
    /// 3:2, as most casinos pay.
    case threeToTwo
}

/// A table's house rules. `TableRules()` is the specification's game: six decks, the
/// dealer standing on every 17, naturals paid even money; late surrender and doubling after
/// a split are on (they are additions the specified game never offered, taken only when
/// the player asks). Insurance is off: asking the question would hold up the deal the
/// specified game settles at once when the dealer shows an ace.
public struct TableRules: Hashable, Sendable, Codable {
    /// The deck counts a table may have.
    public static let deckChoices = [1, 2, 6, 8]

    /// How many decks the shoe holds.
    public var decks: Int
    /// True when the dealer hits a soft 17 (H17); false when it stands on all 17s (S17).
    public var dealerHitsSoft17: Bool
    /// Whether a player may give up half the bet on the first two cards, after the peek.
    public var lateSurrender: Bool
    /// Whether a hand made by a split may be doubled.
    public var doubleAfterSplit: Bool
    /// What a natural pays.
    public var blackjackPayout: BlackjackPayout
    /// Whether the dealer showing an ace offers insurance (even money to a natural, when
    /// naturals pay 3:2) before peeking; off in the specification's game, where the peek
    /// settles a natural at the deal.
    public var offersInsurance: Bool

    public init(decks: Int = 6, dealerHitsSoft17: Bool = false, lateSurrender: Bool = true,
                doubleAfterSplit: Bool = true, blackjackPayout: BlackjackPayout = .evenMoney,
                offersInsurance: Bool = false) {
        self.decks = decks
        self.dealerHitsSoft17 = dealerHitsSoft17
        self.lateSurrender = lateSurrender
        self.doubleAfterSplit = doubleAfterSplit
        self.blackjackPayout = blackjackPayout
        self.offersInsurance = offersInsurance
    }

    /// Rules saved before insurance was a rule decode with it off.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        decks = try values.decode(Int.self, forKey: .decks)
        dealerHitsSoft17 = try values.decode(Bool.self, forKey: .dealerHitsSoft17)
        lateSurrender = try values.decode(Bool.self, forKey: .lateSurrender)
        doubleAfterSplit = try values.decode(Bool.self, forKey: .doubleAfterSplit)
        blackjackPayout = try values.decode(BlackjackPayout.self, forKey: .blackjackPayout)
        offersInsurance = try values.decodeIfPresent(Bool.self, forKey: .offersInsurance) ?? false
    }

    /// The rules as the table's title line shows them: "6 decks · S17 · DAS · LS · 1:1".
    ///
    /// A table of `deckChoices` reads its summary from `summaries`: a screen names its saved
    /// game by it, which is asked around every input.
    public var summary: String {
        guard let index = summaryIndex else { return spelledSummary }
        return Self.summaries[index]
    }

    /// The summary of every table of `deckChoices`, by `summaryIndex`.
    private static let summaries: [String] = deckChoices.flatMap { decks in
        (0..<16).map { flags in
            TableRules(decks: decks, dealerHitsSoft17: flags & 8 != 0, lateSurrender: flags & 2 != 0,
                       doubleAfterSplit: flags & 4 != 0, blackjackPayout: flags & 1 != 0 ? .threeToTwo : .evenMoney)
                .spelledSummary
        }
    }

    /// Where `summaries` holds these rules' summary; nil for a deck count not offered.
    private var summaryIndex: Int? {
        guard let deckIndex = Self.deckChoices.firstIndex(of: decks) else { return nil }
        return deckIndex * 16 + (dealerHitsSoft17 ? 8 : 0) + (doubleAfterSplit ? 4 : 0) + (lateSurrender ? 2 : 0)
            + (blackjackPayout == .threeToTwo ? 1 : 0)
    }

    /// The summary, spelled out.
    private var spelledSummary: String {
        var parts = [decks == 1 ? "1 deck" : "\(decks) decks", dealerHitsSoft17 ? "H17" : "S17"]
        if doubleAfterSplit { parts.append("DAS") }
        if lateSurrender { parts.append("LS") }
        parts.append(blackjackPayout == .threeToTwo ? "3:2" : "1:1")
        return parts.joined(separator: " · ")
    }
}

/// A decision on a hand in play.
public enum PlayerAction: String, CaseIterable, Sendable, Codable {
    case hit, stand, doubleDown, split, surrender
}
