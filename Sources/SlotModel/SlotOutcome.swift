/// What one spin matched: the three paying outcomes exclude each other.
public enum SlotOutcome: String, CaseIterable, Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Every digit is the same and every colour is the same.
    case jackpot
    /// Every colour is the same, but not every digit.
    case allColors
    /// Every digit is the same, but not every colour.
    case allDigits
    /// Neither every digit nor every colour is the same.
    case nothing

    /// A short phrase for the screen, e.g. "all colours match".
    public var description: String {
        switch self {
        case .jackpot: "all digits and colours match"
        case .allColors: "all colours match"
        case .allDigits: "all digits match"
        case .nothing: "no match"
        }
    }

    /// Points this outcome pays on a machine with `digitCount` digits.
    ///
    /// The rules fix 300/75/150 for three digits and 500/125/250 for five; both are
    /// 100, 25 and 50 points per digit, so every machine size pays at that rate.
    /// `.nothing`, and any count below 1, pays 0.
    public func amount(forDigitCount digitCount: Int) -> Int {
        let perDigit = switch self {
        case .jackpot: 100
        case .allColors: 25
        case .allDigits: 50
        case .nothing: 0
        }
        return perDigit * max(0, digitCount)
    }
}

/// The result of the payout rule: which outcome a spin made and the points it pays.
public struct SlotPayout: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Which of the outcomes the digits and colours make.
    public let outcome: SlotOutcome
    /// Points added to the score (0 for `.nothing`); the spin cost is charged separately.
    public let amount: Int

    /// A payout of `amount` points for `outcome`.
    public init(outcome: SlotOutcome, amount: Int) {
        self.outcome = outcome
        self.amount = amount
    }

    /// The line a screen shows, e.g. "+300 — all digits and colours match" or "no match".
    public var description: String {
        outcome == .nothing ? outcome.description : "+\(amount) — \(outcome)"
    }
}
