import ArcadeUI
import Testing

@testable import ArcadeTerminal

/// The size the arcade draws for, from what the terminal reports, `COLUMNS`/`LINES` and
/// terminfo's size.
@Suite struct TerminalSizeTests {
    let terminfo = Size(width: 80, height: 24)

    @Test func theTerminalsSizeWinsOverColumnsAndLines() {
        let size = TerminalSize.toDraw(reported: Size(width: 100, height: 30),
                                       environment: ["COLUMNS": "120", "LINES": "40"], fallback: terminfo)
        #expect(size == Size(width: 100, height: 30))
    }

    @Test func columnsAndLinesStandInOnlyWhereTheTerminalSaysNothing() {
        let environment = ["COLUMNS": "120", "LINES": "40"]
        #expect(TerminalSize.toDraw(reported: nil, environment: environment, fallback: terminfo) == Size(width: 120, height: 40))
        #expect(TerminalSize.toDraw(reported: Size(width: 0, height: 30), environment: environment, fallback: terminfo)
                == Size(width: 120, height: 30))
        #expect(TerminalSize.toDraw(reported: Size(width: 0, height: 0), environment: [:], fallback: terminfo) == terminfo)
        #expect(TerminalSize.toDraw(reported: nil, environment: ["COLUMNS": "-5", "LINES": "many"], fallback: terminfo)
                == terminfo)
    }

    @Test func aHugeSizeIsClampedToTheLargestGrid() {
        for reported in [Size(width: 10000, height: 10000), Size(width: 65535, height: 65535)] {
            #expect(TerminalSize.toDraw(reported: reported, environment: [:], fallback: terminfo) == CellGrid.largestSize)
        }
        #expect(TerminalSize.toDraw(reported: nil, environment: ["COLUMNS": "20000", "LINES": "20000"], fallback: terminfo)
                == CellGrid.largestSize)
        #expect(TerminalSize.toDraw(reported: Size(width: 5000, height: 20), environment: [:], fallback: terminfo)
                == Size(width: CellGrid.largestSize.width, height: 20))
    }
}
