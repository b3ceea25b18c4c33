import ArcadeUI
import MemoryModel

/// Where the parts of a game go for a size: the status line, the board and the note line.
///
/// The board is a `MemoryBoard` of the largest cards that fit, recomputed for every size;
/// the card of index `i` is always cell `i`, so cards never move while the size stays.
/// Full rows are preferred; a shorter last row, centred, only when it makes the cards
/// clearly larger (`balancedShare`). Temple cards grow with the room there is, up to
/// `largestPictureCard`; emoji cards, whose symbol does not grow, up to `largestCard`.
struct MemoryLayout {
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

extension MemoryScreen {
    /// The levels as tabs, the chosen one selected; digits pick them.
    var levelTabs: TabBar {
        TabBar(titles: MemoryLevel.all.map(\.name), selectedIndex: MemoryLevel.all.firstIndex(of: level) ?? 0,
               numbered: true)
    }

    /// The symbol sets as tabs, the chosen one selected.
    var symbolTabs: TabBar {
        TabBar(titles: MemorySymbolSet.all.map(\.name),
               selectedIndex: MemorySymbolSet.all.firstIndex(of: symbolSet) ?? 0)
    }

    /// The board's layout for a game area of `size`: its cards shaped for pictures in a Temples game.
    func boardLayout(size: Size) -> MemoryLayout {
        MemoryLayout(size: size, cardCount: game?.cards.count ?? 0, aspect: boardAspect)
    }

    /// The shape of the cards: pictures are wider than emoji.
    var boardAspect: Double { symbolSet.isTemples ? MemoryLayout.pictureAspect : MemoryLayout.cardAspect }

    func render(into grid: inout CellGrid) {
        switch phase {
        case .choosing:
            drawChoice(into: &grid)
        case .playing:
            guard let game else { return }
            drawBoard(game, into: &grid)  // the shell draws the game-over box over it
        }
    }

    // MARK: - The choice before a game

    private func drawChoice(into grid: inout CellGrid) {
        let layout = MemoryChoiceLayout(size: grid.size)
        let ascii = grid.theme.ascii
        Label("M E M O R Y", alignment: .center, style: Style.bold.foreground(.accent))
            .draw(into: &grid, in: layout.line(.title))
        Label("Find every pair before time runs out.", alignment: .center, style: .dim)
            .draw(into: &grid, in: layout.line(.tagline))

        let marker = Style.bold.foreground(.highlight)
        let rows: [(ChoiceRow, Rect, Rect, String)] = [
            (.level, layout.value(.level), layout.nameLine(.level), "Level"),
            (.symbols, layout.value(.symbols), layout.nameLine(.symbols), "Symbols"),
            (.start, layout.value(.start), layout.value(.start), ""),
        ]
        for (row, rect, nameLine, name) in rows {
            if row == choiceRow {
                grid.put(">", at: Point(x: layout.markerX, y: rect.y), style: marker)
            }
            grid.write(name, at: Point(x: layout.labelX, y: nameLine.y), style: .bold)
        }
        levelTabs.draw(into: &grid, in: layout.value(.level))
        let detail = "\(level.pairs) pairs, \(PlayClock.text(level.timeLimit)) on the clock"
        Label(detail, style: .dim).draw(into: &grid, in: layout.value(.levelDetail))
        symbolTabs.draw(into: &grid, in: layout.value(.symbols))
        drawPreview(of: symbolSet, in: layout.value(.symbolPreview), ascii: ascii, into: &grid)
        Button("Start", isFocused: choiceRow == .start, style: Style().foreground(.good))
            .draw(into: &grid, at: layout.startButton.origin, clip: grid.bounds)
        if symbolSet.isTemples, case .unavailable(let reason) = deck.state {
            drawTempleReason(reason, below: layout, into: &grid)
        }
    }

    /// Why the Temples set cannot be played, wrapped in the rows under the Start button
    /// (its start, ending in "…", when they are too few; help gives it whole).
    private func drawTempleReason(_ reason: String, below layout: MemoryChoiceLayout, into grid: inout CellGrid) {
        let top = layout.line(.start).y + 2
        let width = min(MemoryChoiceLayout.blockWidth, grid.size.width - layout.labelX - 1)
        let lines = PictureLabel.lines(reason, width: width, maxLines: grid.size.height - top,
                                            ascii: grid.theme.ascii)
        for (offset, line) in lines.enumerated() {
            grid.write(line, at: Point(x: layout.labelX, y: top + offset), style: Style().foreground(.highlight))
        }
    }

