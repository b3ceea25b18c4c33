import ArcadeUI
import SetModel

/// How Set cards are drawn: three glyphs (`▲ ● ■`), or the classic faces — diamonds,
/// ovals and squiggles drawn as shapes. `c` switches between them.
enum SetCardStyle: String, Sendable, CaseIterable {
    case glyphs, classic

    /// The other style.
    var toggled: SetCardStyle { self == .glyphs ? .classic : .glyphs }

    /// The setting the chosen style is kept under (`GameEffect.remember`).
    static let setting = "set.cardStyle"

    /// The style kept in `settings`; glyphs when none is, or one this version does not know.
    init(remembered settings: [String: String]) {
        self = settings[Self.setting].flatMap(SetCardStyle.init(rawValue:)) ?? .glyphs
    }
}

/// A Set card's shapes drawn large: one, two or three side by side, rasterised into quadrant
/// blocks (`▘ ▝ ▖ ▗`, `▀ ▄ ▌ ▐`, `▚ ▞`, `▛ ▜ ▙ ▟`, `█`: two by two pixels a cell).
///
/// The classic faces draw the model's triangle as a diamond, its circle as an oval and its
/// square as a squiggle, on any card with room for them. The glyph style keeps the glyphs'
/// triangle, circle and square, drawn large once a card is tall enough (on a smaller card it
/// writes the glyphs `▲ ● ■`).
///
/// The shadings differ without colour and at every size: solid is filled (`█`), striped is
/// an outline around a shaded inside (`▒`, a cell whose pixels are all inside the shape),
/// open is the outline alone. The outline is half a cell thick. One shape is drawn once, in
/// whole cells, and copied: a card's shapes are identical. Pure: the same card and size give
/// the same cells.
///
/// Striped shades whole cells, not lines a pixel row apart: on a small shape such lines merge
/// with the outline into rows as filled as solid, and a copy starting half a cell over would
/// differ from the first. Quadrant blocks, not Braille: a Braille shape reads as grey dots
/// rather than solid, and many terminal fonts have no Braille at all.
enum SetCardFace {
    /// The shapes drawn large: the classic three, and the glyph style's three.
    enum Shape: Hashable, Sendable {
        case diamond, oval, squiggle
        case triangle, circle, square

        /// The shape `symbol` is drawn as in `style`.
        init(_ symbol: SetCard.Symbol, style: SetCardStyle = .classic) {
            switch (symbol, style) {
            case (.triangle, .classic): self = .diamond
            case (.circle, .classic): self = .oval
            case (.square, .classic): self = .squiggle
            case (.triangle, .glyphs): self = .triangle
            case (.circle, .glyphs): self = .circle
            case (.square, .glyphs): self = .square
            }
        }
    }

    /// The smallest classic shape that still reads as its shape: 4 cells wide, 3 rows high.
    static let minimumShape = Size(width: 4, height: 3)

    /// The smallest glyph shape drawn large (smaller, the glyph style writes its glyphs):
    /// smaller, a triangle has no room for its shaded inside.
    static let minimumGlyphShape = Size(width: 7, height: 4)

    /// The smallest inside of a card that holds three of the smallest classic shapes, a
    /// column apart.
    static let minimumInner = Size(width: room(forShapeWidth: 2 * minimumShape.width), height: minimumShape.height)

    /// The cells between two shapes `width` pixels wide: a quarter of a shape, one at least.
    static func gap(forShapeWidth width: Int) -> Int { max(1, width / 8) }

    /// The cells three shapes `width` pixels wide (whole cells) take with their gaps.
    static func room(forShapeWidth width: Int) -> Int {
        3 * width / 2 + 2 * gap(forShapeWidth: width)
    }

    /// `pixels` rounded down to whole cells.
    private static func whole(_ pixels: Int) -> Int { pixels - pixels % 2 }

