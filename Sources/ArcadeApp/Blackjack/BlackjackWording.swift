import BlackjackModel

/// Every sentence the blackjack screen shows: the status line, the alerts, About and help.
///
/// Kept apart from the screen so the wording reads in one place and tests can name it.
/// Texts use `—` and `·`; `Glyphs.plain(_:)` spells them in ASCII where they are drawn.
enum BlackjackWording {
    /// The status line before the first deal of a game (after the new-game alert).
    static let placeYourBet = "Set your bet with + and -, then press Enter to deal"
    /// What the status line says when the shoe was reshuffled for the hand on the table.
    static let reshuffled = "Reshuffled."

    /// One part of a status line, its wordings fullest first ("" leaves the part out).
    typealias Part = [String]

    /// What a status line says before its last part, in the order shown: the reshuffle, a
    /// split, what the insurance did, and the cards the player drew.
    struct Lead {
        var reshuffle: Part = [""]
        var split: Part = [""]
        var insurance: Part = [""]
        var draws: Part = [""]
    }

    /// The wordings of a status line, fullest first: `lead` and then `last` (the result, the
    /// choices, the dealer's card or a question).
    ///
    /// Each shorter wording shortens one part by a step: the reshuffle and the split go first
    /// (the table shows them), then the draws (the cards and totals show them), then the
    /// insurance's words, and only then `last`, whose every wording still says the result.
    static func line(_ lead: Lead, then last: Part) -> [String] {
        let parts = [lead.reshuffle, lead.split, lead.insurance, lead.draws, last]
        var chosen = Array(repeating: 0, count: parts.count)
        func joined() -> String {
            var text = ""
            for (part, choice) in zip(parts, chosen) {
                let piece = part[min(choice, part.count - 1)]
                guard !piece.isEmpty else { continue }
                if !text.isEmpty { text += " " }
                text += piece
            }
            return text
        }
        var wordings = [joined()]
        for part in [0, 1, 3, 2, 4] {
            while chosen[part] + 1 < parts[part].count {
                chosen[part] += 1
                let shorter = joined()
                if shorter != wordings.last { wordings.append(shorter) }
            }
        }
        return wordings
    }

    /// The decisions in `plays`, as the status line offers them, fullest first: "You have
    /// 15. You can Hit, Stand, Double down or Surrender" (without the total when `total` is
    /// nil), down to "Hit, Stand, Double or Surrender?" in the buttons' words.
    static func choices(_ plays: [PlayerAction], total: Int?) -> Part {
        let have = total.map { "You have \($0)." }
        guard !plays.isEmpty else { return [have ?? ""] }
        let (full, short) = listings[plays] ?? (listed(plays.map(fullName)), listed(plays.map(buttonName)))
        let lead = have.map { $0 + " " } ?? ""
        return [lead + "You can " + full, lead + "You can " + short, "You can " + short, short + "?"]
    }

    /// Every set of decisions in the order the table offers them, listed in full and in the
    /// buttons' words: the status line names them after every card.
    private static let listings: [[PlayerAction]: (full: String, short: String)] = {
        var listings: [[PlayerAction]: (full: String, short: String)] = [:]
        let all = PlayerAction.allCases
        for mask in 1..<(1 << all.count) {
            let plays = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
            listings[plays] = (listed(plays.map(fullName)), listed(plays.map(buttonName)))
        }
        return listings
    }()

    /// A decision as the status line names it in full: "Double down".
    static func fullName(_ play: PlayerAction) -> String {
        play == .doubleDown ? "Double down" : buttonName(play)
    }

    /// A decision as its button names it: "Double".
    static func buttonName(_ play: PlayerAction) -> String {
        switch play {
        case .hit: "Hit"
        case .stand: "Stand"
        case .doubleDown: "Double"
        case .split: "Split"
        case .surrender: "Surrender"
        }
    }

