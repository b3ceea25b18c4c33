import ArcadeCore

/// A slot machine: a row of digits, a score, and the rule that pays for matches.
///
/// A game starts at 100 points; each spin costs 2 and may pay for all digits and
/// colours matching, all colours matching, or all digits matching (see `SlotOutcome`).
/// Under 2 points the machine refuses to spin. One seed reproduces the whole game.
///
/// The game is a value: a copy spins on its own, from where the original's generator was.
public struct SlotMachineGame: Equatable, Sendable {
    /// Points charged for every spin.
    public static let spinCost = 2
    /// Points a new or reset game starts with.
    public static let startingScore = 100
    /// The machine sizes this model accepts; other counts are clamped into it.
    public static let digitCountRange = 1...9

    /// How many digits this machine spins (the requested count clamped to 1...9).
    ///
    /// A one-digit machine always matches itself, so every spin is a jackpot.
    public let numberOfDigits: Int
    /// The seed that fixes every draw of this game; pass it back to replay the game.
    public let seed: UInt64
    /// The outcome of the last spin, or nil before the first spin and after a reset.
    public private(set) var lastOutcome: SlotOutcome?
    /// The points the last spin paid (0 for no match, cost not deducted), or nil
    /// before the first spin and after a reset.
    public private(set) var lastPayout: Int?

    /// The current score; set inside the module so tests can put the game at a chosen score.
    public internal(set) var score: Int
    /// The digits, left to right.
    public private(set) var digits: [Digit]
    /// The game's one seeded generator: every digit of every spin draws from it in turn, so
    /// one seed fixes the whole game.
    private var generator: SeededGenerator

    /// A game of `numberOfDigits` digits with a random seed.
    public init(_ numberOfDigits: Int) {
        self.init(numberOfDigits, seed: SeededGenerator.randomSeed())
    }

    /// A reproducible game of `numberOfDigits` digits: the same seed gives the same game.
    ///
    /// A count outside 1...9 is clamped into that range rather than trapping.
    public init(_ numberOfDigits: Int, seed: UInt64) {
        let range = SlotMachineGame.digitCountRange
        let count = min(max(numberOfDigits, range.lowerBound), range.upperBound)
        var generator = SeededGenerator(seed: seed)
        var digits: [Digit] = []
        for _ in 0..<count {
            digits.append(Digit(drawingFrom: &generator))
        }
        self.numberOfDigits = count
        self.seed = seed
        score = SlotMachineGame.startingScore
        self.digits = digits
        self.generator = generator
    }

    /// A game that goes on from `snapshot`: the same digits, score and last spin, and the
    /// generator where it was, so the next spin is the one the saved game would have made.
    ///
    /// Nil when the snapshot breaks the rules (a count outside 1...9, a digit outside 0...9,
    /// digits and colours of different counts, a negative score, a payout that is not what
    /// its outcome pays), so a damaged save never makes a game the rules could not reach.
    public init?(restoring snapshot: SlotMachineSnapshot) {
        let count = snapshot.digits.count
        guard SlotMachineGame.digitCountRange.contains(count), snapshot.colors.count == count,
              snapshot.digits.allSatisfy({ (Digit.lowest...Digit.highest).contains($0) }),
              (0...SlotMachineGame.largestRestoredScore).contains(snapshot.score),
              snapshot.lastPayout == snapshot.lastOutcome.map({ $0.amount(forDigitCount: count) })
        else { return nil }
        generator = snapshot.generator
        numberOfDigits = count
        seed = snapshot.seed
        score = snapshot.score
        lastOutcome = snapshot.lastOutcome
        lastPayout = snapshot.lastPayout
        digits = zip(snapshot.digits, snapshot.colors).map { Digit(showing: $0, in: $1) }
    }

    /// The highest score a restored game may have: far above any score play reaches, and
    /// low enough that no spin can overflow it.
    static let largestRestoredScore = Int.max / 2

