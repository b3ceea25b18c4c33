/// One Set card: a number of identical symbols, all with one shading and one colour.
///
/// The 81 cards of the deck are every combination of the four features, so no two
/// cards in a game are equal. The colour is abstract; the screen picks what it looks like.
public struct Card: Hashable, Sendable, Codable {
    /// How many symbols the card shows.
    public enum Number: Int, CaseIterable, Sendable, Codable {
        case one = 1, two, three
    }

    /// The shape of the symbols (drawn ▲ ● ■ by the screen).
    public enum Symbol: CaseIterable, Sendable, Codable {
        case triangle, circle, square
    }

    /// How the symbols are filled in.
    public enum Shading: CaseIterable, Sendable, Codable {
        case solid, striped, open
    }

    /// The card's colour as a rule value; the screen maps it to a terminal colour.
    public enum Color: CaseIterable, Sendable, Codable {
        case red, green, purple
    }

    /// How many symbols the card shows.
    public let number: Number
    /// The shape of the symbols.
    public let symbol: Symbol
    /// How the symbols are filled in.
    public let shading: Shading
    /// The colour of the symbols.
    public let color: Color

    /// The card with these four features.
    public init(number: Number, symbol: Symbol, shading: Shading, color: Color) {
        self.number = number
        self.symbol = symbol
        self.shading = shading
        self.color = color
    }
}

extension Card: CustomStringConvertible {
    /// The card in words, e.g. "2 green striped circle".
    public var description: String { "\(number.rawValue) \(color) \(shading) \(symbol)" }
}
