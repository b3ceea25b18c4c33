import ArcadeUI
import BlackjackModel

/// The rules page (`o`): the house rules of the next game, one row each, remembered as the
/// player sets them; the command line's `--decks N`, `--h17`, `--three-to-two` and
/// `--no-surrender` override them for a run (`BlackjackScreen+HouseRules.swift`). The
/// rules themselves are the table's (`BlackjackTable.chosenRules`); the page keeps only
/// the row the arrows and Enter act on.
struct BlackjackRulesPage: Equatable {
    /// What the rules page's keys and clicks do.
    enum Action: Hashable, Sendable {
        /// Move to another rule (down when positive).
        case select(Int)
        /// Change the chosen rule's value (to the next when positive).
        case change(by: Int)
        /// Change the rule in row `index` (a click on its value).
        case changeInRow(Int)
    }

    /// The rules page's keys in the screen's table: choose a rule, change it.
    static let keyRows: [BlackjackScreen.KeyRow] = [
        .init(Binding([.up, .character("k")], .rules(.select(-1)), hint: "rule", hintKeys: "↑ ↓"), in: [.rules]),
        .init(Binding([.down, .character("j")], .rules(.select(1))), in: [.rules]),
        .init(Binding([.right, .character("l"), .enter, .space], .rules(.change(by: 1)), hint: "change", hintKeys: "← →"),
              in: [.rules]),
        .init(Binding([.left, .character("h")], .rules(.change(by: -1))), in: [.rules]),
    ]

    /// One row of the rules page, in the order shown.
    enum Row: CaseIterable {
        case decks, soft17, payout, surrender, doubleAfterSplit, insurance

        var title: String {
            switch self {
            case .decks: "Decks"
            case .soft17: "Dealer soft 17"
            case .payout: "Naturals pay"
            case .surrender: "Late surrender"
            case .doubleAfterSplit: "Double after split"
            case .insurance: "Insurance"
            }
        }

        /// The row's value under `rules`, in words.
        func value(_ rules: TableRules) -> String {
            switch self {
            case .decks: "\(rules.decks)"
            case .soft17: rules.dealerHitsSoft17 ? "hits" : "stands"
            case .payout: rules.blackjackPayout == .threeToTwo ? "3:2" : "even money"
            case .surrender: rules.lateSurrender ? "on" : "off"
            case .doubleAfterSplit: rules.doubleAfterSplit ? "on" : "off"
            case .insurance: rules.offersInsurance ? "on" : "off"
            }
        }

        /// `rules` with this row's value moved `step` choices on (wrapping; a switch flips).
        func changed(_ rules: TableRules, by step: Int) -> TableRules {
            var rules = rules
            switch self {
            case .decks:
                let choices = TableRules.deckChoices
                let index = choices.firstIndex(of: rules.decks) ?? choices.firstIndex(of: 6) ?? 0
                rules.decks = choices[((index + step) % choices.count + choices.count) % choices.count]
            case .soft17: rules.dealerHitsSoft17.toggle()
            case .payout: rules.blackjackPayout = rules.blackjackPayout == .evenMoney ? .threeToTwo : .evenMoney
            case .surrender: rules.lateSurrender.toggle()
            case .doubleAfterSplit: rules.doubleAfterSplit.toggle()
            case .insurance: rules.offersInsurance.toggle()
            }
            return rules
        }
    }

    /// The row the arrows and Enter act on.
    private(set) var focus = 0

    /// Do `action` on `table`'s rules for the next game, and remember them.
    mutating func perform(_ action: Action, table: inout BlackjackTable) -> [GameEffect] {
        switch action {
        case .select(let step):
            focus = min(max(0, focus + step), Row.allCases.count - 1)
            return []
        case .change(by: let step):
            return change(Row.allCases[focus], by: step, table: &table)
        case .changeInRow(let index):
            guard Row.allCases.indices.contains(index) else { return [] }
            focus = index
            return change(Row.allCases[index], by: 1, table: &table)
        }
    }

    /// Change `row` by `step` for the next game, and remember it (see `BlackjackTable.choose`).
    private func change(_ row: Row, by step: Int, table: inout BlackjackTable) -> [GameEffect] {
        table.choose(row.changed(table.chosenRules, by: step))
        return [.remember(setting: BlackjackScreen.rulesSetting, value: BlackjackScreen.rulesJSON(table.chosenRules))]
    }