    /// Everything the game is, as a plain value: restore it with `init(restoring:)`.
    public var snapshot: SlotMachineSnapshot {
        SlotMachineSnapshot(seed: seed, score: score, lastOutcome: lastOutcome, lastPayout: lastPayout,
                            digits: digits.map(\.value), colors: digits.map(\.color), generator: generator)
    }

    /// Whether the score covers a spin; when false, `spin()` does nothing.
    public var canSpin: Bool {
        score >= SlotMachineGame.spinCost
    }

    /// Starts over at 100 points and forgets the last spin; the digits keep showing.
    public mutating func reset() {
        score = SlotMachineGame.startingScore
        lastOutcome = nil
        lastPayout = nil
    }

    /// Charges 2 points, spins every digit left to right, and adds what the new row pays.
    ///
    /// Does nothing at all (no charge, no draw) when `canSpin` is false.
    public mutating func spin() {
        guard canSpin else { return }
        score -= SlotMachineGame.spinCost
        for index in digits.indices {
            digits[index].spin(using: &generator)
        }
        let payout = SlotMachineGame.payout(digits: digits.map(\.value), colors: digits.map(\.color))
        score += payout.amount
        lastOutcome = payout.outcome
        lastPayout = payout.amount
    }

    // MARK: - The specified API

    /// The current score: `score` by the name the game's specification requires.
    public func getScore() -> Int {
        score
    }

    /// The digits, left to right: `digits` by the name the game's specification requires.
    public func getDigits() -> [Digit] {
        digits
    }

    /// Starts over at 100 points: `reset()` by the name the game's specification requires.
    public mutating func resetGame() {
        reset()
    }

    /// Charges 2 points, spins and pays: `spin()` by the name the game's specification requires.
    public mutating func spinDigits() {
        spin()
    }

    // MARK: - The payout rule

    /// What a row of `digits` shown in `colors` pays, on a machine of `digits.count` digits.
    ///
    /// The outcomes exclude each other: all digits and all colours equal is a jackpot,
    /// otherwise all colours equal, otherwise all digits equal, otherwise nothing.
    /// Empty rows, or rows whose two arrays differ in length, pay nothing.
    public static func payout(digits: [UInt32], colors: [DigitColor]) -> SlotPayout {
        guard let firstDigit = digits.first, let firstColor = colors.first,
              digits.count == colors.count
        else {
            return SlotPayout(outcome: .nothing, amount: 0)
        }
        let sameDigits = digits.allSatisfy { $0 == firstDigit }
        let sameColors = colors.allSatisfy { $0 == firstColor }
        let outcome: SlotOutcome = switch (sameDigits, sameColors) {
        case (true, true): .jackpot
        case (false, true): .allColors
        case (true, false): .allDigits
        case (false, false): .nothing
        }
        return SlotPayout(outcome: outcome, amount: outcome.amount(forDigitCount: digits.count))
    }
}

/// A slot machine as a plain value: what `SlotMachineGame` is made of, to save and restore it.
///
/// The game keeps its parts to itself (its generator is private, so only spins draw from
/// it); this is the same game with every part open, in the form saved games are written in.
public struct SlotMachineSnapshot: Equatable, Sendable, Codable {
    /// The seed the game was started with.
    public var seed: UInt64
    public var score: Int
    public var lastOutcome: SlotOutcome?
    public var lastPayout: Int?
    /// The digits shown, left to right (the machine's size is their count).
    public var digits: [UInt32]
    /// The colour of each digit shown.
    public var colors: [DigitColor]
    /// The shared generator as it stands: the next spin draws from here.
    public var generator: SeededGenerator

    public init(seed: UInt64, score: Int, lastOutcome: SlotOutcome?, lastPayout: Int?,
                digits: [UInt32], colors: [DigitColor], generator: SeededGenerator) {
        self.seed = seed
        self.score = score
        self.lastOutcome = lastOutcome
        self.lastPayout = lastPayout
        self.digits = digits
        self.colors = colors
        self.generator = generator
    }
}
