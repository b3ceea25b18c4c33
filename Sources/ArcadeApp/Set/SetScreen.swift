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

    private(set) var game: SetGame
    /// The place (index into `game.board`) the cursor is on.
    private(set) var cursor = 0
    /// The line under the status: what the last action did, in wordings from the fullest
    /// to the shortest (the first that fits is shown).
    private(set) var wordings = SetScreen.introduction
    /// The set a hint marked, until it is found or the table changes.
    private(set) var hinted: [SetCard] = []
    /// The table when the hint was given: any change to it takes the marks away.
    private var hintedBoard: [SetCard?] = []
    /// The focused button of the game-over box: 0 Play again, 1 Menu.
    private(set) var gameOverFocus = 0
    /// Whether "Sets on board: N" is shown (`s` toggles it).
    private(set) var showsSetCount = false
    /// Seconds played, counted from the first move; stands still while help is open.
    private(set) var elapsed = 0.0
    private(set) var hasStarted = false
    private var recorded = false
    private var size: Size
    private let theme: Theme

    init(seed: UInt64, size: Size, theme: Theme) {
        game = SetGame(seed: seed)
        self.size = size
        self.theme = theme
    }

    /// What the line under the status says, in full.
    var message: String { wordings.first ?? "" }

    static let introduction = [
        "Find three cards where each feature is all the same or all different.",
        "A set: each feature all same or all different.",
        "Find a set of three cards.",
    ]

    // MARK: - GameScreen

    /// Room for the cards on the table at their smallest, plus status, message and buttons,
    /// in the shape that needs the least room.
    var minimumSize: Size { SetLayout.minimumSize(places: game.board.count, theme: theme) }
    func fits(_ size: Size) -> Bool { SetLayout.fits(size, places: game.board.count, theme: theme) }
    func minimumSize(near size: Size) -> Size {
        SetLayout.minimumSize(places: game.board.count, theme: theme, near: size)
    }
    var wantsTicks: Bool { hasStarted && !game.isOver }
    var tickInterval: Double { 1 }
    var isInProgress: Bool { hasStarted && !game.isOver }

    var keyHints: [KeyHint] {
        [KeyHint("Space", "select"), KeyHint("d", "deal 3"), KeyHint("t", "hint"), KeyHint("n", "new")]
    }

    var help: HelpSheet {
        HelpSheet(
            title: "Set",
            keys: [
                KeyHint("← → ↑ ↓  h j k l", "move the cursor (the card in a reverse frame)"),
                KeyHint("Home  End", "the first or last card"),
                KeyHint("Space  Enter", "select or deselect the card under the cursor"),
                KeyHint("click", "select or deselect a card; press a button"),
                KeyHint("d", "deal 3 more cards (or replace a found set)"),
                KeyHint("t", "hint: mark one set (costs \(SetGame.hintCost))"),
                KeyHint("s", "show or hide how many sets are on the table"),
                KeyHint("n", "new game (asks first during a game)"),
            ],
            notes: [
                "A set is three cards where number, shape, shading and colour are each all the "
                    + "same or all different. +\(SetGame.setReward) for a set, −\(SetGame.mismatchPenalty) "
                    + "for three that are not, −\(SetGame.deselectPenalty) for deselecting a card.",
                legend,
                "The game ends when the deck is empty and no set is left. The hint's ★ marks "
                    + "stay until that set is found or the table changes.",
            ])
    }

    mutating func update(_ input: Input) -> [GameEffect] {
        switch input {
        case .tick(let seconds):
            if wantsTicks { elapsed += seconds }
        case .resize(let newSize):
            size = newSize
        case .key(let key):
            return handle(key)
        case .mouse(let event) where event.action == .press:
            return click(at: event.at)
        default:
            break
        }
        return []
    }

    // MARK: - Actions

    private mutating func handle(_ key: Key) -> [GameEffect] {
        if game.isOver { return handleGameOver(key) }
        if let direction = key.direction(vimKeys: true) {
            moveCursor(direction)
            return []
        }
        switch key {
        case .home, .end:
            let layout = SetLayout(size: size, places: game.board.count, theme: theme)
            if let place = key == .home ? layout.firstPlaceOnScreen : layout.lastPlaceOnScreen { cursor = place }
        case .space, .enter:
            return select(at: cursor)
        case .character("d"), .character("D"):
            return deal()
        case .character("n"), .character("N"):
            return askForNewGame()
        case .character("t"), .character("T"):
            return hint()
        case .character("s"), .character("S"):
            showsSetCount.toggle()
        default:
            break
        }
        return []
    }

    /// Keys on the game-over box: its hot keys, Tab and arrows move between its buttons.
    private mutating func handleGameOver(_ key: Key) -> [GameEffect] {
        switch key {
        case .tab, .backTab, .left, .right, .up, .down, .character("h"), .character("l"):
            var dialog = gameOverDialog
            let forward = key == .tab || key == .right || key == .down || key == .character("l")
            dialog.moveFocus(forward ? .right : .left)
            gameOverFocus = dialog.focusedIndex ?? 0
            return []
        default:
            return pressGameOverButton(gameOverDialog.buttonIndex(for: key))
        }
    }

    private mutating func pressGameOverButton(_ index: Int?) -> [GameEffect] {
        switch index {
        case 0?: return newGame()
        case 1?: return [.leave]
        default: return []
        }
    }

    /// A new game at once, or the question first when one is in progress.
    private mutating func askForNewGame() -> [GameEffect] {
        isInProgress ? [.confirm(.newGame)] : newGame()
    }

    mutating func confirmed(_ action: Confirmation.Action) -> [GameEffect] {
        switch action {
        case .newGame: return newGame()
        }
    }

    private mutating func click(at point: Point) -> [GameEffect] {
        let layout = SetLayout(size: size, places: game.board.count, theme: theme)
        if game.isOver {
            return pressGameOverButton(gameOverDialog.buttonIndex(at: point, in: layout.area))
        }
        if let place = layout.place(at: point) {
            cursor = place
            return select(at: place)
        }
        switch buttons.index(at: point, in: layout.buttons) {
        case 0?: return deal()
        case 1?: return askForNewGame()
        case 2?: return hint()
        default: return []
        }
    }

    private mutating func moveCursor(_ direction: Direction) {
        let layout = SetLayout(size: size, places: game.board.count, theme: theme)
        if let target = layout.place(from: cursor, going: direction) { cursor = target }
    }

    private mutating func select(at place: Int) -> [GameEffect] {
        guard !game.isOver, game.board.indices.contains(place), let card = game.board[place] else { return [] }
        start()
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
        guard canDeal else {
            if game.canDealMore {
                say("No room for more cards: find a set.", "No room: find a set.")
            } else {
                say("The deck is empty.")
            }
            return []
        }
        start()
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
        start()
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
        cursor = 0
        hinted = []
        hintedBoard = []
        elapsed = 0
        hasStarted = false
        recorded = false
        gameOverFocus = 0
        say("New game. " + Self.introduction[0], "New game. " + Self.introduction[2], "New game.")
        return []
    }

    /// Put `wordings` (fullest first) on the message line.
    private mutating func say(_ wordings: String...) {
        self.wordings = wordings
    }

    private mutating func start() {
        hasStarted = true
    }

    /// At the end of a game: record it once.
    private mutating func finishIfOver() -> [GameEffect] {
        guard game.isOver, !recorded else { return [] }
        recorded = true
        gameOverFocus = 0
        say("No sets left and the deck is empty: game over.", "Game over.")
        return [.recordScore(game.score, figures: ["sets": String(game.setsFound), "time": Self.clock(elapsed)])]
    }

    /// Deal 3 More is possible: cards in the deck, and room on the table (or a set to replace).
    var canDeal: Bool {
        game.canDealMore && (game.board.count < Self.maximumCards || game.selectionIsSet == true)
    }

    // MARK: - Drawing

    var buttons: ButtonRow {
        ButtonRow([
            Button("Deal 3 More", hotKey: .character("d"), isEnabled: canDeal && !game.isOver),
            Button("New Game", hotKey: .character("n")),
            Button("Hint", hotKey: .character("t"), isEnabled: !game.isOver),
        ], spacing: 2, alignment: .center)
    }

    var gameOverDialog: Dialog {
        Dialog(
            title: "Game over",
            message: "Score \(game.score)\nSets found \(game.setsFound)\nTime \(Self.clock(elapsed))",
            buttons: [Button("Play again (n)", hotKey: .character("n"), isFocused: gameOverFocus == 0),
                      Button("Menu (m)", hotKey: .character("m"), isFocused: gameOverFocus == 1)],
            preferredWidth: 30, style: Style.bold.foreground(.cyan))
    }

    func render(into grid: inout CellGrid) {
        let layout = SetLayout(size: grid.size, places: game.board.count, theme: theme)
        drawStatus(into: &grid, layout: layout)
        let line = Rect(x: 1, y: 1, width: grid.size.width - 2, height: 1)
        if !game.isOver && game.setsOnBoard().isEmpty && game.selectionIsSet != true {
            Self.drawFitting(["No set on the table — deal 3 more (d).", "No set: deal 3 more (d)."], in: line,
                             style: Style.bold.foreground(.yellow), into: &grid)
        } else {
            Self.drawFitting(wordings, in: line, style: messageStyle, into: &grid)
        }
        for (place, card) in game.board.enumerated() {
            guard let frame = layout.cell(of: place) else { continue }
            if let card {
                drawCard(card, in: frame, isCursor: place == cursor && !game.isOver, into: &grid)
            } else if place == cursor && !game.isOver {
                // An emptied place late in the game: the cursor is its frame alone.
                Box(style: .rounded, frameStyle: Self.focusStyle(.plain)).draw(into: &grid, in: frame)
            }
        }
        buttons.draw(into: &grid, in: layout.buttons)
        if game.isOver { gameOverDialog.draw(into: &grid, in: layout.area) }
    }

    /// The first of `wordings` that fits `rect`, else the last cut short with "…".
    static func drawFitting(_ wordings: [String], in rect: Rect, style: Style, into grid: inout CellGrid) {
        let text = wordings.first { DisplayWidth.of($0) <= rect.width } ?? wordings.last ?? ""
        Label(text, style: style).draw(into: &grid, in: rect)
    }

    private func drawStatus(into grid: inout CellGrid, layout: SetLayout) {
        let fields = "Score \(game.score)   Sets \(game.setsFound)   Deck \(game.deckCount)   Time \(Self.clock(elapsed))"
        let tight = "Score \(game.score)  Sets \(game.setsFound)  Deck \(game.deckCount)  \(Self.clock(elapsed))"
        let onTable = game.setsOnBoard().count
        let wordings = showsSetCount
            ? [fields + "   Sets on table: \(onTable)", fields + "   On table \(onTable)", tight + "  On table \(onTable)"]
            : [fields, tight]
        Self.drawFitting(wordings, in: Rect(x: 1, y: 0, width: grid.size.width - 2, height: 1), style: .bold,
                         into: &grid)
    }

    private var messageStyle: Style {
        switch game.selectionIsSet {
        case true?: return Style.bold.foreground(.green)
        case false?: return Style.bold.foreground(.red)
        case nil: return .plain
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
            case true?: frameStyle = Style.bold.foreground(.green)
            case false?: frameStyle = Style.bold.foreground(.red)
            case nil: frameStyle = Style.bold.foreground(.yellow)
            }
        }
        if isCursor { frameStyle = Self.focusStyle(frameStyle) }
        Box(style: boxStyle, frameStyle: frameStyle).draw(into: &grid, in: frame)
        let ascii = grid.theme.ascii
        if selected, let isSet = game.selectionIsSet {
            let mark = isSet ? (ascii ? "ok" : "✓") : (ascii ? "x" : "✗")
            grid.write(mark, at: Point(x: frame.maxX - 2 - mark.count, y: frame.y), style: frameStyle)
        }
        if hinted.contains(card) {
            grid.put(ascii ? "*" : "★", at: Point(x: frame.maxX - 2, y: frame.maxY - 1), style: Style.bold.foreground(.yellow))
        }
        let inner = Box.inner(of: frame)
        let glyph = Self.glyph(card.symbol, card.shading, ascii: ascii)
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

    private var legend: String {
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

    /// Seconds as m:ss.
    static func clock(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        let remainder = whole % 60
        return "\(whole / 60):" + (remainder < 10 ? "0" : "") + "\(remainder)"
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

    /// The place in the top row's first column on screen (where Home goes).
    var firstPlaceOnScreen: Int? { placesOnScreen.min { ($0.row, $0.column) < ($1.row, $1.column) }?.place }

    /// The place in the bottom row's last column on screen (where End goes).
    var lastPlaceOnScreen: Int? { placesOnScreen.max { ($0.row, $0.column) < ($1.row, $1.column) }?.place }

    /// Every place that has a position on screen, with it.
    private var placesOnScreen: [(place: Int, row: Int, column: Int)] {
        (0..<places).compactMap { place in position(of: place).map { (place, $0.row, $0.column) } }
    }

    /// The place next to `place` on screen in `direction`, if there is one.
    func place(from place: Int, going direction: Direction) -> Int? {
        guard let here = position(of: place) else { return nil }
        let (dx, dy) = direction.delta
        return (0..<places).first { other in
            position(of: other).map { $0.row == here.row + dy && $0.column == here.column + dx } ?? false
        }
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

    /// The table's rectangle in a screen of `size`: under the status and message lines,
    /// above the buttons.
    static func table(in size: Size) -> Rect {
        Rect(x: 1, y: 2, width: max(0, size.width - 2), height: max(0, size.height - 3))
    }

    /// The grid for `capacity` places in `table`: the column count with the largest cards
    /// (ties to fewer columns), and whether they are at least `minCell`.
    static func plan(capacity: Int, in table: Rect, minCell: Size) -> GridLayout {
        let grids = columnChoices.map { columns in
            // Every cell of the grid counts: the row order may put a last, partly filled row anywhere.
            let rows = (capacity + columns - 1) / columns
            return GridLayout(columns: columns, rows: rows, count: columns * rows, in: table, minCell: minCell,
                              spacing: Size(width: 1, height: 0), maxCell: maximumCard)
        }
        func score(_ grid: GridLayout) -> (Int, Int) {
            (grid.fitsMinimum ? 1 : 0, min(grid.cellSize.width, grid.cellSize.height * 3))
        }
        return grids.dropFirst().reduce(grids[0]) { best, next in score(next) > score(best) ? next : best }
    }

    /// Whether `places` cards can be shown at `size`, in some shape, at least `minimumCard`.
    static func fits(_ size: Size, places: Int, theme: Theme) -> Bool {
        size.width >= buttonsWidth
            && plan(capacity: max(12, places), in: table(in: size), minCell: minimumCard(theme: theme)).fitsMinimum
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
            return Size(width: max(buttonsWidth, columns * card.width + (columns - 1) + 2),
                        height: rows * card.height + 3)
        }
        func cost(_ shape: Size) -> (Int, Int) {
            (max(0, shape.width - size.width) + max(0, shape.height - size.height), shape.width * shape.height)
        }
        return shapes.dropFirst().reduce(shapes[0]) { best, next in cost(next) < cost(best) ? next : best }
    }

    init(size: Size, places: Int, theme: Theme) {
        area = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let minCell = Self.minimumCard(theme: theme)
        let table = Self.table(in: size)
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
        buttons = Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: 1)
    }
}
