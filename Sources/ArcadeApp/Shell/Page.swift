extension ArcadeShell {
    /// What fills the screen under any overlay: the menu, a game, or a page opened from the
    /// menu. One at a time: a game and a page are never open together.
    enum Page {
        case menu
        case game(ActiveGame)
        case settings(SettingsScreen)
        case statistics(StatisticsScreen)
    }

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
