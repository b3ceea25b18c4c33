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
    /// Whether the game can be drawn in a grid of `size` (without the key line); by
    /// default when `size` covers `minimumSize`. See `Screen.fits`.
    func fits(_ size: Size) -> Bool
    /// The size to ask for when the grid is `size` and too small; by default `minimumSize`.
    func minimumSize(near size: Size) -> Size
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
    /// The player answered yes to a question the game asked with `GameEffect.confirm`.
    mutating func confirmed(_ action: Confirmation.Action) -> [GameEffect]
}

extension GameScreen {
    public func consumes(_ key: Key) -> Bool { false }
    public var tickInterval: Double { 1.0 / 30.0 }
    public mutating func willLeave() -> [GameEffect] { [] }
    public mutating func scoresChanged(_ entries: [ScoreEntry]) {}
    public func fits(_ size: Size) -> Bool { size.covers(minimumSize) }
    public func minimumSize(near size: Size) -> Size { minimumSize }
    public mutating func confirmed(_ action: Confirmation.Action) -> [GameEffect] { [] }
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
    /// Ask the player a yes/no question; on yes the shell calls `confirmed(action)`.
    case confirm(Confirmation)
}

/// A yes/no question the shell asks for a game before it throws play away ("Start a new
/// game? This one will be lost."), drawn like the leave question; the game's clock stands
/// still while it is open.
public struct Confirmation: Equatable, Sendable {
    /// What the game does on yes.
    public enum Action: Equatable, Sendable {
        /// Deal a new game of the same kind.
        case newGame
    }

    public var title: String
    /// The question, ending in "(y/n)".
    public var question: String
    public var action: Action

    public init(title: String, question: String, action: Action) {
        self.title = title
        self.question = question
        self.action = action
    }

    /// "New game? This one will be lost. (y/n)"
    public static let newGame = Confirmation(
        title: "New game", question: "New game? This one will be lost. (y/n)", action: .newGame)
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
