import ArcadeUI

/// The arcade's front page: one row per game with its best score.
///
/// ↑/↓/k/j move the highlight bar (a ▶ and the game's number and name in reverse video),
/// Home/End go to the first/last game, a digit or Enter/Space opens, a click on a row
/// opens it, `q` quits. Moving repaints only the two bars, never the descriptions. The
/// rows take the width they need, up to the terminal's.
public struct MenuScreen: ArcadePage, Sendable {
    /// One game's row.
    public struct Row: Equatable, Sendable {
        public var id: GameID
        /// Its number on the menu and digit key (1 for the first).
        public var number: Int
        public var title: String
        public var summary: String
        /// The description in a few words, for a row with no room for `summary`.
        public var shortSummary: String
        /// The best score as the game describes it, or nil when none is recorded.
        public var best: String?
        /// True when a game left in progress waits to be resumed.
        public var hasSavedGame: Bool
        /// A few words the game has for the player now ("3 due": Temples cards to review).
        public var note: String?

        public init(id: GameID, number: Int, title: String, summary: String, shortSummary: String? = nil,
                    best: String? = nil, hasSavedGame: Bool = false, note: String? = nil) {
            self.id = id
            self.number = number
            self.title = title
            self.summary = summary
            self.shortSummary = shortSummary ?? summary
            self.best = best
            self.hasSavedGame = hasSavedGame
            self.note = note
        }

        /// The mark of a saved game, before the best score.
        static let savedMark = "saved game"

        /// Columns the right-hand side takes: the note, the saved mark and the best score,
        /// two columns apart.
        var trailingWidth: Int {
            // One pass, without building filtered arrays to count: each row asks at every
            // frame.
            var width = 0, parts = 0
            for part in [note, hasSavedGame ? Self.savedMark : nil, best] {
                guard let part, !part.isEmpty else { continue }
                width += DisplayWidth.of(part)
                parts += 1
            }
            return width + 2 * max(0, parts - 1)
        }

        /// How the row is drawn in `width` columns (from its start): the description that
        /// fits whole, and whether the extras (note, saved mark, best) go on the line under
        /// it (`extrasBelow`, when the rows are spaced out). A description is never cut: the
        /// full one, else the short one, else none.
        func arrangement(width: Int, extrasBelow canGoBelow: Bool) -> (description: String?, extrasBelow: Bool) {
            let room = width - MenuScreen.descriptionColumn
            let trailing = trailingWidth
            let besideExtras = trailing > 0 ? room - trailing - 2 : room
            let below = canGoBelow && trailing > 0
            for wording in [summary, shortSummary] {
                if DisplayWidth.of(wording) <= besideExtras { return (wording, false) }
                if below && DisplayWidth.of(wording) <= room { return (wording, true) }
            }
            return (nil, below)  // no description: the extras still keep off the name when they can
        }
    }

    /// What the menu asks of the shell.
    public enum Effect: Equatable, Sendable {
        case open(GameID)
        /// The statistics page.
        case statistics
        /// The settings page.
        case settings
        case quit
    }

    public var rows: [Row]
    public private(set) var selected: Int = 0
    /// One line under the list (a score-file problem, a game that could not start).
    public var notice: String?

    /// The smallest terminal the menu is drawn in (key line included).
    public static let minimumSize = Size(width: 40, height: 12)

    public init(rows: [Row], notice: String? = nil) {
        self.rows = rows
        self.notice = notice
    }

    /// What the player can do on the menu.
    public enum Action: Hashable, Sendable {
        case move(Int), first, last, openSelected, open(number: Int), statistics, settings, quit
    }

    /// The menu's keys; the key line and `?` help are read from them. `?` and Esc are the
    /// shell's, listed here for help.
    public static func bindings(games: Int) -> [Binding<Action>] { [
        Binding(keys: [.up, .down, .character("k"), .character("j")], hint: KeyHint("↑↓", "move"),
                help: KeyHint("↑ ↓  k j", "choose a game")) { key in
            key == .up || key == .character("k") ? .move(-1) : .move(1)
        },
        Binding(keys: [.home, .end], help: KeyHint("Home  End", "the first or last game")) { key in
            key == .home ? .first : .last
        },
        Binding([.enter, .space], .openSelected, hint: "open", help: "open the chosen game"),
        Binding(keys: (0...9).map { Key.character(Character("\($0)")) }, hint: KeyHint(numbers(games, "-"), "game"),
                help: KeyHint(numbers(games, " … "), "open game by number")) { key in key.digit.map { .open(number: $0) } },
        Binding([.character("s")], .statistics, hint: "stats", help: "statistics of every game",
                isCaseSensitive: true),
        Binding([.character("o")], .settings, hint: "settings", help: "settings: theme, colours, sound, animations…",
                isCaseSensitive: true),
        .note("click", "open a game, or a button under them"),
        .note("?", "this help"),
        Binding([.character("q")], .quit, help: "quit", isCaseSensitive: true),
        .note("Esc", "quit, after asking"),
    ] }

