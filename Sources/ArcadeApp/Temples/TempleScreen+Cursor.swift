import ArcadeUI
import TempleModel

extension TempleScreen {
    /// Where the cursor goes when it follows focus: in match mode the picture under the cursor
    /// or the name under it, whichever pane is focused; in study mode the first picture shown
    /// (the study card at the top of what is scrolled to); in learn mode the choice under the
    /// cursor, the name being typed, the right answer after a wrong one, or the button Enter
    /// presses once the session is over. Nil while the deck loads or when there is none.
    func cursorPosition(in frame: Frame) -> Point? {
        guard case .playing = phase, let game else { return nil }
        let point: Point?
        if let learn {
            point = learnCursorPosition(learn, in: frame)
        } else {
            let layout = layout(in: frame)
            switch (game.mode, focus) {
            case (.match, .names):
                let list = layout.namesList
                let range = names.visibleRange(height: list.height)
                // The name starts after the list's marker ("> ").
                point = layout.namesPane.width >= 4 && range.contains(names.selectedIndex)
                    ? Point(x: list.x + 2, y: list.y + names.selectedIndex - range.lowerBound) : nil
            case (.match, _):
                point = layout.isShown(pictureCursor) ? layout.pictureFrame(pictureCursor).map { Box.inner(of: $0).origin } : nil
            case (.study, _):
                point = (0..<layout.flow.count).first(where: layout.isShown)
                    .flatMap(layout.pictureFrame).map { Box.inner(of: $0).origin }
            }
            guard let point, Box.inner(of: layout.picturesPane).contains(point) || layout.namesList.contains(point) else {
                return nil
            }
        }
        return point.flatMap { frame.bounds.contains($0) ? $0 : nil }
    }

    /// The focused answer of a learn question, as `learnCursorPosition` describes it.
    private func learnCursorPosition(_ learn: TempleLearn, in frame: Frame) -> Point? {
        let layout = learnLayout(in: frame, learn: learn)
        guard !learn.isOver, let question = learn.question else {
            // The session's summary: the first button, which Enter presses.
            return layout.buttons.row.frames(in: layout.buttonRow).first.map { Point(x: $0.x + 2, y: $0.y) }
        }
        let focused = learn.shownWrong == nil ? learn.cursor : question.choices.firstIndex(of: question.card) ?? 0
        if let field = layout.field {
            // The typed name sits a column inside its box; after a wrong answer, what was typed.
            return learn.shownWrong == nil ? Point(x: field.x + 1, y: field.y) : field.origin
        }
        if layout.choicePictures.indices.contains(focused) {
            return Box.inner(of: layout.choicePictures[focused]).origin
        }
        if layout.choiceRows.indices.contains(focused) {
            // The words start after the mark column ("▶ 1  Provo City Center").
            let row = layout.choiceRows[focused]
            return Point(x: row.x + 2, y: row.y)
        }
        return nil
    }
}
