import ArcadeUI
import BlackjackModel

/// A playing card drawn as a small framed card, face up or face down, in two sizes.
///
/// ```
/// large (7×5)   small (5×3)   face down
/// ╭─────╮       ╭───╮         ╭─────╮  ╭───╮
/// │A♠   │       │A♠ │         │░░░░░│  │░░░│
/// │  ♠  │       ╰───╯         │░░░░░│  ╰───╯
/// │   A♠│                     │░░░░░│
/// ╰─────╯                     ╰─────╯
/// ```
///
/// Rank and suit sit in the top-left corner, so a fanned hand still shows every card.
/// Hearts and diamonds are red; in monochrome the suit glyph alone tells them apart,
/// and under `--ascii` suits are the letters S H D C and the back is `#`.
struct CardView {
    /// The two card sizes; the layout picks the large one when the terminal is tall enough.
    enum Scale {
        case large
        case small

        /// Columns and rows one card takes.
        var size: Size {
            switch self {
            case .large: Size(width: 7, height: 5)
            case .small: Size(width: 5, height: 3)
            }
        }
    }

    /// The card, or nil for one lying face down.
    var card: BlackjackModel.Card?
    var scale: Scale

    /// The suit as drawn: its glyph, or its letter under `--ascii`.
    static func suitText(_ suit: Suit, _ glyphs: Glyphs) -> String {
        glyphs.pick(suit.symbol, ascii: suit.letter)
    }

    /// The pattern on a card's back: `░`, or `#` under `--ascii`.
    static func back(_ glyphs: Glyphs) -> Unicode.Scalar {
        glyphs.pick("░", ascii: "#").unicodeScalars.first ?? "#"
    }

    /// The style of a card's rank and suit: red for hearts and diamonds, bold always.
    static func faceStyle(_ suit: Suit) -> Style {
        suit.isRed ? Style.bold.foreground(.role(.suitRed)) : .bold
    }

    /// Draw the card with its top-left corner at `origin`, hiding whatever lies beneath it.
    func draw(into grid: inout CellGrid, at origin: Point) {
        let frame = Rect(origin: origin, size: scale.size)
        Box(style: .rounded, fillsInterior: true).draw(into: &grid, in: frame)
        let inner = Box.inner(of: frame)
        let glyphs = Glyphs(theme: grid.theme)
        guard let card else {
            grid.fill(inner, with: Cell(CardView.back(glyphs), style: Style(foreground: .cool)))
            return
        }
        let corner = card.rank.symbol + CardView.suitText(card.suit, glyphs)
        let style = CardView.faceStyle(card.suit)
        grid.write(corner, at: inner.origin, style: style, clip: inner)
        guard scale == .large else { return }
        let middle = Point(x: inner.x + inner.width / 2, y: inner.y + inner.height / 2)
        grid.write(CardView.suitText(card.suit, glyphs), at: middle, style: style, clip: inner)
        let cornerWidth = DisplayWidth.of(corner)
        grid.write(corner, at: Point(x: inner.maxX - cornerWidth, y: inner.maxY - 1), style: style, clip: inner)
    }

    /// Where each of `count` cards goes when a hand is fanned from the left of `rect`.
    ///
    /// Cards sit one column apart when they fit; otherwise they overlap, each showing at
    /// least its corner (4 columns), and the last card is always whole.
    static func origins(count: Int, scale: Scale, in rect: Rect) -> [Point] {
        guard count > 0 else { return [] }
        let width = scale.size.width
        let minimumStep = 4
        var step = width + 1
        if count > 1 && (count - 1) * step + width > rect.width {
            step = max(minimumStep, (rect.width - width) / (count - 1))
        }
        return (0..<count).map { Point(x: rect.x + $0 * step, y: rect.y) }
    }
}
