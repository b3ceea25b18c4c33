import ArcadeUI

/// Digits drawn several rows tall from a 3×5 pixel font, in three sizes.
enum BigDigit {
    /// How large a digit is drawn.
    enum Scale: CaseIterable {
        /// Each pixel two columns wide: 6×5 cells.
        case large
        /// Two pixel rows per cell with half blocks (▀ ▄ █): 3×3 cells; in ASCII 3×5.
        case medium
        /// The digit itself: 1×1.
        case small

        /// The cells one digit takes.
        func size(ascii: Bool) -> Size {
            switch self {
            case .large: return Size(width: 6, height: 5)
            case .medium: return ascii ? Size(width: 3, height: 5) : Size(width: 3, height: 3)
            case .small: return Size(width: 1, height: 1)
            }
        }
    }

    /// The font: five rows of three pixels per digit, `#` lit.
    private static let font: [[String]] = [
        ["###", "# #", "# #", "# #", "###"],
        [" # ", "## ", " # ", " # ", "###"],
        ["###", "  #", "###", "#  ", "###"],
        ["###", "  #", "###", "  #", "###"],
        ["# #", "# #", "###", "  #", "  #"],
        ["###", "#  ", "###", "  #", "###"],
        ["###", "#  ", "###", "# #", "###"],
        ["###", "  #", "  #", "  #", "  #"],
        ["###", "# #", "###", "# #", "###"],
        ["###", "# #", "###", "  #", "###"],
    ]

    /// True when the pixel at column `x`, row `y` of `digit` is lit.
    static func isLit(_ digit: Int, x: Int, y: Int) -> Bool {
        guard (0...9).contains(digit), (0..<5).contains(y), (0..<3).contains(x) else { return false }
        let row = font[digit][y]
        return row[row.index(row.startIndex, offsetBy: x)] == "#"
    }

    /// Draw `digit` with its top left at `origin`.
    static func draw(_ digit: Int, scale: Scale, at origin: Point, style: Style, into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        switch scale {
        case .small:
            grid.write(String(digit), at: origin, style: style.bolded)
        case .large:
            let pixel = Glyphs(theme: grid.theme).pick("██", ascii: "##")  // one font pixel, two columns wide
            for y in 0..<5 {
                for x in 0..<3 where isLit(digit, x: x, y: y) {
                    grid.write(pixel, at: Point(x: origin.x + 2 * x, y: origin.y + y), style: style)
                }
            }
        case .medium where ascii:
            for y in 0..<5 {
                for x in 0..<3 where isLit(digit, x: x, y: y) {
                    grid.put("#", at: Point(x: origin.x + x, y: origin.y + y), style: style)
                }
            }
        case .medium:
            for row in 0..<3 {
                for x in 0..<3 {
                    let top = isLit(digit, x: x, y: 2 * row), bottom = isLit(digit, x: x, y: 2 * row + 1)
                    let glyph: Unicode.Scalar? = top && bottom ? "█" : top ? "▀" : bottom ? "▄" : nil
                    if let glyph { grid.put(glyph, at: Point(x: origin.x + x, y: origin.y + row), style: style) }
                }
            }
        }
    }
}
