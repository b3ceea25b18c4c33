import ArcadeRecords
import ArcadeUI

/// A game's screen, hosted by the shell, which owns the menu, help, the leave question and
/// the game-over box.
///
/// Like every `Screen`, a game is a value, and the frame it is drawn in reaches it with
/// every input instead of being stored. A game names what the player can do as its
/// `Action`s and lists its keys in one table, `bindings(in:)`: the shell reads the bottom
/// key line, the keys half of `?` help and which keys the game takes from that table, and
/// a key and a click both end in `perform(_:in:)`. `?`, `q` and Esc are the shell's
/// unless the table binds them.
public protocol GameScreen: Screen where Effect == GameEffect {
    /// What the player can do in this game.
    associatedtype Action

    /// The keys and what they do now, in the order the key line and help list them.
    func bindings(in frame: Frame) -> [Binding<Action>]
    /// Do `action` (from a key, a click or a test).
    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect]
    /// The action a click at `point` stands for, from the layout `render` draws (nil: none).
    func action(at point: Point, in frame: Frame) -> Action?
    /// The action a mouse event stands for; by default a press's `action(at:in:)`, and
    /// nothing for the wheel (a game that scrolls with it says what it does).
    func action(for event: MouseEvent, in frame: Frame) -> Action?
    /// `seconds` passed while `wantsTicks`.
    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect]
    /// The frame changed size: work that depends on it (e.g. pictures scaled to a layout).
    mutating func resized(to frame: Frame) -> [GameEffect]
    /// The game has just been opened: effects to start it with (e.g. a deck to load).
    mutating func start(in frame: Frame) -> [GameEffect]

    /// True when leaving would throw away a game worth asking about.
    var isInProgress: Bool { get }
    /// True while the game's clock runs for the player (a timed game being played): the
    /// shell then pauses it on `p` (unless the game binds `p`), when the terminal loses
    /// focus, and after a stretch without input, and lists `p` in the key line and help.
    /// False by default.
    var isTimed: Bool { get }
    /// The help overlay's title.
    var helpTitle: String { get }
    /// The rules half of `?` help.
    func helpNotes(in frame: Frame) -> [String]
    /// The bottom line's keys; by default the bindings' hints (the shell adds `? help` and `q menu`).
    func keyHints(in frame: Frame) -> [KeyHint]
    /// What `?` shows; by default the title, the bindings' help rows and the notes.
    func help(in frame: Frame) -> HelpSheet
    /// The result of a finished game, shown by the shell in its game-over box, or nil.
    func gameOver(in frame: Frame) -> GameOver<Action>?
    /// True while the game's result is up (`gameOver(in:)` is not nil). The shell asks around
    /// every input; a game whose result costs something to build answers without building it.
    func showsGameOver(in frame: Frame) -> Bool
    /// The mode the game is in, which its saved game is kept under (`GameModes`; "daily",
    /// "versus hard"); "" for a game without modes. The shell asks around every input, to
    /// notice a mode entered inside the game. A method, not a property: the compiler copied
    /// the whole screen out of its box to read a property through `any GameScreen`.
    func saveMode() -> String

    /// The player is leaving (back to the menu, or quitting): last effects, e.g. a score to keep.
    mutating func willLeave() -> [GameEffect]
    /// The game to keep when the player leaves it (`SavedState.encode`), read back by the
    /// game's `GameInfo.resume`: a game in progress, or nil (the default: nothing is kept,
    /// and a saved game left from before is forgotten).
    func savedState() -> GameSave?
    /// What the effect runtime learned for this game (scores recorded, a deck loaded).
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect]
    /// The player answered yes to a question the game asked with `GameEffect.confirm`.
    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect]
    /// What a connection of the game's brought (`Input.network`: a game played over the
    /// network); by default nothing.
    mutating func arrived(_ input: NetworkInput, in frame: Frame) -> [GameEffect]
}

