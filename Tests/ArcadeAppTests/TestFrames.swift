import ArcadeUI

@testable import ArcadeApp

extension Frame {
    /// The game frame of an 80×24 terminal (the key line taken off), in colour.
    static let game80x23 = Frame(size: Size(width: 80, height: 23))
}

extension GameScreen {
    /// `input` in the 80×23 game frame, for tests that play at that size.
    mutating func update(_ input: Input) -> [GameEffect] {
        update(input, in: .game80x23)
    }

    /// The screen drawn in `frame`, as text.
    func text(in frame: Frame = .game80x23) -> String {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        render(into: &grid)
        return grid.text
    }
}

/// A shell and the terminal frame it is shown in, as the run loop holds them: a test sends
/// inputs (a resize changes the frame) and reads the shell's state through it.
@dynamicMemberLookup
struct TestShell {
    var shell: ArcadeShell
    var frame: Frame

    init(games: [GameInfo], scores: [GameID: [ScoreEntry]] = [:], notice: String? = nil, size: Size,
         theme: Theme = Theme(), assets: AssetLocator = AssetLocator(roots: []),
         dataDirectory: String = "~/.local/share/arcade", settings: [String: String] = [:],
         overrides: SettingOverrides = SettingOverrides(), seed: @escaping () -> UInt64) {
        shell = ArcadeShell(games: games, scores: scores, notice: notice, assets: assets,
                            dataDirectory: dataDirectory, seed: seed, settings: settings, overrides: overrides)
        frame = Frame(size: size, theme: theme)
    }

    /// A shell showing `screen` as game `id`, in a terminal of `size`.
    static func hosting<Game: GameScreen & Sendable>(_ screen: Game, as id: GameID = .set,
                                          size: Size = Size(width: 80, height: 24)) -> TestShell {
        let info = GameInfo(id: id, summary: "", make: { _ in screen })
        var shell = TestShell(games: [info], size: size, seed: { 1 })
        shell.open(id)
        return shell
    }

    /// The whole terminal as text.
    var text: String {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        render(into: &grid)
        return grid.text
    }

    /// The game on screen, when it is a `Game`.
    func screen<Game: GameScreen>(as type: Game.Type) -> Game? {
        shell.activeScreen as? Game
    }

    subscript<Value>(dynamicMember path: KeyPath<ArcadeShell, Value>) -> Value {
        shell[keyPath: path]
    }

    /// One input, as a player gives it: seeing the frame it changed before the next one.
    @discardableResult
    mutating func update(_ input: Input) -> [AppEffect] {
        if case .resize(let size) = input { frame.size = size }
        defer { shell.presented() }
        return shell.update(input, in: frame)
    }

    @discardableResult
    /// Open game `id`, as a player sees it open.
    mutating func open(_ id: GameID, options: [String: String] = [:]) -> [AppEffect] {
        defer { shell.presented() }
        return shell.open(id, options: options, in: frame)
    }

    mutating func leaveGame() -> [AppEffect] { shell.leaveGame() }

    /// What the effect runtime would report after recording `entries` for `id`.
    mutating func showScores(_ entries: [ScoreEntry], for id: GameID) {
        _ = shell.receive(.scoresRecorded(id, entries), in: frame)
    }

    mutating func showNotice(_ notice: String?) {
        _ = shell.receive(.notice(notice), in: frame)
    }

    func render(into grid: inout CellGrid) { shell.render(into: &grid) }
    func fits(_ size: Size) -> Bool { shell.fits(Frame(size: size, theme: frame.theme)) }
    var minimumSize: Size { shell.minimumSize(in: frame) }
    func minimumSize(near size: Size) -> Size { shell.minimumSize(in: Frame(size: size, theme: frame.theme)) }
    func acceptsWhileTooSmall(_ key: Key) -> Bool { shell.acceptsWhileTooSmall(key) }
}
