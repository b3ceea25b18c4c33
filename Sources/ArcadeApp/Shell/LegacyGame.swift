import ArcadeUI

/// The shape game screens had before `GameScreen` (a stored size and theme, keys handled
/// by hand). A screen still in that shape is hosted through `LegacyGame` until it is moved
/// to the bindings and frames of `GameScreen`; nothing new is written in this shape.
protocol LegacyGameScreen {
    mutating func update(_ input: Input) -> [GameEffect]
    func render(into grid: inout CellGrid)
    var minimumSize: Size { get }
    func fits(_ size: Size) -> Bool
    func minimumSize(near size: Size) -> Size
    var wantsTicks: Bool { get }
    var tickInterval: Double { get }
    var isInProgress: Bool { get }
    var help: HelpSheet { get }
    var keyHints: [KeyHint] { get }
    func consumes(_ key: Key) -> Bool
    mutating func willLeave() -> [GameEffect]
    mutating func scoresChanged(_ entries: [ScoreEntry])
    mutating func confirmed(_ action: Confirmation.Action) -> [GameEffect]
}

extension LegacyGameScreen {
    func consumes(_ key: Key) -> Bool { false }
    var tickInterval: Double { 1.0 / 30.0 }
    mutating func willLeave() -> [GameEffect] { [] }
    mutating func scoresChanged(_ entries: [ScoreEntry]) {}
    func fits(_ size: Size) -> Bool { size.covers(minimumSize) }
    func minimumSize(near size: Size) -> Size { minimumSize }
    mutating func confirmed(_ action: Confirmation.Action) -> [GameEffect] { [] }
}

/// A screen of the old shape as a `GameScreen`: inputs pass through as they are.
struct LegacyGame<Game: LegacyGameScreen>: GameScreen {
    typealias Action = Never
    var game: Game

    init(_ game: Game) {
        self.game = game
    }

    func bindings(in frame: Frame) -> [Binding<Never>] { [] }
    mutating func perform(_ action: Never, in frame: Frame) -> [GameEffect] {}

    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        if case .resize = input { return game.update(.resize(frame.size)) }
        return game.update(input)
    }

    func render(into grid: inout CellGrid) { game.render(into: &grid) }
    func minimumSize(in frame: Frame) -> Size { game.minimumSize(near: frame.size) }
    func fits(_ frame: Frame) -> Bool { game.fits(frame.size) }
    var wantsTicks: Bool { game.wantsTicks }
    var tickInterval: Double { game.tickInterval }
    var isInProgress: Bool { game.isInProgress }
    var helpTitle: String { game.help.title }
    func help(in frame: Frame) -> HelpSheet { game.help }
    func keyHints(in frame: Frame) -> [KeyHint] { game.keyHints }
    func consumes(_ key: Key, in frame: Frame) -> Bool { game.consumes(key) }
    mutating func willLeave() -> [GameEffect] { game.willLeave() }

    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        if case .scoresRecorded(_, let entries) = report { game.scoresChanged(entries) }
        return []
    }

    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        game.confirmed(action)
    }
}
