import ArcadeJSON

/// What a game in progress keeps when the player leaves it (`GameScreen.savedState`): its
/// state as text, and the few words the resume offer shows ("score 12").
public struct GameSave: Equatable, Sendable {
    /// The screen's state, as `SavedState.encode` wrote it.
    public var state: String
    /// What the offer says of the game: "score 12", "3 of 10 pairs".
    public var summary: String

    public init(state: String, summary: String) {
        self.state = state
        self.summary = summary
    }
}

/// A game left in progress, as the store keeps it and the shell offers to resume it: one
/// per game and mode (`GameModes`), so a classic Set game and a daily puzzle wait side by side.
public struct SavedGame: Equatable, Sendable {
    public var game: GameID
    /// The mode it was left in, as the game's `GameModes` names it; '' for a game without
    /// modes, and for a save kept before saves had modes (its mode is read from the save).
    public var mode: String
    public var save: GameSave
    /// The seed the game was started with (kept with its results once it is finished).
    public var seed: UInt64?
    /// The session of play it belongs to (from when it was first started), which its runs
    /// of play are named by (see `ScoreRecord.run`).
    public var session: String?
    /// When it was left, seconds since 1970.
    public var savedAt: Double

    public init(game: GameID, mode: String = "", save: GameSave, seed: UInt64? = nil, session: String? = nil,
                savedAt: Double) {
        self.game = game
        self.mode = mode
        self.save = save
        self.seed = seed
        self.session = session
        self.savedAt = savedAt
    }

    /// Where the store keeps it: its game and mode.
    public var slot: SaveSlot { SaveSlot(game: game, mode: mode) }
}

/// A saved game's place: one per game and mode.
public struct SaveSlot: Hashable, Sendable {
    public var game: GameID
    public var mode: String

    public init(game: GameID, mode: String = "") {
        self.game = game
        self.mode = mode
    }

    /// Its name for the player: the game's title (a mode's name may be a whole table's rules).
    func title(in games: [GameInfo]) -> String { games.title(of: game) }
}

/// How a screen's state becomes the text a `GameSave` holds, and back.
///
/// The state is JSON with the format's version beside it: a screen whose saved form
/// changes raises its version, and a save of another version (or one that does not
/// decode) reads as nil, which the shell reports and drops, never a crash.
public enum SavedState {
    private struct Envelope<State: Codable>: Codable {
        var version: Int
        var state: State
    }

    /// `state` as a save, with `summary` for the resume offer; nil if it cannot be encoded.
    public static func encode<State: Codable>(_ state: State, version: Int, summary: String) -> GameSave? {
        guard let text = try? JSON.string(Envelope(version: version, state: state), formatting: .sortedKeys) else { return nil }
        return GameSave(state: text, summary: summary)
    }

    /// The state `text` holds, when it is of `version` and decodes as `State`; else nil.
    public static func decode<State: Codable>(_ type: State.Type, version: Int, from text: String) -> State? {
        guard let envelope = try? JSON.decode(Envelope<State>.self, from: text),
              envelope.version == version else { return nil }
        return envelope.state
    }
}
