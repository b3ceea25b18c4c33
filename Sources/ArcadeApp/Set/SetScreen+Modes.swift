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

    /// What the mode is, in a line for the choice's box (the three levels share one).
    var summary: String {
        switch self {
        case .classic: return "Classic: the whole deck, solo, for points."
        case .daily: return "Daily: today's 12 cards hold exactly 6 sets; find them all."
        case .versus:
            let delays = OpponentLevel.allCases.map { String(Int($0.meanDelay)) }
            let spoken = delays.dropLast().joined(separator: ", ") + " or " + (delays.last ?? "")
            return "Easy, Normal, Hard: race the computer, which finds a set in about \(spoken) seconds."
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

/// The choice of mode (`g`): a box with a button per mode, the current one focused.
struct SetModeChooser: Hashable, Sendable {
    /// The focused mode, an index into `SetMode.choices`.
    var focus: Int

    init(current: SetMode) {
        focus = SetMode.choices.firstIndex(of: current) ?? 0
    }

    /// The mode the focused button stands for.
    var mode: SetMode { SetMode.choices[focus] }

    /// The box as drawn: a line per mode above the buttons, and Cancel.
    var dialog: Dialog {
        var buttons = SetMode.choices.enumerated().map { index, mode in
            Button("\(mode.title) (\(index + 1))", hotKey: .character(Character(String(index + 1))))
        }
        for index in buttons.indices { buttons[index].isFocused = index == focus }
        var lines: [String] = []
        for line in SetMode.choices.map(\.summary) where !lines.contains(line) { lines.append(line) }
        return Dialog(title: "New game", message: lines.joined(separator: "\n"),
                      buttons: buttons, preferredWidth: 64, style: Style.bold.foreground(.cyan))
    }
}

extension SetScreen {
    /// The keys while the choice of mode is open.
    static let chooserBindings: [Binding<Action>] = [
        Binding(keys: [.left, .right, .character("h"), .character("l"), .tab, .backTab],
                hint: KeyHint("← →", "choose"), help: KeyHint("← →  h l  Tab", "move among the modes")) { key in
            [.left, .character("h"), .backTab].contains(key) ? .nextMode(-1) : .nextMode(1)
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

    /// Start `target`, asking first when a game in progress would be lost.
    mutating func begin(_ target: SetMode) -> [GameEffect] {
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
        chooser?.dialog.draw(into: &grid, in: grid.frame.bounds)
    }

    /// The choice's button a click lands on.
    func chooserAction(at point: Point, in frame: Frame) -> Action? {
        guard let chooser else { return nil }
        return chooser.dialog.buttonIndex(at: point, in: frame.bounds).map { .pickMode($0) }
    }
}
