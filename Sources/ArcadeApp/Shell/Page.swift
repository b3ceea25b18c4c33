import ArcadeUI

/// What fills the screen under any overlay: the menu, a game, or a page opened from the
/// menu. One at a time: a game and a page are never open together.
enum ShellPage {
    case menu
    case game(ActiveGame)
    case settings(SettingsScreen)
    case statistics(StatisticsScreen)

    /// The smallest terminal the menu, or a page over it, is drawn in (key line included);
    /// a game says its own.
    var menuMinimumSize: Size {
        let page: Size
        switch self {
        case .settings: page = SettingsScreen.minimumSize
        case .statistics: page = StatisticsScreen.minimumSize
        case .menu, .game: return MenuScreen.minimumSize
        }
        return Size(width: max(page.width, MenuScreen.minimumSize.width), height: page.height + 1)
    }

    /// What the "too small" message says `q` does on this page.
    var tooSmallHint: String {
        if case .menu = self { "q: quit" } else { "q: back to the menu" }
    }

    /// Whether the page fits `frame`; a game's own answer, above its key line.
    func fits(_ frame: Frame) -> Bool {
        guard case .game(let game) = self else { return frame.size.covers(menuMinimumSize) }
        return frame.size.height >= 1 && game.screen.fits(ArcadeShell.gameFrame(in: frame))
    }

    /// The smallest terminal the page is drawn in, key line included.
    func minimumSize(in frame: Frame) -> Size {
        guard case .game(let game) = self else { return menuMinimumSize }
        let size = game.screen.minimumSize(in: ArcadeShell.gameFrame(in: frame))
        return Size(width: size.width, height: size.height + 1)
    }

    /// Draw the page with its key line: a game with its game-over box (`focus` on its button),
    /// or the pause in its place; a page over the menu, or `menu`. While the resume offer is
    /// open (`offering`), the key line is the offer's.
    func render(menu: MenuScreen, gameOverFocus focus: Int, paused: Bool, offering: Bool, into grid: inout CellGrid) {
        let gameFrame = ArcadeShell.gameFrame(in: grid.frame)
        switch self {
        case .game(let active) where paused:
            // The game is not drawn at all: nothing of the table shows while the clock stands still.
            grid.drawTopRows(gameFrame.size.height) { PauseOverlay.draw(title: active.info.title, into: &$0) }
            KeyLine.draw(PauseOverlay.hints, always: [], into: &grid)
            return
        case .game(let active):
            grid.drawTopRows(gameFrame.size.height) { gameGrid in
                active.screen.render(into: &gameGrid)
                if let box = active.screen.gameOverBox(in: gameFrame, focus: focus) {
                    box.dialog.draw(into: &gameGrid, in: box.area)
                }
            }
            if !offering { active.drawKeyLine(in: gameFrame, into: &grid) }
        case .settings(let page):
            Self.render(into: &grid, hints: page.keyHints) { page.render(into: &$0) }
        case .statistics(let page):
            Self.render(into: &grid, hints: page.keyHints) { page.render(into: &$0) }
        case .menu:
            grid.drawTopRows(grid.size.height - 1) { menu.render(into: &$0) }
            if !offering { KeyLine.draw(menu.keyHints, always: [KeyHint("?", "help"), KeyHint("q", "quit")], into: &grid) }
        }
        // The offer of a save (on opening a game, or of a mode a game changed to): its keys.
        if offering { ResumeOffer.drawKeyLine(into: &grid) }
    }

    /// Draw a page over the menu (`draw` fills the grid above the key line), and its key line.
    private static func render(into grid: inout CellGrid, hints: [KeyHint], _ draw: (inout CellGrid) -> Void) {
        grid.drawTopRows(grid.size.height - 1, draw)
        KeyLine.draw(hints, always: [KeyHint("?", "help")], into: &grid)
    }

    /// What `?` shows: the game's sheet (with `p` when it pauses), the page's, or the menu's.
    func helpSheet(menu: MenuScreen, dataDirectory: String?, in frame: Frame) -> HelpSheet {
        switch self {
        case .game(let active): active.helpSheet(in: ArcadeShell.gameFrame(in: frame))
        case .settings: SettingsScreen.help
        case .statistics(let page): page.help
        case .menu: menu.help(dataDirectory: dataDirectory)
        }
    }

    /// Where the cursor goes when it follows focus: the focused button of the game-over box, the
    /// game's focused card or button, the settings row, or the menu's chosen game. The
    /// statistics page has no focus to follow.
    func cursorPosition(menu: MenuScreen, gameOverFocus focus: Int, in frame: Frame) -> Point? {
        let gameFrame = ArcadeShell.gameFrame(in: frame)
        switch self {
        case .game(let active):
            if let box = active.screen.gameOverBox(in: gameFrame, focus: focus) {
                return box.dialog.focusedButtonPoint(in: box.area)
            }
            return active.screen.cursorPosition(in: gameFrame)
        case .settings(let page): return page.cursorPosition(in: gameFrame)
        case .statistics: return nil
        case .menu: return menu.cursorPosition(in: gameFrame.size)
        }
    }
}

extension ArcadeShell {
    /// The game on screen, if any.
    var active: ActiveGame? {
        if case .game(let game) = page { game } else { nil }
    }

    /// The settings page, while it is open (over the menu).
    public var settingsScreen: SettingsScreen? {
        if case .settings(let settings) = page { settings } else { nil }
    }

    /// The statistics page, while it is open (over the menu).
    public var statistics: StatisticsScreen? {
        if case .statistics(let statistics) = page { statistics } else { nil }
    }

    /// Let `body` change the game on screen in place. The game is taken out of `page` while
    /// it changes, so that nothing else holds its box: a second holder would make the change
    /// copy the game's whole state.
    mutating func changeGame<Result>(_ body: (inout ActiveGame) -> Result) -> Result? {
        guard case .game(var game) = page else { return nil }
        page = .menu
        defer { page = .game(game) }
        return body(&game)
    }
}
