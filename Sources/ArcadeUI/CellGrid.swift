/// One terminal cell: a code point, its display width and its style.
///
/// A wide glyph (width 2) occupies its own cell and a `continuation` cell to its
/// right, so every row always holds exactly `width` cells.
public struct Cell: Hashable, Sendable {
    public var scalar: Unicode.Scalar
    /// 1 for ordinary glyphs, 2 for wide ones, 0 for the right half of a wide glyph.
    public var width: UInt8
    public var style: Style
    /// The three bytes the other fields leave of a cell's 16, always zero.
    ///
    /// Without them they are padding, which a store into an array leaves as the memory held
    /// before (another frame's bytes): equal rows then differed byte for byte, and the
    /// terminal, which passes over a row whose bytes are the bytes shown
    /// (`NcursesTerminal.present`), compared most rows of an unchanged screen cell by cell.
    private var zero: (UInt8, UInt8, UInt8) = (0, 0, 0)

    public init(_ scalar: Unicode.Scalar, width: UInt8 = 1, style: Style = .plain) {
        self.scalar = scalar
        self.width = width
        self.style = style
    }

    // Inlinable for the same reason as `Color`'s.
    @inlinable
    public static func == (left: Cell, right: Cell) -> Bool {
        left.scalar == right.scalar && left.width == right.width && left.style == right.style
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scalar)
        hasher.combine(width)
        hasher.combine(style)
    }

    /// An empty cell in the terminal's default colours.
    public static let blank = Cell(" ")

    /// True for the right half of a wide glyph.
    public var isContinuation: Bool { width == 0 }
}

/// A screen-sized, row-major buffer of cells that every screen draws into.
///
/// Drawing clips at the edges: text past the right edge is dropped, and a wide
/// glyph that would cross the edge (or a clip rectangle) becomes a space.
public struct CellGrid: Sendable, Equatable {
    public let size: Size
    public var theme: Theme
    public private(set) var cells: [Cell]

    /// The most cells a grid holds across and down: the arcade lays out and draws for at most
    /// this size, and leaves the rest of a larger terminal blank.
    ///
    /// Every screen fits well inside it, with room to spare for the largest window a player
    /// may open on a large display. Without a bound, a terminal that reports an absurd size
    /// would cost memory in proportion to it before the first frame.
    public static let largestSize = Size(width: 1000, height: 500)

    /// A blank grid of `size`, clamped to at least 0 × 0 and at most `largestSize`.
    public init(size: Size, theme: Theme = Theme()) {
        self.size = Size(width: min(max(0, size.width), Self.largestSize.width),
                         height: min(max(0, size.height), Self.largestSize.height))
        self.theme = theme
        cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    /// The whole grid as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// The cell at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * size.width + x]
    }

