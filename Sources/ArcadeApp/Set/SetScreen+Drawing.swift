import ArcadeUI
import SetModel

extension SetScreen {
    // MARK: - Drawing

    /// The table's buttons, and Mode when the row has room for it.
    func buttons(fitting width: Int) -> ActionButtons<Action> {
        var row: [(Button, Action)] = [
            (Button("Deal 3 More", hotKey: .character("d"), isEnabled: canDeal && !game.isOver), .deal),
            (Button("New Game", hotKey: .character("n")), .newGame),
            (Button("Hint", hotKey: .character("t"), isEnabled: !game.isOver && versus == nil), .hint),
        ]
        let mode = (Button("Mode", hotKey: .character("g")), Action.chooseMode)
        if ButtonRow((row + [mode]).map(\.0), spacing: 2).width <= width { row.append(mode) }
        return ActionButtons(row, spacing: 2, alignment: .center)
    }

    func render(into grid: inout CellGrid) {
        if daily != nil {
            renderDaily(into: &grid)
        } else {
            renderClassic(into: &grid)
        }
        drawChooser(into: &grid)
    }

    private func renderClassic(into grid: inout CellGrid) {
        let layout = SetLayout(frame: grid.frame, places: game.board.count, style: cardStyle)
        statusLine.draw(into: &grid, in: layout.status)
        messageLine.draw(into: &grid, in: layout.message)
        for (place, card) in game.board.enumerated() {
            guard let frame = layout.cell(of: place) else { continue }
            let isCursor = place == cursor.index && !game.isOver
            if let card {
                drawCard(card, in: frame, look: classicLook(card), isCursor: isCursor, faces: layout.showsFaces,
                         into: &grid)
            } else if isCursor {
                // An emptied place late in the game: the cursor is its frame alone.
                Box(style: .rounded, frameStyle: Style.focusFrame(.plain)).draw(into: &grid, in: frame)
            }
        }
        buttons(fitting: layout.buttons.width).draw(into: &grid, in: layout.buttons)
    }

    /// Score, sets, deck and time (and the sets on the table when `s` asked for them).
    private var statusLine: StatusLine {
        if let versusStatus { return versusStatus }
        let fields = "Score \(game.score)   Sets \(game.setsFound)   Deck \(game.deckCount)   Time \(clock.text)"
        let tight = "Score \(game.score)  Sets \(game.setsFound)  Deck \(game.deckCount)  \(clock.text)"
        guard showsSetCount else { return StatusLine([fields, tight], tone: .strong) }
        let onTable = game.setsOnBoard().count
        return StatusLine([fields + "   Sets on table: \(onTable)", fields + "   On table \(onTable)",
                           tight + "  On table \(onTable)"], tone: .strong)
    }

    /// What the last action did, green for a set and red for a miss; a warning when no set
    /// is left on the table.
    private var messageLine: StatusLine {
        // Only while nothing is selected: a selection's own words ("1 of 3 selected.") say
        // what the player just did.
        if game.selectedCards.isEmpty && !game.hasSetOnBoard && !game.isOver {
            return StatusLine(["No set on the table — deal 3 more (d).", "No set: deal 3 more (d)."], tone: .warning)
        }
        switch game.selectionIsSet {
        case true?: return StatusLine(wordings, tone: .good)
        case false?: return StatusLine(wordings, tone: .bad)
        case nil: return StatusLine(wordings)
        }
    }

    /// How the classic table shows `card`: selected, judged, hinted.
    private func classicLook(_ card: SetCard) -> CardLook {
        var look = CardLook(selected: game.selectedCards.contains(card), hinted: hinted.contains(card),
                            claimed: versus?.isClaimed(card) == true)
        if look.selected, let isSet = game.selectionIsSet { look.tried = isSet ? .good : .bad }
        return look
    }

