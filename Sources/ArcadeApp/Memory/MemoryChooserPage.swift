import ArcadeUI
import MemoryModel

/// Memory's choice before a game: a level (Easy 6 pairs, Normal 8, Hard 12, each with its
/// game clock) and a set of symbols (animals, fruit, sports, temples), and Start.
///
/// Up and down (or Tab) move between the rows, left and right change the row's value,
/// digits pick a level, and a click picks a tab or Start. The screen keeps the choice for
/// the next time the game opens and deals the board Start asks for.
struct MemoryChooserPage {
    /// The rows the cursor moves between.
    enum Row: Int, CaseIterable, Codable {
        case level, symbols, start
    }

    /// What the choice's keys and clicks do.
    enum Action: Hashable, Sendable {
        /// Arrows and h j k l: up and down the rows, left and right through the row's values.
        case move(Direction)
        /// Tab and Shift-Tab: the next or previous row, wrapping around.
        case nextRow, previousRow
        /// A digit or a click on a level tab: level `index` of `MemoryLevel.all`.
        case level(Int)
        /// A click on a symbols tab: set `index` of `MemorySymbolSet.all`.
        case symbols(Int)
        /// Enter or Space, or the Start button: deal a board.
        case start
    }

    var level = MemoryLevel.normal
    var symbolSet = MemorySymbolSet.animals
    var row = Row.level

    // MARK: - Keys and clicks

    /// The choice's arrow keys, enabled before a game (help lists them in every mode).
    static func moveKeys(isEnabled: Bool) -> [Binding<MemoryScreen.Action>] {
        let rows: [Key] = [.up, .down, .character("k"), .character("j")]
        let values: [Key] = [.left, .right, .character("h"), .character("l")]
        let move: @Sendable (Key) -> MemoryScreen.Action? = { key in key.direction(vimKeys: true).map { .chooser(.move($0)) } }
        return [
            Binding(keys: rows, hint: KeyHint("↑↓", "row"), isEnabled: isEnabled, resolve: move),
            Binding(keys: values, hint: KeyHint("←→", "choose"), isEnabled: isEnabled, resolve: move),
        ]
    }

    /// Enter and Space: deal a board of the choice.
    static func startKey(isEnabled: Bool) -> Binding<MemoryScreen.Action> {
        Binding([.enter, .space], .chooser(.start), hint: "start", isEnabled: isEnabled)
    }

    /// The digits for the levels, and Tab and Shift-Tab between the rows.
    static func levelKeys(isEnabled: Bool) -> [Binding<MemoryScreen.Action>] {
        [
            .digits(1...MemoryLevel.all.count, help: "Easy, Normal or Hard, before a game", keys: "1 2 3",
                    isEnabled: isEnabled) { .chooser(.level($0 - 1)) },
            Binding([.tab], .chooser(.nextRow), isEnabled: isEnabled),
            Binding([.backTab], .chooser(.previousRow), isEnabled: isEnabled),
        ]
    }

    /// The tab or button under a click at `point`.
    func action(at point: Point, in frame: Frame) -> Action? {
        let layout = MemoryChoiceLayout(size: frame.size)
        if let index = levelTabs.index(at: point, in: layout.value(.level)) { return .level(index) }
        if let index = symbolTabs.index(at: point, in: layout.value(.symbols)) { return .symbols(index) }
        return layout.startButton.contains(point) ? .start : nil
    }

    /// Change the row or the choice (`start` is the screen's: it deals the board).
    mutating func perform(_ action: Action) {
        switch action {
        case .move(let direction):
            moveChoice(direction)
        case .nextRow:
            row = Row(rawValue: (row.rawValue + 1) % Row.allCases.count) ?? .level
        case .previousRow:
            let count = Row.allCases.count
            row = Row(rawValue: (row.rawValue + count - 1) % count) ?? .level
        case .level(let index):
            guard MemoryLevel.all.indices.contains(index) else { return }
            level = MemoryLevel.all[index]
            row = .level
        case .symbols(let index):
            guard MemorySymbolSet.all.indices.contains(index) else { return }
            symbolSet = MemorySymbolSet.all[index]
            row = .symbols
        case .start:
            break
        }
    }

    /// Up and down move between the rows; left and right change the row's value.
    private mutating func moveChoice(_ direction: Direction) {
        switch direction {
        case .up:
            row = Row(rawValue: max(0, row.rawValue - 1)) ?? .level
        case .down:
            row = Row(rawValue: min(Row.allCases.count - 1, row.rawValue + 1)) ?? .start
        case .left:
            step(row, by: -1)
        case .right:
            step(row, by: 1)
        }
    }

    /// Choose the previous or next level or symbol set, wrapping around.
    private mutating func step(_ row: Row, by offset: Int) {
        switch row {
        case .level:
            level = Self.cycle(MemoryLevel.all, from: level, by: offset)
        case .symbols:
            symbolSet = Self.cycle(MemorySymbolSet.all, from: symbolSet, by: offset)
        case .start:
            break
        }
    }

    private static func cycle<T: Equatable>(_ items: [T], from item: T, by offset: Int) -> T {
        let index = items.firstIndex(of: item) ?? 0
        return items[((index + offset) % items.count + items.count) % items.count]
    }

    // MARK: - Drawing

    /// The levels as tabs, the chosen one selected; digits pick them.
    var levelTabs: TabBar {
        TabBar(titles: MemoryLevel.all.map(\.name), selectedIndex: MemoryLevel.all.firstIndex(of: level) ?? 0,
               numbered: true)
    }

