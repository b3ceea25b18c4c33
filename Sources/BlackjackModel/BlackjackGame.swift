import ArcadeCore

/// A game of blackjack against the dealer: five hands, a score, a bet and a shoe.
///
/// The score starts at 100. Each hand the player bets (10 up to the score, in steps of
/// 10); a win adds the bet, a loss subtracts it, a push changes nothing, and a natural
/// wins the bet at even money. Cards are dealt player, dealer, player, dealer, the
/// dealer's second card face down. A natural on either side settles the hand at the
/// deal; otherwise the player hits, stands or doubles down (a hit that makes 21 stands by
/// itself: there is nothing better to draw for), and the dealer then draws to 16 and
/// stands on all 17s (soft 17 included). The game ends after five hands or when
/// the score reaches zero. Actions that the rules do not allow are ignored, never
/// trapped. One seed fixes every card of the game.
public struct BlackjackGame: Equatable, Sendable {
    /// The score a new game starts with.
    public static let startingScore = 100
    /// How many hands a game lasts.
    public static let handsPerGame = 5
    /// The bet a new game starts with (or the whole score, when that is less).
    public static let defaultBet = 50
    /// The smallest bet.
    public static let minimumBet = 10
    /// Bets go up and down in steps of this many points.
    public static let betStep = 10
    /// How many standard decks the shoe holds unless told otherwise.
    public static let defaultDeckCount = 6
    /// The shoe sizes this model accepts; other counts are clamped into it.
    public static let deckCountRange = 1...8
    /// The dealer draws while under this total and stands on it or more, soft or hard.
    public static let dealerStandingTotal = 17
    /// How many cards each side gets at the deal.
    static let openingCardCount = 2
    /// A double down multiplies the stake by this.
    static let doubleDownFactor = 2

    /// The seed that fixes the shoe; pass it back to replay the game.
    public let seed: UInt64
    /// The player's cards in the hand on the table (kept after settling, until the next deal).
    public private(set) var playerHand = HandOfCards()
    /// The dealer's cards in dealt order: the up card, the hole card, then each card drawn.
    public private(set) var dealerHand = HandOfCards()
    /// The game score: 100 at the start, moved by every won or lost bet; never below zero.
    public private(set) var score = BlackjackGame.startingScore
    /// How many hands have been dealt in this game: 0 before the first deal.
    public private(set) var handNumber = 0
    /// How many hands of this game were won, pushed and lost (a natural is a win).
    public private(set) var handsWon = 0
    public private(set) var handsPushed = 0
    public private(set) var handsLost = 0
    /// Whether the player is to act: the hand is dealt and not yet settled.
    public private(set) var isHandInProgress = false
    /// How the last hand ended; nil before the first hand is settled and during a hand.
    public private(set) var outcome: HandOutcome?
    /// The points riding on the hand on the table: the bet, doubled by a double down.
    ///
    /// Kept after the hand is settled, so the status line can say what was won or lost;
    /// 0 before the first deal.
    public private(set) var stake = 0
    /// Whether the player doubled down in the hand on the table.
    public private(set) var isDoubledDown = false
    /// Whether the shoe was reshuffled for the hand on the table (at its deal, or when
    /// the shoe ran out during it).
    public private(set) var didReshuffle = false
    /// What the last action did, in order; empty before the first deal and after `newGame()`.
    ///
    /// An ignored action leaves it as it was.
    public private(set) var lastEvents: [BlackjackEvent] = []

    /// The shoe the cards come from, with the discards (internal so tests can count every card).
    private(set) var shoe: Shoe
    /// The bet chosen for the next hands, always within the limits.
    private var chosenBet: Int

    /// A game with a random seed and a six-deck shoe.
    public init() {
        self.init(seed: SeededGenerator.randomSeed())
    }

