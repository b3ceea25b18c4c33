import ArcadeUI

/// A game's screen, hosted by the shell, which owns the menu, help and leave question.
///
/// Like every `Screen`, a game is a value: `update` changes it and returns effects,
/// `render` draws it. The shell handles `?` (help), `q` and Esc (leave) unless the
/// game `consumes` the key, and draws the bottom key line from `keyHints`.
public protocol GameScreen {
    /// Apply one input; the grid the game renders into is the terminal minus its last row.
    mutating func update(_ input: Input) -> [GameEffect]
    /// Draw the game into `grid` (the terminal minus the key line).
    func render(into grid: inout CellGrid)
    /// The smallest grid (without the key line) the game can be played in.
    var minimumSize: Size { get }
    /// True while a clock or an animation runs.
    var wantsTicks: Bool { get }
    /// Seconds between ticks while `wantsTicks` (1/30 for animations, 1 for a seconds clock).
    var tickInterval: Double { get }
    /// True when leaving would throw away a game worth asking about.
    var isInProgress: Bool { get }
    /// What `?` shows.
    var help: HelpSheet { get }
    /// The main keys, for the bottom line (the shell adds `? help` and `q menu`).
    var keyHints: [KeyHint] { get }
    /// True when the game wants `key` even though the shell usually takes it (`q`, Esc, `?`).
    func consumes(_ key: Key) -> Bool
    /// The player is leaving (back to the menu, or quitting): last effects, e.g. a score to keep.
    mutating func willLeave() -> [GameEffect]
    /// The game's recorded scores (best first) changed, e.g. after it asked to record one.
    mutating func scoresChanged(_ entries: [ScoreEntry])
}

extension GameScreen {
    public func consumes(_ key: Key) -> Bool { false }
    public var tickInterval: Double { 1.0 / 30.0 }
    public mutating func willLeave() -> [GameEffect] { [] }
    public mutating func scoresChanged(_ entries: [ScoreEntry]) {}
}

/// Something a game asks the app to do.
public enum GameEffect: Equatable, Sendable {
    /// Go back to the menu.
    case leave
    /// Play a sound cue.
    case sound(SoundCue)
    /// Record a finished game's score (with named figures such as a time) in the score store.
    case recordScore(Int, figures: [String: String])
    /// Ring the terminal bell.
    case bell
}

/// The sound cues a game can ask for.
public enum SoundCue: String, Equatable, Sendable, CaseIterable {
    case cardDrawn
    case handWon
    case handLost
}

/// One key and what it does, as the bottom line and the help overlay show it.
public struct KeyHint: Equatable, Sendable {
    public var keys: String
    public var action: String

    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }
}

/// The contents of a help overlay: a title, the keys, and a few lines of rules.
public struct HelpSheet: Equatable, Sendable {
    public var title: String
    public var keys: [KeyHint]
    public var notes: [String]

    public init(title: String, keys: [KeyHint], notes: [String] = []) {
        self.title = title
        self.keys = keys
        self.notes = notes
    }
}
