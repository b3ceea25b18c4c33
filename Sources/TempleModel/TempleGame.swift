import ArcadeCore

/// The temple flashcard game: match each picture to its name, or study them all.
///
/// In match mode the player picks one picture and one name, in either order. When
/// both are picked the attempt is judged: a correct match removes the card from both
/// panes and counts as correct; an incorrect one counts as incorrect and clears both
/// picks. Picking a second item in the same pane replaces the first pick. In study
/// mode every card is shown, nothing can be picked and Reset is disabled; tallies and
/// matched cards survive a switch to study mode and back.
///
/// The pictures are shuffled once, at launch, with the seeded generator, so a seed
/// replays the same game. The names are listed in alphabetical order (by `name`,
/// ignoring case, then by `id`): a player who recognises a picture can find its name
/// quickly, and the order gives nothing away because the pictures are shuffled.
/// Reset restores both panes exactly as they were at launch. `shuffle(seed:)`, an addition
/// to that, deals both panes in a new order (the names too, no longer alphabetical) and
/// starts the tallies again; Reset then restores that order.
///
/// A game is `Codable`, so a game left half-way can be kept and played on: it decodes only
/// when it is one a game could reach (see `init(from:)`), never into a state that is not.
public struct TempleGame: Sendable, Equatable, Codable {
    /// How the screen is configured: matching pictures to names, or studying them.
    public enum Mode: Sendable, Equatable, Codable, CaseIterable {
        /// Pictures and names side by side; picks are judged.
        case match
        /// Every picture with its name on it; nothing can be picked.
        case study

        /// The other mode: what the one mode button switches to.
        public var other: Mode { self == .match ? .study : .match }
    }

    /// The two panes of match mode.
    public enum Pane: Sendable, Equatable, Codable, CaseIterable {
        /// The collection of pictures.
        case pictures
        /// The list of names.
        case names
    }

    /// The verdict on a completed attempt.
    public enum AttemptResult: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The picture and the name belong to the same card.
        case correct
        /// The picture and the name belong to different cards.
        case incorrect

