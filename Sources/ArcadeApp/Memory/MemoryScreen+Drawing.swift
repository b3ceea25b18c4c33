import ArcadeUI
import MemoryModel

/// Where the parts of a game go for a size: the status line, the board and the note line.
///
/// The board is a `GridLayout` of the largest cards that fit, recomputed for every size;
/// the card of index `i` is always cell `i`, so cards never move. Columns between cards
/// (and one at either side of the board) hold the cursor marks.
struct MemoryLayout {
    /// The smallest card: a frame around one row of two columns (an emoji).
    static let smallestCard = Size(width: 4, height: 3)
    /// The largest card drawn, however big the terminal.
    static let largestCard = Size(width: 12, height: 7)
    /// Columns per row of the card shape preferred when sizes compete (a little taller than square).
    static let cardAspect = 1.2
    /// Gaps between cards, widest first: the widest whose cards are nearly the largest wins.
    static let spacings = [Size(width: 2, height: 1), Size(width: 1, height: 1), Size(width: 1, height: 0)]

    var status: Rect
    var note: Rect
    var board: GridLayout

    init(size: Size, cardCount: Int) {
        status = Rect(x: 1, y: 0, width: size.width - 1, height: min(1, size.height))
        note = Rect(x: 1, y: size.height - 1, width: size.width - 2, height: size.height >= 3 ? 1 : 0)
        let area = Rect(x: 1, y: 1, width: size.width - 2, height: size.height - 2)
        let candidates = Self.spacings.map { spacing in
            GridLayout(fitting: cardCount, in: area, minCell: Self.smallestCard, spacing: spacing,
                       maxCell: Self.largestCard, aspect: Self.cardAspect)
        }
        // Gaps make the board easier to read: keep the widest gap whose cards are nearly as large.
        let fitting = candidates.filter(\.fitsMinimum)
        let largest = fitting.map(Self.cardScore).max() ?? 0
        board = fitting.first { Self.cardScore($0) >= 0.85 * largest }
            ?? candidates.last ?? GridLayout(fitting: cardCount, in: area, minCell: Self.smallestCard)
    }

    /// How large a layout's cards are, for comparing layouts: the size of the preferred shape they hold.
    private static func cardScore(_ layout: GridLayout) -> Double {
        min(Double(layout.cellSize.width), Double(layout.cellSize.height) * cardAspect)
    }

    /// The frame of card `index` (board order).
    func card(at index: Int) -> Rect? {
        board.cell(at: index)
    }