    /// The menu's keys for its games.
    var bindings: [Binding<Action>] { Self.bindings(games: rows.count) }

    /// The line under the title: "five games in your terminal".
    static func tagline(games: Int) -> String {
        let words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        let count = words.indices.contains(games) ? words[games] : "\(games)"
        return "\(count) game\(games == 1 ? "" : "s") in your terminal"
    }

    /// The games' numbers in a key line or help: "1-5", "1 … 5" (the digit keys reach nine).
    static func numbers(_ count: Int, _ separator: String) -> String {
        count > 1 ? "1\(separator)\(min(count, 9))" : "1"
    }

    /// Do `action`.
    public mutating func perform(_ action: Action) -> [Effect] {
        switch action {
        case .move(let step): move(by: step)
        case .first: selected = 0
        case .last: selected = max(0, rows.count - 1)
        case .openSelected:
            if rows.indices.contains(selected) { return [.open(rows[selected].id)] }
        case .open(let number):
            if let row = rows.first(where: { $0.number == number }) {
                select(row.id)
                return [.open(row.id)]
            }
        case .statistics:
            return [.statistics]
        case .settings:
            return [.settings]
        case .quit:
            return [.quit]
        }
        return []
    }

    /// Apply one input (the frame is the whole terminal but the key line).
    public mutating func update(_ input: Input, in frame: Frame) -> [Effect] {
        dispatch(input, in: frame)
    }

    /// A press on a button under the games does its action, one on a row opens that game (as
    /// its number does); the wheel moves the highlight.
    func action(for event: MouseEvent, in frame: Frame) -> Action? {
        switch event.action {
        case .press:
            if let action = Layout(size: frame.size, rows: rows).pageAction(at: event.at) { return action }
            return rowIndex(at: event.at, in: frame.size).map { .open(number: rows[$0].number) }
        case .wheelUp: return .move(-1)
        case .wheelDown: return .move(1)
        default: return nil
        }
    }

    /// Draw the menu into `grid` (the whole terminal but the key line).
    public func render(into grid: inout CellGrid) {
        let layout = Layout(size: grid.size, rows: rows)
        drawTitle(into: &grid, layout: layout)
        if rows.isEmpty {
            let text = "No games are installed yet."
            grid.write(text, at: Point(x: max(0, (grid.size.width - text.count) / 2), y: layout.firstRowY))
        }
        for (index, row) in rows.enumerated() {
            draw(row, selected: index == selected, y: layout.firstRowY + index * layout.rowStep,
                 layout: layout, into: &grid)
        }
        for (index, page) in Self.pageButtons.enumerated() where layout.buttonsY < grid.size.height {
            page.button.draw(into: &grid, at: layout.buttonOrigin(index))
        }
        if let notice {
            // A long notice (a file moved aside, a score not saved) wraps onto the rows
            // below; what still does not fit ends in an ellipsis.
            let y = min(grid.size.height - 1, layout.buttonsY + 2)
            let area = Rect(x: 1, y: y, width: max(0, grid.size.width - 2), height: max(0, grid.size.height - y))
            var lines = TextLayout.wrapped(notice, toWidth: area.width)
            if lines.count > area.height, area.height > 0 {
                lines = Array(lines.prefix(area.height))
                lines[lines.count - 1] = TextLayout.truncated(lines[lines.count - 1] + Glyphs(theme: grid.theme).ellipsis,
                                                              toWidth: area.width, ascii: grid.theme.ascii)
            }
            Label(lines.joined(separator: "\n"), alignment: .center, style: Style.bold.foreground(.warning))
                .draw(into: &grid, in: area)
        }
    }

    /// The key line for the menu.
    public var keyHints: [KeyHint] { bindings.keyHints() }

