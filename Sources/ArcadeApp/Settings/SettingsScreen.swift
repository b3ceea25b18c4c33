import ArcadeUI

/// The settings page (`o` on the menu, or its Settings button): one row a setting, its
/// choices side by side, the chosen one in brackets.
///
/// ↑/↓ (k/j) move between rows, ←/→ (h/l) change the row's choice, Enter or Space takes the
/// next one (on the Blackjack row, opens Blackjack's house rules: the rows of its rules page,
/// `SettingsScreen+Rules`), a click picks a choice, `q` or Esc go back to the menu (from the
/// house rules, back to the settings). A change applies at once and is kept (the shell does
/// both); a setting this run's command line decided says so under the rows.
public struct SettingsScreen: Screen, Sendable {
    /// What the page asks of the shell.
    public enum Effect: Equatable, Sendable {
        /// Keep `value` for setting `key` and apply it now.
        case change(key: String, value: String)
        /// Back to the menu.
        case close
    }

    /// One row of the page, in the order shown.
    public enum Row: CaseIterable, Sendable {
        case theme, palette, sound, animations, cursor, setCards, memoryFlipBack, blackjackRules

        var title: String {
            switch self {
            case .theme: "Theme"
            case .palette: "Colours"
            case .sound: "Sound"
            case .animations: "Animations"
            case .cursor: "Cursor at focus"
            case .setCards: "Set's cards"
            case .memoryFlipBack: "Memory turns back"
            case .blackjackRules: "Blackjack's rules"
            }
        }

        /// The setting the row changes (nil: the Blackjack row, which opens a page).
        var key: String? {
            switch self {
            case .theme: SettingKey.theme
            case .palette: SettingKey.palette
            case .sound: SettingKey.sound
            case .animations: SettingKey.animations
            case .cursor: SettingKey.cursor
            case .setCards: SettingKey.setCards
            case .memoryFlipBack: SettingKey.memoryFlipBack
            case .blackjackRules: nil
            }
        }

        /// The row's choices: the value kept, and its words on the page.
        var choices: [(value: String, label: String)] {
            switch self {
            case .theme: ThemeName.allCases.map { ($0.rawValue, $0.rawValue) }
            case .palette: [("standard", "standard"), ("cvd", "colour-blind safe")]
            case .sound: [("on", "on"), ("off", "off")]
            case .animations: AnimationPace.allCases.map { ($0.rawValue, $0.rawValue) }
            case .cursor: [("off", "off"), ("on", "on")]
            case .setCards: [(SetCardStyle.glyphs.rawValue, "glyphs"), (SetCardStyle.classic.rawValue, "classic shapes")]
            case .memoryFlipBack: MemoryScreen.flipBackChoices.map { (MemoryScreen.secondsText($0), "\(MemoryScreen.secondsText($0)) s") }
            case .blackjackRules: [("", "decks, soft 17, payout…")]  // opens the house rules
            }
        }

        /// The choice shown when nothing is kept yet.
        var defaultValue: String {
            switch self {
            case .theme: ThemeName.dark.rawValue
            case .palette: PaletteName.standard.rawValue
            case .sound: "on"
            case .animations: AnimationPace.normal.rawValue
            case .cursor: "off"
            case .setCards: SetCardStyle.glyphs.rawValue
            case .memoryFlipBack: MemoryScreen.secondsText(MemoryScreen.mismatchShowTime)
            case .blackjackRules: ""
            }
        }

        /// One line on what the row does, shown while it has focus.
        var about: String {
            switch self {
            case .theme: "dark for a dark background, light for dark text on a light one, contrast for bold white on black."
            case .palette: "Colour-blind safe: Set's, Slots' and the results' colours stay apart, and are written too."
            case .sound: "The cues of Blackjack and Slots. Off is silent, as --mute is."
            case .animations: "The slot spin, the dealer's play, the Temples slide: fast halves them, off skips them."
            case .cursor: "The terminal's cursor sits on the focused card, button or row, for magnifiers and screen readers."
            case .setCards: "How Set's cards are drawn (c switches them in the game too)."
            case .memoryFlipBack: "How long two cards that do not match stay face up (any key turns them back sooner)."
            case .blackjackRules: "Enter shows Blackjack's house rules for the next game: decks, soft 17, payout, surrender, insurance."
            }
        }
    }

