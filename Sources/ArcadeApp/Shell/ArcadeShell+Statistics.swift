import ArcadeUI

/// The statistics page, hosted by the shell as a page over the menu: `s` on the menu (or
/// `arcade stats`) asks the effect runtime for the statistics (`AppEffect.showStatistics`),
/// the answer (`RuntimeReport.statistics`) opens the page, and `q` or Esc on it comes back
/// to the menu. `?` shows its help, and the bottom line its keys.
extension ArcadeShell {
    /// The statistics page on screen, if it is open.
    public var statistics: StatisticsScreen? { statisticsPage }

    /// Open the page with `statistics`, on the tab of the game chosen on the menu (the tab
    /// shown stays the same when it is open already).
    mutating func showStatistics(_ statistics: [GameStatistics]) {
        let chosen = menu.rows.indices.contains(menu.selected) ? menu.rows[menu.selected].id : nil
        guard active == nil else { return }  // asked for on the menu: a game opened since stays
        page = .statistics(StatisticsScreen(statistics: statistics, showing: statisticsPage?.shown?.game ?? chosen))
    }

    /// What the shell takes of an input to a page over the menu (statistics, settings): `?`
    /// opens the page's help, and the key line takes no clicks. False: the input is the page's.
    mutating func takesOverPage(_ input: Input, in frame: Frame) -> Bool {
        switch input {
        case .key(.character("?")):
            overlay = .help
            return true
        case .mouse(let event) where event.at.y >= frame.size.height - 1:
            return true
        default:
            return false
        }
    }

    /// An input while the page is open: the shell's (`takesOverPage`), else the page's.
    mutating func updateStatistics(_ input: Input, in frame: Frame) -> [AppEffect] {
        guard var page = statisticsPage, !takesOverPage(input, in: frame) else { return [] }
        let effects = page.update(input, in: frame.droppingBottom(1))
        self.page = effects.contains(.close) ? .menu : .statistics(page)
        return []
    }

    /// Draw `page` above the key line.
    func renderStatistics(_ page: StatisticsScreen, into grid: inout CellGrid) {
        ShellPage.render(into: &grid, hints: page.keyHints) { page.render(into: &$0) }
    }
}
