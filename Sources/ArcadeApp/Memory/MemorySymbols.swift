import MemoryModel

/// What a pair of memory cards shows: an emoji, and a short word for ASCII terminals.
///
/// The emoji is one code point two columns wide (no flags, no variation selector or
/// zero-width joiner sequences, whose widths terminals disagree on). The word is at most
/// `maximumWordLength` lower-case ASCII letters; on a narrow card only its first letters
/// show, so within a set the first two letters of every word differ.
///
/// A temple of the Temples set is a symbol too: its `temple` is the card's id in the
/// built-in picture deck (which finds its picture), its `word` the temple's name, shown
/// whole where the card has room; its emoji stands in only where nothing else fits.
struct MemorySymbol: Hashable, Sendable {
    let emoji: Unicode.Scalar
    let word: String
    /// The picture deck's card id (`PictureDeck.Entry.id`, its file name) for a temple; nil for an emoji symbol.
    let temple: String?

    /// The longest word a symbol has, so a card that wide shows every word whole.
    static let maximumWordLength = 6

    /// The emoji of every temple, for the few places a card has no room for its name.
    static let templeEmoji: Unicode.Scalar = "🛕"

    init(_ emoji: Unicode.Scalar, _ word: String) {
        self.emoji = emoji
        self.word = word
        temple = nil
    }

    /// The temple of card `id` in the picture deck, called `name`.
    init(temple id: String, name: String) {
        emoji = Self.templeEmoji
        word = name
        temple = id
    }
}

/// A symbol as a saved game keeps it: the emoji as a string of one code point, the word,
/// and for a temple its card id (absent for emoji symbols, as in saves from before temples).
extension MemorySymbol: Codable {
    private enum CodingKeys: String, CodingKey {
        case emoji, word, temple
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let emoji = try container.decode(String.self, forKey: .emoji)
        guard emoji.unicodeScalars.count == 1, let scalar = emoji.unicodeScalars.first else {
            throw DecodingError.dataCorruptedError(forKey: .emoji, in: container,
                                                   debugDescription: "an emoji is one code point")
        }
        let word = try container.decode(String.self, forKey: .word)
        if let temple = try container.decodeIfPresent(String.self, forKey: .temple) {
            self.init(temple: temple, name: word)
        } else {
            self.init(scalar, word)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(emoji), forKey: .emoji)
        try container.encode(word, forKey: .word)
        try container.encodeIfPresent(temple, forKey: .temple)
    }
}

/// A named set of twelve symbols that a game's pairs are drawn from.
///
/// The Temples set holds no symbols of its own: its pairs are the temples of the built-in
/// picture deck, which the screen loads when the set is chosen (see `DeckPictures`).
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

    /// The temples of the built-in picture deck, drawn as their pictures and names.
    static let temples = MemorySymbolSet(name: "Temples", symbols: [])

    /// True for the Temples set, whose symbols come from the picture deck.
    var isTemples: Bool { name == Self.temples.name }

    /// The sets of emoji, each with its twelve symbols.
    static let emojiSets = [animals, fruit, sports]

    /// Every set, in the order the choice before a game offers them.
    static let all = emojiSets + [temples]
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
