import ArcadeUI
import TempleModel

/// Drawing the temples screen: the tallies and buttons, the message line, the pictures
/// pane and the names pane, from the layout of the grid's frame.
extension TempleScreen {
    func render(into grid: inout CellGrid) {
        switch phase {
        case .loading(let progress):
            renderLoading(progress, into: &grid)
            return
        case .failed(let reason):
            renderFailure(reason, into: &grid)
            return
        case .playing:
            break
        }
        guard let game else { return }
        if let learn {
            renderLearn(learn, into: &grid)
            return
        }
        let layout = layout(in: grid.frame)
        tallies(game).draw(into: &grid, in: layout.tallies)
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
        drawPictures(game, layout: layout, focused: picturesFocused, into: &grid)
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

    /// The tallies line: correct, incorrect, left and (matching) the time, in shorter wordings
    /// for a narrow line.
    private func tallies(_ game: TempleGame) -> StatusLine {
        let counts = ["Correct \(game.correctCount)", "Incorrect \(game.incorrectCount)", "Left \(game.remainingCount)"]
        // The narrowest line (60 columns, beside three buttons) has room for this only.
        let shortest = "\(game.correctCount) of \(game.attemptCount) right, \(game.remainingCount) left"
        guard game.mode == .match else {
            return StatusLine([counts.joined(separator: "   "), counts.joined(separator: "  "), shortest], tone: .strong)
        }
        return StatusLine([(counts + ["Time \(clock.text)"]).joined(separator: "   "),
                           (counts + [clock.text]).joined(separator: "  "), counts.joined(separator: "  "), shortest],
                          tone: .strong)
    }

    /// The pictures shown, each in its frame: a picked one's double and highlighted, and,
    /// while the pictures pane is `focused`, the one under the cursor in a reverse frame.
    private func drawPictures(_ game: TempleGame, layout: TempleLayout, focused: Bool, into grid: inout CellGrid) {
        let shown = game.visiblePictures
        let clip = Box.inner(of: layout.picturesPane)
        let glyphs = Glyphs(theme: grid.theme)
        for (index, card) in shown.enumerated() {
            guard layout.isShown(index), let frame = layout.pictureFrame(index) else { continue }
            let picked = game.isPicked(card.id, in: .pictures)
            var frameStyle: Style = picked ? Style.bold.foreground(.highlight) : .plain
            if focused && index == pictureCursor { frameStyle = Style.focusFrame(frameStyle) }
            drawFramed(card, in: frame, clip: clip, style: picked ? .double : .rounded, frameStyle: frameStyle,
                       pixelHeight: layout.pixelHeight(of: index), into: &grid)
            if game.mode == .study {
                drawLabel(card.name, in: frame, clip: clip, pictureRows: layout.pictureRows, into: &grid)
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

    /// A picture in its border, at the layout's size for it (scaled when the frame changed;
    /// see `ScaledPictures`), centred in the frame's height when it had to shrink to fit the
    /// pane's width.
    func drawFramed(_ card: Flashcard, in frame: Rect, clip: Rect, style: BoxStyle, frameStyle: Style,
                            pixelHeight: Int, into grid: inout CellGrid) {
        var framed = CellGrid(size: frame.size, theme: grid.theme)
        Box(style: style, frameStyle: frameStyle).draw(into: &framed, in: framed.bounds)
        if let original = original(card.id), pixelHeight > 0 {
            let inner = Box.inner(of: framed.bounds)
            if let cells = scaled.cells(of: card.id, pixelHeight: pixelHeight, theme: grid.theme) {
                let top = max(0, (inner.height - cells.size.height) / 2)
                framed.draw(cells, at: Point(x: 1, y: 1 + top), clip: inner)
            } else {
                let picture = scaled.picture(card.id, original, pixelHeight: pixelHeight)
                let top = max(0, (inner.height - (picture.height + 1) / 2) / 2)
                PictureCells.draw(picture, at: Point(x: 1, y: 1 + top), into: &framed, clip: inner)
            }
        }
        // Copy what lies inside the pane, cell for cell (not glyph by glyph: they were made once).
        grid.draw(framed, at: frame.origin, clip: clip)
    }

    /// A temple's name written across the bottom of its picture (study mode).
    private func drawLabel(_ name: String, in frame: Rect, clip: Rect, pictureRows: Int, into grid: inout CellGrid) {
        let inner = Box.inner(of: frame)
        let lines = Self.labelLines(name, width: inner.width, maxLines: Self.labelLineLimit(pictureRows: pictureRows),
                                    ascii: grid.theme.ascii)
        let style = Style(foreground: .white, background: .black, bold: true)
        for (offset, line) in lines.enumerated() {
            let y = inner.maxY - lines.count + offset
            let row = Rect(x: inner.x, y: y, width: inner.width, height: 1).intersection(clip)
            guard !row.isEmpty else { continue }
            grid.fill(row, style: style)
            let x = inner.x + max(0, (inner.width - DisplayWidth.of(line)) / 2)
            grid.write(line, at: Point(x: x, y: y), style: style, clip: row)
        }
    }

    /// How many lines a name label may cover on a picture `pictureRows` high: up to three,
    /// never more than half the picture (one on the smallest pictures).
    static func labelLineLimit(pictureRows: Int) -> Int {
        max(1, min(3, pictureRows / 2))
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
}
