import ArcadeUI

/// How the shell draws: the page on screen (`ShellPage.render`), then the overlay.
extension ArcadeShell {
    public func render(into grid: inout CellGrid) {
        var offering = false
        if case .resume? = overlay { offering = true }
        page.render(menu: menu, gameOverFocus: gameOver.focus, paused: overlay == .paused && active != nil,
                    offering: offering, into: &grid)
        if overlay == .help {
            HelpOverlay.draw(helpSheet(in: grid.frame), scrolledTo: helpScroll, into: &grid)
        } else {
            overlay?.draw(into: &grid)
        }
    }

    /// What `?` shows now.
    func helpSheet(in frame: Frame) -> HelpSheet {
        page.helpSheet(menu: menu, dataDirectory: dataDirectory, in: frame)
    }

    /// Where the cursor goes when it follows focus (the setting, or `--cursor`): the focused
    /// button of a question, else what the page on screen has focused. Help has none.
    public func cursorPosition(in frame: Frame) -> Point? {
        guard effectiveSettings.cursorFollowsFocus else { return nil }
        if let overlay { return overlay.cursorPosition(in: frame) }
        return page.cursorPosition(menu: menu, gameOverFocus: gameOver.focus, in: frame)
    }
}
