import ArcadeUI

/// The menu and the pages over it, as the shell hosts them: their keys, and what choosing on
/// the menu opens (a game, the statistics, the settings).
///
/// The settings page: `o` on the menu (or its Settings button) opens it, a change is kept
/// (`AppEffect.remember`) and applied at once (`AppEffect.look`, `AppEffect.soundSwitched`, or
/// read by the next game opened). The statistics page: `s` on the menu (or `arcade stats`)
/// asks the effect runtime for the statistics (`AppEffect.showStatistics`), and the answer
/// (`RuntimeReport.statistics`) opens the page. `q` or Esc on either comes back to the menu.
extension ArcadeShell {
    /// The settings as games and the page see them: those kept, with this run's overrides.
    var effectiveSettings: [String: String] { settings.effective }

    /// The theme and palette to draw with now (dark until one was chosen).
    public var look: (theme: ThemeName, palette: PaletteName) { settings.look }

    /// Open the settings page on the settings as they are now.
    mutating func openSettings() {
        page = .settings(SettingsScreen(values: effectiveSettings, overriddenBy: settings.overrides.values.mapValues(\.source),
                                        games: games.flatMap(\.settings)))
    }

    /// Open the statistics page with `statistics`, on the tab of the game chosen on the menu
    /// (the tab shown stays the same when it is open already).
    mutating func showStatistics(_ statistics: [GameStatistics]) {
        let chosen = menu.rows.indices.contains(menu.selected) ? menu.rows[menu.selected].id : nil
        guard active == nil else { return }  // asked for on the menu: a game opened since stays
        page = .statistics(StatisticsScreen(statistics: statistics, showing: self.statistics?.shown?.game ?? chosen))
    }

    /// An input on the menu: `?` opens help, Esc asks before quitting, the rest is the menu's.
    mutating func updateMenu(_ input: Input, in frame: Frame) -> [AppEffect] {
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
        for effect in menu.update(input, in: Self.gameFrame(in: frame)) {
            switch effect {
            case .quit: effects.append(.quit)
            case .open(let id): effects += open(id, in: frame)
            case .statistics: effects.append(.showStatistics)
            case .settings: openSettings()
            }
        }
        return effects
    }

    /// An input while the settings or statistics page is open: `?` opens the page's help and
    /// the key line takes no clicks; the rest is the page's. A setting changed is kept and
    /// applied (`ChosenSettings.change`); `q` or Esc on the page come back to the menu.
    mutating func updatePage(_ input: Input, in frame: Frame) -> [AppEffect] {
        switch input {
        case .key(.character("?")):
            overlay = .help
            return []
        case .mouse(let event) where event.at.y >= frame.size.height - 1:
            return []
        default:
            break
        }
        let pageFrame = Self.gameFrame(in: frame)
        switch page {
        case .settings(var screen):
            var effects: [AppEffect] = []
            for effect in screen.update(input, in: pageFrame) {
                switch effect {
                case .change(let key, let value):
                    effects += settings.change(key, to: value)
                case .close:
                    page = .menu
                    return effects
                }
            }
            page = .settings(screen)
            return effects
        case .statistics(var screen):
            page = screen.update(input, in: pageFrame).contains(.close) ? .menu : .statistics(screen)
            return []
        case .menu, .game:
            return []
        }
    }
}
