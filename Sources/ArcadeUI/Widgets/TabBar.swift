/// A row of tab titles with one selected: ` Set  Memory [Slots] `.
///
/// Each tab is its title with a column on either side: blanks for an ordinary tab,
/// `[` `]` for the selected one, which is also drawn bold in reverse video — so the
/// selection shows in plain text and in monochrome. With `numbered`, titles are prefixed
/// `1 `, `2 `… and the digit keys select tabs. Tabs are laid out from the left of the
/// top row of their rectangle with no gap between them and clipped at its right edge.
/// Moving past either end wraps around when `wraps` is true, else stops at the end.
public struct TabBar: Hashable, Sendable {
    /// The tab titles; replacing them keeps the selection within the new titles.
    public var titles: [String] {
        didSet { select(selectedIndex) }
    }
    /// The selected tab (kept within `titles` by every method here).
    public private(set) var selectedIndex: Int
    /// Left of the first tab goes to the last (and back) when true; stops at the ends when false.
    public var wraps: Bool
    /// Prefix titles with `1 `, `2 `… and let digit keys pick tabs.
    public var numbered: Bool
    /// The style of unselected tabs; the selected one adds bold and reverse.
    public var style: Style

    public init(titles: [String], selectedIndex: Int = 0, wraps: Bool = true, numbered: Bool = false,
                style: Style = .plain) {
        self.titles = titles
        self.selectedIndex = titles.isEmpty ? 0 : min(max(0, selectedIndex), titles.count - 1)
        self.wraps = wraps
        self.numbered = numbered
        self.style = style
    }

    /// The text of tab `index` as drawn, e.g. ` Set ` or `[2 Memory]`.
    public func text(ofTab index: Int) -> String {
        guard titles.indices.contains(index) else { return "" }
        let label = numbered ? "\(index + 1) \(titles[index])" : titles[index]
        return index == selectedIndex ? "[\(label)]" : " \(label) "
    }

    /// Where each tab goes when the bar is drawn in `rect` (not clipped to it).
    public func frames(in rect: Rect) -> [Rect] {
        var x = rect.x
        return titles.indices.map { index in
            let width = DisplayWidth.of(text(ofTab: index))
            defer { x += width }
            return Rect(x: x, y: rect.y, width: width, height: 1)
        }
    }

    /// Draw the tabs on the top row of `rect`, clipped to it.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard !rect.isEmpty else { return }
        for (index, frame) in zip(titles.indices, frames(in: rect)) {
            let tabStyle = index == selectedIndex ? style.bolded.reversed : style
            grid.drawWidgetText(text(ofTab: index), at: frame.origin, style: tabStyle, clip: rect)
        }
    }

    /// The tab a click at `point` lands on when the bar is drawn in `rect`.
    public func index(at point: Point, in rect: Rect) -> Int? {
        guard rect.contains(point) else { return nil }
        return zip(titles.indices, frames(in: rect)).first { $0.1.contains(point) }?.0
    }

    /// The tab a digit key picks when `numbered` (`1` is the first tab), if any.
    public func index(for key: Key) -> Int? {
        guard numbered, let digit = key.digit, digit >= 1, digit <= titles.count else { return nil }
        return digit - 1
    }

    /// Select tab `index`, clamped to the tabs there are.
    public mutating func select(_ index: Int) {
        guard !titles.isEmpty else { selectedIndex = 0; return }
        selectedIndex = min(max(0, index), titles.count - 1)
    }

    /// Move the selection one tab left or right (up and down do nothing).
    public mutating func move(_ direction: Direction) {
        guard !titles.isEmpty else { return }
        let step: Int
        switch direction {
        case .left: step = -1
        case .right: step = 1
        case .up, .down: return
        }
        let target = selectedIndex + step
        if wraps {
            selectedIndex = (target + titles.count) % titles.count
        } else {
            select(target)
        }
    }
}
