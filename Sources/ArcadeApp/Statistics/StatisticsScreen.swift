import ArcadeRecords
import ArcadeStore
import ArcadeUI

/// The statistics page: one tab per game with its games played, best and average, a chart
/// of its last results drawn in cells, and the game's own figures.
///
/// ←/→ (h/l), Tab/Shift-Tab, the digits 1–5 and a click on a tab move between the games;
/// a game with modes or levels (Set's classic and versus games, Memory's levels, Slots'
/// machines) shows one at a time, chosen on a row of its own under the tabs with ↑/↓ (k/j)
/// or a click, each with its own best and chart; `q` and Esc go back to the menu. It is a value built from the statistics the store
/// answered; every layout comes from the frame it is drawn in, so a resize re-lays it out.
public struct StatisticsScreen: Screen, ArcadePage, Sendable {
    /// What the page asks of the shell.
    public enum Effect: Equatable, Sendable {
        /// Back to the menu.
        case close
    }

    /// What the player can do on the page.
    public enum Action: Hashable, Sendable {
        case move(Int), show(number: Int), moveMode(Int), close
        /// Show the shown game's mode `index`, an index into its `modes` (a click on the mode).
        case showMode(Int)
    }

    public let statistics: [GameStatistics]
    public private(set) var tabs: TabBar
    /// The mode shown on each game's tab, an index into its `modes` (the first until chosen).
    public private(set) var modeIndex: [GameID: Int] = [:]

    /// The smallest frame the page is drawn in (the key line not included).
    public static let minimumSize = Size(width: 52, height: 15)

    public init(statistics: [GameStatistics], showing game: GameID? = nil) {
        self.statistics = statistics
        tabs = TabBar(titles: statistics.map(\.title), numbered: true)
        if let game, let index = statistics.firstIndex(where: { $0.game == game }) { tabs.select(index) }
    }

    /// The game whose tab is shown, with all its modes.
    public var shownGame: GameStatistics? {
        statistics.indices.contains(tabs.selectedIndex) ? statistics[tabs.selectedIndex] : nil
    }

    /// What the tab shows: the mode chosen on it, or the game for a game without modes.
    public var shown: GameStatistics? {
        guard let game = shownGame, !game.modes.isEmpty else { return shownGame }
        return game.modes[min(modeIndex[game.game] ?? 0, game.modes.count - 1)]
    }

    /// The shown game's row of modes ("Mode: [Classic] Versus easy …"), nil for a game played
    /// in one mode only.
    var modeBar: TabBar? {
        guard let game = shownGame, game.modes.count > 1 else { return nil }
        return TabBar(titles: game.modes.map(\.modeTitle), selectedIndex: modeIndex[game.game] ?? 0)
    }

    /// The words before the row of modes: "Mode:", "Level:", "Machine:".
    var modeLabel: String { (shownGame?.labels.modeKind ?? "Mode") + ":" }

    /// The page's keys for `games` games; the key line and `?` help are read from them.
    public static func bindings(games: Int) -> [Binding<Action>] { [
        Binding(keys: [.left, .right, .character("h"), .character("l"), .tab, .backTab],
                hint: KeyHint("←→", "game"), help: KeyHint("← →  h l  Tab", "the previous or next game")) { key in
            key == .left || key == .character("h") || key == .backTab ? .move(-1) : .move(1)
        },
        Binding(keys: (1...9).map { Key.character(Character("\($0)")) }, hint: KeyHint(MenuScreen.numbers(games, "-"), "game"),
                help: KeyHint(MenuScreen.numbers(games, " … "), "a game by its number")) { key in key.digit.map { .show(number: $0) } },
        Binding(keys: [.up, .down, .character("k"), .character("j")], hint: KeyHint("↑↓", "mode"),
                help: KeyHint("↑ ↓  k j", "the mode or level shown")) { key in
            key == .up || key == .character("k") ? .moveMode(-1) : .moveMode(1)
        },
        .note("click", "a game's tab, or a mode on the row under it"),
        .note("?", "this help"),
        Binding([.character("q"), .escape], .close, hint: "menu", help: "back to the menu"),
    ] }