    /// The symbol sets as tabs, the chosen one selected.
    var symbolTabs: TabBar {
        TabBar(titles: MemorySymbolSet.all.map(\.name),
               selectedIndex: MemorySymbolSet.all.firstIndex(of: symbolSet) ?? 0)
    }

    /// The title, the level and symbols rows with the `>` on the focused one, the Start
    /// button, and for Temples where the picture deck is (`deck`, of `templeCount` temples).
    func render(into grid: inout CellGrid, deck: DeckPictures.State, templeCount: Int) {
        let layout = MemoryChoiceLayout(size: grid.size)
        let ascii = grid.theme.ascii
        Label("M E M O R Y", alignment: .center, style: Style.bold.foreground(.accent))
            .draw(into: &grid, in: layout.line(.title))
        Label("Find every pair before time runs out.", alignment: .center, style: .dim)
            .draw(into: &grid, in: layout.line(.tagline))

        let marker = Style.bold.foreground(.highlight)
        let rows: [(Row, Rect, Rect, String)] = [
            (.level, layout.value(.level), layout.nameLine(.level), "Level"),
            (.symbols, layout.value(.symbols), layout.nameLine(.symbols), "Symbols"),
            (.start, layout.value(.start), layout.value(.start), ""),
        ]
        for (shown, rect, nameLine, name) in rows {
            if shown == row {
                grid.put(">", at: Point(x: layout.markerX, y: rect.y), style: marker)
            }
            grid.write(name, at: Point(x: layout.labelX, y: nameLine.y), style: .bold)
        }
        levelTabs.draw(into: &grid, in: layout.value(.level))
        let detail = "\(level.pairs) pairs, \(PlayClock.text(level.timeLimit)) on the clock"
        Label(detail, style: .dim).draw(into: &grid, in: layout.value(.levelDetail))
        symbolTabs.draw(into: &grid, in: layout.value(.symbols))
        drawPreview(of: symbolSet, in: layout.value(.symbolPreview), ascii: ascii, deck: deck, templeCount: templeCount,
                    into: &grid)
        Button("Start", isFocused: row == .start, style: Style().foreground(.good))
            .draw(into: &grid, at: layout.startButton.origin, clip: grid.bounds)
        if symbolSet.isTemples, case .unavailable(let reason) = deck {
            drawTempleReason(reason, below: layout, into: &grid)
        }
    }

    /// Why the Temples set cannot be played, wrapped in the rows under the Start button
    /// (its start, ending in "…", when they are too few; help gives it whole).
    private func drawTempleReason(_ reason: String, below layout: MemoryChoiceLayout, into grid: inout CellGrid) {
        let top = layout.line(.start).y + 2
        let width = min(MemoryChoiceLayout.blockWidth, grid.size.width - layout.labelX - 1)
        let lines = PictureLabel.lines(reason, width: width, maxLines: grid.size.height - top, ascii: grid.theme.ascii)
        for (offset, line) in lines.enumerated() {
            grid.write(line, at: Point(x: layout.labelX, y: top + offset), style: Style().foreground(.highlight))
        }
    }

    /// The set's symbols, as many as fit: emoji, or their words in ASCII; for Temples, what
    /// its pairs are, or that the pictures are loading or missing.
    private func drawPreview(of set: MemorySymbolSet, in rect: Rect, ascii: Bool, deck: DeckPictures.State,
                             templeCount: Int, into grid: inout CellGrid) {
        if set.isTemples {
            var style = Style.dim
            if case .unavailable = deck { style = Style.bold.foreground(.warning) }
            Label(templePreview(deck: deck, templeCount: templeCount, ellipsis: Glyphs(ascii: ascii).ellipsis), style: style)
                .draw(into: &grid, in: rect)
            return
        }
        if ascii {
            let words = set.symbols.map(\.word).joined(separator: " ")
            Label(words).draw(into: &grid, in: rect)
            return
        }
        var x = rect.x
        for symbol in set.symbols where x + 2 <= rect.maxX {
            grid.put(symbol.emoji, at: Point(x: x, y: rect.y), clip: rect)
            x += 3
        }
    }

    /// The line under the Temples tab: what a pair is at this level, or where the deck is.
    func templePreview(deck: DeckPictures.State, templeCount: Int, ellipsis: String = "…") -> String {
        switch deck {
        case .notAsked, .loading:
            return "Loading the temple pictures" + ellipsis
        case .ready where level == .easy:
            return "\(templeCount) temples: two of each picture"
        case .ready:
            return "\(templeCount) temples: picture and name"
        case .unavailable:
            return "No temple pictures were found."
        }
    }

    /// Where the cursor goes when it follows focus: the chosen level's or symbol set's tab,
    /// or the Start button, whichever row is focused.
    func cursorPosition(in frame: Frame) -> Point? {
        let layout = MemoryChoiceLayout(size: frame.size)
        switch row {
        case .level:
            return Self.selectedTabText(levelTabs, in: layout.value(.level))
        case .symbols:
            return Self.selectedTabText(symbolTabs, in: layout.value(.symbols))
        case .start:
            // The title starts after the bracket and the focus marker ("[>Start<]").
            return Point(x: layout.startButton.x + 2, y: layout.startButton.y)
        }
    }

    /// The first cell of the selected tab's title (after its `[`) when `tabs` are drawn in `rect`.
    private static func selectedTabText(_ tabs: TabBar, in rect: Rect) -> Point? {
        let frames = tabs.frames(in: rect)
        guard frames.indices.contains(tabs.selectedIndex) else { return nil }
        let tab = frames[tabs.selectedIndex]
        return Point(x: tab.x + 1, y: tab.y)
    }
}
