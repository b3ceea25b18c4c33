import ArcadeTestSupport
import ArcadeUI
import Testing

@Suite struct SplitTests {
    @Test func headerBodyFooter() {
        let parts = Rect(x: 0, y: 0, width: 80, height: 24).rows([.fixed(1), .flexible, .fixed(1)])
        #expect(parts == [Rect(x: 0, y: 0, width: 80, height: 1),
                          Rect(x: 0, y: 1, width: 80, height: 22),
                          Rect(x: 0, y: 23, width: 80, height: 1)])
    }

    @Test func weightsShareTheRestAndRoundingGoesToTheFirst() {
        let parts = Rect(x: 2, y: 1, width: 10, height: 3).columns([.weight(1), .weight(2)])
        #expect(parts == [Rect(x: 2, y: 1, width: 4, height: 3), Rect(x: 6, y: 1, width: 6, height: 3)])
    }

    @Test func spacingSitsBetweenParts() {
        let parts = Rect(x: 0, y: 0, width: 20, height: 5).columns([.flexible, .flexible, .flexible], spacing: 1)
        #expect(parts.map(\.x) == [0, 7, 14])
        #expect(parts.map(\.width) == [6, 6, 6])
    }

    @Test func fixedPartsThatDoNotFitAreCutAndStayInside() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 3)
        let parts = rect.rows([.fixed(2), .fixed(5), .flexible])
        #expect(parts.map(\.height) == [2, 1, 0])
        #expect(parts.allSatisfy { rect.intersection($0) == $0 })
    }

    @Test func splitsWithAFlexiblePartAlwaysFillTheRect() {
        let specs: [[LayoutSize]] = [
            [.flexible], [.fixed(1), .flexible, .fixed(1)], [.weight(3), .fixed(4), .weight(1)],
            [.flexible, .flexible, .flexible, .flexible, .flexible, .flexible, .flexible],
        ]
        for spec in specs {
            for spacing in 0...2 {
                for length in 0...30 {
                    let rect = Rect(x: 3, y: 4, width: length, height: length)
                    let columns = rect.columns(spec, spacing: spacing)
                    let rows = rect.rows(spec, spacing: spacing)
                    #expect(columns.count == spec.count && rows.count == spec.count)
                    #expect(columns.allSatisfy { rect.intersection($0) == $0 && $0.height == length })
                    #expect(rows.allSatisfy { rect.intersection($0) == $0 && $0.width == length })
                    let gaps = spacing * (spec.count - 1)
                    if length >= gaps {
                        #expect(columns.reduce(0) { $0 + $1.width } + gaps == length, "\(spec) \(spacing) \(length)")
                        #expect(rows.reduce(0) { $0 + $1.height } + gaps == length, "\(spec) \(spacing) \(length)")
                        #expect(columns.last?.maxX == rect.maxX)
                    }
                }
            }
        }
    }
}

@Suite struct GridLayoutTests {
    @Test func twentyFourItemsInEightyByTwenty() {
        let rect = Rect(x: 0, y: 0, width: 80, height: 20)
        let grid = GridLayout(fitting: 24, in: rect, minCell: Size(width: 12, height: 4))
        #expect(grid.columns == 6 && grid.rows == 4)
        #expect(grid.cellSize == Size(width: 13, height: 5))
        #expect(grid.fitsMinimum)
        #expect(grid.cell(at: 0) == Rect(x: 1, y: 0, width: 13, height: 5))
        #expect(grid.cell(at: 23) == Rect(x: 66, y: 15, width: 13, height: 5))
        #expect(grid.cell(at: 24) == nil && grid.cell(at: -1) == nil)
        #expect(grid.index(at: Point(x: 14, y: 0)) == 1)
        #expect(grid.index(at: Point(x: 14, y: 5)) == 7)
        #expect(grid.index(at: Point(x: 0, y: 0)) == nil)  // the margin left by centring
    }

    @Test func spacingIsLeftBetweenCells() {
        let grid = GridLayout(fitting: 24, in: Rect(x: 0, y: 0, width: 80, height: 20),
                              minCell: Size(width: 12, height: 4), spacing: Size(width: 1, height: 1))
        #expect(grid.columns == 6 && grid.rows == 4 && grid.cellSize == Size(width: 12, height: 4))
        #expect(grid.cell(at: 1)?.x == grid.cell(at: 0).map { $0.maxX + 1 })
        #expect(grid.index(at: Point(x: grid.cell(at: 0)!.maxX, y: grid.origin.y)) == nil)
    }

    @Test func twelveCardsPreferWideCells() {
        let grid = GridLayout(fitting: 12, in: Rect(x: 0, y: 0, width: 80, height: 20),
                              minCell: Size(width: 12, height: 4))
        #expect(grid.columns == 4 && grid.rows == 3 && grid.cellSize == Size(width: 20, height: 6))
    }

    @Test func maxCellCapsAndCentres() {
        let grid = GridLayout(fitting: 4, in: Rect(x: 0, y: 0, width: 80, height: 24),
                              minCell: Size(width: 4, height: 2), maxCell: Size(width: 10, height: 5))
        #expect(grid.columns == 4 && grid.rows == 1 && grid.cellSize == Size(width: 10, height: 5))
        #expect(grid.origin == Point(x: 20, y: 9))
    }

    @Test func tooSmallRectSaysSoButStaysInside() {
        let rect = Rect(x: 0, y: 0, width: 30, height: 10)
        let grid = GridLayout(fitting: 24, in: rect, minCell: Size(width: 12, height: 4))
        #expect(!grid.fitsMinimum)
        #expect(grid.cells.count == 24)
        #expect(grid.cells.allSatisfy { rect.intersection($0) == $0 })
    }

    @Test func noCellEverLeavesTheRectOrOverlapsAnother() {
        for count in 0...30 {
            for width in [0, 1, 7, 40, 80] {
                for height in [0, 1, 5, 24] {
                    let rect = Rect(x: 2, y: 3, width: width, height: height)
                    let grid = GridLayout(fitting: count, in: rect, minCell: Size(width: 6, height: 3),
                                          spacing: Size(width: 1, height: 0))
                    let cells = grid.cells
                    #expect(cells.count == count)
                    #expect(grid.columns * grid.rows >= count)
                    for (index, cell) in cells.enumerated() {
                        #expect(cell.x >= rect.x && cell.maxX <= rect.maxX && cell.y >= rect.y && cell.maxY <= rect.maxY,
                                "\(count) in \(rect): cell \(index) is \(cell)")
                        for other in cells[(index + 1)...] where !cell.isEmpty && !other.isEmpty {
                            #expect(cell.intersection(other).isEmpty, "\(cell) overlaps \(other)")
                        }
                    }
                }
            }
        }
    }
}
