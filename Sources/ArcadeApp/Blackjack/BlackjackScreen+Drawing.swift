import ArcadeUI
import BlackjackModel

extension BlackjackScreen {
    /// Draw the header, then the page on show: the table (with the new-game alert over it)
    /// or one of the pages.
    func render(into grid: inout CellGrid) {
        let layout = BlackjackLayout(frame: grid.frame)
        drawHeader(in: layout.header, into: &grid)
        switch page {
        case .table:
            table.render(layout, into: &grid)
        case .about:
            about.render(layout, rules: table.game.rules, into: &grid)
        case .highScores:
            BlackjackScoresPage.render(layout, scores: table.scores, into: &grid)
        case .rules:
            rules.render(layout, table: table, into: &grid)
        case .chart:
            chart.render(layout, coach: table.coach, rules: table.game.rules, into: &grid)
        case .drill:
            drillPage?.render(layout, into: &grid)
        }
    }

    /// "Score 150 · Hand 3 of 5", always on screen, right of the game's name; the drill's
    /// record while it is on show.
    var scoreLabel: String {
        guard page == .drill else { return table.scoreLabel }
        return drillPage?.score ?? "Drill"
    }

    /// The game's name on the left, the score and hand number on the right.
    private func drawHeader(in rect: Rect, into grid: inout CellGrid) {
        Label(Glyphs(theme: grid.theme).plain(title(width: rect.width)), style: Style.bold.foreground(.accent))
            .draw(into: &grid, in: rect)
        Label(Glyphs(theme: grid.theme).plain(scoreLabel), alignment: .right, style: .bold).draw(into: &grid, in: rect)
    }

    /// "Blackjack · 6 decks · S17 · DAS · LS · 1:1", the rules of the game in play, when
    /// it fits `width` columns beside the score (two blank columns between); else "Blackjack".
    func title(width: Int) -> String {
        let full = "Blackjack · " + (page == .drill ? "Drill · " : "") + table.tableRules.summary
        return full.count + 2 + scoreLabel.count <= width ? full : "Blackjack"
    }
}