    /// The settings as they are now (this run's overrides included).
    public private(set) var values: [String: String]
    /// The settings this run's command line or environment decided, and which flag did.
    public private(set) var overriddenBy: [String: String]
    public private(set) var focus: Row = .theme
    /// The house rule with focus while Blackjack's rules are shown; nil on the settings.
    var ruleFocus: BlackjackScreen.RuleRow?

    /// The smallest frame the page is drawn in (the key line not included).
    public static let minimumSize = Size(width: 44, height: 13)

    public init(values: [String: String], overriddenBy: [String: String] = [:]) {
        self.values = values
        self.overriddenBy = overriddenBy
    }

    /// The value `row` shows now.
    func value(of row: Row) -> String {
        row.key.flatMap { values[$0] }.flatMap { value in row.choices.contains { $0.value == value } ? value : nil }
            ?? row.defaultValue
    }

    /// What the player can do on the page.
    public enum Action: Hashable, Sendable {
        case move(Int), change(Int), next, close
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

    /// The key line: `q` goes back to the menu, or from Blackjack's rules to the settings.
    public var keyHints: [KeyHint] {
        Self.bindings.keyHints().map { ruleFocus != nil && $0.keys == "q" ? KeyHint("q", "settings") : $0 }
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
        if ruleFocus != nil { return performOnRules(action) }
        switch action {
        case .move(let step):
            focus = Self.moved(focus, by: step)
            return []
        case .change(let step):
            return cycle(focus, by: step)
        case .next:
            if focus == .blackjackRules {
                ruleFocus = BlackjackScreen.RuleRow.allCases.first
                return []
            }
            return cycle(focus, by: 1)
        case .close:
            return [.close]
        }
    }

    /// `item` moved `step` places in its cases' order, stopping at the ends (a row, a rule).
    static func moved<Item: CaseIterable & Equatable>(_ item: Item, by step: Int) -> Item {
        let all = Array(Item.allCases)
        let index = all.firstIndex(of: item) ?? 0
        return all[min(max(0, index + step), all.count - 1)]
    }

    /// Move `row`'s choice `step` on (wrapping) and ask for it to be kept.
    private mutating func cycle(_ row: Row, by step: Int) -> [Effect] {
        guard let key = row.key else { return [] }
        let choices = row.choices
        let index = choices.firstIndex { $0.value == value(of: row) } ?? 0
        let next = choices[((index + step) % choices.count + choices.count) % choices.count].value
        return choose(next, for: row, key: key)
    }

    mutating func choose(_ value: String, for row: Row?, key: String) -> [Effect] {
        guard values[key] != value || overriddenBy[key] != nil else { return [] }
        values[key] = value
        overriddenBy[key] = nil
        return [.change(key: key, value: value)]
    }

    // MARK: - Screen

    public mutating func update(_ input: Input, in frame: Frame) -> [Effect] {
        switch input {
        case .key(let key):
            guard let action = Self.bindings.action(for: key) else { return [] }
            return perform(action)
        case .mouse(let event):
            switch event.action {
            case .press:
                if ruleFocus != nil { return pressOnRules(at: event.at, in: frame) }
                let layout = Layout(size: frame.size, screen: self)
                guard let (row, spot) = layout.hit(event.at) else { return [] }
                focus = row
                if row == .blackjackRules { return perform(.next) }
                switch spot {
                case .title: return []
                case .next: return cycle(row, by: 1)
                case .choice(let index): return row.key.map { choose(row.choices[index].value, for: row, key: $0) } ?? []
                }
            case .wheelUp: return perform(.move(-1))
            case .wheelDown: return perform(.move(1))
            default: return []
            }
        case .tick, .resize, .focus:
            return []
        }
    }