    /// The page's keys for its games.
    var bindings: [Binding<Action>] { Self.bindings(games: statistics.count) }

    /// The key line for the tab shown: the keys of the modes only when it has a row of them.
    public var keyHints: [KeyHint] {
        let hints = bindings.keyHints()
        return modeBar != nil ? hints : hints.filter { $0.keys != "↑↓" }
    }

    /// What `?` shows.
    public var help: HelpSheet { HelpSheet(
        title: "Statistics", keys: bindings.helpRows(),
        notes: [
            "Played, best and average count every game kept; the chart shows the last "
                + "\(ArcadeStore.recentLimit) results, oldest on the left, and the figures under it are "
                + "those of the same games.",
            "Modes and levels are never mixed: each has its own best and chart (Set's classic game, "
                + "each level against the computer; each Memory level; each Slots machine). The menu's "
                + "best for Set is the classic game's.",
        ]) }

    /// Do `action`.
    public mutating func perform(_ action: Action) -> [Effect] {
        switch action {
        case .move(let step): tabs.move(step < 0 ? .left : .right)
        case .show(let number): if number <= statistics.count { tabs.select(number - 1) }
        case .moveMode(let step):
            guard let game = shownGame, !game.modes.isEmpty else { break }
            let count = game.modes.count
            modeIndex[game.game] = ((modeIndex[game.game] ?? 0) + step % count + count) % count
        case .showMode(let index):
            guard let game = shownGame, game.modes.indices.contains(index) else { break }
            modeIndex[game.game] = index
        case .close: return [.close]
        }
        return []
    }

    // MARK: - Screen

    public mutating func update(_ input: Input, in frame: Frame) -> [Effect] {
        dispatch(input, in: frame)
    }

    /// A press on a tab shows its game (as its number does), one on the row of modes that
    /// mode.
    func action(for event: MouseEvent, in frame: Frame) -> Action? {
        guard event.action == .press else { return nil }
        let layout = Layout(size: frame.size, statistics: shown, hasModes: modeBar != nil)
        if let index = tabs.index(at: event.at, in: layout.tabs) { return .show(number: index + 1) }
        return modeBar?.index(at: event.at, in: layout.modeBar(label: modeLabel)).map { .showMode($0) }
    }

    public func minimumSize(in frame: Frame) -> Size { Self.minimumSize }

    public var wantsTicks: Bool { false }

