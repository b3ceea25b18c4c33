import ArcadeUI
import MemoryModel

/// One card of a Memory board as drawn: its back face down; face up its symbol, or a
/// temple's picture or name, and its bonus bar; a frame marking a mismatch or a pair just
/// found, reversed under the cursor.
struct MemoryCardView {
    var card: MemoryBoardPage.Game.Card
    /// What the card shows face up (`MemoryBoardPage.face(of:)`).
    var face: MemoryBoardPage.CardFace
    var look: Look
    var isFocused: Bool
    /// The share of the card's bonus time left, 0–1, which the bar shows.
    var bonus: Double

    /// How a face-up card is framed.
    enum Look {
        /// Face up on its own, or face down.
        case plain
        /// One of two face-up cards that do not match: a red frame.
        case mismatch
        /// One of the pair just found, on show: a green double frame and a check either side.
        case found
    }

    /// The card in `frame`: its back while face down, its symbol and bonus bar while face up
    /// (and while a pair found is on show), nothing once matched but the focused frame, when
    /// focused; a picture is the deck's copy scaled for the card (`deck`).
    func draw(in frame: Rect, deck: DeckPictures, into grid: inout CellGrid) {
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
        if face == .symbol {
            drawSymbol(card.content, in: frame, look: look, frameStyle: frameStyle, into: &grid)
        } else {
            drawTemple(card.content, face: face, in: frame, look: look, frameStyle: edgeStyle, deck: deck, into: &grid)
        }

        // The bonus bar: on the last row inside, or in the bottom edge of a one-row card
        // and of a temple card (whose picture or name takes the whole inside).
        let barY = inner.height >= 2 && face == .symbol ? inner.maxY - 1 : frame.maxY - 1
        let barWidth = inner.width >= 8 ? 6 : inner.width >= 4 ? max(2, inner.width - 2) : inner.width
        let fraction = bonus
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
    private func drawSymbol(_ symbol: MemorySymbol, in frame: Rect, look: Look, frameStyle: Style,
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
    private func drawTemple(_ temple: MemorySymbol, face: MemoryBoardPage.CardFace, in frame: Rect, look: Look,
                            frameStyle: Style, deck: DeckPictures, into grid: inout CellGrid) {
        let area = MemoryBoardLayout.templeFace(of: frame)
        if face == .picture, let picture = Self.scaledPicture(of: temple, onCard: frame, theme: grid.theme, deck: deck) {
            let rows = (picture.height + 1) / 2
            let origin = Point(x: area.x + max(0, (area.width - picture.width) / 2),
                               y: area.y + max(0, (area.height - rows) / 2))
            PictureCells.draw(picture, at: origin, into: &grid, clip: area)
        } else {
            let lines = MemoryBoardLayout.nameLines(temple.word, width: area.width, rows: area.height,
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
    static func scaledPicture(of temple: MemorySymbol, onCard card: Rect, theme: Theme, deck: DeckPictures) -> RGBAImage? {
        guard MemoryBoardLayout.showsPictures(in: theme), let id = temple.temple, let original = deck.original(id),
              let height = MemoryBoardLayout.picturePixelHeight(original, onCard: card) else { return nil }
        return deck.picture(id, pixelHeight: height)
    }
}
