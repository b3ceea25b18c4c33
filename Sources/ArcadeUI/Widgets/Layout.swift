/// How much of a row or column split one part takes.
///
/// `fixed` parts get their size first (in order, as long as there is room); the rest is
/// shared among `weight` parts in proportion to their weights.
public enum LayoutSize: Hashable, Sendable {
    /// Exactly this many cells (fewer if the rectangle runs out).
    case fixed(Int)
    /// A share of what the fixed parts leave, proportional to the weight.
    case weight(Int)

    /// A share of weight 1.
    public static let flexible = LayoutSize.weight(1)
}

extension Rect {
    /// `self` cut into rows, top to bottom, sized as `sizes` says, `spacing` rows apart.
    ///
    /// With at least one positive weight the rows (plus spacing) fill `self` exactly;
    /// with only fixed sizes the leftover rows at the bottom stay unused. Every row lies
    /// inside `self`; parts that find no room are empty.
    public func rows(_ sizes: [LayoutSize], spacing: Int = 0) -> [Rect] {
        var position = y
        return Rect.split(height, into: sizes, spacing: spacing).map { length in
            defer { position += length + max(0, spacing) }
            return Rect(x: x, y: position, width: width, height: length).intersection(self)
        }
    }

    /// `self` cut into columns, left to right, sized as `sizes` says, `spacing` columns apart.
    ///
    /// The same rules as `rows(_:spacing:)`, across instead of down: the columns are the
    /// rows of the transposed rectangle.
    public func columns(_ sizes: [LayoutSize], spacing: Int = 0) -> [Rect] {
        transposed.rows(sizes, spacing: spacing).map(\.transposed)
    }

