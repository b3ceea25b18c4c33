import ArcadeCore
import ArcadeUI
import SetModel

/// The Set card, named apart from Blackjack's `Card` (both modules are imported by the app).
typealias SetCard = SetModel.Card

/// Solo Set: find sets of three among the cards on the table.
///
/// A cursor (arrows or h/j/k/l; the focused card's frame is drawn in reverse video) and
/// Space/Enter, or a click, select cards. The third selection is judged at once: a green
/// double frame and "SET!" or a red one and "Not a set". `d` deals three more, `t` marks
/// one set for 2 points (the marks stay until that set is found or the table changes),
/// `n` starts a new game, after asking when one is in progress. Cards keep their places
/// when more are dealt: the table is laid out for every card it can hold.
struct SetScreen: GameScreen {
    /// The most cards the table has room for (a screen rule, not a model rule).
    static let maximumCards = 24

    /// What the player can do on the Set table.
    enum Action: Hashable, Sendable {
        case move(Direction)
        /// Home and End: the first or last card on screen.
        case first, last
        /// Select or deselect the card under the cursor.
        case select
        /// Select or deselect the card in a place (a click).
        case selectPlace(Int)
        case deal, newGame, hint, toggleSetCount
        /// The game-over box's buttons.
        case playAgain, menu
    }

    private(set) var game: SetGame
    /// The place (index into `game.board`) the cursor is on.
    private(set) var cursor = GridCursor()
    /// The line under the status: what the last action did, in wordings from the fullest
    /// to the shortest (the first that fits is shown).
    private(set) var wordings = SetScreen.introduction
    /// The set a hint marked, until it is found or the table changes.
    private(set) var hinted: [SetCard] = []
    /// The table when the hint was given: any change to it takes the marks away.
    private var hintedBoard: [SetCard?] = []
    /// Whether "Sets on board: N" is shown (`s` toggles it).
    private(set) var showsSetCount = false
    /// Time played, counted from the first move; stands still while help is open.
    private(set) var clock = PlayClock()

    init(seed: UInt64) {
        game = SetGame(seed: seed)
    }

    /// What the line under the status says, in full.
    var message: String { wordings.first ?? "" }

    // MARK: - Saving

    /// What a game left in progress keeps: everything the table shows and everything that
    /// decides what comes next (the game holds the deck still to deal, in order, and the seed
    /// the next game is drawn from). Set has no animation or timed change to settle.
    private struct Saved: Codable {
        var game: SetGame
        var cursor: Int
        var wordings: [String]
        var hinted: [SetCard]
        var hintedBoard: [SetCard?]
        var showsSetCount: Bool
        /// Only the time played: time away from the game is never counted.
        var clock: PlayClock
    }

    /// The version of `Saved`; a change to it raises this, and older saves read as nil.
    private static let savedVersion = 1

    /// The table as the player left it, while a game is in progress ("score 12" for the offer).
    func savedState() -> GameSave? {
        guard isInProgress else { return nil }
        let saved = Saved(game: game, cursor: cursor.index, wordings: wordings, hinted: hinted,
                          hintedBoard: hintedBoard, showsSetCount: showsSetCount, clock: clock)
        return SavedState.encode(saved, version: Self.savedVersion, summary: "score \(game.score)")
    }

