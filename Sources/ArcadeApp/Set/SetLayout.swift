import ArcadeUI

/// Where the parts of the Set screen go: status, message, the table, buttons.
///
/// The table is laid out one of two ways, and a deal never moves a card on the table to
/// another row or column:
/// - **For all 24 places** (an everyday screen, such as 80×24): as many places as fit at
///   the smallest card, 24 at most, with cards as large as that allows. The first twelve
///   fill the rows in the middle; more cards fill the rows below, then above, so a deal
///   adds cards in empty places and moves none.
/// - **For the cards on the table** (a large screen): the columns twelve cards fill best,
///   and as many rows as the cards need, from the top. A deal that needs a new row adds it
///   and the cards shrink to make room, each keeping its row and column; the screen's
///   space is used, with no empty rows above and below twelve cards. Glyphs are laid out
///   so when 24 cards in those columns would still be `comfortableCard` or larger.
///
/// The classic faces use the second way whenever the cards on the table are then large
/// enough for faces that read (`classicCard`); when they are not, the table is laid out,
/// and drawn, as for glyphs. A resize may lay the table out anew. Cards grow to fill the
/// table, between square and twice as wide as tall on screen.
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
    /// Whether the cards show their classic faces (the classic style, at a size they read).
    var showsFaces: Bool

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
    /// The glyph card a table laid out for its cards must still give with 24 on it: the card
    /// of a full table at 80×24 (three glyphs with room around them, a blank row above and
    /// below).
    static let comfortableCard = Size(width: 12, height: 5)
    /// The smallest card whose classic faces read: a frame around three of the smallest shapes.
    static let classicCard = Size(width: SetCardFace.minimumInner.width + 2, height: SetCardFace.minimumInner.height + 2)
    /// The widest the button row is (`[ Deal 3 More ]  [ New Game ]  [ Hint ]`), plus margins.
    static let buttonsWidth = 41

    /// The smallest card: a frame around "▲ ▲ ▲", and a row of words when colour or
    /// shading must be written out.
    static func minimumCard(theme: Theme) -> Size {
        Size(width: 9, height: theme.namesColors || theme.ascii ? 4 : 3)
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

    /// `capacity` places `columns` wide in `table`, cards a column apart, as large as fit,
    /// and between square and twice as wide as tall on screen (a cell is about twice as
    /// tall as wide: between 2 and 4 columns per row).
    static func grid(columns: Int, capacity: Int, in table: Rect, minCell: Size) -> GridLayout {
        // Every cell of the grid counts: the row order may put a last, partly filled row anywhere.
        let rows = (capacity + columns - 1) / columns
        let room = Size(width: (table.width - (columns - 1)) / columns, height: table.height / rows)
        let largest = Size(width: min(room.width, 4 * room.height), height: min(room.height, room.width / 2))
        return GridLayout(columns: columns, rows: rows, count: columns * rows, in: table, minCell: minCell,
                          spacing: Size(width: 1, height: 0), maxCell: largest)
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

    /// The layout of `places` cards drawn in `style` in `frame`.
    init(frame: Frame, places: Int, style: SetCardStyle = .glyphs) {
        area = frame.bounds
        let parts = Self.rows(in: frame.size)
        let table = parts.table
        status = parts.status
        message = parts.message
        buttons = parts.buttons
        self.places = places
        let needed = max(12, places)
        let classic = style == .classic && !frame.theme.ascii
        let faces = classic ? Self.growing(capacity: needed, in: table, card: Self.classicCard) : nil
        showsFaces = faces != nil
        // Classic cards too many for faces keep the columns the faces had, with glyphs inside,
        // so no card leaves its row or column on a deal.
        let keptColumns = classic && faces == nil ? Self.classicColumnsWithGlyphs(capacity: needed, in: table, theme: frame.theme) : nil
        if let growing = faces ?? keptColumns
            ?? Self.growing(capacity: needed, in: table, card: Self.comfortableCard,
                            provided: max(SetTable.maximumCards, needed)) {
            plan = growing
            rowOrder = Array(0..<growing.rows)
            return
        }
        // The most places that fit at the smallest card, 24 at most, and never fewer than on the table.
        let minCell = Self.minimumCard(theme: frame.theme)
        let capacity = stride(from: max(SetTable.maximumCards, needed), through: needed, by: -3)
            .first { Self.plan(capacity: $0, in: table, minCell: minCell).fitsMinimum } ?? needed
        plan = Self.plan(capacity: capacity, in: table, minCell: minCell)
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

    /// `capacity` cards in the columns twelve classic faces take, at least the glyphs' smallest
    /// card; nil when twelve faces have no room or the glyphs would not fit.
    static func classicColumnsWithGlyphs(capacity: Int, in table: Rect, theme: Theme) -> GridLayout? {
        let twelve = plan(capacity: 12, in: table, minCell: classicCard)
        guard twelve.fitsMinimum else { return nil }
        let grid = grid(columns: twelve.columns, capacity: capacity, in: table, minCell: minimumCard(theme: theme))
        return grid.fitsMinimum ? grid : nil
    }

    /// The table laid out for `capacity` cards in the columns twelve fill best with cards at
    /// least `card`, when its cards are at least `card` — and, given `provided`, would still
    /// be with that many cards in the same columns. Nil when they would not.
    static func growing(capacity: Int, in table: Rect, card: Size, provided: Int? = nil) -> GridLayout? {
        let twelve = plan(capacity: 12, in: table, minCell: card)
        guard twelve.fitsMinimum else { return nil }
        if let provided, !grid(columns: twelve.columns, capacity: provided, in: table, minCell: card).fitsMinimum {
            return nil
        }
        let grid = grid(columns: twelve.columns, capacity: capacity, in: table, minCell: card)
        return grid.fitsMinimum ? grid : nil
    }
}
