import BlackjackModel

/// The basic-strategy coach at the table (`c`): after each decision it says whether it was
/// the chart's play for these rules and cards, and `?` on a decision shows the advice first.
/// It keeps how many decisions were right, this session and over time.
struct BlackjackCoach: Hashable, Sendable, Codable {
    /// The setting it is remembered under: "on" or "off".
    static let setting = "blackjack.coach"
    /// The setting its decisions over time are kept under: "right/all".
    static let recordSetting = "blackjack.coach.record"

    var isOn = false
    /// Decisions judged this session, and how many were the chart's play.
    var decisions = 0
    var right = 0
    /// Decisions over time (this session included), as kept.
    var decisionsEver = 0
    var rightEver = 0
    /// The verdict on the last decision (fullest wording first), until the next hand is dealt.
    var verdict: [String]?

    /// The most decisions a kept record may hold.
    static let largestRecord = 1_000_000_000

    init(settings: [String: String] = [:]) {
        isOn = settings[Self.setting] == "on"
        // Exactly "right/all", within reason (a damaged value is dropped, never trusted to count on).
        let fields = (settings[Self.recordSetting] ?? "").split(separator: "/", omittingEmptySubsequences: false)
        let parts = fields.compactMap { Int($0) }
        if fields.count == 2, parts.count == 2, parts[0] >= 0, parts[1] >= parts[0], parts[1] <= Self.largestRecord {
            rightEver = parts[0]
            decisionsEver = parts[1]
        }
    }

    /// The chart's play for the hand in play of `game` now, with what the table allows at
    /// that moment (a three-card 11 cannot double: hit).
    static func advice(for game: BlackjackGame) -> PlayerAction? {
        guard game.canAct, let up = game.dealerHand.cards.first else { return nil }
        return BasicStrategy.advice(for: game.playerHand.cards, dealerUpCard: up, rules: game.rules,
                                    canDouble: game.canDoubleDown, canSplit: game.canSplit,
                                    canSurrender: game.canSurrender)
    }

    /// Judge `chosen` on `game` as it stands before the play: the verdict, and the record
    /// to keep. Nil when the coach is off or no hand is in play.
    mutating func judge(_ chosen: PlayerAction, on game: BlackjackGame) -> String? {
        guard isOn, let advice = Self.advice(for: game), let up = game.dealerHand.cards.first else { return nil }
        decisions += 1
        if decisionsEver < Self.largestRecord { decisionsEver += 1 }
        let situation = Self.situation(game.playerHand, against: up)
        let short = Self.situation(game.playerHand, against: up, short: true)
        if chosen == advice {
            right += 1
            if rightEver < decisionsEver { rightEver += 1 }
            verdict = ["✓ Basic strategy: \(Self.verb(advice)) on \(situation).", "✓ Chart: \(Self.verb(advice)) on \(short).",
                       "✓ \(Self.verb(advice))"]
        } else {
            verdict = ["Basic strategy: \(Self.verb(advice)) on \(situation) — you \(Self.pastVerb(chosen)).",
                       "Chart: \(Self.verb(advice)) on \(short) — you \(Self.pastVerb(chosen)).",
                       "Chart: \(Self.verb(advice)) (you \(Self.pastVerb(chosen)))"]
        }
        return "\(rightEver)/\(decisionsEver)"
    }

    /// What `?` says on a decision: "Advice: stand on 16 against a 6."
    static func hint(for game: BlackjackGame) -> [String]? {
        guard let advice = advice(for: game), let up = game.dealerHand.cards.first else { return nil }
        return ["Advice: \(verb(advice)) on \(situation(game.playerHand, against: up)).",
                "Advice: \(verb(advice)) on \(situation(game.playerHand, against: up, short: true))."]
    }

    /// "Coach 7/9" for the header.
    var score: String { "Coach \(right)/\(decisions)" }

    /// "16 against a 6", "soft 18 against an ace"; `short`: "16 v 6", "soft 18 v A".
    static func situation(_ hand: HandOfCards, against up: Card, short: Bool = false) -> String {
        let total = hand.calculateBestScore()
        let player = hand.isSoft ? "soft \(total)" : "\(total)"
        if short { return player + " v " + (up.rank == .ace ? "A" : "\(up.rank.hardValue)") }
        let dealer = up.rank == .ace ? "an ace" : up.rank.hardValue == 8 ? "an 8" : "a \(up.rank.hardValue)"
        return player + " against " + dealer
    }

    static func verb(_ action: PlayerAction) -> String {
        switch action {
        case .hit: return "hit"
        case .stand: return "stand"
        case .doubleDown: return "double down"
        case .split: return "split"
        case .surrender: return "surrender"
        }
    }

    static func pastVerb(_ action: PlayerAction) -> String {
        switch action {
        case .hit: return "hit"
        case .stand: return "stood"
        case .doubleDown: return "doubled down"
        case .split: return "split"
        case .surrender: return "surrendered"
        }
    }
}