    /// What `?` shows on the menu, naming the folder the scores are kept in.
    public func help(dataDirectory: String?) -> HelpSheet {
        HelpSheet(
            title: "Arcade",
            keys: bindings.helpRows(),
            notes: [
                "In a game: ? shows its keys, q or Esc comes back here; a game left half-way is kept, "
                    + "and opening it again offers to resume it.",
                dataDirectory.map { "Scores, saved games and settings are kept in \($0)/arcade.sqlite3." }
                    ?? "No home folder was found: nothing is kept.",
            ])
    }

    // MARK: - Drawing

    /// The buttons under the games, for the mouse, each with what it does: the statistics and
    /// settings pages.
    static let pageButtons: [(button: Button, action: Action)] = [
        (Button("Statistics", hotKey: .character("s")), .statistics),
        (Button("Settings", hotKey: .character("o")), .settings),
    ]

    /// Where the terminal's cursor goes when it follows focus: the chosen game's row.
    public func cursorPosition(in size: Size) -> Point? {
        guard rows.indices.contains(selected) else { return nil }
        let layout = Layout(size: size, rows: rows)
        return Point(x: layout.left, y: layout.firstRowY + selected * layout.rowStep)
    }

    /// Where things go for a given size: rows spaced out when there is room.
    private struct Layout {
        var titleY: Int
        var firstRowY: Int
        var rowStep: Int
        var left: Int
        var width: Int
        /// The row of the Statistics and Settings buttons.
        var buttonsY: Int

        /// Where button `index` of `pageButtons` starts: left under the names.
        func buttonOrigin(_ index: Int) -> Point {
            let before = MenuScreen.pageButtons.prefix(index).reduce(0) { $0 + $1.button.width + 2 }
            return Point(x: left + 2 + before, y: buttonsY)
        }

        /// What the button under `point` does, if one is there.
        func pageAction(at point: Point) -> Action? {
            MenuScreen.pageButtons.indices.first { MenuScreen.pageButtons[$0].button.contains(point, drawnAt: buttonOrigin($0)) }
                .map { MenuScreen.pageButtons[$0].action }
        }

        init(size: Size, rows: [Row]) {
            let rowCount = rows.count
            // Wide enough for the longest description beside its extras (note, saved mark, best
            // score), at least 76 columns; where that is too wide the extras take the line under.
            let needed = rows.map { row in
                MenuScreen.descriptionColumn + DisplayWidth.of(row.summary) + (row.trailingWidth > 0 ? row.trailingWidth + 2 : 0)
            }.max() ?? 0
            width = min(size.width - 2, max(76, needed))
            left = max(1, (size.width - width) / 2)
            titleY = size.height >= 20 ? 1 : 0
            let titleHeight = size.height >= 20 ? 5 : 4
            let free = size.height - titleY - titleHeight - 2
            rowStep = rowCount > 0 && free >= rowCount * 2 ? 2 : 1
            firstRowY = titleY + titleHeight + (size.height >= 20 ? 1 : 0)
            buttonsY = firstRowY + max(1, rowCount) * rowStep + (rowStep == 2 ? 0 : 1)
        }
    }

    private func drawTitle(into grid: inout CellGrid, layout: Layout) {
        let title = "A R C A D E"
        let tagline = Self.tagline(games: rows.count)
        // Columns, measured from the bytes of ASCII (counting characters walks the text's
        // grapheme clusters, at every frame).
        let titleWidth = DisplayWidth.of(title), taglineWidth = DisplayWidth.of(tagline)
        let boxWidth = 2 + max(titleWidth, taglineWidth) + 4
        let x = max(0, (grid.size.width - boxWidth) / 2)
        Box(style: .double, frameStyle: Style.bold.foreground(.accent))
            .draw(into: &grid, in: Rect(x: x, y: layout.titleY, width: boxWidth, height: 3))
        grid.write("ARCADE", at: Point(x: x + (boxWidth - 6) / 2, y: layout.titleY + 1), style: Style.bold)
        grid.write(tagline, at: Point(x: x + (boxWidth - taglineWidth) / 2, y: layout.titleY + 3), style: .dim)
    }

    /// Columns of a row before its description: marker, number and name.
    static let nameColumns = 16
    /// Where a row's description starts, from the row's start.
    static let descriptionColumn = 17

