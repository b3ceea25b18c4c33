import ArcadeUI

/// Where the cards of a Memory board go: rows of equal cards, `columns` to a row, centred
/// in the board's area, and a last row that holds fewer cards centred under the others.
///
/// A board is balanced (`isBalanced`): every row full, or the last one short by an even
/// number of cards and holding at least half a row, so each of its cards stands under a
/// card of the rows above. Sixteen cards are 4×4, 8×2 or 6+6+4 with the four under the
/// middle four, never 6+6+4 flush left. Card `i` is always in the same place for a size.
struct MemoryBoard: Hashable {
    let count: Int
    let columns: Int
    let rows: Int
    let cellSize: Size
    /// Columns and rows between neighbouring cards.
    let spacing: Size
    /// The rectangle the board was fitted into.
    let bounds: Rect
    /// The top-left corner of the first card.
    let origin: Point
    /// True when the cards are at least the minimum size asked for.
    let fitsMinimum: Bool

    /// Whether `count` cards may be laid out `columns` to a row: every row full, or the last
    /// short by an even number and at least half full (see the type's discussion).
    static func isBalanced(count: Int, columns: Int) -> Bool {
        guard count > 0, columns > 0 else { return false }
        let last = count - (count - 1) / columns * columns
        return last == columns || ((columns - last) % 2 == 0 && 2 * last >= columns)
    }

    /// `count` cards `columns` to a row, as large as `rect` allows up to `maxCell`: the cells
    /// of a `GridLayout` of that many rows, whose last row `cell(at:)` then centres.
    init(count: Int, columns: Int, in rect: Rect, spacing: Size, minCell: Size, maxCell: Size) {
        let columns = max(1, min(columns, max(1, count)))
        let grid = GridLayout(columns: columns, rows: max(1, (max(0, count) + columns - 1) / columns), count: count,
                              in: rect, minCell: minCell, spacing: spacing, maxCell: maxCell)
        self.count = grid.count
        self.columns = grid.columns
        rows = grid.rows
        cellSize = grid.cellSize
        self.spacing = grid.spacing
        bounds = grid.bounds
        fitsMinimum = grid.fitsMinimum
        origin = grid.origin
    }

    /// An empty board: no cards, no room.
    static let empty = MemoryBoard(count: 0, columns: 1, in: Rect(x: 0, y: 0, width: 0, height: 0),
                                   spacing: Size(width: 0, height: 0), minCell: Size(width: 0, height: 0),
                                   maxCell: Size(width: 0, height: 0))

    /// The cards in row `row` (the last may hold fewer).
    func count(inRow row: Int) -> Int {
        guard row >= 0, row < rows else { return 0 }
        return min(columns, count - row * columns)
    }

    /// True when every row is full.
    var isFull: Bool { count(inRow: rows - 1) == columns }

    /// Twice the column the middle of card `index` stands in: a short row is centred, and
    /// doubled its half columns stay whole numbers.
    private func place(of index: Int) -> Int {
        let row = index / columns
        return 2 * (index % columns) + (columns - count(inRow: row))
    }

    /// The frame of card `index`, clipped to `bounds`; nil outside `0..<count`.
    func cell(at index: Int) -> Rect? {
        guard index >= 0, index < count else { return nil }
        let row = index / columns
        let cell = Rect(x: origin.x + place(of: index) * (cellSize.width + spacing.width) / 2,
                        y: origin.y + row * (cellSize.height + spacing.height),
                        width: cellSize.width, height: cellSize.height)
        let clipped = cell.intersection(bounds)
        // An empty cell (no room at all) still gets an origin inside `bounds`.
        return Rect(x: min(clipped.x, bounds.maxX), y: min(clipped.y, bounds.maxY),
                    width: clipped.width, height: clipped.height)
    }

    /// Every card's frame, in order.
    var cells: [Rect] {
        (0..<count).compactMap { cell(at: $0) }
    }

    /// The card whose frame holds `point` (not the gaps between cards).
    func index(at point: Point) -> Int? {
        (0..<count).first { cell(at: $0)?.contains(point) == true }
    }

    /// The card one step from `index` in `direction`, nil at an edge: left and right along
    /// the row; up and down to the card of the next row whose middle is nearest (the left
    /// one of two as near), so a centred row is reached from every column.
    func neighbour(of index: Int, toward direction: Direction) -> Int? {
        guard index >= 0, index < count else { return nil }
        let row = index / columns
        let (dx, dy) = direction.delta
        if dy == 0 {
            let target = index + dx
            return target >= row * columns && target < row * columns + count(inRow: row) ? target : nil
        }
        let target = row + dy
        guard target >= 0, target < rows else { return nil }
        let here = place(of: index)
        let first = target * columns
        return (first..<first + count(inRow: target)).min { abs(place(of: $0) - here) < abs(place(of: $1) - here) }
    }
}
