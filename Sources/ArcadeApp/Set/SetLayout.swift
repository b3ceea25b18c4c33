import ArcadeUI

/// Where the parts of the Set screen go: status, message, the table, buttons.
///
/// The table is laid out for as many places as it can hold — 24, or fewer on a small
/// terminal — with cards as large as that allows. The first twelve fill the rows in the
/// middle; more cards fill the rows below, then above. So a deal adds cards in empty
/// places and never moves the ones on the table; only a resize lays it out anew.
struct SetLayout {
    var area: Rect
    /// The status line (score, sets, deck, time) and the message line under it.
    var status: Rect
    var message: Rect
    /// Every place the table has room for, filled or not.
    var plan: GridLayout
    /// The places in use (the cards on the table, emptied places included).
    var places: Int
    /// The plan's row for each row of places, in the order they fill.
    var rowOrder: [Int]
    var buttons: Rect

    var columns: Int { plan.columns }
    /// True when the cards are at least the smallest readable size.
    var fitsMinimum: Bool { plan.fitsMinimum }

    /// The row and column on screen of `place`.
    private func position(of place: Int) -> (row: Int, column: Int)? {
        guard place >= 0, place < places, columns > 0, rowOrder.indices.contains(place / columns) else { return nil }
        return (rowOrder[place / columns], place % columns)
    }

    /// Where each place is on screen (for the cursor), in place order.
    var positions: [(row: Int, column: Int)?] { (0..<places).map(position(of:)) }

    /// The frame of the card in `place`.
    func cell(of place: Int) -> Rect? {
        position(of: place).flatMap { plan.cell(at: $0.row * columns + $0.column) }
    }

    /// Every place's frame, in place order.
    var cells: [Rect] { (0..<places).compactMap(cell(of:)) }

    /// The place whose card a click at `point` lands on.
    func place(at point: Point) -> Int? {
        (0..<places).first { cell(of: $0)?.contains(point) == true }
    }

    /// Column counts the table may have: each lays 12 cards out in whole rows.
    static let columnChoices = [2, 3, 4, 6, 12]
    /// The largest card drawn.
    static let maximumCard = Size(width: 22, height: 7)
    /// The widest the button row is (`[ Deal 3 More ]  [ New Game ]  [ Hint ]`), plus margins.
    static let buttonsWidth = 41

    /// The smallest card: a frame around "▲ ▲ ▲", and a row of words when colour or
    /// shading must be written out.
    static func minimumCard(theme: Theme) -> Size {
        Size(width: 9, height: !theme.hasColor || theme.ascii ? 4 : 3)
    }

    /// The screen's rows: status, message, the table, the buttons; the text and the table
    /// keep a column free at either side.
    static func rows(in size: Size) -> (status: Rect, message: Rect, table: Rect, buttons: Rect) {
        let rows = Rect(origin: Point(x: 0, y: 0), size: size)
            .rows([.fixed(statusRows), .fixed(messageRows), .flexible, .fixed(buttonRows)])
        return (rows[0].insetBy(dx: margin, dy: 0), rows[1].insetBy(dx: margin, dy: 0),
                rows[2].insetBy(dx: margin, dy: 0), rows[3])
    }

    static let statusRows = 1, messageRows = 1, buttonRows = 1
    /// Blank columns left and right of the text and the table.
    static let margin = 1

    /// The table's rectangle in a screen of `size`: under the status and message lines,
    /// above the buttons (`rows(in:)`'s third part, worked out directly: the run loop asks
    /// whether the table fits for every key read).
    static func table(in size: Size) -> Rect {
        Rect(x: margin, y: statusRows + messageRows, width: size.width - 2 * margin,
             height: size.height - statusRows - messageRows - buttonRows)
    }

