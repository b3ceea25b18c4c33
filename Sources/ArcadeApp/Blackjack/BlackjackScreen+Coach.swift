import ArcadeUI
import BlackjackModel

/// The coach's chart (`w`) and its drill (`d` there, or `arcade blackjack --drill`).
///
/// The chart is the basic-strategy chart of the table's rules, one kind of hand at a time
/// (←/→: hard, soft, pairs), each cell the chart's play in the colour of the player's
/// record there; beside it, the record over time and the hands gone wrong most.
///
/// The drill deals one decision at a time, chosen from the hands the player gets wrong
/// most (`BlackjackDrill`), with no money: the same keys as the table (h s d p r) answer;
/// a right answer deals the next hand at once, a wrong one stays on the table with the
/// chart's play until Enter. Every answer counts in the coach's record, as at the table.
extension BlackjackScreen {
    // MARK: - The chart

    /// The words on the right of the chart, a line each: the record, then the hands gone wrong most.
    func chartSideLines(width: Int, height: Int) -> [(String, Style)] {
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
    func drawChart(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        let (frame, back) = Self.chartPage(layout)
        let kindName = ["hard": "hard hands", "soft": "soft hands", "pair": "pairs"][chartKind.rawValue] ?? ""
        Box(title: "Coach's chart: \(kindName)", style: .single).draw(into: &grid, in: frame)
        let area = Box.inner(of: frame).insetBy(dx: 1, dy: 0)
        let glyphs = Glyphs(theme: grid.theme)
        let chart = CoachChart(kind: chartKind, rules: game.rules, record: coach.record)
        let cellWidth = Self.chartCellWidth, labelWidth = Self.chartLabelWidth
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
                let (text, style) = Self.chartCell(cell, glyphs: glyphs)
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
        if beside.width >= Self.chartSideWidth {
            for (index, (line, style)) in chartSideLines(width: beside.width, height: beside.height).prefix(beside.height).enumerated() {
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
        if game.rules.decks < 4 { legend.insert("The 4–8-deck chart: with \(game.rules.decks) deck\(game.rules.decks == 1 ? "" : "s") a few cells differ.", at: 0) }
        for (index, line) in legend.enumerated() where index < under.height {
            grid.write(glyphs.plain(line), at: Point(x: under.x, y: under.y + index), style: .dim, clip: under)
        }
        chartButtons.draw(into: &grid, in: back)
    }

    /// The chart's frame and the row of its buttons: as the other pages, but as wide as
    /// the terminal allows (up to 78 columns), for the record beside the chart.
    static func chartPage(_ layout: BlackjackLayout) -> (frame: Rect, back: Rect) {
        let (page, back) = layout.page
        let width = min(max(0, layout.body.width - 2), chartPageWidth)
        let left = max(0, (layout.body.width - width) / 2)
        // On a short terminal the frame reaches down to its buttons, for the chart's last row.
        let height = layout.body.height >= BlackjackLayout.roomyPageHeight ? page.height : back.y - page.y
        return (Rect(x: left, y: page.y, width: width, height: height), Rect(x: left, y: back.y, width: width, height: 1))
    }

    static let chartPageWidth = 78
    /// The narrowest the record beside the chart may be; narrower, it goes under the chart.
    static let chartSideWidth = 18

    /// Columns of a chart cell (`" H✗2"`) and of the row labels.
    static let chartCellWidth = 4
    static let chartLabelWidth = 4

    /// A cell as drawn: the chart's play, then ✓ when always right or ✗ and how many times wrong.
    static func chartCell(_ cell: CoachChart.Cell, glyphs: Glyphs) -> (String, Style) {
        let letter = CoachChart.letter(cell.advice)
        if cell.tally.total == 0 { return (" \(letter)  ", .dim) }
        if cell.tally.wrong == 0 { return (" \(letter)\(glyphs.check) ", StatusLine.Tone.good.style) }
        let count = cell.tally.wrong > 9 ? "+" : "\(cell.tally.wrong)"
        return (" \(letter)\(glyphs.cross)\(count)", StatusLine.Tone.bad.style)
    }

    /// Hard, Soft and Pairs (the one on show marked), Drill and Back, under the chart.
    var chartButtons: ActionButtons<Action> {
        let kinds: [(String, CoachSituation.Kind)] = [("Hard", .hard), ("Soft", .soft), ("Pairs", .pair)]
        var buttons: [(Button, Action)] = kinds.map { name, kind in
            var button = Button(name)
            button.isFocused = kind == chartKind
            return (button, .showChartKind(kind))
        }
        buttons += [(Button("Drill", hotKey: .character("d")), .openDrill), (Button("Back", hotKey: .escape), .back)]
        return ActionButtons(buttons, spacing: 1, alignment: .center)
    }

    /// Show the next kind of hand on the chart (the previous one when `step` is negative).
    mutating func moveChartKind(by step: Int) {
        let kinds = CoachSituation.Kind.allCases
        let index = kinds.firstIndex(of: chartKind) ?? 0
        chartKind = kinds[((index + step) % kinds.count + kinds.count) % kinds.count]
    }

    // MARK: - The drill

    /// Open the drill on its first hand, with the record as it stands; with one open
    /// already (the chart was opened from it), go back to it as it was.
    mutating func openDrill() {
        if drill != nil {
            page = .drill
            return
        }
        drillsOpened += 1
        // Its seed follows from the game's, so `--seed N` replays the drill too.
        let seed = game.seed &+ UInt64(drillsOpened) &* 0x9E37_79B9_7F4A_7C15
        var drill = BlackjackDrill(seed: seed, rules: game.rules)
        drill.deal(record: coach.record)
        self.drill = drill
        drillAwaitsNext = false
        page = .drill
        showsNewGameAlert = false
        drillStatus = StatusLine(Self.drillQuestion(drill), tone: .plain)
        drillVerdict = nil
    }

    /// "16 against a 10: hit, stand, double down or surrender?" (fullest wording first).
    static func drillQuestion(_ drill: BlackjackDrill) -> [String] {
        let words = BlackjackCoach.situation(HandOfCards(cards: drill.playerCards), against: drill.dealerUpCard)
        let short = BlackjackCoach.situation(HandOfCards(cards: drill.playerCards), against: drill.dealerUpCard, short: true)
        let choices = drill.allowedActions.map(BlackjackCoach.verb)
        let listed = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
            : choices.joined()
        return ["Your play on \(words)? \(listed.prefix(1).uppercased() + listed.dropFirst())?",
                "Your play on \(short)?", "\(short)?"]
    }

    /// Answer the drill's hand with `action`; Enter (`.deal`) goes on after a wrong answer.
    mutating func drillPlay(_ action: Action) -> [GameEffect] {
        guard var drill else { return [] }
        if drillAwaitsNext {
            guard action == .deal else {
                // The chart's play stays on the status line; the nudge goes under it.
                drillVerdict = StatusLine(["Press Enter for the next hand.", "Enter: next"], tone: .warning)
                return []
            }
            drill.deal(record: coach.record)
            self.drill = drill
            drillAwaitsNext = false
            drillStatus = StatusLine(Self.drillQuestion(drill), tone: .plain)
            drillVerdict = nil
            return []
        }
        guard let chosen = action.playerAction else { return [] }
        let hand = HandOfCards(cards: drill.playerCards)
        guard let answer = drill.answer(chosen) else {
            let why = chosen == .split ? "Only a pair can be split." : "Surrender is not offered at this table."
            drillStatus = StatusLine([why + " " + (Self.drillQuestion(drill).first ?? "")], tone: .warning)
            return []
        }
        let effect = coach.count(drill.situation, right: answer.isRight, inSession: false)
        let wrongWords = BlackjackCoach.verdict(chosen, advice: answer.advice,
                                           situation: BlackjackCoach.situation(hand, against: drill.dealerUpCard),
                                           short: BlackjackCoach.situation(hand, against: drill.dealerUpCard, short: true))
        if answer.isRight {
            // Right: the next hand at once, the verdict on the last one under the question.
            let situation = BlackjackCoach.situation(hand, against: drill.dealerUpCard)
            let short = BlackjackCoach.situation(hand, against: drill.dealerUpCard, short: true)
            let verb = BlackjackCoach.verb(answer.advice)
            drillVerdict = StatusLine(["✓ Right: \(verb) on \(situation).", "✓ Right: \(verb) on \(short).", "✓ Right"],
                                      tone: .good)
            drill.deal(record: coach.record)
            drillStatus = StatusLine(Self.drillQuestion(drill), tone: .plain)
        } else {
            drillVerdict = StatusLine(["Enter: the next hand.", "Enter: next"], tone: .quiet)
            drillStatus = StatusLine(wrongWords.map { "\u{2717} " + $0 }, tone: .bad)
            drillAwaitsNext = true
        }
        self.drill = drill
        return [effect]
    }

    /// "Drill 7 of 9 right" for the header.
    var drillScore: String {
        guard let drill, drill.answered > 0 else { return "Drill" }
        return "Drill \(drill.right) of \(drill.answered) right"
    }

    /// Hit, Stand, Double, Split, Surrender (each enabled when the hand allows it) and Next.
    func drillButtons(fitting width: Int) -> ActionButtons<Action> {
        let allowed = drill?.allowedActions ?? []
        let answering = !drillAwaitsNext
        let all: [(Button, Action)] = [
            (Button("Hit", hotKey: .character("h"), isEnabled: answering), .hit),
            (Button("Stand", hotKey: .character("s"), isEnabled: answering), .stand),
            (Button("Double", hotKey: .character("d"), isEnabled: answering), .doubleDown),
            (Button("Split", hotKey: .character("p"), isEnabled: answering && allowed.contains(.split)), .split),
            (Button("Surrender", hotKey: .character("r"), isEnabled: answering && allowed.contains(.surrender)), .surrender),
            (Button("Next", hotKey: .enter, isEnabled: drillAwaitsNext), .deal),
        ]
        // On a narrow table, Split and Surrender only when they can be pressed.
        let fitting = [all, all.filter { $0.0.isEnabled || ![Action.split, .surrender].contains($0.1) }]
            .first { ButtonRow($0.map(\.0), spacing: 2).width <= width } ?? all.filter { $0.0.isEnabled }
        return ActionButtons(fitting, spacing: 2, alignment: .left)
    }

    /// Chart and Back, right of the drill's note.
    var drillPageButtons: ActionButtons<Action> {
        ActionButtons([(Button("Chart", hotKey: .character("w")), .show(.chart)), (Button("Back", hotKey: .escape), .back)],
                      spacing: 2, alignment: .right)
    }

    /// The drill's hand on the table: the dealer's up card and hole card, the player's two
    /// cards, the question or the verdict, and the buttons.
    func drawDrill(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        guard let drill else { return }
        let glyphs = Glyphs(theme: grid.theme)
        Label("Dealer shows " + BlackjackCoach.dealerWords(drill.dealerUpCard), style: .bold)
            .draw(into: &grid, in: layout.dealerLabel)
        Label("No money: one decision a hand", alignment: .right, style: .dim).draw(into: &grid, in: layout.dealerLabel)
        let dealerOrigins = CardView.origins(count: 2, scale: layout.scale, in: layout.dealerCards)
        CardView(card: drill.dealerUpCard, scale: layout.scale).draw(into: &grid, at: dealerOrigins[0])
        CardView(card: nil, scale: layout.scale).draw(into: &grid, at: dealerOrigins[1])
        let hand = HandOfCards(cards: drill.playerCards)
        Label("You: " + (hand.isSoft ? "soft " : "") + "\(hand.calculateBestScore())", style: .bold)
            .draw(into: &grid, in: layout.playerLabel)
        let playerOrigins = CardView.origins(count: drill.playerCards.count, scale: layout.scale, in: layout.playerCards)
        for (card, origin) in zip(drill.playerCards, playerOrigins) {
            CardView(card: card, scale: layout.scale).draw(into: &grid, at: origin)
        }
        StatusLine(drillStatus.wordings.map(glyphs.plain), tone: drillStatus.tone).draw(into: &grid, in: layout.status)
        if let drillVerdict {
            StatusLine(drillVerdict.wordings.map(glyphs.plain), tone: drillVerdict.tone).draw(into: &grid, in: layout.coach)
        }
        drillButtons(fitting: layout.actions.width).draw(into: &grid, in: layout.actions)
        drillPageButtons.draw(into: &grid, in: layout.betRow)
    }
}
