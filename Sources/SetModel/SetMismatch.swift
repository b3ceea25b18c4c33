/// Why three cards are not a set: the features where two cards agree and the third does not.
///
/// The rule asks every feature to be all the same or all different, so a feature breaks it
/// exactly when two cards share a value the third lacks: the "odd one out" names the break.
public struct SetMismatch: Hashable, Sendable {
    /// One of the four features the rule looks at, in the order a player tends to see them.
    public enum Feature: CaseIterable, Sendable {
        case color, symbol, shading, number
    }

    /// The feature that breaks the rule.
    public let feature: Feature
    /// Which of the three cards (0, 1 or 2, in the order given) differs from the other two.
    public let oddCard: Int

    public init(feature: Feature, oddCard: Int) {
        self.feature = feature
        self.oddCard = oddCard
    }

    /// Every feature that keeps `a`, `b` and `c` from being a set, in `Feature` order; empty
    /// when they are one.
    public static func of(_ a: Card, _ b: Card, _ c: Card) -> [SetMismatch] {
        Feature.allCases.compactMap { feature in
            let odd: Int?
            switch feature {
            case .color: odd = oddOne(a.color, b.color, c.color)
            case .symbol: odd = oddOne(a.symbol, b.symbol, c.symbol)
            case .shading: odd = oddOne(a.shading, b.shading, c.shading)
            case .number: odd = oddOne(a.number, b.number, c.number)
            }
            return odd.map { SetMismatch(feature: feature, oddCard: $0) }
        }
    }

    /// The index of the one value unlike the other two, or nil when all three are the same
    /// or all different.
    private static func oddOne<T: Equatable>(_ a: T, _ b: T, _ c: T) -> Int? {
        if a == b { return b == c ? nil : 2 }
        if a == c { return 1 }
        if b == c { return 0 }
        return nil
    }
}
