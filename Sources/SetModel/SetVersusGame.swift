import ArcadeCore

/// How quickly the computer of a versus game finds a set.
public enum OpponentLevel: String, CaseIterable, Sendable, Codable {
    case easy, normal, hard

    /// The computer's average time to find a set, in seconds, counted from its last take (or
    /// the start); each delay is drawn uniformly from 0.6 to 1.4 times this.
    ///
    /// Calibrated against a player who claims a set a fixed time after every change of the
    /// table: Hard beats a 5 s player in most games, Normal a 10 s player, and Easy loses to a
    /// 20 s player in most games (the model's tests play those games).
    public var meanDelay: Double {
        switch self {
        case .easy: 40
        case .normal: 11
        case .hard: 5
        }
    }

    /// The level's name as a player reads it.
    public var name: String {
        switch self {
        case .easy: "Easy"
        case .normal: "Normal"
        case .hard: "Hard"
        }
    }
}

/// What the computer did, in the order it did it, as `SetVersusGame` reports it.
public enum VersusEvent: Equatable, Sendable {
    /// The computer found this set (in board order); it is shown, claimed, until it is taken.
    case computerFound([Card])
    /// The computer took this set: +3 to its score, its places dealt again.
    case computerTook([Card])
}

/// A game of Set against the computer: one shared table, the player's touches and the
/// computer's finds, both scored as the solo game scores a found set.
///
/// The player plays exactly as in `SetGame` (same scoring, same Deal 3 More); `game.score` is
/// the player's score. The computer:
///
/// - **Looks** for `level`'s delay (uniform in 0.6…1.4 × `meanDelay`), drawn at the start
///   (time 0) and again after each of its takes. `computerFindsAt` is that time plus the
///   delay. The player's moves do not put it back — a set the player takes and replaces, or a
///   deal, leaves its time as it was, so a quick player cannot keep it from ever finding —
///   except when its time had come and it was waiting (below): then a change of the table
///   gives it a new delay from that moment, to look at the new cards.
/// - **Finds** at `computerFindsAt` one of the sets on the table, drawn at random. A set the
///   player has just found (still shown) is not on offer, nor is any set of which the player
///   has two cards selected: it waits, and finds as soon as the selection stops blocking. With
///   no set on the table it waits too — the player deals; the computer never deals.
/// - **Shows** the set it found for `showDuration` seconds (`computerShowing`, until
///   `computerTakesAt`). The three cards are claimed: a claimed card the player had selected
///   is deselected free of charge (a shown mismatch holding one is cleared, as the next touch
///   would), and the player's touches on claimed cards are ignored.
/// - **Takes** it at `computerTakesAt`: +3 (`SetGame.setReward`) to `computerScore`, one to
///   `computerSets`, and the three places are dealt again as a found set's are (or left empty
///   once the deck is out). The player's score and `matchedCards` are not touched.
///
/// The game is over as a solo game is — the deck empty and no set left — and the winner is
/// the higher score (a tie when equal).
///
/// Time is an argument, never a clock: seconds since the game began, on any clock that only
/// goes forward (a time earlier than one already seen, or NaN, counts as that one). Call
/// `advance(to:)` often (every frame) so the computer acts on time; `select` and
/// `dealThreeMore` first advance to their own time. One seed fixes the table and every draw of
/// the computer, so the same seed with the same touches at the same times gives the same game;
/// the value is `Codable` as a whole, so a kept game resumes identically.
public struct SetVersusGame: Equatable, Sendable, Codable {
    /// Who won a finished game, by score.
    public enum Winner: Sendable, Codable {
        case player, computer, tie
    }

    /// How long, in seconds, the computer's found set is shown before it takes it.
    public static let showDuration: Double = 1.5
    /// The smallest and largest delay, as fractions of the level's mean.
    static let delayRange = 0.6...1.4
    /// Mixed into the game's seed for the computer's generator, so its draws do not repeat
    /// the shuffle's.
    private static let computerStream: UInt64 = 0xC0A1_5E7D_0000_0001

    /// How quickly the computer finds sets.
    public let level: OpponentLevel
    /// The shared table; `game.score` is the player's score.
    public private(set) var game: SetGame
    /// The cards of every set the computer has taken, in the order it took them.
    public private(set) var computerCards: [Card] = []
    /// When the computer will have found a set (game time); `nil` while it shows one or once
    /// the game is over. A time already past means it is waiting for a set it may take.
    public private(set) var computerFindsAt: Double?
    /// The set the computer found, in board order, shown and claimed until it takes it.
    public private(set) var computerShowing: [Card]?
    /// When the computer takes the set it shows (game time); `nil` when it shows none.
    public private(set) var computerTakesAt: Double?
    /// The latest game time the game has been brought to.
    public private(set) var time: Double = 0
    /// Every random draw of the computer: its delays and its choices of set.
    private var generator: SeededGenerator

    /// A game against the computer at `level`, dealt as `SetGame(seed:)` deals; the computer
    /// starts looking at time 0.
    public init(seed: UInt64, level: OpponentLevel) {
        self.level = level
        game = SetGame(seed: seed)
        generator = SeededGenerator(seed: seed ^ Self.computerStream)
        computerFindsAt = drawDelay()
    }

    /// A game against the computer at `level`, shuffled by a random seed.
    public init(level: OpponentLevel) {
        self.init(seed: SeededGenerator.randomSeed(), level: level)
    }

