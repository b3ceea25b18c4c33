import ArcadeUI

/// Something only the app can do: the shell's effects, carried out by `ArcadeApp`.
public enum AppEffect: Equatable, Sendable {
    case quit
    case sound(SoundCue)
    case recordScore(GameID, score: Int, figures: [String: String])
    case bell
}

/// The root screen: the menu, the game being played, and the overlays over both.
///
/// It owns navigation and the keys every screen shares: `?` toggles help, `q`/Esc
/// leave a game (asking "Leave this game? (y/n)" when one is in progress), and
/// the bottom line always shows the main keys. While an overlay is open the game
/// gets no ticks, so its clock stands still.
public struct ArcadeShell: Screen {
    public typealias Effect = AppEffect

    /// What is drawn over the current screen.
    public enum Overlay: Equatable, Sendable {
        case help
        case confirmLeave
    }

    public private(set) var menu: MenuScreen
    public private(set) var overlay: Overlay?
    private var games: [GameInfo]
    private var active: (info: GameInfo, screen: any GameScreen)?
    private var nextSeed: () -> UInt64
    private var gameOptions: [String: String]
    private var size: Size
    private let theme: Theme
    private var scores: [GameID: [ScoreEntry]]
    private let assets: AssetLocator

    /// A shell over `games` showing the menu, with each game's recorded `scores` (best first).
    ///
    /// `seed` gives each started game its seed (the same one for `--seed N`).
    public init(games: [GameInfo], scores: [GameID: [ScoreEntry]] = [:], notice: String? = nil,
                size: Size, theme: Theme = Theme(), assets: AssetLocator = AssetLocator(roots: []),
                seed: @escaping () -> UInt64) {
        self.games = games
        self.size = size
        self.theme = theme
        self.scores = scores
        self.assets = assets
        nextSeed = seed
        gameOptions = [:]
        menu = MenuScreen(rows: games.map { info in
            MenuScreen.Row(id: info.id, summary: info.summary, best: scores[info.id]?.first.map(info.describeBest))
        }, notice: notice)
    }

    /// The game on screen, if any.
    public var activeGame: GameID? { active?.info.id }

    /// Open `id` straight away, as `arcade GAME` does, with that game's options.
    public mutating func open(_ id: GameID, options: [String: String] = [:]) {
        guard let info = games.first(where: { $0.id == id }) else { return }
        gameOptions = options
        let gameSize = Size(width: size.width, height: max(0, size.height - 1))
        let context = GameContext(seed: nextSeed(), options: options, size: gameSize, theme: theme,
                                  scores: scores[id] ?? [], assets: assets)
        active = (info, info.make(context))
        overlay = nil
    }

    /// Show `id`'s recorded scores (best first) after the app recorded one: on the menu,
    /// and to the game if it is on screen.
    public mutating func showScores(_ entries: [ScoreEntry], for id: GameID) {
        scores[id] = entries
        if let info = games.first(where: { $0.id == id }),
           let index = menu.rows.firstIndex(where: { $0.id == id }) {
            menu.rows[index].best = entries.first.map(info.describeBest)
        }
        if active?.info.id == id { active?.screen.scoresChanged(entries) }
    }

    /// Show a one-line notice under the menu (nil clears it).
    public mutating func showNotice(_ notice: String?) {
        menu.notice = notice
    }

    // MARK: - Screen

    public var minimumSize: Size {
        guard let active else { return MenuScreen.minimumSize }
        let game = active.screen.minimumSize
        return Size(width: game.width, height: game.height + 1)
    }

    public var wantsTicks: Bool {
        overlay == nil && (active?.screen.wantsTicks ?? false)
    }

    public var tickInterval: Double {
        active?.screen.tickInterval ?? 1.0 / 30.0
    }

