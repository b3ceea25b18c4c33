import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp
import ArcadeRecords

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
        GameInfo(id: .slots, summary: "Resumable too", make: { context in TestGame(seed: context.seed) },
                 resume: TestGame.resume),
        GameInfo(id: .blackjack, summary: "Resumable three", make: { context in TestGame(seed: context.seed) },
                 resume: TestGame.resume),
    ]
    private static let frame = Frame(size: Size(width: 80, height: 24))

    /// An arcade on the store in `folder`, writes not waiting for a lock, with the store's
    /// write lock held by another connection (`BEGIN EXCLUSIVE`) until `body` commits it.
    private func withLockedStore(games: [GameInfo] = Self.games, now: @escaping () -> Double = { 1_000_000 },
                                 _ body: (inout Running, SQLiteDatabase, String) throws -> Void) throws {
        try withTemporaryDirectory { folder in
            let data = ArcadeData(directory: folder)
            data.shortenBusyTimeout(milliseconds: 0)
            var arcade = Running(runtime: EffectRuntime(games: games, data: data, player: "ann",
                                                       device: FakeTerminal(script: []), sound: nil, isMuted: true),
                                shell: ArcadeShell(games: games, seed: { 7 }, now: now), data: data)
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
            for key in keys { press(.character(key)) }
        }

        mutating func press(_ key: Key) {
            run(shell.update(.key(key), in: UnsavedGameTests.frame))
        }

        /// A game of Set (or `game`) left after `presses` presses.
        mutating func leaveSet(after presses: Int, game: GameID = .set) {
            run(shell.open(game, in: UnsavedGameTests.frame))
            press(String(repeating: "x", count: presses))
            press("qy")
        }

        /// What the runtime reports for `effects`, each given back to the shell.
        mutating func reports(_ effects: [AppEffect]) -> [RuntimeReport] {
            var all: [RuntimeReport] = []
            var pending = effects
            while !pending.isEmpty {
                let reports = runtime.perform(pending.removeFirst()).reports
                all += reports
                for report in reports { pending += shell.receive(report, in: UnsavedGameTests.frame) }
            }
            return all
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
            #expect(flowed(arcade.text).contains(
                "Your Set game could not be saved: the store \(path) is locked by another program. It is kept until you quit"))
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

    /// (With no time left to wait for the lock, `budget: 0`: the test does not sleep through
    /// SQLite's busy timeout; the lock is held to the end either way.)
    @Test func atQuitAGameStillRefusedIsNamedAsLost() throws {
        try withLockedStore { arcade, other, path in
            arcade.leaveSet(after: 3)
            let lines = arcade.runtime.quit(&arcade.shell, budget: 0)
            #expect(lines == ["Could not save your Set game: the store \(path) is locked by another program. It is lost."])
        }
        // A game on screen at quit (Ctrl-C, a signal) that cannot be saved is named too, once.
        try withLockedStore { arcade, _, path in
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            arcade.press("x")
            let lines = arcade.runtime.quit(&arcade.shell, budget: 0)
            #expect(lines == ["Could not save your Set game: the store \(path) is locked by another program. It is lost."])
        }
        // Taken at the last try: nothing to say.
        try withLockedStore { arcade, other, _ in
            arcade.leaveSet(after: 1)
            try other.execute("COMMIT")
            #expect(arcade.runtime.quit(&arcade.shell).isEmpty)
            #expect(arcade.data.savedGames().map(\.save.summary) == ["1 presses"])
        }
    }

    /// Another arcade that saves the same game after this one's save was refused keeps its
    /// newer save: the retry on the way back to the menu writes nothing over it, and the menu
    /// offers the newer one.
    @Test func aRetryNeverWritesOverANewerSaveAnotherArcadeLeft() throws {
        try withLockedStore { arcade, other, path in
            arcade.leaveSet(after: 2)  // left at 1,000,000: refused
            try other.execute("COMMIT")
            let folder = String(path.dropLast(ArcadeStore.fileName.count + 1))
            try ArcadeData(directory: folder).keep(SavedGame(game: .set, save: GameSave(state: TestGame.state(presses: 9),
                                                                                        summary: "9 presses"),
                                                             savedAt: 1_000_100))
            arcade.run(arcade.shell.open(.memory, in: Self.frame))
            arcade.press("q")
            #expect(arcade.data.savedGames().map(\.save.summary) == ["9 presses"], "the newer save stays")
            #expect(arcade.text.contains("saved game"), "the newer save is on disk: marked\n\(arcade.text)")
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            #expect(arcade.text.contains("Resume (9 presses"), "the newer save is offered\n\(arcade.text)")
        }
    }

    /// The menu's reread does not hide another arcade's newer save behind the one refused.
    @Test func theMenuShowsANewerSaveOfAnotherArcadeWhileTheStoreStillRefuses() throws {
        try withLockedStore { arcade, other, path in
            arcade.leaveSet(after: 2)
            try other.execute("INSERT INTO saved_games (game, mode, state, summary, saved_at) VALUES "
                              + "('set', '', '\(TestGame.state(presses: 9))', '9 presses', 1000100); COMMIT; BEGIN EXCLUSIVE")
            arcade.run(arcade.shell.open(.memory, in: Self.frame))
            arcade.press("q")
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            #expect(arcade.text.contains("Resume (9 presses"), "\(arcade.text)")
            try other.execute("ROLLBACK")
        }
    }

    /// A game resumed from its classic save and left as a daily puzzle replaces the classic
    /// save; when the store refuses it first, the later write still forgets the classic save,
    /// so the game played on is never offered again from its old point.
    @Test func aRetryOfAGameThatChangedModeForgetsTheSaveItWasResumedFrom() throws {
        try withLockedStore(games: GameCatalog.games) { arcade, other, _ in
            try other.execute("ROLLBACK")
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            arcade.press(.enter)  // a card selected: under way
            arcade.press("qy")
            #expect(arcade.data.savedGames().map(\.mode) == ["classic"])
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            arcade.press("r")  // resume
            arcade.press("g2y")  // the daily puzzle, from the game resumed
            arcade.press(.enter)
            try other.execute("BEGIN EXCLUSIVE")
            arcade.press("qy")
            #expect(!arcade.shell.savedGames.keys.contains(SaveSlot(game: .set, mode: "classic")),
                    "the classic save is not offered again")
            try other.execute("COMMIT")
            arcade.run(arcade.shell.open(.memory, in: Self.frame))
            arcade.press("q")
            #expect(arcade.data.savedGames().map(\.mode) == ["daily"])
        }
    }

    /// Two games the store refused are tried again on every return to the menu, and the
    /// menu does not stand still for them while the store stays locked.
    @Test func goingBackToTheMenuDoesNotWaitForALockedStore() throws {
        try withLockedStore { arcade, _, _ in
            arcade.leaveSet(after: 1)
            arcade.leaveSet(after: 1, game: .slots)
            arcade.data.shortenBusyTimeout(milliseconds: ArcadeStore.busyTimeoutMilliseconds)
            arcade.run(arcade.shell.open(.memory, in: Self.frame))
            let clock = ContinuousClock()
            let took = clock.measure { arcade.press("q") }
            // Two refused games waiting the store's busy timeout each would take twice that.
            #expect(took < .milliseconds(ArcadeStore.busyTimeoutMilliseconds), "\(took)")
            #expect(!arcade.text.contains("saved game"))
        }
    }

    /// Quitting with several games the store refuses (a signal gives a second) waits within a
    /// budget and names each game lost, even with no time left to wait at all; nothing is read
    /// for a menu that will not be shown.
    @Test func quittingWithManyRefusedGamesNamesEachLostGameWithinItsBudget() throws {
        try withLockedStore { arcade, _, path in
            arcade.leaveSet(after: 1)
            arcade.leaveSet(after: 1, game: .slots)
            arcade.leaveSet(after: 1, game: .blackjack)
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            arcade.press("r")  // resumed, and on screen at quit
            arcade.press("xx")
            arcade.data.shortenBusyTimeout(milliseconds: ArcadeStore.busyTimeoutMilliseconds)
            var copy = arcade.shell
            #expect(!copy.leaveArcade().contains(.refreshMenu))
            let clock = ContinuousClock()
            var lines: [String] = []
            let took = clock.measure { lines = arcade.runtime.quit(&arcade.shell, budget: 0) }
            // Four writes waiting the store's busy timeout each would take four times that.
            #expect(took < .milliseconds(ArcadeStore.busyTimeoutMilliseconds), "\(took)")
            #expect(lines.count == 3 && lines.allSatisfy { $0.hasSuffix("It is lost.") }, "\(lines)")
            #expect(lines.first == "Could not save your Set game: the store \(path) is locked by another program. It is lost.",
                    "the game on screen first")
        }
    }

    /// A refusal is told once: the tries on later returns to the menu say nothing more.
    @Test func aRefusalIsToldOnceNotOnEveryReturnToTheMenu() throws {
        try withLockedStore { arcade, _, _ in
            arcade.leaveSet(after: 2)
            #expect(arcade.text.contains("could not be saved"))
            arcade.run(arcade.shell.open(.memory, in: Self.frame))
            let reports = arcade.reports(arcade.shell.update(.key(.character("q")), in: Self.frame))
            let notices = reports.compactMap { report -> String? in
                if case .notice(let notice?) = report { return notice }
                return nil
            }
            #expect(notices.isEmpty, "\(notices)")
            #expect(!arcade.text.contains("saved game"))
        }
    }

    /// On a store that can only be read, the notice does not promise a later save: it says the
    /// game is lost at quit.
    @Test func aStoreThatCanOnlyBeReadSaysTheGameIsLostAtQuit() throws {
        try withTemporaryDirectory { folder in
            _ = try ArcadeStore(directory: folder)
            let data = ArcadeData(store: try ArcadeStore(directory: folder, readingOnly: true), directory: folder)
            var arcade = Running(runtime: EffectRuntime(games: Self.games, data: data, player: "ann",
                                                       device: FakeTerminal(script: []), sound: nil, isMuted: true),
                                shell: ArcadeShell(games: Self.games, seed: { 7 }, now: { 1_000_000 }), data: data)
            arcade.leaveSet(after: 2)
            let path = folder + "/" + ArcadeStore.fileName
            #expect(flowed(arcade.text).contains(
                "Your Set game could not be saved: the store \(path) is write-protected (the file, its folder, or its -wal "
                    + "or -shm file). You can resume it until you quit; then it is lost."), "\(arcade.text)")
            #expect(!arcade.text.contains("once the store takes it"))
        }
    }

    /// At quit, a game whose earlier save is still on disk loses only what was played since.
    @Test func atQuitAGameWithAnEarlierSaveOnDiskLosesOnlyTheProgressSince() throws {
        try withLockedStore { arcade, other, path in
            try other.execute("ROLLBACK")
            arcade.leaveSet(after: 1)
            try other.execute("BEGIN EXCLUSIVE")
            arcade.run(arcade.shell.open(.set, in: Self.frame))
            arcade.press("r")  // resume
            arcade.press("xx")
            let lines = arcade.runtime.quit(&arcade.shell, budget: 0)  // no sleeping through the busy timeout
            #expect(lines == ["Could not save your Set game: the store \(path) is locked by another program. "
                              + "Your progress since the last save is lost."])
        }
    }
}

private extension TestGame {
    /// The saved state of a test game of `presses` presses.
    static func state(presses: Int) -> String {
        var game = TestGame(seed: 7)
        game.presses = presses
        return game.savedState()?.state ?? ""
    }
}
