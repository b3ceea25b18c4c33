import ArcadeUI

/// A setting's own page on the settings page (`GameSetting.Page`: Blackjack's house rules,
/// the rows of its own rules page): each row's title and value, changed under the row's one
/// setting. ↑/↓ move, ←/→ or Enter change, a click on a value takes the next one, `q` or Esc
/// go back to the settings.
extension SettingsScreen {
    /// The page of the focused row, while it is shown.
    private var page: GameSetting.Page? { pageFocus == nil ? nil : focusedRow.page }

    /// Do `action` while the page is shown.
    mutating func performOnPage(_ action: Action) -> [Effect] {
        guard let index = pageFocus, let page else { return [] }
        switch action {
        case .move(let step):
            pageFocus = Self.moved(index, by: step, in: page.rows.count)
            return []
        case .change(let step):
            return change(page.rows[index], by: step)
        case .next:
            return change(page.rows[index], by: 1)
        case .close:
            pageFocus = nil
            return []
        case .focus(let row):
            guard page.rows.indices.contains(row) else { return [] }
            pageFocus = row
            return []
        case .pickNext(let row):
            guard page.rows.indices.contains(row) else { return [] }
            pageFocus = row
            return change(page.rows[row], by: 1)
        case .pick:
            return []  // the page's rows step through their values, with no choices to pick
        }
    }

    private mutating func change(_ row: GameSetting.Page.Row, by step: Int) -> [Effect] {
        choose(row.changed(values, step), key: focusedRow.key)
    }

    /// What a click at `point` does while the page is shown: on a row, focus it; on its
    /// value, change it.
    func pageAction(at point: Point, in frame: Frame) -> Action? {
        guard let page else { return nil }
        let layout = PageLayout(size: frame.size, rows: page.rows.count)
        guard let index = layout.rows.firstIndex(where: { $0.title.y == point.y }) else { return nil }
        return layout.rows[index].value.contains(point) ? .pickNext(row: index) : .focus(row: index)
    }

    func pageCursorPosition(in frame: Frame) -> Point? {
        guard let page, let index = pageFocus else { return nil }
        let rows = PageLayout(size: frame.size, rows: page.rows.count).rows
        return rows.indices.contains(index) ? rows[index].title.origin : nil
    }

    func renderPage(into grid: inout CellGrid) {
        guard let page else { return }
        let layout = PageLayout(size: grid.size, rows: page.rows.count)
        let glyphs = Glyphs(theme: grid.theme)
        Self.drawHeading("Settings " + glyphs.pick("›", ascii: ">") + " " + page.heading, in: layout.heading,
                         into: &grid)
        for (index, placed) in layout.rows.enumerated() {
            let row = page.rows[index]
            let focused = index == pageFocus
            grid.write(focused ? glyphs.pick("▶", ascii: ">") : " ", at: Point(x: placed.title.x - 2, y: placed.title.y),
                       style: Style.bold.foreground(.accent))
            grid.write(row.title, at: placed.title.origin,
                       style: focused ? Style.bold.foreground(.accent) : .bold, clip: placed.title)
            let value = glyphs.pick("‹ ", ascii: "< ") + row.value(values) + glyphs.pick(" ›", ascii: " >")
            grid.write(value, at: placed.value.origin, style: Style.bold.foreground(.highlight), clip: placed.value)
        }
        Self.drawAbout(page.about, in: layout.about, into: &grid)
    }

    /// Where a setting's page goes in a frame, the settings' margins and spacing kept.
    struct PageLayout {
        struct PlacedRow {
            var title: Rect
            var value: Rect
        }

        var heading: Rect
        var rows: [PlacedRow]
        var about: Rect

        init(size: Size, rows count: Int) {
            heading = Layout.heading(in: size)
            let left = heading.x, width = heading.width
            let top = heading.y + 3
            let step = size.height - top >= count * 2 + 3 ? 2 : 1
            let valuesX = left + Layout.titleWidth + 2
            rows = (0..<count).map { index in
                let y = top + index * step
                return PlacedRow(title: Rect(x: left, y: y, width: Layout.titleWidth, height: 1),
                                 value: Rect(x: valuesX, y: y, width: max(0, min(16, left + width - valuesX)), height: 1))
            }
            let aboutY = top + count * step + 1
            about = Rect(x: left, y: aboutY, width: width, height: max(0, size.height - aboutY))
        }
    }
}