    /// `self` with x and y, width and height swapped.
    var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }

    /// Lengths for `sizes` that, with the gaps, add up to at most `total`.
    private static func split(_ total: Int, into sizes: [LayoutSize], spacing: Int) -> [Int] {
        guard !sizes.isEmpty else { return [] }
        var remaining = max(0, total - max(0, spacing) * (sizes.count - 1))
        var lengths = sizes.map { size -> Int in
            guard case .fixed(let wanted) = size else { return 0 }
            let length = min(max(0, wanted), remaining)
            remaining -= length
            return length
        }
        let weights = sizes.map { size -> Int in
            if case .weight(let weight) = size { return max(0, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0 else { return lengths }
        var handedOut = 0
        for index in sizes.indices where weights[index] > 0 {
            lengths[index] = remaining * weights[index] / totalWeight
            handedOut += lengths[index]
        }
        // Rounding leaves a few cells: one each to the weighted parts, first to last.
        var leftover = remaining - handedOut
        for index in sizes.indices where weights[index] > 0 && leftover > 0 {
            lengths[index] += 1
            leftover -= 1
        }
        return lengths
    }
}

/// A grid of equal cells for `count` items, with as large cells as fit in a rectangle.
///
/// `GridLayout(fitting:in:minCell:)` tries every column count and keeps the one whose
/// cells hold the largest shape of the wanted aspect (`aspect` columns per row, by
/// default the aspect of `minCell`), among those whose cells are at least `minCell`. Ties
/// go to fewer empty slots, then to more columns. Cells grow to fill the rectangle, up to
/// `maxCell` when given; the grid is centred in the rectangle. When even the best layout
/// has cells smaller than `minCell`, it is still returned, with `fitsMinimum` false, so
/// the caller can say the terminal is too small. No cell ever lies outside the rectangle.
public struct GridLayout: Hashable, Sendable {
    public var count: Int
    public var columns: Int
    public var rows: Int
    public var cellSize: Size
    /// Columns and rows between neighbouring cells.
    public var spacing: Size
    /// The rectangle the grid was fitted into.
    public var bounds: Rect
    /// The top-left corner of the first cell (the grid is centred in `bounds`).
    public var origin: Point
    /// True when cells are at least the minimum size asked for.
    public var fitsMinimum: Bool

    public init(fitting count: Int, in rect: Rect, minCell: Size, spacing: Size = Size(width: 0, height: 0),
                maxCell: Size? = nil, aspect: Double? = nil) {
        let gap = Size(width: max(0, spacing.width), height: max(0, spacing.height))
        let ratio: Double = aspect.map { $0 > 0 ? $0 : 1 }
            ?? (minCell.width > 0 && minCell.height > 0 ? Double(minCell.width) / Double(minCell.height) : 2)
        var best: (columns: Int, rows: Int, cell: Size, fits: Bool, score: Double, empty: Int)?
        for columns in stride(from: 1, through: max(0, count), by: 1) {
            let rows = (count + columns - 1) / columns
            var cell = Size(width: max(0, (rect.width - gap.width * (columns - 1)) / columns),
                            height: max(0, (rect.height - gap.height * (rows - 1)) / rows))
            if let maxCell {
                cell = Size(width: min(cell.width, max(0, maxCell.width)),
                            height: min(cell.height, max(0, maxCell.height)))
            }
            let fits = cell.covers(minCell)
            let score = min(Double(cell.width), Double(cell.height) * ratio)
            let empty = columns * rows - count
            // Compared in order: fits the minimum, larger shape, fewer empty slots, more columns
            // (later candidates have more columns, so they win an otherwise equal comparison).
            if let current = best {
                let key = (fits ? 1 : 0, score, -empty)
                let currentKey = (current.fits ? 1 : 0, current.score, -current.empty)
                if key < currentKey { continue }
            }
            best = (columns, rows, cell, fits, score, empty)
        }
        self.count = max(0, count)
        self.spacing = gap
        self.bounds = rect
        if let best {
            columns = best.columns
            rows = best.rows
            cellSize = best.cell
            fitsMinimum = best.fits
        } else {
            columns = 0
            rows = 0
            cellSize = Size(width: 0, height: 0)
            fitsMinimum = true
        }
        let usedWidth = columns * cellSize.width + max(0, columns - 1) * gap.width
        let usedHeight = rows * cellSize.height + max(0, rows - 1) * gap.height
        origin = Point(x: rect.x + max(0, (rect.width - usedWidth) / 2),
                       y: rect.y + max(0, (rect.height - usedHeight) / 2))
    }

    /// A grid of exactly `columns` × `rows` cells for `count` items, with the largest cells
    /// that fit `rect` (up to `maxCell`), centred in it; `fitsMinimum` says whether they
    /// are at least `minCell`. For layouts that keep their places as items are added:
    /// item `i` sits in the same cell whatever `count` is.
    public init(columns: Int, rows: Int, count: Int, in rect: Rect, minCell: Size,
                spacing: Size = Size(width: 0, height: 0), maxCell: Size? = nil) {
        let gap = Size(width: max(0, spacing.width), height: max(0, spacing.height))
        let columns = max(1, columns), rows = max(1, rows)
        var cell = Size(width: max(0, (rect.width - gap.width * (columns - 1)) / columns),
                        height: max(0, (rect.height - gap.height * (rows - 1)) / rows))
        if let maxCell {
            cell = Size(width: min(cell.width, max(0, maxCell.width)), height: min(cell.height, max(0, maxCell.height)))
        }
        self.count = max(0, count)
        self.columns = columns
        self.rows = rows
        cellSize = cell
        self.spacing = gap
        bounds = rect
        fitsMinimum = cell.covers(minCell)
        let usedWidth = columns * cell.width + (columns - 1) * gap.width
        let usedHeight = rows * cell.height + (rows - 1) * gap.height
        origin = Point(x: rect.x + max(0, (rect.width - usedWidth) / 2),
                       y: rect.y + max(0, (rect.height - usedHeight) / 2))
    }

    /// The cell of item `index` (row by row), clipped to `bounds`; `nil` outside `0..<count`.
    public func cell(at index: Int) -> Rect? {
        guard index >= 0, index < count, columns > 0 else { return nil }
        let column = index % columns, row = index / columns
        let cell = Rect(x: origin.x + column * (cellSize.width + spacing.width),
                        y: origin.y + row * (cellSize.height + spacing.height),
                        width: cellSize.width, height: cellSize.height)
        let clipped = cell.intersection(bounds)
        // An empty cell (no room at all) still gets an origin inside `bounds`.
        return Rect(x: min(clipped.x, bounds.maxX), y: min(clipped.y, bounds.maxY),
                    width: clipped.width, height: clipped.height)
    }

    /// Every item's cell, in order.
    public var cells: [Rect] {
        (0..<count).compactMap { cell(at: $0) }
    }

    /// The item whose cell holds `point` (not the gaps between cells).
    public func index(at point: Point) -> Int? {
        (0..<count).first { cell(at: $0)?.contains(point) == true }
    }
}
