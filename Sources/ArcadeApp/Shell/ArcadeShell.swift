import ArcadeStore
import ArcadeUI

/// Something only the app can do: the shell's effects, carried out by `ArcadeApp`.
public enum AppEffect: Equatable, Sendable {
    case quit
    case sound(SoundCue)
    /// Keep game `id`'s finished result (which also forgets its saved game).
    case recordScore(GameID, ScoreRecord)
    case bell
    /// A deck for game `id`: load it, ask how far it is, or stop loading it.
    case deck(GameID, DeckRequest)
    /// Keep a game left in progress, replacing its game's saved game of the same mode (and
    /// the save of mode `replacing`, which it was resumed from before it changed mode).
    case saveGame(SavedGame, replacing: String? = nil)
    /// Write again a save the store refused (`RuntimeReport.notKept`), with the mode it
    /// replaces: never over a newer save another arcade left since, and without waiting for
    /// a lock (the menu must not stand still); a refusal again is said no more.
    case retrySave(SavedGame, replacing: String?)
    /// Forget game `id`'s saved game of `mode` (a new game was chosen, or the save did not decode).
    case forgetSavedGame(GameID, mode: String = "")
    /// Read every game's statistics from the store and show them (`RuntimeReport.statistics`).
    case showStatistics
    /// Read the lists and the saved games again, for the menu (`RuntimeReport.stored`).
    case refreshMenu
    /// Count the cards of learn-mode `deck` due on `day` in the store (`RuntimeReport.learnDue`).
    case countDue(deck: String, day: Int)
    /// Keep a setting (`GameEffect.remember`).
    case remember(setting: String, value: String)
    /// Keep game `id`'s daily result of `day`, unless that day has one already.
    case recordDaily(GameID, day: String, DailyOutcome)
    /// Count one more decision of kind `key` in game `id`'s tallies (`GameEffect.tally`).
    case tally(GameID, key: String, right: Bool)
    /// Keep one answer of a learn session (`GameEffect.learned`).
    case learned(deck: String, card: String, progress: StoredCardProgress, right: Bool, day: Int)
    /// Draw with this theme and palette from now on (the settings page).
    case look(ThemeName, PaletteName)
    /// Switch sound on or off (the settings page).
    case soundSwitched(on: Bool)
}

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
/// While an overlay is open the game gets no ticks, so its clock stands still. Behind the
/// "too small" message only `q` (and the answers to an open question) get through. What
/// the effect runtime learns comes back through `receive(_:in:)`.
public struct ArcadeShell: Screen {
    public typealias Effect = AppEffect

    /// What is drawn over the current screen.
    public enum Overlay: Equatable {
        case help
        /// "Leave this game? (y/n)"
        case confirmLeave
        /// "Quit the arcade? (y/n)", from Esc on the menu.
        case confirmQuit
        /// A question the game asked; yes calls its `confirmed(_:)`.
        case confirm(Confirmation)
        /// "Resume (score 12, 3 minutes ago)" or "New game", for a game with a saved game.
        case resume(ResumeOffer)
        /// A timed game paused: the table is hidden until a key is pressed.
        case paused
    }