    public func render(into grid: inout CellGrid) {
        let layout = Layout(size: grid.size, statistics: shown, hasModes: modeBar != nil)
        let glyphs = Glyphs(theme: grid.theme)
        grid.write("Statistics", at: layout.title.origin, style: Style.bold.foreground(.accent), clip: layout.title)
        tabs.draw(into: &grid, in: layout.tabs)
        let rule = String(repeating: String(glyphs.frame(.single).divider), count: max(0, layout.rule.width))
        grid.write(rule, at: layout.rule.origin, style: .dim)
        if let modeBar {
            grid.write(modeLabel, at: layout.modes.origin, style: .dim, clip: layout.modes)
            modeBar.draw(into: &grid, in: layout.modeBar(label: modeLabel))
        }
        guard let shown else { return }
        guard shown.played > 0 || shown.learning != nil else {
            // A mode of its own says which games there are none of.
            let words = modeBar != nil ? "No \(shown.modeTitle.lowercased()) games played yet" : "No games played yet"
            grid.write(words, at: Point(x: max(0, (grid.size.width - words.count) / 2), y: layout.totals.y + 2),
                       style: .dim)
            return
        }
        drawTotals(shown, in: layout.totals, into: &grid)
        if shown.played > 0 {
            grid.write(Self.chartCaption(shown), at: layout.caption.origin, style: .bold, clip: layout.caption)
            Chart(values: shown.recent.map(\.score), unit: shown.labels.unit).draw(into: &grid, in: layout.chart)
        } else {
            grid.write("No matches played yet", at: layout.caption.origin, style: .dim, clip: layout.caption)
        }
        if let learning = shown.learning {
            for (chart, title) in zip(layout.learnCharts, ["Learn mode: reviews a day", "Learn mode: % right a day"]) {
                let row = Rect(x: chart.x, y: layout.learnCaption.y, width: chart.width, height: 1)
                grid.write(TextLayout.truncated(title, toWidth: row.width, ascii: grid.theme.ascii), at: row.origin,
                           style: .bold, clip: row)
            }
            // The first bar shown is so many days ago (a narrow chart shows the newest days only).
            let daysAgo: (Int) -> String = { shown in shown <= 1 ? "today" : "\(shown - 1) days ago" }
            let days = (first: "", last: "today")
            Chart(values: learning.perDay.map(\.total), axis: days, firstLabel: daysAgo)
                .draw(into: &grid, in: layout.learnCharts[0])
            // A day without reviews is no share at all: blank, not 0%; the scale is 0–100%.
            let shares = learning.perDay.map { $0.total == 0 ? 0 : Int((Double($0.right) * 100 / Double($0.total)).rounded()) }
            let empty = Set(learning.perDay.indices.filter { learning.perDay[$0].total == 0 })
            Chart(values: shares, unit: "%", axis: days, firstLabel: daysAgo, fixedTop: 100, blanks: empty)
                .draw(into: &grid, in: layout.learnCharts[1])
        }
        for (index, line) in Self.figureLines(shown).prefix(layout.figures.height).enumerated() {
            grid.write(TextLayout.truncated(line, toWidth: layout.figures.width, ascii: grid.theme.ascii),
                       at: Point(x: layout.figures.x, y: layout.figures.y + index), clip: layout.figures)
        }
    }

    // MARK: - Words

    private func drawTotals(_ shown: GameStatistics, in area: Rect, into grid: inout CellGrid) {
        var x = area.x
        let unit = shown.labels.unit
        let items = [("Played", "\(shown.played)"), ("Best", shown.best.map { "\($0)\(unit)" } ?? "—"),
                     ("Average", shown.average.map { Self.decimal($0) + unit } ?? "—")]
        for (label, value) in items {
            x += grid.write(label + " ", at: Point(x: x, y: area.y), style: .dim, clip: area)
            x += grid.write(value, at: Point(x: x, y: area.y), style: Style.bold.foreground(.good), clip: area) + 4
        }
    }

    /// What the chart shows: "Score of the last 12 games".
    static func chartCaption(_ shown: GameStatistics) -> String {
        "\(shown.labels.measure) of \(lastGames(shown)), oldest first"
    }

    /// The learn mode's month in a line: "Learn mode, last 30 days: 57 reviews, 82% right".
    static func learnSummary(_ learning: LearnStatistics) -> String {
        let share = learning.accuracy.map { ", \($0)% right" } ?? ""
        return "Learn mode, last \(LearnStatistics.days) days: \(count(learning.reviews, "review"))\(share)"
    }

