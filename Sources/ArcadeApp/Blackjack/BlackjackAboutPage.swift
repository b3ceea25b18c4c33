import ArcadeRecords
import ArcadeUI
import BlackjackModel

/// The About page (`a`): the rules of the game in play, in a frame that scrolls when the
/// terminal is short, with the Back button under it.
struct BlackjackAboutPage: Equatable {
    /// What the About page's keys do.
    enum Action: Hashable, Sendable {
        /// Scroll by lines (up when negative), or to the top or the bottom.
        case scroll(Int)
        case scrollToEnd(bottom: Bool)
    }

    /// The About page's keys in the screen's table (bound on High Scores too, where they do nothing).
    static let keyRows: [BlackjackScreen.KeyRow] = [
        .init(Binding([.up, .character("k")], .about(.scroll(-1)), hint: "scroll", hintKeys: "↑ ↓",
                      help: "scroll About; Home End: its ends", helpKeys: "↑ ↓ PgUp PgDn"),
              in: [.about, .highScores], shownIn: [.about]),
        .init(Binding([.down, .character("j")], .about(.scroll(1))), in: [.about, .highScores]),
        .init(Binding([.pageUp], .about(.scroll(-BlackjackAboutPage.pageStep))), in: [.about, .highScores]),
        .init(Binding([.pageDown], .about(.scroll(BlackjackAboutPage.pageStep))), in: [.about, .highScores]),
        .init(Binding(keys: [.home, .end]) { key in
            .about(.scrollToEnd(bottom: key == .end))
        }, in: [.about, .highScores]),
    ]

    /// Lines Page Up and Page Down scroll by.
    static let pageStep = 5

    /// The first line shown.
    private(set) var offset = 0

    init(offset: Int = 0) {
        self.offset = offset
    }

    /// Scroll the page about `rules` by `action`, keeping its last line at the bottom at most.
    mutating func perform(_ action: Action, rules: TableRules, in frame: Frame) {
        let lines: Int
        switch action {
        case .scroll(let step): lines = step
        case .scrollToEnd(let bottom): lines = bottom ? Int.max / 2 : -offset  // clamped to the last line
        }
        let area = Self.textArea(BlackjackLayout(frame: frame))
        let longest = max(0, Self.lines(width: area.width, rules: rules).count - area.height)
        offset = min(max(0, offset + lines), longest)
    }

    /// The About page's lines, wrapped to `width` columns; a `- ` item wraps under its text.
    static func lines(width: Int, rules: TableRules = TableRules()) -> [String] {
        let bullet = "- "
        return BlackjackWording.about(rules).flatMap { paragraph -> [String] in
            guard paragraph.hasPrefix(bullet) else {
                return paragraph.isEmpty ? [""] : TextLayout.wrapped(paragraph, toWidth: width)
            }
            let lines = TextLayout.wrapped(String(paragraph.dropFirst(bullet.count)), toWidth: width - bullet.count)
            return lines.enumerated().map { index, line in (index == 0 ? bullet : "  ") + line }
        }
    }

    /// Where the About text goes inside the page frame: one blank column each side.
    static func textArea(_ layout: BlackjackLayout) -> Rect {
        Box.inner(of: layout.page.frame).insetBy(dx: 1, dy: 0)
    }

    /// The rules in a frame, scrolled to `offset`, with marks when lines are hidden.
    func render(_ layout: BlackjackLayout, rules: TableRules, into grid: inout CellGrid) {
        let (frame, back) = layout.page
        Box(title: "About Blackjack", style: .single).draw(into: &grid, in: frame)
        let area = Self.textArea(layout)
        let lines = Self.lines(width: area.width, rules: rules)
        let offset = min(offset, max(0, lines.count - area.height))
        for (row, line) in lines.dropFirst(offset).prefix(area.height).enumerated() {
            let style: Style = line == "House rules" ? .bold : .plain
            grid.write(line, at: Point(x: area.x, y: area.y + row), style: style, clip: area)  // spells — as -
        }
        let glyphs = Glyphs(theme: grid.theme)
        if offset > 0 { grid.put(glyphs.moreAbove, at: Point(x: frame.maxX - 1, y: area.y), style: .bold) }
        if offset + area.height < lines.count {
            grid.put(glyphs.moreBelow, at: Point(x: frame.maxX - 1, y: area.maxY - 1), style: .bold)
        }
        BlackjackScreen.backButton.draw(into: &grid, in: back)
    }
}

/// The High Scores page (`t`): the game's top scores in a frame, with the Back button
/// under it. It keeps nothing of its own: the scores are the table's.
enum BlackjackScoresPage {
    /// How many top scores the page lists.
    static let count = 10

    /// The table's lines: a heading, then one line per score of `scores`, best first.
    static func lines(_ scores: [ScoreEntry]) -> [String] {
        let shown = scores.prefix(count)
        guard !shown.isEmpty else {
            return ["No finished games yet.", "", "Play all \(BlackjackGame.handsPerGame) hands to set a score."]
        }
        let heading = " #  Score  Hands  Date              Player"
        return [heading] + shown.enumerated().map { rank, entry in
            padded(String(rank + 1), 2) + "  " + padded(String(entry.score), 5) + "  "
                + padded(BlackjackFigures(stored: entry.figures).map { String($0.hands) } ?? "", 5) + "  " + entry.date
                + String(repeating: " ", count: max(1, 18 - entry.date.count)) + entry.player
        }
    }

    /// `text` right-aligned in `width` columns.
    private static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The top `scores` in a frame, with the Back button under it.
    static func render(_ layout: BlackjackLayout, scores: [ScoreEntry], into grid: inout CellGrid) {
        let (frame, back) = layout.page
        let title = "High Scores (top \(count))"
        Box(title: title, style: .single).draw(into: &grid, in: frame)
        let area = Box.inner(of: frame).insetBy(dx: 1, dy: 0)
        for (row, line) in lines(scores).prefix(area.height).enumerated() {
            let style: Style = row == 0 && !scores.isEmpty ? .bold : .plain
            // A long player name ends in an ellipsis rather than cut off at the frame.
            let shown = TextLayout.truncated(line, toWidth: area.width, ascii: grid.theme.ascii)
            grid.write(shown, at: Point(x: area.x, y: area.y + row), style: style, clip: area)
        }
        BlackjackScreen.backButton.draw(into: &grid, in: back)
    }
}