    /// The set's symbols, as many as fit: emoji, or their words in ASCII; for Temples, what
    /// its pairs are, or that the pictures are loading or missing.
    private func drawPreview(of set: MemorySymbolSet, in rect: Rect, ascii: Bool, into grid: inout CellGrid) {
        if set.isTemples {
            Label(templePreview(ellipsis: Glyphs(ascii: ascii).ellipsis), style: templePreviewStyle)
                .draw(into: &grid, in: rect)
            return
        }
        if ascii {
            let words = set.symbols.map(\.word).joined(separator: " ")
            Label(words).draw(into: &grid, in: rect)
            return
        }
        var x = rect.x
        for symbol in set.symbols where x + 2 <= rect.maxX {
            grid.put(symbol.emoji, at: Point(x: x, y: rect.y), clip: rect)
            x += 3
        }
    }

    /// The line under the Temples tab: what a pair is at this level, or where the deck is.
    func templePreview(ellipsis: String = "…") -> String {
        switch deck.state {
        case .notAsked, .loading:
            return "Loading the temple pictures" + ellipsis
        case .ready where level == .easy:
            return "\(templeSymbols.count) temples: two of each picture"
        case .ready:
            return "\(templeSymbols.count) temples: picture and name"
        case .unavailable:
            return "No temple pictures were found."
        }
    }

    private var templePreviewStyle: Style {
        if case .unavailable = deck.state { return Style.bold.foreground(.warning) }
        return .dim
    }

    // MARK: - The board

    private func drawBoard(_ game: Game, into grid: inout CellGrid) {
        let layout = boardLayout(size: grid.size)
        drawStatus(game, in: layout.status, into: &grid)
        let isMismatch = game.isShowingMismatch
        let focus = game.isOver(now: now) ? nil : cursor.index
        for (index, card) in game.cards.enumerated() {
            guard let frame = layout.card(at: index) else { continue }
            let look: CardLook = foundPair?.cards.contains(index) == true ? .found : isMismatch ? .mismatch : .plain
            drawCard(card, of: game, in: frame, look: look, isFocused: index == focus, into: &grid)
        }
        drawNote(for: game, in: layout.note, into: &grid)
    }

    /// Time left, moves, score and pairs found, with the level on the right when it fits.
    private func drawStatus(_ game: Game, in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        let remaining = shownTimeRemaining
        let running = game.isClockRunning(now: now)
        let timeStyle = running && remaining <= 10 ? Style.bold.foreground(.bad) : Style.bold
        let fields: [(String, String, Style)] = [
            ("Time", PlayClock.text(Double(remaining)), timeStyle),
            ("Moves", String(game.moves), .bold),
            ("Score", String(game.score), .bold),
            ("Pairs", "\(game.matchedPairs)/\(game.numberOfPairs)", .bold),
        ]
        // Three columns between fields when they fit, fewer on a narrow screen, and at the
        // narrowest the time without its name. A field with no room left (only below the
        // minimum size) is never cut silently: an ellipsis stands for it and the rest.
        let widths = fields.map { $0.0.count + 1 + $0.1.count }
        let total = widths.reduce(0, +)
        let gap = (1...3).reversed().first { total + $0 * (fields.count - 1) <= rect.width } ?? 1
        let dropsTimeName = total + fields.count - 1 > rect.width
        let ellipsis = Glyphs(theme: grid.theme).ellipsis
        var x = rect.x
        for (index, (name, value, style)) in fields.enumerated() {
            let shownName = index == 0 && dropsTimeName ? "" : name + " "
            // Room for this field, and after it (but the last) for the ellipsis, should the next not fit.
            let after = index == fields.count - 1 ? 0 : 1 + DisplayWidth.of(ellipsis)
            guard shownName.count + value.count + after <= rect.maxX - x else {
                grid.write(ellipsis, at: Point(x: x, y: rect.y), style: .dim, clip: rect)
                return
            }
            x += grid.write(shownName, at: Point(x: x, y: rect.y), style: .dim, clip: rect)
            x += grid.write(value, at: Point(x: x, y: rect.y), style: style, clip: rect) + gap
        }
        let setting = "\(level.name), \(symbolSet.name)"
        if x + setting.count <= rect.maxX {
            grid.write(setting, at: Point(x: rect.maxX - setting.count, y: rect.y), style: .dim, clip: rect)
        }
    }

