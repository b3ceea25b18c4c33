import ArcadeCore

/// A timed memory game: find the pairs among face-down cards before the game clock runs out.
///
/// The rules, as the screen sees them:
///
/// - The board holds `numberOfPairs` pairs of cards with equal content, shuffled with the
///   game's seed. Cards never move: the screen draws `cards` in order.
/// - Choosing a face-down card turns it face up. At most two unmatched cards are face up at
///   once: choosing another card turns those two face down first, and so does
///   `turnMismatchFaceDown(now:)` (the screen turns them back on its own after a moment).
/// - Two face-up cards with equal content are matched and leave play. A matched card stays
///   `isFaceUp` and `isMatched` for good; the screen leaves its place empty.
/// - Choosing a face-up or matched card, a card that is not in this game, or any card once
///   the game is over (won, or the clock ran out) does nothing.
/// - The game clock (`timeLimit` seconds) starts at the first accepted choice. It stops when
///   the last pair is matched (the game is won) or reaches zero (the game is lost).
/// - Each card has a bonus time (`bonusTimeLimit`, 6 s by default) that runs only while the
///   card is face up and unmatched, adds up across turns, and stops when the card is matched.
///   The two cards of a mismatch keep using their bonus time until the next choice or
///   `turnMismatchFaceDown(now:)` turns them face down.
///
/// Scoring: a match earns 2 points plus the whole seconds of bonus time left on each of its
/// two cards. A mismatch costs 1 point for each of its cards that had already been seen
/// (turned face up in an earlier turn). The score may go below zero.
///
/// The model never reads a clock: every time-dependent call takes `now`, in seconds on any
/// monotonic clock, and times only ever count forwards (a `now` earlier than a previous one
/// adds no time). Time-dependent values freeze when the game ends.
public struct MemoryGame<CardContent: Equatable> {
    /// One card on the board: its content, whether it is face up or matched, and its bonus time.
    ///
    /// A card is identified by `id`; the game looks a chosen card up by its id, so a stale
    /// copy of a card still names the right one.
    public struct Card: Identifiable, Equatable {
        /// The card's identity, unique in its game (0 ..< 2 × numberOfPairs, before shuffling).
        public let id: Int
        /// What the card shows when face up; the two cards of a pair hold equal content.
        public let content: CardContent
        /// Whether the card shows its content; matched cards stay face up.
        public internal(set) var isFaceUp = false
        /// Whether the card's pair has been found; a matched card has left play.
        public internal(set) var isMatched = false
        /// Whether the card has been turned face up in an earlier, finished turn.
        public internal(set) var hasBeenSeen = false
        /// Seconds the card was face up in turns that have finished (its bonus clock's past).
        public internal(set) var pastFaceUpTime: Double = 0
        /// When the card was last turned face up, while its bonus clock runs; `nil` otherwise.
        public internal(set) var lastFaceUpTime: Double?

        /// Seconds face up so far, across turns, counting the running turn up to `now`.
        func faceUpTime(now: Double) -> Double {
            guard let lastFaceUpTime else { return pastFaceUpTime }
            return pastFaceUpTime + max(0, now - lastFaceUpTime)
        }

        /// Turns the card face up and starts its bonus clock.
        mutating func turnFaceUp(now: Double) {
            isFaceUp = true
            lastFaceUpTime = now
        }

        /// Turns the card face down and stops its bonus clock.
        mutating func turnFaceDown(now: Double) {
            stopBonusClock(now: now)
            isFaceUp = false
        }

        /// Adds the running turn's face-up time to the past and stops counting.
        mutating func stopBonusClock(now: Double) {
            pastFaceUpTime = faceUpTime(now: now)
            lastFaceUpTime = nil
        }
    }

    /// The cards, in board order; their order never changes during a game.
    public private(set) var cards: [Card]
    /// Points so far: +2 and whole bonus seconds per match, −1 per seen card in a mismatch.
    public private(set) var score = 0
    /// Turns taken: one each time a second card is turned face up, whether it matches or not.
    public private(set) var moves = 0
    /// When the first card was chosen and the game clock started; `nil` before that.
    public private(set) var startTime: Double?
    /// When the last pair was matched and the game was won; `nil` until then.
    public private(set) var finishTime: Double?

    /// How many pairs the board holds (at least 1, at most `maximumNumberOfPairs`).
    public let numberOfPairs: Int
    /// The game clock in seconds, from the first choice to a lost game.
    public let timeLimit: Double
    /// Seconds of bonus each card has while face up and unmatched.
    public let bonusTimeLimit: Double
    /// The seed that fixed the shuffle; a game made with the same seed deals the same board.
    public let seed: UInt64

    /// The most pairs a board may hold; larger requests are clamped to it.
    public static var maximumNumberOfPairs: Int { 1_000 }

    /// The longest time limit, in seconds, a game accepts (one day); longer ones are clamped.
    public static var maximumTimeLimit: Double { 86_400 }

