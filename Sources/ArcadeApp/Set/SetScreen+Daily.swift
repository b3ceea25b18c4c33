import ArcadeUI
import SetModel

/// The daily puzzle on the Set screen: the day's twelve cards, the sets found listed beside
/// them, the clock from the first selection, and the day's result kept once.
extension SetScreen {
    /// The keys of the daily puzzle: no deck to deal and no hint.
    static let dailyBindings: [Binding<Action>] = cardBindings + [
        Binding([.character("c")], .toggleCardStyle, hint: "cards", help: "cards as glyphs or as classic shapes"),
        Binding([.character("g")], .chooseMode, hint: "mode", help: "choose the mode: classic, daily puzzle or versus"),
    ]

    /// The daily result kept for the day on the table, or nil while it is still to solve.
    var dayResult: DailyOutcome? { keptDaily[day.text] }

    /// The day's puzzle, fresh, or finished when the day has its result already.
    mutating func startDaily() {
        mode = .daily
        day = dailyDay
        daily = SetDailyGame(year: day.year, month: day.month, day: day.day)
        cursor = GridCursor()
        clock.reset()
        if let result = dayResult {
            say("Solved already: " + Self.resultText(result, setCount: SetGame.dailySetCount) + ".")
        } else {
            say("Daily puzzle \(day.text): these 12 cards hold exactly 6 sets. Find them all.",
                "Daily \(day.text): find the 6 sets.", "Find the 6 sets.")
        }
    }

    /// A touch on the card in `place`: select it, or try the three.
    mutating func selectDaily(at place: Int, in frame: Frame) -> [GameEffect] {
        guard var puzzle = daily, dayResult == nil, !puzzle.isFinished, puzzle.cards.indices.contains(place) else {
            return []
        }
        clock.start()
        let card = puzzle.cards[place]
        let wasSelected = puzzle.selectedCards.contains(card)
        let result = puzzle.select(card, at: clock.elapsed)
        daily = puzzle
        let progress = "\(puzzle.found.count) of \(puzzle.setCount) found"
        switch result {
        case .found?:
            say("SET! \(progress).", "SET! \(progress)")
        case .alreadyFound?:
            say("Already found — \(progress).", "Found before.")
        case .miss(let trio)?:
            wordings = Self.notASet(trio, faces: showsFaces(in: frame), ending: " (" + Self.misses(puzzle.misses) + ").")
                + ["Not a set."]
        case nil:
            say(wasSelected ? "Deselected." : "\(puzzle.selectedCards.count) of 3 selected.")
        }
        guard puzzle.isFinished, clock.finish() else { return [] }
        let outcome = DailyOutcome(seconds: puzzle.elapsed(at: clock.elapsed), misses: puzzle.misses,
                                   found: puzzle.found.count)
        keptDaily[day.text] = outcome
        say("Solved: all \(puzzle.setCount) sets in \(PlayClock.text(outcome.seconds)), " + Self.misses(outcome.misses) + ".",
            "Solved!")
        return [.recordDaily(day: day.text, outcome)]
    }

    /// "6/6 in 2:14, 1 miss"
    static func resultText(_ outcome: DailyOutcome, setCount: Int) -> String {
        "\(outcome.found)/\(setCount) in \(PlayClock.text(outcome.seconds)), " + misses(outcome.misses)
    }

    /// The one line to share: "Set daily 2026-12-01: 6/6 in 2:14, 1 miss".
    static func shareLine(day: CalendarDay, outcome: DailyOutcome, setCount: Int) -> String {
        "Set daily \(day.text): " + resultText(outcome, setCount: setCount)
    }

    /// "no misses", "1 miss", "2 misses".
    static func misses(_ count: Int) -> String {
        count == 0 ? "no misses" : count == 1 ? "1 miss" : "\(count) misses"
    }

    /// The sets listed beside the table: those found, or all of them once the day is solved.
    var listedSets: [[SetCard]] {
        guard let daily else { return [] }
        return dayResult != nil && !daily.isFinished ? daily.allSets : daily.found
    }

