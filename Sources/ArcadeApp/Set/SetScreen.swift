import ArcadeCore
import ArcadeUI
import SetModel

/// The Set card, named apart from Blackjack's `Card` (both modules are imported by the app).
typealias SetCard = SetModel.Card

/// Solo Set: find sets of three among the cards on the table.
///
/// A cursor (arrows or h/j/k/l) and Space/Enter, or a click, select cards. The third
/// selection is judged at once: a green double frame and "SET!" or a red one and "Not a
/// set". `d` deals three more, `t` marks one set for 2 points, `n` starts a new game.
struct SetScreen: GameScreen {
    /// The most cards the table has room for (a screen rule, not a model rule).
    static let maximumCards = 24

    private(set) var game: SetGame
    /// The place (index into `game.board`) the cursor is on.
    private(set) var cursor = 0
    /// The line under the status: what the last action did.
    private(set) var message = "Find three cards where each feature is all the same or all different."
    /// The set a hint marked, until the next selection or deal.
    private(set) var hinted: [SetCard] = []
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

    // MARK: - GameScreen

    /// Room for the cards on the table at their smallest, plus status, message and buttons.
    var minimumSize: Size { SetLayout.minimumSize(places: game.board.count, theme: theme) }
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
                KeyHint("← → ↑ ↓  h j k l", "move the cursor"),
                KeyHint("Space  Enter", "select or deselect the card under the cursor"),
                KeyHint("click", "select or deselect a card; press a button"),
                KeyHint("d", "deal 3 more cards (or replace a found set)"),
                KeyHint("t", "hint: mark one set (costs \(SetGame.hintCost))"),
                KeyHint("s", "show or hide how many sets are on the table"),
                KeyHint("n", "new game"),
            ],
            notes: [
                "A set is three cards where number, shape, shading and colour are each all the "
                    + "same or all different. +\(SetGame.setReward) for a set, −\(SetGame.mismatchPenalty) "
                    + "for three that are not, −\(SetGame.deselectPenalty) for deselecting a card.",
                legend,
                "The game ends when the deck is empty and no set is left.",
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
        if let direction = key.direction(vimKeys: true) {
            moveCursor(direction)
            return []
        }
        switch key {
        case .space, .enter:
            if game.isOver { return newGame() }
            return select(at: cursor)
        case .character("d"), .character("D"):
            return deal()
        case .character("n"), .character("N"):
            return newGame()
        case .character("t"), .character("T"):
            return hint()
        case .character("s"), .character("S"):
            showsSetCount.toggle()
        case .character("m") where game.isOver:
            return [.leave]
        default:
            break
        }
        return []
    }

    private mutating func click(at point: Point) -> [GameEffect] {
        let layout = SetLayout(size: size, places: game.board.count, theme: theme)
        if game.isOver {
            switch gameOverDialog.buttonIndex(at: point, in: layout.area) {
            case 0?: return newGame()
            case 1?: return [.leave]
            default: return []
            }
        }
        if let place = layout.grid.index(at: point) {
            cursor = place
            return select(at: place)
        }
        switch buttons.index(at: point, in: layout.buttons) {
        case 0?: return deal()
        case 1?: return newGame()
        case 2?: return hint()
        default: return []
        }
    }

    private mutating func moveCursor(_ direction: Direction) {
        let columns = SetLayout(size: size, places: game.board.count, theme: theme).grid.columns
        let (dx, dy) = direction.delta
        let target = cursor + dx + dy * max(1, columns)
        let sameRow = dy != 0 || target / max(1, columns) == cursor / max(1, columns)
        if game.board.indices.contains(target) && sameRow { cursor = target }
    }

    private mutating func select(at place: Int) -> [GameEffect] {
        guard !game.isOver, game.board.indices.contains(place), let card = game.board[place] else { return [] }
        start()
        let wasSelected = game.selectedCards.contains(card) && game.selectedCards.count < 3
        game.select(card)
        hinted = []
        if wasSelected {
            message = "Deselected (−\(SetGame.deselectPenalty))."
        } else if let isSet = game.selectionIsSet {
            message = isSet ? "SET! +\(SetGame.setReward)  Select any card or press d to go on."
                            : "Not a set. −\(SetGame.mismatchPenalty)"
        } else {
            message = "\(game.selectedCards.count) of 3 selected."
        }
        return finishIfOver()
    }

    private mutating func deal() -> [GameEffect] {
        guard canDeal else {
            message = game.canDealMore ? "No room for more cards: find a set." : "The deck is empty."
            return []
        }
        start()
        let replacing = game.selectionIsSet == true
        game.dealThreeMore()
        hinted = []
        message = replacing ? "The set was replaced." : "Dealt 3 more cards."
        return finishIfOver()
    }

    private mutating func hint() -> [GameEffect] {
        guard !game.isOver else { return [] }
        if !hinted.isEmpty {
            message = "The hint is marked ★ on the table."
            return []
        }
        start()
        if let set = game.hint() {
            hinted = set
            message = "One set is marked ★ (−\(SetGame.hintCost))."
        } else {
            message = "No set on the table — deal 3 more (d)."
        }
        return []
    }

    private mutating func newGame() -> [GameEffect] {
        var generator = SeededGenerator(seed: game.seed)
        game = SetGame(seed: generator.next())
        cursor = 0
        hinted = []
        elapsed = 0
        hasStarted = false
        recorded = false
        message = "New game. Find three cards where each feature is all the same or all different."
        return []
    }

    private mutating func start() {
        hasStarted = true
    }

    /// At the end of a game: record it once.
    private mutating func finishIfOver() -> [GameEffect] {
        guard game.isOver, !recorded else { return [] }
        recorded = true
        message = "No sets left and the deck is empty: game over."
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
            buttons: [Button("Play again (n)", hotKey: .character("n"), isFocused: true),
                      Button("Menu (m)", hotKey: .character("m"))],
            preferredWidth: 30, style: Style.bold.foreground(.cyan))
    }

    func render(into grid: inout CellGrid) {
        let layout = SetLayout(size: grid.size, places: game.board.count, theme: theme)
        drawStatus(into: &grid, layout: layout)
        let setsLeft = game.setsOnBoard()
        if !game.isOver && setsLeft.isEmpty && game.selectionIsSet != true {
            grid.write("No set on the table — deal 3 more (d).", at: Point(x: 1, y: 1), style: Style.bold.foreground(.yellow))
        } else {
            grid.write(message, at: Point(x: 1, y: 1), style: messageStyle, clip: Rect(x: 1, y: 1, width: grid.size.width - 2, height: 1))
        }
        for (place, card) in game.board.enumerated() {
            guard let card, let frame = layout.grid.cell(at: place) else { continue }
            drawCard(card, in: frame, isCursor: place == cursor, into: &grid)
        }
        if let frame = layout.grid.cell(at: cursor), game.board.indices.contains(cursor), game.board[cursor] == nil {
            grid.put(grid.theme.ascii ? "*" : "◆", at: frame.origin, style: Style().foreground(.yellow))
        }
        buttons.draw(into: &grid, in: layout.buttons)
        if game.isOver { gameOverDialog.draw(into: &grid, in: layout.area) }
    }

    private func drawStatus(into grid: inout CellGrid, layout: SetLayout) {
        var status = "Score \(game.score)   Sets \(game.setsFound)   Deck \(game.deckCount)   Time \(Self.clock(elapsed))"
        if showsSetCount { status += "   Sets on table: \(game.setsOnBoard().count)" }
        grid.write(status, at: Point(x: 1, y: 0), style: .bold, clip: Rect(x: 1, y: 0, width: grid.size.width - 2, height: 1))
    }

    private var messageStyle: Style {
        switch game.selectionIsSet {
        case true?: return Style.bold.foreground(.green)
        case false?: return Style.bold.foreground(.red)
        case nil: return .plain
        }
    }

    private func drawCard(_ card: SetCard, in frame: Rect, isCursor: Bool, into grid: inout CellGrid) {
        let selected = game.selectedCards.contains(card)
        let color = Self.terminalColor(card.color)
        var frameStyle = Style.plain  // plain: the cursor's corner goes back to it without an attribute change
        var boxStyle = BoxStyle.rounded
        if selected {
            boxStyle = .double
            switch game.selectionIsSet {
            case true?: frameStyle = Style.bold.foreground(.green)
            case false?: frameStyle = Style.bold.foreground(.red)
            case nil: frameStyle = Style.bold.foreground(.yellow)
            }
        }
        Box(style: boxStyle, frameStyle: frameStyle).draw(into: &grid, in: frame)
        let ascii = grid.theme.ascii
        if selected, let isSet = game.selectionIsSet {
            let mark = isSet ? (ascii ? "ok" : "✓") : (ascii ? "x" : "✗")
            grid.write(mark, at: Point(x: frame.maxX - 2 - mark.count, y: frame.y), style: frameStyle)
        }
        if hinted.contains(card) {
            grid.put(ascii ? "*" : "★", at: Point(x: frame.maxX - 2, y: frame.maxY - 1), style: Style.bold.foreground(.yellow))
        }
        if isCursor {
            grid.put(ascii ? ">" : "◆", at: frame.origin, style: Style().foreground(.yellow))
        }
        let inner = Box.inner(of: frame)
        let glyph = Self.glyph(card.symbol, card.shading, ascii: ascii)
        let spacing = inner.width >= 13 ? "  " : " "
        let symbols = Array(repeating: glyph, count: card.number.rawValue).joined(separator: spacing)
        let words = Self.words(for: card, theme: grid.theme, compact: inner.width < 14)
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

/// Where the parts of the Set screen go: status, message, the largest cards that fit, buttons.
struct SetLayout {
    var area: Rect
    var grid: GridLayout
    var buttons: Rect

    /// The smallest card: a frame around "▲ ▲ ▲", and a row of words when colour or
    /// shading must be written out.
    static func minimumCard(theme: Theme) -> Size {
        Size(width: 9, height: !theme.hasColor || theme.ascii ? 4 : 3)
    }

    /// The smallest screen for `places` cards: four columns up to 12 cards, six beyond.
    static func minimumSize(places: Int, theme: Theme) -> Size {
        let card = minimumCard(theme: theme)
        let columns = places <= 12 ? 4 : 6
        let rows = (max(12, places) + columns - 1) / columns
        return Size(width: columns * card.width + (columns - 1) + 2, height: rows * card.height + 4)
    }

    init(size: Size, places: Int, theme: Theme) {
        area = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let minCell = Self.minimumCard(theme: theme)
        let table = Rect(x: 1, y: 2, width: max(0, size.width - 2), height: max(0, size.height - 4))
        // Lay out at least 12 places so the cards keep their size as the table fills up.
        grid = GridLayout(fitting: max(12, places), in: table, minCell: minCell, spacing: Size(width: 1, height: 0),
                          maxCell: Size(width: 22, height: 7), aspect: 3)
        grid.count = places
        buttons = Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: 1)
    }
}
