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
///
/// A sheet taller than the screen scrolls: ↑ ↓ (k j), PgUp PgDn, Home End and the mouse
/// wheel move it, ▲ and ▼ in the frame's margin say more is above or below, and the footer
/// says which lines are shown. Any other key closes it, as it does a sheet that fits.
enum HelpOverlay {
    /// Where the sheet's parts go in a grid of some size: one value, used by drawing and
    /// by the keys that scroll it.
    struct Layout {
        /// The framed box.
        var frame: Rect
        /// Inside the frame.
        var inner: Rect
        /// Columns of the keys, gap included.
        var keyColumn: Int
        /// Every row of the sheet: a key and what it does (cut to the box, as the key line's
        /// words are), a blank row, and the notes, wrapped to the box.
        var rows: [Row]
        /// How many rows show at once.
        var room: Int

        /// True when not every row shows at once.
        var scrolls: Bool { rows.count > room }
        /// The offset that shows the last row at the bottom.
        var lastOffset: Int { max(0, rows.count - room) }
        /// What a page key moves: a screenful, less one row kept for context.
        var page: Int { max(1, room - 1) }

        init(_ sheet: HelpSheet, in screen: Frame) {
            let size = screen.size
            let glyphs = Glyphs(theme: screen.theme)
            let keys = sheet.keys.map { (keys: glyphs.keys($0.keys), action: $0.action) }
            let keyColumn = min(24, (keys.map { DisplayWidth.of($0.keys) }.max() ?? 0) + 2)
            self.keyColumn = keyColumn
            let maxWidth = max(10, min(size.width - 2, 78))
            let textWidth = maxWidth - 4
            let widest = max(
                keys.map { keyColumn + DisplayWidth.of($0.action) }.max() ?? 0,
                sheet.notes.flatMap { TextLayout.wrapped($0, toWidth: textWidth) }.map(DisplayWidth.of).max() ?? 0,
                DisplayWidth.of(HelpOverlay.closingFooter), DisplayWidth.of(sheet.title) + 4)
            let width = min(maxWidth, widest + 4)
            // The rows wrap to the box as drawn, which may be narrower than `maxWidth`.
            let shownText = width - 4
            var rows = keys.map { Row(keys: $0.keys, text: $0.action, isKeyRow: true) }
            let notes = sheet.notes.flatMap { TextLayout.wrapped($0, toWidth: shownText) }
            if !notes.isEmpty { rows += [Row(keys: "", text: "", isKeyRow: false)] + notes.map { Row(keys: "", text: $0, isKeyRow: false) } }
            self.rows = rows
            // A blank row and the footer under the rows, and the frame around.
            let height = min(size.height, rows.count + 4)
            frame = screen.bounds.centered(Size(width: width, height: height))
            let inner = Box.inner(of: frame)
            self.inner = inner
            // The blank row above the footer goes first when room is short.
            room = max(0, inner.height - (rows.count + 2 <= inner.height ? 2 : 1))
        }

        /// `offset` kept within the rows.
        func clamped(_ offset: Int) -> Int {
            min(max(0, offset), lastOffset)
        }

        /// The footer: how to close, and, when the sheet scrolls, where it is and how to move,
        /// in the longest wording that fits.
        func footer(at offset: Int) -> String {
            guard scrolls else { return HelpOverlay.closingFooter }
            let first = clamped(offset) + 1, last = min(rows.count, clamped(offset) + room)
            let lines = "\(first)–\(last) of \(rows.count)"
            let wordings = [
                "lines \(lines) · ↑↓ PgUp PgDn Home End scroll · other keys close",
                "lines \(lines) · ↑↓ PgUp PgDn scroll · other keys close",
                "\(lines) · ↑↓ scroll · other keys close",
                "\(lines) · ↑↓ scroll",
                lines,
            ]
            return wordings.first { DisplayWidth.of($0) <= inner.width - 2 } ?? lines
        }
    }

    /// A row of the sheet: a key's (keys, and its words in the column after them) or a
    /// note's line.
    struct Row {
        var keys: String
        var text: String
        var isKeyRow: Bool
    }

    /// The footer of a sheet that shows whole.
    static let closingFooter = "Press any key to close"

    /// Rows the mouse wheel moves.
    static let wheelStep = 3

