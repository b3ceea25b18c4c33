import ArcadeUI
import SetModel

/// The daily puzzle: the day's twelve cards, which hold exactly six sets, the sets found
/// listed beside them, the clock from the first selection, and the day's result kept once.
/// There is no deck and no hint, so it has no keys of its own: the cards' and the screen's
/// (`SetScreen.Action`). It uses the screen's table (`SetTable`) for its cursor, message
/// line and clock.
struct SetDailyPage {
    /// The day's puzzle as played so far.
    private(set) var puzzle: SetDailyGame
    /// The day of the puzzle.
    let day: CalendarDay
    /// The day's result: kept before it opened (solved already), or just solved.
    private(set) var result: DailyOutcome?

    /// A puzzle already under way (a saved one), with the result kept for its day, if any.
    init(puzzle: SetDailyGame, day: CalendarDay, result: DailyOutcome?) {
        self.puzzle = puzzle
        self.day = day
        self.result = result
    }

    /// The puzzle of `day`, fresh, or finished when the day has its `result` already; the
    /// cursor on the first card and the clock at zero on `table`, which says which.
    init(day: CalendarDay, result: DailyOutcome?, table: inout SetTable) {
        self.init(puzzle: SetDailyGame(year: day.year, month: day.month, day: day.day), day: day, result: result)
        table.cursor = GridCursor()
        table.clock.reset()
        if let result {
            table.say("Solved already: " + SetWording.resultText(result, setCount: SetGame.dailySetCount) + ".")
        } else {
            table.say("Daily puzzle \(day.text): these 12 cards hold exactly 6 sets. Find them all.",
                      "Daily \(day.text): find the 6 sets.", "Find the 6 sets.")
        }
    }

    /// The keys of the daily puzzle: the cards', the card style and the choice of mode.
    static let bindings: [Binding<SetScreen.Action>] = SetScreen.cardBindings + [
        SetScreen.cardStyleBinding, SetScreen.modeBinding,
    ]

    /// A touch on the card in `place`: select it, or try the three.
    mutating func select(at place: Int, table: inout SetTable, faces: Bool) -> [GameEffect] {
        guard result == nil, !puzzle.isFinished, puzzle.cards.indices.contains(place) else { return [] }
        table.clock.start()
        let card = puzzle.cards[place]
        let wasSelected = puzzle.selectedCards.contains(card)
        let tried = puzzle.select(card, at: table.clock.elapsed)
        let progress = "\(puzzle.found.count) of \(puzzle.setCount) found"
        switch tried {
        case .found?:
            table.say("SET! \(progress).", "SET! \(progress)")
        case .alreadyFound?:
            table.say("Already found — \(progress).", "Found before.")
        case .miss(let trio)?:
            table.wordings = SetWording.notASet(trio, faces: faces, ending: " (" + SetWording.misses(puzzle.misses) + ").")
                + ["Not a set."]
        case nil:
            table.say(wasSelected ? "Deselected." : "\(puzzle.selectedCards.count) of 3 selected.")
        }
        guard puzzle.isFinished, table.clock.finish() else { return [] }
        let outcome = DailyOutcome(seconds: puzzle.elapsed(at: table.clock.elapsed), misses: puzzle.misses,
                                   found: puzzle.found.count)
        result = outcome
        table.say("Solved: all \(puzzle.setCount) sets in \(PlayClock.text(outcome.seconds)), "
                  + SetWording.misses(outcome.misses) + ".", "Solved!")
        return [.recordDaily(day: day.text, outcome)]
    }

    /// The sets listed beside the table: those found, or all of them once the day is solved.
    var listedSets: [[SetCard]] {
        result != nil && !puzzle.isFinished ? puzzle.allSets : puzzle.found
    }

    /// The solved day's box: its result and the line to share (and, on `today`'s puzzle,
    /// that a new one comes tomorrow).
    func gameOver(in frame: Frame, today: CalendarDay) -> GameOver<SetScreen.Action>? {
        guard let result else { return nil }
        let share = SetWording.shareLine(day: day, outcome: result, setCount: SetGame.dailySetCount)
        return GameOver(
            title: "Daily puzzle solved",
            message: "\(day.text): " + SetWording.resultText(result, setCount: SetGame.dailySetCount)
                + "\n\nTo share:\n" + share + (day == today ? "\n\nA new puzzle comes tomorrow." : ""),
            choices: [(Button(frame.size.width >= 60 ? "Classic game (n)" : "Classic (n)", hotKey: .character("n")),
                       .classicGame),
                      (Button("Mode (g)", hotKey: .character("g")), .chooseMode),
                      (Button("Menu (m)", hotKey: .character("m")), .menu)],
            preferredWidth: 46)
    }

