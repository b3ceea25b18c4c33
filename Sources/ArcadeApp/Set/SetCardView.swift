import ArcadeUI
import SetModel

/// How a Set card is drawn on every table: its frame (selected, judged, hinted, claimed,
/// under the cursor), its face (glyphs, large glyphs or the classic shapes), and what the
/// shapes cannot show in this theme, in words.
enum SetCardView {
    /// A card: a rounded frame, double when selected (yellow, or green / red once judged),
    /// in reverse video when the cursor is on it — distinct in monochrome too. A card just
    /// tried and let go (the daily puzzle) keeps the judged colour and mark on a single frame.
    /// Inside, the classic faces when `faces`; else the glyphs, drawn large on a card tall
    /// enough for them.
    static func draw(_ card: SetCard, in frame: Rect, look: CardLook, isCursor: Bool, faces: Bool,
                     into grid: inout CellGrid) {
        let color = terminalColor(card.color)
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
            let name = words(for: card, theme: grid.theme)
            if !name.isEmpty {
                grid.write(" \(name) ", at: Point(x: frame.x + 2, y: frame.y), style: frameStyle,
                           clip: Rect(x: frame.x + 2, y: frame.y, width: frame.width - 6, height: 1))
            }
            return
        }
        let glyph = glyph(card.symbol, card.shading, ascii: grid.theme.ascii)
        let spacing = inner.width >= 13 ? "  " : " "
        let symbols = Array(repeating: glyph, count: card.number.rawValue).joined(separator: spacing)
        // The words in full when the longest of any card fits ("purple striped"), else
        // abbreviated on every card alike ("pur str").
        let longest = words(for: SetCard(number: .one, symbol: .circle, shading: .striped, color: .purple),
                                 theme: grid.theme)
        let words = words(for: card, theme: grid.theme, compact: DisplayWidth.of(longest) > inner.width)
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

    /// A card in a few columns for the list of sets found: its symbols (and its colour's
    /// letter without colour).
    static func compact(_ card: SetCard, theme: Theme) -> String {
        let glyph = glyph(card.symbol, card.shading, ascii: theme.ascii)
        let symbols = String(repeating: glyph, count: card.number.rawValue)
        guard theme.namesColors || theme.ascii else { return symbols }
        let letter: String
        switch card.color {
        case .red: letter = "r"
        case .green: letter = "g"
        case .purple: letter = "p"
        }
        let shading: String
        switch card.shading {
        case .solid: shading = "s"
        case .striped: shading = "t"
        case .open: shading = "o"
        }
        return letter + (theme.ascii ? shading : "") + symbols
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