    /// The table a `savedState()` describes; nil when `state` is not one (another version,
    /// or text that does not decode to a table this screen could show).
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(Saved.self, version: Self.savedVersion, from: state),
              saved.game.board.indices.contains(saved.cursor) else { return nil }
        game = saved.game
        cursor = GridCursor(saved.cursor)
        wordings = saved.wordings
        hinted = saved.hinted
        hintedBoard = saved.hintedBoard
        showsSetCount = saved.showsSetCount
        clock = saved.clock
    }

    static let introduction = [
        "Find three cards where each feature is all the same or all different.",
        "A set: each feature all same or all different.",
        "Find a set of three cards.",
    ]

    // MARK: - GameScreen

    /// Room for the cards on the table at their smallest, plus status, message and buttons,
    /// in the shape nearest to the frame that needs the least room.
    func minimumSize(in frame: Frame) -> Size {
        SetLayout.minimumSize(places: game.board.count, theme: frame.theme, near: frame.size)
    }
    func fits(_ frame: Frame) -> Bool { SetLayout.fits(frame.size, places: game.board.count, theme: frame.theme) }
    var wantsTicks: Bool { clock.isRunning }
    var tickInterval: Double { 1 }
    var isInProgress: Bool { clock.isRunning }

    func bindings(in frame: Frame) -> [Binding<Action>] { Self.bindings }

    /// Every key of the table; none changes with the game (a key that cannot act says why).
    static let bindings: [Binding<Action>] = [
        .directions(help: "move the cursor (the card in a reverse frame)") { .move($0) },
        Binding(keys: [.home, .end], help: KeyHint("Home  End", "the first or last card")) { key in
            key == .home ? .first : .last
        },
        Binding([.space, .enter], .select, hint: "select", help: "select or deselect the card under the cursor"),
        .note("click", "select or deselect a card; press a button"),
        Binding([.character("d")], .deal, hint: "deal 3", help: "deal 3 more cards (or replace a found set)"),
        Binding([.character("t")], .hint, hint: "hint", help: "hint: mark one set (costs \(SetGame.hintCost))"),
        Binding([.character("s")], .toggleSetCount, help: "show or hide how many sets are on the table"),
        Binding([.character("n")], .newGame, hint: "new", help: "new game (asks first during a game)"),
    ]

    var helpTitle: String { "Set" }

    func helpNotes(in frame: Frame) -> [String] {
        [
            "A set is three cards where number, shape, shading and colour are each all the "
                + "same or all different. +\(SetGame.setReward) for a set, −\(SetGame.mismatchPenalty) "
                + "for three that are not, −\(SetGame.deselectPenalty) for deselecting a card.",
            Self.legend(theme: frame.theme),
            "The game ends when the deck is empty and no set is left. The hint's ★ marks "
                + "stay until that set is found or the table changes.",
        ]
    }

    func gameOver(in frame: Frame) -> GameOver<Action>? {
        guard game.isOver else { return nil }
        return GameOver(
            title: "Game over",
            message: "Score \(game.score)\nSets found \(game.setsFound)\nTime \(clock.text)",
            choices: [(Button("Play again (n)", hotKey: .character("n")), .playAgain),
                      (Button("Menu (m)", hotKey: .character("m")), .menu)],
            preferredWidth: 30)
    }

    func action(at point: Point, in frame: Frame) -> Action? {
        let layout = SetLayout(frame: frame, places: game.board.count)
        if let place = layout.place(at: point) { return .selectPlace(place) }
        return buttons.action(at: point, in: layout.buttons)
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        clock.advance(by: seconds)
        return []
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .move(let direction):
            cursor.move(direction, positions: SetLayout(frame: frame, places: game.board.count).positions)
        case .first, .last:
            cursor.jump(toEnd: action == .last, positions: SetLayout(frame: frame, places: game.board.count).positions)
        case .select:
            return select(at: cursor.index)
        case .selectPlace(let place):
            cursor.index = place
            return select(at: place)
        case .deal:
            return deal()
        case .newGame:
            return isInProgress ? [.confirm(.newGame)] : newGame()
        case .hint:
            return hint()
        case .toggleSetCount:
            showsSetCount.toggle()
        case .playAgain:
            return newGame()
        case .menu:
            return [.leave]
        }
        return []
    }

    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .newGame: return newGame()
        }
    }

    // MARK: - Actions

    private mutating func select(at place: Int) -> [GameEffect] {
        guard !game.isOver, game.board.indices.contains(place), let card = game.board[place] else { return [] }
        clock.start()
        let wasSelected = game.selectedCards.contains(card) && game.selectedCards.count < 3
        game.select(card)
        if wasSelected {
            say("Deselected (−\(SetGame.deselectPenalty)).")
        } else if let isSet = game.selectionIsSet {
            if !isSet {
                say("Not a set. −\(SetGame.mismatchPenalty)")
            } else if game.canDealMore {
                say("SET! +\(SetGame.setReward)  Select any card or press d to go on.",
                    "SET! +\(SetGame.setReward)  Select a card or press d.", "SET! +\(SetGame.setReward)")
            } else {
                // The deck is out: d has nothing to deal, so only a selection goes on.
                say("SET! +\(SetGame.setReward)  Select any card to go on.", "SET! +\(SetGame.setReward)")
            }
        } else {
            say("\(game.selectedCards.count) of 3 selected.")
        }
        keepHintIfStillValid()
        return finishIfOver()
    }

    private mutating func deal() -> [GameEffect] {
        guard !game.isOver else { return [] }
        guard canDeal else {
            if game.canDealMore {
                say("No room for more cards: find a set.", "No room: find a set.")
            } else {
                say("The deck is empty.")
            }
            return []
        }
        clock.start()
        let replacing = game.selectionIsSet == true
        game.dealThreeMore()
        say(replacing ? "The set was replaced." : "Dealt 3 more cards.")
        keepHintIfStillValid()
        return finishIfOver()
    }

    private mutating func hint() -> [GameEffect] {
        guard !game.isOver else { return [] }
        if !hinted.isEmpty {
            say("The hint is marked ★ on the table.", "The hint is marked ★.")
            return []
        }
        clock.start()
        if let set = game.hint() {
            hinted = set
            hintedBoard = game.board
            say("One set is marked ★ (−\(SetGame.hintCost)).", "Marked ★ (−\(SetGame.hintCost)).")
        } else {
            say("No set on the table — deal 3 more (d).", "No set: deal 3 more (d).")
        }
        return []
    }

    /// The hint's marks go once their set is found or the cards on the table change.
    private mutating func keepHintIfStillValid() {
        let found = game.selectionIsSet == true && Set(game.selectedCards) == Set(hinted)
        if found || game.board != hintedBoard {
            hinted = []
            hintedBoard = []
        }
    }

    private mutating func newGame() -> [GameEffect] {
        var generator = SeededGenerator(seed: game.seed)
        game = SetGame(seed: generator.next())
        cursor = GridCursor()
        hinted = []
        hintedBoard = []
        clock.reset()
        say("New game. " + Self.introduction[0], "New game. " + Self.introduction[2], "New game.")
        return []
    }

    /// Put `wordings` (fullest first) on the message line.
    private mutating func say(_ wordings: String...) {
        self.wordings = wordings
    }

    /// At the end of a game: record it once.
    private mutating func finishIfOver() -> [GameEffect] {
        guard game.isOver, clock.finish() else { return [] }
        say("No sets left and the deck is empty: game over.", "Game over.")
        return [.record(game.score, SetFigures(sets: game.setsFound, time: clock.text, duration: clock.elapsed))]
    }

    /// Deal 3 More is possible: cards in the deck, and room on the table (or a set to replace).
    var canDeal: Bool {
        game.canDealMore && (game.board.count < Self.maximumCards || game.selectionIsSet == true)
    }

    // MARK: - Drawing

    var buttons: ActionButtons<Action> {
        ActionButtons([
            (Button("Deal 3 More", hotKey: .character("d"), isEnabled: canDeal && !game.isOver), .deal),
            (Button("New Game", hotKey: .character("n")), .newGame),
            (Button("Hint", hotKey: .character("t"), isEnabled: !game.isOver), .hint),
        ], spacing: 2, alignment: .center)
    }

    func render(into grid: inout CellGrid) {
        let layout = SetLayout(frame: grid.frame, places: game.board.count)
        statusLine.draw(into: &grid, in: layout.status)
        messageLine.draw(into: &grid, in: layout.message)
        for (place, card) in game.board.enumerated() {
            guard let frame = layout.cell(of: place) else { continue }
            let isCursor = place == cursor.index && !game.isOver
            if let card {
                drawCard(card, in: frame, isCursor: isCursor, into: &grid)
            } else if isCursor {
                // An emptied place late in the game: the cursor is its frame alone.
                Box(style: .rounded, frameStyle: Self.focusStyle(.plain)).draw(into: &grid, in: frame)
            }
        }
        buttons.draw(into: &grid, in: layout.buttons)
    }

    /// Score, sets, deck and time (and the sets on the table when `s` asked for them).
    private var statusLine: StatusLine {
        let fields = "Score \(game.score)   Sets \(game.setsFound)   Deck \(game.deckCount)   Time \(clock.text)"
        let tight = "Score \(game.score)  Sets \(game.setsFound)  Deck \(game.deckCount)  \(clock.text)"
        let onTable = game.setsOnBoard().count
        let wordings = showsSetCount
            ? [fields + "   Sets on table: \(onTable)", fields + "   On table \(onTable)", tight + "  On table \(onTable)"]
            : [fields, tight]
        return StatusLine(wordings, tone: .strong)
    }

    /// What the last action did, green for a set and red for a miss; a warning when no set
    /// is left on the table.
    private var messageLine: StatusLine {
        if !game.isOver && game.setsOnBoard().isEmpty && game.selectionIsSet != true {
            return StatusLine(["No set on the table — deal 3 more (d).", "No set: deal 3 more (d)."], tone: .warning)
        }
        switch game.selectionIsSet {
        case true?: return StatusLine(wordings, tone: .good)
        case false?: return StatusLine(wordings, tone: .bad)
        case nil: return StatusLine(wordings)
        }
    }

    /// A card: a rounded frame, double when selected (yellow, or green / red once judged),
    /// in reverse video when the cursor is on it — distinct in monochrome too.
    private func drawCard(_ card: SetCard, in frame: Rect, isCursor: Bool, into grid: inout CellGrid) {
        let selected = game.selectedCards.contains(card)
        let color = Self.terminalColor(card.color)
        var frameStyle = Style.plain
        var boxStyle = BoxStyle.rounded
        if selected {
            boxStyle = .double
            switch game.selectionIsSet {
            case true?: frameStyle = StatusLine.Tone.good.style
            case false?: frameStyle = StatusLine.Tone.bad.style
            case nil: frameStyle = StatusLine.Tone.warning.style
            }
        }
        if isCursor { frameStyle = Self.focusStyle(frameStyle) }
        Box(style: boxStyle, frameStyle: frameStyle).draw(into: &grid, in: frame)
        let glyphs = Glyphs(theme: grid.theme)
        if selected, let isSet = game.selectionIsSet {
            let mark = isSet ? glyphs.pick("✓", ascii: "ok") : glyphs.pick("✗", ascii: "x")
            grid.write(mark, at: Point(x: frame.maxX - 2 - mark.count, y: frame.y), style: frameStyle)
        }
        if hinted.contains(card) {
            grid.write(glyphs.pick("★", ascii: "*"), at: Point(x: frame.maxX - 2, y: frame.maxY - 1),
                       style: StatusLine.Tone.warning.style)
        }
        let inner = Box.inner(of: frame)
        let glyph = Self.glyph(card.symbol, card.shading, ascii: grid.theme.ascii)
        let spacing = inner.width >= 13 ? "  " : " "
        let symbols = Array(repeating: glyph, count: card.number.rawValue).joined(separator: spacing)
        // The words in full when the longest of any card fits ("purple striped"), else
        // abbreviated on every card alike ("pur str").
        let longest = Self.words(for: SetCard(number: .one, symbol: .circle, shading: .striped, color: .purple),
                                 theme: grid.theme)
        let words = Self.words(for: card, theme: grid.theme, compact: DisplayWidth.of(longest) > inner.width)
        let rows = words.isEmpty ? 1 : 2
        let top = inner.y + max(0, (inner.height - rows) / 2)
        let style = Style(foreground: color, bold: true)
        grid.write(symbols, at: Point(x: inner.x + (inner.width - DisplayWidth.of(symbols)) / 2, y: top),
                   style: style, clip: inner)
        if !words.isEmpty && inner.height >= 2 {
            grid.write(words, at: Point(x: inner.x + max(0, (inner.width - words.count) / 2), y: top + 1),
                       style: .dim, clip: inner)
        }
    }

    /// The glyph for a shape and shading: ▲ ● ■ solid, ◭ ◐ ◧ striped, △ ○ □ open.
    static func glyph(_ symbol: SetCard.Symbol, _ shading: SetCard.Shading, ascii: Bool) -> String {
        if ascii {
            switch symbol {
            case .triangle: return "^"
            case .circle: return "o"
            case .square: return "#"
            }
        }
        switch (symbol, shading) {
        case (.triangle, .solid): return "▲"
        case (.triangle, .striped): return "◭"
        case (.triangle, .open): return "△"
        case (.circle, .solid): return "●"
        case (.circle, .striped): return "◐"
        case (.circle, .open): return "○"
        case (.square, .solid): return "■"
        case (.square, .striped): return "◧"
        case (.square, .open): return "□"
        }
    }

    /// What the glyphs cannot show in this theme, in words: the colour without colour,
    /// and the shading in ASCII; `compact` abbreviates them for narrow cards ("pur str").
    static func words(for card: SetCard, theme: Theme, compact: Bool = false) -> String {
        var words: [String] = []
        if !theme.hasColor || theme.ascii {
            switch card.color {
            case .red: words.append("red")
            case .green: words.append(compact ? "grn" : "green")
            case .purple: words.append(compact ? "pur" : "purple")
            }
        }
        if theme.ascii {
            switch card.shading {
            case .solid: words.append(compact ? "sol" : "solid")
            case .striped: words.append(compact ? "str" : "striped")
            case .open: words.append(compact ? "opn" : "open")
            }
        }
        return words.joined(separator: " ")
    }

    static func legend(theme: Theme) -> String {
        theme.ascii
            ? "Shapes: ^ triangle, o circle, # square; colour and shading are written under the shapes."
            : "Shapes ▲ ● ■ solid, ◭ ◐ ◧ striped, △ ○ □ open; colours red, green and purple"
                + (theme.hasColor ? "." : " (written under the shapes).")
    }

    /// The focused card's frame: reverse video (cyan when not selected), so the cursor is
    /// the whole frame, and it reads without colour.
    static func focusStyle(_ frame: Style) -> Style {
        var style = frame
        style.reverse = true
        style.bold = true
        if style.foreground == .terminalDefault { style.foreground = .cyan }
        return style
    }

    /// The terminal colour for a card colour.
    static func terminalColor(_ color: SetCard.Color) -> Color {
        switch color {
        case .red: return .red
        case .green: return .green
        case .purple: return .magenta
        }
    }
}

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

/// What a Set score is kept with: the sets found and the time played (m:ss).
struct SetFigures: ScoreFigures, Equatable {
    var sets: Int
    var time: String
    /// The seconds played, kept beside the score (not among the figures).
    var duration: Double?

    var stored: [String: String] { ["sets": String(sets), "time": time] }

    init(sets: Int, time: String, duration: Double? = nil) {
        self.sets = sets
        self.time = time
        self.duration = duration
    }

    init?(stored: [String: String]) {
        guard let sets = stored["sets"].flatMap({ Int($0) }), let time = stored["time"] else { return nil }
        self.init(sets: sets, time: time)
    }
}
