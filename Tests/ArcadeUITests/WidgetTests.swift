import ArcadeTestSupport
@testable import ArcadeUI
import Testing

/// A grid of `width`×`height` in Unicode (default) or ASCII.
private func makeGrid(_ width: Int, _ height: Int, ascii: Bool = false) -> CellGrid {
    prepareForDrawing()
    return CellGrid(size: Size(width: width, height: height), theme: Theme(colorMode: .monochrome, ascii: ascii))
}

/// A grid filled with `#`, to see what a widget clears.
private func hashGrid(_ width: Int, _ height: Int) -> CellGrid {
    var grid = makeGrid(width, height)
    grid.fill(grid.bounds, with: Cell("#"))
    return grid
}

@Suite struct BoxTests {
    @Test func framesWithTitleInUnicodeAndASCII() {
        var unicode = makeGrid(12, 4)
        Box(title: "Cards").draw(into: &unicode, in: unicode.bounds)
        #expect(unicode.text == """
            ┌─ Cards ──┐
            │          │
            │          │
            └──────────┘
            """)

        var ascii = makeGrid(12, 3, ascii: true)
        Box(title: "Cards", style: .double).draw(into: &ascii, in: ascii.bounds)
        #expect(ascii.text == """
            += Cards ==+
            |          |
            +==========+
            """)
    }

    @Test func longTitleIsTruncatedAndNarrowBoxDropsIt() {
        var grid = makeGrid(12, 2)
        Box(title: "Blackjack table").draw(into: &grid, in: grid.bounds)
        #expect(grid.text == "┌─ Black… ─┐\n└──────────┘")

        var ascii = makeGrid(12, 2, ascii: true)
        Box(title: "Blackjack table").draw(into: &ascii, in: ascii.bounds)
        #expect(ascii.text == "+- Bla... -+\n+----------+")

        var narrow = makeGrid(6, 2)
        Box(title: "Cards").draw(into: &narrow, in: narrow.bounds)
        #expect(narrow.text == "┌────┐\n└────┘")
    }

    @Test func roundedBoxWithDividerAndInnerRect() {
        var grid = makeGrid(6, 4)
        let box = Box(style: .rounded)
        box.draw(into: &grid, in: grid.bounds)
        box.drawDivider(into: &grid, in: grid.bounds, atRow: 2)
        #expect(grid.text == """
            ╭────╮
            │    │
            ├────┤
            ╰────╯
            """)
        #expect(Box.inner(of: Rect(x: 2, y: 1, width: 10, height: 5)) == Rect(x: 3, y: 2, width: 8, height: 3))
        #expect(Box.inner(of: Rect(x: 0, y: 0, width: 1, height: 1)).isEmpty)
    }

    @Test func fillingBoxHidesWhatWasBeneath() {
        var grid = hashGrid(6, 3)
        Box(fillsInterior: true).draw(into: &grid, in: Rect(x: 1, y: 0, width: 4, height: 3))
        #expect(grid.text == "#┌──┐#\n#│  │#\n#└──┘#")
    }
}

@Suite struct LabelTests {
    @Test func alignsLeftCentreAndRight() {
        var grid = makeGrid(10, 3)
        for (row, alignment) in [TextAlignment.left, .center, .right].enumerated() {
            Label("Hi", alignment: alignment).draw(into: &grid, in: Rect(x: 0, y: row, width: 10, height: 1))
        }
        #expect(grid.text == """
            Hi
                Hi
                    Hi
            """)
    }

    @Test func truncatesWithEllipsisMeasuringWideGlyphs() {
        var grid = makeGrid(8, 3)
        Label("Scoreboard!").draw(into: &grid, in: Rect(x: 0, y: 0, width: 8, height: 1))
        Label("🍒🍒🍒🍒").draw(into: &grid, in: Rect(x: 0, y: 1, width: 5, height: 1))
        Label("🍒🍒").draw(into: &grid, in: Rect(x: 0, y: 2, width: 4, height: 1))
        #expect(grid.text == "Scorebo…\n🍒🍒…\n🍒🍒")

        var ascii = makeGrid(8, 1, ascii: true)
        Label("Scoreboard!").draw(into: &ascii, in: ascii.bounds)
        #expect(ascii.text == "Score...")
    }

    @Test func multiLineTextStopsAtTheRectangle() {
        var grid = makeGrid(6, 3)
        Label("one\ntwo\nthree", alignment: .right).draw(into: &grid, in: Rect(x: 0, y: 0, width: 6, height: 2))
        #expect(grid.text == "   one\n   two\n")
    }
}

@Suite struct ButtonTests {
    @Test func statesDifferInPlainTextAndAttributes() {
        var grid = makeGrid(10, 4)
        let states = [
            Button("Spin"),
            Button("Spin", isFocused: true),
            Button("Spin", isEnabled: false),
            Button("Spin", isEnabled: false, isFocused: true),
        ]
        for (row, button) in states.enumerated() {
            button.draw(into: &grid, at: Point(x: 0, y: row))
        }
        #expect(grid.text == """
            [ Spin ]
            [>Spin<]
            ( Spin )
            (>Spin<)
            """)
        #expect(grid[0, 0].style.bold && !grid[0, 0].style.reverse)
        #expect(grid[0, 1].style.bold && !grid[0, 1].style.reverse)
        #expect(grid[0, 2].style.dim && !grid[0, 2].style.bold)
        #expect(grid[0, 3].style.dim && !grid[0, 3].style.reverse)
        // Focus lives in the two marker cells only: moving it repaints four cells.
        #expect(grid[1, 1].style.foreground == .highlight && grid[6, 1].style.foreground == .highlight)
        #expect(grid[2, 1].style == grid[2, 0].style)
    }

    @Test func hotKeyLetterIsUnderlinedAndMatchesEitherCase() {
        var grid = makeGrid(10, 1)
        let button = Button("Spin", hotKey: .character("s"))
        button.draw(into: &grid, at: Point(x: 1, y: 0))
        #expect(grid[3, 0].scalar == "S" && grid[3, 0].style.underline)
        #expect(!grid[4, 0].style.underline)
        #expect(button.responds(to: .character("S")) && button.responds(to: .character("s")))
        #expect(!button.responds(to: .character("x")))
        // Only letters have a case: `[` is not `{`, nor `@` a backquote.
        let bracket = Button("Back", hotKey: .character("[")), at = Button("At", hotKey: .character("@"))
        let braceKey = Key.character("{"), backquoteKey = Key.character(Character(Unicode.Scalar(0x60)))
        #expect(bracket.responds(to: .character("[")))
        #expect(!bracket.responds(to: braceKey))
        #expect(!at.responds(to: backquoteKey))
        #expect(Button("Été", hotKey: .character("é")).responds(to: .character("É")))
        var disabled = button
        disabled.isEnabled = false
        #expect(!disabled.responds(to: .character("s")))
        // The first match, wherever it is, in either case: ASCII titles and others alike.
        for (title, key, column) in [("Deal 3 More", "M", 10), ("New game", "g", 7), ("Café Noir", "n", 8),
                                     ("漢字 Play", "p", 8), ("Reset", "z", nil)] as [(String, Character, Int?)] {
            var drawn = makeGrid(14, 1)
            Button(title, hotKey: .character(key)).draw(into: &drawn, at: Point(x: 1, y: 0))
            let underlined = (0..<14).filter { drawn[$0, 0].style.underline }
            #expect(underlined == (column.map { [$0] } ?? []), "\(title), key \(key)")
        }
    }

    @Test func frameAndHitTestFollowWhereItWasDrawn() {
        let button = Button("Deal")
        let origin = Point(x: 5, y: 2)
        #expect(button.frame(at: origin) == Rect(x: 5, y: 2, width: 8, height: 1))
        #expect(button.contains(Point(x: 5, y: 2), drawnAt: origin))
        #expect(button.contains(Point(x: 12, y: 2), drawnAt: origin))
        #expect(!button.contains(Point(x: 13, y: 2), drawnAt: origin))
        #expect(!button.contains(Point(x: 6, y: 3), drawnAt: origin))
    }

    @Test func nonASCIITitleKeepsItsWidthInASCIIMode() {
        var unicode = makeGrid(12, 1)
        var ascii = makeGrid(12, 1, ascii: true)
        let button = Button("🍒 Spin")
        button.draw(into: &unicode, at: Point(x: 0, y: 0))
        button.draw(into: &ascii, at: Point(x: 0, y: 0))
        #expect(unicode.text == "[ 🍒 Spin ]")
        #expect(ascii.text == "[ ?  Spin ]")
        #expect(button.width == 11)
    }
}

@Suite struct ButtonRowTests {
    let row = ButtonRow([
        Button("Yes", hotKey: .character("y")),
        Button("No", hotKey: .character("n")),
        Button("Help", hotKey: .character("h"), isEnabled: false),
    ])
    let rect = Rect(x: 0, y: 0, width: 30, height: 1)

    @Test func drawsCentredAndClicksFindTheEnabledButton() {
        var grid = makeGrid(30, 1)
        row.draw(into: &grid, in: rect)
        #expect(grid.text == "  [ Yes ]  [ No ]  ( Help )")
        #expect(row.index(at: Point(x: 2, y: 0), in: rect) == 0)
        #expect(row.index(at: Point(x: 8, y: 0), in: rect) == 0)
        #expect(row.index(at: Point(x: 11, y: 0), in: rect) == 1)
        #expect(row.index(at: Point(x: 9, y: 0), in: rect) == nil)   // the gap
        #expect(row.index(at: Point(x: 20, y: 0), in: rect) == nil)  // disabled
        #expect(row.index(at: Point(x: 5, y: 1), in: rect) == nil)   // another row
    }

    @Test func hotKeysAndFocusSkipDisabledButtons() {
        var row = row
        #expect(row.index(for: .character("N")) == 1)
        #expect(row.index(for: .character("h")) == nil)
        #expect(row.index(for: .enter) == nil)
        row.moveFocus(.right)
        #expect(row.focusedIndex == 0)
        row.moveFocus(.right)
        #expect(row.focusedIndex == 1)
        row.moveFocus(.right)
        #expect(row.focusedIndex == 0)  // wrapped past the disabled Help
        row.moveFocus(.left)
        #expect(row.focusedIndex == 1)
        #expect(row.index(for: .enter) == 1)
        var grid = makeGrid(30, 1)
        row.draw(into: &grid, in: rect)
        #expect(grid.text == "  [ Yes ]  [>No<]  ( Help )")
    }

    @Test func wideGlyphCrossingTheRightEdgeBecomesASpace() {
        var grid = makeGrid(12, 1)
        let row = ButtonRow([Button("Go"), Button("🍒")], spacing: 1, alignment: .left)
        row.draw(into: &grid, in: Rect(x: 0, y: 0, width: 10, height: 1))
        #expect(grid.text == "[ Go ] [")
        #expect(grid[9, 0].scalar == " " && grid[9, 0].width == 1)
        #expect(row.index(at: Point(x: 10, y: 0), in: Rect(x: 0, y: 0, width: 10, height: 1)) == nil)
    }
}

@Suite struct TabBarTests {
    let rect = Rect(x: 0, y: 0, width: 30, height: 1)

    @Test func selectedTabIsBracketedAndReversed() {
        var grid = makeGrid(30, 1)
        TabBar(titles: ["Set", "Memory", "Slots"], selectedIndex: 1).draw(into: &grid, in: rect)
        #expect(grid.text == " Set [Memory] Slots")
        #expect(grid[5, 0].style.reverse && grid[5, 0].style.bold)
        #expect(!grid[1, 0].style.reverse)
    }

    @Test func clicksLandOnTabs() {
        let bar = TabBar(titles: ["Set", "Memory", "Slots"], selectedIndex: 1)
        #expect(bar.index(at: Point(x: 0, y: 0), in: rect) == 0)
        #expect(bar.index(at: Point(x: 7, y: 0), in: rect) == 1)
        #expect(bar.index(at: Point(x: 19, y: 0), in: rect) == 2)
        #expect(bar.index(at: Point(x: 20, y: 0), in: rect) == nil)
        #expect(bar.index(at: Point(x: 7, y: 1), in: rect) == nil)
    }

    @Test func movingWrapsOrStopsAtTheEnds() {
        var wrapping = TabBar(titles: ["A", "B", "C"], selectedIndex: 2)
        wrapping.move(.right)
        #expect(wrapping.selectedIndex == 0)
        wrapping.move(.left)
        #expect(wrapping.selectedIndex == 2)

        var clamping = TabBar(titles: ["A", "B", "C"], wraps: false)
        clamping.move(.left)
        #expect(clamping.selectedIndex == 0)
        clamping.move(.right)
        clamping.move(.right)
        clamping.move(.right)
        #expect(clamping.selectedIndex == 2)
    }

    @Test func numberedTabsAnswerDigitKeys() {
        var grid = makeGrid(20, 1, ascii: true)
        let bar = TabBar(titles: ["Set", "Memory"], numbered: true)
        bar.draw(into: &grid, in: grid.bounds)
        #expect(grid.text == "[1 Set] 2 Memory")
        #expect(bar.index(for: .character("2")) == 1)
        #expect(bar.index(for: .character("3")) == nil)
        #expect(bar.index(for: .character("0")) == nil)
    }

    @Test func tabsPastTheRightEdgeAreClipped() {
        var grid = makeGrid(12, 1)
        let bar = TabBar(titles: ["Set", "Memory"])
        bar.draw(into: &grid, in: Rect(x: 0, y: 0, width: 9, height: 1))
        #expect(grid.text == "[Set] Mem")
        #expect(bar.index(at: Point(x: 10, y: 0), in: Rect(x: 0, y: 0, width: 9, height: 1)) == nil)
    }
}

@Suite struct ListViewTests {
    let rows = (1...8).map { "Row \($0)" }
    let rect = Rect(x: 0, y: 0, width: 10, height: 3)

    private func drawn(_ list: ListView, ascii: Bool = false) -> String {
        var grid = makeGrid(10, 3, ascii: ascii)
        list.draw(into: &grid, in: rect)
        return grid.text
    }

    @Test func scrollingKeepsSelectionVisibleAndShowsIndicators() {
        var list = ListView(rows: rows, visibleHeight: 3)
        #expect(drawn(list) == """
            > Row 1
              Row 2
              Row 3  ▼
            """)
        list.move(.down)
        list.move(.down)
        list.move(.down)
        #expect(list.selectedIndex == 3 && list.scrollOffset == 1)
        #expect(drawn(list) == """
              Row 2  ▲
              Row 3
            > Row 4  ▼
            """)
        list.move(.end)
        #expect(drawn(list, ascii: true) == """
              Row 6  ^
              Row 7
            > Row 8
            """)
    }

    @Test func pagingAndHomeEnd() {
        var list = ListView(rows: rows, visibleHeight: 3)
        list.move(.pageDown)
        #expect(list.selectedIndex == 3 && list.scrollOffset == 1)
        list.move(.pageDown)
        list.move(.pageDown)
        #expect(list.selectedIndex == 7 && list.scrollOffset == 5)
        list.move(.pageUp)
        #expect(list.selectedIndex == 4 && list.scrollOffset == 4)
        list.move(.home)
        #expect(list.selectedIndex == 0 && list.scrollOffset == 0)
        list.move(.up)
        #expect(list.selectedIndex == 0)
    }

    @Test func clickSelectsTheRowUnderItAccountingForScroll() {
        var list = ListView(rows: rows, visibleHeight: 3)
        list.move(.end)
        #expect(list.index(at: Point(x: 2, y: 1), in: rect) == 6)
        #expect(list.click(at: Point(x: 2, y: 0), in: rect) == 5)
        #expect(list.selectedRow == "Row 6" && list.scrollOffset == 5)
        #expect(list.click(at: Point(x: 2, y: 3), in: rect) == nil)
        #expect(list.selectedIndex == 5)

        let short = ListView(rows: ["A", "B"])
        #expect(short.index(at: Point(x: 0, y: 2), in: Rect(x: 0, y: 0, width: 5, height: 4)) == nil)
        #expect(short.index(at: Point(x: 0, y: 1), in: Rect(x: 0, y: 0, width: 5, height: 4)) == 1)
    }

    @Test func everyMovementKeepsTheSelectionOnScreen() {
        for height in 1...5 {
            var list = ListView(rows: rows, visibleHeight: height)
            var moves = 0
            for movement in [ListView.Movement.down, .pageDown, .down, .end, .up, .pageUp, .pageUp, .down, .home] {
                for _ in 0..<3 {
                    list.move(movement)
                    moves += 1
                    #expect(list.visibleRange(height: height).contains(list.selectedIndex),
                            "height \(height), move \(moves): \(list.selectedIndex) not shown")
                    #expect(rows.indices.contains(list.selectedIndex))
                }
            }
        }
    }

    @Test func shrinkingRowsClampsSelection() {
        var list = ListView(rows: rows, visibleHeight: 3)
        list.move(.end)
        list.rows = ["Only"]
        #expect(list.selectedRow == "Only" && list.scrollOffset == 0)
        list.rows = []
        #expect(list.selectedRow == nil)
        var grid = makeGrid(10, 3)
        list.draw(into: &grid, in: rect)
        #expect(grid.text == "\n\n")
    }

    @Test func keysMapToMovements() {
        #expect(ListView.Movement(key: .pageDown) == .pageDown)
        #expect(ListView.Movement(key: .up) == .up)
        #expect(ListView.Movement(key: .character("j"), vimKeys: true) == .down)
        #expect(ListView.Movement(key: .character("j")) == nil)
        #expect(ListView.Movement(key: .left) == nil)
    }

    @Test func longRowsAreTruncatedBeforeTheIndicatorColumn() {
        let list = ListView(rows: ["A very long row", "B", "C", "D"], visibleHeight: 3)
        #expect(drawn(list) == """
            > A very…
              B
              C      ▼
            """)
    }
}

@Suite struct DialogTests {
    var dialog = Dialog(
        title: "Quit?", message: "Leave the table? Your chips are kept.",
        buttons: [Button("Yes (y)", hotKey: .character("y"), isFocused: true),
                  Button("No (n)", hotKey: .character("n"))],
        cancelIndex: 1, preferredWidth: 20)

    @Test func drawsCentredFramedBoxOverClearedRows() {
        var grid = hashGrid(30, 10)
        dialog.draw(into: &grid, in: grid.bounds)
        #expect(grid.text == """
            ##############################
            ##############################
             ╔═ Quit? ═════════════════╗
             ║  Leave the table? Your  ║
             ║     chips are kept.     ║
             ║                         ║
             ║ [>Yes (y)<]  [ No (n) ] ║
             ╚═════════════════════════╝
            ##############################
            ##############################
            """)
    }

    @Test func buttonsAnswerClicksAndKeys() {
        var dialog = dialog
        let screen = Rect(x: 0, y: 0, width: 30, height: 10)
        #expect(dialog.buttonIndex(at: Point(x: 5, y: 6), in: screen) == 0)
        #expect(dialog.buttonIndex(at: Point(x: 20, y: 6), in: screen) == 1)
        #expect(dialog.buttonIndex(at: Point(x: 14, y: 6), in: screen) == nil)
        #expect(dialog.buttonIndex(at: Point(x: 5, y: 5), in: screen) == nil)
        #expect(dialog.buttonIndex(for: .character("y")) == 0)
        #expect(dialog.buttonIndex(for: .escape) == 1)
        #expect(dialog.buttonIndex(for: .enter) == 0)
        dialog.moveFocus(.right)
        #expect(dialog.buttonIndex(for: .space) == 1)
        var grid = makeGrid(30, 10)
        dialog.draw(into: &grid, in: screen)
        #expect(grid.text.contains("[ Yes (y) ]  [>No (n)<]"))
    }

    @Test func asciiDialog() {
        var grid = makeGrid(20, 6, ascii: true)
        Dialog(title: "Oops", message: "No cards left.", buttons: [Button("OK", hotKey: .enter)])
            .draw(into: &grid, in: grid.bounds)
        #expect(grid.text == """
             += Oops =========+
             | No cards left. |
             |                |
             |     [ OK ]     |
             +================+

            """)
    }

    @Test func shortScreenKeepsButtonsAndCutsTheMessage() {
        var grid = makeGrid(30, 4)
        dialog.draw(into: &grid, in: grid.bounds)
        #expect(grid.text == """
             ╔═ Quit? ═════════════════╗
             ║ Leave the table? Your…  ║
             ║ [>Yes (y)<]  [ No (n) ] ║
             ╚═════════════════════════╝
            """)
        #expect(dialog.buttonIndex(at: Point(x: 20, y: 2), in: grid.bounds) == 1)
    }
}

@Suite struct TooSmallTests {
    @Test func thirtyByEightBreaksTheMessageOverTwoLines() {
        var grid = hashGrid(30, 8)
        TooSmallMessage.render(need: Size(width: 40, height: 12), have: grid.size, into: &grid)
        #expect(grid.text == """



                 Terminal too small:
                need 40×12, have 30×8



            """)
    }

    @Test func aHintGoesUnderTheMessageWrappedAndTheMessageMakesRoomForIt() {
        var grid = hashGrid(20, 6)
        TooSmallMessage.render(need: Size(width: 41, height: 13), have: grid.size, hint: "Leave this game? (y/n)",
                               into: &grid)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["Terminal too small", "need 41×13", "have 20×6", "", "Leave this game?", "(y/n)"])
        var tiny = hashGrid(20, 2)
        TooSmallMessage.render(need: Size(width: 41, height: 13), have: tiny.size, hint: "q: quit", into: &tiny)
        #expect(tiny.text.contains("q: quit"))  // what the keys do outranks the message
        #expect(tiny.text.contains("need 41×13"))
    }

    @Test func asciiUsesX() {
        var grid = makeGrid(30, 3, ascii: true)
        TooSmallMessage.render(need: Size(width: 40, height: 12), have: grid.size, into: &grid)
        #expect(grid.text == "     Terminal too small:\n    need 40x12, have 30x3\n")
    }

    @Test func wideEnoughGridShowsOneLine() {
        var grid = makeGrid(50, 3)
        TooSmallMessage.render(need: Size(width: 60, height: 20), have: grid.size, into: &grid)
        #expect(grid.text == "\n    Terminal too small: need 60×20, have 50×3\n")
    }

    @Test func tenByFiveAndOneByOne() {
        var small = makeGrid(10, 5)
        TooSmallMessage.render(need: Size(width: 40, height: 12), have: small.size, into: &small)
        #expect(small.text == """

            Too small
            need 40×12
            have 10×5

            """)

        var tiny = makeGrid(1, 1)
        TooSmallMessage.render(need: Size(width: 40, height: 12), have: tiny.size, into: &tiny)
        #expect(tiny.text == "!")
    }

    @Test func everySizeDrawsWithoutTrappingAndShowsSizesWhenThereIsRoom() {
        let need = Size(width: 40, height: 12)
        for width in 0...45 {
            for height in 0...13 {
                for ascii in [false, true] {
                    var grid = makeGrid(width, height, ascii: ascii)
                    TooSmallMessage.render(need: need, have: grid.size, into: &grid)
                    let times = ascii ? "x" : "×"
                    if width >= 10 && height >= 1 {
                        #expect(grid.text.contains("need 40\(times)12"), "\(width)×\(height)")
                    }
                    if width >= 10 && height >= 2 {
                        #expect(grid.text.contains("have \(width)\(times)\(height)"), "\(width)×\(height)")
                    }
                    if width >= 1 && height >= 1 {
                        #expect(!grid.text.allSatisfy { $0 == " " || $0 == "\n" }, "\(width)×\(height) is blank")
                    }
                }
            }
        }
    }
}

@Suite struct TextLayoutTests {
    @Test func wrapsAtSpacesAndSplitsLongWords() {
        prepareForDrawing()
        #expect(TextLayout.wrapped("Leave the table? Your chips are kept.", toWidth: 20)
                == ["Leave the table?", "Your chips are kept."])
        #expect(TextLayout.wrapped("Abracadabra", toWidth: 4) == ["Abra", "cada", "bra"])
        #expect(TextLayout.wrapped("a\n\nb", toWidth: 4) == ["a", "", "b"])
        #expect(TextLayout.wrapped("🍒🍒🍒", toWidth: 1) == ["🍒", "🍒", "🍒"])
        #expect(TextLayout.wrapped("anything", toWidth: 0) == [])
    }

    /// Text in ASCII is wrapped by its bytes: the lines are the ones wrapping it a character
    /// at a time gives, at every width, through runs of spaces, empty paragraphs, words
    /// longer than the line (and a multiple of it) and spaces at either end.
    @Test func asciiTextWrapsAsAnyTextDoes() {
        prepareForDrawing()
        let pieces = ["a", "to", "the", "Blackjack", "Abracadabra", "twelve", "chips.", " ", "  ", "\n", "\n\n", "\t"]
        var texts = ["", " ", "\n", "abcdabcd", " lead", "trail ", "a  b", "x\n\ny", "Leave the table? Your chips are kept."]
        for index in 0..<200 {  // 200 mixtures of the pieces, each its own
            texts.append((0..<(1 + index % 14)).map { step in
                pieces[(index * 7 + step * 5 + step * step) % pieces.count] + ((index + step) % 3 == 0 ? " " : "")
            }.joined())
        }
        for text in texts {
            for width in 1...24 {
                #expect(TextLayout.wrapped(text, toWidth: width) == TextLayout.wrappedCharacters(text, toWidth: width),
                        "\(text.debugDescription) at \(width)")
            }
        }
    }

    @Test func truncatesToTheColumnsGiven() {
        prepareForDrawing()
        #expect(TextLayout.truncated("Memory", toWidth: 6, ascii: false) == "Memory")
        #expect(TextLayout.truncated("Memory", toWidth: 5, ascii: false) == "Memo…")
        #expect(TextLayout.truncated("Memory", toWidth: 5, ascii: true) == "Me...")
        #expect(TextLayout.truncated("Memory", toWidth: 1, ascii: false) == "…")
        #expect(TextLayout.truncated("Memory", toWidth: 0, ascii: false) == "")
        #expect(TextLayout.truncated("日本語", toWidth: 4, ascii: false) == "日…")
    }
}

@Suite struct OddSizeTests {
    @Test func widgetsNeverTrapAndNeverDrawOutsideTheirRectangle() {
        let rects = [
            Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 1, height: 1),
            Rect(x: 0, y: 0, width: 2, height: 1), Rect(x: -3, y: -2, width: 5, height: 4),
            Rect(x: 1, y: 1, width: 40, height: 40), Rect(x: 5, y: 5, width: 3, height: 3),
            Rect(x: 1, y: 0, width: 2, height: 2),
        ]
        var list = ListView(rows: ["a", "b", "c"])
        list.move(.end)
        let dialog = Dialog(title: "T", message: "Hello there", buttons: [Button("OK")])
        let draws: [(inout CellGrid, Rect) -> Void] = [
            { Box(title: "Title", fillsInterior: true).draw(into: &$0, in: $1) },
            { Label("Hello 🍒", alignment: .center, fillsBackground: true).draw(into: &$0, in: $1) },
            { ButtonRow([Button("OK"), Button("🍒")]).draw(into: &$0, in: $1) },
            { TabBar(titles: ["A", "🍒"]).draw(into: &$0, in: $1) },
            { list.draw(into: &$0, in: $1) },
            { dialog.draw(into: &$0, in: $1) },
        ]
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 3, height: 2),
                     Size(width: 8, height: 6)] {
            for rect in rects {
                for draw in draws {
                    var grid = hashGrid(size.width, size.height)
                    draw(&grid, rect)
                    #expect(grid.cells.count == size.width * size.height)
                    for y in 0..<size.height {
                        for x in 0..<size.width where !rect.contains(Point(x: x, y: y)) {
                            #expect(grid[x, y].scalar == "#", "drew at \(x),\(y) outside \(rect)")
                        }
                    }
                }
            }
        }
    }
}

@Suite struct GlyphTests {
    @Test func asciiGlyphsAreASCIIAndUnicodeOnesOneColumn() {
        prepareForDrawing()
        for ascii in [false, true] {
            let glyphs = Glyphs(ascii: ascii)
            var scalars = [glyphs.moreAbove, glyphs.moreBelow, glyphs.check, glyphs.cross, glyphs.star,
                           glyphs.emptyStar, glyphs.focusStart, glyphs.focusEnd]
            for style in BoxStyle.allCases {
                let frame = glyphs.frame(style)
                scalars += [frame.topLeft, frame.top, frame.topRight, frame.left, frame.right, frame.bottomLeft,
                            frame.bottom, frame.bottomRight, frame.leftTee, frame.rightTee, frame.topTee,
                            frame.bottomTee, frame.cross, frame.divider]
            }
            scalars += glyphs.ellipsis.unicodeScalars + glyphs.times.unicodeScalars
            #expect(scalars.allSatisfy { DisplayWidth.of($0) == 1 })
            if ascii { #expect(scalars.allSatisfy { $0.isASCII }) }
        }
        #expect(Glyphs(ascii: false).frame(.double).topLeft == "╔")
        #expect(Glyphs(ascii: true).times == "x" && Glyphs(ascii: false).times == "×")
    }
}