        /// "Correct" or "Incorrect", as the screen shows it.
        public var description: String { self == .correct ? "Correct" : "Incorrect" }
    }

    /// What one pick did, so a screen can react (a message, a sound cue).
    public enum PickOutcome: Sendable, Equatable {
        /// Nothing changed: study mode, an unknown or already matched card, or a finished deck.
        case ignored
        /// The pick was recorded and waits for a pick in the other pane.
        case picked
        /// Picture and name matched; the card left both panes.
        case correct(id: String)
        /// Picture and name did not match; both picks were cleared.
        case incorrect(picture: String, name: String)
    }

    /// Every card of the deck, in the order given (duplicate ids dropped, first kept).
    public let cards: [Flashcard]
    /// The seed that fixed the picture order; pass it back to replay the game.
    public let seed: UInt64
    /// Whether the player is matching or studying.
    public private(set) var mode: Mode = .match
    /// Correct attempts since launch or the last reset.
    public private(set) var correctCount = 0
    /// Incorrect attempts since launch or the last reset.
    public private(set) var incorrectCount = 0
    /// The verdict on the last attempt, or nil before the first and after a reset.
    public private(set) var lastResult: AttemptResult?
    /// The picked picture's card id, waiting for a name.
    public private(set) var pickedPicture: String?
    /// The picked name's card id, waiting for a picture.
    public private(set) var pickedName: String?
    /// Ids of the cards matched so far.
    public private(set) var matchedIDs: Set<String> = []

    /// Every card in picture order, as shuffled at launch (or by `shuffle(seed:)`).
    public private(set) var pictureOrder: [Flashcard]
    /// Every card in name order: alphabetical, as at launch, or shuffled by `shuffle(seed:)`.
    public private(set) var nameOrder: [Flashcard]

    /// A game of `cards` with a random seed.
    public init(cards: [Flashcard]) {
        self.init(cards: cards, seed: SeededGenerator.randomSeed())
    }

    /// A reproducible game of `cards`: the same cards and seed give the same game.
    ///
    /// A card whose id repeats an earlier card's id is dropped, so every picture has
    /// exactly one name. An empty deck is allowed; it is never complete.
    public init(cards: [Flashcard], seed: UInt64) {
        var seen: Set<String> = []
        let unique = cards.filter { seen.insert($0.id).inserted }
        var generator = SeededGenerator(seed: seed)
        self.cards = unique
        self.seed = seed
        pictureOrder = unique.shuffled(using: &generator)
        nameOrder = unique.sorted { left, right in
            let a = left.name.lowercased(), b = right.name.lowercased()
            return a != b ? a < b : left.id < right.id
        }
    }

    // MARK: - What a screen shows

    /// Pictures not yet matched, in picture order: the match-mode collection.
    public var remainingPictures: [Flashcard] {
        pictureOrder.filter { !matchedIDs.contains($0.id) }
    }

    /// Names not yet matched, in name order: the match-mode list.
    public var remainingNames: [Flashcard] {
        nameOrder.filter { !matchedIDs.contains($0.id) }
    }

    /// The pictures the current mode shows: every card when studying, else those not yet matched.
    public var visiblePictures: [Flashcard] {
        mode == .study ? pictureOrder : remainingPictures
    }

    /// How many cards the deck holds.
    public var totalCount: Int { cards.count }

    /// How many cards have been matched.
    public var matchedCount: Int { matchedIDs.count }

    /// How many cards are still to be matched.
    public var remainingCount: Int { cards.count - matchedIDs.count }

    /// Attempts judged since launch or the last reset.
    public var attemptCount: Int { correctCount + incorrectCount }

    /// The share of attempts that were correct, from 0 to 1, or nil before any attempt.
    public var accuracy: Double? {
        attemptCount == 0 ? nil : Double(correctCount) / Double(attemptCount)
    }

    /// True when every card of a non-empty deck has been matched.
    public var isComplete: Bool { !cards.isEmpty && matchedIDs.count == cards.count }

    /// Whether picks are accepted now: match mode with cards left to match.
    public var canSelect: Bool { mode == .match && remainingCount > 0 }

    /// Whether Reset is enabled: in match mode only.
    public var canReset: Bool { mode == .match }

    /// The card with `id`, or nil when the deck has none.
    public func card(id: String) -> Flashcard? {
        cards.first { $0.id == id }
    }

    /// True when `id` is picked in `pane`.
    public func isPicked(_ id: String, in pane: Pane) -> Bool {
        (pane == .pictures ? pickedPicture : pickedName) == id
    }

    /// True when the card with `id` has been matched.
    public func isMatched(_ id: String) -> Bool {
        matchedIDs.contains(id)
    }

    // MARK: - Playing

    /// Pick the picture of card `id`; judges the attempt when a name is already picked.
    @discardableResult
    public mutating func pickPicture(_ id: String) -> PickOutcome {
        pick(id, in: .pictures)
    }

    /// Pick the name of card `id`; judges the attempt when a picture is already picked.
    @discardableResult
    public mutating func pickName(_ id: String) -> PickOutcome {
        pick(id, in: .names)
    }

    /// Pick card `id` in `pane`, replacing any earlier pick in that pane.
    ///
    /// Ignored in study mode and for an id that is unknown or already matched. When
    /// the other pane already holds a pick, the attempt is judged at once.
    @discardableResult
    public mutating func pick(_ id: String, in pane: Pane) -> PickOutcome {
        guard canSelect, !matchedIDs.contains(id), cards.contains(where: { $0.id == id }) else {
            return .ignored
        }
        switch pane {
        case .pictures: pickedPicture = id
        case .names: pickedName = id
        }
        guard let picture = pickedPicture, let name = pickedName else { return .picked }
        pickedPicture = nil
        pickedName = nil
        if picture == name {
            matchedIDs.insert(picture)
            correctCount += 1
            lastResult = .correct
            return .correct(id: picture)
        }
        incorrectCount += 1
        lastResult = .incorrect
        return .incorrect(picture: picture, name: name)
    }

    /// Drop any pending picks (the tallies and the last result stay).
    public mutating func clearPicks() {
        pickedPicture = nil
        pickedName = nil
    }

    /// Clear the tallies, the picks and the last result, and bring back every card,
    /// in the order shown at launch. Ignored when `canReset` is false (study mode).
    public mutating func reset() {
        guard canReset else { return }
        correctCount = 0
        incorrectCount = 0
        lastResult = nil
        matchedIDs = []
        clearPicks()
    }

    /// Deal both panes again in an order of `seed`'s — the pictures and the names, each
    /// shuffled — with every card back and the tallies cleared, as Reset does. Ignored when
    /// `canReset` is false (study mode).
    public mutating func shuffle(seed: UInt64) {
        guard canReset else { return }
        var generator = SeededGenerator(seed: seed)
        pictureOrder = cards.shuffled(using: &generator)
        nameOrder = cards.shuffled(using: &generator)
        reset()
    }

    /// Switch to `mode`; entering study mode drops pending picks, nothing else changes.
    public mutating func setMode(_ newMode: Mode) {
        if newMode == .study { clearPicks() }
        mode = newMode
    }

    /// Switch to the other mode: what the one "Study"/"Match" button does.
    public mutating func toggleMode() {
        setMode(mode.other)
    }
}

