import ArcadeUI
import BlackjackModel

/// The coach's chart (`w`): the basic-strategy chart of the table's rules, one kind of
/// hand at a time (←/→: hard, soft, pairs), each cell the chart's play in the colour of the
/// player's record there; beside it, the record over time and the hands gone wrong most.
/// The record is the coach's (`BlackjackTable.coach`); the page keeps the kind on show.
struct BlackjackChartPage: Equatable {
    /// What the chart's keys and buttons do.
    enum Action: Hashable, Sendable {
        /// Show another kind of hand (the next when positive), or this one.
        case moveKind(Int)
        case showKind(CoachSituation.Kind)
    }

    /// The chart's keys in the screen's table: the kinds of hand, and the drill.
    static let keyRows: [BlackjackScreen.KeyRow] = [
        .init(Binding([.right, .tab, .character("l")], .chart(.moveKind(1)), hint: "hands", hintKeys: "← →"), in: [.chart]),
        .init(Binding([.left, .backTab, .character("h")], .chart(.moveKind(-1))), in: [.chart]),
        .init(Binding([.character("d")], .openDrill, hint: "drill"), in: [.chart]),
    ]

    /// The kind of hand the chart shows.
    var kind = CoachSituation.Kind.hard

    /// The chart on the kind of hand gone wrong most in `record`.
    init(record: [CoachSituation: CoachTally]) {
        kind = CoachChart.openingKind(record)
    }

    init(kind: CoachSituation.Kind = .hard) {
        self.kind = kind
    }

    mutating func perform(_ action: Action) {
        switch action {
        case .moveKind(let step):
            let kinds = CoachSituation.Kind.allCases
            let index = kinds.firstIndex(of: kind) ?? 0
            kind = kinds[((index + step) % kinds.count + kinds.count) % kinds.count]
        case .showKind(let shown):
            kind = shown
        }
    }

    /// A click on the chart's buttons.
    func action(at point: Point, layout: BlackjackLayout) -> BlackjackScreen.Action? {
        buttons.action(at: point, in: Self.page(layout).back)
    }

    /// The words on the right of the chart, a line each: the record, then the hands gone wrong most.
    static func sideLines(_ coach: BlackjackCoach, width: Int, height: Int) -> [(String, Style)] {
        var lines: [(String, Style)] = []
        let all = coach.decisionsEver, right = coach.rightEver
        if all == 0 {
            lines.append(("Nothing kept yet", .bold))
            lines += TextLayout.wrapped("Play with the coach on (c), or drill (d): each decision is counted here.",
                                        toWidth: width).map { ($0, .plain) }
            return lines
        }
        lines.append(("Right \(right * 100 / all)% of \(all)", .bold))
        if coach.decisions > 0 {
            lines.append(("Session \(coach.right)/\(coach.decisions)", .plain))
        }
        let wrong = CoachChart.wrongMost(coach.record, limit: max(0, height - lines.count - 2))
        lines.append(("", .plain))
        guard !wrong.isEmpty else {
            // Decisions an earlier version kept have no situation: nothing to say about them.
            if !coach.record.isEmpty { lines.append(("Nothing wrong yet.", StatusLine.Tone.good.style)) }
            return lines
        }
        let heading = "Wrong most", counts = "wrong/all"
        lines.append((heading + String(repeating: " ", count: max(1, width - heading.count - counts.count)) + counts, .bold))
        for (situation, tally) in wrong {
            let name = CoachChart.shortName(situation), count = "\(tally.wrong)/\(tally.total)"
            let gap = max(1, width - name.count - count.count)
            lines.append((name + String(repeating: " ", count: gap) + count, .plain))
        }
        return lines
    }

