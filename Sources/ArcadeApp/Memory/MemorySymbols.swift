import MemoryModel

/// What a pair of memory cards shows: an emoji, and a short word for ASCII terminals.
///
/// The emoji is one code point two columns wide (no flags, no variation selector or
/// zero-width joiner sequences, whose widths terminals disagree on). The word is at most
/// `maximumWordLength` lower-case ASCII letters; on a narrow card only its first letters
/// show, so within a set the first two letters of every word differ.
struct MemorySymbol: Hashable, Sendable {
    let emoji: Unicode.Scalar
    let word: String

    /// The longest word a symbol has, so a card that wide shows every word whole.
    static let maximumWordLength = 6

    init(_ emoji: Unicode.Scalar, _ word: String) {
        self.emoji = emoji
        self.word = word
    }
}

/// A symbol as a saved game keeps it: the emoji as a string of one code point, and the word.
extension MemorySymbol: Codable {
    private enum CodingKeys: String, CodingKey {
        case emoji, word
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let emoji = try container.decode(String.self, forKey: .emoji)
        guard emoji.unicodeScalars.count == 1, let scalar = emoji.unicodeScalars.first else {
            throw DecodingError.dataCorruptedError(forKey: .emoji, in: container,
                                                   debugDescription: "an emoji is one code point")
        }
        self.init(scalar, try container.decode(String.self, forKey: .word))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(emoji), forKey: .emoji)
        try container.encode(word, forKey: .word)
    }
}

/// A named set of twelve symbols that a game's pairs are drawn from.
struct MemorySymbolSet: Hashable, Sendable {
    let name: String
    let symbols: [MemorySymbol]

    static let animals = MemorySymbolSet(name: "Animals", symbols: [
        MemorySymbol("🐶", "dog"), MemorySymbol("🐱", "cat"), MemorySymbol("🦊", "fox"),
        MemorySymbol("🐻", "bear"), MemorySymbol("🦁", "lion"), MemorySymbol("🐮", "cow"),
        MemorySymbol("🐷", "pig"), MemorySymbol("🐸", "frog"), MemorySymbol("🦉", "owl"),
        MemorySymbol("🐭", "mouse"), MemorySymbol("🐟", "fish"), MemorySymbol("🦀", "crab"),
    ])

    static let fruit = MemorySymbolSet(name: "Fruit", symbols: [
        MemorySymbol("🍎", "apple"), MemorySymbol("🍐", "pear"), MemorySymbol("🍋", "lemon"),
        MemorySymbol("🍇", "grape"), MemorySymbol("🍉", "melon"), MemorySymbol("🍊", "orange"),
        MemorySymbol("🍌", "banana"), MemorySymbol("🍒", "cherry"), MemorySymbol("🍓", "berry"),
        MemorySymbol("🥝", "kiwi"), MemorySymbol("🥭", "mango"), MemorySymbol("🥥", "coco"),
    ])

    static let sports = MemorySymbolSet(name: "Sports", symbols: [
        MemorySymbol("⚽", "soccer"), MemorySymbol("🏀", "basket"), MemorySymbol("🏉", "rugby"),
        MemorySymbol("🎾", "tennis"), MemorySymbol("⛳", "golf"), MemorySymbol("🎯", "darts"),
        MemorySymbol("🎳", "bowl"), MemorySymbol("🎱", "pool"), MemorySymbol("🎿", "skis"),
        MemorySymbol("🥊", "glove"), MemorySymbol("🏒", "hockey"), MemorySymbol("🏆", "trophy"),
    ])

    /// Every set, in the order the choice before a game offers them.
    static let all = [animals, fruit, sports]
}

/// A board size with its game clock: Easy, Normal or Hard.
struct MemoryLevel: Hashable, Sendable {
    let name: String
    let pairs: Int

    /// The game clock for this board, in seconds (`MemoryGame.gameClock(forPairs:)`).
    var timeLimit: Double { MemoryGame<MemorySymbol>.gameClock(forPairs: pairs) }

    static let easy = MemoryLevel(name: "Easy", pairs: 6)
    static let normal = MemoryLevel(name: "Normal", pairs: 8)
    static let hard = MemoryLevel(name: "Hard", pairs: 12)

    /// Every level, easiest first, as the choice offers them (and the `1`–`3` keys pick them).
    static let all = [easy, normal, hard]
}
