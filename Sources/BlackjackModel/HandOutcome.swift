/// How a settled hand ended, from the player's side.
///
/// Each case names the reason, so the status line can say more than "won" or "lost".
public enum HandOutcome: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The player's first two cards made 21 and the dealer's did not: the bet is won.
    case natural
    /// The player's total beat the dealer's: the bet is won.
    case win
    /// The dealer went over 21: the bet is won.
    case dealerBust
    /// Equal totals: the bet is returned, the score does not change.
    case push
    /// Both sides were dealt a natural: a push, settled at the deal.
    case naturalPush
    /// The dealer's first two cards made 21 and the player's did not: the bet is lost.
    case dealerNatural
    /// The dealer's total beat the player's: the bet is lost.
    case loss
    /// The player went over 21: the bet is lost (the dealer does not draw).
    case playerBust
    /// The player gave up the hand on its first two cards: half the bet is lost.
    case surrendered
    /// The player's natural against the dealer's ace was paid 1:1 at once (even money
    /// taken instead of insurance, at a table paying 3:2).
    case evenMoney

    /// Whether the player won the bet.
    public var isWin: Bool {
        scoreSign > 0
    }

    /// Whether the bet was returned (equal totals, or two naturals).
    public var isPush: Bool {
        scoreSign == 0
    }

    /// Whether the player lost the bet.
    public var isLoss: Bool {
        scoreSign < 0
    }

    /// +1 for a won bet, 0 for a push, −1 for a lost one: the stake times this is the score
    /// change, except for a natural paid 3:2 and a surrender (half the stake).
    var scoreSign: Int {
        switch self {
        case .natural, .win, .dealerBust, .evenMoney: 1
        case .push, .naturalPush: 0
        case .dealerNatural, .loss, .playerBust, .surrendered: -1
        }
    }

    /// A short English summary, e.g. "Blackjack!" or "Dealer busts".
    public var description: String {
        switch self {
        case .natural: "Blackjack!"
        case .win: "You win"
        case .dealerBust: "Dealer busts"
        case .push: "Push"
        case .naturalPush: "Both have blackjack: push"
        case .dealerNatural: "Dealer has blackjack"
        case .loss: "Dealer wins"
        case .playerBust: "Bust"
        case .surrendered: "Surrendered"
        case .evenMoney: "Even money"
        }
    }
}

/// One thing that happened during the last action, in the order it happened.
///
/// A screen reads `BlackjackGame.lastEvents` to word the status line, pick a sound cue
/// and turn the dealer's cards over one by one.
public enum BlackjackEvent: Hashable, Sendable, Codable {
    /// The discards went back into the shoe and it was shuffled.
    case reshuffled
    /// Two cards each were dealt: player, dealer, player, dealer (the last face down).
    case dealt
    /// The player took a card (by hitting, doubling down, or as a split hand's second card)
    /// into the hand in play.
    case playerDrew(Card)
    /// The dealer shows an ace and asks the insurance question (`canTakeInsurance`).
    case insuranceOffered
    /// The dealer shows an ace against the player's natural, at a table paying 3:2, and
    /// offers even money (`isEvenMoneyOffer`).
    case evenMoneyOffered
    /// The player took insurance for this many points (half the bet).
    case insuranceTaken(Int)
    /// The player declined insurance or even money.
    case insuranceDeclined
    /// The dealer had a natural: insurance won this many points (2:1).
    case insuranceWon(Int)
    /// The dealer had no natural: insurance lost this many points.
    case insuranceLost(Int)
    /// The player took even money: the natural is paid 1:1 at once (`.settled(.evenMoney)` follows).
    case evenMoneyTaken
    /// The player split a pair of this rank; the hand in play is dealt its second card next.
    case split(Rank)
    /// Play moved right to the split hand at this index of `playerHands` (its second card follows).
    case movedToHand(Int)
    /// The dealer's face-down card was turned over.
    case dealerRevealed(Card)
    /// The dealer drew a card while playing out the hand.
    case dealerDrew(Card)
    /// A hand was settled and the score changed by the outcome: one event per hand in
    /// `playerHands`, left to right, after the dealer's play.
    case settled(HandOutcome)
}
