import ArcadeUI
import BlackjackModel

/// Blackjack's house rules on the settings page: the rows of Blackjack's own rules page
/// (`BlackjackScreen.RuleRow`: their titles, values and changes), kept under the same
/// setting, for the next game. ↑/↓ move, ←/→ or Enter change, a click on a value takes the
/// next one, `q` or Esc go back to the settings.
extension SettingsScreen {
    /// The house rules as kept (the specification's game when none are).
    var houseRules: TableRules { BlackjackScreen.rememberedRules(in: values) }

    /// Do `action` while the house rules are shown.
    mutating func performOnRules(_ action: Action) -> [Effect] {
        guard let row = ruleFocus else { return [] }
        switch action {
        case .move(let step):
            ruleFocus = Self.moved(row, by: step)
            return []
        case .change(let step):
            return change(row, by: step)
        case .next:
            return change(row, by: 1)
        case .close:
            ruleFocus = nil
            return []
        }
    }

    private mutating func change(_ row: BlackjackScreen.RuleRow, by step: Int) -> [Effect] {
        let json = BlackjackScreen.rulesJSON(row.changed(houseRules, by: step))
        return choose(json, for: nil, key: BlackjackScreen.rulesSetting)
    }

    /// A click while the house rules are shown: on a row, focus it; on its value, change it.
    mutating func pressOnRules(at point: Point, in frame: Frame) -> [Effect] {
        let layout = RulesLayout(size: frame.size)
        guard let placed = layout.rows.first(where: { $0.title.y == point.y }) else { return [] }
        ruleFocus = placed.row
        return placed.value.contains(point) ? change(placed.row, by: 1) : []
    }

    func ruleCursorPosition(in frame: Frame) -> Point? {
        RulesLayout(size: frame.size).rows.first { $0.row == ruleFocus }.map(\.title.origin)
    }

    func renderRules(into grid: inout CellGrid) {
        let layout = RulesLayout(size: grid.size)
        let glyphs = Glyphs(theme: grid.theme)
        Self.drawHeading("Settings " + glyphs.pick("›", ascii: ">") + " Blackjack's house rules", in: layout.heading,
                         into: &grid)
        let rules = houseRules
        for placed in layout.rows {
            let focused = placed.row == ruleFocus
            grid.write(focused ? glyphs.pick("▶", ascii: ">") : " ", at: Point(x: placed.title.x - 2, y: placed.title.y),
                       style: Style.bold.foreground(.accent))
            grid.write(placed.row.title, at: placed.title.origin,
                       style: focused ? Style.bold.foreground(.accent) : .bold, clip: placed.title)
            let value = glyphs.pick("‹ ", ascii: "< ") + placed.row.value(rules) + glyphs.pick(" ›", ascii: " >")
            grid.write(value, at: placed.value.origin, style: Style.bold.foreground(.highlight), clip: placed.value)
        }
        Self.drawAbout("The rules of the next Blackjack game (its own rules page, o in Blackjack, changes the same "
                       + "ones; --decks, --h17, --three-to-two and --no-surrender decide for one run). q: back to the settings.",
                       in: layout.about, into: &grid)
    }

    /// Where the house rules go in a frame, the settings' margins and spacing kept.
    struct RulesLayout {
        struct PlacedRule {
            var row: BlackjackScreen.RuleRow
            var title: Rect
            var value: Rect
        }

        var heading: Rect
        var rows: [PlacedRule]
        var about: Rect

        init(size: Size) {
            let left = size.width >= 60 ? 4 : 2
            let width = max(0, min(size.width - 2 * left, 90))
            heading = Rect(x: left, y: size.height >= 18 ? 1 : 0, width: width, height: 1)
            let all = BlackjackScreen.RuleRow.allCases
            let top = heading.y + 3
            let step = size.height - top >= all.count * 2 + 3 ? 2 : 1
            let valuesX = left + Layout.titleWidth + 2
            rows = all.enumerated().map { index, row in
                let y = top + index * step
                return PlacedRule(row: row, title: Rect(x: left, y: y, width: Layout.titleWidth, height: 1),
                                  value: Rect(x: valuesX, y: y, width: max(0, min(16, left + width - valuesX)), height: 1))
            }
            let aboutY = top + all.count * step + 1
            about = Rect(x: left, y: aboutY, width: width, height: max(0, size.height - aboutY))
        }
    }
}
