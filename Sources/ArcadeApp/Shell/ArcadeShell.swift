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
/// leave a game (asking "Leave this game? (y/n)" when one is in progress), Esc on the
/// menu asks "Quit the arcade? (y/n)", and the bottom line always shows the main keys.
/// It also asks the questions games ask for (`GameEffect.confirm`). While an overlay is
/// open the game gets no ticks, so its clock stands still. Behind the "too small"
/// message only `q` (and the answers to an open question) get through.
public struct ArcadeShell: Screen {
    public typealias Effect = AppEffect

    /// What is drawn over the current screen.
    public enum Overlay: Equatable, Sendable {
        case help
        /// "Leave this game? (y/n)"
        case confirmLeave
        /// "Quit the arcade? (y/n)", from Esc on the menu.
        case confirmQuit
        /// A question the game asked; yes calls its `confirmed(_:)`.
        case confirm(Confirmation)
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
    /// Where scores are kept, as the menu's help names it.
    private let dataDirectory: String

    /// A shell over `games` showing the menu, with each game's recorded `scores` (best first).
    ///
    /// `seed` gives each started game its seed (the same one for `--seed N`).
    public init(games: [GameInfo], scores: [GameID: [ScoreEntry]] = [:], notice: String? = nil,
                size: Size, theme: Theme = Theme(), assets: AssetLocator = AssetLocator(roots: []),
                dataDirectory: String = "~/.local/share/arcade", seed: @escaping () -> UInt64) {
        self.games = games
        self.dataDirectory = dataDirectory
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
        minimumSize(near: size)
    }

    public func fits(_ size: Size) -> Bool {
        guard let active else { return size.covers(MenuScreen.minimumSize) }
        return size.height >= 1 && active.screen.fits(Self.gameSize(in: size))
    }

    public func minimumSize(near size: Size) -> Size {
        guard let active else { return MenuScreen.minimumSize }
        let game = active.screen.minimumSize(near: Self.gameSize(in: size))
        return Size(width: game.width, height: game.height + 1)
    }

    /// Behind the "too small" message: `q` does what it always does, and an open
    /// question can still be answered (its words are the message's hint).
    public func acceptsWhileTooSmall(_ key: Key) -> Bool {
        switch overlay {
        case .confirmLeave?, .confirmQuit?, .confirm?:
            return [.character("y"), .character("Y"), .character("n"), .character("N"), .character("q"), .escape]
                .contains(key)
        case .help?, nil:
            return key == .character("q")
        }
    }

    public var tooSmallHint: String? {
        switch overlay {
        case .confirmLeave?: return YesNoQuestion.leave.message
        case .confirmQuit?: return YesNoQuestion.quit.message
        case .confirm(let question)?: return question.question
        case .help?: return "q: close help"
        case nil: return active == nil ? "q: quit" : "q: back to the menu"
        }
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
            return forwardToGame(.resize(Self.gameSize(in: newSize)))
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
            HelpOverlay.draw(active?.screen.help ?? MenuScreen.help(dataDirectory: dataDirectory), into: &grid)
        case .confirmLeave?:
            YesNoQuestion.leave.draw(into: &grid)
        case .confirmQuit?:
            YesNoQuestion.quit.draw(into: &grid)
        case .confirm(let question)?:
            YesNoQuestion(title: question.title, message: question.question).draw(into: &grid)
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

    /// The grid a game draws in: the terminal without the key line.
    private static func gameSize(in size: Size) -> Size {
        Size(width: size.width, height: max(0, size.height - 1))
    }

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
        if case .key(.escape) = input {
            overlay = .confirmQuit  // Esc never quits without asking
            return []
        }
        if case .mouse(let event) = input, event.at.y >= size.height - 1 { return [] }
        let menuSize = Self.gameSize(in: size)
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
            if let yes = YesNoQuestion(title: question.title, message: question.question).answer(to: input, in: size) {
                self.overlay = nil
                if yes { return confirmInGame(question.action) }
            }
        default:
            break
        }
        return []
    }

    /// Tell the game on screen the player said yes to `action`.
    private mutating func confirmInGame(_ action: Confirmation.Action) -> [AppEffect] {
        guard var game = active?.screen, let id = active?.info.id else { return [] }
        let effects = game.confirmed(action)
        active?.screen = game
        return appEffects(effects, from: id)
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
            case .confirm(let question):
                overlay = .confirm(question)
            }
        }
        return result
    }
}
