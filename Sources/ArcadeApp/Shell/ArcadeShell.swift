import ArcadeRecords
import ArcadeUI

/// The root screen: the menu, the game being played, and the overlays over both.
///
/// It owns navigation and the keys every screen shares: `?` toggles help, `q`/Esc
/// leave a game (asking "Leave this game? (y/n)" when one is in progress), Esc on the
/// menu asks "Quit the arcade? (y/n)", and the bottom line always shows the main keys.
/// It also asks the questions games ask for (`GameEffect.confirm`), and shows a finished
/// game's result in the game-over box (`GameScreen.gameOver`), whose focus it keeps.
/// A game left in progress is saved (`GameScreen.savedState`), and opening it again offers
/// "Resume (score 12, 3 minutes ago)" or "New game".
/// A timed game (`GameScreen.isTimed`) pauses on `p` (unless the game binds it), when the
/// terminal loses focus, and after a minute without a key or click: the pause covers the
/// table until a key is pressed, and of the idle minute only the minute counts.
/// While an overlay is open the game gets no ticks, so its clock stands still, unless it
/// keeps time (`Screen.keepsTime`: a table over the network, never a timed game). Behind the
/// "too small" message only `q` (and the answers to an open question) get through. What
/// the effect runtime learns comes back through `receive(_:in:)`.
///
/// Navigation and the shared keys are here; each other job is a type of its own, with the
/// shell's side of it in a file of its own: the page on screen (`ShellPage`, `+Drawing`), the
/// overlays (`Overlay`, `IdleTime`, `+Overlays`), the resume offer (`ResumeOffer`, `+Resume`),
/// the game-over box (`GameOverBox`), the menu and its pages (`+Menu`), the saved games
/// (`SavedGameShelf`, `+SavedGames`), the effect runtime's reports and the player's record
/// (`PlayerRecord`, `+Runtime`).
public struct ArcadeShell: Screen {
    public typealias Effect = AppEffect

    public internal(set) var menu: MenuScreen
    public internal(set) var overlay: Overlay? {
        didSet { if overlay != .help { helpScroll = 0 } }  // help opens at its top
    }
    /// How far the help on screen is scrolled down, in rows.
    public internal(set) var helpScroll = 0
    /// How long the timed game on screen has run since the last key or click.
    var idle = IdleTime()
    let games: [GameInfo]
    /// The menu, the game on screen, or the page open over the menu.
    var page: ShellPage = .menu
    let nextSeed: () -> UInt64
    var gameOptions: [String: String]
    /// The game-over box's focus, and whether it has been seen.
    var gameOver = GameOverBox()
    /// The games left in progress, and the save the game on screen was resumed from.
    var shelf: SavedGameShelf
    /// Seconds since 1970, for when a game is saved and how long ago.
    let now: () -> Double
    /// This run of the arcade, in the names of its sessions of play (two runs started the
    /// same moment with the same `--seed` still name theirs apart).
    let instance: String
    /// The settings kept, and this run's overrides over them.
    var settings: ChosenSettings
    /// The player's scores, daily results, tallies, bests and learn-mode record.
    var record: PlayerRecord
    /// The day it is where the player is (for a daily puzzle).
    let today: () -> CalendarDay
    let assets: AssetLocator
    /// Where scores are kept, as the menu's help names it (nil: nowhere).
    let dataDirectory: String?

    /// A shell over `games` showing the menu, with each game's recorded `scores` (best first)
    /// and the games left in progress (`saved`).
    ///
    /// `seed` gives each started game its seed (the same one for `--seed N`); `now` is the
    /// time in seconds since 1970. `learning` is what the menu's count of the cards due starts
    /// from (`ArcadeData.learning`); `history` reads the rest of the player's past when a game first opens.
    public init(games: [GameInfo], scores: [GameID: [ScoreEntry]] = [:], saved: [SavedGame] = [],
                notice: String? = nil, assets: AssetLocator = AssetLocator(roots: []),
                dataDirectory: String? = "~/.local/share/arcade", seed: @escaping () -> UInt64,
                now: @escaping () -> Double = { 0 }, instance: String = "",
                settings: [String: String] = [:], learning: LearningRecord = LearningRecord(),
                history: @escaping () -> PlayerHistory = { PlayerHistory() },
                today: @escaping () -> CalendarDay = { CalendarDay(year: 2026, month: 1, day: 1) },
                overrides: SettingOverrides = SettingOverrides()) {
        self.instance = instance
        self.settings = ChosenSettings(kept: settings, overrides: overrides)
        record = PlayerRecord(scores: scores, learning: learning, history: history)
        self.today = today
        self.games = games
        self.dataDirectory = dataDirectory
        self.assets = assets
        self.now = now
        shelf = SavedGameShelf(saved, of: games)
        nextSeed = seed
        gameOptions = [:]
        menu = MenuScreen(games: games, scores: scores, notice: notice)
        markSavedGames()
    }

    /// The game on screen, if any.
    public var activeGame: GameID? { active?.info.id }

    /// The screen of the game on screen, if any.
    public var activeScreen: (any GameScreen)? { active?.screen }