    /// A reproducible game: the same seed (and cards stacked) gives the same cards.
    ///
    /// - Parameters:
    ///   - seed: fixes every shuffle of the shoe.
    ///   - decks: how many standard decks the shoe holds, clamped to 1...8.
    ///   - stackedCards: cards moved to the top of the shoe, dealt first in this order
    ///     (player, dealer, player, dealer, then every card drawn); for tests and demos.
    public init(seed: UInt64, decks: Int = BlackjackGame.defaultDeckCount, stackedCards: [Card] = []) {
        let range = BlackjackGame.deckCountRange
        let deckCount = min(max(decks, range.lowerBound), range.upperBound)
        let generator = SeededGenerator(seed: seed)
        self.init(seed: seed, shoe: Shoe(deckCount: deckCount, generator: generator, stackedCards: stackedCards))
    }

    /// A game at its start, dealing from `shoe` as it stands.
    private init(seed: UInt64, shoe: Shoe) {
        self.seed = seed
        self.shoe = shoe
        chosenBet = BlackjackGame.clampedBet(BlackjackGame.defaultBet, score: BlackjackGame.startingScore)
    }

    // MARK: - What the screen reads

    /// The bet for the next hand, in steps of 10 from 10 up to the score.
    ///
    /// Setting it clamps the value into those limits (rounding down to a step). It is
    /// fixed while a hand is in play and after the game is over: setting it then does
    /// nothing. After each hand it is lowered to the new score if it no longer fits.
    public var bet: Int {
        get { chosenBet }
        set {
            guard canChangeBet else { return }
            chosenBet = BlackjackGame.clampedBet(newValue, score: score)
        }
    }

    /// Whether the bet can be changed now: between hands, in a game not over.
    public var canChangeBet: Bool {
        !isHandInProgress && !isGameOver
    }

    /// The largest bet the score allows now (0 once the score is gone).
    public var maximumBet: Int {
        BlackjackGame.clampedBet(score, score: score)
    }

    /// Whether the game has ended: five hands played, or the score is gone.
    public var isGameOver: Bool {
        guard !isHandInProgress else { return false }
        return score <= 0 || handNumber >= BlackjackGame.handsPerGame
    }

    /// Whether `deal()` would deal: no hand in play and the game not over.
    public var canDeal: Bool {
        !isHandInProgress && !isGameOver
    }

    /// Whether `doubleDown()` would act: the player holds two cards and can cover a doubled stake.
    public var canDoubleDown: Bool {
        isHandInProgress
            && playerHand.cards.count == BlackjackGame.openingCardCount
            && stake * BlackjackGame.doubleDownFactor <= score
    }

    /// Whether the dealer's second card is face down: from the deal until the player
    /// stands, doubles down or busts.
    public var isDealerHoleCardHidden: Bool {
        isHandInProgress
    }

    /// The dealer's total as the player sees it: the up card alone while the hole card is hidden.
    public var dealerVisibleScore: Int {
        guard isDealerHoleCardHidden else { return dealerHand.calculateBestScore() }
        let upCard = dealerHand.cards.first.map { [$0] } ?? []
        return HandOfCards(cards: upCard).calculateBestScore()
    }

    /// How many cards are left in the shoe before the next reshuffle.
    public var cardsLeftInShoe: Int {
        shoe.cards.count
    }

    /// How many standard decks the shoe holds.
    public var deckCount: Int {
        shoe.deckCount
    }

    // MARK: - Actions

    /// Deals a new hand: two cards each, the dealer's second face down, for the current bet.
    ///
    /// Clears the last hand to the discards and reshuffles first when under a quarter of
    /// the shoe remains. A natural on either side settles the hand at once. Does nothing
    /// while a hand is in play or once the game is over.
    public mutating func deal() {
        guard canDeal else { return }
        clearTable()
        lastEvents = []
        didReshuffle = shoe.needsReshuffle && shoe.reshuffle()
        if didReshuffle {
            lastEvents.append(.reshuffled)
        }
        handNumber += 1
        stake = chosenBet
        isDoubledDown = false
        outcome = nil
        isHandInProgress = true
        for _ in 0..<BlackjackGame.openingCardCount {
            drawCard(to: .player, announced: false)
            drawCard(to: .dealer, announced: false)
        }
        lastEvents.append(.dealt)
        if let natural = naturalOutcome() {
            finishHand(natural)
        }
    }

