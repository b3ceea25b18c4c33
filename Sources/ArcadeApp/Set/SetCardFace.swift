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

/// The classic face of a Set card: one, two or three shapes side by side, rasterised into
/// quadrant blocks (`▘ ▝ ▖ ▗`, `▀ ▄ ▌ ▐`, `▚ ▞`, `▛ ▜ ▙ ▟`, `█`: two by two pixels a cell).
///
/// The model's shapes keep their names; the classic face draws a triangle as a diamond, a
/// circle as an oval and a square as a squiggle. Solid shapes are filled, striped ones
/// have lines across them inside their outline, open ones are the outline alone, so the
/// shadings differ without colour. Pure: the same card and size give the same cells.
///
/// Braille (eight dots a cell) was tried too: finer shapes, but a solid shape reads as
/// grey dots rather than filled, and DejaVu Sans Mono, a common default font, has no
/// Braille, so a terminal falls back to another font for it.
enum SetCardFace {
    /// The classic shapes, in the model's order.
    enum Shape: Hashable, Sendable {
        case diamond, oval, squiggle

        init(_ symbol: SetCard.Symbol) {
            switch symbol {
            case .triangle: self = .diamond
            case .circle: self = .oval
            case .square: self = .squiggle
            }
        }
    }

    /// The smallest shape that still reads as its shape: 4 cells wide, 3 rows high.
    static let minimumShape = Size(width: 4, height: 3)

    /// The smallest inside of a card that holds three of the smallest shapes, a column apart.
    static let minimumInner: Size = {
        let pixels = 3 * 2 * minimumShape.width + 2 * gap(forShapeWidth: 2 * minimumShape.width)
        return Size(width: (pixels + 1) / 2, height: minimumShape.height)
    }()

    /// The pixels between two shapes `width` pixels wide: a quarter of a shape, a cell at least.
    static func gap(forShapeWidth width: Int) -> Int { max(2, width / 4) }

    /// The size in pixels (two across and two down a cell) of each shape on a card whose
    /// inside is `inner` cells, or nil when the shapes would be too small to read.
    ///
    /// Three shapes and their gaps fill the width, a cell from either side when they are
    /// larger than the smallest; a shape is about two and a half times as tall as wide on
    /// screen (a pixel is about twice as tall as wide), never taller than the card allows,
    /// and narrowed on a short card so it does not turn into a blob.
    static func shapePixels(in inner: Size) -> Size? {
        func room(_ width: Int) -> Int { 3 * width + 2 * gap(forShapeWidth: width) }
        var width = 2 * minimumShape.width
        guard room(width) <= 2 * inner.width else { return nil }
        while room(width + 1) + 2 * 2 <= 2 * inner.width { width += 1 }
        let height = min(2 * inner.height, width + width / 4)
        width = min(width, height * 4 / 3)
        guard width >= 2 * minimumShape.width, height >= 2 * minimumShape.height else { return nil }
        return Size(width: width, height: height)
    }

    /// Whether a card whose inside is `inner` has room for faces that read.
    static func fits(in inner: Size) -> Bool { shapePixels(in: inner) != nil }

    /// The face of `card` on a card whose inside is `inner`: `inner.height` rows of
    /// `inner.width` cells (spaces around the shapes), or nil when the shapes would not read.
    static func rows(for card: SetCard, inner: Size) -> [String]? {
        guard let shape = shapePixels(in: inner) else { return nil }
        var canvas = Canvas(width: 2 * inner.width, height: 2 * inner.height)
        let count = card.number.rawValue
        let gap = gap(forShapeWidth: shape.width)
        let total = count * shape.width + (count - 1) * gap
        let left = (canvas.width - total) / 2, top = (canvas.height - shape.height) / 2
        let mask = Mask(Shape(card.symbol), pixels: shape)
        for index in 0..<count {
            canvas.paint(mask, card.shading, at: Point(x: left + index * (shape.width + gap), y: top))
        }
        return canvas.rows
    }

    /// Draw `card`'s face centred in `inner` in `style` (the card's colour), leaving the
    /// cells around the shapes alone; nothing when the shapes would not read.
    static func draw(_ card: SetCard, in inner: Rect, style: Style, into grid: inout CellGrid) {
        guard let rows = rows(for: card, inner: inner.size) else { return }
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
        /// no room for stripes).
        func isEdge(_ x: Int, _ y: Int) -> Bool {
            !self[x - 1, y] || !self[x + 1, y] || !self[x, y - 1] || !self[x, y + 1]
        }
    }

    /// The inside of a card in pixels, two by two a cell.
    private struct Canvas {
        let width: Int, height: Int
        private var lit: [Bool]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            lit = Array(repeating: false, count: width * height)
        }

        /// Light `mask`'s pixels with its top left at `origin`, as `shading` fills it: all of
        /// it (solid), its outline and a line across every other pixel row, the top half of
        /// each row of cells (striped), or its outline alone (open).
        mutating func paint(_ mask: Mask, _ shading: SetCard.Shading, at origin: Point) {
            for y in 0..<mask.size.height {
                for x in 0..<mask.size.width where mask[x, y] {
                    let at = Point(x: origin.x + x, y: origin.y + y)
                    guard at.x >= 0, at.x < width, at.y >= 0, at.y < height else { continue }
                    let on: Bool
                    switch shading {
                    case .solid: on = true
                    case .striped: on = mask.isEdge(x, y) || at.y % 2 == 0
                    case .open: on = mask.isEdge(x, y)
                    }
                    if on { lit[at.y * width + at.x] = true }
                }
            }
        }

        /// The canvas as rows of quadrant blocks.
        var rows: [String] {
            (0..<height / 2).map { row in
                String(String.UnicodeScalarView((0..<width / 2).map { column in
                    let x = 2 * column, y = 2 * row
                    let bits = (lit[y * width + x] ? 1 : 0) | (lit[y * width + x + 1] ? 2 : 0)
                        | (lit[(y + 1) * width + x] ? 4 : 0) | (lit[(y + 1) * width + x + 1] ? 8 : 0)
                    return SetCardFace.quadrants[bits]
                }))
            }
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
        }
    }
}