    // MARK: - Layout and drawing

    /// Columns of a row's title, before its value.
    static let ruleTitleWidth = 22
    /// Columns a row's value takes clicks in (the widest value, "even money", and its marks).
    static let ruleValueWidth = 14

    /// Where the rules page's rows go: one blank column each side inside the frame.
    static func rulesArea(_ layout: BlackjackLayout) -> Rect {
        Box.inner(of: layout.page.frame).insetBy(dx: 1, dy: 0)
    }

    /// The value part of rule row `index`, which takes clicks.
    static func ruleValueRect(_ index: Int, layout: BlackjackLayout) -> Rect {
        let area = rulesArea(layout)
        return Rect(x: area.x + ruleTitleWidth, y: area.y + 1 + index, width: ruleValueWidth, height: 1)
    }

    /// A click on a row's value changes it; a click on its title chooses it; then the Back button.
    func action(at point: Point, layout: BlackjackLayout) -> BlackjackScreen.Action? {
        let area = Self.rulesArea(layout)
        for index in Row.allCases.indices {
            if Self.ruleValueRect(index, layout: layout).contains(point) { return .rules(.changeInRow(index)) }
            let row = Rect(x: area.x, y: area.y + 1 + index, width: Self.ruleTitleWidth, height: 1)
            if row.contains(point) { return .rules(.select(index - focus)) }
        }
        return BlackjackScreen.backButton.action(at: point, in: layout.page.back)
    }

    /// Where the cursor goes: the chosen row's title, after its marker ("> Decks").
    func cursorPoint(_ layout: BlackjackLayout) -> Point? {
        let area = Self.rulesArea(layout)
        let y = area.y + 1 + focus
        return y < area.maxY ? Point(x: area.x + 2, y: y) : nil
    }

    /// How the rules page says its keys, under the rows.
    static let rulesKeysNote = "↑ ↓ choose a rule; ← → or Enter change it."

    /// The lines under the rows: when new rules start, the rules in play and the next
    /// game's when they differ, then the keys (left out first on a short terminal).
    static func notes(_ table: BlackjackTable) -> [String] {
        let (game, chosenRules, tableRules) = (table.game, table.chosenRules, table.tableRules)
        var notes: [String] = []
        if game.handNumber > 0 {
            notes.append(game.isGameOver ? "New rules start with the next game (Play again)."
                : "New rules start with the next game.")
        }
        if chosenRules != tableRules {
            notes.append("In play now: " + tableRules.summary)
            notes.append("Next game:   " + chosenRules.summary)
        }
        return notes + [Self.rulesKeysNote]
    }

    /// The rules of the next game in a frame, the chosen row marked, with the Back button.
    func render(_ layout: BlackjackLayout, table: BlackjackTable, into grid: inout CellGrid) {
        let chosenRules = table.chosenRules
        let (frame, back) = layout.page
        Box(title: "House rules", style: .single).draw(into: &grid, in: frame)
        let area = Self.rulesArea(layout)
        let glyphs = Glyphs(theme: grid.theme)
        for (index, row) in Row.allCases.enumerated() {
            let y = area.y + 1 + index
            guard y < area.maxY else { break }
            let focused = index == focus
            let title = (focused ? "> " : "  ") + row.title
            grid.write(title, at: Point(x: area.x, y: y), style: focused ? .bold : .plain, clip: area)
            let value = focused ? "< \(row.value(chosenRules)) >" : "  \(row.value(chosenRules))"
            grid.write(value, at: Point(x: area.x + Self.ruleTitleWidth, y: y),
                       style: focused ? Style(bold: true, reverse: true) : .plain, clip: area)
        }
        let notesTop = area.y + 2 + Row.allCases.count
        for (offset, note) in Self.notes(table).enumerated() where notesTop + offset < area.maxY {
            grid.write(glyphs.plain(note), at: Point(x: area.x, y: notesTop + offset),
                       style: note == Self.rulesKeysNote ? .dim : .plain, clip: area)
        }
        BlackjackScreen.backButton.draw(into: &grid, in: back)
    }
}