    /// The chart of the kind of hand on show, its legend and the record beside it.
    func render(_ layout: BlackjackLayout, coach: BlackjackCoach, rules: TableRules, into grid: inout CellGrid) {
        let (frame, back) = Self.page(layout)
        let kindName = ["hard": "hard hands", "soft": "soft hands", "pair": "pairs"][kind.rawValue] ?? ""
        Box(title: "Coach's chart: \(kindName)", style: .single).draw(into: &grid, in: frame)
        let area = Box.inner(of: frame).insetBy(dx: 1, dy: 0)
        let glyphs = Glyphs(theme: grid.theme)
        let chart = CoachChart(kind: kind, rules: rules, record: coach.record)
        let cellWidth = Self.cellWidth, labelWidth = Self.labelWidth
        // The dealer's up cards across the top.
        for (column, dealer) in CoachChart.dealerCards.enumerated() {
            let heading = CoachChart.dealerLabel(dealer)
            // Right-aligned on the play's letter.
            let x = area.x + labelWidth + column * cellWidth + 2 - heading.count
            grid.write(heading, at: Point(x: x, y: area.y), style: .bold, clip: area)
        }
        for (index, row) in chart.rows.enumerated() {
            let y = area.y + 1 + index
            grid.write(glyphs.plain(row.label), at: Point(x: area.x, y: y), style: .bold, clip: area)
            for (column, cell) in chart.cells[index].enumerated() {
                let (text, style) = Self.cell(cell, glyphs: glyphs)
                grid.write(text, at: Point(x: area.x + labelWidth + column * cellWidth, y: y), style: style, clip: area)
            }
        }
        // The record beside the chart; on a narrow terminal its share right goes in the
        // title and the hands gone wrong most on a line under the chart. Then the legend, as room allows.
        let chartWidth = labelWidth + CoachChart.dealerCards.count * cellWidth
        let beside = Rect(x: area.x + chartWidth + 2, y: area.y, width: max(0, area.maxX - area.x - chartWidth - 2),
                          height: area.height)
        var under = Rect(x: area.x, y: area.y + 2 + chart.rows.count, width: area.width,
                         height: max(0, area.maxY - area.y - 2 - chart.rows.count))
        if beside.width >= Self.sideWidth {
            for (index, (line, style)) in Self.sideLines(coach, width: beside.width, height: beside.height).prefix(beside.height).enumerated() {
                let shown = TextLayout.truncated(glyphs.plain(line), toWidth: beside.width, ascii: grid.theme.ascii)
                grid.write(shown, at: Point(x: beside.x, y: beside.y + index), style: style, clip: beside)
            }
        } else {
            if coach.decisionsEver > 0 {
                let title = "Coach's chart: \(kindName) · \(coach.rightEver * 100 / coach.decisionsEver)% right"
                Box(title: glyphs.plain(title), style: .single).draw(into: &grid, in: frame)
            }
            let wrong = CoachChart.wrongMost(coach.record, limit: 4)
            if !wrong.isEmpty, under.height > 0 {
                let line = "Wrong most: " + wrong.map { "\(CoachChart.shortName($0.0)) \($0.1.wrong)/\($0.1.total)" }
                    .joined(separator: ", ")
                let shown = TextLayout.truncated(glyphs.plain(line), toWidth: under.width, ascii: grid.theme.ascii)
                grid.write(shown, at: under.origin, style: .bold, clip: under)
                under = Rect(x: under.x, y: under.y + 2, width: under.width, height: max(0, under.height - 2))
            }
        }
        var legend = ["Rows: your hand. Columns: the dealer's up card.", "H hit  S stand  D double  P split  R surrender",
                      "\(glyphs.check) always right  \(glyphs.cross)2 wrong twice  plain: not yet played"]
        // The charts are the 4–8-deck ones; with fewer decks a few cells would differ.
        if rules.decks < 4 { legend.insert("The 4–8-deck chart: with \(rules.decks) deck\(rules.decks == 1 ? "" : "s") a few cells differ.", at: 0) }
        for (index, line) in legend.enumerated() where index < under.height {
            grid.write(glyphs.plain(line), at: Point(x: under.x, y: under.y + index), style: .dim, clip: under)
        }
        buttons.draw(into: &grid, in: back)
    }

    /// The chart's frame and the row of its buttons: as the other pages, but as wide as
    /// the terminal allows (up to 78 columns), for the record beside the chart.
    static func page(_ layout: BlackjackLayout) -> (frame: Rect, back: Rect) {
        let (page, back) = layout.page
        let width = min(max(0, layout.body.width - 2), pageWidth)
        let left = max(0, (layout.body.width - width) / 2)
        // On a short terminal the frame reaches down to its buttons, for the chart's last row.
        let height = layout.body.height >= BlackjackLayout.roomyPageHeight ? page.height : back.y - page.y
        return (Rect(x: left, y: page.y, width: width, height: height), Rect(x: left, y: back.y, width: width, height: 1))
    }

    static let pageWidth = 78
    /// The narrowest the record beside the chart may be; narrower, it goes under the chart.
    static let sideWidth = 18

    /// Columns of a chart cell (`" H✗2"`) and of the row labels.
    static let cellWidth = 4
    static let labelWidth = 4

    /// A cell as drawn: the chart's play, then ✓ when always right or ✗ and how many times wrong.
    static func cell(_ cell: CoachChart.Cell, glyphs: Glyphs) -> (String, Style) {
        let letter = CoachChart.letter(cell.advice)
        if cell.tally.total == 0 { return (" \(letter)  ", .dim) }
        if cell.tally.wrong == 0 { return (" \(letter)\(glyphs.check) ", StatusLine.Tone.good.style) }
        let count = cell.tally.wrong > 9 ? "+" : "\(cell.tally.wrong)"
        return (" \(letter)\(glyphs.cross)\(count)", StatusLine.Tone.bad.style)
    }

    /// Hard, Soft and Pairs (the one on show marked), Drill and Back, under the chart.
    var buttons: ActionButtons<BlackjackScreen.Action> {
        let kinds: [(String, CoachSituation.Kind)] = [("Hard", .hard), ("Soft", .soft), ("Pairs", .pair)]
        var buttons: [(Button, BlackjackScreen.Action)] = kinds.map { name, shown in
            var button = Button(name)
            button.isFocused = shown == kind
            return (button, .chart(.showKind(shown)))
        }
        buttons += [(Button("Drill", hotKey: .character("d")), .openDrill), (Button("Back", hotKey: .escape), .back)]
        return ActionButtons(buttons, spacing: 1, alignment: .center)
    }
}
