import ArcadeUI
import SetModel

/// Where the daily puzzle's parts go: status and message lines, the twelve cards, the list
/// of sets found beside them (when the screen is wide enough), and the buttons.
struct SetDailyLayout {
    var status: Rect
    var message: Rect
    var table: GridLayout
    var list: Rect
    var buttons: Rect

    /// The list's width: "6." and three cards of up to 4 columns.
    static let listWidth = 19
    /// The narrowest table that leaves room for the list beside it.
    static let listFrom = 60
    static let maximumCard = Size(width: 30, height: 12)

    /// Where the list of sets goes.
    enum Placement { case beside, below, none }

    /// The layout in `frame` for cards drawn in `style`. The list must hold all six sets:
    /// beside the cards when the screen is wide and tall enough, else under them when it is
    /// wide enough, else it is left out (the status line still counts the sets). For the
    /// classic faces, under the cards is preferred when that gives the shapes more room (at
    /// 80×24 it does: four rows of pixels more).
    init(frame: Frame, style: SetCardStyle = .glyphs) {
        let beside = Self(frame: frame, placement: .beside)
        let below = Self(frame: frame, placement: .below)
        let valid = [beside, below].compactMap { $0 }
        guard let first = valid.first else {
            self = Self(frame: frame, placement: .none)!
            return
        }
        guard style == .classic, !frame.theme.ascii, valid.count > 1 else {
            self = first
            return
        }
        func room(_ layout: Self) -> (Int, Int) {
            let inner = Size(width: layout.table.cellSize.width - 2, height: layout.table.cellSize.height - 2)
            return (SetCardFace.fits(in: inner) ? 1 : 0, min(inner.height * 2, inner.width))
        }
        self = valid.dropFirst().reduce(first) { best, next in room(next) > room(best) ? next : best }
    }

    /// The most rows the list takes under the cards.
    static let maximumListRowsBelow = 3
    /// The columns the title takes at the left of a list under the cards ("Found 6 of 6").
    static let listTitleWidth = 14

    /// The layout with the list at `placement`; nil when the list would not hold six sets
    /// there or the cards would not fit beside it (`.none` is always laid out).
    private init?(frame: Frame, placement: Placement) {
        let size = frame.size
        let rows = SetLayout.rows(in: size)
        status = rows.status
        message = rows.message
        buttons = rows.buttons
        var tableArea = rows.table
        let sets = SetGame.dailySetCount
        switch placement {
        case .none:
            list = Rect(x: 0, y: 0, width: 0, height: 0)
            table = Self.plan(in: tableArea, theme: frame.theme)
        case .below:
            let perRow = (rows.table.width - 2 - Self.listTitleWidth) / Self.listWidth
            guard perRow > 0 else { return nil }
            let listRows = (sets + perRow - 1) / perRow
            guard listRows <= Self.maximumListRowsBelow else { return nil }
            tableArea.height -= listRows
            table = Self.plan(in: tableArea, theme: frame.theme)
            let top = table.origin.y + table.rows * table.cellSize.height
            list = Rect(x: rows.table.x + 1, y: min(top, tableArea.maxY), width: rows.table.width - 2, height: listRows)
        case .beside:
            guard size.width >= Self.listFrom, tableArea.height - 1 >= 1 + sets else { return nil }
            list = Rect(x: tableArea.maxX - Self.listWidth, y: tableArea.y + 1, width: Self.listWidth,
                        height: tableArea.height - 1)
            tableArea.width -= Self.listWidth + 1
            table = Self.plan(in: tableArea, theme: frame.theme)
            // The list beside the cards, not at the far edge: the cards and it centred as one.
            let used = table.columns * table.cellSize.width + (table.columns - 1)
            let whole = used + 2 + Self.listWidth
            let left = rows.table.x + max(0, (rows.table.width - whole) / 2)
            table = Self.plan(in: Rect(x: left, y: tableArea.y, width: used, height: tableArea.height), theme: frame.theme)
            list.x = left + used + 2
        }
        guard placement == .none || table.fitsMinimum else { return nil }
    }

    /// Twelve cards in 3, 4 or 6 columns, whichever gives the largest cards.
    static func plan(in area: Rect, theme: Theme) -> GridLayout {
        let minCell = SetLayout.minimumCard(theme: theme)
        let grids = [3, 4, 6].map { columns in
            GridLayout(columns: columns, rows: 12 / columns, count: 12, in: area, minCell: minCell,
                       spacing: Size(width: 1, height: 0), maxCell: maximumCard)
        }
        func score(_ grid: GridLayout) -> (Int, Int) {
            (grid.fitsMinimum ? 1 : 0, min(grid.cellSize.width, grid.cellSize.height * 3))
        }
        return grids.dropFirst().reduce(grids[0]) { best, next in score(next) > score(best) ? next : best }
    }

    /// The frame of the card in `place`.
    func cell(of place: Int) -> Rect? { table.cell(at: place) }

    /// Whether cards drawn in `style` show the classic faces: when they are readable at this size.
    func showsFaces(_ style: SetCardStyle, theme: Theme) -> Bool {
        style == .classic && !theme.ascii
            && SetCardFace.fits(in: Size(width: table.cellSize.width - 2, height: table.cellSize.height - 2))
    }

    /// The place a click at `point` lands on.
    func place(at point: Point) -> Int? { table.index(at: point) }

    /// Where each place is, for the cursor.
    var positions: [(row: Int, column: Int)?] {
        (0..<12).map { (row: $0 / table.columns, column: $0 % table.columns) }
    }

    /// Whether the twelve cards fit at `size` at their smallest (with or without the list:
    /// the list is left out before the cards are too small).
    static func fits(_ size: Size, theme: Theme) -> Bool {
        size.width >= minimumWidth && SetDailyLayout(frame: Frame(size: size, theme: theme)).table.fitsMinimum
    }

    /// The narrowest the daily screen is drawn (its status line's short form and the Mode button).
    static let minimumWidth = 20

    /// The smallest screen for the twelve cards, in the shape nearest `size` (without the list,
    /// which `fits` leaves out when there is no room for it).
    static func minimumSize(theme: Theme, near size: Size) -> Size {
        let card = SetLayout.minimumCard(theme: theme)
        let shapes = [3, 4, 6].map { columns in
            Size(width: max(minimumWidth, columns * card.width + (columns - 1) + 2 * SetLayout.margin),
                 height: (12 / columns) * card.height + SetLayout.statusRows + SetLayout.messageRows + SetLayout.buttonRows)
        }
        func cost(_ shape: Size) -> (Int, Int) {
            (max(0, shape.width - size.width) + max(0, shape.height - size.height), shape.width * shape.height)
        }
        return shapes.dropFirst().reduce(shapes[0]) { best, next in cost(next) < cost(best) ? next : best }
    }
}
