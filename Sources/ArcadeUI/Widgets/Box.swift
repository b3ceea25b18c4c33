/// A frame around a rectangle, with an optional title set into its top border.
///
/// The frame takes the outermost cells of the rectangle: `┌─ Title ───┐`. A title too
/// long for the border is truncated with an ellipsis; one that cannot show at least one
/// character (a box narrower than 7 columns) is left out. A rectangle smaller than 2×2
/// has no room for a frame, and nothing is drawn. With `fillsInterior`, the inside is
/// painted blank first, hiding whatever was beneath (what a card or a dialog wants).
public struct Box: Hashable, Sendable {
    public var title: String?
    public var boxStyle: BoxStyle
    /// The style of the frame lines.
    public var frameStyle: Style
    /// The style of the title text.
    public var titleStyle: Style
    /// Paint the inside blank (in `interiorStyle`) before drawing the frame.
    public var fillsInterior: Bool
    public var interiorStyle: Style

    public init(title: String? = nil, style: BoxStyle = .single, frameStyle: Style = .plain,
                titleStyle: Style = .bold, fillsInterior: Bool = false, interiorStyle: Style = .plain) {
        self.title = title
        self.boxStyle = style
        self.frameStyle = frameStyle
        self.titleStyle = titleStyle
        self.fillsInterior = fillsInterior
        self.interiorStyle = interiorStyle
    }

    /// The cells inside the frame of a box drawn around `rect` (empty when there are none).
    public static func inner(of rect: Rect) -> Rect {
        rect.insetBy(dx: 1, dy: 1)
    }

    /// The cells inside this box's frame when drawn around `rect`.
    public func inner(of rect: Rect) -> Rect {
        Box.inner(of: rect)
    }

    /// Draw the frame (and title) around `rect`, clipped to the grid.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width >= 2 && rect.height >= 2 else { return }
        let glyphs = Glyphs(theme: grid.theme).frame(boxStyle)
        if fillsInterior { grid.fill(Box.inner(of: rect), style: interiorStyle) }
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        grid.fill(Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1), with: glyphs.top, style: frameStyle)
        grid.fill(Rect(x: rect.x + 1, y: bottom, width: rect.width - 2, height: 1), with: glyphs.bottom, style: frameStyle)
        grid.fill(Rect(x: rect.x, y: rect.y + 1, width: 1, height: rect.height - 2), with: glyphs.left, style: frameStyle)
        grid.fill(Rect(x: right, y: rect.y + 1, width: 1, height: rect.height - 2), with: glyphs.right, style: frameStyle)
        grid.put(glyphs.topLeft, at: Point(x: rect.x, y: rect.y), style: frameStyle)
        grid.put(glyphs.topRight, at: Point(x: right, y: rect.y), style: frameStyle)
        grid.put(glyphs.bottomLeft, at: Point(x: rect.x, y: bottom), style: frameStyle)
        grid.put(glyphs.bottomRight, at: Point(x: right, y: bottom), style: frameStyle)

        // Title: corner, one line glyph, a space, the title, a space, at least one line glyph.
        guard let title, !title.isEmpty else { return }
        let room = rect.width - 6
        let shown = TextLayout.truncated(title, toWidth: room, ascii: grid.theme.ascii)
        guard !shown.isEmpty else { return }
        let titleClip = Rect(x: rect.x + 2, y: rect.y, width: rect.width - 4, height: 1)
        grid.put(" ", at: Point(x: rect.x + 2, y: rect.y), style: frameStyle)
        let used = grid.drawWidgetText(shown, at: Point(x: rect.x + 3, y: rect.y), style: titleStyle, clip: titleClip)
        grid.put(" ", at: Point(x: rect.x + 3 + used, y: rect.y), style: frameStyle, clip: titleClip)
    }

    /// Draw a horizontal divider across the box drawn around `rect`, at absolute row `y`.
    ///
    /// It joins the side edges with tees (`├───┤`). Rows outside the inside are ignored.
    public func drawDivider(into grid: inout CellGrid, in rect: Rect, atRow y: Int) {
        guard rect.width >= 2, y > rect.y, y < rect.maxY - 1 else { return }
        let glyphs = Glyphs(theme: grid.theme).frame(boxStyle)
        grid.put(glyphs.leftTee, at: Point(x: rect.x, y: y), style: frameStyle)
        for x in (rect.x + 1)..<(rect.maxX - 1) {
            grid.put(glyphs.divider, at: Point(x: x, y: y), style: frameStyle)
        }
        grid.put(glyphs.rightTee, at: Point(x: rect.maxX - 1, y: y), style: frameStyle)
    }
}