extension GameScreen {
    public var tickInterval: Double { 1.0 / 30.0 }
    public func action(at point: Point, in frame: Frame) -> Action? { nil }
    public func action(for event: MouseEvent, in frame: Frame) -> Action? {
        event.action == .press ? action(at: event.at, in: frame) : nil
    }
    public mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] { [] }
    public mutating func resized(to frame: Frame) -> [GameEffect] { [] }
    public mutating func start(in frame: Frame) -> [GameEffect] { [] }
    public func helpNotes(in frame: Frame) -> [String] { [] }
    public func keyHints(in frame: Frame) -> [KeyHint] { bindings(in: frame).keyHints() }
    public func help(in frame: Frame) -> HelpSheet {
        HelpSheet(title: helpTitle, keys: bindings(in: frame).helpRows(), notes: helpNotes(in: frame))
    }
    /// True when the game wants `key` even though the shell usually takes it (`q`, Esc,
    /// `?`): an enabled binding has it.
    public func consumes(_ key: Key, in frame: Frame) -> Bool {
        binds([key], in: frame)[0]
    }

    /// Which of `keys` an enabled binding has, the binding table built once for them all.
    public func binds(_ keys: [Key], in frame: Frame) -> [Bool] {
        let table = bindings(in: frame)
        return keys.map { key in table.contains { $0.isEnabled && $0.matches(key) } }
    }
    public func gameOver(in frame: Frame) -> GameOver<Action>? { nil }
    public func showsGameOver(in frame: Frame) -> Bool { gameOver(in: frame) != nil }
    public func saveMode() -> String { "" }
    public var isTimed: Bool { false }
    public mutating func willLeave() -> [GameEffect] { [] }
    public func savedState() -> GameSave? { nil }
    public mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] { [] }
    public mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] { [] }
    public mutating func arrived(_ input: NetworkInput, in frame: Frame) -> [GameEffect] { [] }

    /// Every input ends in an action: a key through the binding table, a click through the
    /// layout; ticks and resizes go to `advance` and `resized`. While the game is over, its
    /// keys and clicks belong to the shell's game-over box.
    public mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        dispatch(input, in: frame)
    }

    /// What the default `update` does, for a screen whose own `update` takes a few inputs
    /// the table cannot express (any key at all, the mouse wheel) and passes the rest on.
    public mutating func dispatch(_ input: Input, in frame: Frame) -> [GameEffect] {
        switch input {
        case .key(let key):
            guard gameOver(in: frame) == nil, let action = bindings(in: frame).action(for: key) else { return [] }
            return perform(action, in: frame)
        case .mouse(let event):
            guard gameOver(in: frame) == nil, let action = action(for: event, in: frame) else { return [] }
            return perform(action, in: frame)
        case .tick(let seconds):
            return advance(by: seconds, in: frame)
        case .resize:
            return resized(to: frame)
        case .focus:
            return []  // the shell's (see `isTimed`)
        case .network(let arrived):
            return self.arrived(arrived, in: frame)
        }
    }

    // The game-over box, for the shell, which holds the game only as `any GameScreen`.

    /// The game-over box with button `focus` focused and the rectangle it is centred in.
    func gameOverBox(in frame: Frame, focus: Int) -> (dialog: Dialog, area: Rect)? {
        guard let over = gameOver(in: frame) else { return nil }
        let dialog = over.dialog(focus: focus)
        return (dialog, over.area(of: dialog, in: frame))
    }
}

/// The keys that move the focus of the shell's boxes.
enum GameOverKey {
    /// Tab, → ↓ and l move the focus of the shell's boxes forward; Shift-Tab, ← ↑ and h back.
    static let focusKeys: [Binding<Bool>] = [
        Binding([.tab, .right, .down, .character("l")], true),
        Binding([.backTab, .left, .up, .character("h")], false),
    ]

    /// The button of `dialog` focused after `key`, when it is one of `focusKeys`; nil for any
    /// other key.
    static func focus(of dialog: Dialog, movedBy key: Key) -> Int? {
        guard let forward = focusKeys.action(for: key) else { return nil }
        var moved = dialog
        moved.moveFocus(forward ? .right : .left)
        return moved.focusedIndex ?? 0
    }
}

/// A finished game's result, as the shell's game-over box shows it: a title, the figures,
/// and the choices (Play again, Menu...), each carrying the action it does.
public struct GameOver<Action> {
    public var title: String
    public var message: String
    /// The buttons, and the action each one does (kept apart: the box is built from the
    /// buttons for every key read while it is up, without going through the game's actions).
    public var buttons: [Button]
    public var actions: [Action]
    public var preferredWidth: Int
    public var style: Style
    /// Where in the game's frame the box may be centred, in order: the first at least as
    /// tall as the box laid out in the last (the largest), else the last; none: the whole
    /// frame. Asked only when the box is placed (drawn or clicked), so a key read while it
    /// is up neither lays out the game nor wraps the box's message.
    public var areas: @Sendable (Frame) -> [Rect]
    /// Keys the box takes besides its buttons' hot keys (e.g. `t` for the scores, as on
    /// the table); their hints belong in the game's own bindings.
    public var keys: [Binding<Action>]

    public init(title: String, message: String, choices: [(Button, Action)], preferredWidth: Int = 40,
                style: Style = Style.bold.foreground(.accent), areas: @escaping @Sendable (Frame) -> [Rect] = { _ in [] },
                keys: [Binding<Action>] = []) {
        self.title = title
        self.message = message
        buttons = choices.map { $0.0 }
        actions = choices.map { $0.1 }
        self.preferredWidth = preferredWidth
        self.style = style
        self.areas = areas
        self.keys = keys
    }

    /// The box with button `focus` focused.
    public func dialog(focus: Int) -> Dialog {
        var buttons = buttons
        for index in buttons.indices { buttons[index].isFocused = index == focus }
        return Dialog(title: title, message: message, buttons: buttons, preferredWidth: preferredWidth, style: style)
    }

    /// The rectangle of `frame` that `dialog` (this box) is centred in (see `areas`).
    public func area(of dialog: Dialog, in frame: Frame) -> Rect {
        let areas = areas(frame)
        guard let largest = areas.last else { return frame.bounds }
        guard areas.count > 1 else { return largest }
        let needed = dialog.layout(in: largest).box.height
        return areas.first { $0.height >= needed } ?? largest
    }
}

