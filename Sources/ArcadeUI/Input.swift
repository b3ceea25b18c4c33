/// A key, decoded once from what ncurses delivers.
///
/// Letters stay letters: whether `h`/`j`/`k`/`l` move is each screen's choice
/// (see `Key.direction(vimKeys:)`).
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, space, escape, tab, backTab, backspace, delete, insert
    /// Ctrl-C: the run loop quits with status 130.
    case controlC
    /// Ctrl-Z: the run loop suspends the arcade (job control).
    case controlZ
    /// Ctrl-L: redraw the whole screen.
    case controlL
    /// A printable character (letters, digits, punctuation, `?`, `+`, `-`…).
    case character(Character)
    /// A function key F1–F12.
    case function(Int)
    /// Anything else: ignored by screens, never an error.
    case unknown(UInt32)

    /// The digit 0–9 this key types, if any.
    public var digit: Int? {
        if case .character(let c) = self, let value = c.wholeNumberValue, c.isASCII { return value }
        return nil
    }

    /// The direction an arrow key points; with `vimKeys`, also h/j/k/l.
    public func direction(vimKeys: Bool) -> Direction? {
        switch self {
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .character("k") where vimKeys: return .up
        case .character("j") where vimKeys: return .down
        case .character("h") where vimKeys: return .left
        case .character("l") where vimKeys: return .right
        default: return nil
        }
    }

    /// True for Enter and Space, the two keys that activate the thing under the cursor.
    public var isActivate: Bool { self == .enter || self == .space }
}

/// A direction on a grid or list.
public enum Direction: Sendable, CaseIterable {
    case up, down, left, right

    /// Column and row change for one step.
    public var delta: (dx: Int, dy: Int) {
        switch self {
        case .up: return (0, -1)
        case .down: return (0, 1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        }
    }
}

/// What a mouse did, reported at the cell it did it on.
public enum MouseAction: Hashable, Sendable {
    case press
    case release
    case rightPress
    case wheelUp
    case wheelDown
}

/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
    public var action: MouseAction
    public var at: Point

    public init(_ action: MouseAction, at: Point) {
        self.action = action
        self.at = at
    }
}

/// Whether the terminal window has the player's focus.
public enum Focus: Hashable, Sendable {
    case gained, lost
}

/// Everything a screen is told about.
public enum Input: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal changed size; the next render gets a grid of this size.
    case resize(Size)
    /// Time passed (seconds since the previous tick), sent only while a screen wants ticks.
    case tick(Double)
    /// The terminal window gained or lost the player's focus (reported by terminals that
    /// know focus reporting, `ESC [ ? 1004 h`; others never send it).
    case focus(Focus)
    /// A network connection opened, sent a line, or closed (Set with friends).
    case network(NetworkInput)

    /// A left-button press at `point`: what screens treat as a click.
    public var clickPoint: Point? {
        if case .mouse(let event) = self, event.action == .press { return event.at }
        return nil
    }
}
