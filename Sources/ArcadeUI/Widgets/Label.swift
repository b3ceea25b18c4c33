/// Text in a rectangle, aligned left, centred or right, truncated when too long.
///
/// Each line of `text` (split at newlines) takes one row from the top of the rectangle;
/// lines beyond its height are not drawn. A line wider than the rectangle ends in `…`
/// (`...` in ASCII). Widths are display widths: an emoji or a CJK character takes two
/// columns. With `fillsBackground`, the whole rectangle is painted in `style` first
/// (a status bar in reverse video, say).
public struct Label: Hashable, Sendable {
    public var text: String
    public var alignment: TextAlignment
    public var style: Style
    public var fillsBackground: Bool

    public init(_ text: String, alignment: TextAlignment = .left, style: Style = .plain,
                fillsBackground: Bool = false) {
        self.text = text
        self.alignment = alignment
        self.style = style
        self.fillsBackground = fillsBackground
    }

    /// Columns the widest line takes, untruncated.
    public var width: Int {
        lines.map { DisplayWidth.of(String($0)) }.max() ?? 0
    }

    /// The text's lines. Most labels are one line, found so by their bytes: splitting every
    /// label by characters on every frame would walk grapheme clusters for nothing.
    private var lines: [Substring] {
        guard text.utf8.contains(0x0A) else { return [text[...]] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Draw the text into `rect`, clipped to it.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard !rect.isEmpty else { return }
        if fillsBackground { grid.fill(rect, style: style) }
        for (row, line) in lines.prefix(rect.height).enumerated() {
            let shown = TextLayout.truncated(String(line), toWidth: rect.width, ascii: grid.theme.ascii)
            let x = rect.x + alignment.offset(for: DisplayWidth.of(shown), in: rect.width)
            grid.drawWidgetText(shown, at: Point(x: x, y: rect.y + row), style: style, clip: rect)
        }
    }
}
