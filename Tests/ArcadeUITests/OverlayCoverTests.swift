import ArcadeTestSupport
import ArcadeUI
import Testing

/// A box drawn over a screen covers what it overlaps whole: no half of a wide glyph, and no
/// cut piece of a line beside its frame (the daily puzzle's box once stood beside `║△` and
/// `║■■ ○`, the ends of the list of sets under it).
@Suite struct OverlayCoverTests {
    /// A grid of rows of wide glyphs and a list's symbols, every other row one column to the
    /// right, so that glyphs straddle either edge of anything drawn over them.
    private func widelyFilled(_ size: Size) -> CellGrid {
        prepareForDrawing()
        var grid = CellGrid(size: size, theme: Theme(colorMode: .monochrome))
        for y in 0..<size.height {
            grid.write((y % 2 == 0 ? "" : "x") + String(repeating: "日本△■", count: 12), at: Point(x: 0, y: y))
        }
        return grid
    }

    /// Every wide glyph of `grid` is whole: its right half follows it, and every right half
    /// has its glyph before it.
    private func expectNoHalfGlyph(_ grid: CellGrid, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<grid.size.height {
            for x in 0..<grid.size.width {
                let cell = grid[x, y]
                if cell.width == 2 {
                    #expect(x + 1 < grid.size.width && grid[x + 1, y].isContinuation, "(\(x), \(y))",
                            sourceLocation: sourceLocation)
                }
                if cell.isContinuation {
                    #expect(x > 0 && grid[x - 1, y].width == 2, "(\(x), \(y))", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test(arguments: [Size(width: 31, height: 9), Size(width: 40, height: 12)])
    func aDialogOverWideGlyphsLeavesNothingBesideItsFrame(size: Size) {
        var grid = widelyFilled(size)
        let dialog = Dialog(title: "Solved", message: "All six sets found.", buttons: [Button("OK")], preferredWidth: 20)
        let box = dialog.layout(in: grid.bounds).box
        dialog.draw(into: &grid, in: grid.bounds)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for y in 0..<size.height {
            let row = rows[y]
            if (box.y..<box.maxY).contains(y) {
                // Beside the frame only blanks: the row is the box's part and nothing else.
                for x in 0..<size.width where x < box.x || x >= box.maxX {
                    #expect(grid[x, y] == .blank, "(\(x), \(y)) beside the box holds \(grid[x, y].scalar):\n\(grid.text)")
                }
                #expect(row.hasPrefix(String(repeating: " ", count: box.x) + (y == box.y ? "╔" : y == box.maxY - 1 ? "╚" : "║")),
                        "\(row)")
            } else {
                #expect(row.contains("日本"), "rows away from the box are left as they were: \(row)")
            }
        }
        expectNoHalfGlyph(grid)
    }

    @Test func aDialogInPartOfTheScreenCoversItsRowsOnlyThere() {
        var grid = widelyFilled(Size(width: 60, height: 10))
        let area = Rect(x: 10, y: 0, width: 41, height: 10)
        let dialog = Dialog(title: "Over", message: "Hand over.", buttons: [])
        let box = dialog.layout(in: area).box
        dialog.draw(into: &grid, in: area)
        for y in box.y..<box.maxY {
            for x in area.x..<area.maxX where x < box.x || x >= box.maxX { #expect(grid[x, y] == .blank) }
            #expect(grid[2, y] != .blank || grid[3, y] != .blank, "outside the area the screen stays")
        }
        expectNoHalfGlyph(grid)
    }
}