// MARK: - Keeping a game

extension TempleGame {
    private enum CodingKeys: String, CodingKey {
        case cards, seed, mode, correctCount, incorrectCount, lastResult, pickedPicture, pickedName, matchedIDs
        case pictureOrder, nameOrder
    }

    /// A game as it was encoded, when it is one that play could reach: every id once in
    /// the deck and in both orders, matched and picked cards of the deck, no card both
    /// matched and picked, a pick in one pane at most and none in study mode, one correct
    /// attempt per matched card, and a last result exactly when there were attempts.
    /// Anything else throws `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cards = try container.decode([Flashcard].self, forKey: .cards)
        seed = try container.decode(UInt64.self, forKey: .seed)
        mode = try container.decode(Mode.self, forKey: .mode)
        correctCount = try container.decode(Int.self, forKey: .correctCount)
        incorrectCount = try container.decode(Int.self, forKey: .incorrectCount)
        lastResult = try container.decodeIfPresent(AttemptResult.self, forKey: .lastResult)
        pickedPicture = try container.decodeIfPresent(String.self, forKey: .pickedPicture)
        pickedName = try container.decodeIfPresent(String.self, forKey: .pickedName)
        matchedIDs = try container.decode(Set<String>.self, forKey: .matchedIDs)
        pictureOrder = try container.decode([Flashcard].self, forKey: .pictureOrder)
        nameOrder = try container.decode([Flashcard].self, forKey: .nameOrder)

        let ids = cards.map(\.id), known = Set(ids), deck = Set(cards), matched = matchedIDs
        func isDeck(_ order: [Flashcard]) -> Bool { order.count == deck.count && Set(order) == deck }
        func isOpen(_ pick: String?) -> Bool { pick.map { known.contains($0) && !matched.contains($0) } ?? true }
        let valid = known.count == ids.count && isDeck(pictureOrder) && isDeck(nameOrder)
            && matchedIDs.isSubset(of: known) && isOpen(pickedPicture) && isOpen(pickedName)
            && (pickedPicture == nil || pickedName == nil)
            && (mode == .match || (pickedPicture == nil && pickedName == nil))
            && correctCount == matchedIDs.count && incorrectCount >= 0
            && (lastResult == nil) == (correctCount + incorrectCount == 0)
        guard valid else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "not a temple game that play could reach"))
        }
    }

    /// Every field; the matched ids in sorted order, so equal games encode alike.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cards, forKey: .cards)
        try container.encode(seed, forKey: .seed)
        try container.encode(mode, forKey: .mode)
        try container.encode(correctCount, forKey: .correctCount)
        try container.encode(incorrectCount, forKey: .incorrectCount)
        try container.encodeIfPresent(lastResult, forKey: .lastResult)
        try container.encodeIfPresent(pickedPicture, forKey: .pickedPicture)
        try container.encodeIfPresent(pickedName, forKey: .pickedName)
        try container.encode(matchedIDs.sorted(), forKey: .matchedIDs)
        try container.encode(pictureOrder, forKey: .pictureOrder)
        try container.encode(nameOrder, forKey: .nameOrder)
    }
}
