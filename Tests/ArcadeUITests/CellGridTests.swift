import ArcadeTestSupport
import CArcadeWidth
import Testing

@testable import ArcadeUI

@Suite struct CellGridTests {
    init() { prepareForDrawing() }

    @Test func emojiAndCJKTakeTwoColumnsAndLatinOne() {
        #expect(DisplayWidth.of("🍒" as Unicode.Scalar) == 2)
        #expect(DisplayWidth.of("漢" as Unicode.Scalar) == 2)
        #expect(DisplayWidth.of("▲" as Unicode.Scalar) == 1)
        #expect(DisplayWidth.of("♠" as Unicode.Scalar) == 1)
        #expect(DisplayWidth.of("A" as Unicode.Scalar) == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)  // a combining accent adds nothing
        #expect(DisplayWidth.of("🍒x漢") == 5)
        // Text of ASCII only is counted from its bytes: each, controls too, is one column, as
        // its code point is; one other code point anywhere counts them all as code points.
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(DisplayWidth.of(ascii) == 128)
        #expect(DisplayWidth.of(ascii + "漢") == 130 && DisplayWidth.of("漢" + ascii) == 130)
    }

    @Test func boxDrawingAndBlockElementsTakeOneColumnAsTheCLibrarySays() {
        for value in UInt32(0x2500)...0x259F {
            let scalar = Unicode.Scalar(value)!
            #expect(arcade_wcwidth(wchar_t(bitPattern: value)) == 1 && DisplayWidth.of(scalar) == 1,
                    "U+\(String(value, radix: 16))")
        }
    }

    @Test func wideGlyphOccupiesItsCellAndAContinuation() {
        var grid = CellGrid(size: Size(width: 6, height: 1))
        let used = grid.write("a🍒b", at: Point(x: 0, y: 0))
        #expect(used == 4)
        #expect(grid[1, 0].scalar == "🍒")
        #expect(grid[1, 0].width == 2)
        #expect(grid[2, 0].isContinuation)
        #expect(grid[3, 0].scalar == "b")
        #expect(grid.text == "a🍒b")
    }

    @Test func wideGlyphThatWouldCrossTheRightEdgeBecomesASpace() {
        var grid = CellGrid(size: Size(width: 4, height: 1))
        grid.write("abc🍒", at: Point(x: 0, y: 0))
        #expect(grid.text == "abc")
        #expect(grid[3, 0].scalar == " ")
        #expect(grid[3, 0].width == 1)
    }

    @Test func wideGlyphCrossingAClipRectangleBecomesASpace() {
        var grid = CellGrid(size: Size(width: 10, height: 1))
        grid.write("🍒🍒🍒", at: Point(x: 0, y: 0), clip: Rect(x: 0, y: 0, width: 5, height: 1))
        #expect(grid.text == "🍒🍒")
        #expect(grid[4, 0].scalar == " ")
    }

    @Test func aGridDrawnIntoAClipRectangleKeepsOnlyWhatIsInsideAndCutsNoGlyphInHalf() {
        var picture = CellGrid(size: Size(width: 6, height: 2))
        picture.write("ab🍒cd", at: Point(x: 0, y: 0))
        picture.write("efghij", at: Point(x: 0, y: 1))
        var grid = CellGrid(size: Size(width: 8, height: 3))
        grid.write("........", at: Point(x: 0, y: 0))
        grid.write("........", at: Point(x: 0, y: 1))
        grid.write("........", at: Point(x: 0, y: 2))
        grid.draw(picture, at: Point(x: 1, y: 1), clip: Rect(x: 0, y: 0, width: 4, height: 2))
        #expect(grid.text == "........\n.ab ....\n........", "the cherry's left half ends the clip: a space")
        grid.draw(picture, at: Point(x: -3, y: 0), clip: Rect(x: 0, y: 0, width: 8, height: 3))
        #expect(grid.text == " cd.....\nhij ....\n........", "its right half starts the clip: a space")
    }

    /// Random rows of narrow and wide glyphs in two styles, drawn and filled over each other
    /// at random places and clips: every cell ends as it did when each was placed one by one.
    @Test func runsCopiedWholeEndAsCellsPlacedOneByOne() {
        var next = Draws(seed: 0x9E37_79B9_7F4A_7C15)
        func randomGrid(_ width: Int, _ height: Int) -> CellGrid {
            var grid = CellGrid(size: Size(width: width, height: height))
            for y in 0..<height {
                var x = 0
                while x < width {
                    let glyph: Unicode.Scalar = ["a", "b", "🍒", "漢", " "][next(5)]
                    x += grid.put(glyph, at: Point(x: x, y: y), style: next(2) == 0 ? .plain : .bold)
                }
            }
            return grid
        }
        for trial in 0..<400 {
            var grid = randomGrid(9, 4)
            var model = CellByCell(cells: grid.cells, width: 9)
            let clip = Rect(x: next(8) - 1, y: next(4) - 1, width: next(10), height: next(5))
            if trial % 3 == 0 {
                let cell = Cell(["x", " "][next(2)], style: next(2) == 0 ? .plain : .bold)
                grid.fill(clip, with: cell)
                model.fill(clip.intersection(grid.bounds), with: cell)
            } else {
                let other = randomGrid(1 + next(8), 1 + next(4))
                let origin = Point(x: next(12) - 3, y: next(6) - 2)
                let usesClip = trial % 3 == 1
                grid.draw(other, at: origin, clip: usesClip ? clip : nil)
                model.draw(other, at: origin, area: (usesClip ? clip : grid.bounds).intersection(grid.bounds))
            }
            #expect(grid.cells == model.cells, "trial \(trial)")
        }
    }

    @Test func asciiTextWrittenAsARunEndsAsItsCharactersPutOneByOne() {
        var next = Draws(seed: 0x2545_F491_4F6C_DD1D)
        for trial in 0..<600 {
            var grid = CellGrid(size: Size(width: 9, height: 3))
            for y in 0..<3 {
                var x = 0
                while x < 9 {
                    let glyph: Unicode.Scalar = ["a", "🍒", "漢", " "][next(4)]
                    x += grid.put(glyph, at: Point(x: x, y: y), style: next(2) == 0 ? .plain : .bold)
                }
            }
            var put = grid
            let text = String((0..<next(12)).map { _ in Character(Unicode.Scalar(UInt8(0x20 + next(95)))) })
            let origin = Point(x: next(14) - 4, y: next(5) - 1)
            let clip: Rect? = next(2) == 0 ? nil : Rect(x: next(9) - 1, y: next(4) - 1, width: next(10), height: next(4))
            let style: Style = next(2) == 0 ? .underline : Style().foreground(.red)
            let columns = grid.write(text, at: origin, style: style, clip: clip)
            for (offset, scalar) in text.unicodeScalars.enumerated() {
                put.put(scalar, at: Point(x: origin.x + offset, y: origin.y), style: style, clip: clip)
            }
            #expect(columns == text.count, "trial \(trial)")
            #expect(grid.cells == put.cells, "trial \(trial): \(text.debugDescription) at \(origin), clip \(String(describing: clip))")
        }
    }

    @Test func asciiWidgetTextIsDrawnAndCountedUpToItsLimitAsPutOneByOne() {
        var next = Draws(seed: 0x5851_F42D_4C95_7F2D)
        for trial in 0..<400 {
            var grid = CellGrid(size: Size(width: 8, height: 2))
            grid.write("a漢b🍒c", at: Point(x: next(3), y: 0))
            var put = grid
            let text = String((0..<next(10)).map { _ in Character(Unicode.Scalar(UInt8(0x20 + next(95)))) })
            let origin = Point(x: next(12) - 3, y: next(3))
            let clip: Rect? = next(2) == 0 ? nil : Rect(x: next(9) - 1, y: next(3) - 1, width: next(10), height: next(3))
            let limit = (clip ?? put.bounds).intersection(put.bounds).maxX
            var x = origin.x
            for scalar in text.unicodeScalars where x < limit {
                put.put(scalar, at: Point(x: x, y: origin.y), style: .bold, clip: clip)
                x += 1
            }
            #expect(grid.drawWidgetText(text, at: origin, style: .bold, clip: clip) == x - origin.x, "trial \(trial)")
            #expect(grid.cells == put.cells, "trial \(trial)")
        }
    }

    @Test func aGlyphFilledAlongARectangleIsDrawnAsEachCellPutWouldDrawIt() {
        for ascii in [false, true] {
            for glyph in ["─", "║", "x", "\u{1}", "漢", "\u{301}"] as [Unicode.Scalar] {
                for rect in [Rect(x: 1, y: 0, width: 5, height: 1), Rect(x: 0, y: 1, width: 1, height: 2),
                             Rect(x: -1, y: 1, width: 9, height: 3), Rect(x: 2, y: 0, width: 3, height: 3)] {
                    var filled = CellGrid(size: Size(width: 7, height: 3), theme: Theme(ascii: ascii))
                    filled.write("a漢b🍒cd", at: Point(x: 0, y: 0))
                    filled.write("漢漢漢x", at: Point(x: 0, y: 1))
                    var put = filled
                    filled.fill(rect, with: glyph, style: .bold)
                    let area = rect.intersection(put.bounds)
                    for y in area.y..<area.maxY {
                        for x in area.x..<area.maxX { put.put(glyph, at: Point(x: x, y: y), style: .bold) }
                    }
                    #expect(filled.cells == put.cells, "\(glyph.value) in \(rect), ascii \(ascii)")
                }
            }
        }
    }

    @Test func asciiTextIsWrittenFromAnyColumnButOnlyInsideTheClip() {
        var grid = CellGrid(size: Size(width: 6, height: 2))
        #expect(grid.write("abcdef", at: Point(x: -2, y: 0)) == 6)
        #expect(grid.write("xyz", at: Point(x: 1, y: 1), clip: Rect(x: 2, y: 1, width: 2, height: 1)) == 3)
        #expect(grid.text == "cdef\n  yz")
        var ascii = CellGrid(size: Size(width: 4, height: 1), theme: Theme(ascii: true))
        ascii.write("a\u{1}b", at: Point(x: 0, y: 0))
        #expect(ascii.text == "a?b", "a control character is drawn as ?")
    }

    @Test func textPastTheEdgesIsClippedNotWrapped() {
        var grid = CellGrid(size: Size(width: 5, height: 2))
        grid.write("Hello, world", at: Point(x: 2, y: 0))
        grid.write("off", at: Point(x: -2, y: 1))
        grid.write("never", at: Point(x: 0, y: 5))
        #expect(grid.text == "  Hel\nf")
    }

    @Test func overwritingHalfOfAWideGlyphBlanksTheOtherHalf() {
        var grid = CellGrid(size: Size(width: 4, height: 1))
        grid.write("🍒🍒", at: Point(x: 0, y: 0))
        grid.put("x", at: Point(x: 1, y: 0))  // the right half of the first cherry
        #expect(grid.text == " x🍒")
        grid.put("y", at: Point(x: 2, y: 0))  // the left half of the second
        #expect(grid.text == " xy")
        #expect(!grid[3, 0].isContinuation)
    }

    @Test func asciiThemeReplacesEveryNonASCIIGlyph() {
        var grid = CellGrid(size: Size(width: 6, height: 1), theme: Theme(colorMode: .monochrome, ascii: true))
        grid.write("a漢🍒b", at: Point(x: 0, y: 0))
        #expect(grid.text == "a??b")
    }

    @Test func asciiThemeKeepsPunctuationReadableAndTheWidthTheSame() {
        var grid = CellGrid(size: Size(width: 40, height: 1), theme: Theme(colorMode: .monochrome, ascii: true))
        let text = "+300 — No match. −2 · Spinning… ×2 ▲▼"
        let used = grid.write(text, at: Point(x: 0, y: 0))
        #expect(grid.text == "+300 - No match. -2 - Spinning. x2 ^v")
        #expect(used == DisplayWidth.of(text))
    }

    /// Control characters never reach the screen (each shows as `?`), and the text of a
    /// grid trims trailing spaces only.
    @Test(arguments: [
        (Size(width: 4, height: 1), "a\u{1B}b\u{7}", 0, "a?b?"),
        (Size(width: 6, height: 3), " a  b", 1, "\n a  b\n"),
    ])
    func writtenTextShowsAsItShould(size: Size, text: String, row: Int, shown: String) {
        var grid = CellGrid(size: size)
        grid.write(text, at: Point(x: 0, y: row))
        #expect(grid.text == shown)
    }

    @Test func drawingOneGridIntoAnotherClipsAndKeepsWideGlyphsWhole() {
        var small = CellGrid(size: Size(width: 4, height: 2))
        small.write("ab🍒", at: Point(x: 0, y: 0))
        small.write("cd", at: Point(x: 0, y: 1))
        var big = CellGrid(size: Size(width: 5, height: 2))
        big.write("zzzzz", at: Point(x: 0, y: 0))
        big.draw(small, at: Point(x: 2, y: 1))
        #expect(big.text == "zzzzz\n  ab")
        var edge = CellGrid(size: Size(width: 3, height: 1))
        edge.draw(small, at: Point(x: 0, y: 0))
        #expect(edge.text == "ab")
    }

    /// A grid as wide as the frame is copied by whole rows: the rows it covers, clipped above
    /// and below, and nothing (no crash) when it lies wholly outside.
    @Test func drawingAGridAsWideAsTheFrameCopiesTheRowsItCovers() {
        var screen = CellGrid(size: Size(width: 4, height: 3))
        screen.write("ab🍒", at: Point(x: 0, y: 0))
        screen.write("cd", at: Point(x: 0, y: 1))
        screen.write("ef", at: Point(x: 0, y: 2), style: .bold)
        for (originY, shown) in [(0, "ab🍒\ncd\nef"), (1, "zzzz\nab🍒\ncd"), (-2, "ef\nzzzz\nzzzz"),
                                 (-3, "zzzz\nzzzz\nzzzz"), (3, "zzzz\nzzzz\nzzzz"), (-40, "zzzz\nzzzz\nzzzz")] {
            var frame = CellGrid(size: Size(width: 4, height: 3))
            for row in 0..<3 { frame.write("zzzz", at: Point(x: 0, y: row)) }
            frame.draw(screen, at: Point(x: 0, y: originY))
            #expect(frame.text == shown, "drawn at row \(originY)")
        }
        var frame = CellGrid(size: Size(width: 4, height: 3))
        frame.draw(screen, at: Point(x: 0, y: 0))
        #expect(frame == screen, "styles and wide glyphs copied as they are")
    }

    /// A screen drawn straight into the rows above the key line sees a grid of their size
    /// and leaves what drawing into a grid of its own and copying that in leaves: clipped at
    /// its bottom edge, with the row below as it was.
    @Test func drawingIntoTheTopRowsIsDrawingIntoAGridOfTheirOwnAndCopyingIt() {
        func screen(_ grid: inout CellGrid) {
            grid.fill(Rect(x: 1, y: 1, width: 9, height: 9), with: Cell("#", style: .bold))
            grid.write("漢字がはみ出す", at: Point(x: 0, y: 0))
            grid.write("below", at: Point(x: 0, y: grid.size.height))
            grid.write("🍒🍒", at: Point(x: 2, y: grid.size.height - 1), style: .reverse)
        }
        for (width, height, rows) in [(6, 4, 3), (6, 4, 4), (5, 3, 0), (7, 2, -1), (4, 3, 9), (0, 3, 2)] {
            // The top rows arrive cleared, as a frame's do; the rows below hold what they hold.
            var frame = CellGrid(size: Size(width: width, height: height))
            for row in max(0, rows)..<max(height, rows) { frame.write("key line", at: Point(x: 0, y: row)) }
            var copied = frame
            var own = CellGrid(size: Size(width: width, height: min(max(0, rows), height)))
            screen(&own)
            copied.draw(own, at: Point(x: 0, y: 0))
            var seen: Size?
            frame.drawTopRows(rows) { grid in
                seen = grid.size
                screen(&grid)
            }
            #expect(seen == own.size, "\(width)×\(height), top \(rows)")
            #expect(frame == copied, "\(width)×\(height), top \(rows):\n\(frame.text)\n--\n\(copied.text)")
            #expect(frame.cells.count == width * height)
        }
    }

    /// Every byte of a cell is one of its fields (none is padding, which a store leaves as the
    /// memory held before): equal cells are equal bytes, which the terminal relies on to pass
    /// over the rows of a frame that are the rows shown.
    @Test func everyByteOfACellIsAField() {
        #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
        #expect(MemoryLayout<Style>.size == MemoryLayout<Style>.stride)
    }

    @Test func aGridIsNeverLargerThanTheLargestSize() {
        // A terminal that says it is 10,000 × 10,000 cells gets 1000 × 500 of them drawn,
        // not 1.6 GB of cells per frame.
        let grid = CellGrid(size: Size(width: 10000, height: 10000))
        #expect(grid.size == CellGrid.largestSize)
        #expect(grid.cells.count == CellGrid.largestSize.width * CellGrid.largestSize.height)
        #expect(CellGrid(size: Size(width: 120, height: 40)).size == Size(width: 120, height: 40))
    }

    @Test func restyleKeepsGlyphs() {
        var grid = CellGrid(size: Size(width: 3, height: 1))
        grid.write("abc", at: Point(x: 0, y: 0))
        grid.restyle(Rect(x: 1, y: 0, width: 5, height: 1)) { $0.reverse = true }
        #expect(grid.text == "abc")
        #expect(!grid[0, 0].style.reverse)
        #expect(grid[1, 0].style.reverse && grid[2, 0].style.reverse)
    }
}

