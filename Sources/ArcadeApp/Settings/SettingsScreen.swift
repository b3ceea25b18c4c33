import ArcadeUI

/// The settings page (`o` on the menu, or its Settings button): one row a setting, its
/// choices side by side, the chosen one in brackets.
///
/// ↑/↓ (k/j) move between rows, ←/→ (h/l) change the row's choice, Enter or Space takes the
/// next one (on a row with a page of its own, such as Blackjack's house rules, opens that
/// page: `SettingsScreen+Page`), a click picks a choice, `q` or Esc go back to the menu (from the
/// house rules, back to the settings). A change applies at once and is kept (the shell does
/// both); a setting this run's command line decided says so under the rows.
public struct SettingsScreen: Screen, ArcadePage, Sendable {
    /// What the page asks of the shell.
    public enum Effect: Equatable, Sendable {
        /// Keep `value` for setting `key` and apply it now.
        case change(key: String, value: String)
        /// Back to the menu.
        case close
    }

    /// The arcade's own rows, before the games' (`GameInfo.settings`).
    static let arcadeRows: [GameSetting] = [
        GameSetting(title: "Theme", about: "dark for a dark background, light for dark text on a light one, "
                        + "contrast for bold white on black.",
                    key: SettingKey.theme, choices: ThemeName.allCases.map { GameSetting.Choice($0.rawValue, $0.rawValue) },
                    defaultValue: ThemeName.dark.rawValue),
        GameSetting(title: "Colours", about: "Colour-blind safe: Set's, Slots' and the results' colours stay apart, "
                        + "and are written too.",
                    key: SettingKey.palette, choices: [GameSetting.Choice("standard", "standard"),
                                                       GameSetting.Choice("cvd", "colour-blind safe")],
                    defaultValue: PaletteName.standard.rawValue),
        GameSetting(title: "Sound", about: "The cues of Blackjack and Slots. Off is silent, as --mute is.",
                    key: SettingKey.sound, choices: [GameSetting.Choice("on", "on"), GameSetting.Choice("off", "off")],
                    defaultValue: "on"),
        GameSetting(title: "Animations", about: "The slot spin, the dealer's play, the Temples slide: fast halves them, "
                        + "off skips them.",
                    key: SettingKey.animations,
                    choices: AnimationPace.allCases.map { GameSetting.Choice($0.rawValue, $0.rawValue) },
                    defaultValue: AnimationPace.normal.rawValue),
        GameSetting(title: "Cursor at focus", about: "The terminal's cursor sits on the focused card, button or row, "
                        + "for magnifiers and screen readers.",
                    key: SettingKey.cursor, choices: [GameSetting.Choice("off", "off"), GameSetting.Choice("on", "on")],
                    defaultValue: "off"),
    ]

    /// The rows of the page, in the order shown: the arcade's, then each game's.
    public let rows: [GameSetting]
    /// The settings as they are now (this run's overrides included).
    public private(set) var values: [String: String]
    /// The settings this run's command line or environment decided, and which flag did.
    public private(set) var overriddenBy: [String: String]
    /// The row with focus, an index into `rows`.
    public private(set) var focus = 0
    /// The row with focus on the page of the focused row, while that page is shown (nil on
    /// the settings).
    var pageFocus: Int?

    /// The smallest frame the page is drawn in (the key line not included).
    public static let minimumSize = Size(width: 44, height: 13)

    /// The page with the games' `settings` after the arcade's own rows.
    public init(values: [String: String], overriddenBy: [String: String] = [:], games: [GameSetting] = []) {
        self.values = values
        self.overriddenBy = overriddenBy
        rows = Self.arcadeRows + games
    }

    /// The row with focus.
    var focusedRow: GameSetting { rows[focus] }

    /// The value `row` shows now.
    func value(of row: GameSetting) -> String {
        values[row.key].flatMap { value in row.choices.contains { $0.value == value } ? value : nil } ?? row.defaultValue
    }

    /// What the player can do on the page.
    public enum Action: Hashable, Sendable {
        case move(Int), change(Int), next, close
        /// Focus row `row` of the settings, or of the page shown (a click on its title); a
        /// settings row with a page of its own opens it.
        case focus(row: Int)
        /// Focus row `row` and take its choice `choice` (a click on the choice).
        case pick(row: Int, choice: Int)
        /// Focus row `row` and do what `next` does on it (a click on a value that steps on, or
        /// on a row with a page of its own).
        case pickNext(row: Int)
    }

