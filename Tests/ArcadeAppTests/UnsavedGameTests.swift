import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp
@testable import ArcadeStore

/// A game left in progress that the store refuses (another program holds its write lock) is
/// never marked "saved game" on the menu, is written on a later return to the menu once the
/// store takes it, and is named as lost when the arcade quits without it on disk.
@Suite struct UnsavedGameTests {
    init() { prepareForDrawing() }

    private static let games = [
        GameInfo(id: .set, summary: "Resumable", make: { context in TestGame(seed: context.seed) },
                 resume: TestGame.resume),
        GameInfo(id: .memory, summary: "Not resumable", make: { context in TestGame(seed: context.seed) }),
    ]
    private static let frame = Frame(size: Size(width: 80, height: 24))

    /// An arcade on the store in `folder`, writes not waiting for a lock, with the store's
    /// write lock held by another connection (`BEGIN EXCLUSIVE`) until `body` commits it.
    private func withLockedStore(_ body: (inout Running, SQLiteDatabase, String) throws -> Void) throws {
        try withTemporaryDirectory { folder in
            let data = ArcadeData(directory: folder)
            data.shortenBusyTimeout(milliseconds: 0)
            var arcade = Running(runtime: EffectRuntime(games: Self.games, data: data, player: "ann",
                                                       device: FakeTerminal(script: []), sound: nil, isMuted: true),
                                shell: ArcadeShell(games: Self.games, seed: { 7 }, now: { 1_000_000 }), data: data)
            let other = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            try other.execute("BEGIN EXCLUSIVE")
            try body(&arcade, other, folder + "/" + ArcadeStore.fileName)
        }
    }

    /// The shell and runtime as the run loop drives them.
    private struct Running {
        let runtime: EffectRuntime
        var shell: ArcadeShell
        let data: ArcadeData

        mutating func run(_ effects: [AppEffect]) {
            for effect in effects { _ = runtime.perform(effect, on: &shell, in: UnsavedGameTests.frame) }
        }

        mutating func press(_ keys: String) {
            for key in keys { run(shell.update(.key(.character(key)), in: UnsavedGameTests.frame)) }
        }

        /// A game of Set left after `presses` presses.
        mutating func leaveSet(after presses: Int) {
            run(shell.open(.set, in: UnsavedGameTests.frame))
            press(String(repeating: "x", count: presses))
            press("qy")
        }

        var text: String {
            var grid = CellGrid(size: UnsavedGameTests.frame.size)
            shell.render(into: &grid)
            return grid.text
        }
    }

    @Test func aRefusedSaveIsNotMarkedAndIsWrittenOnceTheStoreTakesIt() throws {
        try withLockedStore { arcade, other, path in
            arcade.leaveSet(after: 2)
            #expect(!arcade.text.contains("saved game"), "not on disk: not marked\n\(arcade.text)")
            #expect(TerminalSession.flowed(arcade.text).contains(
                "Your Set game could not be saved: the store at \(path) is locked by another program. It is kept until you quit"))
            #expect(arcade.data.savedGames().isEmpty)
            // Kept for this run: opening Set offers it.
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            #expect(arcade.text.contains("Resume (2 presses"))
            arcade.press("q")
            #expect(!arcade.text.contains("saved game"))

            try other.execute("COMMIT")
            // Back from another game: the try on the way writes it, and the menu marks it.
            arcade.run(arcade.shell.open(.memory, in: Self.frame))
            arcade.press("q")
            #expect(arcade.data.savedGames().map(\.save.summary) == ["2 presses"])
            #expect(arcade.text.contains("saved game"))
            #expect(arcade.text.contains("Your Set game is saved now."), "the notice of the refusal is replaced")
        }
    }

    @Test func atQuitAGameStillRefusedIsNamedAsLost() throws {
        try withLockedStore { arcade, other, path in
            arcade.leaveSet(after: 3)
            let lines = arcade.shell.leaveArcade().flatMap { arcade.runtime.performQuitting($0) }
            #expect(lines == ["Could not save your Set game: the store at \(path) is locked by another program. It is lost."])
        }
        // A game on screen at quit (Ctrl-C, a signal) that cannot be saved is named too, once.
        try withLockedStore { arcade, _, path in
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            arcade.press("x")
            let lines = arcade.shell.leaveArcade().flatMap { arcade.runtime.performQuitting($0) }
            #expect(lines == ["Could not save your Set game: the store at \(path) is locked by another program. It is lost."])
        }
        // Taken at the last try: nothing to say.
        try withLockedStore { arcade, other, _ in
            arcade.leaveSet(after: 1)
            try other.execute("COMMIT")
            #expect(arcade.shell.leaveArcade().flatMap { arcade.runtime.performQuitting($0) }.isEmpty)
            #expect(arcade.data.savedGames().map(\.save.summary) == ["1 presses"])
        }
    }
}
