import ArcadeUI

/// A bar chart of values drawn in cells: one bar per value, oldest on the left, heights in
/// eighths of a cell (`▁`…`█`; in ASCII `#` for a cell at least half full and `.` for
/// less), the top and bottom values on the left, and "oldest" … "newest →" under the bars.
struct Chart {
    var values: [Int]
    /// Written after the axis values ("%").
    var unit = ""
    /// The words under the first and the last bar ("→" follows the last).
    var axis = (first: "oldest", last: "newest")
    /// The words under the first bar for the number of bars shown (a narrow chart shows the
    /// newest only: "18 days ago"), instead of `axis.first`.
    var firstLabel: ((Int) -> String)?
    /// The top of the scale, when it is fixed (100 for a share in %) rather than the largest value.
    var fixedTop: Int?
    /// The values that are no result at all (a day without reviews): left blank, not drawn as 0.
    var blanks: Set<Int> = []

    /// The eighths of a cell `▁` to `█`.
    static let eighths: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The value at the top of the scale (the largest) and at the bottom (zero, or the
    /// smallest when one is below zero).
    var scale: (bottom: Int, top: Int) {
        let bottom = min(0, values.min() ?? 0)
        return (bottom, max(bottom + 1, fixedTop ?? values.max() ?? 1))
    }

    /// The columns of each bar and the gap between bars, for bars in `width` columns.
    static func barWidth(count: Int, width: Int) -> Int {
        guard count > 0 else { return 1 }
        return min(3, max(1, (width + 1) / count - 1))
    }

    /// The gap between bars: one column, or none when that is what lets every bar fit (a
    /// narrow terminal), so the chart shows all the results its caption counts.
    static func gap(count: Int, barWidth: Int, width: Int) -> Int {
        count * (barWidth + 1) - 1 <= width ? 1 : 0
    }

    /// Draw in `area`: the bars in every row but the last, the time axis in the last.
    func draw(into grid: inout CellGrid, in area: Rect) {
        let height = area.height - 1
        guard height > 0, !values.isEmpty else { return }
        let glyphs = Glyphs(theme: grid.theme)
        let (bottom, top) = scale
        let labels = ["\(top)\(unit)", "\(bottom)\(unit)"]
        let labelWidth = labels.map(\.count).max() ?? 0
        grid.write(labels[0].leftPadded(to: labelWidth), at: Point(x: area.x, y: area.y), style: .dim)
        grid.write(labels[1].leftPadded(to: labelWidth), at: Point(x: area.x, y: area.y + height - 1), style: .dim)
        let axisX = area.x + labelWidth + 1
        let edge = glyphs.pick("│", ascii: "|")
        for row in 0..<height { grid.write(edge, at: Point(x: axisX, y: area.y + row), style: .dim) }
        let barsX = axisX + 2
        let room = area.maxX - barsX
        let barWidth = Self.barWidth(count: values.count, width: room)
        let step = barWidth + Self.gap(count: values.count, barWidth: barWidth, width: room)
        let shown = values.suffix(max(1, (room + step - barWidth) / step))
        let firstShown = values.count - shown.count
        for (index, value) in shown.enumerated() {
            if blanks.contains(firstShown + index) { continue }
            let filled = Self.eighthsFilled(value, bottom: bottom, top: top, rows: height)
            let x = barsX + index * step
            if filled == 0 {
                // A result at the bottom of the scale (a score of 0) still has its place marked.
                grid.write(String(repeating: glyphs.pick("·", ascii: "_"), count: barWidth),
                           at: Point(x: x, y: area.y + height - 1), style: .dim, clip: area)
            }
            for row in 0..<height {
                let cell = min(8, max(0, filled - row * 8))
                guard cell > 0 else { continue }
                let glyph = glyphs.ascii ? (cell >= 4 ? "#" : ".") : Self.eighths[cell - 1]
                let bar = String(repeating: glyph, count: barWidth)
                grid.write(bar, at: Point(x: x, y: area.y + height - 1 - row), style: Style().foreground(.accent),
                           clip: area)
            }
        }
        let lastX = barsX + (shown.count - 1) * step + barWidth
        let first = firstLabel?(shown.count) ?? axis.first
        let axisY = area.y + height
        grid.write(first, at: Point(x: barsX, y: axisY), style: .dim, clip: area)
        // Under the newest bar, or just past the first words when a few bars are narrower than
        // both; without its arrow, or not at all, when it would be cut.
        for newest in [axis.last + glyphs.pick(" →", ascii: " ->"), axis.last] {
            let x = max(lastX - newest.count, barsX + first.count + 1)
            guard x + newest.count <= area.maxX else { continue }
            grid.write(newest, at: Point(x: x, y: axisY), style: .dim, clip: area)
            break
        }
    }

    /// How many eighths of a cell the bar of `value` fills in `rows` rows: at least one
    /// for any value above the bottom, so no game is lost from sight. Measured in Doubles:
    /// the distance between scores near `Int.max` and `Int.min` does not fit an `Int`.
    static func eighthsFilled(_ value: Int, bottom: Int, top: Int, rows: Int) -> Int {
        guard value > bottom, top > bottom else { return 0 }
        let total = rows * 8
        let span = Double(top) - Double(bottom)
        // A span of huge values can round to nothing: the value is then at the top.
        let share = span > 0 ? min(1, (Double(value) - Double(bottom)) / span) : 1
        return min(total, max(1, Int((share * Double(total)).rounded())))
    }
}

extension String {
    /// This string with spaces before it to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
