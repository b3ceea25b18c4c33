import ArcadeUI

/// The choice of mode (`g`), a page over the game: a box with a row per mode (its button
/// and what it is), the current mode focused, and the two ways to a table for friends,
/// which open their fields (`FriendsForm`) in the box. Drawn and hit-tested from one layout.
struct SetModeChooser: Hashable, Sendable {
    /// What the choice's keys and clicks do.
    enum Action: Hashable, Sendable {
        /// Move the focus along the row of modes (forward when positive).
        case move(Int)
        /// Start mode `index` of `SetMode.choices`.
        case pick(Int)
        /// Start the mode focused.
        case startFocused
        /// Back to the game, as it was (from the fields: back to the modes).
        case close
        /// In the fields of a table for friends: type a letter, erase one, move among the
        /// fields (forward when positive), or focus one (a click).
        case type(Character)
        case erase
        case field(Int)
        case focusField(Int)
    }

    /// What an action leaves: the choice still open, closed, or a mode to start.
    enum Outcome: Equatable {
        case open
        case closed
        case start(SetMode)
        /// Open the table for friends the fields describe.
        case friends(FriendsSetup)
    }

    /// The rows: each mode of `SetMode.choices`, then "Host a table" and "Join a table".
    static let rowCount = SetMode.choices.count + 2
    static let hostRow = SetMode.choices.count, joinRow = SetMode.choices.count + 1

    /// The focused row, an index into the modes and then the two tables for friends.
    private(set) var focus: Int
    /// The fields of a table for friends, once its row is chosen.
    private(set) var form: FriendsForm?
    /// The name the fields offer first.
    var defaultName = "Player"

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
        .digits(1...rowCount, help: "start that mode", keys: "1–\(rowCount)") {
            .chooser(.pick($0 - 1))
        },
        Binding([.enter, .space], .chooser(.startFocused), hint: "start", help: "start the mode chosen"),
        .note("click", "start a mode"),
        Binding([.escape, .character("g")], .chooser(.close), hint: "back", hintKeys: "Esc",
                help: "back to the table, as it was"),
    ]

    /// The keys now: the modes', or the fields' while a table for friends is being set up.
    var currentBindings: [Binding<SetScreen.Action>] { form == nil ? Self.bindings : FriendsForm.bindings }

    /// Move the focus, or say which mode to start.
    mutating func perform(_ action: Action) -> Outcome {
        if action == .close, form != nil {
            form = nil  // back to the modes
            return .open
        }
        if var form {
            defer { self.form = form }
            switch action {
            case .type(let character): form.type(character)
            case .erase: form.erase()
            case .field(let step): form.move(step)
            case .focusField(let index): form.focus(index)
            case .startFocused: return form.submit().map(Outcome.friends) ?? .open
            case .move, .pick, .close: break
            }
            return .open
        }
        switch action {
        case .move(let step):
            focus = ((focus + step) % Self.rowCount + Self.rowCount) % Self.rowCount
            return .open
        case .pick(let index):
            return choose(index)
        case .startFocused:
            return choose(focus)
        case .close:
            return .closed
        case .type, .erase, .field, .focusField:
            return .open
        }
    }

    /// Row `index` chosen: its mode starts, or a table's fields open.
    private mutating func choose(_ index: Int) -> Outcome {
        switch index {
        case Self.hostRow, Self.joinRow:
            focus = index
            form = FriendsForm(index == Self.hostRow ? .host : .join, name: defaultName)
            return .open
        case SetMode.choices.indices:
            return .start(SetMode.choices[index])
        default:
            return .open
        }
    }

    /// The mode the focused button stands for (the classic game for a table's row).
    var mode: SetMode { SetMode.choices.indices.contains(focus) ? SetMode.choices[focus] : .classic }

    /// Row `index`'s button and the words beside it.
    static func row(_ index: Int) -> (title: String, summary: String) {
        switch index {
        case hostRow: ("Host a table", "friends join from their terminals")
        case joinRow: ("Join a table", "a friend's table, with its room code")
        default: (SetMode.choices[index].title, SetMode.choices[index].summary)
        }
    }

    /// The button of row `index`: its digit and name.
    static func button(_ index: Int, focused: Bool) -> Button {
        Button("\(index + 1) \(row(index).title)", hotKey: .character(Character(String(index + 1))), isFocused: focused)
    }

    /// The widest button: the words beside the buttons start after it.
    static var buttonWidth: Int { (0..<rowCount).map { button($0, focused: false).width }.max() ?? 0 }

    /// Where the box and each row go, centred in `rect`.
    static func layout(in rect: Rect) -> (box: Rect, rows: [Rect]) {
        let buttonWidth = Self.buttonWidth
        let widest = (0..<rowCount).map { buttonWidth + 2 + DisplayWidth.of(row($0).summary) }.max() ?? 0
        let size = Size(width: min(rect.width, widest + 4), height: min(rect.height, rowCount + 4))
        let box = rect.centered(size)
        let rows = (0..<rowCount).map { index in
            Rect(x: box.x + 2, y: box.y + 2 + index, width: max(0, box.width - 4), height: 1)
        }.filter { $0.maxY <= box.maxY - 1 }
        return (box, rows)
    }

    func draw(into grid: inout CellGrid, in rect: Rect) {
        if let form { return form.draw(into: &grid, in: rect) }
        let (box, rows) = Self.layout(in: rect)
        guard !box.isEmpty else { return }
        let style = Style.bold.foreground(.accent)
        grid.fill(box, style: .plain)
        Box(title: "New game", style: .double, frameStyle: style, titleStyle: style.bolded).draw(into: &grid, in: box)
        for (index, row) in rows.enumerated() {
            let button = Self.button(index, focused: index == focus)
            _ = button.draw(into: &grid, at: row.origin, clip: row)
            grid.write(Self.row(index).summary, at: Point(x: row.x + Self.buttonWidth + 2, y: row.y), style: .dim,
                       clip: row)
        }
    }

    /// The mode whose row a click lands on, in the box centred in `frame`.
    func action(at point: Point, in frame: Frame) -> SetScreen.Action? {
        if let form { return form.field(at: point, in: frame).map { .chooser(.focusField($0)) } }
        return Self.layout(in: frame.bounds).rows.firstIndex { $0.contains(point) }.map { .chooser(.pick($0)) }
    }

    /// Where the cursor goes: the focused button's title, after its bracket and focus
    /// marker ("[>1 Classic<]").
    func cursorPoint(in frame: Frame) -> Point? {
        if let form { return form.cursorPoint(in: frame) }
        let rows = Self.layout(in: frame.bounds).rows
        return rows.indices.contains(focus) ? Point(x: rows[focus].x + 2, y: rows[focus].y) : nil
    }
}