    /// The rules of the daily puzzle for help, with `legend` (what the shapes mean).
    static func helpNotes(legend: String) -> [String] {
        [
            SetWording.rule + " Today's 12 cards hold exactly 6 sets: find them all. There is no deck and no hint; "
                + "every third card is a try, and a wrong one counts as a miss.",
            legend,
            "The clock runs from your first selection. The day's first finish is kept, with a line to share; "
                + "a new puzzle comes each day.",
        ]
    }

    // MARK: - Drawing

    /// The daily puzzle's one button.
    static var buttons: ActionButtons<SetScreen.Action> {
        ActionButtons([(Button("Mode", hotKey: .character("g")), .chooseMode)], spacing: 2, alignment: .center)
    }

    /// The action of a click at `point`: a card, or the Mode button.
    func action(at point: Point, in frame: Frame, style: SetCardStyle) -> SetScreen.Action? {
        let layout = SetDailyLayout(frame: frame, style: style)
        if let place = layout.place(at: point) { return .selectPlace(place) }
        return Self.buttons.action(at: point, in: layout.buttons)
    }

    /// The first cell inside the card under the cursor, while the day is still to solve.
    func cursorPoint(_ table: SetTable, in frame: Frame, style: SetCardStyle) -> Point? {
        guard result == nil else { return nil }
        return SetDailyLayout(frame: frame, style: style).cell(of: table.cursor.index).map { Box.inner(of: $0).origin }
    }

    func render(_ table: SetTable, style: SetCardStyle, into grid: inout CellGrid) {
        let layout = SetDailyLayout(frame: grid.frame, style: style)
        let found = listedSets
        let status = "Daily \(day.text)   Found \(found.count) of \(puzzle.setCount)   Misses \(result?.misses ?? puzzle.misses)"
            + "   Time \(result.map { PlayClock.text($0.seconds) } ?? table.clock.text)"
        let time = result.map { PlayClock.text($0.seconds) } ?? table.clock.text
        let misses = result?.misses ?? puzzle.misses
        let tight = "\(day.text)  Found \(found.count)/\(puzzle.setCount)  Miss \(misses)  \(time)"
        let tightest = "Found \(found.count)/\(puzzle.setCount)  Miss \(misses)  \(time)"
        StatusLine([status, tight, tightest], tone: .strong).draw(into: &grid, in: layout.status)
        let tone: StatusLine.Tone
        switch puzzle.lastTry {
        case .found?: tone = .good
        case .miss?: tone = .bad
        case .alreadyFound?: tone = .warning
        case nil: tone = .plain
        }
        StatusLine(table.wordings, tone: tone).draw(into: &grid, in: layout.message)
        let tried = puzzle.lastTry?.cards ?? []
        for (place, card) in puzzle.cards.enumerated() {
            guard let cell = layout.cell(of: place) else { continue }
            var look = CardLook(selected: puzzle.selectedCards.contains(card))
            if tried.contains(card) {
                switch puzzle.lastTry {
                case .found?: look.tried = .good
                case .miss?: look.tried = .bad
                case .alreadyFound?: look.tried = .warning
                case nil: break
                }
            }
            SetCardView.draw(card, in: cell, look: look, isCursor: place == table.cursor.index && result == nil,
                             faces: layout.showsFaces(style, theme: grid.theme), into: &grid)
        }
        drawFoundList(found, total: puzzle.setCount, in: layout.list, into: &grid)
        Self.buttons.draw(into: &grid, in: layout.buttons)
    }

    /// "Found 2 of 6" and a row per set: each card as its symbols in its colour.
    private func drawFoundList(_ sets: [[SetCard]], total: Int, in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        grid.write("Found \(sets.count) of \(total)", at: rect.origin, style: .bold, clip: rect)
        // Beside the cards a row per set (a blank row first, and between, when there is
        // room); under them rows of sets, the title at the left, each set `listWidth` wide.
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
                let text = SetCardView.compact(card, theme: grid.theme)
                grid.write(text, at: Point(x: x, y: y),
                           style: Style(foreground: SetCardView.terminalColor(card.color), bold: true), clip: rect)
                x += DisplayWidth.of(text) + 1
            }
        }
    }
}