    /// How a face-up card is framed.
    private enum CardLook {
        /// Face up on its own, or face down.
        case plain
        /// One of two face-up cards that do not match: a red frame.
        case mismatch
        /// One of the pair just found, on show: a green double frame and a check either side.
        case found
    }

    /// One card: its back while face down, its symbol and bonus bar while face up (and while a
    /// pair found is on show), nothing once matched but the focused frame, when focused.
    private func drawCard(_ card: Game.Card, of game: Game, in frame: Rect, look: CardLook, isFocused: Bool,
                         into grid: inout CellGrid) {
        guard frame.width >= 3, frame.height >= 3 else { return }
        guard !card.isMatched || look == .found else {
            // An emptied place: the cursor is its frame alone.
            if isFocused { Box(style: .rounded, frameStyle: Style.focusFrame(.plain)).draw(into: &grid, in: frame) }
            return
        }
        let glyphs = Glyphs(theme: grid.theme)
        let inner = Box.inner(of: frame)
        guard card.isFaceUp else {
            let back = Style().foreground(.cool)
            Box(style: .rounded, frameStyle: isFocused ? Style.focusFrame(back) : back).draw(into: &grid, in: frame)
            grid.fill(inner, with: glyphs.ascii ? ":" : "▒", style: back)
            return
        }
        let frameStyle = switch look {
        case .plain: Style.bold
        case .mismatch: Style.bold.foreground(.bad)
        case .found: Style.bold.foreground(.good)
        }
        // The edge (and the marks in it) shows focus; the checks inside keep the frame's colour.
        let edgeStyle = isFocused ? Style.focusFrame(frameStyle) : frameStyle
        Box(style: look == .found ? .double : .rounded, frameStyle: edgeStyle, fillsInterior: true)
            .draw(into: &grid, in: frame)
        let face = self.face(of: card)
        if face == .symbol {
            drawSymbol(card.content, in: frame, look: look, frameStyle: frameStyle, into: &grid)
        } else {
            drawTemple(card.content, face: face, in: frame, look: look, frameStyle: edgeStyle, into: &grid)
        }

        // The bonus bar: on the last row inside, or in the bottom edge of a one-row card
        // and of a temple card (whose picture or name takes the whole inside).
        let barY = inner.height >= 2 && face == .symbol ? inner.maxY - 1 : frame.maxY - 1
        let barWidth = inner.width >= 8 ? 6 : inner.width >= 4 ? max(2, inner.width - 2) : inner.width
        let fraction = game.bonusRemaining(of: card, now: now)
        let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.up)))
        let barStyle = Style.bold.foreground(fraction > 0.5 ? .good : fraction > 0.2 ? .warning : .bad)
        let barX = inner.x + (inner.width - barWidth) / 2
        for offset in 0..<barWidth {
            let isFilled = offset < filled
            let glyph = isFilled ? glyphs.pick("█", ascii: "#") : glyphs.pick("░", ascii: "-")
            grid.write(glyph, at: Point(x: barX + offset, y: barY), style: isFilled ? barStyle : .dim)
        }
    }

    /// An emoji card's symbol (its word in ASCII), with a check either side when just found.
    private func drawSymbol(_ symbol: MemorySymbol, in frame: Rect, look: CardLook, frameStyle: Style,
                            into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        let glyphs = Glyphs(theme: grid.theme)
        let inner = Box.inner(of: frame)
        // The symbol on the middle row (above the bar when the card is only two rows inside).
        let symbolY = inner.height >= 2 ? min(frame.y + frame.height / 2, inner.maxY - 2) : inner.y
        let symbolWidth: Int, symbolX: Int
        if ascii {
            let word = TextLayout.prefix(of: symbol.word, width: inner.width)
            (symbolWidth, symbolX) = (word.count, inner.x + (inner.width - word.count) / 2)
            grid.write(word, at: Point(x: symbolX, y: symbolY), style: .bold, clip: inner)
        } else {
            (symbolWidth, symbolX) = (2, inner.x + (inner.width - 2) / 2)
            grid.put(symbol.emoji, at: Point(x: symbolX, y: symbolY), clip: inner)
        }
        if look == .found && symbolWidth + 4 <= inner.width {
            // A check either side of the symbol, a space between: the mark of a match.
            let check = glyphs.check
            grid.put(check, at: Point(x: symbolX - 2, y: symbolY), style: frameStyle)
            grid.put(check, at: Point(x: symbolX + symbolWidth + 1, y: symbolY), style: frameStyle)
        }
    }

    /// A temple card: its picture, or its name (a picture card that cannot show its picture
    /// says `pic` in its top edge), with a check in either top corner when just found.
    private func drawTemple(_ temple: MemorySymbol, face: CardFace, in frame: Rect, look: CardLook,
                            frameStyle: Style, into grid: inout CellGrid) {
        let area = MemoryLayout.templeFace(of: frame)
        if face == .picture, let picture = scaledPicture(of: temple, onCard: frame, theme: grid.theme) {
            let rows = (picture.height + 1) / 2
            let origin = Point(x: area.x + max(0, (area.width - picture.width) / 2),
                               y: area.y + max(0, (area.height - rows) / 2))
            PictureCells.draw(picture, at: origin, into: &grid, clip: area)
        } else {
            let lines = MemoryLayout.nameLines(temple.word, width: area.width, rows: area.height,
                                               ascii: grid.theme.ascii)
            let top = area.y + max(0, (area.height - lines.count) / 2)
            for (offset, line) in lines.enumerated() {
                let x = area.x + max(0, (area.width - DisplayWidth.of(line)) / 2)
                grid.write(line, at: Point(x: x, y: top + offset), style: .bold, clip: area)
            }
            if face == .picture && frame.width >= Self.pictureMarkWidth {
                let mark = Self.pictureMark
                grid.write(mark, at: Point(x: frame.x + (frame.width - mark.count) / 2, y: frame.y), style: frameStyle)
            }
        }
        if look == .found && frame.width >= 4 {
            let check = Glyphs(theme: grid.theme).check
            grid.put(check, at: Point(x: frame.x + 1, y: frame.y), style: frameStyle)
            grid.put(check, at: Point(x: frame.maxX - 2, y: frame.y), style: frameStyle)
        }
    }

    /// The mark in the top edge of a picture card showing its temple's name instead.
    static let pictureMark = "pic"
    /// The narrowest card with room for the mark beside a check in either corner.
    private static let pictureMarkWidth = 7

    /// `temple`'s picture scaled for a card of frame `card`, or nil when the card shows the
    /// name instead: no picture loaded, no room, or a terminal without colour.
    func scaledPicture(of temple: MemorySymbol, onCard card: Rect, theme: Theme) -> RGBAImage? {
        guard MemoryLayout.showsPictures(in: theme), let id = temple.temple, let original = picture(of: id),
              let height = MemoryLayout.picturePixelHeight(original, onCard: card) else { return nil }
        return deck.picture(id, pixelHeight: height)
    }

    /// The line under the board: how to start, or what the last turn did.
    private func drawNote(for game: Game, in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        noteLine(for: game).draw(into: &grid, in: rect)
    }

    /// What the note line says, from the fullest wording to the shortest, centred, green
    /// for a pair and the win, yellow for a miss and the end of time.
    func noteLine(for game: Game) -> StatusLine {
        let (wordings, tone) = noteWordings(for: game)
        return StatusLine(wordings, tone: tone, alignment: .center)
    }

    private func noteWordings(for game: Game) -> ([String], StatusLine.Tone) {
        if game.isWon && foundPair == nil { return (["All pairs found!"], .good) }
        if game.isLost(now: now) { return (["Time's up."], .warning) }
        switch note {
        case .start:
            let clock = PlayClock.text(game.timeLimit)
            return ([
                "Turn any card to start the clock: \(game.numberOfPairs) pairs in \(clock).",
                "Turn a card to start the clock (\(clock)).",
                "Turn a card to start.",
            ], .plain)
        case .firstCard:
            return (["Now find its pair."], .plain)
        case .match(let points):
            return (["A pair! +\(points) points."], .good)
        case .mismatch(let penalty) where penalty > 0:
            return ([
                "No match. -\(penalty) for cards seen before. Turn another card.",
                "No match. -\(penalty) for cards seen before.",
                "No match. -\(penalty)",
            ], .warning)
        case .mismatch:
            return (["No match. Turn another card.", "No match."], .warning)
        }
    }
}