    public internal(set) var menu: MenuScreen
    public internal(set) var overlay: Overlay? {
        didSet { if overlay != .help { helpScroll = 0 } }  // help opens at its top
    }
    /// How far the help on screen is scrolled down, in rows.
    public private(set) var helpScroll = 0
    /// Seconds the timed game on screen has run since the last key or click.
    public private(set) var idleSeconds = 0.0
    /// Seconds without a key or click after which a timed game pauses itself.
    static let idleLimit = 60.0
    let games: [GameInfo]
    /// The menu, the game on screen, or the page open over the menu.
    var page: Page = .menu
    let nextSeed: () -> UInt64
    var gameOptions: [String: String]
    /// The game-over box's focus, and whether it has been seen.
    var gameOver = GameOverBox()
    /// The games left in progress, by game and mode, as the store has them.
    public private(set) var savedGames: [SaveSlot: SavedGame]
    /// Seconds since 1970, for when a game is saved and how long ago.
    let now: () -> Double
    /// The saved game the game on screen was resumed from, until that game is finished or
    /// kept again (nil for a new game): what it ends, and what it replaces if its mode changed.
    var resumedFrom: SaveSlot?
    /// Games left in progress the store could not take, with the mode whose save each replaces
    /// (a game resumed from one mode's save and left in another): kept here for this run (they
    /// can be resumed), never marked on the menu, and written again on each return to the menu
    /// until the store's reread shows them, or a newer save another arcade left
    /// (`backOnTheMenu`); what is left at quit is said lost.
    private var unsaved: [SaveSlot: String?] = [:]
    /// This run of the arcade, in the names of its sessions of play (two runs started the
    /// same moment with the same `--seed` still name theirs apart).
    private let instance: String
    private var scores: [GameID: [ScoreEntry]]
    /// The settings kept, as the games are opened with them.
    var settings: [String: String]
    /// Each game's daily results, by day (read with the history).
    private var daily: [GameID: [String: DailyOutcome]] = [:]
    /// Each game's tallies of decisions, by kind (read with the history).
    private var tallies: [GameID: [String: Tally]] = [:]
    /// Each game's best score of each mode (read with the history).
    private var bests: [GameID: [String: Int]] = [:]
    /// What the learn mode has kept: the store's count for the menu, the cards of the decks
    /// opened this run and this run's answers (the statistics page counts in the store).
    private var learning: LearningRecord
    /// Reads the player's history; called once, when the first game opens (`readHistory`).
    private var unreadHistory: (() -> PlayerHistory)?
    /// The day it is where the player is (for a daily puzzle).
    private let today: () -> CalendarDay
    private let assets: AssetLocator
    /// Where scores are kept, as the menu's help names it (nil: nowhere).
    private let dataDirectory: String?
    /// What this run's command line and environment decided over the settings kept.
    var overrides: SettingOverrides

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
        self.settings = settings
        self.overrides = overrides
        self.learning = learning
        unreadHistory = history
        self.today = today
        self.games = games
        self.dataDirectory = dataDirectory
        self.scores = scores
        self.assets = assets
        self.now = now
        savedGames = Self.resumable(saved, of: games)
        nextSeed = seed
        gameOptions = [:]
        menu = MenuScreen(rows: games.map { info in
            MenuScreen.Row(id: info.id, summary: info.summary, shortSummary: info.shortSummary,
                           best: scores[info.id]?.first.map(info.describeBest))
        }, notice: notice)
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
        guard let info = games.first(where: { $0.id == id }) else { return [] }
        menu.select(id)  // the menu is on the game, whatever happens to its offer
        readHistory()
        gameOptions = options
        let requested = info.modes?.requested(context(for: id, seed: 0))
        let (offered, dropped) = offerSave(of: info, requested: requested)
        return offered || !dropped.isEmpty ? dropped : start(id, in: frame)
    }

    /// The saves of `games` that can be resumed, by game and mode.
    private static func resumable(_ saved: [SavedGame], of games: [GameInfo]) -> [SaveSlot: SavedGame] {
        var result: [SaveSlot: SavedGame] = [:]
        for save in saved where games.contains(where: { $0.id == save.game && $0.resume != nil }) {
            result[save.slot] = save
        }
        return result
    }

    /// The player's history, read the first time a game opens (every game, resumed, started
    /// anew or played again, enters through `open`): every game is opened with it, and what
    /// the games add to it within the run is added here too (`receive`).
    private mutating func readHistory() {
        guard let read = unreadHistory else { return }
        unreadHistory = nil
        let history = read()
        daily = history.daily
        tallies = history.tallies
        bests = history.bests
    }

    /// `score` of `mode` as game `id`'s best of that mode when it beats the one kept, as the
    /// store will have it: the next game opened is judged against it.
    private mutating func keepBest(_ score: Int, mode: String, of id: GameID) {
        let higherIsBetter = games.first { $0.id == id }?.scoreOrder != .lowerIsBetter
        if let best = bests[id]?[mode], higherIsBetter ? best >= score : best <= score { return }
        bests[id, default: [:]][mode] = score
    }

    /// Start a new game of `id` with the options it was opened with.
    mutating func start(_ id: GameID, in frame: Frame) -> [AppEffect] {
        guard let info = games.first(where: { $0.id == id }) else { return [] }
        let seed = nextSeed()
        return show(info, info.make(context(for: id, seed: seed)), seed: seed, session: newSession(seed), in: frame)
    }

    /// What game `id` is opened with: `seed`, its options, its list, the settings, its daily
    /// results, its tallies and the day it is.
    func context(for id: GameID, seed: UInt64) -> GameContext {
        GameContext(seed: seed, options: gameOptions, scores: scores[id] ?? [], bests: bests[id] ?? [:],
                    assets: assets, settings: effectiveSettings,
                    daily: daily[id] ?? [:], tallies: tallies[id] ?? [:], learning: learning,
                    today: today())
    }

    /// A name for a new session of play: when it started (to the millisecond) and its seed,
    /// so two sessions of the same `--seed` are still told apart.
    func newSession(_ seed: UInt64) -> String {
        let started = now()
        let milliseconds = started.isFinite && abs(started) < 1e15 ? Int64(started * 1000) : 0
        return instance.isEmpty ? "\(milliseconds)-\(seed)" : "\(instance)-\(milliseconds)-\(seed)"
    }

    /// Put `screen` on screen as game `info` and start it.
    mutating func show(_ info: GameInfo, _ screen: any GameScreen, seed: UInt64?, session: String,
                       in frame: Frame) -> [AppEffect] {
        var screen = screen
        let effects = screen.start(in: Self.gameFrame(in: frame))
        page = .game(ActiveGame(info: info, screen: screen, seed: seed, session: session))
        resumedFrom = nil
        overlay = nil
        gameOver = GameOverBox()
        return appEffects(effects, from: info.id)
    }

    /// What the effect runtime learned: recorded scores go to the menu and to the game they
    /// belong to, a notice under the menu.
    public mutating func receive(_ report: RuntimeReport, in frame: Frame) -> [AppEffect] {
        switch report {
        case .scoresRecorded(let id, let entries):
            scores[id] = entries
            if let info = games.first(where: { $0.id == id }),
               let index = menu.rows.firstIndex(where: { $0.id == id }) {
                menu.rows[index].best = entries.first.map(info.describeBest)
            }
            guard active?.info.id == id else { return [] }
        case .notice(let notice):
            menu.notice = notice
            return []
        case .stored(let lists, let saved):
            for info in games {
                scores[info.id] = lists[info.id] ?? []
                if let index = menu.rows.firstIndex(where: { $0.id == info.id }) {
                    menu.rows[index].best = scores[info.id]?.first.map(info.describeBest)
                }
            }
            var fresh = Self.resumable(saved, of: games)
            var news: [String] = []
            for slot in unsaved.keys.sorted(by: Self.slotOrder) {
                guard let kept = savedGames[slot], let replacing = unsaved[slot] else { continue }
                if let stored = fresh[slot], stored == kept {
                    // On disk now (a later try took it): marked from here on.
                    unsaved[slot] = nil
                    news.append("Your \(slot.title) game is saved now.")
                } else if let stored = fresh[slot], stored.savedAt > kept.savedAt {
                    // Another arcade left a newer one since: that one is the game's save now.
                    unsaved[slot] = nil
                    news.append("Your \(slot.title) game could not be saved, and another arcade has saved a newer one since.")
                } else {
                    // Kept for this run; the save it replaces is gone from the menu, as it will
                    // be from the store (unless newer: see `ArcadeStore.save`).
                    fresh[slot] = kept
                    if let replacing, let other = fresh[SaveSlot(game: slot.game, mode: replacing)],
                       other.savedAt <= kept.savedAt {
                        fresh[other.slot] = nil
                    }
                }
            }
            savedGames = fresh
            if !news.isEmpty { menu.notice = news.joined(separator: " ") }
            markSavedGames()
            return []
        case .notKept(let slot, let replacing, _):
            unsaved[slot] = .some(replacing)
            markSavedGames()
            return []
        case .learnDue(let deck, let day, let count):
            learning.counted(count, of: deck, on: day)
            markSavedGames()
            return []
        case .deck(let id, let deck):
            // A deck's cards are read when a screen opens it: from now on the menu counts them.
            if let learned = deck.learned {
                learning.adopt(learned.cards, of: learned.deck)
                markSavedGames()
            }
            guard active?.info.id == id else { return [] }
        case .statistics(let statistics):
            showStatistics(statistics)
            return []
        }
        return withGame(in: frame) { game, gameFrame in game.received(report, in: gameFrame) }
    }

    // MARK: - Screen

    public func fits(_ frame: Frame) -> Bool {
        guard active != nil else { return frame.size.covers(menuPageMinimumSize) }
        return frame.size.height >= 1 && active?.screen.fits(Self.gameFrame(in: frame)) == true
    }

    public func minimumSize(in frame: Frame) -> Size {
        guard let game = active?.screen.minimumSize(in: Self.gameFrame(in: frame)) else { return menuPageMinimumSize }
        return Size(width: game.width, height: game.height + 1)
    }

    /// Behind the "too small" message: `q` does what it always does, and an open
    /// question can still be answered (its words are the message's hint).
    public func acceptsWhileTooSmall(_ key: Key) -> Bool {
        switch overlay {
        case .confirmLeave?, .confirmQuit?, .confirm?:
            // The question's own keys (y, n in either case, Esc), and q, which closes it.
            return key == .character("q") || YesNoQuestion.leave.dialog.buttonIndex(for: key) != nil
        case .resume(let offer)?:
            return offer.acceptsWhileTooSmall(key)
        case .help?, .paused?, nil:
            return key == .character("q")  // while paused, q goes on as any key does
        }
    }

    public var tooSmallHint: String? {
        switch overlay {
        case .confirmLeave?: return YesNoQuestion.leave.message
        case .confirmQuit?: return YesNoQuestion.quit.message
        case .confirm(let question)?: return question.question
        case .resume?: return ResumeOffer.tooSmallHint
        case .help?: return "q: close help"
        case .paused?: return "Paused: q goes on"
        case nil:
            if case .menu = page { return "q: quit" }
            return "q: back to the menu"
        }
    }

    public var wantsTicks: Bool {
        overlay == nil && (active?.screen.wantsTicks ?? false)
    }

    public var tickInterval: Double {
        active?.screen.tickInterval ?? 1.0 / 30.0
    }

    public mutating func update(_ input: Input, in frame: Frame) -> [AppEffect] {
        let gameFrame = Self.gameFrame(in: frame)
        if case .resize = input {
            // Every resize reaches the game, overlay or not, so it can redo what depends on it.
            return forwardToGame(.resize(gameFrame.size), in: frame)
        }
        switch input {
        case .focus(let focus):
            // Turning away pauses a timed game; coming back leaves the pause to a key.
            if focus == .lost { pauseIfTimed() }
            return []
        case .key, .mouse:
            idleSeconds = 0
        case .tick, .resize:
            break
        }
        if let overlay { return updateOverlay(overlay, input, in: frame) }
        if active == nil, settingsPage != nil { return updateSettings(input, in: frame) }
        if active == nil, statisticsPage != nil { return updateStatistics(input, in: frame) }
        guard active != nil else { return updateMenu(input, in: frame) }
        if let effects = updateAroundGame(input, in: frame) { return effects }
        if case .tick(let seconds) = input, active?.screen.isTimed == true { return tickTimedGame(seconds, in: frame) }
        return forwardToGame(input, in: frame)
    }

    /// Pause the game on screen when it is timed and nothing else is over it.
    private mutating func pauseIfTimed() {
        guard overlay == nil, active?.screen.isTimed == true else { return }
        overlay = .paused
    }

    /// `seconds` for a timed game, counted only up to a minute after the last key or click:
    /// then the game pauses itself, and the time nobody played is not its time.
    private mutating func tickTimedGame(_ seconds: Double, in frame: Frame) -> [AppEffect] {
        let counted = min(max(0, seconds), max(0, Self.idleLimit - idleSeconds))
        idleSeconds += max(0, seconds)
        let effects = counted > 0 ? forwardToGame(.tick(counted), in: frame) : []
        if idleSeconds >= Self.idleLimit {
            idleSeconds = 0
            pauseIfTimed()
        }
        return effects
    }

    /// What the shell does with `input` before the game sees it: help and leaving, the key
    /// line, the game-over box (`updateGameOver`). Nil: the input is the game's.
    ///
    /// The game is only read here, never copied: a copy alive while the game is changed in
    /// `withGame` would make every array of its state shared, and each copied whole.
    private mutating func updateAroundGame(_ input: Input, in frame: Frame) -> [AppEffect]? {
        let gameFrame = Self.gameFrame(in: frame)
        if case .key(let key) = input, Self.sharedKeys.contains(key),
           active?.screen.consumes(key, in: gameFrame) == false {
            switch key {
            case .character("?"):
                overlay = .help
                return []
            case .character("p"), .character("P"):
                guard active?.screen.isTimed == true else { break }
                overlay = .paused
                return []
            case .character("q"), .escape:
                if active?.screen.isInProgress == true {
                    overlay = .confirmLeave
                    return []
                }
                return leaveGame()
            default:
                break
            }
        }
        if case .mouse(let event) = input, event.at.y >= frame.size.height - 1 {
            return []  // the key line is not part of the game
        }
        return updateGameOver(input, in: frame)
    }

    public func render(into grid: inout CellGrid) {
        let gameFrame = Self.gameFrame(in: grid.frame)
        if let active {
            if overlay == .paused {
                // The game is not drawn at all: nothing of the table shows while the clock stands still.
                grid.drawTopRows(gameFrame.size.height) { PauseOverlay.draw(title: active.info.id.title, into: &$0) }
                KeyLine.draw(PauseOverlay.hints, always: [], into: &grid)
                return
            }
            grid.drawTopRows(gameFrame.size.height) { gameGrid in
                active.screen.render(into: &gameGrid)
                if let box = active.screen.gameOverBox(in: gameFrame, focus: gameOver.focus) {
                    box.dialog.draw(into: &gameGrid, in: box.area)
                }
            }
            if case .resume? = overlay {
                // The offer of the save of a mode the game changed to: its keys, not the game's.
                ResumeOffer.drawKeyLine(into: &grid)
            } else {
                drawKeyLine(of: active.screen, in: gameFrame, into: &grid)
            }
        } else if let settingsPage {
            renderSettings(settingsPage, into: &grid)
        } else if let statisticsPage {
            renderStatistics(statisticsPage, into: &grid)
        } else {
            grid.drawTopRows(grid.size.height - 1) { menu.render(into: &$0) }
            if case .resume? = overlay {
                ResumeOffer.drawKeyLine(into: &grid)
            } else {
                KeyLine.draw(MenuScreen.keyHints, always: [KeyHint("?", "help"), KeyHint("q", "quit")], into: &grid)
            }
        }
        switch overlay {
        case .help?:
            HelpOverlay.draw(helpSheet(in: grid.frame), scrolledTo: helpScroll, into: &grid)
        case .confirmLeave?:
            YesNoQuestion.leave.draw(into: &grid)
        case .confirmQuit?:
            YesNoQuestion.quit.draw(into: &grid)
        case .confirm(let question)?:
            YesNoQuestion(title: question.title, message: question.question).draw(into: &grid)
        case .resume(let offer)?:
            offer.draw(into: &grid)
        case .paused?, nil:
            break  // the pause is drawn with the game, above its key line
        }
    }

    /// The key line under game `screen`: its keys, then p, ? and the way back. `?` is help
    /// unless the game takes it now (a name being typed): then the game's own words for it,
    /// if it has any, stay on the line however narrow. While the game takes `q` too, Esc is
    /// the way back.
    private func drawKeyLine(of screen: any GameScreen, in gameFrame: Frame, into grid: inout CellGrid) {
        var hints = screen.keyHints(in: gameFrame)
        var always: [KeyHint] = []
        if pausesOnP(in: gameFrame) { always.append(PauseOverlay.hint) }
        if !screen.consumes(.character("?"), in: gameFrame) {
            always.append(KeyHint("?", "help"))
        } else if let own = hints.firstIndex(where: { $0.keys == "?" }) {
            always.append(hints.remove(at: own))
        }
        always.append(screen.consumes(.character("q"), in: gameFrame) ? KeyHint("Esc", "menu") : KeyHint("q", "menu"))
        KeyLine.draw(hints, always: always, into: &grid)
    }

    /// What `?` shows now: the game's sheet (with `p` when it pauses), the page's, or the menu's.
    func helpSheet(in frame: Frame) -> HelpSheet {
        let gameFrame = Self.gameFrame(in: frame)
        if let active {
            var sheet = active.screen.help(in: gameFrame)
            if pausesOnP(in: gameFrame) { sheet.keys.append(PauseOverlay.helpRow) }
            return sheet
        }
        return settingsPage.map { _ in SettingsScreen.help } ?? statisticsPage.map { _ in StatisticsScreen.help }
            ?? MenuScreen.help(dataDirectory: dataDirectory)
    }

    /// True when `p` pauses the game on screen: it is timed and does not bind `p` itself.
    private func pausesOnP(in gameFrame: Frame) -> Bool {
        guard let active, active.screen.isTimed else { return false }
        return !active.screen.consumes(.character("p"), in: gameFrame)
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
        return effects + retries(besides: effects)
    }

    /// Close the game on screen (if any), with what leaving it keeps.
    private mutating func closingGame() -> [AppEffect] {
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
        return effects + retries(besides: effects) + [.refreshMenu]
            + learning.decksToCount(on: day).map { .countDue(deck: $0, day: day) }
    }

    /// The saves of the games the store could not take, but for those `effects` save anew.
    private func retries(besides effects: [AppEffect]) -> [AppEffect] {
        let saving = Set(effects.compactMap { effect -> SaveSlot? in
            if case .saveGame(let saved, _) = effect { return saved.slot }
            return nil
        })
        return unsaved.keys.filter { !saving.contains($0) }.sorted(by: Self.slotOrder).compactMap { slot in
            savedGames[slot].map { .retrySave($0, replacing: unsaved[slot] ?? nil) }
        }
    }

    /// Slots in an order that never depends on a dictionary's: by game, then mode.
    private static func slotOrder(_ left: SaveSlot, _ right: SaveSlot) -> Bool {
        (left.game.rawValue, left.mode) < (right.game.rawValue, right.mode)
    }

    /// Take the game off the screen: the menu shows again, on the game just left.
    mutating func closeGame() {
        if let id = active?.info.id { menu.select(id) }
        page = .menu
        resumedFrom = nil
        overlay = nil
    }

    /// What leaving `game` (the active one) keeps: its state when it has one to keep (a game
    /// in progress, or a resumed one still loading its deck), under the mode it is in now
    /// (`GameModes.current`), else the end of the saved game it was resumed from. A game
    /// resumed from one mode's save and left in another replaces that save.
    private mutating func keepOrForget(_ game: any GameScreen) -> [AppEffect] {
        guard let active else { return [] }
        let id = active.info.id
        let resumed = resumedFrom
        if active.info.resume != nil, let save = game.savedState() {
            let saved = SavedGame(game: id, mode: game.saveMode(), save: save,
                                  seed: active.seed, session: active.session, savedAt: now())
            let replaced = resumed.flatMap { $0 != saved.slot ? $0 : nil }
            if let replaced { forgetSavedGame(replaced) }
            // A save the store has not taken yet still replaces what it replaced.
            let pending: String? = unsaved[saved.slot] ?? nil
            let replacing = replaced?.mode ?? pending
            savedGames[saved.slot] = saved
            unsaved[saved.slot] = nil
            markSavedGames()
            return [.saveGame(saved, replacing: replacing)]
        }
        guard let resumed, savedGames[resumed] != nil else { return [] }
        forgetSavedGame(resumed)
        resumedFrom = nil
        return [.forgetSavedGame(id, mode: resumed.mode)]
    }

    /// The menu's marks follow `savedGames` (a game is marked when any of its modes has one
    /// the store took: never one that is only in memory), and its notes what each game has to
    /// say now (`GameInfo.menuNote`: the Temples cards due).
    private mutating func markSavedGames() {
        let marked = Set(savedGames.keys.filter { unsaved[$0] == nil }.map(\.game))
        for index in menu.rows.indices {
            let id = menu.rows[index].id
            menu.rows[index].hasSavedGame = marked.contains(id)
            menu.rows[index].note = games.first { $0.id == id }?.menuNote?(context(for: id, seed: 0))
        }
    }

    mutating func forgetSavedGame(_ slot: SaveSlot) {
        unsaved[slot] = nil
        savedGames[slot] = nil
        markSavedGames()
    }

    // MARK: - Private

    /// The keys the shell takes from a game that does not bind them: help and leave.
    /// (Not private: the man page's test reads it.)
    static let sharedKeys: [Key] = [.character("?"), .character("q"), .escape, .character("p"), .character("P")]

    /// The frame a game draws in: the terminal without the key line.
    static func gameFrame(in frame: Frame) -> Frame {
        frame.droppingBottom(1)
    }

    /// Give `input` to the game on screen and turn what it asks for into app effects.
    private mutating func forwardToGame(_ input: Input, in frame: Frame) -> [AppEffect] {
        withGame(in: frame) { game, gameFrame in game.update(input, in: gameFrame) }
    }

    /// Let `body` change the game on screen, and turn what it asks for into app effects. A
    /// game-over box that appears starts with its first button focused.
    mutating func withGame(in frame: Frame,
                           _ body: (inout any GameScreen, Frame) -> [GameEffect]) -> [AppEffect] {
        guard let id = active?.info.id else { return [] }
        let gameFrame = Self.gameFrame(in: frame)
        let wasOver = active?.screen.showsGameOver(in: gameFrame) == true
        let modeBefore = active?.info.modes != nil ? active?.screen.saveMode() : nil
        // Changed in place, never copied out and back: a copy would make every array of the
        // game's state shared, and the first change to each would copy it whole, every key.
        let effects = changeGame { body(&$0.screen, gameFrame) } ?? []
        let isOver = active?.screen.showsGameOver(in: gameFrame) == true
        gameOver.follow(wasOver: wasOver, isOver: isOver)
        let result = appEffects(effects, from: id)
        if let modeBefore { offerSaveOfModeEntered(from: modeBefore) }
        return result
    }

    private mutating func updateMenu(_ input: Input, in frame: Frame) -> [AppEffect] {
        if case .tick = input { return [] }
        if case .key(.character("?")) = input {
            overlay = .help
            return []
        }
        if case .key(.escape) = input {
            overlay = .confirmQuit  // Esc never quits without asking
            return []
        }
        if case .mouse(let event) = input, event.at.y >= frame.size.height - 1 { return [] }
        var effects: [AppEffect] = []
        for effect in menu.update(input, in: Self.gameFrame(in: frame).size) {
            switch effect {
            case .quit: effects.append(.quit)
            case .open(let id): effects += open(id, in: frame)
            case .statistics: effects.append(.showStatistics)
            case .settings: openSettings()
            }
        }
        return effects
    }

    private mutating func updateOverlay(_ overlay: Overlay, _ input: Input, in frame: Frame) -> [AppEffect] {
        let size = frame.size
        switch (overlay, input) {
        case (_, .tick), (_, .resize), (_, .focus):
            return []
        case (.resume(let offer), _):
            return updateResume(offer, input, in: frame)
        case (.help, _):
            // Scrolling keys and the wheel move a long sheet; any other key or a click closes it
            // (without building the sheet, for the next key of a paste).
            if case .key(let key) = input, !HelpOverlay.scrollKeys.contains(key) {
                self.overlay = nil
            } else if let offset = HelpOverlay.scroll(helpScroll, by: input, sheet: helpSheet(in: frame), in: frame) {
                helpScroll = offset
            } else {
                self.overlay = nil
            }
        case (.paused, .key):
            self.overlay = nil  // any key goes on, and is not also a move
        case (.paused, .mouse(let event)) where event.action == .press:
            self.overlay = nil
        case (_, .key(.character("q"))):
            self.overlay = nil  // q closes a question, as it opened the leave question
        case (.confirmLeave, _):
            if let yes = YesNoQuestion.leave.answer(to: input, in: size) {
                self.overlay = nil
                if yes { return leaveGame() }
            }
        case (.confirmQuit, _):
            if let yes = YesNoQuestion.quit.answer(to: input, in: size) {
                self.overlay = nil
                if yes { return [.quit] }
            }
        case (.confirm(let question), _):
            let answer = if case .key(let key) = input { YesNoQuestion.answer(to: key) }
                else { YesNoQuestion(title: question.title, message: question.question).answer(to: input, in: size) }
            if let yes = answer {
                self.overlay = nil
                if yes {
                    return withGame(in: frame) { game, gameFrame in game.confirmed(question.action, in: gameFrame) }
                }
            }
        default:
            break
        }
        return []
    }

    /// What the app must do for `effects` of game `id`; `.leave` closes the game here.
    private mutating func appEffects(_ effects: [GameEffect], from id: GameID) -> [AppEffect] {
        var result: [AppEffect] = []
        var left = false
        let seed = active?.seed  // still the game's after a `.leave` among the effects
        let session = active?.session
        for effect in effects {
            switch effect {
            case .leave:
                if let game = active?.screen { result += keepOrForget(game) }
                closeGame()
                left = true
            case .sound(let cue):
                result.append(.sound(cue))
            case .bell:
                result.append(.bell)
            case .recordScore(let score, let figures, let mode, let duration, let run):
                // A finished game's saved game goes with it (the runtime forgets it too); the
                // saves of other modes stay.
                let ended = resumedFrom
                // A save never taken that replaced another mode's: that one goes too.
                if let ended, let replaced = unsaved[ended] ?? nil { result.append(.forgetSavedGame(id, mode: replaced)) }
                if let ended { forgetSavedGame(ended) }
                resumedFrom = nil
                keepBest(score, mode: mode ?? "", of: id)
                let named = run.map { run in "\(session ?? "") \(run)" }
                result.append(.recordScore(id, ScoreRecord(score: score, figures: figures, mode: mode,
                                                           duration: duration, seed: seed, run: named,
                                                           savedGameMode: ended?.mode)))
            case .confirm(let question):
                overlay = .confirm(question)
            case .deck(let request):
                result.append(.deck(id, request))
            case .remember(let key, let value):
                settings[key] = value
                result.append(.remember(setting: key, value: value))
            case .recordDaily(let day, let outcome):
                // The first result of a day is its result, here as in the store.
                if daily[id]?[day] == nil { daily[id, default: [:]][day] = outcome }
                result.append(.recordDaily(id, day: day, outcome))
            case .tally(let key, let right):
                tallies[id, default: [:]][key, default: Tally()].count(right: right)
                result.append(.tally(id, key: key, right: right))
            case .learned(let deck, let card, let progress, let right, let day):
                learning.record(deck: deck, card: card, progress: progress, right: right, day: day)
                markSavedGames()
                result.append(.learned(deck: deck, card: card, progress: progress, right: right, day: day))
            }
        }
        // Back on the menu, after what the game asked for is done: the lists read again.
        return left ? backOnTheMenu(after: result) : result
    }
}
