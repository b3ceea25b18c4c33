import ArcadeUI
import TempleModel

/// The deck's pictures as the temples pages draw them: each card's picture as the deck
/// holds it, and copies scaled for the page on show (`ScaledPictures`).
///
/// The screen keeps the copies up to date where it changes (`keep`, with the pictures the
/// page on show wants), so that drawing (`drawFramed`) finds them made.
struct TemplePictures {
    /// A picture a page shows: its card's id and the pixel height it is drawn at.
    typealias Shown = (id: String, pixelHeight: Int)

    private var originals: [String: RGBAImage] = [:]
    /// The copies scaled for the page on show.
    private(set) var scaled = ScaledPictures()

    /// Keep `picture` as card `id`'s.
    mutating func add(_ picture: RGBAImage, for id: String) {
        originals[id] = picture
    }

    /// The picture of card `id` as the deck holds it.
    func original(_ id: String) -> RGBAImage? { originals[id] }

    /// Keep `shown` scaled to their heights, drawn for `theme`.
    mutating func keep(_ shown: [Shown], drawingFor theme: Theme) {
        let wanted = shown.compactMap { picture in
            originals[picture.id].map { ScaledPictures.Wanted(id: picture.id, original: $0, pixelHeight: picture.pixelHeight) }
        }
        scaled.keep(wanted, drawingFor: theme)
    }

    /// A picture in its border, at the layout's size for it (scaled when the frame changed;
    /// see `ScaledPictures`), centred in the frame's height when it had to shrink to fit the
    /// pane's width.
    func drawFramed(_ card: Flashcard, in frame: Rect, clip: Rect, style: BoxStyle, frameStyle: Style,
                    pixelHeight: Int, into grid: inout CellGrid) {
        var framed = CellGrid(size: frame.size, theme: grid.theme)
        Box(style: style, frameStyle: frameStyle).draw(into: &framed, in: framed.bounds)
        if let original = original(card.id), pixelHeight > 0 {
            let inner = Box.inner(of: framed.bounds)
            if let cells = scaled.cells(of: card.id, pixelHeight: pixelHeight, theme: grid.theme) {
                let top = max(0, (inner.height - cells.size.height) / 2)
                framed.draw(cells, at: Point(x: 1, y: 1 + top), clip: inner)
            } else {
                let picture = scaled.picture(card.id, original, pixelHeight: pixelHeight)
                let top = max(0, (inner.height - (picture.height + 1) / 2) / 2)
                PictureCells.draw(picture, at: Point(x: 1, y: 1 + top), into: &framed, clip: inner)
            }
        }
        // Copy what lies inside the pane, cell for cell (not glyph by glyph: they were made once).
        grid.draw(framed, at: frame.origin, clip: clip)
    }
}