    /// Draw `sheet` over the whole grid, scrolled down by `offset` rows.
    static func draw(_ sheet: HelpSheet, scrolledTo offset: Int = 0, into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        let layout = Layout(sheet, in: grid.frame)
        let frame = layout.frame, inner = layout.inner
        // The rows it covers are blanked from edge to edge, so no cut piece of what is behind
        // (a menu's "▶ 1", a best cut to "412") stands beside the frame as if part of it.
        grid.fill(Rect(x: 0, y: frame.y, width: grid.size.width, height: frame.height))
        let box = Box(title: "Help: \(sheet.title)", style: .double, frameStyle: Style.bold.foreground(.accent),
                      fillsInterior: true)
        box.draw(into: &grid, in: frame)
        let top = layout.clamped(offset)
        let shown = layout.rows.dropFirst(top).prefix(layout.room)
        for (index, row) in shown.enumerated() {
            let y = inner.y + index
            let textX = inner.x + 1 + layout.keyColumn
            if !row.keys.isEmpty {
                grid.write(TextLayout.truncated(row.keys, toWidth: layout.keyColumn - 1, ascii: ascii),
                           at: Point(x: inner.x + 1, y: y), style: .bold, clip: inner)
            }
            let x = row.isKeyRow ? textX : inner.x + 1
            grid.write(TextLayout.truncated(row.text, toWidth: inner.maxX - 1 - x, ascii: ascii),
                       at: Point(x: x, y: y), clip: inner)
        }
        // ▲ and ▼ in the right margin: more above the first row shown, more below the last.
        let marks = Style.bold.foreground(.accent)
        if top > 0, !shown.isEmpty { grid.put("▲", at: Point(x: inner.maxX - 1, y: inner.y), style: marks) }
        if top + layout.room < layout.rows.count, !shown.isEmpty {
            grid.put("▼", at: Point(x: inner.maxX - 1, y: inner.y + shown.count - 1), style: marks)
        }
        if inner.height > 0 {
            grid.write(TextLayout.truncated(layout.footer(at: top), toWidth: inner.width - 1, ascii: ascii),
                       at: Point(x: inner.x + 1, y: inner.maxY - 1), style: .dim, clip: inner)
        }
    }

    /// Where the sheet is scrolled to after `input`, from `offset`; nil when the input closes
    /// it. Only a sheet that scrolls takes the moving keys; the wheel never closes it.
    /// The keys that move a long sheet; any other key closes it.
    static let scrollKeys: [Key] = [.up, .character("k"), .down, .character("j"), .pageUp, .pageDown, .home, .end]

    static func scroll(_ offset: Int, by input: Input, sheet: HelpSheet, in frame: Frame) -> Int? {
        let layout = Layout(sheet, in: frame)
        let top = layout.clamped(offset)
        switch input {
        case .mouse(let event):
            switch event.action {
            case .wheelUp: return layout.clamped(top - wheelStep)
            case .wheelDown: return layout.clamped(top + wheelStep)
            case .press: return nil
            default: return top
            }
        case .key(let key):
            guard layout.scrolls, scrollKeys.contains(key) else { return nil }
            switch key {
            case .up, .character("k"): return layout.clamped(top - 1)
            case .down, .character("j"): return layout.clamped(top + 1)
            case .pageUp: return layout.clamped(top - layout.page)
            case .pageDown: return layout.clamped(top + layout.page)
            case .home: return 0
            case .end: return layout.lastOffset
            default: return nil
            }
        case .tick, .resize, .focus, .network:
            return top
        }
    }
}

/// What covers a timed game while it is paused (`p`, the terminal losing focus, or a
/// stretch without input): the whole game area, so that no card can be studied while the
/// clock stands still, and a box saying how to go on.
enum PauseOverlay {
    static let message = "Paused — press any key to go on"
    /// The key line while paused.
    static let hints = [KeyHint("any key", "go on")]
    /// The game key line's word for `p`.
    static let hint = KeyHint("p", "pause")
    /// Help's row for `p`.
    static let helpRow = KeyHint("p", "pause: the clock stops, the table is hidden")

    /// Cover all of `grid` (the game's area) and put the box for game `title` in its middle.
    static func draw(title: String, into grid: inout CellGrid) {
        grid.fill(grid.bounds)
        Dialog(title: title, message: message + "\n\nThe clock is stopped.", buttons: [], preferredWidth: 40,
               style: Style.bold.foreground(.accent))
            .draw(into: &grid, in: grid.bounds)
    }
}

/// A yes/no question over the screen: "Leave this game? (y/n)" and the like.
///
/// `y` or a click on Yes answers yes; `n`, Esc or a click on No answers no.
struct YesNoQuestion: Equatable {
    /// The box, built once: every key read while the question is up is answered from it.
    let dialog: Dialog
    var title: String { dialog.title }
    var message: String { dialog.message }

    init(title: String, message: String) {
        dialog = Dialog(title: title, message: message,
                        buttons: [Button("Yes (y)", hotKey: .character("y")), Button("No (n)", hotKey: .character("n"))],
                        cancelIndex: 1, style: Style.bold.foreground(.warning))
    }

    /// Asked before leaving a game in progress.
    static let leave = YesNoQuestion(title: "Leave", message: "Leave this game? (y/n)")
    /// Asked when Esc is pressed on the menu.
    static let quit = YesNoQuestion(title: "Quit", message: "Quit the arcade? (y/n)")

    func draw(into grid: inout CellGrid) {
        dialog.draw(into: &grid, in: grid.bounds)
    }

    /// The answer `key` gives to any question, as its buttons' hot keys and Esc give it: no
    /// box is built for the keys of a flood of text read while one is up.
    static func answer(to key: Key) -> Bool? {
        switch key {
        case .character("y"), .character("Y"): return true
        case .character("n"), .character("N"), .escape: return false
        default: return nil
        }
    }

    /// The answer a key or click gives: true for Yes, false for No, nil for anything else.
    func answer(to input: Input, in size: Size) -> Bool? {
        let index: Int?
        switch input {
        case .key(let key): return Self.answer(to: key)
        case .mouse(let event) where event.action == .press:
            index = dialog.buttonIndex(at: event.at, in: Rect(origin: Point(x: 0, y: 0), size: size))
        default: index = nil
        }
        return index.map { $0 == 0 }
    }
}