    /// The solved day's box: its result and the line to share.
    func dailyGameOver(in frame: Frame) -> GameOver<Action>? {
        guard daily != nil, let result = dayResult else { return nil }
        let share = Self.shareLine(day: day, outcome: result, setCount: SetGame.dailySetCount)
        return GameOver(
            title: "Daily puzzle solved",
            message: "\(day.text): " + Self.resultText(result, setCount: SetGame.dailySetCount)
                + "\n\nTo share:\n" + share + (day == today ? "\n\nA new puzzle comes tomorrow." : ""),
            choices: [(Button(frame.size.width >= 60 ? "Classic game (n)" : "Classic (n)", hotKey: .character("n")),
                       .classicGame),
                      (Button("Mode (g)", hotKey: .character("g")), .chooseMode),
                      (Button("Menu (m)", hotKey: .character("m")), .menu)],
            preferredWidth: 46)
    }

    // MARK: - Drawing

    var dailyButtons: ActionButtons<Action> {
        ActionButtons([(Button("Mode", hotKey: .character("g")), .chooseMode)], spacing: 2, alignment: .center)
    }

    func renderDaily(into grid: inout CellGrid) {
        guard let daily else { return }
        let layout = SetDailyLayout(frame: grid.frame, style: cardStyle)
        let found = listedSets
        let status = "Daily \(day.text)   Found \(found.count) of \(daily.setCount)   Misses \(dayResult?.misses ?? daily.misses)"
            + "   Time \(dayResult.map { PlayClock.text($0.seconds) } ?? clock.text)"
        let time = dayResult.map { PlayClock.text($0.seconds) } ?? clock.text
        let misses = dayResult?.misses ?? daily.misses
        let tight = "\(day.text)  Found \(found.count)/\(daily.setCount)  Miss \(misses)  \(time)"
        let tightest = "Found \(found.count)/\(daily.setCount)  Miss \(misses)  \(time)"
        StatusLine([status, tight, tightest], tone: .strong).draw(into: &grid, in: layout.status)
        let tone: StatusLine.Tone
        switch daily.lastTry {
        case .found?: tone = .good
        case .miss?: tone = .bad
        case .alreadyFound?: tone = .warning
        case nil: tone = .plain
        }
        StatusLine(wordings, tone: tone).draw(into: &grid, in: layout.message)
        let tried = daily.lastTry?.cards ?? []
        for (place, card) in daily.cards.enumerated() {
            guard let cell = layout.cell(of: place) else { continue }
            var look = CardLook(selected: daily.selectedCards.contains(card))
            if tried.contains(card) {
                switch daily.lastTry {
                case .found?: look.tried = .good
                case .miss?: look.tried = .bad
                case .alreadyFound?: look.tried = .warning
                case nil: break
                }
            }
            drawCard(card, in: cell, look: look, isCursor: place == cursor.index && dayResult == nil,
                     faces: layout.showsFaces(cardStyle, theme: grid.theme), into: &grid)
        }
        drawFoundList(found, total: daily.setCount, in: layout.list, into: &grid)
        dailyButtons.draw(into: &grid, in: layout.buttons)
    }

    /// "Found 2 of 6" and a row per set: each card as its symbols in its colour.
    private func drawFoundList(_ sets: [[SetCard]], total: Int, in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        grid.write("Found \(sets.count) of \(total)", at: rect.origin, style: .bold, clip: rect)
        // A tall list (beside the cards) has a row per set, a blank between when there is
        // room; a short one (under them) starts a row of sets after the title, each set
        // `listWidth` wide.
        // Beside the cards a row per set (a blank row first, and between, when there is
        // room); under them rows of sets, the title at the left.
        let tall = rect.height >= 1 + total
        let spacing = rect.height >= 2 + 2 * total ? 2 : 1
        let left = tall ? 0 : SetDailyLayout.listTitleWidth
        let perRow = tall ? 1 : max(1, (rect.width - left) / SetDailyLayout.listWidth)
        for (index, set) in sets.enumerated() {
            let row = index / perRow, column = index % perRow
            let y = tall ? rect.y + spacing + index * spacing : rect.y + row
            guard y < rect.maxY else { break }
            var x = rect.x + left + column * SetDailyLayout.listWidth
            grid.write("\(index + 1).", at: Point(x: x, y: y), style: .dim, clip: rect)
            x += 3
            for card in set {
                let text = Self.compact(card, theme: grid.theme)
                grid.write(text, at: Point(x: x, y: y), style: Style(foreground: Self.terminalColor(card.color), bold: true),
                           clip: rect)
                x += DisplayWidth.of(text) + 1
            }
        }
    }

