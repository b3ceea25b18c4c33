import ArcadeCore

/// The game's one seeded generator, shared by reference so every digit draws from it.
///
/// Because all digits of a game pull from this single sequence, one seed fixes the
/// whole game: every digit and colour of every spin.
final class SharedGenerator {
    /// The underlying seeded generator; advanced by every draw.
    var generator: SeededGenerator

    /// A shared generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// A shared generator that goes on from `generator`'s state (a restored game).
    init(_ generator: SeededGenerator) {
        self.generator = generator
    }
}

/// One reel of the slot machine: a digit from 0 to 9 shown in one of four colours.
///
/// A digit draws from its game's seeded generator, uniformly and independently:
/// first the digit, then the colour.
public final class Digit {
    /// The smallest value a digit can show.
    public static let lowest: UInt32 = 0
    /// The largest value a digit can show.
    public static let highest: UInt32 = 9

    private let source: SharedGenerator
    private var digit: UInt32
    private var color: DigitColor

    /// A digit that draws from `source`, starting from a random digit and colour.
    init(source: SharedGenerator) {
        self.source = source
        digit = Digit.lowest
        color = .red
        spinDigit()
    }

    /// A digit that draws from `source`, showing `digit` in `color` without drawing (a
    /// restored game); `digit` is clamped into 0...9.
    init(source: SharedGenerator, showing digit: UInt32, in color: DigitColor) {
        self.source = source
        self.digit = min(max(digit, Digit.lowest), Digit.highest)
        self.color = color
    }

    /// Draws a new digit (0–9) and a new colour and shows them.
    public func spinDigit() {
        digit = pickDigit()
        color = pickColor()
    }

    /// Draws a digit from 0 to 9, uniformly, without changing what is shown.
    public func pickDigit() -> UInt32 {
        UInt32.random(in: Digit.lowest...Digit.highest, using: &source.generator)
    }

    /// Draws one of the four colours, uniformly, without changing what is shown.
    public func pickColor() -> DigitColor {
        let colors = DigitColor.allCases
        return colors[Int.random(in: 0..<colors.count, using: &source.generator)]
    }

    /// The digit currently shown, 0 to 9.
    public func getDigit() -> UInt32 {
        digit
    }

    /// The colour currently shown.
    public func getColor() -> DigitColor {
        color
    }
}