/// Something a game asks the app to do.
public enum GameEffect: Equatable, Sendable {
    /// Go back to the menu.
    case leave
    /// Play a sound cue.
    case sound(SoundCue)
    /// Record a finished game's score in the store, with its figures (see `ScoreFigures`),
    /// the mode or level played and the seconds it took, when the game has them.
    ///
    /// `run` names the run of play the result belongs to, for a game that keeps a growing
    /// result more than once (Slots keeps a machine's best each time it is left): a later
    /// result of the same run replaces the earlier one.
    case recordScore(Int, figures: [String: String], mode: String? = nil, duration: Double? = nil, run: String? = nil)
    /// Ring the terminal bell.
    case bell
    /// Ask the player a yes/no question; on yes the shell calls `confirmed(action)`.
    case confirm(Confirmation)
    /// Load a deck of pictures, ask how far the loading is, or stop it (see `DeckRequest`);
    /// the answers come back as `RuntimeReport.deck`.
    case deck(DeckRequest)
    /// Listen, connect, send or close, for a game played over the network (`NetworkRequest`).
    case network(NetworkRequest)
    /// Keep a setting the player chose on the game's screen (e.g. `"set.cardStyle"`), for the
    /// next time the game opens (`GameContext.settings`).
    case remember(setting: String, value: String)
    /// Keep the result of the daily puzzle of `day` (`CalendarDay.text`); the first one
    /// finished is the day's result (`GameContext.daily`).
    case recordDaily(day: String, DailyOutcome)
    /// Count one more decision of kind `key` ("hard 16 v 10"), right or not, in the game's
    /// tallies (`GameContext.tallies`).
    case tally(key: String, right: Bool)
    /// Keep one answer of a learn session: card `card` of deck `deck` now has `progress`,
    /// and `day` has one more review (`GameContext.learning`, `LearningRecord`).
    case learned(deck: String, card: String, progress: StoredCardProgress, right: Bool, day: Int)
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

    /// "New game? This one will be lost. (y/n)"
    public static let newGame = Confirmation(
        title: "New game", question: "New game? This one will be lost. (y/n)", action: .newGame)
}

extension GameEffect {
    /// Record `score` with the game's typed `figures`.
    public static func record<Figures: ScoreFigures>(_ score: Int, _ figures: Figures) -> GameEffect {
        .recordScore(score, figures: figures.stored, mode: figures.mode, duration: figures.duration, run: figures.run)
    }
}

/// A game's figures kept with a score beside the number (sets found, a time, a machine):
/// typed here, and written to and read from the score store's named strings in one place.
public protocol ScoreFigures: Sendable {
    /// The figures as the score store keeps them.
    var stored: [String: String] { get }
    /// The figures read back from the score store; nil when they are not this game's.
    init?(stored: [String: String])
    /// The mode or level played, kept beside the score ("3-digit", "Hard"); nil by default.
    var mode: String? { get }
    /// The seconds the game took, when it has a clock; nil by default.
    var duration: Double? { get }
    /// The run of play the result belongs to, within the game on screen (see
    /// `GameEffect.recordScore`); nil by default: every result is a game of its own.
    var run: String? { get }
}

extension ScoreFigures {
    public var mode: String? { nil }
    public var duration: Double? { nil }
    public var run: String? { nil }
}

/// What the effect runtime learned while carrying out effects, coming back to the shell
/// (and the game it concerns) as an input.
public enum RuntimeReport: Sendable {
    /// `game`'s recorded scores, best first, after one was recorded.
    case scoresRecorded(GameID, [ScoreEntry])
    /// A line for under the menu (nil clears it), e.g. a score file that could not be written.
    case notice(String?)
    /// How far the deck `game` asked for has loaded, or the deck (or why there is none).
    case deck(GameID, DeckReport)
    /// Every game's statistics, for the statistics page (`AppEffect.showStatistics`).
    case statistics([GameStatistics])
    /// What the store holds now, read again for the menu (another arcade may have kept games
    /// or saved one meanwhile): every game's list and the saved games.
    case stored(scores: [GameID: [ScoreEntry]], saved: [SavedGame])
    /// A game left in progress could not be saved, and why (words for the end of a sentence):
    /// the shell keeps it for this run, unmarked on the menu, and tries again on each return
    /// to the menu (the menu's reread must not take it away), with the mode whose save it
    /// replaces (`AppEffect.saveGame`'s `replacing`).
    case notKept(SaveSlot, replacing: String?, reason: String)
    /// How many of `deck`'s cards the store counts due on `day` (`AppEffect.countDue`).
    case learnDue(deck: String, day: Int, count: Int)
    /// A result the runtime has carried out: kept, or said why not in a notice (the run goes
    /// on judging against it). The player's record follows it (`PlayerRecord.note`).
    case carriedOut(AppEffect)
    /// What a network request of the game's came to at once (listening, or why not); the
    /// game gets it as it gets `Input.network`.
    case network(NetworkInput)
}

/// The sound cues a game can ask for.
public enum SoundCue: String, Equatable, Sendable, CaseIterable {
    case cardDrawn
    case handWon
    case handLost
}

