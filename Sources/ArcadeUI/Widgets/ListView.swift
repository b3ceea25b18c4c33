/// A scrolling list of one-line rows with one selected.
///
/// The state is a plain value: `rows`, `selectedIndex`, `scrollOffset` (the first row
/// shown) and `visibleHeight` (how many rows fit, which paging uses). Every change
/// keeps the selection within the rows and on screen. Movement stops at the ends
/// (no wrap-around). A page is `visibleHeight` rows.
///
/// Drawing marks the selected row with `> ` and reverse video; when rows are hidden
/// above or below, the last column shows `▲`/`▼` (`^`/`v` in ASCII) at the top/bottom.
/// `draw` and `index(at:in:)` both scroll as if `ensureVisible(height:)` had been called
/// with the rectangle's height, so what is drawn and what a click hits always agree.
public struct ListView: Hashable, Sendable {
    /// A movement of the selection.
    public enum Movement: Hashable, Sendable, CaseIterable {
        case up, down, pageUp, pageDown, home, end

        /// The movement a key asks for: arrows, Page Up/Down, Home/End, and with
        /// `vimKeys` also `k`/`j`.
        public init?(key: Key, vimKeys: Bool = false) {
            switch key {
            case .pageUp: self = .pageUp
            case .pageDown: self = .pageDown
            case .home: self = .home
            case .end: self = .end
            default:
                switch key.direction(vimKeys: vimKeys) {
                case .up: self = .up
                case .down: self = .down
                default: return nil
                }
            }
        }
    }

    /// The rows; replacing them keeps the selection and scroll within the new rows.
    public var rows: [String] {
        didSet { ensureVisible(height: visibleHeight) }
    }
    public private(set) var selectedIndex: Int
    /// The first row shown.
    public private(set) var scrollOffset: Int
    /// Rows shown at once: set by `ensureVisible(height:)`, used for paging.
    public private(set) var visibleHeight: Int
    /// Draw `> ` before the selected row and two blanks before the others.
    public var showsMarker: Bool
    public var style: Style
    /// The style of the selected row (reverse video by default).
    public var selectedStyle: Style

    public init(rows: [String], selectedIndex: Int = 0, visibleHeight: Int = 10, showsMarker: Bool = true,
                style: Style = .plain, selectedStyle: Style = Style.reverse.bolded) {
        self.rows = rows
        self.selectedIndex = selectedIndex
        self.scrollOffset = 0
        self.visibleHeight = max(0, visibleHeight)
        self.showsMarker = showsMarker
        self.style = style
        self.selectedStyle = selectedStyle
        ensureVisible(height: self.visibleHeight)
    }

    /// The selected row's text (`nil` when the list is empty).
    public var selectedRow: String? {
        rows.indices.contains(selectedIndex) ? rows[selectedIndex] : nil
    }

    /// Select row `index` (clamped to the rows) and scroll it into view.
    public mutating func select(_ index: Int) {
        selectedIndex = index
        ensureVisible(height: visibleHeight)
    }

    /// Move the selection; it stops at the first and last rows.
    public mutating func move(_ movement: Movement) {
        let page = max(1, visibleHeight)
        switch movement {
        case .up: select(selectedIndex - 1)
        case .down: select(selectedIndex + 1)
        case .pageUp: select(selectedIndex - page)
        case .pageDown: select(selectedIndex + page)
        case .home: select(0)
        case .end: select(rows.count - 1)
        }
    }

    /// Remember that `height` rows show at once and scroll so the selection is among them.
    ///
    /// Also clamps the selection to the rows, and never leaves blank rows at the bottom
    /// while rows are hidden above.
    public mutating func ensureVisible(height: Int) {
        visibleHeight = max(0, height)
        selectedIndex = rows.isEmpty ? 0 : min(max(0, selectedIndex), rows.count - 1)
        scrollOffset = offset(forHeight: visibleHeight)
    }

    /// The first row shown in a viewport `height` rows tall, starting from `scrollOffset`.
    public func offset(forHeight height: Int) -> Int {
        guard height > 0, !rows.isEmpty else { return 0 }
        let selected = min(max(0, selectedIndex), rows.count - 1)
        var offset = scrollOffset
        if selected < offset { offset = selected }
        if selected >= offset + height { offset = selected - height + 1 }
        return min(max(0, offset), max(0, rows.count - height))
    }

    /// The rows shown in a viewport `height` rows tall.
    public func visibleRange(height: Int) -> Range<Int> {
        let start = offset(forHeight: height)
        return start..<min(rows.count, start + max(0, height))
    }

    /// The row a click at `point` lands on when the list is drawn in `rect`.
    public func index(at point: Point, in rect: Rect) -> Int? {
        guard rect.contains(point) else { return nil }
        let index = offset(forHeight: rect.height) + (point.y - rect.y)
        return rows.indices.contains(index) ? index : nil
    }

    /// Select the row a click at `point` lands on (drawn in `rect`) and return it.
    @discardableResult
    public mutating func click(at point: Point, in rect: Rect) -> Int? {
        guard let index = index(at: point, in: rect) else { return nil }
        scrollOffset = offset(forHeight: rect.height)
        selectedIndex = index
        ensureVisible(height: rect.height)
        return index
    }

    /// Draw the visible rows into `rect`, with scroll marks in its last column when needed.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let range = visibleRange(height: rect.height)
        let moreAbove = range.lowerBound > 0
        let moreBelow = range.upperBound < rows.count
        let textWidth = rect.width - (moreAbove || moreBelow ? 1 : 0)
        let glyphs = Glyphs(theme: grid.theme)
        for index in range {
            let y = rect.y + index - range.lowerBound
            let selected = index == selectedIndex
            let rowStyle = selected ? selectedStyle : style
            let rowRect = Rect(x: rect.x, y: y, width: textWidth, height: 1)
            grid.fill(rowRect, style: rowStyle)
            var text = rows[index]
            if showsMarker { text = (selected ? "> " : "  ") + text }
            let shown = TextLayout.truncated(text, toWidth: textWidth, ascii: grid.theme.ascii)
            grid.drawWidgetText(shown, at: rowRect.origin, style: rowStyle, clip: rowRect)
        }
        let column = rect.maxX - 1
        if moreAbove { grid.put(glyphs.moreAbove, at: Point(x: column, y: rect.y), style: style) }
        if moreBelow { grid.put(glyphs.moreBelow, at: Point(x: column, y: rect.maxY - 1), style: style) }
    }
}