    /// Gives the player one more card; going over 21 loses the hand at once, and making 21
    /// stands by itself (the dealer plays out the hand).
    ///
    /// Does nothing unless a hand is in play.
    public mutating func hit() {
        guard isHandInProgress else { return }
        lastEvents = []
        drawCard(to: .player)
        if playerHand.areCardsBust() {
            finishHand(.playerBust)
        } else if playerHand.calculateBestScore() == HandOfCards.blackjackTotal {
            finishPlayerTurn()
        }
    }

    /// Ends the player's turn: the dealer turns the hole card over, plays out the hand,
    /// and the hand is settled. Does nothing unless a hand is in play.
    public mutating func stand() {
        guard isHandInProgress else { return }
        lastEvents = []
        finishPlayerTurn()
    }

    /// Doubles the stake, takes exactly one card, and lets the dealer play out the hand.
    ///
    /// Allowed only on the first two cards and when the score covers the doubled stake
    /// (`canDoubleDown`); otherwise does nothing.
    public mutating func doubleDown() {
        guard canDoubleDown else { return }
        lastEvents = []
        stake *= BlackjackGame.doubleDownFactor
        isDoubledDown = true
        drawCard(to: .player)
        finishPlayerTurn()
    }

    /// Starts the game over: score 100, no hand dealt, the default bet.
    ///
    /// The cards on the table go to the discards; the shoe carries on (it reshuffles
    /// on its own when it runs low), so no card is lost.
    public mutating func newGame() {
        clearTable()
        self = BlackjackGame(seed: seed, shoe: shoe)
    }

    // MARK: - Rules

    /// The bet the limits allow for `requested` at `score`: 10 up to the score, in steps of 10.
    ///
    /// Below 10 it is 10, above the score it is the score, between steps it rounds down;
    /// a score under the minimum bet allows only the whole score.
    static func clampedBet(_ requested: Int, score: Int) -> Int {
        guard score >= minimumBet else { return max(score, 0) }
        let inRange = min(max(requested, minimumBet), score)
        return inRange - inRange % betStep
    }

    /// Moves the cards of the last hand from the table to the discards.
    private mutating func clearTable() {
        shoe.discard(playerHand.takeAllCards() + dealerHand.takeAllCards())
    }

    /// The settlement a natural forces at the deal, or nil when neither side has one.
    private func naturalOutcome() -> HandOutcome? {
        switch (playerHand.isNatural, dealerHand.isNatural) {
        case (true, true): .naturalPush
        case (true, false): .natural
        case (false, true): .dealerNatural
        case (false, false): nil
        }
    }

    /// The outcome of a hand the dealer has played out against a player who did not bust.
    private func comparedOutcome() -> HandOutcome {
        let player = playerHand.calculateBestScore()
        let dealer = dealerHand.calculateBestScore()
        if dealerHand.areCardsBust() { return .dealerBust }
        if player > dealer { return .win }
        return player == dealer ? .push : .loss
    }

    /// Settles the hand after the player stands or doubles: a bust loses, otherwise the
    /// dealer plays and the totals are compared.
    private mutating func finishPlayerTurn() {
        finishHand(playerHand.areCardsBust() ? .playerBust : nil)
    }

    /// Ends the hand: turns the hole card over, books `settled` or, when it is nil, lets
    /// the dealer draw to 16 and books the totals compared; then moves the score.
    private mutating func finishHand(_ settled: HandOutcome?) {
        isHandInProgress = false
        if let holeCard = dealerHand.cards.dropFirst().first {
            lastEvents.append(.dealerRevealed(holeCard))
        }
        if settled == nil {
            while dealerHand.calculateBestScore() < BlackjackGame.dealerStandingTotal {
                guard drawCard(to: .dealer) else { break }
            }
        }
        let result = settled ?? comparedOutcome()
        score += result.scoreSign * stake
        outcome = result
        if result.isWin { handsWon += 1 } else if result.isLoss { handsLost += 1 } else { handsPushed += 1 }
        chosenBet = BlackjackGame.clampedBet(chosenBet, score: score)
        lastEvents.append(.settled(result))
    }