    /// Open `id` straight away, as `arcade GAME` does, with that game's options, in a
    /// terminal of `frame`; returns the game's first effects (e.g. a deck to load). A game
    /// with a saved game first offers to resume it: the latest one, of the mode the options
    /// ask for when they ask for one (`GameModes.requested`). The saves of other modes are
    /// kept, and a mode asked for with none saved opens at once.
    @discardableResult
    public mutating func open(_ id: GameID, options: [String: String] = [:], in frame: Frame) -> [AppEffect] {
        guard let info = games.entry(id) else { return [] }
        menu.select(id)  // the menu is on the game, whatever happens to its offer
        record.readHistory()
        gameOptions = options
        let requested = info.modes?.requested(context(for: id, seed: 0))
        let (offered, dropped) = offerSave(of: info, requested: requested)
        return offered || !dropped.isEmpty ? dropped : start(id, in: frame)
    }

    /// Start a new game of `id` with the options it was opened with.
    mutating func start(_ id: GameID, in frame: Frame) -> [AppEffect] {
        guard let info = games.entry(id) else { return [] }
        let seed = nextSeed()
        return show(info, info.make(context(for: id, seed: seed)), seed: seed, session: ActiveGame.session(of: instance, startedAt: now(), seed: seed), in: frame)
    }

    /// What game `id` is opened with: `seed`, its options, its list, the settings, its daily
    /// results, its tallies and the day it is.
    func context(for id: GameID, seed: UInt64) -> GameContext {
        GameContext(seed: seed, options: gameOptions, scores: record.scores[id] ?? [], bests: record.bests[id] ?? [:],
                    assets: assets, settings: effectiveSettings,
                    daily: record.daily[id] ?? [:], tallies: record.tallies[id] ?? [:], learning: record.learning,
                    today: today())
    }

    /// Put `screen` on screen as game `info` and start it.
    mutating func show(_ info: GameInfo, _ screen: any GameScreen, seed: UInt64?, session: String,
                       in frame: Frame) -> [AppEffect] {
        var screen = screen
        let gameFrame = Self.gameFrame(in: frame)
        let effects = screen.start(in: gameFrame)
        page = .game(ActiveGame(info: info, screen: screen, seed: seed, session: session))
        shelf.resumedFrom = nil
        overlay = nil
        // A game that opens on its result (a daily puzzle solved meanwhile) is not seen yet either.
        gameOver = GameOverBox()
        gameOver.follow(wasOver: false, isOver: screen.showsGameOver(in: gameFrame))
        return appEffects(effects, from: info.id)
    }

    // MARK: - Screen

    public func fits(_ frame: Frame) -> Bool { page.fits(frame) }

    public func minimumSize(in frame: Frame) -> Size { page.minimumSize(in: frame) }

    /// Behind the "too small" message: `q` does what it always does, and an open
    /// question can still be answered (its words are the message's hint).
    public func acceptsWhileTooSmall(_ key: Key) -> Bool {
        overlay?.acceptsWhileTooSmall(key) ?? (key == .character("q"))
    }

    public var tooSmallHint: String? { overlay?.tooSmallHint ?? page.tooSmallHint }

    public var wantsTicks: Bool {
        (overlay == nil || keepsTime) && (active?.screen.wantsTicks ?? false)
    }

    /// A game whose time goes on under help and questions (a table over the network).
    public var keepsTime: Bool { active?.screen.keepsTime ?? false }

    public var tickInterval: Double {
        active?.screen.tickInterval ?? 1.0 / 30.0
    }

    public mutating func update(_ input: Input, in frame: Frame) -> [AppEffect] {
        switch input {
        case .resize:
            // Every resize reaches the game, overlay or not, so it can redo what depends on it.
            return forwardToGame(.resize(Self.gameFrame(in: frame).size), in: frame)
        case .network:
            // The game follows its connections whatever is over it (help, a question, the pause).
            return forwardToGame(input, in: frame)
        case .focus(let focus):
            // Turning away pauses a timed game; coming back leaves the pause to a key.
            if focus == .lost { pauseIfTimed() }
            return []
        case .key, .mouse:
            idle.reset()
        case .tick:
            // Under an overlay only a game that keeps time has ticks, and they are its own.
            if overlay != nil { return keepsTime ? forwardToGame(input, in: frame) : [] }
        }
        if let overlay { return updateOverlay(overlay, input, in: frame) }
        switch page {
        case .menu: return updateMenu(input, in: frame)
        case .settings, .statistics: return updatePage(input, in: frame)
        case .game: break
        }
        if let effects = updateAroundGame(input, in: frame) { return effects }
        if case .tick(let seconds) = input, active?.screen.isTimed == true { return tickTimedGame(seconds, in: frame) }
        return forwardToGame(input, in: frame)
    }