    private func draw(_ row: Row, selected: Bool, y: Int, layout: Layout, into grid: inout CellGrid) {
        guard y < grid.size.height else { return }
        let clip = Rect(x: layout.left, y: y, width: layout.width, height: 1)
        let marker = selected ? Glyphs(theme: grid.theme).pick("▶", ascii: ">") : " "
        // The bar: marker, number and name in reverse video (cyan where there is colour).
        let bar = Rect(x: layout.left, y: y, width: min(layout.width, Self.nameColumns), height: 1)
        let name = selected ? Style.bold.foreground(.accent).reversed : Style.bold
        if selected { grid.fill(bar, style: name) }
        grid.write(marker, at: Point(x: layout.left, y: y), style: name, clip: clip)
        grid.write("\(row.number)", at: Point(x: layout.left + 2, y: y), style: name, clip: clip)
        grid.write(row.title, at: Point(x: layout.left + 5, y: y), style: name, clip: clip)
        let (description, extrasBelow) = row.arrangement(width: layout.width, extrasBelow: layout.rowStep == 2)
        if let description {
            grid.write(description, at: Point(x: layout.left + Self.descriptionColumn, y: y), clip: clip)
        }
        // The extras end at the row's right edge, on its line or the spare line under it, and
        // never over the name: what does not fit beside it is left out, the best first, then
        // the note, the saved mark last.
        let extrasY = extrasBelow ? y + 1 : y
        guard extrasY < grid.size.height else { return }
        let room = extrasBelow ? layout.width : layout.width - 5 - DisplayWidth.of(row.title) - 1
        var row = row
        if row.trailingWidth > room { row.best = nil }
        if row.trailingWidth > room { row.note = nil }
        if row.trailingWidth > room { row.hasSavedGame = false }
        let best = row.best ?? ""
        let bestWidth = DisplayWidth.of(best)
        let trailing = row.trailingWidth
        let extrasClip = Rect(x: layout.left, y: extrasY, width: layout.width, height: 1)
        var x = layout.left + layout.width - trailing
        if let note = row.note, !note.isEmpty {
            grid.write(note, at: Point(x: x, y: extrasY), style: Style.bold.foreground(.accent), clip: extrasClip)
            x += DisplayWidth.of(note) + 2
        }
        if row.hasSavedGame {
            grid.write(Row.savedMark, at: Point(x: x, y: extrasY), style: Style.bold.foreground(.highlight), clip: extrasClip)
        }
        if bestWidth > 0 {
            grid.write(best, at: Point(x: layout.left + layout.width - bestWidth, y: extrasY),
                       style: Style().foreground(.good), clip: extrasClip)
        }
    }

    /// Put the highlight on game `id`'s row (the game just left, or opened by its number).
    public mutating func select(_ id: GameID) {
        if let index = rows.firstIndex(where: { $0.id == id }) { selected = index }
    }

    private mutating func move(by step: Int) {
        guard !rows.isEmpty else { return }
        selected = min(max(0, selected + step), rows.count - 1)
    }

    /// The row under `point`, if any.
    private func rowIndex(at point: Point, in size: Size) -> Int? {
        let layout = Layout(size: size, rows: rows)
        guard point.x >= layout.left, point.x < layout.left + layout.width,
              point.y >= layout.firstRowY, (point.y - layout.firstRowY) % layout.rowStep == 0 else { return nil }
        let index = (point.y - layout.firstRowY) / layout.rowStep
        return rows.indices.contains(index) ? index : nil
    }
}

/// The rows as the shell keeps them: a row per game of the catalog, with its best, its saved
/// game's mark and its note.
extension MenuScreen {
    /// The menu of `games`, numbered in their order, each with its best of `scores`.
    init(games: [GameInfo], scores: [GameID: [ScoreEntry]], notice: String?) {
        self.init(rows: games.enumerated().map { index, info in
            Row(id: info.id, number: index + 1, title: info.title, summary: info.summary, shortSummary: info.shortSummary)
        }, notice: notice)
        showBests(scores, of: games)
    }

    /// Each row's best, from the lists in `scores` (best first) of the games in `games`.
    mutating func showBests(_ scores: [GameID: [ScoreEntry]], of games: [GameInfo]) {
        for info in games {
            guard let entries = scores[info.id], let index = rows.firstIndex(where: { $0.id == info.id }) else { continue }
            rows[index].best = entries.first.map(info.describeBest)
        }
    }

    /// Mark the rows of the games in `saved` (a game left in progress), and give each row the
    /// note of its game in `notes` (`GameInfo.menuNote`).
    mutating func mark(saved: Set<GameID>, notes: [GameID: String]) {
        for index in rows.indices {
            rows[index].hasSavedGame = saved.contains(rows[index].id)
            rows[index].note = notes[rows[index].id]
        }
    }
}
