import ArcadeUI

/// How the shell draws: the game above its key line (with its game-over box, or the pause in
/// its place), the menu or a page, then the overlay; and what `?` shows.
extension ArcadeShell {
    public func render(into grid: inout CellGrid) {
        let gameFrame = Self.gameFrame(in: grid.frame)
        if let active {
            if overlay == .paused {
                // The game is not drawn at all: nothing of the table shows while the clock stands still.
                grid.drawTopRows(gameFrame.size.height) { PauseOverlay.draw(title: active.info.title, into: &$0) }
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
                active.drawKeyLine(in: gameFrame, into: &grid)
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
                KeyLine.draw(menu.keyHints, always: [KeyHint("?", "help"), KeyHint("q", "quit")], into: &grid)
            }
        }
        if overlay == .help {
            HelpOverlay.draw(helpSheet(in: grid.frame), scrolledTo: helpScroll, into: &grid)
        } else {
            overlay?.draw(into: &grid)
        }
    }

    /// What `?` shows now: the game's sheet (with `p` when it pauses), the page's, or the menu's.
    func helpSheet(in frame: Frame) -> HelpSheet {
        let gameFrame = Self.gameFrame(in: frame)
        if let active { return active.helpSheet(in: gameFrame) }
        return settingsPage.map { _ in SettingsScreen.help } ?? statisticsPage.map(\.help)
            ?? menu.help(dataDirectory: dataDirectory)
    }
}
