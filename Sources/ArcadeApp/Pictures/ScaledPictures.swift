import ArcadeUI

/// A deck's pictures scaled to the heights a layout draws them at: value state of a screen
/// showing pictures, made when the frame or the pictures shown change, never while drawing.
///
/// The pictures on screen are kept, and together they are never larger than the pane;
/// copies of pictures scrolled away stay while all of them take at most `byteLimit` bytes.
/// (A copy per height ever drawn would grow with every resize.) A picture with no copy
/// of the height wanted is scaled as it is drawn, and the copy is not kept. Given the theme,
/// each copy is kept drawn as cells too, and those count against the limit.
struct ScaledPictures {
    /// The most bytes of scaled pictures kept, their cells with them (8 MiB: two million
    /// pixels, or some 700,000 with their cells, more than any pane).
    static let byteLimit = 8 << 20

    /// One picture to keep scaled: its card, its original and the pixel height it is drawn at.
    struct Wanted {
        var id: String
        var original: RGBAImage
        var pixelHeight: Int
    }

    private var copies: [String: RGBAImage] = [:]
    /// The kept copies as cells, drawn once for `cellsLook` when `keep` was given a theme:
    /// drawing a picture cell by cell (its colours, its glyphs) is the costly part of a
    /// frame of pictures, so it is not done again at every frame.
    private var cells: [String: CellGrid] = [:]
    private var cellsLook: PictureLook?
    /// The bytes the kept copies take, their cells with them.
    private(set) var byteCount = 0

    /// What a picture's cells depend on besides its pixels: colour or shades, ASCII or not
    /// (half blocks or colour blocks, Unicode or ASCII shades).
    private struct PictureLook: Equatable {
        var color: Bool
        var ascii: Bool

        init(_ theme: Theme) {
            color = theme.hasColor
            ascii = theme.ascii
        }
    }

    /// The kept copy of picture `id` at `pixelHeight`, or nil when there is none of that height.
    func copy(of id: String, pixelHeight: Int) -> RGBAImage? {
        guard let copy = copies[id], copy.height == min(pixelHeight, PictureCells.maximumScaledHeight) else { return nil }
        return copy
    }

    /// The kept copy of picture `id` at `pixelHeight` as `PictureCells.draw` draws it for
    /// `theme`, or nil when there is none (draw the picture then).
    func cells(of id: String, pixelHeight: Int, theme: Theme) -> CellGrid? {
        guard cellsLook == PictureLook(theme), copy(of: id, pixelHeight: pixelHeight) != nil else { return nil }
        return cells[id]
    }

    /// `original` (picture `id`) `pixelHeight` pixels high: the kept copy, or one scaled now.
    func picture(_ id: String, _ original: RGBAImage, pixelHeight: Int) -> RGBAImage {
        copy(of: id, pixelHeight: pixelHeight) ?? PictureCells.scaled(original, toHeight: pixelHeight)
    }

    /// Keep `shown` at their heights, scaling those with no copy of that height. The other
    /// copies stay as long as all fit within `byteLimit`; the shown ones come first, and past
    /// the limit only the first of them is kept. With `theme`, each copy is kept as cells too,
    /// drawn for it (`cells(of:pixelHeight:theme:)`).
    mutating func keep(_ shown: [Wanted], drawingFor theme: Theme? = nil) {
        let look = theme.map(PictureLook.init)
        // Every picture shown kept already, at its height and drawn for this look, and all the
        // copies within the limit: keeping them again would keep the same (a key that moves a
        // cursor costs no rebuilding).
        if look == cellsLook, byteCount <= Self.byteLimit,
           shown.allSatisfy({ copy(of: $0.id, pixelHeight: $0.pixelHeight) != nil && (look == nil || cells[$0.id] != nil) }) {
            return
        }
        func cost(_ picture: RGBAImage) -> Int {
            picture.byteCount + (look == nil ? 0 : picture.width * ((picture.height + 1) / 2) * MemoryLayout<Cell>.stride)
        }
        var kept: [String: RGBAImage] = [:]
        var bytes = 0
        for wanted in shown where kept[wanted.id] == nil {
            let picture = copy(of: wanted.id, pixelHeight: wanted.pixelHeight)
                ?? PictureCells.scaled(wanted.original, toHeight: wanted.pixelHeight)
            guard kept.isEmpty || bytes + cost(picture) <= Self.byteLimit else { continue }
            kept[wanted.id] = picture
            bytes += cost(picture)
        }
        for (id, picture) in copies where kept[id] == nil && bytes + cost(picture) <= Self.byteLimit {
            kept[id] = picture
            bytes += cost(picture)
        }
        var keptCells: [String: CellGrid] = [:]
        if let theme, let look {
            for (id, picture) in kept {
                // The same copy drawn for the same look: the cells it has already.
                if look == cellsLook, copies[id]?.height == picture.height, let drawn = cells[id] {
                    keptCells[id] = drawn
                    continue
                }
                var drawn = CellGrid(size: Size(width: picture.width, height: (picture.height + 1) / 2), theme: theme)
                PictureCells.draw(picture, at: Point(x: 0, y: 0), into: &drawn)
                keptCells[id] = drawn
            }
        }
        copies = kept
        cells = keptCells
        cellsLook = look
        byteCount = bytes
    }
}