    /// "Hit, Stand or Surrender".
    static func listed(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// "You split the eights."
    static func split(_ rank: Rank) -> String {
        let name = rank.name.lowercased()
        return "You split the " + (name == "six" ? "sixes" : name + "s") + "."
    }

    /// What the insurance did: "Insurance pays 50." or "No Blackjack: insurance loses 25.",
    /// fullest first.
    static func insurance(won: Bool, amount: Int) -> Part {
        won ? ["Insurance pays \(amount).", "Insurance +\(amount)."]
            : ["No Blackjack: insurance loses \(amount).", "Insurance loses \(amount).", "Insurance −\(amount)."]
    }

    /// A card the player drew: the hand it went to (an index of the split hands) and that
    /// hand's total just after it.
    struct Draw: Equatable {
        var hand: Int
        var card: BlackjackModel.Card
        var total: Int
    }

    /// The player's draws, fullest first: "You drew a Four (15).", or after a split each by
    /// its hand, "Hand 1 drew a Ten (21). Hand 2 drew a Nine (20)." then "Hand 1: 21. Hand 2: 20.";
    /// last, nothing (the cards and the totals under them show it).
    static func draws(_ draws: [Draw], naming hands: Bool) -> Part {
        guard !draws.isEmpty else { return [""] }
        guard hands else { return [draws.map { playerDrew($0.card, total: $0.total) + "." }.joined(separator: " "), ""] }
        return [draws.map { "Hand \($0.hand + 1) drew \($0.card.rank.nameWithArticle) (\($0.total))." }.joined(separator: " "),
                draws.map { "Hand \($0.hand + 1): \($0.total)." }.joined(separator: " "), ""]
    }

    /// A change of the score as a label says it: "+50", "−25", or `zero`.
    static func signed(_ change: Int, zero: String) -> String {
        change > 0 ? "+\(change)" : change < 0 ? "−\(-change)" : zero
    }

    /// Each hand of a split deal, the insurance if taken, and the net, fullest first:
    /// "Hand 1 wins 50 · Hand 2 loses 50 · net 0", "Hand 1 +50 · Hand 2 −50 · net 0",
    /// "Hands +50 −50 · net 0".
    static func settledSplit(_ game: BlackjackGame) -> Part {
        let changes = game.handScoreChanges
        let insurance = game.insuranceScoreChange == 0 ? [] : ["insurance " + signed(game.insuranceScoreChange, zero: "0")]
        let tail = insurance + ["net " + signed(game.totalScoreChange, zero: "0")]
        let full = changes.enumerated().map { index, change in
            change > 0 ? "Hand \(index + 1) wins \(change)" : change < 0 ? "Hand \(index + 1) loses \(-change)"
                : "Hand \(index + 1) pushes"
        }
        let short = changes.enumerated().map { "Hand \($0 + 1) " + signed($1, zero: "=") }
        let shortest = ["Hands " + changes.map { signed($0, zero: "=") }.joined(separator: " ")]
        return [full, short, shortest].map { ($0 + tail).joined(separator: " · ") }
    }

    /// Why Split does nothing now.
    static func cannotSplit(_ game: BlackjackGame) -> String {
        guard game.isHandInProgress else { return "Deal first: split is for a pair in play." }
        let hand = game.playerHand.cards
        if hand.count != 2 || hand[0].rank != hand[1].rank { return "Only two cards of the same rank can be split." }
        if game.playerHands.count >= BlackjackGame.maximumSplitHands { return "Four hands is the most a split makes." }
        return "Your score does not cover a second bet of \(game.stake)."
    }

    /// Why Surrender does nothing now.
    static func cannotSurrender(_ game: BlackjackGame) -> String {
        guard game.rules.lateSurrender else { return "This table has no surrender." }
        guard game.isHandInProgress else { return "Deal first: surrender is for the first two cards." }
        return "Surrender is only on the first two cards of a hand not split."
    }

    /// The insurance question: "Insurance against the dealer's ace? i: take it for 25 · n: no".
    static func insuranceQuestion(_ game: BlackjackGame) -> [String] {
        game.isEvenMoneyOffer
            ? ["Even money? Your Blackjack against an ace: i takes \(game.stake) now · n plays it out",
               "Even money? i: take \(game.stake) · n: no"]
            : ["Insurance against the dealer's ace? i: take it for \(game.insuranceCost) · n: no",
               "Insurance? i: for \(game.insuranceCost) · n: no"]
    }

    /// The player's new card and total, e.g. "You drew an Ace (18)".
    static func playerDrew(_ card: BlackjackModel.Card, total: Int) -> String {
        "You drew \(card.rank.nameWithArticle) (\(total))"
    }

    /// The dealer's hole card turned over, e.g. "Dealer turns over a Six (16)".
    static func dealerRevealed(_ card: BlackjackModel.Card, total: Int) -> String {
        "Dealer turns over \(card.rank.nameWithArticle) (\(total))"
    }

    /// A card the dealer drew while playing out the hand, e.g. "Dealer draws a Five (21)".
    static func dealerDrew(_ card: BlackjackModel.Card, total: Int) -> String {
        "Dealer draws \(card.rank.nameWithArticle) (\(total))"
    }

    /// How the hand ended and what it paid (`paid`, the score's change), fullest first:
    /// "Blackjack! You win 15" for a natural on a bet of 10 paid 3:2, "You win 50 — 20
    /// against 18" then "You win 50", "You surrendered — you lose 25".
    static func settled(_ outcome: HandOutcome, paid: Int, player: Int, dealer: Int) -> Part {
        let amount = abs(paid)
        switch outcome {
        case .natural: return ["Blackjack! You win \(amount)"]
        case .win: return ["You win \(amount) — \(player) against \(dealer)", "You win \(amount)"]
        case .dealerBust: return ["Dealer busts — you win \(amount)"]
        case .push: return ["Push — \(player) each, the bet comes back", "Push — \(player) each"]
        case .naturalPush: return ["Push — both have Blackjack"]
        case .dealerNatural: return ["Dealer has Blackjack — you lose \(amount)"]
        case .loss: return ["You lose \(amount) — \(player) against \(dealer)", "You lose \(amount)"]
        case .playerBust: return ["Bust — you lose \(amount)"]
        case .surrendered: return ["You surrendered — you lose \(amount)"]
        case .evenMoney: return ["Even money — you win \(amount)"]
        }
    }

    /// Why `d` did nothing: the hand has more than two cards, or the score cannot cover it.
    static func cannotDoubleDown(handInProgress: Bool, cardCount: Int) -> String {
        guard handInProgress else { return "Deal a hand first (Enter)" }
        return cardCount > 2
            ? "You can double down only on your first two cards"
            : "Your score does not cover a doubled bet"
    }

    /// The status line after a bet key: the new bet, or why it did not move.
    static func bet(_ bet: Int, changed: Bool, raising: Bool, canChange: Bool) -> String {
        guard canChange else { return "The bet is fixed while a hand is in play" }
        if changed { return "Bet \(bet) — press Enter to deal" }
        return raising ? "Bet \(bet) is as high as your score allows" : "Bet \(bet) is the smallest bet"
    }

    /// The new-game alert's message.
    static let newGameMessage = "Five hands against the dealer. You start with 100 points and bet 10 up to "
        + "your score on each hand: a win adds the bet, a loss takes it away."

    /// The game-over alert's message: how the last hand ended (the status line it covers),
    /// the final score, and whether it beat every recorded one.
    static func gameOver(lastHand: String, score: Int, hands: Int, isNewBest: Bool) -> String {
        let played = hands == 1 ? "1 hand" : "\(hands) hands"
        let reason = score <= 0 ? "Out of points after \(played)" : "Game over after \(played)"
        return lastHand + ".\n" + reason + ": final score \(score)." + (isNewBest ? "\nA new high score!" : "")
    }

    /// Help's sentence on the house rules of the game in play: "The dealer stands on all
    /// 17s; a natural pays even money." at the specification's table, the rest of the
    /// rules' summary after it at any other.
    static func rulesSentence(_ rules: TableRules) -> String {
        let dealer = rules.dealerHitsSoft17 ? "The dealer hits a soft 17" : "The dealer stands on all 17s"
        let natural = rules.blackjackPayout == .threeToTwo ? "a natural pays 3:2" : "a natural pays even money"
        var sentence = dealer + "; " + natural + "."
        if rules != TableRules() {
            sentence += " Table: " + rules.summary + (rules.offersInsurance ? ", insurance" : "") + " (o)."
        }
        return sentence
    }

    /// The About page at the specification's table.
    static var about: [String] { about(TableRules()) }

    /// The About page: the rules, then the house rules of the game in play.
    static func about(_ rules: TableRules) -> [String] { [
        "Get closer to 21 than the dealer without going over. Cards 2 to 10 count their number, "
            + "J Q K count 10, and an Ace counts 1 or 11, whichever gives the better total.",
        "",
        "Hit takes a card (a hit that makes 21 stands for you); Stand ends your turn and the dealer "
            + "plays, card by card. Double down "
            + "doubles your bet, takes exactly one card and stands. A two-card 21 is Blackjack and "
            + "beats any other 21; equal totals push and the bet comes back.",
        "",
        "House rules",
        "- " + (rules.decks == 1 ? "1 deck" : "\(rules.decks) decks")
            + " in the shoe, reshuffled when under a quarter remains",
        rules.dealerHitsSoft17 ? "- The dealer draws to 16 and to a soft 17, and stands on a hard 17"
            : "- The dealer draws to 16 and stands on all 17s, soft 17 too",
        rules.blackjackPayout == .threeToTwo ? "- Naturals pay 3:2: a bet of 10 wins 15"
            : "- Naturals pay even money, like any other win",
        "- Double down on your first two cards if your score covers it",
        "- Split a pair (p), up to 4 hands" + (rules.doubleAfterSplit ? "; double after a split" : ""),
        rules.lateSurrender ? "- Surrender (r) gives up half the bet on your first two cards" : "- No surrender",
        "- \(BlackjackGame.handsPerGame) hands, starting from \(BlackjackGame.startingScore) points; "
            + "the game also ends at 0",
        "- Bets from \(BlackjackGame.minimumBet) up to your score, in steps of \(BlackjackGame.betStep)",
    ]}
}