    /// A card in a few columns for the list: its symbols (and its colour's letter without colour).
    static func compact(_ card: SetCard, theme: Theme) -> String {
        let glyph = glyph(card.symbol, card.shading, ascii: theme.ascii)
        let symbols = String(repeating: glyph, count: card.number.rawValue)
        guard theme.namesColors || theme.ascii else { return symbols }
        let letter: String
        switch card.color {
        case .red: letter = "r"
        case .green: letter = "g"
        case .purple: letter = "p"
        }
        let shading: String
        switch card.shading {
        case .solid: shading = "s"
        case .striped: shading = "t"
        case .open: shading = "o"
        }
        return letter + (theme.ascii ? shading : "") + symbols
    }
}

/// Where the daily puzzle's parts go: status and message lines, the twelve cards, the list
/// of sets found beside them (when the screen is wide enough), and the buttons.
struct SetDailyLayout {
    var status: Rect
    var message: Rect
    var table: GridLayout
    var list: Rect
    var buttons: Rect

    /// The list's width: "6." and three cards of up to 4 columns.
    static let listWidth = 19
    /// The narrowest table that leaves room for the list beside it.
    static let listFrom = 60
    static let maximumCard = Size(width: 30, height: 12)

    /// Where the list of sets goes.
    enum Placement { case beside, below, none }

    /// The layout in `frame` for cards drawn in `style`. The list must hold all six sets:
    /// beside the cards when the screen is wide and tall enough, else under them when it is
    /// wide enough, else it is left out (the status line still counts the sets). For the
    /// classic faces, under the cards is preferred when that gives the shapes more room (at
    /// 80×24 it does: four rows of pixels more).
    init(frame: Frame, style: SetCardStyle = .glyphs) {
        let beside = Self(frame: frame, placement: .beside)
        let below = Self(frame: frame, placement: .below)
        let valid = [beside, below].compactMap { $0 }
        guard let first = valid.first else {
            self = Self(frame: frame, placement: .none)!
            return
        }
        guard style == .classic, !frame.theme.ascii, valid.count > 1 else {
            self = first
            return
        }
        func room(_ layout: Self) -> (Int, Int) {
            let inner = Size(width: layout.table.cellSize.width - 2, height: layout.table.cellSize.height - 2)
            return (SetCardFace.fits(in: inner) ? 1 : 0, min(inner.height * 2, inner.width))
        }
        self = valid.dropFirst().reduce(first) { best, next in room(next) > room(best) ? next : best }
    }

    /// The most rows the list takes under the cards.
    static let maximumListRowsBelow = 3
    /// The columns the title takes at the left of a list under the cards ("Found 6 of 6").
    static let listTitleWidth = 14

