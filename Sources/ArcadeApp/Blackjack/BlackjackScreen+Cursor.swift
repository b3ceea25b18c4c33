import ArcadeUI

extension BlackjackScreen {
    /// Where the cursor goes when it follows focus: the new-game alert's focused button; on
    /// the table (which has no focus of its own) the first button that can be pressed, Deal
    /// between hands and Hit in one; the chosen row on the rules page; the chart's focused
    /// kind of hand; in the drill its first answer that can be given (or Next); and the Back
    /// button on the About and High Scores pages. Nil while the dealer plays; the game-over
    /// box is the shell's.
    func cursorPosition(in frame: Frame) -> Point? {
        let layout = BlackjackLayout(frame: frame)
        let point: Point?
        switch mode {
        case .newGameAlert:
            point = table.newGameDialog.focusedButtonPoint(in: layout.body)
        case .betting, .hand, .insurance:
            point = Self.titlePoint(of: table.actionButtons(fitting: layout.actions.width), in: layout.actions) { $0.isEnabled }
        case .rules:
            point = rules.cursorPoint(layout)
        case .chart:
            point = Self.titlePoint(of: chart.buttons, in: BlackjackChartPage.page(layout).back) { $0.isFocused }
        case .drill:
            point = drillPage.flatMap { drill in
                Self.titlePoint(of: drill.buttons(fitting: layout.actions.width), in: layout.actions) { $0.isEnabled }
            }
        case .about, .highScores:
            point = Self.titlePoint(of: Self.backButton, in: layout.page.back) { _ in true }
        case .dealerPlay, .gameOver:
            point = nil
        }
        return point.flatMap { frame.bounds.contains($0) ? $0 : nil }
    }

    /// The first cell of the title of the first of `buttons` (drawn in `rect`) that `isFocus`
    /// picks: two columns in, after its bracket and focus marker (`[>Hit<]`).
    private static func titlePoint(of buttons: ActionButtons<Action>, in rect: Rect,
                                   where isFocus: (Button) -> Bool) -> Point? {
        let row = buttons.row
        guard let index = row.buttons.firstIndex(where: isFocus) else { return nil }
        let frames = row.frames(in: rect)
        guard frames.indices.contains(index) else { return nil }
        let point = Point(x: frames[index].x + 2, y: frames[index].y)
        return rect.contains(point) ? point : nil
    }
}