    /// A card: a rounded frame, double when selected (yellow, or green / red once judged),
    /// in reverse video when the cursor is on it — distinct in monochrome too. A card just
    /// tried and let go (the daily puzzle) keeps the judged colour and mark on a single frame.
    /// Inside, the classic faces when `faces`; else the glyphs, drawn large on a card tall
    /// enough for them.
    func drawCard(_ card: SetCard, in frame: Rect, look: CardLook, isCursor: Bool, faces: Bool,
                  into grid: inout CellGrid) {
        let color = Self.terminalColor(card.color)
        var frameStyle = Style.plain
        var boxStyle = BoxStyle.rounded
        if look.selected {
            boxStyle = .double
            frameStyle = StatusLine.Tone.warning.style
        }
        if let tried = look.tried { frameStyle = tried.style }
        if look.claimed {
            boxStyle = .double
            frameStyle = Style.bold.foreground(.cool)
            frameStyle.reverse = true
        }
        if isCursor { frameStyle = Style.focusFrame(frameStyle) }
        Box(style: boxStyle, frameStyle: frameStyle).draw(into: &grid, in: frame)
        let glyphs = Glyphs(theme: grid.theme)
        if let tried = look.tried {
            let mark = tried == .bad ? glyphs.pick("✗", ascii: "x") : glyphs.pick("✓", ascii: "ok")
            grid.write(mark, at: Point(x: frame.maxX - 2 - mark.count, y: frame.y), style: frameStyle)
        }
        if look.claimed {
            // On the bottom edge: the top one carries the colour's name without colour.
            let mark = " CPU "
            grid.write(mark, at: Point(x: frame.x + max(1, (frame.width - mark.count) / 2), y: frame.maxY - 1),
                       style: frameStyle, clip: frame)
        }
        if look.hinted {
            grid.write(glyphs.pick("★", ascii: "*"), at: Point(x: frame.maxX - 2, y: frame.maxY - 1),
                       style: StatusLine.Tone.warning.style)
        }
        let inner = Box.inner(of: frame)
        let style = Style(foreground: color, bold: true)
        let large: SetCardStyle? = faces ? .classic
            : !grid.theme.ascii && SetCardFace.fits(in: inner.size, style: .glyphs) ? .glyphs : nil
        if let large {
            SetCardFace.draw(card, in: inner, as: large, style: style, into: &grid)
            // Without colour the colour is written on the frame, top left ("╭─ purple ──").
            let name = Self.words(for: card, theme: grid.theme)
            if !name.isEmpty {
                grid.write(" \(name) ", at: Point(x: frame.x + 2, y: frame.y), style: frameStyle,
                           clip: Rect(x: frame.x + 2, y: frame.y, width: frame.width - 6, height: 1))
            }
            return
        }
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
        if theme.namesColors || theme.ascii {
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

    /// What the shapes mean, for help: the glyphs, or the classic faces and which glyph
    /// each stands for.
    static func legend(theme: Theme, style: SetCardStyle = .glyphs) -> String {
        if theme.ascii {
            return "Shapes: ^ triangle, o circle, # square; colour and shading are written under the shapes."
        }
        let colours = "colours red, green and purple"
        if style == .classic {
            return "Classic faces: a diamond is ▲, an oval ●, a squiggle ■; filled is solid, shaded inside (▒) "
                + "is striped, an outline alone is open; " + colours
                + (theme.namesColors ? " (written on the frame)" : "")
                + ". On a table too small for them the cards show glyphs."
        }
        return "Shapes ▲ ● ■ solid, ◭ ◐ ◧ striped, △ ○ □ open; " + colours
            + (theme.namesColors ? " (written under the shapes, or on the frame of a large card)." : ".")
            + " On a large card the shapes are drawn large: filled, shaded inside (▒) or an outline."
    }

    /// The terminal colour for a card colour.
    static func terminalColor(_ color: SetCard.Color) -> Color {
        switch color {
        case .red: return .role(.setRed)
        case .green: return .role(.setGreen)
        case .purple: return .role(.setPurple)
        }
    }
}

/// How a card is shown besides its face: selected (a double frame), the judged result of a
/// try (green or red, with ✓ or ✗), a hint's ★.
struct CardLook: Hashable, Sendable {
    var selected = false
    var tried: StatusLine.Tone?
    var hinted = false
    /// Taken by the computer, shown a moment before it goes.
    var claimed = false
}