    /// The two sides of the table.
    private enum Seat {
        case player
        case dealer
    }

    /// Deals the next card from the shoe to `seat`, recording it as drawn when `announced`
    /// (the opening four cards are announced together as `.dealt`).
    ///
    /// Returns false, dealing nothing, only if no card is left outside the hands.
    @discardableResult
    private mutating func drawCard(to seat: Seat, announced: Bool = true) -> Bool {
        guard let (card, reshuffled) = shoe.draw() else { return false }
        if reshuffled {
            didReshuffle = true
            lastEvents.append(.reshuffled)
        }
        switch seat {
        case .player:
            playerHand.add(card)
            if announced { lastEvents.append(.playerDrew(card)) }
        case .dealer:
            dealerHand.add(card)
            if announced { lastEvents.append(.dealerDrew(card)) }
        }
        return true
    }
}

/// A game is saved as its whole value (the shoe's generator included, so a restored game
/// deals the cards the saved one would have); a value the rules could not have reached
/// does not decode (see `isConsistent`), so a damaged save never makes a game that traps.
extension BlackjackGame: Codable {
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        seed = try values.decode(UInt64.self, forKey: .seed)
        playerHand = try values.decode(HandOfCards.self, forKey: .playerHand)
        dealerHand = try values.decode(HandOfCards.self, forKey: .dealerHand)
        score = try values.decode(Int.self, forKey: .score)
        handNumber = try values.decode(Int.self, forKey: .handNumber)
        handsWon = try values.decodeIfPresent(Int.self, forKey: .handsWon) ?? 0
        handsPushed = try values.decodeIfPresent(Int.self, forKey: .handsPushed) ?? 0
        handsLost = try values.decodeIfPresent(Int.self, forKey: .handsLost) ?? 0
        isHandInProgress = try values.decode(Bool.self, forKey: .isHandInProgress)
        outcome = try values.decodeIfPresent(HandOutcome.self, forKey: .outcome)
        stake = try values.decode(Int.self, forKey: .stake)
        isDoubledDown = try values.decode(Bool.self, forKey: .isDoubledDown)
        didReshuffle = try values.decode(Bool.self, forKey: .didReshuffle)
        lastEvents = try values.decode([BlackjackEvent].self, forKey: .lastEvents)
        shoe = try values.decode(Shoe.self, forKey: .shoe)
        chosenBet = try values.decode(Int.self, forKey: .chosenBet)
        guard isConsistent else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a game the rules can reach"))
        }
    }

    /// The largest score or stake a restored game may hold: far above what five hands from
    /// 100 can reach, and low enough that no doubled stake or settled bet overflows.
    static let largestRestoredPoints = Int.max / 4

    /// Whether the value keeps the rules' invariants: every card of the shoe's decks in
    /// exactly one place, a hand number within the game, points not negative, a bet the
    /// limits allow, no more hands settled than dealt, and a hand in play only with its
    /// cards dealt.
    var isConsistent: Bool {
        guard BlackjackGame.deckCountRange.contains(shoe.deckCount),
              (0...BlackjackGame.handsPerGame).contains(handNumber),
              (0...BlackjackGame.largestRestoredPoints).contains(score),
              (0...BlackjackGame.largestRestoredPoints).contains(stake),
              chosenBet == BlackjackGame.clampedBet(chosenBet, score: score),
              [handsWon, handsPushed, handsLost].allSatisfy({ $0 >= 0 }),
              handsWon + handsPushed + handsLost <= handNumber
        else { return false }
        if isHandInProgress {
            guard handNumber > 0, outcome == nil,
                  playerHand.cards.count >= BlackjackGame.openingCardCount,
                  dealerHand.cards.count >= BlackjackGame.openingCardCount
            else { return false }
        }
        var counts: [Card: Int] = [:]
        for card in shoe.cards + shoe.discards + playerHand.cards + dealerHand.cards {
            counts[card, default: 0] += 1
        }
        return counts.count == Card.standardDeck.count && counts.values.allSatisfy { $0 == shoe.deckCount }
    }
}