    public static let bindings: [Binding<Action>] = [
        Binding(keys: [.up, .down, .character("k"), .character("j")], hint: KeyHint("↑↓", "setting"),
                help: KeyHint("↑ ↓  k j", "the setting above or below")) { key in
            key == .up || key == .character("k") ? .move(-1) : .move(1)
        },
        Binding(keys: [.left, .right, .character("h"), .character("l")], hint: KeyHint("←→", "change"),
                help: KeyHint("← →  h l", "the choice before or after")) { key in
            key == .left || key == .character("h") ? .change(-1) : .change(1)
        },
        Binding([.enter, .space], .next, help: "the next choice; on Blackjack's rules, show them"),
        .note("click", "pick a choice"),
        .note("?", "this help"),
        Binding([.character("q"), .escape], .close, hint: "menu", help: "back to the menu (from the rules, to the settings)"),
    ]

    /// The page's keys (the same on a setting's own page).
    var bindings: [Binding<Action>] { Self.bindings }

    /// The key line: `q` goes back to the menu, or from a game's rules to the settings.
    public var keyHints: [KeyHint] {
        Self.bindings.keyHints().map { pageFocus != nil && $0.keys == "q" ? KeyHint("q", "settings") : $0 }
    }

    public static let help = HelpSheet(
        title: "Settings", keys: bindings.helpRows(),
        notes: [
            "A change applies at once and is kept for the next start. --theme, --palette, --mute and --cursor "
                + "(and ARCADE_THEME, ARCADE_PALETTE, ARCADE_SOUND) decide for one run; changing that setting here "
                + "takes over from them.",
        ])

    /// Do `action`.
    public mutating func perform(_ action: Action) -> [Effect] {
        if pageFocus != nil { return performOnPage(action) }
        switch action {
        case .move(let step):
            focus = Self.moved(focus, by: step, in: rows.count)
            return []
        case .change(let step):
            return cycle(focus, by: step)
        case .next:
            if focusedRow.page != nil {
                pageFocus = 0
                return []
            }
            return cycle(focus, by: 1)
        case .close:
            return [.close]
        case .focus(let row):
            guard rows.indices.contains(row) else { return [] }
            focus = row
            return focusedRow.page != nil ? perform(.next) : []
        case .pick(let row, let choice):
            guard rows.indices.contains(row) else { return [] }
            focus = row
            guard focusedRow.page == nil else { return perform(.next) }
            guard focusedRow.choices.indices.contains(choice) else { return [] }
            return choose(focusedRow.choices[choice].value, key: focusedRow.key)
        case .pickNext(let row):
            guard rows.indices.contains(row) else { return [] }
            focus = row
            return perform(.next)
        }
    }

    /// `index` moved `step` places among `count`, stopping at the ends (a row, a page's row).
    static func moved(_ index: Int, by step: Int, in count: Int) -> Int {
        min(max(0, index + step), max(0, count - 1))
    }

    /// Move the choice of row `index` `step` on (wrapping) and ask for it to be kept.
    private mutating func cycle(_ index: Int, by step: Int) -> [Effect] {
        let row = rows[index]
        guard row.page == nil else { return [] }
        let choices = row.choices
        let at = choices.firstIndex { $0.value == value(of: row) } ?? 0
        let next = choices[((at + step) % choices.count + choices.count) % choices.count].value
        return choose(next, key: row.key)
    }

    mutating func choose(_ value: String, key: String) -> [Effect] {
        guard values[key] != value || overriddenBy[key] != nil else { return [] }
        values[key] = value
        overriddenBy[key] = nil
        return [.change(key: key, value: value)]
    }

    // MARK: - Screen

    public mutating func update(_ input: Input, in frame: Frame) -> [Effect] {
        dispatch(input, in: frame)
    }

