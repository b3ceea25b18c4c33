import ArcadeUI
import TempleModel

/// Drawing the match and study page: the tallies and buttons, the message line, the
/// pictures pane and the names pane, from the layout of the grid's frame; and where the
/// cursor goes in it.
extension TempleMatchPage {
    func render(into grid: inout CellGrid, pictures: TemplePictures) {
        let layout = layout(in: grid.frame)
        TempleMatchWording.tallies(game, clock: clock.text).draw(into: &grid, in: layout.tallies)
        layout.buttons.draw(into: &grid, in: layout.buttonRow)
        var message = status
        switch game.lastResult {
        case .correct?: message.tone = .good
        case .incorrect?: message.tone = .bad
        case nil: message.tone = .plain
        }
        message.draw(into: &grid, in: layout.message)

        let picturesFocused = game.mode == .match && focus == .pictures && transition == nil
        Box(title: game.mode == .study ? "Study: every temple" : "Pictures",
            style: picturesFocused ? .double : .single, frameStyle: picturesFocused ? Self.focusedFrame : .dim)
            .draw(into: &grid, in: layout.picturesPane)
        drawPictures(game, layout: layout, focused: picturesFocused, pictures: pictures, into: &grid)
        if layout.namesPane.width >= 4 {
            let namesFocused = game.mode == .match && focus == .names && transition == nil
            Box(title: "Names", style: namesFocused ? .double : .single,
                frameStyle: namesFocused ? Self.focusedFrame : .dim, fillsInterior: true)
                .draw(into: &grid, in: layout.namesPane)
            drawNames(game, layout: layout, focused: namesFocused, into: &grid)
        }
    }

    /// The frame of the pane the keys act on.
    private static let focusedFrame = Style.bold.foreground(.accent)

    /// The pictures shown, each in its frame: a picked one's double and highlighted, and,
    /// while the pictures pane is `focused`, the one under the cursor in a reverse frame.
    private func drawPictures(_ game: TempleGame, layout: TempleLayout, focused: Bool, pictures: TemplePictures,
                              into grid: inout CellGrid) {
        let shown = game.visiblePictures
        let clip = Box.inner(of: layout.picturesPane)
        let glyphs = Glyphs(theme: grid.theme)
        for (index, card) in shown.enumerated() {
            guard layout.isShown(index), let frame = layout.pictureFrame(index) else { continue }
            let picked = game.isPicked(card.id, in: .pictures)
            var frameStyle: Style = picked ? Style.bold.foreground(.highlight) : .plain
            if focused && index == pictureCursor { frameStyle = Style.focusFrame(frameStyle) }
            pictures.drawFramed(card, in: frame, clip: clip, style: picked ? .double : .rounded, frameStyle: frameStyle,
                                pixelHeight: layout.pixelHeight(of: index), into: &grid)
            if game.mode == .study {
                TempleLabel.draw(card.name, in: frame, clip: clip, pictureRows: layout.pictureRows, into: &grid)
            }
        }
        if layout.flow.rowCount > layout.visibleRows {
            let x = layout.picturesPane.maxX - 1
            if pictureScroll > 0 { grid.put(glyphs.moreAbove, at: Point(x: x, y: layout.picturesPane.y + 1), style: .bold) }
            if pictureScroll + layout.visibleRows < layout.flow.rowCount {
                grid.put(glyphs.moreBelow, at: Point(x: x, y: layout.picturesPane.maxY - 2), style: .bold)
            }
        }
    }

    private func drawNames(_ game: TempleGame, layout: TempleLayout, focused: Bool, into grid: inout CellGrid) {
        var list = names
        list.showsMarker = focused
        list.draw(into: &grid, in: layout.namesList)
        let range = list.visibleRange(height: layout.namesList.height)
        for (index, card) in game.remainingNames.enumerated() where range.contains(index) && game.isPicked(card.id, in: .names) {
            let y = layout.namesList.y + index - range.lowerBound
            grid.restyle(Rect(x: layout.namesList.x, y: y, width: layout.namesList.width, height: 1)) { style in
                style.reverse = true
                style.bold = true
            }
        }
    }

    /// Where the cursor goes when it follows focus (`TempleLayout.cursorPosition`).
    func cursorPosition(in frame: Frame) -> Point? {
        layout(in: frame).cursorPosition(mode: game.mode, focus: focus, pictureCursor: pictureCursor, names: names)
    }
}
