import ArcadeUI
import ArcadeJSON
import BlackjackModel

/// The rules page (`o`): the house rules of the next game, one row each, remembered as the
/// player sets them; the command line's `--decks N`, `--h17`, `--three-to-two` and
/// `--no-surrender` override them for a run.
extension BlackjackScreen {
    /// The setting the chosen rules are kept under, as the JSON of `TableRules`.
    static let rulesSetting = "blackjack.rules"

    /// One row of the rules page, in the order shown.
    enum RuleRow: CaseIterable {
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

    /// The rules kept in `settings`; the specification's game when none are, or they do not decode.
    static func rememberedRules(in settings: [String: String]) -> TableRules {
        guard let text = settings[rulesSetting], let rules = try? JSON.decode(TableRules.self, from: text),
              TableRules.deckChoices.contains(rules.decks) else { return TableRules() }
        return rules
    }

    /// The remembered rules with the command line's overrides (`--decks N`, `--h17`,
    /// `--three-to-two`, `--no-surrender`), for this run only.
    static func rules(options: [String: String], settings: [String: String]) -> TableRules {
        var rules = rememberedRules(in: settings)
        if let decks = options["--decks"].flatMap({ Int($0) }), TableRules.deckChoices.contains(decks) {
            rules.decks = decks
        }
        if options["--h17"] != nil { rules.dealerHitsSoft17 = true }
        if options["--three-to-two"] != nil { rules.blackjackPayout = .threeToTwo }
        if options["--no-surrender"] != nil { rules.lateSurrender = false }
        return rules
    }

    /// `rules` as the setting keeps them: JSON, keys sorted. The rules the page can choose are
    /// encoded once (`choosableRules`), so a flood of changes encodes none.
    static func rulesJSON(_ rules: TableRules) -> String {
        if let index = choosableIndex(rules), choosableRules[index].rules == rules { return choosableRules[index].json }
        return encodedJSON(rules)
    }

    private static func encodedJSON(_ rules: TableRules) -> String {
        (try? JSON.string(rules, formatting: .sortedKeys)) ?? "{}"
    }

    /// Every table the rules page can set, with its JSON, by `choosableIndex`.
    private static let choosableRules: [(rules: TableRules, json: String)] = TableRules.deckChoices.flatMap { decks in
        (0..<32).map { flags in
            let rules = TableRules(decks: decks, dealerHitsSoft17: flags & 16 != 0, lateSurrender: flags & 8 != 0,
                                   doubleAfterSplit: flags & 4 != 0,
                                   blackjackPayout: flags & 2 != 0 ? .threeToTwo : .evenMoney,
                                   offersInsurance: flags & 1 != 0)
            return (rules, encodedJSON(rules))
        }
    }

    /// Where `rules` would be among `choosableRules` (nil: a deck count the page does not offer).
    private static func choosableIndex(_ rules: TableRules) -> Int? {
        guard let deckIndex = TableRules.deckChoices.firstIndex(of: rules.decks) else { return nil }
        return deckIndex * 32 + (rules.dealerHitsSoft17 ? 16 : 0) + (rules.lateSurrender ? 8 : 0)
            + (rules.doubleAfterSplit ? 4 : 0) + (rules.blackjackPayout == .threeToTwo ? 2 : 0)
            + (rules.offersInsurance ? 1 : 0)
    }

    /// Change `row` by `step` for the next game, and remember it. Before the first deal of
    /// a game the table takes the new rules (a new shoe, the same seed) as the title line
    /// says at once; the shoe is shuffled when the player next does anything but change a
    /// rule (`takeWaitingRules`), so a flood of changes shuffles one shoe, not one each.
    mutating func changeRule(_ row: RuleRow, by step: Int) -> [GameEffect] {
        setChosenRules(row.changed(chosenRules, by: step))
        if game.handNumber == 0 { rulesAwaitTable = true }
        return [.remember(setting: Self.rulesSetting, value: Self.rulesJSON(chosenRules))]
    }

    /// Put the rules changed before the first deal on the table: a new shoe, the same seed.
    mutating func takeWaitingRules() {
        guard rulesAwaitTable else { return }
        rulesAwaitTable = false
        replaceGame(with: BlackjackGame(seed: game.seed, rules: chosenRules))
    }

    /// The rules of the game on the table: the chosen ones while they wait for it (`changeRule`).
    var tableRules: TableRules {
        rulesAwaitTable ? chosenRules : game.rules
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

    /// A click on a row's value changes it; a click on its title chooses it.
    func ruleAction(at point: Point, layout: BlackjackLayout) -> Action? {
        let area = Self.rulesArea(layout)
        for index in RuleRow.allCases.indices {
            if Self.ruleValueRect(index, layout: layout).contains(point) { return .changeRuleInRow(index) }
            let row = Rect(x: area.x, y: area.y + 1 + index, width: Self.ruleTitleWidth, height: 1)
            if row.contains(point) { return .selectRule(index - rulesFocus) }
        }
        return nil
    }

    /// How the rules page says its keys, under the rows.
    static let rulesKeysNote = "↑ ↓ choose a rule; ← → or Enter change it."

    /// The lines under the rows: when new rules start, the rules in play and the next
    /// game's when they differ, then the keys (left out first on a short terminal).
    var rulesNotes: [String] {
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
    func drawRules(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        let (frame, back) = layout.page
        Box(title: "House rules", style: .single).draw(into: &grid, in: frame)
        let area = Self.rulesArea(layout)
        let glyphs = Glyphs(theme: grid.theme)
        for (index, row) in RuleRow.allCases.enumerated() {
            let y = area.y + 1 + index
            guard y < area.maxY else { break }
            let focused = index == rulesFocus
            let title = (focused ? "> " : "  ") + row.title
            grid.write(title, at: Point(x: area.x, y: y), style: focused ? .bold : .plain, clip: area)
            let value = focused ? "< \(row.value(chosenRules)) >" : "  \(row.value(chosenRules))"
            grid.write(value, at: Point(x: area.x + Self.ruleTitleWidth, y: y),
                       style: focused ? Style(bold: true, reverse: true) : .plain, clip: area)
        }
        let notesTop = area.y + 2 + RuleRow.allCases.count
        for (offset, note) in rulesNotes.enumerated() where notesTop + offset < area.maxY {
            grid.write(glyphs.plain(note), at: Point(x: area.x, y: notesTop + offset),
                       style: note == Self.rulesKeysNote ? .dim : .plain, clip: area)
        }
        backButton.draw(into: &grid, in: back)
    }
}