    /// A press on a row focuses it, and on a choice takes that choice (on a row too narrow
    /// for all of them, the next one; on a row with a page of its own, opens the page); the
    /// wheel moves between rows.
    func action(for event: MouseEvent, in frame: Frame) -> Action? {
        switch event.action {
        case .press:
            if pageFocus != nil { return pageAction(at: event.at, in: frame) }
            guard let (index, spot) = Layout(size: frame.size, screen: self).hit(event.at) else { return nil }
            if rows[index].page != nil { return .pickNext(row: index) }
            switch spot {
            case .title: return .focus(row: index)
            case .next: return .pickNext(row: index)
            case .choice(let choice): return .pick(row: index, choice: choice)
            }
        case .wheelUp: return .move(-1)
        case .wheelDown: return .move(1)
        default: return nil
        }
    }

    public func minimumSize(in frame: Frame) -> Size { Self.minimumSize }

    public var wantsTicks: Bool { false }

    public func cursorPosition(in frame: Frame) -> Point? {
        if pageFocus != nil { return pageCursorPosition(in: frame) }
        let layout = Layout(size: frame.size, screen: self)
        return layout.rows.first { $0.index == focus }.map { Point(x: $0.title.x, y: $0.title.y) }
    }

    public func render(into grid: inout CellGrid) {
        if pageFocus != nil { return renderPage(into: &grid) }
        let layout = Layout(size: grid.size, screen: self)
        let glyphs = Glyphs(theme: grid.theme)
        Self.drawHeading("Settings", in: layout.heading, into: &grid)
        for placed in layout.rows {
            let focused = placed.index == focus
            let marker = focused ? glyphs.pick("▶", ascii: ">") : " "
            grid.write(marker, at: Point(x: placed.title.x - 2, y: placed.title.y), style: Style.bold.foreground(.accent))
            grid.write(placed.row.title, at: placed.title.origin,
                       style: focused ? Style.bold.foreground(.accent) : .bold, clip: placed.title)
            let chosen = value(of: placed.row)
            let choices = placed.row.choices
            if let tag = placed.tag {
                // Said on the row itself, not only while it has focus.
                grid.write(TextLayout.truncated("(\(tag.source))", toWidth: tag.area.width, ascii: grid.theme.ascii),
                           at: tag.area.origin, style: .dim, clip: tag.area)
            }
            for (index, area) in placed.choices.enumerated() {
                let choice = choices[index]
                let isChosen = choice.value == chosen && placed.row.page == nil
                let text = placed.compact
                    ? glyphs.pick("‹ ", ascii: "< ") + choice.label + glyphs.pick(" ›", ascii: " >")
                    : (isChosen ? "[" + choice.label + "]" : " " + choice.label + " ")
                let style: Style = isChosen || placed.compact
                    ? Style.bold.foreground(.highlight) : placed.row.page != nil ? .plain : .dim
                let shown = DisplayWidth.of(text) > area.width
                    ? TextLayout.truncated(text, toWidth: area.width, ascii: grid.theme.ascii) : text
                grid.write(shown, at: area.origin, style: style, clip: area)
            }
        }
        var about = focusedRow.about
        if let source = overriddenBy[focusedRow.key] {
            about = "\(source) decides this for this run; a choice here takes over and is kept. " + about
        }
        Self.drawAbout(about, in: layout.about, into: &grid)
    }

    /// A page's title and the rule under it.
    static func drawHeading(_ title: String, in rect: Rect, into grid: inout CellGrid) {
        grid.write(title, at: rect.origin, style: Style.bold.foreground(.accent), clip: rect)
        grid.write(String(repeating: Glyphs(theme: grid.theme).pick("─", ascii: "-"), count: rect.width),
                   at: Point(x: rect.x, y: rect.y + 1), style: .dim)
    }

    /// The words about the focused row, wrapped in `rect`, ending in "…" when cut.
    static func drawAbout(_ text: String, in rect: Rect, into grid: inout CellGrid) {
        let wrapped = TextLayout.wrapped(text, toWidth: rect.width)
        var lines = Array(wrapped.prefix(max(0, rect.height)))
        if let last = lines.indices.last, wrapped.count > lines.count {
            lines[last] = TextLayout.truncated(lines[last] + Glyphs(theme: grid.theme).ellipsis, toWidth: rect.width,
                                               ascii: grid.theme.ascii)
        }
        for (offset, line) in lines.enumerated() {
            grid.write(line, at: Point(x: rect.x, y: rect.y + offset), style: .dim, clip: rect)
        }
    }