    /// Clear every cell.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    /// Paint `rect` (clipped to the grid) with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        fill(rect, with: Cell(" ", style: style))
    }

    /// Paint `rect` (clipped to the grid) with copies of a one-column `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        assert(cell.width == 1, "fill takes a one-column cell")
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            // Only the ends can cut a wide glyph the row held; the cells between are replaced
            // whole, as placing them one by one would replace them.
            place(cell, x: area.x, y: y)
            place(cell, x: area.maxX - 1, y: y)
            let start = y * size.width
            if area.width > 2 {
                cells.replaceSubrange(start + area.x + 1 ..< start + area.maxX - 1,
                                      with: repeatElement(cell, count: area.width - 2))
            }
        }
    }

    /// Paint `rect` (clipped to the grid) with `scalar` in `style`, each cell as `put` would
    /// draw it there: a row of a frame's edge in one pass.
    public mutating func fill(_ rect: Rect, with scalar: Unicode.Scalar, style: Style) {
        let glyph = drawable(scalar)
        guard DisplayWidth.of(glyph) == 1 else {
            // Wide or zero-width: `put` decides each cell (a half glyph at the edge, say).
            let area = rect.intersection(bounds)
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX { put(scalar, at: Point(x: x, y: y), style: style) }
            }
            return
        }
        fill(rect, with: Cell(glyph, style: style))
    }

    /// Draw one code point at `point` in `style`, clipped to `clip` (default: the grid).
    ///
    /// Returns the number of columns the glyph took (0 when it fell outside).
    @discardableResult
    public mutating func put(_ scalar: Unicode.Scalar, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard area.contains(point) else { return 0 }
        var glyph = drawable(scalar)
        var width = DisplayWidth.of(glyph)
        if width == 0 { glyph = " "; width = 1 }  // a lone combining mark has nothing to sit on
        if width == 2 && point.x + 1 >= area.maxX {
            place(Cell(" ", style: style), x: point.x, y: point.y)
            return 1
        }
        place(Cell(glyph, width: UInt8(width), style: style), x: point.x, y: point.y)
        if width == 2 {
            place(Cell(" ", width: 0, style: style), x: point.x + 1, y: point.y)
        }
        return width
    }

    /// What `scalar` is drawn as: a control character as `?`, and in an ASCII theme a
    /// look-alike of anything beyond ASCII.
    private func drawable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return "?" }
        return theme.ascii && !scalar.isASCII ? Self.asciiLookalike(scalar) : scalar
    }

    /// Draw `text` from `point` rightwards in `style`, clipped to `clip` (default: the grid).
    ///
    /// Returns the number of columns written. Newlines are not interpreted.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        if let columns = writeASCII(text, at: point, style: style, clip: clip) { return columns }
        let area = (clip ?? bounds).intersection(bounds)
        var x = point.x
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                // Printable ASCII in text that also has other characters (text of ASCII alone
                // went to writeASCII): one column, drawn as it is, as `put` would draw it,
                // without working the clip and the width out again.
                if area.contains(Point(x: x, y: point.y)) { place(Cell(scalar, style: style), x: x, y: point.y) }
                x += 1
                continue
            }
            let width = DisplayWidth.of(scalar)
            if width == 0 { continue }  // combining marks and joiners are dropped
            let used = put(scalar, at: Point(x: x, y: point.y), style: style, clip: clip)
            x += used == 0 ? width : used
        }
        return x - point.x
    }

    /// A byte of printable ASCII: a character of one column, drawn as it is.
    static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// `write` for text of printable ASCII only (most text): its cells stored as one run, as
    /// `write` would place them one by one. Nil, with nothing drawn, for any other text.
    ///
    /// Placed one by one, the cells of a run never disturb one another: only its two ends
    /// can cut a wide glyph the row held, so they alone are placed with `place`. Most text
    /// drawn is ASCII, and placing it cell by cell would be a large part of a key's work.
    mutating func writeASCII(_ text: String, at point: Point, style: Style, clip: Rect?) -> Int? {
        let written = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes.allSatisfy(Self.isPrintableASCII) else { return nil }
            let area = (clip ?? bounds).intersection(bounds)
            let from = max(point.x, area.x), to = min(point.x + bytes.count, area.maxX)
            guard point.y >= area.y, point.y < area.maxY, from < to else { return bytes.count }
            let y = point.y, row = y * size.width
            var cell = Cell(" ", style: style)
            cell.scalar = Unicode.Scalar(bytes[from - point.x])
            place(cell, x: from, y: y)
            if to - from > 1 {
                cell.scalar = Unicode.Scalar(bytes[to - 1 - point.x])
                place(cell, x: to - 1, y: y)
            }
            if to - from > 2 {
                cells.withUnsafeMutableBufferPointer { stored in
                    for x in from + 1 ..< to - 1 {
                        cell.scalar = Unicode.Scalar(bytes[x - point.x])
                        stored[row + x] = cell
                    }
                }
            }
            return bytes.count
        }
        return written ?? nil
    }

    /// Change only the style of the cells in `rect`, keeping their glyphs.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { change(&cells[y * size.width + x].style) }
        }
    }

    /// Let `body` draw into the top `rows` rows as into a grid of their own (a screen above the key line).
    ///
    /// The rows end as drawing into a cleared grid of that size and copying it here (`draw`
    /// at the origin) leaves them, when they arrive cleared, as a frame's do. But no grid is
    /// made or copied: those rows lead this grid's storage, which `body` is lent; the rows
    /// below are set aside meanwhile and put back as they were.
    public mutating func drawTopRows(_ rows: Int, _ body: (inout CellGrid) -> Void) {
        let height = min(max(0, rows), size.height), count = height * size.width
        var top = CellGrid(size: Size(width: size.width, height: height), theme: theme, cells: [])
        swap(&top.cells, &cells)  // moved, not copied: `top` holds the only reference
        let below = Array(top.cells[count...])
        top.cells.removeSubrange(count...)  // the buffer keeps its capacity for the rows put back
        body(&top)
        assert(top.size.width == size.width && top.cells.count == count, "the rows lent are given back, of their size")
        swap(&cells, &top.cells)
        cells.append(contentsOf: below)
    }

    private init(size: Size, theme: Theme, cells: [Cell]) {
        self.size = size
        self.theme = theme
        self.cells = cells
    }

    /// Copy every cell of `other` into this grid with its top left at `origin`, clipped to
    /// `clip` (default: the grid). A wide glyph cut by the edge becomes a space, as with `put`.
    public mutating func draw(_ other: CellGrid, at origin: Point, clip: Rect? = nil) {
        if clip == nil && origin.x == 0 && other.size.width == size.width {
            // Whole rows (a screen drawn into the grid of the frame): copied as they are, as
            // the cell-by-cell copy below would, since no glyph of a grid crosses its edges.
            let top = max(0, origin.y)
            let bottom = min(size.height, origin.y + other.size.height)
            guard top < bottom else { return }  // wholly above or below: nothing to copy
            let rows = top..<bottom
            let width = size.width
            cells.replaceSubrange(rows.lowerBound * width ..< rows.upperBound * width,
                                  with: other.cells[(rows.lowerBound - origin.y) * width ..< (rows.upperBound - origin.y) * width])
            return
        }
        let area = (clip ?? bounds).intersection(bounds)
        let left = max(area.x, origin.x), right = min(area.maxX, origin.x + other.size.width)
        let top = max(area.y, origin.y), bottom = min(area.maxY, origin.y + other.size.height)
        guard left < right && top < bottom else { return }  // wholly outside the clip
        for y in top..<bottom {
            let row = y * size.width, from = (y - origin.y) * other.size.width - origin.x
            // The glyphs the row held are cut only at the ends: a wide one whose right half is
            // at `left`, or whose left half is at `right - 1`, loses its other half.
            if cells[row + left].isContinuation && left > 0 {
                cells[row + left - 1] = Cell(" ", style: cells[row + left - 1].style)
            }
            let lastWasWide = cells[row + right - 1].width == 2
            cells.replaceSubrange(row + left ..< row + right, with: other.cells[from + left ..< from + right])
            // So are the glyphs drawn: a wide one cut by the clip's right edge, or the right
            // half of one cut by its left edge, would leave half a character: a space instead.
            if cells[row + right - 1].width == 2 && right >= area.maxX {
                cells[row + right - 1] = Cell(" ", style: cells[row + right - 1].style)
            }
            if cells[row + left].isContinuation && left == area.x {
                cells[row + left] = Cell(" ", style: cells[row + left].style)
            }
            if lastWasWide && right < size.width && cells[row + right - 1].width != 2 {
                cells[row + right] = Cell(" ", style: cells[row + right].style)
            }
        }
    }

    /// The grid as text, one line per row, trailing spaces removed: what a snapshot compares.
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(size.height)
        for y in 0..<size.height {
            var line = String.UnicodeScalarView()
            for x in 0..<size.width {
                let cell = self[x, y]
                if !cell.isContinuation { line.append(cell.scalar) }
            }
            var row = String(line)
            while row.last == " " { row.removeLast() }
            lines.append(row)
        }
        return lines.joined(separator: "\n")
    }

    /// The ASCII character that stands in for `scalar` under `--ascii`, one column for one
    /// (so text keeps its measured width): dashes, quotes, arrows, frames; `?` otherwise.
    public static func asciiLookalike(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "—", "–", "−", "‐", "─", "═", "·": return "-"
        case "…": return "."
        case "‘", "’", "′": return "'"
        case "“", "”", "″": return "\""
        case "×": return "x"
        case "•", "★", "☆", "◆", "◇": return "*"
        case "│", "║": return "|"
        case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼", "╔", "╗", "╚", "╝", "╭", "╮", "╯", "╰": return "+"
        case "↑", "▲": return "^"
        case "↓", "▼": return "v"
        case "←", "◀": return "<"
        case "→", "▶": return ">"
        case "✓": return "+"
        case "✗": return "x"
        default: return "?"
        }
    }

    /// Store `cell` at (x, y), blanking the other half of any wide glyph it overwrites.
    private mutating func place(_ cell: Cell, x: Int, y: Int) {
        let index = y * size.width + x
        let old = cells[index]
        if old.width == 2 && x + 1 < size.width && cell.width != 2 {
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        }
        if old.isContinuation && x > 0 && !cell.isContinuation {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        }
        cells[index] = cell
    }
}
