import ArcadeUI

extension SetScreen {
    /// Where the cursor goes when it follows focus: the focused mode's button in the choice of
    /// mode, else the card under the keyboard cursor (the classic or versus table, or the day's
    /// puzzle while it is still to solve), at the first cell inside its frame.
    func cursorPosition(in frame: Frame) -> Point? {
        let point: Point?
        if let chooser {
            // The button's title starts after its bracket and focus marker ("[>1 Classic<]").
            let rows = SetModeChooser.layout(in: frame.bounds).rows
            point = rows.indices.contains(chooser.focus) ? Point(x: rows[chooser.focus].x + 2, y: rows[chooser.focus].y) : nil
        } else if daily != nil {
            point = dayResult == nil
                ? SetDailyLayout(frame: frame, style: cardStyle).cell(of: cursor.index).map { Box.inner(of: $0).origin }
                : nil
        } else {
            point = game.isOver ? nil
                : SetLayout(frame: frame, places: game.board.count, style: cardStyle).cell(of: cursor.index)
                    .map { Box.inner(of: $0).origin }
        }
        return point.flatMap { frame.bounds.contains($0) ? $0 : nil }
    }
}