    /// "1 card", "5 cards".
    static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        "\(number) " + (number == 1 ? one : many ?? one + "s")
    }

    /// "the last game", "the last 12 games": the games the figures are over.
    static func lastGames(_ shown: GameStatistics) -> String {
        shown.recent.count == 1 ? "the last game" : "the last \(shown.recent.count) games"
    }

    /// The game's own figures, a line each.
    static func figureLines(_ shown: GameStatistics) -> [String] { shown.figures.lines(for: shown) }

    /// `value` with one decimal: "7.5"; "—" for a value too large to write so (only an
    /// edited store holds one) or no number at all.
    static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        // Every Double in (-2^63, 2^63) converts to an `Int`; infinity and NaN fail both tests.
        guard tenths > -0x1p63, tenths < 0x1p63 else { return "—" }
        let whole = Int(tenths)
        return (whole < 0 && whole > -10 ? "-" : "") + "\(whole / 10).\(abs(whole % 10))"
    }

    /// `seconds` as m:ss, as the games show their times.
    static func clock(_ seconds: Int) -> String {
        let whole = max(0, seconds), remainder = whole % 60
        return "\(whole / 60):" + (remainder < 10 ? "0" : "") + "\(remainder)"
    }

    // MARK: - Layout

    /// Where everything goes in a frame of `size`: the tabs, the totals, the chart (as tall
    /// as the rows left over allow) and the figures.
    struct Layout {
        var title: Rect
        var tabs: Rect
        var rule: Rect
        /// The row of modes (its label, then the modes), under the rule.
        var modes: Rect
        var totals: Rect
        var caption: Rect
        var chart: Rect
        /// Temples' learn mode: its caption, and its two charts side by side (reviews, % right).
        var learnCaption = Rect(x: 0, y: 0, width: 0, height: 0)
        var learnCharts = [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 0, height: 0)]
        var figures: Rect

        /// Where the modes go after `label` on their row.
        func modeBar(label: String) -> Rect {
            let skip = min(modes.width, DisplayWidth.of(label) + 1)
            return Rect(x: modes.x + skip, y: modes.y, width: modes.width - skip, height: modes.height)
        }

        init(size: Size, statistics: GameStatistics?, hasModes: Bool = false) {
            let margin = size.width >= 100 ? 3 : 1
            let width = max(0, size.width - 2 * margin)
            let titleWidth = size.width >= 70 ? 12 : 0
            title = Rect(x: margin, y: 0, width: titleWidth, height: 1)
            tabs = Rect(x: margin + titleWidth, y: 0, width: max(0, width - titleWidth), height: 1)
            rule = Rect(x: margin, y: 1, width: width, height: 1)
            // The row of modes takes the blank row under the rule, and one more.
            let top = hasModes ? 1 : 0
            modes = Rect(x: margin, y: 2, width: hasModes ? width : 0, height: hasModes ? 1 : 0)
            totals = Rect(x: margin, y: 3 + top, width: width, height: 1)
            caption = Rect(x: margin, y: 5 + top, width: width, height: 1)
            let figureCount = statistics.map { StatisticsScreen.figureLines($0).count } ?? 0
            // Under the chart: its time axis, a blank row, the figures, a blank row.
            let free = size.height - 6 - top - 2 - figureCount - 1
            guard statistics?.learning != nil else {
                let chartHeight = min(16, max(2, free))
                chart = Rect(x: margin, y: 6 + top, width: width, height: chartHeight + 1)
                figures = Rect(x: margin, y: chart.maxY + 1, width: width, height: max(0, size.height - chart.maxY - 1))
                return
            }
            // Two rows of charts share what the figures leave: the matches (when there are any,
            // and room for both), then the learn mode's caption and charts. From row 6: a chart
            // and its axis, a blank row, the caption, a chart and its axis, a blank row, the
            // figures — 2 × each + 5 + figures rows with both, each + 4 + figures without.
            let room = size.height - 6 - figureCount
            let both = (room - 5) / 2
            let matches = (statistics?.played ?? 0) > 0 && both >= 2
            let each = matches ? min(8, both) : min(12, max(1, room - 4))
            chart = Rect(x: margin, y: 6, width: width, height: matches ? each + 1 : 0)
            learnCaption = Rect(x: margin, y: chart.maxY + 1, width: width, height: 1)
            let halves = Rect(x: margin, y: learnCaption.maxY, width: width, height: each + 1)
                .columns([.flexible, .fixed(2), .flexible])
            learnCharts = [halves[0], halves[2]]
            figures = Rect(x: margin, y: halves[0].maxY + 1, width: width,
                           height: max(0, size.height - halves[0].maxY - 1))
        }
    }
}