    /// The grid for `capacity` places in `table`: the column count with the largest cards
    /// (ties to fewer columns), and whether they are at least `minCell`.
    static func plan(capacity: Int, in table: Rect, minCell: Size) -> GridLayout {
        let grids = columnChoices.map { grid(columns: $0, capacity: capacity, in: table, minCell: minCell) }
        func score(_ grid: GridLayout) -> (Int, Int) {
            (grid.fitsMinimum ? 1 : 0, min(grid.cellSize.width, grid.cellSize.height * 3))
        }
        return grids.dropFirst().reduce(grids[0]) { best, next in score(next) > score(best) ? next : best }
    }

    /// Whether `places` cards can be shown at `size`, in some shape, at least `minimumCard`.
    ///
    /// The best plan fits when any shape does, so the first shape that fits answers (the run
    /// loop asks for every key read).
    static func fits(_ size: Size, places: Int, theme: Theme) -> Bool {
        guard size.width >= buttonsWidth else { return false }
        let capacity = max(12, places), table = table(in: size), minCell = minimumCard(theme: theme)
        return columnChoices.contains { grid(columns: $0, capacity: capacity, in: table, minCell: minCell).fitsMinimum }
    }

    /// `capacity` places `columns` wide in `table`, cards a column apart.
    static func grid(columns: Int, capacity: Int, in table: Rect, minCell: Size) -> GridLayout {
        // Every cell of the grid counts: the row order may put a last, partly filled row anywhere.
        let rows = (capacity + columns - 1) / columns
        return GridLayout(columns: columns, rows: rows, count: columns * rows, in: table, minCell: minCell,
                          spacing: Size(width: 1, height: 0), maxCell: maximumCard)
    }

    /// The screen `places` cards need at their smallest, in the shape needing the least
    /// room: what the "too small" message asks for.
    static func minimumSize(places: Int, theme: Theme) -> Size {
        minimumSize(places: places, theme: theme, near: Size(width: 0, height: 0))
    }

    /// The smallest screen for `places` cards in the shape closest to `size` (the least
    /// to add to it, then the least area).
    static func minimumSize(places: Int, theme: Theme, near size: Size) -> Size {
        let card = minimumCard(theme: theme)
        let count = max(12, places)
        let shapes = columnChoices.map { columns -> Size in
            let rows = (count + columns - 1) / columns
            return Size(width: max(buttonsWidth, columns * card.width + (columns - 1) + 2 * margin),
                        height: rows * card.height + statusRows + messageRows + buttonRows)
        }
        func cost(_ shape: Size) -> (Int, Int) {
            (max(0, shape.width - size.width) + max(0, shape.height - size.height), shape.width * shape.height)
        }
        return shapes.dropFirst().reduce(shapes[0]) { best, next in cost(next) < cost(best) ? next : best }
    }

    init(frame: Frame, places: Int) {
        area = frame.bounds
        let minCell = Self.minimumCard(theme: frame.theme)
        let parts = Self.rows(in: frame.size)
        let table = parts.table
        status = parts.status
        message = parts.message
        buttons = parts.buttons
        // The most places that fit at the smallest card, 24 at most, and never fewer than on the table.
        let capacity = stride(from: SetScreen.maximumCards, through: max(12, places), by: -3)
            .first { Self.plan(capacity: $0, in: table, minCell: minCell).fitsMinimum } ?? max(12, places)
        plan = Self.plan(capacity: capacity, in: table, minCell: minCell)
        self.places = places
        // Twelve cards in the rows in the middle; more below, then above, alternately.
        let base = min(plan.rows, (12 + plan.columns - 1) / plan.columns)
        let first = (plan.rows - base) / 2
        var below = Array((first + base)..<plan.rows), above = Array((0..<first).reversed())
        rowOrder = Array(first..<(first + base))
        while !below.isEmpty || !above.isEmpty {
            if !below.isEmpty { rowOrder.append(below.removeFirst()) }
            if !above.isEmpty { rowOrder.append(above.removeFirst()) }
        }
    }
}