    /// A suggested game clock for a board of `pairs` pairs: 7.5 s per pair.
    ///
    /// That is 45 s for 6 pairs, 60 s for 8 pairs and 90 s for 12 pairs. `pairs` is clamped
    /// like `numberOfPairs`.
    public static func gameClock(forPairs pairs: Int) -> Double {
        7.5 * Double(clampedPairs(pairs))
    }

    /// A game of `numberOfPairs` pairs whose shuffle is fixed by `seed`.
    ///
    /// `contentFactory` gives the content of each pair from its index, 0 ..< numberOfPairs.
    /// `numberOfPairs` is clamped to 1 ... `maximumNumberOfPairs`; `timeLimit` and
    /// `bonusTimeLimit` (seconds) are clamped to 0 ... `maximumTimeLimit` (NaN counts as 0).
    public init(
        numberOfPairs: Int,
        timeLimit: Double,
        bonusTimeLimit: Double = 6,
        seed: UInt64,
        contentFactory: (Int) -> CardContent
    ) {
        let pairs = Self.clampedPairs(numberOfPairs)
        self.numberOfPairs = pairs
        self.timeLimit = Self.clampedTime(timeLimit)
        self.bonusTimeLimit = Self.clampedTime(bonusTimeLimit)
        self.seed = seed

        var deck: [Card] = []
        deck.reserveCapacity(2 * pairs)
        for pairIndex in 0..<pairs {
            let content = contentFactory(pairIndex)
            deck.append(Card(id: 2 * pairIndex, content: content))
            deck.append(Card(id: 2 * pairIndex + 1, content: content))
        }
        var generator = SeededGenerator(seed: seed)
        cards = deck.shuffled(using: &generator)
    }

    /// A game of `numberOfPairs` pairs with a random seed, kept in `seed` for a replay.
    public init(
        numberOfPairs: Int,
        timeLimit: Double,
        bonusTimeLimit: Double = 6,
        contentFactory: (Int) -> CardContent
    ) {
        self.init(
            numberOfPairs: numberOfPairs,
            timeLimit: timeLimit,
            bonusTimeLimit: bonusTimeLimit,
            seed: SeededGenerator.randomSeed(),
            contentFactory: contentFactory
        )
    }

    // MARK: - Choosing

    /// Turns `card` face up at time `now`, matching or mismatching it with the other face-up card.
    ///
    /// Does nothing if the card is face up, matched or not in this game, if the game is over
    /// at `now`, or if `now` is not a finite number.
    public mutating func choose(_ card: Card, now: Double) {
        guard now.isFinite,
              let chosenIndex = index(of: card),
              !cards[chosenIndex].isFaceUp,
              !cards[chosenIndex].isMatched,
              !isOver(now: now)
        else { return }

        if startTime == nil {
            startTime = now
        }
        let faceUp = faceUpIndices
        if faceUp.count >= 2 {
            for index in faceUp {
                cards[index].turnFaceDown(now: now)
            }
        }
        cards[chosenIndex].turnFaceUp(now: now)
        if faceUp.count == 1 {
            finishTurn(faceUp[0], chosenIndex, now: now)
        }
    }

    /// Turns the two cards of a mismatch face down at `now`, stopping their bonus clocks.
    ///
    /// What the next choice would do first, done sooner: the score and moves stay as they
    /// are. Does nothing unless two unmatched cards are face up, if the game is over at
    /// `now`, or if `now` is not a finite number.
    public mutating func turnMismatchFaceDown(now: Double) {
        guard now.isFinite, isShowingMismatch, !isOver(now: now) else { return }
        for index in faceUpIndices {
            cards[index].turnFaceDown(now: now)
        }
    }

    /// Scores the turn made of the two face-up cards at `first` and `second`.
    private mutating func finishTurn(_ first: Int, _ second: Int, now: Double) {
        moves += 1
        if cards[first].content == cards[second].content {
            score += 2 + wholeBonusSeconds(at: first, now: now) + wholeBonusSeconds(at: second, now: now)
            for index in [first, second] {
                cards[index].isMatched = true
                cards[index].stopBonusClock(now: now)
            }
            if isWon {
                finishTime = now
            }
        } else {
            score -= [first, second].filter { cards[$0].hasBeenSeen }.count
        }
        cards[first].hasBeenSeen = true
        cards[second].hasBeenSeen = true
    }

    /// The whole seconds of bonus time left on the card at `index` (the bonus a match earns).
    private func wholeBonusSeconds(at index: Int, now: Double) -> Int {
        Int(bonusTimeRemaining(of: cards[index], now: now).rounded(.down))
    }

    // MARK: - The board

    /// The indices of the face-up cards that are not matched (at most two).
    public var faceUpIndices: [Int] {
        cards.indices.filter { cards[$0].isFaceUp && !cards[$0].isMatched }
    }

    /// The face-up cards that are not matched (at most two), in board order.
    public var faceUpCards: [Card] {
        faceUpIndices.map { cards[$0] }
    }

