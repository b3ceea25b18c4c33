import ArcadeUI

/// The game on screen: its catalog entry, its screen, its seed, and the session of play it
/// belongs to (its runs are named by it: see `ScoreRecord.run`).
///
/// The entry and the screen are held in a box that is copied only when the screen is changed
/// while the box is shared (copy on write), so the value stays a value. The shell asks the
/// game something for every key read (does it fit, is it over, is it timed); an optional
/// holding the screen and the entry themselves would be copied whole for each question, a
/// dozen closures and the screen's storage retained and released every time.
struct ActiveGame {
    private final class Box {
        let info: GameInfo
        var screen: any GameScreen
        init(info: GameInfo, screen: any GameScreen) {
            self.info = info
            self.screen = screen
        }
    }

    private var box: Box
    let seed: UInt64?
    let session: String

    init(info: GameInfo, screen: any GameScreen, seed: UInt64?, session: String) {
        box = Box(info: info, screen: screen)
        self.seed = seed
        self.session = session
    }

    var info: GameInfo {
        _read { yield box.info }
    }

    var screen: any GameScreen {
        _read { yield box.screen }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(info: box.info, screen: box.screen) }
            yield &box.screen
        }
    }
}

/// What a key every screen shares asks of the shell, when the game does not bind it.
enum SharedKey {
    /// `?`: the game's help.
    case help
    /// `p`: a timed game pauses.
    case pause
    /// `q` or Esc in a game in progress: "Leave this game? (y/n)".
    case askToLeave
    /// `q` or Esc in a game not in progress: back to the menu.
    case leave
}

extension ActiveGame {
    /// What `key` asks of the shell (`ArcadeShell.sharedKeys`); nil: the key is the game's.
    /// The game is only read here, never copied: a copy alive while the game is changed would
    /// make every array of its state shared, and each copied whole.
    func sharedKey(_ key: Key, in gameFrame: Frame) -> SharedKey? {
        guard ArcadeShell.sharedKeys.contains(key), !screen.consumes(key, in: gameFrame) else { return nil }
        switch key {
        case .character("?"): return .help
        case .character("p"), .character("P"): return screen.isTimed ? .pause : nil
        case .character("q"), .escape: return screen.isInProgress ? .askToLeave : .leave
        default: return nil
        }
    }

    /// A name for a new session of play in the arcade's run `instance`: when it started (to
    /// the millisecond) and its seed, so two sessions of the same `--seed` are told apart.
    static func session(of instance: String, startedAt started: Double, seed: UInt64) -> String {
        let milliseconds = started.isFinite && abs(started) < 1e15 ? Int64(started * 1000) : 0
        return instance.isEmpty ? "\(milliseconds)-\(seed)" : "\(instance)-\(milliseconds)-\(seed)"
    }

    /// True when `p` pauses the game: it is timed and does not bind `p` itself (as the key
    /// line asks too, with the other keys it shows).
    func pausesOnP(in gameFrame: Frame) -> Bool {
        screen.isTimed && !screen.consumes(.character("p"), in: gameFrame)
    }

    /// What `?` shows over the game: its sheet, with `p` when it pauses.
    func helpSheet(in gameFrame: Frame) -> HelpSheet {
        var sheet = screen.help(in: gameFrame)
        if pausesOnP(in: gameFrame) { sheet.keys.append(PauseOverlay.helpRow) }
        return sheet
    }

    /// The key line under the game: its keys, then p, ? and the way back. `?` is help unless
    /// the game takes it now (a name being typed): then the game's own words for it, if it has
    /// any, stay on the line however narrow. While the game takes `q` too, Esc is the way back;
    /// while it takes both (fields being typed in, whose Esc closes them), neither is.
    func drawKeyLine(in gameFrame: Frame, into grid: inout CellGrid) {
        var hints = screen.keyHints(in: gameFrame)
        let binds = screen.binds([.character("p"), .character("?"), .character("q"), .escape], in: gameFrame)
        var always: [KeyHint] = []
        if screen.isTimed && !binds[0] { always.append(PauseOverlay.hint) }
        if !binds[1] {
            always.append(KeyHint("?", "help"))
        } else if let own = hints.firstIndex(where: { $0.keys == "?" }) {
            always.append(hints.remove(at: own))
        }
        if !binds[2] {
            always.append(KeyHint("q", "menu"))
        } else if !binds[3] {
            always.append(KeyHint("Esc", "menu"))
        }
        KeyLine.draw(hints, always: always, into: &grid)
    }
}
