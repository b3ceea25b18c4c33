import ArcadeUI

/// A terminal for run-loop and app tests: scripted reads in, presented grids out.
///
/// Each `read` takes the next scripted result (and records the timeout it was asked
/// to wait); when the script runs out it reports `.inputClosed`, so a loop always ends.
public final class FakeTerminal: TerminalDevice {
    public var size: Size
    public var theme: Theme
    public private(set) var script: [TerminalRead]
    /// The timeout of every `read`, in order (nil = blocking).
    public private(set) var timeouts: [Int?] = []
    /// Every grid presented, in order.
    public private(set) var presented: [CellGrid] = []
    public private(set) var suspendCount = 0
    public private(set) var bellCount = 0
    public private(set) var invalidateCount = 0
    /// Called before each read, e.g. to advance a fake clock or resize.
    public var beforeRead: ((FakeTerminal) -> Void)?
    /// Whether scripted inputs arrive together (a paste, a flood): then `hasWaitingInput`
    /// is true while the next scripted read is an input. Off, every input arrives alone.
    public var inputsArriveTogether = false

    public init(size: Size = Size(width: 80, height: 24), theme: Theme = Theme(), script: [TerminalRead]) {
        self.size = size
        self.theme = theme
        self.script = script
    }

    /// The text of the last presented grid.
    public var screenText: String { presented.last?.text ?? "" }

    public func read(timeout milliseconds: Int?) -> TerminalRead {
        beforeRead?(self)
        timeouts.append(milliseconds)
        guard !script.isEmpty else { return .inputClosed }
        let next = script.removeFirst()
        if case .input(.resize(let newSize)) = next { size = newSize }
        return next
    }

    public var hasWaitingInput: Bool {
        guard inputsArriveTogether, let next = script.first, case .input = next else { return false }
        return true
    }

    /// Where the cursor was with each presented grid (nil: hidden).
    public private(set) var cursors: [Point?] = []

    public func present(_ grid: CellGrid, cursor: Point?) {
        presented.append(grid)
        cursors.append(cursor)
    }

    public func setLook(_ name: ThemeName, palette: PaletteName) {
        theme.name = name
        theme.palette = palette
    }
    public func invalidate() { invalidateCount += 1 }
    public func suspend() { suspendCount += 1 }
    public func bell() { bellCount += 1 }
}

/// A clock tests move by hand.
public final class FakeClock: @unchecked Sendable {
    public var now: Double

    public init(_ now: Double = 100) { self.now = now }

    /// A closure reading this clock, for `RunLoop(device:clock:)`.
    public var reading: () -> Double { { self.now } }
}
