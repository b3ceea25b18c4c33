/// The thirteen ranks of a standard deck, ace low in declaration order.
public enum Rank: Int, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case ace = 1
    case two, three, four, five, six, seven, eight, nine, ten
    case jack, queen, king

    /// The points every face card (jack, queen, king) counts for.
    public static let faceCardValue = 10

    /// What the card counts for with every ace taken as 1: 2–10 at face value, J/Q/K 10.
    ///
    /// A hand decides for itself whether one ace counts 11 instead (`HandOfCards`).
    public var hardValue: Int {
        min(rawValue, Rank.faceCardValue)
    }

    /// The short index printed in a card's corner: "A", "2"…"10", "J", "Q", "K".
    public var symbol: String {
        switch self {
        case .ace: "A"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    /// The rank's English name, e.g. "Ace", "Seven", "King".
    public var name: String {
        switch self {
        case .ace: "Ace"
        case .two: "Two"
        case .three: "Three"
        case .four: "Four"
        case .five: "Five"
        case .six: "Six"
        case .seven: "Seven"
        case .eight: "Eight"
        case .nine: "Nine"
        case .ten: "Ten"
        case .jack: "Jack"
        case .queen: "Queen"
        case .king: "King"
        }
    }

    /// The name with its article, for messages such as "You drew an Ace" or "a King".
    public var nameWithArticle: String {
        let startsWithVowelSound = self == .ace || self == .eight
        return (startsWithVowelSound ? "an " : "a ") + name
    }

    /// The rank's corner symbol, so cards read naturally in messages.
    public var description: String { symbol }
}

/// The four suits of a standard deck.
public enum Suit: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case spades
    case hearts
    case diamonds
    case clubs

    /// The suit's glyph: ♠ ♥ ♦ ♣ (one column wide in every terminal font).
    public var symbol: String {
        switch self {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        }
    }

    /// One capital letter (S, H, D, C) for terminals drawn in plain ASCII.
    public var letter: String {
        switch self {
        case .spades: "S"
        case .hearts: "H"
        case .diamonds: "D"
        case .clubs: "C"
        }
    }

    /// Whether the suit is printed red (hearts, diamonds) rather than black.
    public var isRed: Bool {
        self == .hearts || self == .diamonds
    }

    /// The suit's lowercase English name, e.g. "hearts".
    public var name: String {
        switch self {
        case .spades: "spades"
        case .hearts: "hearts"
        case .diamonds: "diamonds"
        case .clubs: "clubs"
        }
    }

    /// The suit's glyph, so cards read naturally in messages.
    public var description: String { symbol }
}

/// One playing card: a rank and a suit.
public struct Card: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The card's rank, ace to king.
    public let rank: Rank
    /// The card's suit.
    public let suit: Suit

    /// The card of `rank` and `suit`.
    public init(_ rank: Rank, of suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// The 52 cards of one standard deck, suit by suit, ace to king.
    public static let standardDeck: [Card] = Suit.allCases.flatMap { suit in
        Rank.allCases.map { rank in Card(rank, of: suit) }
    }

    /// The card as it is printed in its corner, e.g. "A♠" or "10♥".
    public var description: String { rank.symbol + suit.symbol }
}