/// A grid's cells drawn and filled one at a time, each placed as `CellGrid` places one: the
/// model its whole-run copies are checked against.
private struct CellByCell {
    var cells: [Cell]
    let width: Int

    mutating func place(_ cell: Cell, x: Int, y: Int) {
        let index = y * width + x
        let old = cells[index]
        if old.width == 2 && x + 1 < width && cell.width != 2 { cells[index + 1] = Cell(" ", style: cells[index + 1].style) }
        if old.isContinuation && x > 0 && !cell.isContinuation { cells[index - 1] = Cell(" ", style: cells[index - 1].style) }
        cells[index] = cell
    }

    mutating func fill(_ area: Rect, with cell: Cell) {
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { place(cell, x: x, y: y) }
        }
    }

    mutating func draw(_ other: CellGrid, at origin: Point, area: Rect) {
        for y in 0..<other.size.height where origin.y + y >= area.y && origin.y + y < area.maxY {
            for x in 0..<other.size.width where origin.x + x >= area.x && origin.x + x < area.maxX {
                let cell = other[x, y]
                let cut = (cell.width == 2 && origin.x + x + 1 >= area.maxX) || (cell.isContinuation && origin.x + x == area.x)
                place(cut ? Cell(" ", style: cell.style) : cell, x: origin.x + x, y: origin.y + y)
            }
        }
    }
}

/// Whole numbers below a bound, the same for a seed on every run (a linear congruential
/// generator): `next(8)` is 0…7.
private struct Draws {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func callAsFunction(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