    /// The size in pixels (two across and two down a cell, always whole cells) of each shape
    /// on a card whose inside is `inner` cells, drawn in `style`, or nil when the shapes would
    /// be too small to read.
    ///
    /// Classic: three shapes and their gaps fill the width, a cell from either side when they
    /// are larger than the smallest; a shape is about two and a half times as tall as wide on
    /// screen (a pixel is about twice as tall as wide), never taller than the card allows, and
    /// narrowed on a short card so it does not turn into a blob.
    ///
    /// Glyphs: as wide, and a little taller than wide on screen, with a blank row above and
    /// below; only on a card at least six rows tall inside, so smaller cards keep the glyphs.
    static func shapePixels(in inner: Size, style: SetCardStyle = .classic) -> Size? {
        let smallest = style == .classic ? minimumShape : minimumGlyphShape
        var width = 2 * smallest.width
        let margin = style == .classic ? 0 : 2
        guard room(forShapeWidth: width) + margin <= inner.width, style == .classic || inner.height >= smallest.height + 2 else {
            return nil
        }
        while room(forShapeWidth: width + 2) + 2 <= inner.width { width += 2 }
        var height: Int
        switch style {
        case .classic:
            height = min(2 * inner.height, whole(width + width / 4))
            width = min(width, whole(height * 4 / 3))
        case .glyphs:
            // Eight units tall for seven wide: 4/7 of the width in pixel rows, to whole cells.
            let natural = 2 * ((width * 4 + 7) / 14), room = 2 * (inner.height - 2)
            height = min(natural, room)
            if room < natural { width = min(width, whole(height * 7 / 4)) }
        }
        guard width >= 2 * smallest.width, height >= 2 * smallest.height else { return nil }
        return Size(width: width, height: height)
    }

    /// Whether a card whose inside is `inner` has room for classic faces that read.
    static func fits(in inner: Size) -> Bool { shapePixels(in: inner) != nil }

    /// Whether a card whose inside is `inner` has room for shapes drawn in `style`.
    static func fits(in inner: Size, style: SetCardStyle) -> Bool { shapePixels(in: inner, style: style) != nil }

    /// The face of `card` on a card whose inside is `inner`, drawn in `style`: `inner.height`
    /// rows of `inner.width` cells (spaces around the shapes), or nil when the shapes would not read.
    static func rows(for card: SetCard, inner: Size, style: SetCardStyle = .classic) -> [String]? {
        guard let pixels = shapePixels(in: inner, style: style) else { return nil }
        let shape = cells(of: Mask(Shape(card.symbol, style: style), pixels: pixels), card.shading)
        let count = card.number.rawValue
        let width = pixels.width / 2, step = width + gap(forShapeWidth: pixels.width)
        let total = count * width + (count - 1) * (step - width)
        let left = (inner.width - total) / 2, top = (inner.height - shape.count) / 2
        var rows = Array(repeating: Array(repeating: Unicode.Scalar(" "), count: inner.width), count: inner.height)
        for index in 0..<count {
            for (row, line) in shape.enumerated() {
                for (column, scalar) in line.enumerated() {
                    rows[top + row][left + index * step + column] = scalar
                }
            }
        }
        return rows.map { String(String.UnicodeScalarView($0)) }
    }

    /// Draw `card`'s face centred in `inner` in `style` (the card's colour), its shapes drawn
    /// as `cardStyle` draws them, leaving the cells around the shapes alone; nothing when the
    /// shapes would not read.
    static func draw(_ card: SetCard, in inner: Rect, as cardStyle: SetCardStyle = .classic, style: Style,
                     into grid: inout CellGrid) {
        guard let rows = rows(for: card, inner: inner.size, style: cardStyle) else { return }
        for (row, line) in rows.enumerated() {
            for (column, scalar) in line.unicodeScalars.enumerated() where scalar != " " {
                grid.put(scalar, at: Point(x: inner.x + column, y: inner.y + row), style: style, clip: inner)
            }
        }
    }

    /// The block for each set of lit quadrants: top left 1, top right 2, bottom left 4,
    /// bottom right 8.
    static let quadrants: [Unicode.Scalar] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// The cell a striped shape's inside is shaded with.
    static let shade: Unicode.Scalar = "▒"

