import ArcadeTestSupport
import ArcadeUI
import Testing

@Suite struct BindingTests {
    private enum Action: Hashable, Sendable { case deal, move(Direction), pick(Int), first, last }

    private static let table: [Binding<Action>] = [
        .directions(help: "move the cursor") { .move($0) },
        Binding([.character("d")], .deal, hint: "deal 3", help: "deal 3 more cards"),
        .digits(1...4, help: "pick an answer") { .pick($0) },
        .note("click", "pick a card"),
        Binding([.home, .end], .first, help: "the first card", isEnabled: false),
    ]

    @Test func aLetterActsInEitherCaseAndOtherKeysDoNothing() {
        #expect(Self.table.action(for: .character("d")) == Action.deal)
        #expect(Self.table.action(for: .character("D")) == Action.deal)
        #expect(Self.table.action(for: .character("x")) == nil)
        #expect(Self.table.action(for: .character("5")) == nil)  // outside 1–4
        #expect(Self.table.action(for: .character("3")) == Action.pick(3))
        #expect(Self.table.action(for: .character("L")) == Action.move(.right))  // vim keys fold too
        #expect(Self.table.action(for: .up) == Action.move(.up))
    }

    @Test func aCaseSensitiveLetterActsOnlyInItsCaseAndDigitRangesStopAtNine() {
        let quit = [Binding([.character("q")], Action.deal, isCaseSensitive: true)]
        #expect(quit.action(for: .character("q")) == Action.deal)
        #expect(quit.action(for: .character("Q")) == nil)
        let wide = [Binding<Action>.digits(0...12) { .pick($0) }]
        #expect(wide.action(for: .character("9")) == Action.pick(9))
        #expect(wide[0].keys.count == 10)
    }

    @Test func aDisabledKeyDoesNothingAndLeavesTheKeyLineButStaysInHelp() {
        #expect(Self.table.action(for: .home) == nil)
        #expect(Self.table.keyHints() == [KeyHint("d", "deal 3")])
        #expect(Self.table.helpRows() == [
            KeyHint("← → ↑ ↓  h j k l", "move the cursor"), KeyHint("d", "deal 3 more cards"),
            KeyHint("1–4", "pick an answer"), KeyHint("click", "pick a card"), KeyHint("Home  End", "the first card"),
        ])
    }

    @Test func buttonsGiveTheirActionForAClickOrAHotKeyNeverWhenDisabled() {
        let buttons = ActionButtons<Action>([
            (Button("Deal", hotKey: .character("d")), .deal),
            (Button("First", hotKey: .character("f"), isEnabled: false), .first),
        ])
        let rect = Rect(x: 0, y: 0, width: 30, height: 1)
        let frames = buttons.row.frames(in: rect)
        #expect(buttons.action(at: frames[0].origin, in: rect) == .deal)
        #expect(buttons.action(at: frames[1].origin, in: rect) == nil)
        #expect(buttons.action(for: .character("D")) == .deal)
        #expect(buttons.action(for: .character("f")) == nil)
    }

    @Test func theGridCursorStopsAtTheEdges() {
        var cursor = GridCursor()
        cursor.move(.left, columns: 4, count: 10)
        cursor.move(.up, columns: 4, count: 10)
        #expect(cursor.index == 0)
        cursor.move(.down, columns: 4, count: 10)
        cursor.move(.down, columns: 4, count: 10)
        #expect(cursor.index == 8)
        cursor.move(.down, columns: 4, count: 10)  // no row below
        cursor.move(.right, columns: 4, count: 10)
        cursor.move(.right, columns: 4, count: 10)  // 10 would be past the last card
        #expect(cursor.index == 9)
        cursor.jump(toEnd: false, count: 10)
        #expect(cursor.index == 0)
        // Cells shown out of reading order: the cursor follows the screen, not the index.
        var shown = GridCursor(0)
        let positions: [(row: Int, column: Int)?] = [(1, 0), (1, 1), (0, 0), nil]
        shown.move(.up, positions: positions)
        #expect(shown.index == 2)
        shown.jump(toEnd: true, positions: positions)
        #expect(shown.index == 1)
    }

    @Test func aStatusLineShowsTheFullestWordingThatFitsInItsTone() {
        let line = StatusLine(["SET! +3  Select any card to go on.", "SET! +3"], tone: .good)
        var wide = CellGrid(size: Size(width: 40, height: 1))
        line.draw(into: &wide, in: wide.bounds)
        #expect(wide.text == "SET! +3  Select any card to go on.")
        #expect(wide[0, 0].style.foreground == .good && wide[0, 0].style.bold)
        var narrow = CellGrid(size: Size(width: 10, height: 1))
        line.draw(into: &narrow, in: narrow.bounds)
        #expect(narrow.text == "SET! +3")
    }
}
