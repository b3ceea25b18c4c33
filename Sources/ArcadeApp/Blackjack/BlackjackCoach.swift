import ArcadeRecords
import BlackjackModel

/// The basic-strategy coach at the table (`c`): after each decision it says whether it was
/// the chart's play for these rules and cards, and `b` on a decision shows the advice first.
/// It keeps how many decisions were right, this session and over time, and over time by
/// situation ("hard 16 v 10"): the store's tallies, which the coach's chart and the drill
/// read (`BlackjackChartPage`, `BlackjackDrillPage`).
struct BlackjackCoach: Hashable, Sendable, Codable {
    /// The setting it is remembered under: "on" or "off".
    static let setting = "blackjack.coach"
    /// The setting an earlier arcade kept its decisions over time under, "right/all", before
    /// they were kept by situation; read and added in, never written again.
    static let recordSetting = "blackjack.coach.record"

    var isOn = false
    /// Decisions judged this session, and how many were the chart's play.
    var decisions = 0
    var right = 0
    /// The verdict on the last decision (fullest wording first), until the next hand is dealt.
    var verdict: [String]?
    /// Decisions over time by situation, as kept (this session's included).
    var record: [CoachSituation: CoachTally] = [:]
    /// Decisions kept by an earlier arcade before the record by situation.
    var earlierRight = 0
    var earlierDecisions = 0

    /// What a saved game keeps of the coach: the session (the rest is the store's).
    private enum CodingKeys: String, CodingKey { case isOn, decisions, right, verdict }

    /// The most decisions a kept record may hold.
    static let largestRecord = 1_000_000_000

    /// Decisions over time (this session included).
    var decisionsEver: Int { record.values.reduce(earlierDecisions) { $0 + $1.total } }
    var rightEver: Int { record.values.reduce(earlierRight) { $0 + $1.right } }

    init(settings: [String: String] = [:], tallies: [String: Tally] = [:]) {
        isOn = settings[Self.setting] == "on"
        // Exactly "right/all", within reason (a damaged value is dropped, never trusted to count on).
        let fields = (settings[Self.recordSetting] ?? "").split(separator: "/", omittingEmptySubsequences: false)
        let parts = fields.compactMap { Int($0) }
        if fields.count == 2, parts.count == 2, parts[0] >= 0, parts[1] >= parts[0], parts[1] <= Self.largestRecord {
            earlierRight = parts[0]
            earlierDecisions = parts[1]
        }
        // A kind the coach does not know, or a count that cannot be, is left out.
        for (key, tally) in tallies {
            guard let situation = CoachSituation(key: key), tally.right >= 0, tally.total >= tally.right,
                  tally.total <= Self.largestRecord else { continue }
            record[situation] = CoachTally(right: tally.right, total: tally.total)
        }
    }

    /// Count one more decision of `situation`, this session and over time; the effect that keeps it.
    /// `inSession`: counted in this session's figures too (the table's decisions; the
    /// drill keeps its own).
    mutating func count(_ situation: CoachSituation, right isRight: Bool, inSession: Bool = true) -> GameEffect {
        if inSession {
            decisions += 1
            if isRight { right += 1 }
        }
        var tally = record[situation] ?? CoachTally(right: 0, total: 0)
        if tally.total < Self.largestRecord {
            tally.total += 1
            if isRight { tally.right += 1 }
        }
        record[situation] = tally
        return .tally(key: situation.key, right: isRight)
    }

    /// The chart's play for the hand in play of `game` now, with what the table allows at
    /// that moment (a three-card 11 cannot double: hit).
    static func advice(for game: BlackjackGame) -> PlayerAction? {
        guard game.canAct, let up = game.dealerHand.cards.first else { return nil }
        return BasicStrategy.advice(for: game.playerHand.cards, dealerUpCard: up, rules: game.rules,
                                    canDouble: game.canDoubleDown, canSplit: game.canSplit,
                                    canSurrender: game.canSurrender)
    }

    /// Judge `chosen` on `game` as it stands before the play: the verdict, and the effect
    /// that keeps it in the record. Nil when the coach is off or no hand is in play.
    mutating func judge(_ chosen: PlayerAction, on game: BlackjackGame) -> GameEffect? {
        guard isOn, let advice = Self.advice(for: game), let up = game.dealerHand.cards.first,
              let kind = CoachSituation(cards: game.playerHand.cards, dealerUpCard: up, canSplit: game.canSplit)
        else { return nil }
        let situation = Self.situation(game.playerHand, against: up)
        let short = Self.situation(game.playerHand, against: up, short: true)
        verdict = Self.verdict(chosen, advice: advice, situation: situation, short: short)
        return count(kind, right: chosen == advice)
    }

    /// The words for `chosen` against the chart's `advice`, fullest first.
    static func verdict(_ chosen: PlayerAction, advice: PlayerAction, situation: String, short: String) -> [String] {
        if chosen == advice {
            return ["✓ Basic strategy: \(verb(advice)) on \(situation).", "✓ Chart: \(verb(advice)) on \(short).",
                    "✓ \(verb(advice))"]
        }
        return ["Basic strategy: \(verb(advice)) on \(situation) — you \(pastVerb(chosen)).",
                "Chart: \(verb(advice)) on \(short) — you \(pastVerb(chosen)).",
                "Chart: \(verb(advice)) (you \(pastVerb(chosen)))"]
    }

    /// What `b` says on a decision: "Advice: stand on 16 against a 6."
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
        return player + " against " + dealerWords(up)
    }

    /// "a 6", "an 8", "an ace": the dealer's up card in words.
    static func dealerWords(_ up: Card) -> String {
        up.rank == .ace ? "an ace" : up.rank.hardValue == 8 ? "an 8" : "a \(up.rank.hardValue)"
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
