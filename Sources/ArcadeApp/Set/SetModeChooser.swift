import ArcadeUI

/// The choice of mode (`g`), a page over the game: a box with a row per mode (its button
/// and what it is), the current mode focused. Drawn and hit-tested from one layout.
struct SetModeChooser: Hashable, Sendable {
    /// What the choice's keys and clicks do.
    enum Action: Hashable, Sendable {
        /// Move the focus along the row of modes (forward when positive).
        case move(Int)
        /// Start mode `index` of `SetMode.choices`.
        case pick(Int)
        /// Start the mode focused.
        case startFocused
        /// Back to the game, as it was.
        case close
    }

    /// What an action leaves: the choice still open, closed, or a mode to start.
    enum Outcome: Equatable {
        case open
        case closed
        case start(SetMode)
    }

    /// The focused mode, an index into `SetMode.choices`.
    private(set) var focus: Int

    init(current: SetMode) {
        focus = SetMode.choices.firstIndex(of: current) ?? 0
    }

    /// The keys while the choice is open.
    static let bindings: [Binding<SetScreen.Action>] = [
        Binding(keys: [.up, .down, .left, .right, .character("k"), .character("j"), .character("h"), .character("l"),
                       .tab, .backTab],
                hint: KeyHint("↑ ↓", "choose"), help: KeyHint("↑ ↓ ← →  j k h l  Tab", "move among the modes")) { key in
            .chooser(.move([.up, .left, .character("k"), .character("h"), .backTab].contains(key) ? -1 : 1))
        },
        .digits(1...SetMode.choices.count, help: "start that mode", keys: "1–\(SetMode.choices.count)") {
            .chooser(.pick($0 - 1))
        },
        Binding([.enter, .space], .chooser(.startFocused), hint: "start", help: "start the mode chosen"),
        .note("click", "start a mode"),
        Binding([.escape, .character("g")], .chooser(.close), hint: "back", hintKeys: "Esc",
                help: "back to the table, as it was"),
    ]

    /// Move the focus, or say which mode to start.
    mutating func perform(_ action: Action) -> Outcome {
        switch action {
        case .move(let step):
            let count = SetMode.choices.count
            focus = ((focus + step) % count + count) % count
            return .open
        case .pick(let index):
            return SetMode.choices.indices.contains(index) ? .start(SetMode.choices[index]) : .open
        case .startFocused:
            return .start(mode)
        case .close:
            return .closed
        }
    }

    /// The mode the focused button stands for.
    var mode: SetMode { SetMode.choices[focus] }

    /// The button of mode `index`: its digit and name.
    static func button(_ index: Int, focused: Bool) -> Button {
        Button("\(index + 1) \(SetMode.choices[index].title)", hotKey: .character(Character(String(index + 1))),
               isFocused: focused)
    }

    /// The widest button: the words beside the buttons start after it.
    static var buttonWidth: Int { SetMode.choices.indices.map { button($0, focused: false).width }.max() ?? 0 }

    /// Where the box and each mode's row go, centred in `rect`.
    static func layout(in rect: Rect) -> (box: Rect, rows: [Rect]) {
        let buttonWidth = Self.buttonWidth
        let widest = SetMode.choices.map { buttonWidth + 2 + DisplayWidth.of($0.summary) }.max() ?? 0
        let size = Size(width: min(rect.width, widest + 4), height: min(rect.height, SetMode.choices.count + 4))
        let box = rect.centered(size)
        let rows = SetMode.choices.indices.map { index in
            Rect(x: box.x + 2, y: box.y + 2 + index, width: max(0, box.width - 4), height: 1)
        }.filter { $0.maxY <= box.maxY - 1 }
        return (box, rows)
    }

    func draw(into grid: inout CellGrid, in rect: Rect) {
        let (box, rows) = Self.layout(in: rect)
        guard !box.isEmpty else { return }
        let style = Style.bold.foreground(.accent)
        grid.fill(box, style: .plain)
        Box(title: "New game", style: .double, frameStyle: style, titleStyle: style.bolded).draw(into: &grid, in: box)
        for (index, row) in rows.enumerated() {
            let button = Self.button(index, focused: index == focus)
            _ = button.draw(into: &grid, at: row.origin, clip: row)
            grid.write(SetMode.choices[index].summary, at: Point(x: row.x + Self.buttonWidth + 2, y: row.y), style: .dim,
                       clip: row)
        }
    }

    /// The mode whose row a click lands on, in the box centred in `frame`.
    func action(at point: Point, in frame: Frame) -> SetScreen.Action? {
        Self.layout(in: frame.bounds).rows.firstIndex { $0.contains(point) }.map { .chooser(.pick($0)) }
    }

    /// Where the cursor goes: the focused button's title, after its bracket and focus
    /// marker ("[>1 Classic<]").
    func cursorPoint(in frame: Frame) -> Point? {
        let rows = Self.layout(in: frame.bounds).rows
        return rows.indices.contains(focus) ? Point(x: rows[focus].x + 2, y: rows[focus].y) : nil
    }
}
