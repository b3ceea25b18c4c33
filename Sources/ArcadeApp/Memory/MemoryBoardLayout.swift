import ArcadeUI
import MemoryModel

/// Where the parts of a game go for a size: the status line, the board and the note line.
///
/// The board is a `MemoryBoard` of the largest cards that fit, recomputed for every size;
/// the card of index `i` is always cell `i`, so cards never move while the size stays.
/// Full rows are preferred; a shorter last row, centred, only when it makes the cards
/// clearly larger (`balancedShare`). Temple cards grow with the room there is, up to
/// `largestPictureCard`; emoji cards, whose symbol does not grow, up to `largestCard`.
struct MemoryBoardLayout {
    /// The smallest card: a frame around one row of two columns (an emoji).
    static let smallestCard = Size(width: 4, height: 3)
    /// The largest card drawn, however big the terminal.
    static let largestCard = Size(width: 12, height: 7)
    /// The largest temple card: a picture gains from room that an emoji does not use.
    static let largestPictureCard = Size(width: 34, height: 17)
    /// Columns per row of the card shape preferred when sizes compete (a little taller than square).
    static let cardAspect = 1.2
    /// The shape of the face preferred for the Temples set, in columns per row: a picture a
    /// little wider than high (most temples are 6 pixels wide to 5 high) at two pixels a row.
    static let pictureAspect = 2.4
    /// Gaps between cards, widest first: the widest whose cards are nearly the largest wins.
    static let spacings = [Size(width: 2, height: 1), Size(width: 1, height: 1), Size(width: 1, height: 0)]
    /// How large a board with every row full may be, against the largest board, and still
    /// be chosen before it: a grid reads more easily than one with a short last row.
    static let balancedShare = 0.9
    /// How large emoji cards with a wider gap may be, against the largest, and still be
    /// chosen. Pictures take no gap that makes them smaller.
    static let spacedShare = 0.85

    var status: Rect
    var note: Rect
    var board: MemoryBoard

    /// Blank columns left and right of the board and the note (the status runs to the right edge).
    static let margin = 1

    /// The cards' shape preferred when sizes compete, in columns per row.
    let aspect: Double

    /// The board of `cardCount` cards for a game area of `size`, its cards near `aspect`
    /// (columns per row: `cardAspect` for emoji, `pictureAspect` for temples).
    init(size: Size, cardCount: Int, aspect: Double = Self.cardAspect) {
        self.aspect = aspect
        // The note line only when there is a row for the board too.
        let parts = Rect(x: Self.margin, y: 0, width: size.width - 2 * Self.margin, height: size.height)
            .rows([.fixed(1), .flexible, .fixed(size.height >= 3 ? 1 : 0)])
        status = Rect(x: parts[0].x, y: parts[0].y, width: parts[0].width + Self.margin, height: parts[0].height)
        note = parts[2]
        board = Self.board(of: cardCount, in: parts[1], aspect: aspect)
    }

    /// The board chosen for `count` cards in `area`: of the boards whose cards fit, those
    /// with every row full when one of them is nearly as large as the largest; among them
    /// the widest gap whose cards are nearly as large (for emoji; as large, for pictures),
    /// then the largest cards, then the board that fills the area most evenly.
    private static func board(of count: Int, in area: Rect, aspect: Double) -> MemoryBoard {
        guard count > 0 else { return .empty }
        let forPictures = aspect == pictureAspect
        let maxCell = forPictures ? largestPictureCard : largestCard
        let all = spacings.flatMap { spacing in
            (1...count).filter { MemoryBoard.isBalanced(count: count, columns: $0) }.map { columns in
                MemoryBoard(count: count, columns: columns, in: area, spacing: spacing, minCell: smallestCard,
                            maxCell: maxCell)
            }
        }
        let score = { (board: MemoryBoard) in cardScore(board, aspect: aspect, face: forPictures) }
        let fitting = all.filter(\.fitsMinimum)
        guard let largest = fitting.map(score).max() else {
            return all.max { score($0) < score($1) } ?? .empty
        }
        let full = fitting.filter(\.isFull)
        let pool = (full.map(score).max() ?? 0) >= balancedShare * largest ? full : fitting
        let poolLargest = pool.map(score).max() ?? largest
        let share = forPictures ? 1 : spacedShare
        let spacing = spacings.first { spacing in
            pool.contains { $0.spacing == spacing && score($0) >= share * poolLargest }
        }
        let chosen = pool.filter { $0.spacing == spacing }
        return chosen.max { (score($0), evenness($0)) < (score($1), evenness($1)) } ?? pool[0]
    }

    /// How large a board's cards are, for comparing boards: the size of the preferred shape
    /// their inside (`face`, for pictures: the frame's cells hold none) or their whole frame holds.
    private static func cardScore(_ board: MemoryBoard, aspect: Double, face: Bool) -> Double {
        let inset = face ? 2 : 0
        return min(Double(board.cellSize.width - inset), Double(board.cellSize.height - inset) * aspect)
    }

    /// The smaller of the shares of the area's width and height the board covers: among
    /// boards of cards the same size, the one closest to the area's shape.
    private static func evenness(_ board: MemoryBoard) -> Double {
        let width = board.columns * board.cellSize.width + (board.columns - 1) * board.spacing.width
        let height = board.rows * board.cellSize.height + (board.rows - 1) * board.spacing.height
        guard board.bounds.width > 0, board.bounds.height > 0 else { return 0 }
        return min(Double(width) / Double(board.bounds.width), Double(height) / Double(board.bounds.height))
    }

