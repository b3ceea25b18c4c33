/// A full-screen view with its state: inputs in, effects out, cells drawn.
///
/// `update` and `render` are pure functions of the screen's value (a struct), so
/// a test drives a screen with inputs and compares `render`'s grid as text.
/// Anything that touches the world — a sound, a score, quitting — is returned as an
/// `Effect` value for the app layer to carry out.
public protocol Screen {
    associatedtype Effect

    /// Apply one input, arriving while the screen is drawn in `frame`, and return what the
    /// app should do about it. The frame is never stored: clicks are mapped with the layout
    /// computed from this frame, the same one `render` computes from its grid.
    mutating func update(_ input: Input, in frame: Frame) -> [Effect]

    /// Draw the whole screen into `grid` (which arrives cleared, at the terminal's size; its
    /// `frame` is the frame of the next `update`).
    func render(into grid: inout CellGrid)

    /// The size the "too small" message asks for when the screen is shown in `frame`: the
    /// smallest layout, or the smallest one nearest to `frame.size`. Below it the run loop
    /// shows "Terminal too small" instead of `render`.
    func minimumSize(in frame: Frame) -> Size

    /// Whether the screen can be drawn in `frame`; by default, when the frame covers
    /// `minimumSize(in:)`.
    ///
    /// A screen with several layouts (three wide columns, or five narrow ones) fits a size
    /// any one of them fits, which no single minimum size can say.
    func fits(_ frame: Frame) -> Bool

    /// Whether `key` still acts while the "too small" message hides the screen.
    ///
    /// Ctrl-C, Ctrl-Z and Ctrl-L always do, and resizes always arrive; every other key
    /// and every click is dropped unless this says yes (by default nothing else passes),
    /// so nothing changes where the player cannot see it.
    func acceptsWhileTooSmall(_ key: Key) -> Bool

    /// One line under the "too small" message saying what the accepted keys do now
    /// (e.g. "q: back to the menu"), or nil.
    var tooSmallHint: String? { get }

    /// True while the screen animates or runs a clock: the run loop then sends `.tick`s
    /// instead of blocking until the next key.
    var wantsTicks: Bool { get }

    /// Seconds between ticks while `wantsTicks`: 1/30 for animations, longer for a clock
    /// that shows whole seconds. The run loop never ticks faster than 30 times a second.
    var tickInterval: Double { get }

    /// True for a screen whose time goes on whatever is in front of it (a game over the
    /// network answers pings and notices silent peers): its ticks come while it is too small
    /// for the terminal, and, in the arcade, under help and questions. Never a timed game's
    /// (`GameScreen.isTimed`), whose clock stands still there. False by default.
    var keepsTime: Bool { get }

    /// Where the terminal's cursor goes when it follows focus (`--cursor`): the focused
    /// card, button or row, so that magnifiers and screen readers can follow it; nil hides it.
    func cursorPosition(in frame: Frame) -> Point?

    /// The run loop has just shown this screen on the terminal (not the "too small" message
    /// in its place): what it drew is on screen now, e.g. a result the player can answer.
    mutating func presented()
}

extension Screen {
    public mutating func presented() {}
    public var tickInterval: Double { 1.0 / 30.0 }
    public var keepsTime: Bool { false }
    public func cursorPosition(in frame: Frame) -> Point? { nil }
    public func fits(_ frame: Frame) -> Bool { frame.size.covers(minimumSize(in: frame)) }
    public func acceptsWhileTooSmall(_ key: Key) -> Bool { false }
    public var tooSmallHint: String? { nil }
}

/// What a screen is drawn in: the grid's size and the terminal's theme (colours, ASCII).
///
/// It reaches a screen with every input and render and is never stored, so a screen's
/// layout for clicks is always the layout it draws.
public struct Frame: Hashable, Sendable {
    public var size: Size
    public var theme: Theme

    public init(size: Size, theme: Theme = Theme()) {
        self.size = size
        self.theme = theme
    }

    /// The whole frame as a rectangle at the origin.
    public var bounds: Rect { Rect(origin: Point(x: 0, y: 0), size: size) }

    /// This frame with its last `rows` rows taken off (e.g. the key line).
    public func droppingBottom(_ rows: Int) -> Frame {
        Frame(size: Size(width: size.width, height: max(0, size.height - rows)), theme: theme)
    }
}

extension CellGrid {
    /// The frame this grid is drawn in.
    public var frame: Frame { Frame(size: size, theme: theme) }
}
