/// One reel of the slot machine: a digit from 0 to 9 shown in one of four colours.
///
/// A digit is a value: it draws from the generator it is given, uniformly and
/// independently, first the digit, then the colour. The game gives every digit its one
/// seeded generator, in order, so one seed fixes every digit and colour of every spin.
public struct Digit: Equatable, Hashable, Sendable {
    /// The smallest value a digit can show.
    public static let lowest: UInt32 = 0
    /// The largest value a digit can show.
    public static let highest: UInt32 = 9

    /// The digit shown, 0 to 9.
    public private(set) var value: UInt32
    /// The colour the digit is shown in.
    public private(set) var color: DigitColor

    /// A digit showing `value` in `color` without drawing (a restored game); `value` is
    /// clamped into 0...9.
    public init(showing value: UInt32, in color: DigitColor) {
        self.value = min(max(value, Digit.lowest), Digit.highest)
        self.color = color
    }

    /// A digit showing a digit and then a colour drawn from `generator`.
    public init<Generator: RandomNumberGenerator>(drawingFrom generator: inout Generator) {
        let value = Digit.randomValue(using: &generator)
        let color = Digit.randomColor(using: &generator)
        self.init(showing: value, in: color)
    }

    /// Draws a new digit (0–9), then a new colour, from `generator` and shows them.
    public mutating func spin<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        value = Digit.randomValue(using: &generator)
        color = Digit.randomColor(using: &generator)
    }

    /// A digit from 0 to 9 drawn uniformly from `generator`.
    public static func randomValue<Generator: RandomNumberGenerator>(using generator: inout Generator) -> UInt32 {
        UInt32.random(in: Digit.lowest...Digit.highest, using: &generator)
    }

    /// One of the four colours drawn uniformly from `generator`.
    public static func randomColor<Generator: RandomNumberGenerator>(using generator: inout Generator) -> DigitColor {
        let colors = DigitColor.allCases
        return colors[Int.random(in: 0..<colors.count, using: &generator)]
    }

    // MARK: - The specified API

    /// Draws a new digit and colour from `generator` and shows them: `spin(using:)` by the
    /// name the game's specification requires.
    public mutating func spinDigit<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        spin(using: &generator)
    }

    /// Draws a digit from 0 to 9 without changing what is shown: `randomValue(using:)` by
    /// the name the game's specification requires.
    public func pickDigit<Generator: RandomNumberGenerator>(using generator: inout Generator) -> UInt32 {
        Digit.randomValue(using: &generator)
    }

    /// Draws a colour without changing what is shown: `randomColor(using:)` by the name the
    /// game's specification requires.
    public func pickColor<Generator: RandomNumberGenerator>(using generator: inout Generator) -> DigitColor {
        Digit.randomColor(using: &generator)
    }

    /// The digit shown: `value` by the name the game's specification requires.
    public func getDigit() -> UInt32 {
        value
    }

    /// The colour shown: `color` by the name the game's specification requires.
    public func getColor() -> DigitColor {
        color
    }
}