    /// Where the page's parts go in a frame.
    struct Layout {
        struct PlacedRow {
            /// The row's place in `SettingsScreen.rows`.
            var index: Int
            var row: GameSetting
            var title: Rect
            /// Where each choice is drawn (one, the chosen one, when the row is compact).
            var choices: [Rect]
            /// True when the choices do not all fit: the chosen one alone, between ‹ ›.
            var compact: Bool
            /// Where the flag or variable that decides the row this run is named, if one does.
            var tag: (source: String, area: Rect)?
        }

        var heading: Rect
        var rows: [PlacedRow]
        var about: Rect

        static let titleWidth = 18

        /// The title's row in a frame of `size`, its margins those of every row under it: the
        /// settings and a setting's own page share them.
        static func heading(in size: Size) -> Rect {
            let left = size.width >= 60 ? 4 : 2
            return Rect(x: left, y: size.height >= 18 ? 1 : 0, width: max(0, min(size.width - 2 * left, 90)), height: 1)
        }

        init(size: Size, screen: SettingsScreen) {
            heading = Layout.heading(in: size)
            let left = heading.x, width = heading.width
            let all = screen.rows
            let top = heading.y + 3
            // Two rows apart when there is room for the rows and three lines about them.
            let step = size.height - top >= all.count * 2 + 3 ? 2 : 1
            let valuesX = left + Self.titleWidth + 2
            let valuesWidth = max(0, left + width - valuesX)
            rows = all.enumerated().map { index, row in
                let y = top + index * step
                let title = Rect(x: left, y: y, width: Self.titleWidth, height: 1)
                let labels = row.choices.map(\.label)
                let full = labels.reduce(0) { $0 + DisplayWidth.of($1) + 2 } + 2 * max(0, labels.count - 1)
                // An overridden row keeps room to say so, turning compact sooner.
                let source = screen.overriddenBy[row.key]
                let tagWidth = source.map { DisplayWidth.of($0) + 4 } ?? 0
                func tagged(_ placed: PlacedRow) -> PlacedRow {
                    guard let source, let last = placed.choices.last(where: { $0.width > 0 }) else { return placed }
                    var placed = placed
                    let x = last.maxX + 2
                    placed.tag = (source, Rect(x: x, y: y, width: max(0, valuesX + valuesWidth - x), height: 1))
                    return placed
                }
                if full + tagWidth <= valuesWidth || row.page != nil {
                    var x = valuesX
                    let areas = labels.map { label -> Rect in
                        let area = Rect(x: x, y: y, width: max(0, min(DisplayWidth.of(label) + 2, valuesX + valuesWidth - x)),
                                        height: 1)
                        x += area.width + 2
                        return area
                    }
                    return tagged(PlacedRow(index: index, row: row, title: title, choices: areas, compact: false))
                }
                let chosen = screen.value(of: row)
                let shown = row.choices.firstIndex { $0.value == chosen } ?? 0
                var areas = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: labels.count)
                areas[shown] = Rect(x: valuesX, y: y, width: min(valuesWidth, DisplayWidth.of(labels[shown]) + 4), height: 1)
                return tagged(PlacedRow(index: index, row: row, title: title, choices: areas, compact: true))
            }
            let aboutY = top + all.count * step + (step == 2 ? 0 : 1)
            about = Rect(x: left, y: aboutY, width: width, height: max(0, size.height - aboutY))
        }

        /// Where on a row a click lands.
        enum Spot: Equatable {
            /// Its title: focus only.
            case title
            /// A choice, by its place in the row's choices.
            case choice(Int)
            /// The chosen one of a row too narrow for all: the next choice.
            case next
        }

        /// The row under `point` (its index), and where on it.
        func hit(_ point: Point) -> (Int, Spot)? {
            for placed in rows where placed.title.y == point.y {
                if let index = placed.choices.firstIndex(where: { $0.contains(point) && $0.width > 0 }) {
                    return (placed.index, placed.compact ? .next : .choice(index))
                }
                if point.x >= placed.title.x - 2 && point.x < placed.title.maxX { return (placed.index, .title) }
            }
            return nil
        }
    }
}
