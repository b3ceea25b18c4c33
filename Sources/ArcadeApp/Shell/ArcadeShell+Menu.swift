import ArcadeUI

/// The menu, as the shell hosts it: its keys, and what choosing on it opens (a game, the
/// statistics, the settings).
extension ArcadeShell {
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
}
