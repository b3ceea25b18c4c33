import BlackjackModel

/// Every sentence the blackjack screen shows: the status line, the alerts, About and help.
///
/// Kept apart from the screen so the wording reads in one place and tests can name it.
/// Texts use `—` and `·`; `Glyphs.plain(_:)` spells them in ASCII where they are drawn.
enum BlackjackWording {
    /// The status line before the first deal of a game (after the new-game alert).
    static let placeYourBet = "Set your bet with + and -, then press Enter to deal"
    /// The prefix of the status line when the shoe was reshuffled for the hand on the table.
    ///
    /// Short, so that with the longest line after a deal ("You have 15. You can Hit, Stand
    /// or Double down") it fits the narrowest table, 58 columns.
    static let reshuffling = "Reshuffled. "

    /// What the player may do now, e.g. "You can Hit or Stand".
    static func choices(canDoubleDown: Bool) -> String {
        canDoubleDown ? "You can Hit, Stand or Double down" : "You can Hit or Stand"
    }

    /// "You split the eights."
    static func split(_ rank: Rank) -> String {
        let name = rank.name.lowercased()
        return "You split the " + (name == "six" ? "sixes" : name + "s") + "."
    }

    /// Each hand of a split deal and the net: "Hand 1 wins 50 · Hand 2 loses 50 · net 0".
    static func settledSplit(_ game: BlackjackGame) -> String {
        let hands = game.handScoreChanges.enumerated().map { index, change in
            change > 0 ? "Hand \(index + 1) wins \(change)" : change < 0 ? "Hand \(index + 1) loses \(-change)"
                : "Hand \(index + 1) pushes"
        }
        let net = game.totalScoreChange
        return hands.joined(separator: " · ") + " · net " + (net > 0 ? "+\(net)" : net < 0 ? "−\(-net)" : "0")
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

    /// The status line after the deal when no natural settled the hand, e.g. "You have 15. You can Hit or Stand".
    static func dealt(total: Int, canDoubleDown: Bool) -> String {
        "You have \(total). " + choices(canDoubleDown: canDoubleDown)
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

    /// How the hand ended and what it did to the score, e.g. "Dealer busts — you win 50".
    static func settled(_ outcome: HandOutcome, stake: Int, player: Int, dealer: Int) -> String {
        switch outcome {
        case .natural: "Blackjack! You win \(stake)"
        case .win: "You win \(stake) — \(player) against \(dealer)"
        case .dealerBust: "Dealer busts — you win \(stake)"
        case .push: "Push — \(player) each, the bet comes back"
        case .naturalPush: "Push — both have Blackjack"
        case .dealerNatural: "Dealer has Blackjack — you lose \(stake)"
        case .loss: "You lose \(stake) — \(player) against \(dealer)"
        case .playerBust: "Bust — you lose \(stake)"
        case .surrendered: "You surrendered — you lose \(stake / 2)"
        case .evenMoney: "Even money — you win \(stake)"
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
