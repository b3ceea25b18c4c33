/// A full-screen view with its state: inputs in, effects out, cells drawn.
///
/// `update` and `render` are pure functions of the screen's value (a struct), so
/// a test drives a screen with inputs and compares `render`'s grid as text.
/// Anything that touches the world — a sound, a score, quitting — is returned as an
/// `Effect` value for the app layer to carry out.
public protocol Screen {
    associatedtype Effect

    /// Apply one input and return what the app should do about it.
    mutating func update(_ input: Input) -> [Effect]

    /// Draw the whole screen into `grid` (which arrives cleared, at the terminal's size).
    func render(into grid: inout CellGrid)

    /// Below this size the run loop shows "Terminal too small" instead of `render`.
    var minimumSize: Size { get }

    /// Whether the screen can be drawn at `size`; by default, when `size` covers `minimumSize`.
    ///
    /// A screen with several layouts (three wide columns, or five narrow ones) fits a size
    /// any one of them fits, which no single `minimumSize` can say.
    func fits(_ size: Size) -> Bool

    /// The size the "too small" message asks for when the terminal is `size`: by default
    /// `minimumSize`, else the smallest layout nearest to `size`.
    func minimumSize(near size: Size) -> Size

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
}

extension Screen {
    public var tickInterval: Double { 1.0 / 30.0 }
    public func fits(_ size: Size) -> Bool { size.covers(minimumSize) }
    public func minimumSize(near size: Size) -> Size { minimumSize }
    public func acceptsWhileTooSmall(_ key: Key) -> Bool { false }
    public var tooSmallHint: String? { nil }
}
