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

    /// Draw a page over the menu (`draw` fills the grid above the key line), and its key line.
    static func render(into grid: inout CellGrid, hints: [KeyHint], _ draw: (inout CellGrid) -> Void) {
        grid.drawTopRows(grid.size.height - 1, draw)
        KeyLine.draw(hints, always: [KeyHint("?", "help")], into: &grid)
    }
}

extension ArcadeShell {
    /// The game on screen, if any.
    var active: ActiveGame? {
        if case .game(let game) = page { game } else { nil }
    }

    /// The settings page, while it is open (over the menu).
    var settingsPage: SettingsScreen? {
        if case .settings(let settings) = page { settings } else { nil }
    }

    /// The statistics page, while it is open (over the menu).
    var statisticsPage: StatisticsScreen? {
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
