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
                KeyLine.draw(menu.keyHints, always: [KeyHint("?", "help"), KeyHint("q", "quit")], into: &grid)
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
    func drawKeyLine(of screen: any GameScreen, in gameFrame: Frame, into grid: inout CellGrid) {
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
        return settingsPage.map { _ in SettingsScreen.help } ?? statisticsPage.map(\.help)
            ?? menu.help(dataDirectory: dataDirectory)
    }

    /// True when `p` pauses the game on screen: it is timed and does not bind `p` itself.
    func pausesOnP(in gameFrame: Frame) -> Bool {
        guard let active, active.screen.isTimed else { return false }
        return !active.screen.consumes(.character("p"), in: gameFrame)
    }
}
