/// A modal alert: a framed box centred over the screen, with a message and buttons.
///
/// ```
/// ╔═ Quit? ═════════════════╗
/// ║  Leave the table? Your  ║
/// ║     chips are kept.     ║
/// ║                         ║
/// ║ [>Yes (y)<]  [ No (n) ] ║
/// ╚═════════════════════════╝
/// ```
///
/// The box is as wide as the widest of the title, the button row and the message (the
/// message wrapped at `preferredWidth` columns), but never wider than the rectangle it
/// is centred in; the message is then wrapped to the box. Its inside is cleared, hiding
/// what is beneath, and so are the rows it stands on across the rectangle, so that no cut
/// piece of what is behind (a list cut by the frame, half a wide glyph) stands beside the
/// frame as if part of the box. Message lines are centred; the buttons sit centred on the row above
/// the bottom border, after a blank row. When the rectangle is too short, the blank row
/// goes first, then message lines from the bottom (the last shown ends in an ellipsis);
/// the buttons stay as long as there is an inside row at all.
public struct Dialog: Hashable, Sendable {
    public var title: String
    /// The message; newlines start new lines, long lines are wrapped at spaces.
    public var message: String
    public var buttons: [Button]
    /// The button Escape presses, if any (usually "No" or "Cancel").
    public var cancelIndex: Int?
    /// The widest a message line may be before it wraps (the box adds 4 columns).
    public var preferredWidth: Int
    public var boxStyle: BoxStyle
    public var style: Style

    public init(title: String, message: String, buttons: [Button], cancelIndex: Int? = nil,
                preferredWidth: Int = 40, boxStyle: BoxStyle = .double, style: Style = .plain) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.cancelIndex = cancelIndex
        self.preferredWidth = preferredWidth
        self.boxStyle = boxStyle
        self.style = style
    }

    /// Where the parts of the dialog go when it is centred in `rect`.
    public struct Layout: Hashable, Sendable {
        /// The framed box.
        public var box: Rect
        /// The message as wrapped and shown (possibly cut short).
        public var lines: [String]
        /// True when message lines were dropped for lack of room.
        public var isMessageCut: Bool
        /// The row the buttons are laid out in (empty when there are no buttons or no room).
        public var buttonRow: Rect
    }

    /// The layout of the dialog centred in `rect`.
    public func layout(in rect: Rect) -> Layout {
        let row = ButtonRow(buttons)
        let messageWidth = TextLayout.wrapped(message, toWidth: max(1, preferredWidth))
            .map(DisplayWidth.of).max() ?? 0
        let contentWanted = max(DisplayWidth.of(title) + 2, row.width, messageWidth, 1)
        let boxWidth = min(contentWanted + 4, rect.width)
        let contentWidth = max(0, boxWidth - 4)
        let allLines = message.isEmpty ? [] : TextLayout.wrapped(message, toWidth: contentWidth)
        let buttonLine = buttons.isEmpty ? 0 : 1
        var gap = buttonLine == 1 && !allLines.isEmpty ? 1 : 0
        let boxHeight = min(allLines.count + gap + buttonLine + 2, rect.height)
        let box = rect.centered(Size(width: boxWidth, height: boxHeight))
        let inside = max(0, boxHeight - 2)
        if allLines.count + gap + buttonLine > inside { gap = 0 }  // short of room: drop the blank row first
        let lineCount = max(0, min(allLines.count, inside - buttonLine - gap))
        let buttonRect = buttons.isEmpty || inside == 0
            ? Rect(x: box.x + 2, y: box.maxY - 1, width: 0, height: 0)
            : Rect(x: box.x + 2, y: box.maxY - 2, width: contentWidth, height: 1)
        return Layout(box: box, lines: Array(allLines.prefix(lineCount)),
                      isMessageCut: lineCount < allLines.count, buttonRow: buttonRect)
    }

    /// Clear the rows the box stands on across `rect` and draw the dialog centred in it.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        let parts = layout(in: rect)
        guard !parts.box.isEmpty else { return }
        // Whole rows: beside the frame only blanks, never the end of a line of what is behind.
        grid.fill(Rect(x: rect.x, y: parts.box.y, width: rect.width, height: parts.box.height))
        grid.fill(parts.box, style: style)
        Box(title: title, style: boxStyle, frameStyle: style, titleStyle: style.bolded)
            .draw(into: &grid, in: parts.box)
        let content = parts.box.insetBy(dx: 2, dy: 1)
        for (row, line) in parts.lines.enumerated() {
            var line = line
            if parts.isMessageCut && row == parts.lines.count - 1 {
                let ellipsis = Glyphs(theme: grid.theme).ellipsis
                line = TextLayout.truncated(line + ellipsis, toWidth: content.width, ascii: grid.theme.ascii)
            }
            Label(line, alignment: .center, style: style)
                .draw(into: &grid, in: Rect(x: content.x, y: content.y + row, width: content.width, height: 1))
        }
        ButtonRow(buttons).draw(into: &grid, in: parts.buttonRow)
    }

    /// The enabled button a click at `point` presses when the dialog is centred in `rect`.
    public func buttonIndex(at point: Point, in rect: Rect) -> Int? {
        ButtonRow(buttons).index(at: point, in: layout(in: rect).buttonRow)
    }

    /// The enabled button `key` presses: a hot key, Enter/Space on the focused button,
    /// or Escape for `cancelIndex`.
    public func buttonIndex(for key: Key) -> Int? {
        if key == .escape, let cancelIndex, buttons.indices.contains(cancelIndex) { return cancelIndex }
        return ButtonRow(buttons).index(for: key)
    }

    /// The focused button, if any.
    public var focusedIndex: Int? { ButtonRow(buttons).focusedIndex }

    /// Where the focused button's title starts when the dialog is centred in `rect`: the
    /// cursor's place when it follows focus.
    public func focusedButtonPoint(in rect: Rect) -> Point? {
        guard let index = focusedIndex else { return nil }
        let frames = ButtonRow(buttons).frames(in: layout(in: rect).buttonRow)
        return frames.indices.contains(index) ? Point(x: frames[index].x + 2, y: frames[index].y) : nil
    }

    /// Move focus among the enabled buttons, wrapping at the ends (see `ButtonRow.moveFocus`).
    public mutating func moveFocus(_ direction: Direction) {
        var row = ButtonRow(buttons)
        row.moveFocus(direction)
        buttons = row.buttons
    }
}