    public mutating func update(_ input: Input) -> [AppEffect] {
        if case .resize(let newSize) = input {
            // Every resize reaches the game, overlay or not, so its clicks map to what it draws.
            size = newSize
            return forwardToGame(.resize(Size(width: newSize.width, height: max(0, newSize.height - 1))))
        }
        if let overlay { return updateOverlay(overlay, input) }
        guard let game = active?.screen else { return updateMenu(input) }

        if case .key(let key) = input, !game.consumes(key) {
            switch key {
            case .character("?"):
                overlay = .help
                return []
            case .character("q"), .escape:
                if game.isInProgress {
                    overlay = .confirmLeave
                    return []
                }
                return leaveGame()
            default:
                break
            }
        }
        if case .mouse(let event) = input, event.at.y >= size.height - 1 {
            return []  // the key line is not part of the game
        }
        return forwardToGame(input)
    }

    public func render(into grid: inout CellGrid) {
        if let active {
            var gameGrid = CellGrid(size: Size(width: grid.size.width, height: grid.size.height - 1), theme: grid.theme)
            active.screen.render(into: &gameGrid)
            grid.draw(gameGrid, at: Point(x: 0, y: 0))
            KeyLine.draw(active.screen.keyHints, always: [KeyHint("?", "help"), KeyHint("q", "menu")], into: &grid)
        } else {
            var menuGrid = CellGrid(size: Size(width: grid.size.width, height: grid.size.height - 1), theme: grid.theme)
            menu.render(into: &menuGrid)
            grid.draw(menuGrid, at: Point(x: 0, y: 0))
            KeyLine.draw(MenuScreen.keyHints, always: [KeyHint("?", "help"), KeyHint("q", "quit")], into: &grid)
        }
        switch overlay {
        case .help?:
            HelpOverlay.draw(active?.screen.help ?? MenuScreen.help, into: &grid)
        case .confirmLeave?:
            LeaveQuestion.draw(into: &grid)
        case nil:
            break
        }
    }

    /// Close the game on screen (if any) and return to the menu, with the game's last effects.
    public mutating func leaveGame() -> [AppEffect] {
        guard var game = active?.screen, let id = active?.info.id else { return [] }
        let effects = appEffects(game.willLeave(), from: id)
        active = nil
        overlay = nil
        return effects
    }

    // MARK: - Private

    /// Give `input` to the game on screen and turn what it asks for into app effects.
    private mutating func forwardToGame(_ input: Input) -> [AppEffect] {
        guard var game = active?.screen, let id = active?.info.id else { return [] }
        let effects = game.update(input)
        active?.screen = game
        return appEffects(effects, from: id)
    }

    private mutating func updateMenu(_ input: Input) -> [AppEffect] {
        if case .tick = input { return [] }
        if case .key(.character("?")) = input {
            overlay = .help
            return []
        }
        if case .mouse(let event) = input, event.at.y >= size.height - 1 { return [] }
        let menuSize = Size(width: size.width, height: max(0, size.height - 1))
        var effects: [AppEffect] = []
        for effect in menu.update(input, in: menuSize) {
            switch effect {
            case .quit: effects.append(.quit)
            case .open(let id): open(id)
            }
        }
        return effects
    }

    private mutating func updateOverlay(_ overlay: Overlay, _ input: Input) -> [AppEffect] {
        switch (overlay, input) {
        case (_, .tick), (_, .resize):
            return []
        case (.help, .key):
            self.overlay = nil
        case (.help, .mouse(let event)) where event.action == .press:
            self.overlay = nil
        case (.confirmLeave, .key(.character("q"))):
            self.overlay = nil
        case (.confirmLeave, _):
            switch LeaveQuestion.answer(to: input, in: size) {
            case true?:
                self.overlay = nil
                return leaveGame()
            case false?:
                self.overlay = nil
            case nil:
                break
            }
        default:
            break
        }
        return []
    }

    /// What the app must do for `effects` of game `id`; `.leave` closes the game here.
    private mutating func appEffects(_ effects: [GameEffect], from id: GameID) -> [AppEffect] {
        var result: [AppEffect] = []
        for effect in effects {
            switch effect {
            case .leave:
                active = nil
                overlay = nil
            case .sound(let cue):
                result.append(.sound(cue))
            case .bell:
                result.append(.bell)
            case .recordScore(let score, let figures):
                result.append(.recordScore(id, score: score, figures: figures))
            }
        }
        return result
    }
}