    /// Whether two unmatched cards are face up: a mismatch waiting to be turned face down.
    public var isShowingMismatch: Bool {
        faceUpIndices.count == 2
    }

    /// How many pairs have been matched so far.
    ///
    /// This and the questions of whether the game is over are inlinable, so the screen asks
    /// them of its own concrete game: unspecialised, each call would look up the generic type
    /// of the card array at run time, and the screen asks several times for every key read.
    @inlinable public var matchedPairs: Int {
        cards.count { $0.isMatched } / 2  // a closure: a key path is built at run time
    }

    /// Whether every pair has been matched.
    @inlinable public var isWon: Bool {
        cards.allSatisfy { $0.isMatched }
    }

    // MARK: - The game clock

    /// When the game clock reaches zero if the game is not won first; `nil` before the first choice.
    public var deadline: Double? {
        startTime.map { $0 + timeLimit }
    }

    /// Seconds the game clock has run at `now`: 0 before the first choice, frozen once the game ends.
    public func elapsed(now: Double) -> Double {
        guard let startTime else { return 0 }
        return max(0, frozen(now) - startTime)
    }

    /// Seconds left on the game clock at `now`: the whole limit before the first choice, never below 0.
    public func timeRemaining(now: Double) -> Double {
        max(0, timeLimit - elapsed(now: now))
    }

    /// Whether the game clock has run out at `now` with pairs still unmatched.
    @inlinable public func isLost(now: Double) -> Bool {
        startTime != nil && !isWon && timeRemaining(now: now) <= 0
    }

    /// Whether the game has ended at `now`, won or lost; an over game ignores every choice.
    @inlinable public func isOver(now: Double) -> Bool {
        isWon || isLost(now: now)
    }

    /// Whether the game clock is counting down at `now` (started and not over): the screen's cue to tick.
    @inlinable public func isClockRunning(now: Double) -> Bool {
        startTime != nil && !isOver(now: now)
    }

    // MARK: - Bonus time

    /// Seconds `card` has been face up and unmatched at `now`, across turns; 0 for a card not in the game.
    public func faceUpTime(of card: Card, now: Double) -> Double {
        guard let index = index(of: card) else { return 0 }
        return cards[index].faceUpTime(now: frozen(now))
    }

    /// Seconds of bonus left on `card` at `now`: the bonus limit minus its face-up time, never below 0.
    public func bonusTimeRemaining(of card: Card, now: Double) -> Double {
        guard index(of: card) != nil else { return 0 }
        return max(0, bonusTimeLimit - faceUpTime(of: card, now: now))
    }

    /// The fraction of `card`'s bonus left at `now`, from 1 (untouched) to 0 (used up).
    public func bonusRemaining(of card: Card, now: Double) -> Double {
        guard bonusTimeLimit > 0 else { return 0 }
        return bonusTimeRemaining(of: card, now: now) / bonusTimeLimit
    }

    /// Whether `card` was matched with some of its bonus time left (its bonus clock has stopped).
    public func hasEarnedBonus(_ card: Card) -> Bool {
        guard let index = index(of: card), cards[index].isMatched else { return false }
        return bonusTimeLimit - cards[index].pastFaceUpTime > 0
    }

    /// Whether `card`'s bonus is running out at `now`: face up, unmatched, with bonus left, game not over.
    public func isConsumingBonusTime(_ card: Card, now: Double) -> Bool {
        guard let index = index(of: card) else { return false }
        let current = cards[index]
        return current.isFaceUp && !current.isMatched && !isOver(now: now)
            && bonusTimeRemaining(of: current, now: now) > 0
    }

    // MARK: - Helpers

    /// Where the game's own copy of `card` lies on the board, looked up by id.
    private func index(of card: Card) -> Int? {
        cards.firstIndex { $0.id == card.id }
    }

    /// `now`, held at the moment the game ended (won, or the clock ran out) once it has.
    private func frozen(_ now: Double) -> Double {
        guard let startTime else { return now }
        return min(now, finishTime ?? startTime + timeLimit)
    }

    /// `pairs` clamped to 1 ... `maximumNumberOfPairs`.
    private static func clampedPairs(_ pairs: Int) -> Int {
        min(max(pairs, 1), maximumNumberOfPairs)
    }

    /// `seconds` clamped to 0 ... `maximumTimeLimit`, with NaN as 0.
    private static func clampedTime(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(seconds, 0), maximumTimeLimit)
    }
}

extension MemoryGame: Equatable {}
/// A game is a plain value: kept and read back (every card's bonus clock and the game clock
/// included), it goes on where it was, given the same `now`.
extension MemoryGame: Codable where CardContent: Codable {}
extension MemoryGame.Card: Codable where CardContent: Codable {}
extension MemoryGame: Sendable where CardContent: Sendable {}
extension MemoryGame.Card: Sendable where CardContent: Sendable {}
