import ArcadeUI

/// The bottom line: the main keys of the current screen, always visible.
enum KeyLine {
    /// Draw `hints` then `always` on the last row of `grid`, keys bold.
    ///
    /// When the row is too narrow, `hints` are dropped from the end first, so the
    /// shared keys (`? help`, `q menu`) stay visible as long as they fit at all.
    static func draw(_ hints: [KeyHint], always: [KeyHint], into grid: inout CellGrid) {
        let y = grid.size.height - 1
        guard y >= 0 else { return }
        let glyphs = Glyphs(theme: grid.theme)
        // Each hint's keys as drawn, and the columns it takes with the gap after it, worked
        // out once (every frame draws the key line).
        let items = (hints + always).map { hint -> (keys: String, action: String, width: Int) in
            let keys = glyphs.keys(hint.keys)
            return (keys, hint.action, DisplayWidth.of(keys) + 1 + DisplayWidth.of(hint.action) + 3)
        }
        var dropped = 0
        var total = items.reduce(1) { $0 + $1.width } - 3
        while dropped < hints.count && total > grid.size.width - 1 {
            total -= items[hints.count - 1 - dropped].width
            dropped += 1
        }
        var x = 1
        for item in items[..<(hints.count - dropped)] + items[hints.count...] {
            guard x + item.width - 3 < grid.size.width else { break }
            x += grid.write(item.keys, at: Point(x: x, y: y), style: Style.bold.foreground(.accent))
            x += 1
            x += grid.write(item.action, at: Point(x: x, y: y), style: .dim)
            x += 3
        }
    }
}

/// The `?` overlay: a framed list of a screen's keys and a few lines of rules.
enum HelpOverlay {
    static func draw(_ sheet: HelpSheet, into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        let glyphs = Glyphs(theme: grid.theme)
        let keyColumn = min(24, (sheet.keys.map { DisplayWidth.of(glyphs.keys($0.keys)) }.max() ?? 0) + 2)
        let maxWidth = max(10, min(grid.size.width - 2, 78))
        let textWidth = maxWidth - 4
        let notes = sheet.notes.flatMap { TextLayout.wrapped($0, toWidth: textWidth) }
        let footer = "Press any key to close"
        let bodyHeight = sheet.keys.count + (notes.isEmpty ? 0 : notes.count + 1) + 2
        let height = min(grid.size.height, bodyHeight + 2)
        let widest = max(
            sheet.keys.map { keyColumn + DisplayWidth.of($0.action) }.max() ?? 0,
            notes.map(DisplayWidth.of).max() ?? 0, DisplayWidth.of(footer), DisplayWidth.of(sheet.title) + 4)
        let width = min(maxWidth, widest + 4)
        let frame = grid.bounds.centered(Size(width: width, height: height))
        // The rows it covers are blanked from edge to edge, so no cut piece of what is behind
        // (a menu's "▶ 1", a best cut to "412") stands beside the frame as if part of it.
        grid.fill(Rect(x: 0, y: frame.y, width: grid.size.width, height: frame.height))
        let box = Box(title: "Help: \(sheet.title)", style: .double, frameStyle: Style.bold.foreground(.accent),
                      fillsInterior: true)
        box.draw(into: &grid, in: frame)
        let inner = box.inner(of: frame)
        // Rows for the keys and notes, above the footer; when they do not all fit, the
        // last row shown says more is hidden.
        var rows: [(keys: String, text: String)] = sheet.keys.map { (glyphs.keys($0.keys), $0.action) }
        if !notes.isEmpty { rows += [("", "")] + notes.map { ("", $0) } }
        let room = max(0, inner.height - 1)
        if rows.count > room {
            rows = Array(rows.prefix(room))
            if !rows.isEmpty { rows[rows.count - 1] = ("", glyphs.ellipsis) }
        }
        for (offset, row) in rows.enumerated() {
            let y = inner.y + offset
            let textX = row.keys.isEmpty ? inner.x + 1 : inner.x + 1 + keyColumn
            if !row.keys.isEmpty {
                grid.write(TextLayout.truncated(row.keys, toWidth: keyColumn - 1, ascii: ascii),
                           at: Point(x: inner.x + 1, y: y), style: .bold, clip: inner)
            }
            grid.write(TextLayout.truncated(row.text, toWidth: inner.maxX - 1 - textX, ascii: ascii),
                       at: Point(x: textX, y: y), clip: inner)
        }
        if inner.height > 0 {
            grid.write(TextLayout.truncated(footer, toWidth: inner.width - 1, ascii: ascii),
                       at: Point(x: inner.x + 1, y: inner.maxY - 1), style: .dim, clip: inner)
        }
    }
}

/// A yes/no question over the screen: "Leave this game? (y/n)" and the like.
///
/// `y` or a click on Yes answers yes; `n`, Esc or a click on No answers no.
struct YesNoQuestion: Equatable {
    var title: String
    var message: String

    /// Asked before leaving a game in progress.
    static let leave = YesNoQuestion(title: "Leave", message: "Leave this game? (y/n)")
    /// Asked when Esc is pressed on the menu.
    static let quit = YesNoQuestion(title: "Quit", message: "Quit the arcade? (y/n)")

    var dialog: Dialog {
        Dialog(title: title, message: message,
               buttons: [Button("Yes (y)", hotKey: .character("y")), Button("No (n)", hotKey: .character("n"))],
               cancelIndex: 1, style: Style.bold.foreground(.warning))
    }

    func draw(into grid: inout CellGrid) {
        dialog.draw(into: &grid, in: grid.bounds)
    }

    /// The answer a key or click gives: true for Yes, false for No, nil for anything else.
    func answer(to input: Input, in size: Size) -> Bool? {
        let index: Int?
        switch input {
        case .key(let key): index = dialog.buttonIndex(for: key)
        case .mouse(let event) where event.action == .press:
            index = dialog.buttonIndex(at: event.at, in: Rect(origin: Point(x: 0, y: 0), size: size))
        default: index = nil
        }
        return index.map { $0 == 0 }
    }
}