    /// The layout with the list at `placement`; nil when the list would not hold six sets
    /// there or the cards would not fit beside it (`.none` is always laid out).
    private init?(frame: Frame, placement: Placement) {
        let size = frame.size
        let rows = SetLayout.rows(in: size)
        status = rows.status
        message = rows.message
        buttons = rows.buttons
        var tableArea = rows.table
        let sets = SetGame.dailySetCount
        switch placement {
        case .none:
            list = Rect(x: 0, y: 0, width: 0, height: 0)
            table = Self.plan(in: tableArea, theme: frame.theme)
        case .below:
            let perRow = (rows.table.width - 2 - Self.listTitleWidth) / Self.listWidth
            guard perRow > 0 else { return nil }
            let listRows = (sets + perRow - 1) / perRow
            guard listRows <= Self.maximumListRowsBelow else { return nil }
            tableArea.height -= listRows
            table = Self.plan(in: tableArea, theme: frame.theme)
            let top = table.origin.y + table.rows * table.cellSize.height
            list = Rect(x: rows.table.x + 1, y: min(top, tableArea.maxY), width: rows.table.width - 2, height: listRows)
        case .beside:
            guard size.width >= Self.listFrom, tableArea.height - 1 >= 1 + sets else { return nil }
            list = Rect(x: tableArea.maxX - Self.listWidth, y: tableArea.y + 1, width: Self.listWidth,
                        height: tableArea.height - 1)
            tableArea.width -= Self.listWidth + 1
            table = Self.plan(in: tableArea, theme: frame.theme)
            // The list beside the cards, not at the far edge: the cards and it centred as one.
            let used = table.columns * table.cellSize.width + (table.columns - 1)
            let whole = used + 2 + Self.listWidth
            let left = rows.table.x + max(0, (rows.table.width - whole) / 2)
            table = Self.plan(in: Rect(x: left, y: tableArea.y, width: used, height: tableArea.height), theme: frame.theme)
            list.x = left + used + 2
        }
        guard placement == .none || table.fitsMinimum else { return nil }
    }

    /// Twelve cards in 3, 4 or 6 columns, whichever gives the largest cards.
    static func plan(in area: Rect, theme: Theme) -> GridLayout {
        let minCell = SetLayout.minimumCard(theme: theme)
        let grids = [3, 4, 6].map { columns in
            GridLayout(columns: columns, rows: 12 / columns, count: 12, in: area, minCell: minCell,
                       spacing: Size(width: 1, height: 0), maxCell: maximumCard)
        }
        func score(_ grid: GridLayout) -> (Int, Int) {
            (grid.fitsMinimum ? 1 : 0, min(grid.cellSize.width, grid.cellSize.height * 3))
        }
        return grids.dropFirst().reduce(grids[0]) { best, next in score(next) > score(best) ? next : best }
    }

    /// The frame of the card in `place`.
    func cell(of place: Int) -> Rect? { table.cell(at: place) }

    /// Whether cards drawn in `style` show the classic faces: when they are readable at this size.
    func showsFaces(_ style: SetCardStyle, theme: Theme) -> Bool {
        style == .classic && !theme.ascii
            && SetCardFace.fits(in: Size(width: table.cellSize.width - 2, height: table.cellSize.height - 2))
    }

    /// The place a click at `point` lands on.
    func place(at point: Point) -> Int? { table.index(at: point) }

    /// Where each place is, for the cursor.
    var positions: [(row: Int, column: Int)?] {
        (0..<12).map { (row: $0 / table.columns, column: $0 % table.columns) }
    }

    /// Whether the twelve cards fit at `size` at their smallest (with or without the list:
    /// the list is left out before the cards are too small).
    static func fits(_ size: Size, theme: Theme) -> Bool {
        size.width >= minimumWidth && SetDailyLayout(frame: Frame(size: size, theme: theme)).table.fitsMinimum
    }

    /// The narrowest the daily screen is drawn (its status line's short form and the Mode button).
    static let minimumWidth = 20

    /// The smallest screen for the twelve cards, in the shape nearest `size` (without the list,
    /// which `fits` leaves out when there is no room for it).
    static func minimumSize(theme: Theme, near size: Size) -> Size {
        let card = SetLayout.minimumCard(theme: theme)
        let shapes = [3, 4, 6].map { columns in
            Size(width: max(minimumWidth, columns * card.width + (columns - 1) + 2 * SetLayout.margin),
                 height: (12 / columns) * card.height + SetLayout.statusRows + SetLayout.messageRows + SetLayout.buttonRows)
        }
        func cost(_ shape: Size) -> (Int, Int) {
            (max(0, shape.width - size.width) + max(0, shape.height - size.height), shape.width * shape.height)
        }
        return shapes.dropFirst().reduce(shapes[0]) { best, next in cost(next) < cost(best) ? next : best }
    }
}