    public func minimumSize(in frame: Frame) -> Size { Self.minimumSize }

    public var wantsTicks: Bool { false }

    public func cursorPosition(in frame: Frame) -> Point? {
        if ruleFocus != nil { return ruleCursorPosition(in: frame) }
        let layout = Layout(size: frame.size, screen: self)
        return layout.rows.first { $0.row == focus }.map { Point(x: $0.title.x, y: $0.title.y) }
    }

    public func render(into grid: inout CellGrid) {
        if ruleFocus != nil { return renderRules(into: &grid) }
        let layout = Layout(size: grid.size, screen: self)
        let glyphs = Glyphs(theme: grid.theme)
        Self.drawHeading("Settings", in: layout.heading, into: &grid)
        for placed in layout.rows {
            let focused = placed.row == focus
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
                let isChosen = choice.value == chosen && placed.row != .blackjackRules
                let text = placed.compact
                    ? glyphs.pick("‹ ", ascii: "< ") + choice.label + glyphs.pick(" ›", ascii: " >")
                    : (isChosen ? "[" + choice.label + "]" : " " + choice.label + " ")
                let style: Style = isChosen || placed.compact
                    ? Style.bold.foreground(.highlight) : placed.row == .blackjackRules ? .plain : .dim
                let shown = DisplayWidth.of(text) > area.width
                    ? TextLayout.truncated(text, toWidth: area.width, ascii: grid.theme.ascii) : text
                grid.write(shown, at: area.origin, style: style, clip: area)
            }
        }
        var about = focus.about
        if let key = focus.key, let source = overriddenBy[key] {
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
            var row: Row
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

        init(size: Size, screen: SettingsScreen) {
            let left = size.width >= 60 ? 4 : 2
            let width = max(0, min(size.width - 2 * left, 90))
            heading = Rect(x: left, y: size.height >= 18 ? 1 : 0, width: width, height: 1)
            let all = Row.allCases
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
                let source = row.key.flatMap { screen.overriddenBy[$0] }
                let tagWidth = source.map { DisplayWidth.of($0) + 4 } ?? 0
                func tagged(_ placed: PlacedRow) -> PlacedRow {
                    guard let source, let last = placed.choices.last(where: { $0.width > 0 }) else { return placed }
                    var placed = placed
                    let x = last.maxX + 2
                    placed.tag = (source, Rect(x: x, y: y, width: max(0, valuesX + valuesWidth - x), height: 1))
                    return placed
                }
                if full + tagWidth <= valuesWidth || row == .blackjackRules {
                    var x = valuesX
                    let areas = labels.map { label -> Rect in
                        let area = Rect(x: x, y: y, width: max(0, min(DisplayWidth.of(label) + 2, valuesX + valuesWidth - x)),
                                        height: 1)
                        x += area.width + 2
                        return area
                    }
                    return tagged(PlacedRow(row: row, title: title, choices: areas, compact: false))
                }
                let chosen = screen.value(of: row)
                let index = row.choices.firstIndex { $0.value == chosen } ?? 0
                var areas = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: labels.count)
                areas[index] = Rect(x: valuesX, y: y, width: min(valuesWidth, DisplayWidth.of(labels[index]) + 4), height: 1)
                return tagged(PlacedRow(row: row, title: title, choices: areas, compact: true))
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

        /// The row under `point`, and where on it.
        func hit(_ point: Point) -> (Row, Spot)? {
            for placed in rows where placed.title.y == point.y {
                if let index = placed.choices.firstIndex(where: { $0.contains(point) && $0.width > 0 }) {
                    return (placed.row, placed.compact ? .next : .choice(index))
                }
                if point.x >= placed.title.x - 2 && point.x < placed.title.maxX { return (placed.row, .title) }
            }
            return nil
        }
    }
}
