/// What the run loop needs from a terminal; the ncurses backend is one, tests use a fake.
public protocol TerminalDevice: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Colour mode and ASCII choice, fixed at start-up, and the theme and palette, which
    /// the player may change while the arcade runs (`setLook`).
    var theme: Theme { get }
    /// Draw with another theme or palette from the next `present` on (every cell repainted).
    func setLook(_ name: ThemeName, palette: PaletteName)
    /// Wait for the next input: forever when `timeout` is nil, else at most that many
    /// milliseconds. Returns `.timedOut` when the time ran out with no input.
    func read(timeout milliseconds: Int?) -> TerminalRead
    /// Wait as `read(timeout:)` does, and for `watched` too: `.network` names those found
    /// ready. (By default the descriptors are not waited on: a device without sockets.)
    func read(timeout milliseconds: Int?, watching watched: [WatchedDescriptor]) -> TerminalRead
    /// Whether more input has arrived already, so that a `read(timeout: 0)` returns it:
    /// the run loop applies all of it before drawing once.
    var hasWaitingInput: Bool { get }
    /// Whether the process was stopped and continued since the last read (which the next
    /// read reports as `.continued`): no tick may be measured across that.
    var wasStoppedSinceLastRead: Bool { get }
    /// Show `grid`, writing only the cells that changed since the last call, with the
    /// terminal's cursor at `cursor` (nil: hidden).
    func present(_ grid: CellGrid, cursor: Point?)
    /// Forget what is on screen, so the next `present` repaints every cell.
    func invalidate()
    /// Hand the terminal back to the shell and stop the process (Ctrl-Z); returns after `fg`.
    func suspend()
    /// Ring the terminal bell.
    func bell()
}

/// The result of waiting for input.
public enum TerminalRead: Equatable, Sendable {
    case input(Input)
    case timedOut
    /// The screen must be repainted whole.
    case redraw
    /// The process was stopped (Ctrl-Z's SIGTSTP, or `kill -STOP`) and has been continued:
    /// the screen must be repainted whole, and the time it was stopped counts as paused.
    case continued
    /// Standard input is gone (end of file, hang-up): the arcade must leave.
    case inputClosed
    /// Bytes that mean nothing to a screen were read and dropped whole (an unknown escape
    /// sequence, a bracketed paste, mouse motion): nothing happened.
    case ignored
    /// A signal whose default action ends the process arrived (SIGTERM, SIGHUP, SIGINT,
    /// SIGALRM, SIGXCPU…): the arcade must leave as `q` would, then end by that
    /// signal (exit status 128 + `signal`).
    case terminated(signal: Int32)
    /// The network's descriptors (`NetworkSource.watched`) that are ready to be served.
    case network([Int32])
}

extension TerminalDevice {
    public var wasStoppedSinceLastRead: Bool { false }

    public func read(timeout milliseconds: Int?, watching watched: [WatchedDescriptor]) -> TerminalRead {
        read(timeout: milliseconds)
    }

    /// Show `grid` with the cursor hidden.
    public func present(_ grid: CellGrid) { present(grid, cursor: nil) }
}