    /// The frame of card `index` (board order).
    func card(at index: Int) -> Rect? {
        board.cell(at: index)
    }

    /// The card whose frame holds `point`, if any.
    func cardIndex(at point: Point) -> Int? {
        board.index(at: point)
    }

    // MARK: - Temple cards

    /// The least room, in cells, a temple's picture is drawn in: on a smaller card it could
    /// not be told from another, so the card shows the temple's name instead.
    static let smallestPicture = Size(width: 6, height: 3)

    /// Whether a terminal of `theme` shows pictures: in colour, and not limited to ASCII
    /// (shades of grey on a card this small tell no temple from another).
    static func showsPictures(in theme: Theme) -> Bool {
        theme.hasColor && !theme.ascii
    }

    /// Where a face-up temple card of frame `card` draws its picture or name: all of the
    /// inside (the bonus bar takes the card's bottom edge).
    static func templeFace(of card: Rect) -> Rect {
        Box.inner(of: card)
    }

    /// The pixel height `picture` is drawn at on a card of frame `card` (as large as the
    /// inside allows, its proportions kept), or nil when the card is too small for it.
    static func picturePixelHeight(_ picture: RGBAImage, onCard card: Rect) -> Int? {
        let face = templeFace(of: card)
        guard face.width >= smallestPicture.width, face.height >= smallestPicture.height else { return nil }
        let height = PictureCells.fittedHeight(width: picture.width, height: picture.height, rows: face.height,
                                               maxWidth: face.width)
        // Three rows, the last one half filled, is still a picture (Mesa's, the widest, on a 9×4 card).
        return height >= smallestPicture.height * 2 - 1 ? height : nil
    }

    /// A temple's name as lines `width` wide, at most `rows`: the whole name wrapped at
    /// spaces when every word fits, else without its last word "Temple" (every card of the
    /// set is one), its words too long for a line cut with "…", and past the last line
    /// its start ending in "…".
    static func nameLines(_ name: String, width: Int, rows: Int, ascii: Bool) -> [String] {
        guard width > 0, rows > 0 else { return [] }
        let suffix = " Temple"
        let short = name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : name
        for candidate in [name, short] {
            let words = candidate.split(separator: " ")
            guard words.allSatisfy({ DisplayWidth.of(String($0)) <= width }) else { continue }
            let lines = TextLayout.wrapped(candidate, toWidth: width)
            if lines.count <= rows { return lines }
        }
        let cut = short.split(separator: " ")
            .map { TextLayout.truncated(String($0), toWidth: width, ascii: ascii) }
            .joined(separator: " ")
        return PictureLabel.lines(cut, width: width, maxLines: rows, ascii: ascii)
    }
}

/// Where the parts of the choice before a game go for a size.
///
/// ```
///             M E M O R Y
///   Find every pair before time runs out.
///
/// > Level     1 Easy [2 Normal] 3 Hard
///            8 pairs, 1:00 on the clock
///
///   Symbols  [Animals] Fruit  Sports
///            🐶 🐱 🦊 🐻 🦁 🐮 🐷 🐸 🦉 🐭
///
///            [ Start ]
/// ```
struct MemoryChoiceLayout {
    /// The rows of the block, top to bottom.
    enum Row: Int, CaseIterable {
        case title, tagline, gapAboveLevel, level, levelDetail, gapAboveSymbols, symbols, symbolPreview, gapAboveStart, start
    }

    static let height = Row.allCases.count
    static let blockWidth = 46
    /// Columns from the block's left edge to the row names and to their values.
    static let labelOffset = 2, valueOffset = 11

    /// The block's rows across the whole width.
    private var lines: [Rect]
    /// The column of the `>` that marks the row the cursor is on.
    var markerX: Int
    /// The column where the row names start.
    var labelX: Int
    /// The column where the rows' values (tabs, details, the Start button) start.
    var valueX: Int
    /// True when the widest value does not fit beside the row names: the names go on the
    /// blank row above their values, which start a column right of them.
    var namesAbove: Bool

    /// The widest value of the block: the symbol sets' tabs.
    static let widestValue = MemorySymbolSet.all.reduce(0) { $0 + DisplayWidth.of($1.name) + 2 }

    init(size: Size) {
        let top = max(0, (size.height - Self.height) / 2)
        let left = max(0, (size.width - Self.blockWidth) / 2)
        lines = Rect(x: 0, y: top, width: size.width, height: Self.height)
            .rows(Array(repeating: .fixed(1), count: Self.height))
        markerX = left
        labelX = left + Self.labelOffset
        namesAbove = size.width - 1 - (left + Self.valueOffset) < Self.widestValue
        valueX = namesAbove ? labelX + 1 : left + Self.valueOffset
    }

    /// The row where the name of the row `row` (`.level`, `.symbols`) is written.
    func nameLine(_ row: Row) -> Rect {
        guard namesAbove, row.rawValue > 0, let above = Row(rawValue: row.rawValue - 1) else { return line(row) }
        return line(above)
    }

    /// Row `row` across the whole width (the title, the tagline).
    func line(_ row: Row) -> Rect {
        lines[row.rawValue]
    }

    /// The value part of row `row`: from the value column to a column short of the right edge.
    func value(_ row: Row) -> Rect {
        let line = line(row)
        return Rect(x: valueX, y: line.y, width: line.maxX - valueX - 1, height: 1)
    }

    /// Where the Start button is drawn.
    var startButton: Rect {
        Button("Start").frame(at: value(.start).origin)
    }
}