    /// One shape in `shading` as rows of cells: solid lights every pixel inside; open, the
    /// outline; striped, the outline, and shades each cell whose four pixels are all inside
    /// and off the outline.
    private static func cells(of mask: Mask, _ shading: SetCard.Shading) -> [[Unicode.Scalar]] {
        (0..<mask.size.height / 2).map { row in
            (0..<mask.size.width / 2).map { column in
                let pixels = [(0, 0, 1), (1, 0, 2), (0, 1, 4), (1, 1, 8)].map { dx, dy, bit in
                    (x: 2 * column + dx, y: 2 * row + dy, bit: bit)
                }
                let lit: (Int, Int) -> Bool
                switch shading {
                case .solid: lit = { mask[$0, $1] }
                case .striped, .open: lit = { mask[$0, $1] && mask.isEdge($0, $1) }
                }
                let bits = pixels.reduce(0) { $0 | (lit($1.x, $1.y) ? $1.bit : 0) }
                if shading == .striped && bits == 0 && pixels.allSatisfy({ mask[$0.x, $0.y] }) { return shade }
                return quadrants[bits]
            }
        }
    }

    /// The pixels inside one shape: a pixel is in when most of it is (sampled three by
    /// three). On screen a pixel is half a cell each way, so about half as wide as tall.
    private struct Mask {
        let size: Size
        private var inside: [Bool]

        init(_ shape: Shape, pixels size: Size) {
            self.size = size
            // On-screen units: a pixel is 1/2 wide and 1 tall (a cell 1 by 2).
            let boxWidth = Double(size.width) / 2, boxHeight = Double(size.height)
            let samples = 3
            var inside: [Bool] = []
            inside.reserveCapacity(size.width * size.height)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    var hits = 0
                    for sy in 0..<samples {
                        for sx in 0..<samples {
                            let px = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / 2
                            let py = Double(y) + (Double(sy) + 0.5) / Double(samples)
                            if SetCardFace.contains(shape, x: px, y: py, width: boxWidth, height: boxHeight) { hits += 1 }
                        }
                    }
                    inside.append(2 * hits > samples * samples)
                }
            }
            self.inside = inside
        }

        subscript(x: Int, y: Int) -> Bool {
            x >= 0 && x < size.width && y >= 0 && y < size.height && inside[y * size.width + x]
        }

        /// An inside pixel next to the outside (left, right, up or down): the outline, half a
        /// cell thick (a cell's width at the sides reads as heavy and leaves a small shape
        /// no room for its inside).
        func isEdge(_ x: Int, _ y: Int) -> Bool {
            !self[x - 1, y] || !self[x + 1, y] || !self[x, y - 1] || !self[x, y + 1]
        }
    }

    /// Whether the point (`x`, `y`) of a box `width` by `height` (on-screen units, the
    /// shape's long axis down) is inside `shape`.
    static func contains(_ shape: Shape, x: Double, y: Double, width: Double, height: Double) -> Bool {
        // u across and v down, from -1 to 1 over the box.
        let u = 2 * x / width - 1, v = 2 * y / height - 1
        switch shape {
        case .diamond:
            // Points at the ends; the middle half a pixel row either way is the widest, so
            // the middle row reaches the full width whether the rows are odd or even.
            let halfRow = 1 / height
            return abs(u) + max(0, abs(v) - halfRow) <= 1
        case .oval:
            // A stadium: a bar with round ends as wide as the shape.
            let radius = width / 2
            let centreY = min(max(y, radius), height - radius)
            let dx = x - width / 2, dy = y - centreY
            return dx * dx + dy * dy <= radius * radius
        case .squiggle:
            // A bar bent into an S: its middle swings right above and left below (a
            // sine's arches, drawn as parabolas), its ends round off.
            guard abs(v) <= 1 else { return false }
            let centre = 0.22 * 4 * v * (1 - abs(v))
            let halfWidth = 0.78 * (1 - v * v * v * v).squareRoot()
            return abs(u - centre) <= halfWidth
        case .triangle:
            // The point at the top, the base along the bottom.
            return abs(v) <= 1 && abs(u) <= (v + 1) / 2
        case .circle:
            return u * u + v * v <= 1
        case .square:
            return abs(u) <= 1 && abs(v) <= 1
        }
    }
}
