import ArcadeUI
import SetModel

/// Which Set is on the table: the specified solo game, the day's puzzle, or a game against
/// the computer.
enum SetMode: Hashable, Sendable, Codable {
    case classic
    case daily
    case versus(OpponentLevel)

    /// The modes the choice offers, in its order (digits 1, 2… pick them).
    static let choices: [SetMode] = [.classic, .daily, .versus(.easy), .versus(.normal), .versus(.hard)]

    /// The button's words.
    var title: String {
        switch self {
        case .classic: return "Classic"
        case .daily: return "Daily"
        case .versus(let level): return level.name
        }
    }

    /// What the mode is, beside its button in the choice's box.
    var summary: String {
        switch self {
        case .classic: return "the whole deck, solo, for points"
        case .daily: return "the day's 12 cards hold exactly 6 sets"
        case .versus(let level): return "race the computer: a set in about \(Int(level.meanDelay)) s"
        }
    }

    /// The name kept with a score ("versus normal"); nil for the classic game.
    var scoreMode: String? {
        switch self {
        case .classic, .daily: return nil
        case .versus(let level): return "versus \(level.rawValue)"
        }
    }
}

/// The choice of mode (`g`): a box with a row per mode (its button and what it is), the
/// current mode focused. Drawn and hit-tested from one layout.
struct SetModeChooser: Hashable, Sendable {
    /// The focused mode, an index into `SetMode.choices`.
    var focus: Int

    init(current: SetMode) {
        focus = SetMode.choices.firstIndex(of: current) ?? 0
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

    /// The mode whose row a click lands on.
    func index(at point: Point, in rect: Rect) -> Int? {
        Self.layout(in: rect).rows.firstIndex { $0.contains(point) }
    }
}

extension SetScreen {
    /// The keys while the choice of mode is open.
    static let chooserBindings: [Binding<Action>] = [
        Binding(keys: [.up, .down, .left, .right, .character("k"), .character("j"), .character("h"), .character("l"),
                       .tab, .backTab],
                hint: KeyHint("↑ ↓", "choose"), help: KeyHint("↑ ↓ ← →  j k h l  Tab", "move among the modes")) { key in
            [.up, .left, .character("k"), .character("h"), .backTab].contains(key) ? .nextMode(-1) : .nextMode(1)
        },
        .digits(1...SetMode.choices.count, help: "start that mode", keys: "1–\(SetMode.choices.count)") { .pickMode($0 - 1) },
        Binding([.enter, .space], .startChosen, hint: "start", help: "start the mode chosen"),
        .note("click", "start a mode"),
        Binding([.escape, .character("g")], .closeChooser, hint: "back", hintKeys: "Esc",
                help: "back to the table, as it was"),
    ]

    /// Open, move or close the choice, or start what it chose.
    mutating func performChoice(_ action: Action) -> [GameEffect] {
        switch action {
        case .chooseMode:
            chooser = SetModeChooser(current: mode)
        case .closeChooser:
            chooser = nil
        case .nextMode(let step):
            guard var open = chooser else { return [] }
            let count = SetMode.choices.count
            open.focus = ((open.focus + step) % count + count) % count
            chooser = open
        case .pickMode(let index):
            guard SetMode.choices.indices.contains(index) else { return [] }
            chooser = nil
            return begin(SetMode.choices[index])
        case .startChosen:
            guard let open = chooser else { return [] }
            chooser = nil
            return begin(open.mode)
        default:
            break
        }
        return []
    }

    /// Start `target`, asking first when a game in progress would be lost. The day's
    /// puzzle already on the table goes on (starting it again would wipe its misses and time).
    mutating func begin(_ target: SetMode) -> [GameEffect] {
        if target == .daily, daily != nil, day == dailyDay {
            say("The day's puzzle goes on: its misses and time stay.", "The puzzle goes on.")
            return []
        }
        if isInProgress {
            pendingMode = target
            return [.confirm(.newGame)]
        }
        return start(target)
    }

    /// A new game of `target`.
    mutating func start(_ target: SetMode) -> [GameEffect] {
        pendingMode = nil
        switch target {
        case .classic:
            daily = nil
            versus = nil
            mode = .classic
            return newGame()
        case .daily:
            versus = nil
            startDaily()
            return []
        case .versus(let level):
            startVersus(level)
            return []
        }
    }

    /// The choice's box, centred over the screen.
    func drawChooser(into grid: inout CellGrid) {
        chooser?.draw(into: &grid, in: grid.frame.bounds)
    }

    /// The mode a click in the choice's box starts.
    func chooserAction(at point: Point, in frame: Frame) -> Action? {
        chooser?.index(at: point, in: frame.bounds).map { .pickMode($0) }
    }
}
