import ArcadeUI

/// The offer of a saved game: "Resume (score 12, 3 minutes ago)" or "New game", over the menu
/// when a game with a save opens, or over a game that changed into a mode with a save.
///
/// It holds the screen read from the save when it opened (Resume shows that screen: a save is
/// read once), and which of its buttons has the focus. What an answer does is the shell's
/// (`ArcadeShell+Resume.swift`).
public struct ResumeOffer: Equatable {
    /// The screen read from the save, and the seed it was read with.
    let screen: any GameScreen
    let seed: UInt64
    /// The save on offer.
    let saved: SavedGame
    /// The title of its game ("Set").
    let title: String
    /// The mode it was played in (a save kept before saves had modes is of the mode its game is in).
    let mode: String
    /// How long ago it was left, in words ("3 minutes ago").
    let age: String
    /// The focused button (0, Resume, when it opens).
    private(set) var focus = 0

    /// The game whose save is on offer.
    var game: GameID { saved.game }

    /// What reading a save for an offer came to: the offer, a save of another mode than the one
    /// asked for, or a save that does not read.
    enum Reading {
        case offer(ResumeOffer)
        case otherMode
        case unreadable
    }

    /// Read `saved`, a save of `info`'s game, with `context`, for an offer at `now` (seconds
    /// since 1970), when it is of the mode `requested` (any mode when nil).
    static func read(_ saved: SavedGame, of info: GameInfo, with context: GameContext, requested: String?,
                     now: Double) -> Reading {
        guard let screen = info.resume?(saved.save.state, context) else { return .unreadable }
        // A save kept before saves had modes is of the mode its game is in.
        let mode = saved.mode.isEmpty ? screen.saveMode() : saved.mode
        if let requested, mode != requested { return .otherMode }
        return .offer(ResumeOffer(screen: screen, seed: context.seed, saved: saved, title: info.title, mode: mode,
                                  age: age(seconds: now - saved.savedAt)))
    }

    /// The menu's words for a saved game of `info`'s game that no longer reads.
    static func unreadable(_ info: GameInfo) -> String {
        "The saved \(info.title) game could not be read (it was left by another version of the arcade), "
            + "so it was dropped; open \(info.title) again for a new game."
    }

    public static func == (left: ResumeOffer, right: ResumeOffer) -> Bool {
        left.saved == right.saved && left.mode == right.mode && left.age == right.age && left.focus == right.focus
    }

    /// The offer's buttons, in order.
    enum Choice { case resume, newGame }
    static let choices: [Choice] = [.resume, .newGame]
    /// The offer's hot keys (either case). (Not private: the man page's test reads it.)
    static let keys: [Binding<Choice>] = [
        Binding([.character("r")], .resume), Binding([.character("n")], .newGame),
    ]
    /// The key line under the offer.
    private static let hints = [KeyHint("Enter", "resume"), KeyHint("n", "new game"), KeyHint("Tab", "choose")]
    /// What the "too small" message says while the offer is open.
    static let tooSmallHint = "Enter or r: resume   n: new game   q: menu"

    /// What the player answered: a button, or back to the menu with the save kept.
    enum Answer { case choose(Choice), back }

    /// The offer as a dialog, with the focused button.
    var dialog: Dialog {
        let summary = saved.save.summary
        var buttons = Self.choices.map { choice in
            switch choice {
            case .resume: Button("Resume (\(summary.isEmpty ? "" : summary + ", ")\(age))", hotKey: .character("r"))
            case .newGame: Button("New game", hotKey: .character("n"))
            }
        }
        buttons[min(focus, 1)].isFocused = true
        return Dialog(title: title, message: "Your last game of \(title) was left in progress.",
                      buttons: buttons, preferredWidth: 44, style: Style.bold.foreground(.accent))
    }

    /// Keys and clicks on the offer: Enter (Resume is focused first) or `r` resumes, `n`
    /// starts a new game, Tab, arrows and h/l move the focus, `q` and Esc go back. Nil: the
    /// input answers nothing (it may have moved the focus).
    mutating func answer(_ input: Input, in frame: Frame) -> Answer? {
        let dialog = self.dialog
        let index: Int?
        switch input {
        case .key(.escape), .key(.character("q")), .key(.character("Q")):
            return .back
        case .key(let key):
            if let choice = Self.keys.action(for: key) { return .choose(choice) }
            index = dialog.buttonIndex(for: key)
            if index == nil, let focus = GameOverKey.focus(of: dialog, movedBy: key) {
                self.focus = focus
                return nil
            }
        case .mouse(let event) where event.action == .press:
            index = dialog.buttonIndex(at: event.at, in: frame.bounds)
        default:
            index = nil
        }
        guard let index, Self.choices.indices.contains(index) else { return nil }
        return .choose(Self.choices[index])
    }

    /// The keys that reach the offer behind the "too small" message: its own, q and Esc.
    func acceptsWhileTooSmall(_ key: Key) -> Bool {
        key == .character("q") || key == .escape || dialog.buttonIndex(for: key) != nil
    }

    /// Where the cursor goes when it follows focus: the focused button.
    func cursorPosition(in frame: Frame) -> Point? {
        dialog.focusedButtonPoint(in: frame.bounds)
    }

    /// Draw the offer over the whole screen.
    func draw(into grid: inout CellGrid) {
        dialog.draw(into: &grid, in: grid.bounds)
    }

    /// Draw the key line under the offer: its keys, not the game's or the menu's.
    static func drawKeyLine(into grid: inout CellGrid) {
        KeyLine.draw(hints, always: [KeyHint("q", "menu")], into: &grid)
    }

    /// How long ago, in words: "just now", "3 minutes ago", "2 hours ago", "5 days ago".
    static func age(seconds: Double) -> String {
        let whole = seconds.isFinite ? max(0, Int(min(seconds, 1e12))) : 0
        func ago(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s") ago" }
        switch whole {
        case ..<60: return "just now"
        case ..<3600: return ago(whole / 60, "minute")
        case ..<86_400: return ago(whole / 3600, "hour")
        default: return ago(whole / 86_400, "day")
        }
    }
}
