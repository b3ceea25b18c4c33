import ArcadeCore

/// A game of blackjack against the dealer: five hands, a score, a bet, a shoe and the
/// table's house rules.
///
/// The score starts at 100. Each hand the player bets (10 up to the score, in steps of
/// 10); a win adds the bet, a loss subtracts it, a push changes nothing, and a natural
/// wins the bet at even money (3:2 when `rules.blackjackPayout` is `.threeToTwo`). Cards
/// are dealt player, dealer, player, dealer, the dealer's second card face down.
///
/// The dealer peeks: a natural on either side settles the hand at the deal (a dealer
/// showing a nine or lower cannot have one). When `rules.offersInsurance` is on and the
/// dealer shows an ace, the peek waits for the player to take or decline insurance first
/// (see `canTakeInsurance`). Otherwise the player hits, stands, doubles down, splits a pair
/// or surrenders; a hand that makes 21 stands by itself (there is nothing better to draw
/// for). Split hands are played left to right (`playerHands`, `activeHandIndex`), and
/// the dealer then draws to 16 and stands on all 17s (hits a soft 17 when
/// `rules.dealerHitsSoft17`). The game ends after five hands or when the score reaches
/// zero. Actions that the rules do not allow are ignored, never trapped. One seed fixes
/// every card of the game.
///
/// No bet can lose more than the score: doubling, splitting and insurance are offered
/// only when the score covers every stake on the table plus the one added.
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
    /// The dealer draws while under this total and stands on it or more (a soft 17 draws
    /// when the rules say the dealer hits soft 17).
    public static let dealerStandingTotal = 17
    /// The most hands a player can hold by splitting and resplitting.
    public static let maximumSplitHands = 4
    /// How many cards each side gets at the deal.
    static let openingCardCount = 2
    /// A double down multiplies the stake by this.
    static let doubleDownFactor = 2
    /// A won insurance bet pays this many times its cost.
    static let insurancePayoutFactor = 2

    /// The seed that fixes the shoe; pass it back to replay the game.
    public let seed: UInt64
    /// The table's house rules; `rules.decks` is the shoe's deck count (clamped to 1...8).
    public let rules: TableRules
    /// The player's hands, left to right: one, or up to four after splits.
    ///
    /// Kept after settling, until the next deal; before the first deal it holds one
    /// empty hand. A hand made by a split holds one card until play reaches it, when it
    /// is dealt its second.
    public private(set) var playerHands = [HandOfCards()]
    /// Which of `playerHands` is in play (or, after settling, was played last).
    public private(set) var activeHandIndex = 0
    /// The points riding on each of `playerHands`: the bet, doubled by a double down.
    public private(set) var handStakes = [0]
    /// How each of `playerHands` ended: nil while it is still to be decided.
    ///
    /// A hand that busts is decided at once (`.playerBust`) while the others play on;
    /// every hand is decided when the hand is settled.
    public private(set) var handOutcomes: [HandOutcome?] = [nil]
    /// What each of `playerHands` moved the score when it was settled: +stake for a win,
    /// +stake × 3/2 for a natural paid 3:2, −stake/2 for a surrender; 0 until settled.
    public private(set) var handScoreChanges = [0]
    /// Whether each of `playerHands` was doubled down.
    public private(set) var doubledHands = [false]
    /// The dealer's cards in dealt order: the up card, the hole card, then each card drawn.
    public private(set) var dealerHand = HandOfCards()
    /// The game score: 100 at the start, moved by every won or lost bet; never below zero.
    public private(set) var score = BlackjackGame.startingScore
    /// How many hands have been dealt in this game: 0 before the first deal.
    public private(set) var handNumber = 0
    /// How many hands of this game were won, pushed and lost (a natural is a win).
    ///
    /// A hand split into several counts once, by what its hands won together (insurance
    /// aside): ahead is won, even is pushed, behind is lost; a surrender is lost.
    public private(set) var handsWon = 0
    public private(set) var handsPushed = 0
    public private(set) var handsLost = 0
    /// Whether the hand is dealt and not yet settled (the player is to act, or to answer
    /// the insurance question).
    public private(set) var isHandInProgress = false
    /// Whether the shoe was reshuffled for the hand on the table (at its deal, or when
    /// the shoe ran out during it).
    public private(set) var didReshuffle = false
    /// Whether the insurance question is open: the dealer shows an ace and the player has
    /// not yet taken or declined insurance (or even money). See `canTakeInsurance`.
    public private(set) var isInsuranceOffered = false
    /// What insurance cost in the hand on the table: half the bet, 0 when not taken.
    public private(set) var insuranceStake = 0
    /// What insurance moved the score in the hand on the table: +2 × its cost when the
    /// dealer had a natural, −its cost when not, 0 when not taken.
    public private(set) var insuranceScoreChange = 0
    /// What the last action did, in order; empty before the first deal and after `newGame()`.
    ///
    /// An ignored action leaves it as it was.
    public private(set) var lastEvents: [BlackjackEvent] = []

    /// The shoe the cards come from, with the discards (internal so tests can count every card).
    private(set) var shoe: Shoe
    /// The bet chosen for the next hands, always within the limits.
    private var chosenBet: Int

    /// A game with a random seed and the specification's rules (six decks).
    public init() {
        self.init(seed: SeededGenerator.randomSeed())
    }

    /// A game with a random seed at a table with these house rules.
    public init(rules: TableRules) {
        self.init(seed: SeededGenerator.randomSeed(), rules: rules)
    }

    /// A reproducible game with the specification's rules and `decks` decks
    /// (`TableRules(decks:)`): the same seed (and cards stacked) gives the same cards.
    ///
    /// - Parameters:
    ///   - seed: fixes every shuffle of the shoe.
    ///   - decks: how many standard decks the shoe holds, clamped to 1...8.
    ///   - stackedCards: cards moved to the top of the shoe, dealt first in this order
    ///     (player, dealer, player, dealer, then every card drawn); for tests and demos.
    public init(seed: UInt64, decks: Int = BlackjackGame.defaultDeckCount, stackedCards: [Card] = []) {
        self.init(seed: seed, rules: TableRules(decks: decks), stackedCards: stackedCards)
    }

    /// A reproducible game at a table with these house rules (its deck count clamped to 1...8).
    ///
    /// - Parameters:
    ///   - seed: fixes every shuffle of the shoe.
    ///   - rules: the house rules; `TableRules()` is the specification's game.
    ///   - stackedCards: cards moved to the top of the shoe, dealt first in this order
    ///     (player, dealer, player, dealer, then every card drawn, split hands' included);
    ///     for tests and demos.
    public init(seed: UInt64, rules: TableRules, stackedCards: [Card] = []) {
        let range = BlackjackGame.deckCountRange
        var rules = rules
        rules.decks = min(max(rules.decks, range.lowerBound), range.upperBound)
        let generator = SeededGenerator(seed: seed)
        self.init(seed: seed, rules: rules,
                  shoe: Shoe(deckCount: rules.decks, generator: generator, stackedCards: stackedCards))
    }

    /// A game at its start, dealing from `shoe` as it stands.
    private init(seed: UInt64, rules: TableRules, shoe: Shoe) {
        self.seed = seed
        self.rules = rules
        self.shoe = shoe
        chosenBet = BlackjackGame.clampedBet(BlackjackGame.defaultBet, score: BlackjackGame.startingScore)
    }

    // MARK: - What the screen reads

    /// The player's hand in play: `playerHands[activeHandIndex]` (kept after settling,
    /// until the next deal; empty before the first deal).
    public var playerHand: HandOfCards {
        playerHands[activeHandIndex]
    }

    /// How the hand in play ended; nil before the first hand is settled and during a hand.
    ///
    /// With one hand, how the hand ended; after a split, the outcome of the hand in play
    /// (the last one, once settled): read `handOutcomes` for each.
    public var outcome: HandOutcome? {
        handOutcomes[activeHandIndex]
    }

    /// The points riding on the hand in play: the bet, doubled by a double down.
    ///
    /// Kept after the hand is settled, so the status line can say what was won or lost;
    /// 0 before the first deal. After a split, read `handStakes` for each hand.
    public var stake: Int {
        handStakes[activeHandIndex]
    }

    /// Whether the player doubled down on the hand in play.
    public var isDoubledDown: Bool {
        doubledHands[activeHandIndex]
    }

    /// Whether the player's hand has been split (more than one hand on the table).
    public var isSplit: Bool {
        playerHands.count > 1
    }

    /// The points on the table in every player hand together.
    public var totalStake: Int {
        handStakes.reduce(0, +)
    }

    /// What the last settled hand moved the score, every split hand and insurance
    /// included; 0 before the first deal and while a hand is in play before it settles.
    public var totalScoreChange: Int {
        handScoreChanges.reduce(0, +) + insuranceScoreChange
    }

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

    /// Whether the player may act on the hand in play (hit, stand and the rest): a hand
    /// is in play and the insurance question is not open.
    public var canAct: Bool {
        isHandInProgress && !isInsuranceOffered
    }

    /// Whether `doubleDown()` would act: the hand in play holds two cards, it is not a
    /// split hand unless the rules allow doubling after a split, and the score covers
    /// every stake on the table plus this hand's once more.
    public var canDoubleDown: Bool {
        canAct
            && playerHand.cards.count == BlackjackGame.openingCardCount
            && (!isSplit || rules.doubleAfterSplit)
            && scoreCoversAnother(stake)
    }

    /// Whether `split()` would act: the hand in play is two cards of the same rank (a
    /// King and a Queen are not a pair, though both count 10), the player holds fewer
    /// than four hands, and the score covers every stake on the table plus one more bet.
    public var canSplit: Bool {
        let cards = playerHand.cards
        return canAct
            && cards.count == BlackjackGame.openingCardCount
            && cards[0].rank == cards[1].rank
            && playerHands.count < BlackjackGame.maximumSplitHands
            && scoreCoversAnother(stake)
    }

    /// Whether `surrender()` would act: the rules allow late surrender, the dealer has
    /// checked for a natural (as it has whenever the player may act), and the player's
    /// first two cards stand unsplit with no other decision made. A stake that does not
    /// halve into whole points (a last bet of 5) cannot be surrendered.
    public var canSurrender: Bool {
        rules.lateSurrender
            && canAct
            && !isSplit
            && playerHand.cards.count == BlackjackGame.openingCardCount
            && stake.isMultiple(of: 2)
    }

    /// Whether `takeInsurance()` would act: the insurance question is open (the dealer
    /// shows an ace and has not yet peeked; the first decision of the hand).
    ///
    /// The question is asked only when the rules offer insurance, the score covers the
    /// bet plus half of it, and the bet halves into whole points; or, as even money, when
    /// the player holds a natural and naturals pay 3:2 (`isEvenMoneyOffer`). Until the
    /// player takes or declines it, no other action acts.
    public var canTakeInsurance: Bool {
        isHandInProgress && isInsuranceOffered
    }

    /// Whether the open insurance question is an offer of even money: the player holds a
    /// natural against an ace and naturals pay 3:2. Taking it (`takeInsurance()`) settles
    /// the natural at once at 1:1, whatever the hole card; declining risks a push against
    /// the dealer's natural for the 3:2 payout.
    public var isEvenMoneyOffer: Bool {
        canTakeInsurance && playerHand.isNatural
    }

    /// What taking insurance would cost now: half the bet (0 when not offered, and for
    /// even money, which costs nothing).
    public var insuranceCost: Int {
        canTakeInsurance && !isEvenMoneyOffer ? stake / 2 : 0
    }

    /// Whether hand `index` of `playerHands` is a natural: 21 with the first two cards of
    /// an unsplit hand (an ace and a ten-card after a split is a 21, not a natural).
    public func isNatural(handAt index: Int) -> Bool {
        !isSplit && playerHands.indices.contains(index) && playerHands[index].isNatural
    }

    /// Whether `perform(action)` would act now (`canAct` for a hit or a stand, `canDoubleDown`,
    /// `canSplit`, `canSurrender`).
    public func canPerform(_ action: PlayerAction) -> Bool {
        switch action {
        case .hit, .stand: canAct
        case .doubleDown: canDoubleDown
        case .split: canSplit
        case .surrender: canSurrender
        }
    }

    /// The decisions the player may make on the hand in play now, in `PlayerAction` order;
    /// empty between hands and while the insurance question is open.
    public var allowedActions: [PlayerAction] {
        PlayerAction.allCases.filter(canPerform)
    }

    /// Makes the decision `action` on the hand in play: `hit()`, `stand()`, `doubleDown()`,
    /// `split()` or `surrender()`; does nothing when it is not allowed.
    public mutating func perform(_ action: PlayerAction) {
        switch action {
        case .hit: hit()
        case .stand: stand()
        case .doubleDown: doubleDown()
        case .split: split()
        case .surrender: surrender()
        }
    }

    /// Whether the dealer's second card is face down: from the deal until the hand is settled.
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
    /// the shoe remains. A natural on either side settles the hand at once, unless the
    /// dealer shows an ace and insurance is offered: then the hand waits for
    /// `takeInsurance()` or `declineInsurance()`. Does nothing while a hand is in play
    /// or once the game is over.
    public mutating func deal() {
        guard canDeal else { return }
        clearTable()
        lastEvents = []
        didReshuffle = shoe.needsReshuffle && shoe.reshuffle()
        if didReshuffle {
            lastEvents.append(.reshuffled)
        }
        handNumber += 1
        playerHands = [HandOfCards()]
        activeHandIndex = 0
        handStakes = [chosenBet]
        handOutcomes = [nil]
        handScoreChanges = [0]
        doubledHands = [false]
        insuranceStake = 0
        insuranceScoreChange = 0
        isHandInProgress = true
        for _ in 0..<BlackjackGame.openingCardCount {
            drawCard(to: .player, announced: false)
            drawCard(to: .dealer, announced: false)
        }
        lastEvents.append(.dealt)
        if shouldOfferInsurance {
            isInsuranceOffered = true
            lastEvents.append(playerHand.isNatural ? .evenMoneyOffered : .insuranceOffered)
        } else {
            settleNaturals()
        }
    }

    /// Takes the insurance (or even money) offered against the dealer's ace.
    ///
    /// Insurance costs half the bet; the dealer then peeks: with a natural it pays 2:1
    /// and the hand is lost (settled at once), without one its cost is lost and play goes
    /// on. Even money (`isEvenMoneyOffer`) settles the player's natural at once at 1:1.
    /// Does nothing unless `canTakeInsurance`.
    public mutating func takeInsurance() {
        guard canTakeInsurance else { return }
        lastEvents = []
        isInsuranceOffered = false
        if playerHand.isNatural {
            lastEvents.append(.evenMoneyTaken)
            settleRound(with: .evenMoney)
            return
        }
        insuranceStake = stake / 2
        lastEvents.append(.insuranceTaken(insuranceStake))
        if dealerHand.isNatural {
            insuranceScoreChange = insuranceStake * BlackjackGame.insurancePayoutFactor
            lastEvents.append(.insuranceWon(insuranceScoreChange))
        } else {
            insuranceScoreChange = -insuranceStake
            lastEvents.append(.insuranceLost(insuranceStake))
        }
        score += insuranceScoreChange
        settleNaturals()
    }

    /// Declines the insurance (or even money) offered; the dealer then peeks, and a
    /// natural on either side settles the hand at once. Does nothing unless `canTakeInsurance`.
    public mutating func declineInsurance() {
        guard canTakeInsurance else { return }
        lastEvents = [.insuranceDeclined]
        isInsuranceOffered = false
        settleNaturals()
    }

    /// Gives the hand in play one more card; going over 21 loses that hand at once, and
    /// making 21 stands by itself. Either way play moves to the next split hand, or the
    /// dealer plays out the hand.
    ///
    /// Does nothing unless the player may act (`canAct`).
    public mutating func hit() {
        guard canAct else { return }
        lastEvents = []
        drawCard(to: .player)
        if playerHand.areCardsBust() {
            handOutcomes[activeHandIndex] = .playerBust
            finishActiveHand()
        } else if playerHand.calculateBestScore() == HandOfCards.blackjackTotal {
            finishActiveHand()
        }
    }

    /// Ends the hand in play: play moves to the next split hand, or the dealer turns the
    /// hole card over, plays out the hand, and every hand is settled. Does nothing unless
    /// the player may act (`canAct`).
    public mutating func stand() {
        guard canAct else { return }
        lastEvents = []
        finishActiveHand()
    }

    /// Doubles the stake of the hand in play, takes exactly one card, and stands.
    ///
    /// Allowed only on two cards, after a split only when the rules allow it, and when
    /// the score covers the added stake (`canDoubleDown`); otherwise does nothing.
    public mutating func doubleDown() {
        guard canDoubleDown else { return }
        lastEvents = []
        handStakes[activeHandIndex] *= BlackjackGame.doubleDownFactor
        doubledHands[activeHandIndex] = true
        drawCard(to: .player)
        if playerHand.areCardsBust() {
            handOutcomes[activeHandIndex] = .playerBust
        }
        finishActiveHand()
    }

    /// Splits the pair in play into two hands, each with the bet, the new one to its right.
    ///
    /// The hand in play is dealt its second card at once; the new hand gets its second
    /// when play reaches it. Split aces get one card each and stand; a split hand that
    /// makes 21 with two cards stands by itself and is a 21, not a natural. Does nothing
    /// unless `canSplit`.
    public mutating func split() {
        guard canSplit else { return }
        let index = activeHandIndex
        let rank = playerHand.cards[0].rank
        lastEvents = [.split(rank)]
        var cards = playerHands[index].takeAllCards()
        let moved = cards.removeLast()
        playerHands[index] = HandOfCards(cards: cards)
        playerHands.insert(HandOfCards(cards: [moved]), at: index + 1)
        handStakes.insert(handStakes[index], at: index + 1)
        handOutcomes.insert(nil, at: index + 1)
        handScoreChanges.insert(0, at: index + 1)
        doubledHands.insert(false, at: index + 1)
        drawCard(to: .player)
        if handStandsByItself(index) {
            finishActiveHand()
        }
    }

    /// Gives up the hand for half the bet: the hand ends at once, the dealer's hole card
    /// is shown and the dealer does not draw. Does nothing unless `canSurrender`.
    public mutating func surrender() {
        guard canSurrender else { return }
        lastEvents = []
        settleRound(with: .surrendered)
    }

    /// Starts the game over: score 100, no hand dealt, the default bet, the same rules.
    ///
    /// The cards on the table go to the discards; the shoe carries on (it reshuffles
    /// on its own when it runs low), so no card is lost.
    public mutating func newGame() {
        clearTable()
        self = BlackjackGame(seed: seed, rules: rules, shoe: shoe)
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

    /// What `outcome` moves the score for a hand with `stake` under `rules`.
    ///
    /// A natural paid 3:2 rounds down when the stake is odd (only a last bet of 5 is).
    static func scoreChange(for outcome: HandOutcome, stake: Int, rules: TableRules) -> Int {
        switch outcome {
        case .natural where rules.blackjackPayout == .threeToTwo: stake * 3 / 2
        case .surrendered: -(stake / 2)
        default: outcome.scoreSign * stake
        }
    }

    /// Whether the score covers every stake on the table plus `added`.
    private func scoreCoversAnother(_ added: Int) -> Bool {
        totalStake + added <= score
    }

    /// Whether the hand just dealt asks the insurance question: the rules offer it and
    /// the dealer shows an ace; for a natural only as even money (naturals paying 3:2),
    /// otherwise only when the score covers the bet and half of it in whole points.
    private var shouldOfferInsurance: Bool {
        guard rules.offersInsurance, dealerHand.cards.first?.rank == .ace else { return false }
        if playerHand.isNatural { return rules.blackjackPayout == .threeToTwo }
        return stake.isMultiple(of: 2) && stake + stake / 2 <= score
    }

    /// The dealer's peek: a natural on either side settles the hand now.
    private mutating func settleNaturals() {
        if let natural = naturalOutcome() {
            settleRound(with: natural)
        }
    }

    /// Whether hand `index` is done without a decision: it made 21, or it is a split ace
    /// that has been dealt its one card.
    private func handStandsByItself(_ index: Int) -> Bool {
        let hand = playerHands[index]
        if hand.calculateBestScore() == HandOfCards.blackjackTotal { return true }
        return isSplit && hand.cards.first?.rank == .ace && hand.cards.count >= BlackjackGame.openingCardCount
    }

    /// Moves the cards of the last hand from the table to the discards.
    private mutating func clearTable() {
        var played: [Card] = []
        for index in playerHands.indices {
            played += playerHands[index].takeAllCards()
        }
        shoe.discard(played + dealerHand.takeAllCards())
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

    /// The outcome of hand `index`, played out by the dealer, for a player who did not bust.
    private func comparedOutcome(ofHand index: Int) -> HandOutcome {
        let player = playerHands[index].calculateBestScore()
        let dealer = dealerHand.calculateBestScore()
        if dealerHand.areCardsBust() { return .dealerBust }
        if player > dealer { return .win }
        return player == dealer ? .push : .loss
    }

    /// The hand in play is done: play moves right to the next split hand (dealing it its
    /// second card, and on past any hand that stands by itself), or, after the last, the
    /// dealer plays and every hand is settled.
    private mutating func finishActiveHand() {
        while activeHandIndex + 1 < playerHands.count {
            activeHandIndex += 1
            lastEvents.append(.movedToHand(activeHandIndex))
            drawCard(to: .player)
            if !handStandsByItself(activeHandIndex) { return }
        }
        settleRound(with: nil)
    }

    /// Whether the dealer must draw to `hand` under the rules: under 17, or a soft 17 when
    /// the dealer hits soft 17.
    private func dealerDraws(to hand: HandOfCards) -> Bool {
        let total = hand.calculateBestScore()
        if total < BlackjackGame.dealerStandingTotal { return true }
        return rules.dealerHitsSoft17 && total == BlackjackGame.dealerStandingTotal && hand.isSoft
    }

    /// Ends the hand: turns the hole card over, books `settled` for the (one) hand when it
    /// is given; otherwise lets the dealer draw when any hand is still undecided and books
    /// the totals compared. Then moves the score and counts the hand won, pushed or lost.
    private mutating func settleRound(with settled: HandOutcome?) {
        isHandInProgress = false
        isInsuranceOffered = false
        if let holeCard = dealerHand.cards.dropFirst().first {
            lastEvents.append(.dealerRevealed(holeCard))
        }
        if let settled {
            handOutcomes[activeHandIndex] = settled
        } else if handOutcomes.contains(where: { $0 == nil }) {
            while dealerDraws(to: dealerHand) {
                guard drawCard(to: .dealer) else { break }
            }
        }
        for index in playerHands.indices {
            let result = handOutcomes[index] ?? comparedOutcome(ofHand: index)
            handOutcomes[index] = result
            handScoreChanges[index] = BlackjackGame.scoreChange(for: result, stake: handStakes[index], rules: rules)
        }
        let handsChange = handScoreChanges.reduce(0, +)
        score += handsChange
        if handsChange > 0 { handsWon += 1 } else if handsChange < 0 { handsLost += 1 } else { handsPushed += 1 }
        chosenBet = BlackjackGame.clampedBet(chosenBet, score: score)
        for case let result? in handOutcomes {
            lastEvents.append(.settled(result))
        }
    }

    /// The two sides of the table.
    private enum Seat {
        case player
        case dealer
    }

    /// Deals the next card from the shoe to `seat` (the player's hand in play), recording
    /// it as drawn when `announced` (the opening four cards are announced together as `.dealt`).
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
            playerHands[activeHandIndex].add(card)
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
///
/// A game saved before split hands, insurance and house rules decodes as a one-hand game
/// with the specification's rules.
extension BlackjackGame: Codable {
    private enum CodingKeys: String, CodingKey {
        case seed, rules, playerHand, playerHands, activeHandIndex, handStakes, handOutcomes
        case handScoreChanges, doubledHands, dealerHand, score, handNumber
        case handsWon, handsPushed, handsLost, isHandInProgress, outcome, stake, isDoubledDown
        case didReshuffle, isInsuranceOffered, insuranceStake, insuranceScoreChange
        case lastEvents, shoe, chosenBet
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(seed, forKey: .seed)
        try values.encode(rules, forKey: .rules)
        try values.encode(playerHand, forKey: .playerHand)
        try values.encode(playerHands, forKey: .playerHands)
        try values.encode(activeHandIndex, forKey: .activeHandIndex)
        try values.encode(handStakes, forKey: .handStakes)
        try values.encode(handOutcomes, forKey: .handOutcomes)
        try values.encode(handScoreChanges, forKey: .handScoreChanges)
        try values.encode(doubledHands, forKey: .doubledHands)
        try values.encode(dealerHand, forKey: .dealerHand)
        try values.encode(score, forKey: .score)
        try values.encode(handNumber, forKey: .handNumber)
        try values.encode(handsWon, forKey: .handsWon)
        try values.encode(handsPushed, forKey: .handsPushed)
        try values.encode(handsLost, forKey: .handsLost)
        try values.encode(isHandInProgress, forKey: .isHandInProgress)
        try values.encodeIfPresent(outcome, forKey: .outcome)
        try values.encode(stake, forKey: .stake)
        try values.encode(isDoubledDown, forKey: .isDoubledDown)
        try values.encode(didReshuffle, forKey: .didReshuffle)
        try values.encode(isInsuranceOffered, forKey: .isInsuranceOffered)
        try values.encode(insuranceStake, forKey: .insuranceStake)
        try values.encode(insuranceScoreChange, forKey: .insuranceScoreChange)
        try values.encode(lastEvents, forKey: .lastEvents)
        try values.encode(shoe, forKey: .shoe)
        try values.encode(chosenBet, forKey: .chosenBet)
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        seed = try values.decode(UInt64.self, forKey: .seed)
        shoe = try values.decode(Shoe.self, forKey: .shoe)
        rules = try values.decodeIfPresent(TableRules.self, forKey: .rules) ?? TableRules(decks: shoe.deckCount)
        // The hand in play, as every save has it; the split hands as a newer one has them.
        let handInPlay = try values.decode(HandOfCards.self, forKey: .playerHand)
        let outcomeInPlay = try values.decodeIfPresent(HandOutcome.self, forKey: .outcome)
        let stakeInPlay = try values.decode(Int.self, forKey: .stake)
        let doubledInPlay = try values.decode(Bool.self, forKey: .isDoubledDown)
        playerHands = try values.decodeIfPresent([HandOfCards].self, forKey: .playerHands) ?? [handInPlay]
        activeHandIndex = try values.decodeIfPresent(Int.self, forKey: .activeHandIndex) ?? 0
        handStakes = try values.decodeIfPresent([Int].self, forKey: .handStakes) ?? [stakeInPlay]
        handOutcomes = try values.decodeIfPresent([HandOutcome?].self, forKey: .handOutcomes) ?? [outcomeInPlay]
        doubledHands = try values.decodeIfPresent([Bool].self, forKey: .doubledHands) ?? [doubledInPlay]
        dealerHand = try values.decode(HandOfCards.self, forKey: .dealerHand)
        score = try values.decode(Int.self, forKey: .score)
        handNumber = try values.decode(Int.self, forKey: .handNumber)
        handsWon = try values.decodeIfPresent(Int.self, forKey: .handsWon) ?? 0
        handsPushed = try values.decodeIfPresent(Int.self, forKey: .handsPushed) ?? 0
        handsLost = try values.decodeIfPresent(Int.self, forKey: .handsLost) ?? 0
        isHandInProgress = try values.decode(Bool.self, forKey: .isHandInProgress)
        didReshuffle = try values.decode(Bool.self, forKey: .didReshuffle)
        isInsuranceOffered = try values.decodeIfPresent(Bool.self, forKey: .isInsuranceOffered) ?? false
        insuranceStake = try values.decodeIfPresent(Int.self, forKey: .insuranceStake) ?? 0
        insuranceScoreChange = try values.decodeIfPresent(Int.self, forKey: .insuranceScoreChange) ?? 0
        lastEvents = try values.decode([BlackjackEvent].self, forKey: .lastEvents)
        chosenBet = try values.decode(Int.self, forKey: .chosenBet)
        // An older save's settled hand: what it moved the score, by the rules it was played under.
        handScoreChanges = try values.decodeIfPresent([Int].self, forKey: .handScoreChanges)
            ?? zip(handOutcomes, handStakes).map { outcome, stake in
                outcome.map { BlackjackGame.scoreChange(for: $0, stake: stake, rules: TableRules()) } ?? 0
            }
        let count = playerHands.count
        guard [handStakes.count, handOutcomes.count, handScoreChanges.count, doubledHands.count].allSatisfy({ $0 == count }),
              playerHands.indices.contains(activeHandIndex),
              playerHand == handInPlay, outcome == outcomeInPlay, stake == stakeInPlay, isDoubledDown == doubledInPlay,
              isConsistent
        else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a game the rules can reach"))
        }
    }

    /// The largest score or stake a restored game may hold: far above what five hands from
    /// 100 can reach, and low enough that no doubled stake or settled bet overflows.
    static let largestRestoredPoints = Int.max / 16

    /// Whether the value keeps the rules' invariants: every card of the shoe's decks in
    /// exactly one place, the rules' deck count the shoe's, a hand number within the
    /// game, points not negative, a bet the limits allow, no more hands settled than
    /// dealt, at most four hands, and a hand in play only with its cards dealt.
    var isConsistent: Bool {
        let points = 0...BlackjackGame.largestRestoredPoints
        guard BlackjackGame.deckCountRange.contains(shoe.deckCount),
              rules.decks == shoe.deckCount,
              (0...BlackjackGame.handsPerGame).contains(handNumber),
              points.contains(score),
              handStakes.allSatisfy(points.contains),
              points.contains(totalStake),
              points.contains(insuranceStake),
              (1...BlackjackGame.maximumSplitHands).contains(playerHands.count),
              chosenBet == BlackjackGame.clampedBet(chosenBet, score: score),
              [handsWon, handsPushed, handsLost].allSatisfy({ $0 >= 0 }),
              handsWon + handsPushed + handsLost <= handNumber
        else { return false }
        if isHandInProgress {
            guard handNumber > 0, outcome == nil,
                  playerHand.cards.count >= BlackjackGame.openingCardCount,
                  dealerHand.cards.count >= BlackjackGame.openingCardCount
            else { return false }
        } else if isInsuranceOffered {
            return false
        }
        var counts: [Card: Int] = [:]
        for card in shoe.cards + shoe.discards + playerHands.flatMap(\.cards) + dealerHand.cards {
            counts[card, default: 0] += 1
        }
        return counts.count == Card.standardDeck.count && counts.values.allSatisfy { $0 == shoe.deckCount }
    }
}