    /// The seed that fixes the table and the computer; pass it back to replay the game.
    public var seed: UInt64 { game.seed }
    /// The player's score (`game.score`).
    public var playerScore: Int { game.score }
    /// How many sets the player has found, counting one just found and still shown.
    public var playerSets: Int { game.setsFound }
    /// The computer's score: `SetGame.setReward` for each set it has taken.
    public var computerScore: Int { computerSets * SetGame.setReward }
    /// How many sets the computer has taken.
    public var computerSets: Int { computerCards.count / 3 }

    /// Whether the game has ended, as a solo game ends: the deck is empty and no set is left
    /// (and the computer shows none).
    public var isOver: Bool { game.isOver && computerShowing == nil }

    /// The winner of a finished game by score; `nil` until the game is over.
    public var winner: Winner? {
        guard isOver else { return nil }
        if playerScore == computerScore { return .tie }
        return playerScore > computerScore ? .player : .computer
    }

    /// Whether `card` is one of the set the computer shows: the player's touches ignore it.
    public func isClaimed(_ card: Card) -> Bool {
        computerShowing?.contains(card) ?? false
    }

    /// The player touches `card` at `time`, with the solo game's rules and scoring.
    ///
    /// The game first advances to `time`. A card the computer has claimed is ignored. After
    /// the touch the computer may find at once (if it was waiting for this selection to stop
    /// blocking it), and a changed table restarts its delay if it was waiting. Returns what
    /// the computer did.
    @discardableResult
    public mutating func select(_ card: Card, at time: Double) -> [VersusEvent] {
        var events = advance(to: time)
        guard !isOver, !isClaimed(card) else { return events }
        let board = game.board
        game.select(card)
        events += afterPlayerMove(changedTable: game.board != board)
        return events
    }

    /// The player deals 3 more at `time`, as in the solo game (a shown set of the player's is
    /// replaced, or three places are added); the change restarts the computer's delay only if
    /// it was waiting for a set.
    ///
    /// The game first advances to `time`. Returns what the computer did.
    @discardableResult
    public mutating func dealThreeMore(at time: Double) -> [VersusEvent] {
        var events = advance(to: time)
        guard !isOver else { return events }
        let board = game.board
        game.dealThreeMore()
        events += afterPlayerMove(changedTable: game.board != board)
        return events
    }

    /// Brings the game to `time`: everything the computer does up to then, each at its own
    /// time, in order (a long gap may hold a find, its take and a later find).
    @discardableResult
    public mutating func advance(to time: Double) -> [VersusEvent] {
        let target = time.isNaN ? self.time : max(time, self.time)
        var events: [VersusEvent] = []
        while !isOver {
            if let shown = computerShowing, let takesAt = computerTakesAt, takesAt <= target {
                self.time = max(self.time, takesAt)
                take(shown)
                events.append(.computerTook(shown))
            } else if let found = findIfDue(by: target) {
                events.append(.computerFound(found))
            } else {
                break
            }
        }
        self.time = target
        return events
    }

    // MARK: - The computer

    /// After a touch or a deal at `time`: a new delay if the table changed while the computer
    /// was waiting for a set, else a find that the move may have unblocked. A change while it
    /// is still looking keeps its time: the player's set does not put its search back.
    private mutating func afterPlayerMove(changedTable: Bool) -> [VersusEvent] {
        if isOver {
            computerFindsAt = nil
            return []
        }
        if changedTable, isWaiting { tableChanged() }
        return findIfDue(by: time).map { [.computerFound($0)] } ?? []
    }

    /// Whether the computer's time has come and it waits for a set it may take (none on the
    /// table, or the player's selection blocks it).
    private var isWaiting: Bool {
        guard computerShowing == nil, let findsAt = computerFindsAt else { return false }
        return findsAt <= time
    }

    /// The computer finds a set if its time has come by `deadline` and one is on offer: at
    /// its time, or now if it has been waiting. Returns the set found.
    private mutating func findIfDue(by deadline: Double) -> [Card]? {
        guard computerShowing == nil, let findsAt = computerFindsAt, findsAt <= deadline else {
            return nil
        }
        let offer = setsOnOffer()
        guard !offer.isEmpty else { return nil }
        let found = offer[Int(generator.next() % UInt64(offer.count))]
        time = max(time, findsAt)
        computerFindsAt = nil
        computerShowing = found
        computerTakesAt = time + Self.showDuration
        game.deselectForFree(found)
        return found
    }

    /// The sets the computer may find: those on the table (a set the player has just found is
    /// not) of which the player has fewer than two cards selected.
    private func setsOnOffer() -> [[Card]] {
        game.setsOnBoard().filter { set in
            set.filter(game.selectedCards.contains).count < 2
        }
    }

    /// Takes the shown set at `time`, which changes the table.
    private mutating func take(_ shown: [Card]) {
        // The claim keeps the player's selection off these cards, so the take never fails.
        if game.take(shown) { computerCards += shown }
        computerShowing = nil
        computerTakesAt = nil
        tableChanged()
    }

    /// The computer starts looking again at `time` (after its take, or a change of the table
    /// while it waited), unless it is showing a set (its take will restart it) or the game is
    /// over.
    private mutating func tableChanged() {
        guard computerShowing == nil else { return }
        computerFindsAt = game.isOver ? nil : time + drawDelay()
    }

    /// A delay from the level: uniform in `delayRange` times the level's mean.
    private mutating func drawDelay() -> Double {
        let unit = Double(generator.next() >> 11) * 0x1p-53
        let fraction = Self.delayRange.lowerBound
            + unit * (Self.delayRange.upperBound - Self.delayRange.lowerBound)
        return fraction * level.meanDelay
    }
}
