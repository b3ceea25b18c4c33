/// A line of a game saying what just happened, drawn the same way in every game: the
/// first of its wordings (fullest first) that fits, in the style of its tone.
public struct StatusLine: Hashable, Sendable {
    /// What the words mean to the player, which sets how they are drawn.
    public enum Tone: Hashable, Sendable {
        /// News: plain text.
        case plain
        /// A figure or heading: bold.
        case strong
        /// It went well (a set, a pair, a win): bold green.
        case good
        /// It went badly (not a set, a loss): bold red.
        case bad
        /// Look here (a hint, a warning): bold yellow.
        case warning
        /// An aside: dim.
        case quiet

        /// The mark a good or bad line carries besides its colour: ✓ or ✗.
        public var mark: String? {
            switch self {
            case .good: return "\u{2713}"
            case .bad: return "\u{2717}"
            default: return nil
            }
        }

        /// The style of the tone.
        public var style: Style {
            switch self {
            case .plain: return .plain
            case .strong: return .bold
            case .good: return Style.bold.foreground(.good)
            case .bad: return Style.bold.foreground(.bad)
            case .warning: return Style.bold.foreground(.warning)
            case .quiet: return .dim
            }
        }
    }

    /// The words, fullest first: the first that fits is drawn, else the last cut short.
    public var wordings: [String]
    public var tone: Tone
    public var alignment: TextAlignment
    /// Words kept after every wording, even one cut short, e.g. "(and 2 more: press ?)".
    public var tail: String

    public init(_ wordings: [String], tone: Tone = .plain, alignment: TextAlignment = .left, tail: String = "") {
        self.wordings = wordings
        self.tone = tone
        self.alignment = alignment
        self.tail = tail
    }

    public init(_ text: String, tone: Tone = .plain, alignment: TextAlignment = .left, tail: String = "") {
        self.init([text], tone: tone, alignment: alignment, tail: tail)
    }

    /// The fullest wording.
    public var text: String { wordings.first ?? "" }

    /// The wording drawn in `width` columns. With a `tail`, the last wording is cut short
    /// before it (with `…`, or `...` when `ascii`) so that the tail stays whole, when there
    /// is room for both.
    public func wording(fitting width: Int, ascii: Bool = false) -> String {
        guard !tail.isEmpty else { return wordings.first { DisplayWidth.of($0) <= width } ?? wordings.last ?? "" }
        let joined = wordings.map { $0 + " " + tail }
        if let fitting = joined.first(where: { DisplayWidth.of($0) <= width }) { return fitting }
        let tailWidth = DisplayWidth.of(tail)
        guard let shortest = wordings.last,
              tailWidth + 1 + DisplayWidth.of(Glyphs(ascii: ascii).ellipsis) + 1 <= width else {
            return joined.last ?? tail
        }
        return TextLayout.truncated(shortest, toWidth: width - tailWidth - 1, ascii: ascii) + " " + tail
    }

    /// Draw the line in `rect` (its top row).
    ///
    /// Where colour cannot carry meaning alone (`Theme.namesColors`: the colour-blind palette,
    /// no colour) a good or bad line starts with ✓ or ✗ (unless its words do already), so that
    /// the colour is not the only thing saying which it is (in ASCII the words say it alone).
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        var line = self
        if grid.theme.namesColors && !grid.theme.ascii, let mark = tone.mark {
            line.wordings = wordings.map { $0.hasPrefix("\u{2713}") || $0.hasPrefix("\u{2717}") ? $0 : mark + " " + $0 }
        }
        Label(line.wording(fitting: rect.width, ascii: grid.theme.ascii), alignment: alignment, style: tone.style)
            .draw(into: &grid, in: rect)
    }
}

/// A cursor over the cells of a grid of `columns` columns, in reading order, that stops at
/// the edges: arrows move it, Home and End go to the first and last cell.
///
/// Screens whose cells are not in plain reading order give it their own `positions`.
public struct GridCursor: Hashable, Sendable {
    /// The cell the cursor is on.
    public var index: Int

    public init(_ index: Int = 0) {
        self.index = index
    }

    /// Move one cell in `direction` over `count` cells laid out `columns` wide; at an
    /// edge it stays.
    public mutating func move(_ direction: Direction, columns: Int, count: Int) {
        guard columns > 0, count > 0 else { return }
        let (dx, dy) = direction.delta
        let column = index % columns
        if column + dx < 0 || column + dx >= columns { return }
        let target = index + dx + dy * columns
        if target >= 0 && target < count { index = target }
    }

    /// Move one cell in `direction` where cell `i` is shown at `positions[i]` (nil: not
    /// shown); the cursor goes to the cell at the next position in that direction, if any.
    public mutating func move(_ direction: Direction, positions: [(row: Int, column: Int)?]) {
        guard positions.indices.contains(index), let here = positions[index] else { return }
        let (dx, dy) = direction.delta
        if let target = positions.indices.first(where: { other in
            positions[other].map { $0.row == here.row + dy && $0.column == here.column + dx } ?? false
        }) {
            index = target
        }
    }

    /// Home: the first shown cell (top row, first column); End: the last.
    public mutating func jump(toEnd: Bool, positions: [(row: Int, column: Int)?]) {
        let shown = positions.indices.compactMap { i in positions[i].map { (i, $0.row, $0.column) } }
        let pick = toEnd
            ? shown.max { ($0.1, $0.2) < ($1.1, $1.2) }
            : shown.min { ($0.1, $0.2) < ($1.1, $1.2) }
        if let pick { index = pick.0 }
    }

    /// Home or End over `count` cells in reading order.
    public mutating func jump(toEnd: Bool, count: Int) {
        index = toEnd ? max(0, count - 1) : 0
    }
}
