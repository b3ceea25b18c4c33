import ArcadeUI

/// The settings page, hosted by the shell as a page over the menu: `o` on the menu (or its
/// Settings button) opens it, a change is kept (`AppEffect.remember`) and applied at once
/// (`AppEffect.look`, `AppEffect.soundSwitched`, or read by the next game opened), and `q`
/// or Esc on it comes back to the menu.
extension ArcadeShell {
    /// The settings page on screen, if it is open.
    public var settingsScreen: SettingsScreen? { settingsPage }

    /// The settings as games and the page see them: those kept, with this run's overrides.
    var effectiveSettings: [String: String] { settings.effective }

    /// The theme and palette to draw with now (dark until one was chosen).
    public var look: (theme: ThemeName, palette: PaletteName) { settings.look }

    /// Open the page on the settings as they are now.
    mutating func openSettings() {
        page = .settings(SettingsScreen(values: effectiveSettings, overriddenBy: settings.overrides.values.mapValues(\.source),
                                        games: games.flatMap(\.settings)))
    }

    /// An input while the page is open: the shell's (`takesOverPage`), else the page's.
    mutating func updateSettings(_ input: Input, in frame: Frame) -> [AppEffect] {
        guard var page = settingsPage, !takesOverPage(input, in: frame) else { return [] }
        var effects: [AppEffect] = []
        for effect in page.update(input, in: frame.droppingBottom(1)) {
            switch effect {
            case .change(let key, let value):
                effects += settings.change(key, to: value)
            case .close:
                self.page = .menu
                return effects
            }
        }
        self.page = .settings(page)
        return effects
    }

    /// Where the cursor goes when it follows focus (the setting, or `--cursor`): the focused
    /// button of a question, the game's focused card or button, the settings row, or the
    /// menu's chosen game. Help and the statistics page have no focus to follow.
    public func cursorPosition(in frame: Frame) -> Point? {
        guard effectiveSettings.cursorFollowsFocus else { return nil }
        let gameFrame = frame.droppingBottom(1)
        if let overlay { return overlay.cursorPosition(in: frame) }
        if let active {
            if let box = active.screen.gameOverBox(in: gameFrame, focus: gameOver.focus) {
                return box.dialog.focusedButtonPoint(in: box.area)
            }
            return active.screen.cursorPosition(in: gameFrame)
        }
        if let settingsPage { return settingsPage.cursorPosition(in: gameFrame) }
        if statisticsPage != nil { return nil }
        return menu.cursorPosition(in: gameFrame.size)
    }

    /// Draw `page` above the key line.
    func renderSettings(_ page: SettingsScreen, into grid: inout CellGrid) {
        ShellPage.render(into: &grid, hints: page.keyHints) { page.render(into: &$0) }
    }
}