    /// What the shell does with `input` before the game sees it: help and leaving, and the key
    /// line. Nil: the input is the game's (or its game-over box's).
    mutating func updateAroundGame(_ input: Input, in frame: Frame) -> [AppEffect]? {
        if case .key(let key) = input, let shared = active?.sharedKey(key, in: Self.gameFrame(in: frame)) {
            switch shared {
            case .help: overlay = .help
            case .pause: overlay = .paused
            case .askToLeave: overlay = .confirmLeave
            case .leave:
                // A q or Esc typed together with the key that ended the game does not skip a
                // result nobody has seen yet: once it is drawn, they leave.
                if gameOver.holdsBack(input), active?.screen.showsGameOver(in: Self.gameFrame(in: frame)) == true { return [] }
                return leaveGame()
            }
            return []
        }
        if case .mouse(let event) = input, event.at.y >= frame.size.height - 1 {
            return []  // the key line is not part of the game
        }
        return nil
    }

    /// Close the game on screen (if any) and return to the menu, with the game's last
    /// effects: a game with state to keep (`savedState`) is saved, and the saved game of one
    /// without is forgotten (it was finished, or replaced by a new game not yet begun).
    public mutating func leaveGame() -> [AppEffect] {
        backOnTheMenu(after: closingGame())
    }

    /// What quitting keeps: the game on screen, left as `leaveGame` leaves it, and every game
    /// the store could not take so far, tried once more. Nothing is read for a menu that will
    /// not be shown.
    public mutating func leaveArcade() -> [AppEffect] {
        let effects = closingGame()
        return effects + shelf.retries(besides: effects)
    }

    /// Close the game on screen (if any), with what leaving it keeps.
    mutating func closingGame() -> [AppEffect] {
        guard var game = active?.screen, let id = active?.info.id else { return [] }
        let effects = appEffects(game.willLeave(), from: id) + keepOrForget(game)
        closeGame()
        return effects
    }

    /// `effects`, then back on the menu: the games the store could not take are written again
    /// (before the menu reads the store, so that its reread finds them if they are kept now),
    /// and the store counts again the learn-mode cards due whose count is of another day.
    func backOnTheMenu(after effects: [AppEffect]) -> [AppEffect] {
        let day = today().dayNumber
        return effects + shelf.retries(besides: effects) + [.refreshMenu] + record.countsDue(on: day)
    }

    /// Take the game off the screen: the menu shows again, on the game just left.
    mutating func closeGame() {
        if let id = active?.info.id { menu.select(id) }
        page = .menu
        shelf.resumedFrom = nil
        overlay = nil
    }

    /// The keys the shell takes from a game that does not bind them: help and leave.
    /// (Not private: the man page's test reads it.)
    static let sharedKeys: [Key] = [.character("?"), .character("q"), .escape, .character("p"), .character("P")]

    /// The frame a game draws in: the terminal without the key line.
    static func gameFrame(in frame: Frame) -> Frame {
        frame.droppingBottom(1)
    }

    /// Give `input` to the game on screen and turn what it asks for into app effects: a key or
    /// click goes to its game-over box when one is up (`GameScreen.answer`, the box built once
    /// for it), ticks, resizes and focus to the game itself.
    mutating func forwardToGame(_ input: Input, in frame: Frame) -> [AppEffect] {
        switch input {
        case .key, .mouse: break
        case .tick, .resize, .focus, .network: return withGame(in: frame) { game, gameFrame in game.update(input, in: gameFrame) }
        }
        guard let id = active?.info.id else { return [] }
        let gameFrame = Self.gameFrame(in: frame)
        let box = gameOver
        let modeBefore = active?.info.modes != nil ? active?.screen.saveMode() : nil
        switch changeGame({ $0.screen.answer(input, box: box, in: gameFrame) }) {
        case nil, .ignored?:
            return []
        case .focus(let index)?:
            gameOver.focus(on: index)
            return []
        case .effects(let effects, let wasOver)?:
            return changed(id, effects, wasOver: wasOver, modeBefore: modeBefore, in: gameFrame)
        }
    }

    /// Let `body` change the game on screen, and turn what it asks for into app effects.
    mutating func withGame(in frame: Frame,
                           _ body: (inout any GameScreen, Frame) -> [GameEffect]) -> [AppEffect] {
        guard let id = active?.info.id else { return [] }
        let gameFrame = Self.gameFrame(in: frame)
        let wasOver = active?.screen.showsGameOver(in: gameFrame) == true
        let modeBefore = active?.info.modes != nil ? active?.screen.saveMode() : nil
        // Changed in place, never copied out and back: a copy would make every array of the
        // game's state shared, and the first change to each would copy it whole, every key.
        let effects = changeGame { body(&$0.screen, gameFrame) } ?? []
        return changed(id, effects, wasOver: wasOver, modeBefore: modeBefore, in: gameFrame)
    }

    /// After game `id` changed and asked for `effects`: a game-over box that appears starts
    /// with its first button focused, and a game that changed mode offers that mode's save.
    private mutating func changed(_ id: GameID, _ effects: [GameEffect], wasOver: Bool, modeBefore: String?,
                                  in gameFrame: Frame) -> [AppEffect] {
        gameOver.follow(wasOver: wasOver, isOver: active?.screen.showsGameOver(in: gameFrame) == true)
        let result = appEffects(effects, from: id)
        if let modeBefore { offerSaveOfModeEntered(from: modeBefore) }
        return result
    }
}
