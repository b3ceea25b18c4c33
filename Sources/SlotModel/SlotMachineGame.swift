import ArcadeCore

/// A slot machine: a row of digits, a score, and the rule that pays for matches.
///
/// A game starts at 100 points; each spin costs 2 and may pay for all digits and
/// colours matching, all colours matching, or all digits matching (see `SlotOutcome`).
/// Under 2 points the machine refuses to spin. One seed reproduces the whole game.
public final class SlotMachineGame {
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

    /// The current score; internal so tests can put the game at a chosen score.
    var score: Int
    private let digits: [Digit]

    /// A game of `numberOfDigits` digits with a random seed.
    public convenience init(_ numberOfDigits: Int) {
        self.init(numberOfDigits, seed: SeededGenerator.randomSeed())
    }

    /// A reproducible game of `numberOfDigits` digits: the same seed gives the same game.
    ///
    /// A count outside 1...9 is clamped into that range rather than trapping.
    public init(_ numberOfDigits: Int, seed: UInt64) {
        let range = SlotMachineGame.digitCountRange
        let count = min(max(numberOfDigits, range.lowerBound), range.upperBound)
        let source = SharedGenerator(seed: seed)
        self.numberOfDigits = count
        self.seed = seed
        score = SlotMachineGame.startingScore
        digits = (0..<count).map { _ in Digit(source: source) }
    }

    /// Whether the score covers a spin; when false, `spinDigits()` does nothing.
    public var canSpin: Bool {
        score >= SlotMachineGame.spinCost
    }

    /// The current score.
    public func getScore() -> Int {
        score
    }

    /// The digits, left to right.
    public func getDigits() -> [Digit] {
        digits
    }

    /// Starts over at 100 points and forgets the last spin; the digits keep showing.
    public func resetGame() {
        score = SlotMachineGame.startingScore
        lastOutcome = nil
        lastPayout = nil
    }

    /// Charges 2 points, spins every digit, and adds what the new row pays.
    ///
    /// Does nothing at all (no charge, no draw) when `canSpin` is false.
    public func spinDigits() {
        guard canSpin else { return }
        score -= SlotMachineGame.spinCost
        for digit in digits {
            digit.spinDigit()
        }
        let payout = SlotMachineGame.payout(
            digits: digits.map { $0.getDigit() },
            colors: digits.map { $0.getColor() }
        )
        score += payout.amount
        lastOutcome = payout.outcome
        lastPayout = payout.amount
    }

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