    /// The card whose frame holds `point`, if any.
    func cardIndex(at point: Point) -> Int? {
        board.index(at: point)
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
    static let height = 10
    static let blockWidth = 46

    var title: Rect
    var tagline: Rect
    var levelRow: Rect
    var levelDetail: Rect
    var symbolRow: Rect
    var symbolPreview: Rect
    var startButton: Rect
    /// The column of the `>` that marks the row the cursor is on.
    var markerX: Int
    /// The column where the row names start.
    var labelX: Int

    init(size: Size) {
        let top = max(0, (size.height - Self.height) / 2)
        let left = max(0, (size.width - Self.blockWidth) / 2)
        markerX = left
        labelX = left + 2
        let valueX = left + 11
        let valueWidth = max(0, size.width - valueX - 1)
        func row(_ offset: Int) -> Rect {
            Rect(x: valueX, y: top + offset, width: valueWidth, height: 1)
        }
        title = Rect(x: 0, y: top, width: size.width, height: 1)
        tagline = Rect(x: 0, y: top + 1, width: size.width, height: 1)
        levelRow = row(3)
        levelDetail = row(4)
        symbolRow = row(6)
        symbolPreview = row(7)
        startButton = Button("Start").frame(at: Point(x: valueX, y: top + 9))
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

    /// The box over the board when the game is over, for a screen `width` columns wide.
    func gameOverDialog(width: Int) -> Dialog {
        let game = self.game
        let won = game?.isWon ?? false
        let pairs = game?.numberOfPairs ?? level.pairs
        let time = Self.clockText(shownTimeElapsed)
        let moves = game?.moves ?? 0
        let result = won ? "You found all \(pairs) pairs."
                         : "\(game?.matchedPairs ?? 0) of \(pairs) pairs found."
        let figures = "Score \(game?.score ?? 0)\n\(moves) \(moves == 1 ? "move" : "moves") in \(time)"
        // "Change level (c)" when the box has room for it, else a shorter name for the same key.
        let longRow = ButtonRow([Button("Restart (r)"), Button("Change level (c)")])
        let second = longRow.width + 4 <= width ? "Change level (c)" : "Level (c)"
        return Dialog(
            title: won ? "You won!" : "Time's up",
            message: result + "\n" + figures,
            buttons: [
                Button("Restart (r)", hotKey: .character("r"), isFocused: gameOverFocus == .restart),
                Button(second, hotKey: .character("c"), isFocused: gameOverFocus == .changeLevel),
            ],
            preferredWidth: 44,
            style: Style.bold.foreground(won ? .green : .yellow))
    }

    func render(into grid: inout CellGrid) {
        switch phase {
        case .choosing:
            drawChoice(into: &grid)
        case .playing:
            guard let game else { return }
            drawBoard(game, into: &grid)
            if isGameOver {
                gameOverDialog(width: grid.size.width).draw(into: &grid, in: grid.bounds)
            }
        }
    }

    // MARK: - The choice before a game

    private func drawChoice(into grid: inout CellGrid) {
        let layout = MemoryChoiceLayout(size: grid.size)
        let ascii = grid.theme.ascii
        Label("M E M O R Y", alignment: .center, style: Style.bold.foreground(.cyan))
            .draw(into: &grid, in: layout.title)
        Label("Find every pair before time runs out.", alignment: .center, style: .dim)
            .draw(into: &grid, in: layout.tagline)

        let marker = Style.bold.foreground(.yellow)
        let rows: [(ChoiceRow, Rect, String)] = [
            (.level, layout.levelRow, "Level"), (.symbols, layout.symbolRow, "Symbols"),
            (.start, layout.startButton, ""),
        ]
        for (row, rect, name) in rows {
            if row == choiceRow {
                grid.put(">", at: Point(x: layout.markerX, y: rect.y), style: marker)
            }
            grid.write(name, at: Point(x: layout.labelX, y: rect.y), style: .bold)
        }
        levelTabs.draw(into: &grid, in: layout.levelRow)
        let detail = "\(level.pairs) pairs, \(Self.clockText(Int(level.timeLimit))) on the clock"
        Label(detail, style: .dim).draw(into: &grid, in: layout.levelDetail)
        symbolTabs.draw(into: &grid, in: layout.symbolRow)
        drawPreview(of: symbolSet, in: layout.symbolPreview, ascii: ascii, into: &grid)
        Button("Start", isFocused: choiceRow == .start, style: Style().foreground(.green))
            .draw(into: &grid, at: layout.startButton.origin, clip: grid.bounds)
    }

    /// The set's symbols, as many as fit: emoji, or their words in ASCII.
    private func drawPreview(of set: MemorySymbolSet, in rect: Rect, ascii: Bool, into grid: inout CellGrid) {
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

    // MARK: - The board

    private func drawBoard(_ game: Game, into grid: inout CellGrid) {
        let layout = MemoryLayout(size: grid.size, cardCount: game.cards.count)
        drawStatus(game, in: layout.status, into: &grid)
        let isMismatch = game.isShowingMismatch
        for (index, card) in game.cards.enumerated() {
            guard let frame = layout.card(at: index) else { continue }
            let look: CardLook = foundPair?.cards.contains(index) == true ? .found : isMismatch ? .mismatch : .plain
            drawCard(card, of: game, in: frame, look: look, into: &grid)
        }
        if !game.isOver(now: now), let frame = layout.card(at: cursor) {
            // Two cells either side of the card: moving the cursor repaints only these.
            let y = frame.y + frame.height / 2
            let style = Style().foreground(.yellow)  // colour only: fewest attribute changes per move
            grid.put(">", at: Point(x: frame.x - 1, y: y), style: style)
            grid.put("<", at: Point(x: frame.maxX, y: y), style: style)
        }
        drawNote(for: game, in: layout.note, into: &grid)
    }

    /// Time left, moves, score and pairs found, with the level on the right when it fits.
    private func drawStatus(_ game: Game, in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        let remaining = shownTimeRemaining
        let running = game.isClockRunning(now: now)
        let timeStyle = running && remaining <= 10 ? Style.bold.foreground(.red) : Style.bold
        let fields: [(String, String, Style)] = [
            ("Time", Self.clockText(remaining), timeStyle),
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
    /// pair found is on show), nothing once matched.
    private func drawCard(_ card: Game.Card, of game: Game, in frame: Rect, look: CardLook,
                         into grid: inout CellGrid) {
        guard !card.isMatched || look == .found, frame.width >= 3, frame.height >= 3 else { return }
        let ascii = grid.theme.ascii
        let inner = Box.inner(of: frame)
        guard card.isFaceUp else {
            Box(style: .rounded, frameStyle: Style().foreground(.blue)).draw(into: &grid, in: frame)
            let back = Cell(ascii ? ":" : "▒", style: Style().foreground(.ansi(.blue, bright: true)))
            grid.fill(inner, with: back)
            return
        }
        let frameStyle = switch look {
        case .plain: Style.bold
        case .mismatch: Style.bold.foreground(.red)
        case .found: Style.bold.foreground(.green)
        }
        Box(style: look == .found ? .double : .rounded, frameStyle: frameStyle, fillsInterior: true)
            .draw(into: &grid, in: frame)

        // The symbol on the middle row (above the bar when the card is only two rows inside).
        let symbolY = inner.height >= 2 ? min(frame.y + frame.height / 2, inner.maxY - 2) : inner.y
        let symbolWidth: Int, symbolX: Int
        if ascii {
            let word = TextLayout.prefix(of: card.content.word, width: inner.width)
            (symbolWidth, symbolX) = (word.count, inner.x + (inner.width - word.count) / 2)
            grid.write(word, at: Point(x: symbolX, y: symbolY), style: .bold, clip: inner)
        } else {
            (symbolWidth, symbolX) = (2, inner.x + (inner.width - 2) / 2)
            grid.put(card.content.emoji, at: Point(x: symbolX, y: symbolY), clip: inner)
        }
        if look == .found && symbolWidth + 4 <= inner.width {
            // A check either side of the symbol, a space between: the mark of a match.
            let check = Glyphs(ascii: ascii).check
            grid.put(check, at: Point(x: symbolX - 2, y: symbolY), style: frameStyle)
            grid.put(check, at: Point(x: symbolX + symbolWidth + 1, y: symbolY), style: frameStyle)
        }

        // The bonus bar: on the last row inside, or in the bottom edge of a one-row card.
        let barY = inner.height >= 2 ? inner.maxY - 1 : frame.maxY - 1
        let barWidth = inner.width >= 8 ? 6 : inner.width >= 4 ? max(2, inner.width - 2) : inner.width
        let fraction = game.bonusRemaining(of: card, now: now)
        let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.up)))
        let barStyle = Style.bold.foreground(fraction > 0.5 ? .green : fraction > 0.2 ? .yellow : .red)
        let barX = inner.x + (inner.width - barWidth) / 2
        for offset in 0..<barWidth {
            let isFilled = offset < filled
            let glyph: Unicode.Scalar = ascii ? (isFilled ? "#" : "-") : (isFilled ? "█" : "░")
            grid.put(glyph, at: Point(x: barX + offset, y: barY), style: isFilled ? barStyle : .dim)
        }
    }

    /// The line under the board: how to start, or what the last turn did.
    private func drawNote(for game: Game, in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        let (wordings, style) = note(for: game)
        // The fullest wording that fits; the last one is cut short if even it does not.
        let text = wordings.first { DisplayWidth.of($0) <= rect.width } ?? wordings.last ?? ""
        Label(text, alignment: .center, style: style).draw(into: &grid, in: rect)
    }

    /// What the note line says, from the fullest wording to the shortest, and its style.
    func note(for game: Game) -> ([String], Style) {
        if game.isWon && foundPair == nil { return (["All pairs found!"], Style.bold.foreground(.green)) }
        if game.isLost(now: now) { return (["Time's up."], Style.bold.foreground(.yellow)) }
        switch note {
        case .start:
            let clock = Self.clockText(Int(game.timeLimit))
            return ([
                "Turn any card to start the clock: \(game.numberOfPairs) pairs in \(clock).",
                "Turn a card to start the clock (\(clock)).",
                "Turn a card to start.",
            ], .plain)
        case .firstCard:
            return (["Now find its pair."], .plain)
        case .match(let points):
            return (["A pair! +\(points) points."], Style.bold.foreground(.green))
        case .mismatch(let penalty) where penalty > 0:
            return ([
                "No match. -\(penalty) for cards seen before. Turn another card.",
                "No match. -\(penalty) for cards seen before.",
                "No match. -\(penalty)",
            ], Style.bold.foreground(.yellow))
        case .mismatch:
            return (["No match. Turn another card.", "No match."], Style.bold.foreground(.yellow))
        }
    }
}
