import ArcadeCore
import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp
import ArcadeRecords

@testable import ArcadeStore

/// The games finished in one batch of input (a paste that plays hand after hand) are written
/// in one transaction when the batch is applied: every one of them is kept, each list the
/// game sees already holds the games before it, and nothing else written (a saved game the
/// menu marks) is ever on disk before them.
@Suite struct RecordBatchTests {
    init() { prepareForDrawing() }

    static let frame = Frame(size: Size(width: 80, height: 24))

    /// Deal, stand, and play again after the fifth hand.
    static let hand: [Key] = [.space, .character("s"), .character("p")]
    /// Not a key: a frame is drawn here (the game-over box is then on screen).
    static let frameDrawn = Key.function(99)
    /// A whole game typed ahead: five hands (the game-over box not yet on screen, so the p of
    /// the last hand is not its answer), a frame that shows the result, then back to the
    /// menu, Blackjack again, Start.
    static let gameAndBack: [Key] = Array(repeating: hand, count: 5).flatMap { $0 }
        + [frameDrawn, .character("q"), .character("5"), .character("s")]

    /// The games of `folder`'s store another connection reads: those committed.
    private static func keptGames(in folder: String) throws -> Int {
        let database = try SQLiteDatabase(path: folder + "/arcade.sqlite3", readOnly: true)
        return Int(try database.rows("SELECT count(*) FROM finished_games").first?.first?.integer ?? -1)
    }

    /// A runtime on `folder` and a shell with Blackjack open (seed 7), past its new-game alert.
    private static func table(in folder: String) -> (EffectRuntime, ArcadeShell, FakeTerminal) {
        let device = FakeTerminal(script: [])
        let runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: folder), player: "ann",
                                    device: device, sound: nil, isMuted: true)
        var shell = ArcadeShell(games: GameCatalog.games, seed: { 7 })
        _ = shell.open(.blackjack, in: frame)
        _ = shell.update(.key(.character("s")), in: frame)  // Start
        return (runtime, shell, device)
    }

    /// What `shell` shows.
    private static func text(of shell: ArcadeShell) -> String {
        var grid = CellGrid(size: frame.size)
        shell.render(into: &grid)
        return grid.text
    }

    /// Press `keys` as one batch of input.
    private static func press(_ keys: [Key], _ runtime: EffectRuntime, _ shell: inout ArcadeShell) {
        for key in keys {
            if key == frameDrawn {
                shell.presented()
                continue
            }
            for effect in shell.update(.key(key), in: frame) {
                _ = runtime.performInBatch(effect, on: &shell, in: frame)
            }
        }
    }

    /// The player's record follows what the runtime carried out: a result kept in a batch
    /// is the best the next game opened in the same batch is judged against, and a worse one
    /// changes nothing.
    @Test func aResultTheRuntimeKeptIsTheBestOfTheNextGameInTheSameBatch() throws {
        try withTemporaryDirectory { folder in
            let games = [GameInfo(id: .set, summary: "Test", make: { TestGame(context: $0) })]
            let frame = Frame(size: Size(width: 80, height: 24))
            let runtime = EffectRuntime(games: games, data: ArcadeData(directory: folder), player: "ann",
                                        device: FakeTerminal(script: []), sound: nil, isMuted: true)
            var shell = ArcadeShell(games: games, seed: { 1 })
            func batch(_ effects: [AppEffect]) {
                for effect in effects { _ = runtime.performInBatch(effect, on: &shell, in: frame) }
            }
            func play(_ presses: Int) -> [String: Int] {
                batch(shell.open(.set, in: frame))
                let bests = (shell.activeScreen as? TestGame)?.bests ?? [:]
                for key in Array(repeating: Character("x"), count: presses) + ["e", "b"] {
                    batch(shell.update(.key(.character(key)), in: frame))  // e: presses × 10; b: back to the menu
                }
                return bests
            }
            #expect(play(3) == [:])
            #expect(play(1) == ["": 30], "the first game's result, kept in this batch")
            #expect(play(0) == ["": 30], "a worse result is not the best")
            runtime.applied(on: &shell, in: frame)
            #expect(ArcadeData(directory: folder).history(for: games, player: "ann").bests[.set] == ["": 30])
        }
    }

    @Test func theGamesOfABatchAreKeptWhenItIsAppliedOrTheMenuReadsThem() throws {
        try withTemporaryDirectory { folder in
            var (runtime, shell, _) = Self.table(in: folder)
            // Three games, each left for the menu (which reads the store, so they are
            // committed for it), and a fourth still on the table.
            Self.press(Array(repeating: Self.gameAndBack, count: 3).flatMap { $0 }
                       + Array(repeating: Self.hand, count: 5).flatMap { $0 }, runtime, &shell)
            let kept1 = try Self.keptGames(in: folder)
            #expect(kept1 == 3, "the fourth not on disk before the batch is applied")
            runtime.applied(on: &shell, in: Self.frame)
            let kept = try Self.keptGames(in: folder)
            #expect(kept == 4)
            #expect(ArcadeData(directory: folder).scores(for: GameCatalog.games)[.blackjack]?.count == 4)
        }
    }

    @Test func ctrlZInTheMiddleOfABatchCommitsItsGamesBeforeTheArcadeStops() throws {
        try withTemporaryDirectory { folder in
            // One game, then Ctrl-Z, then more keys, all in one batch.
            let keys = Array(repeating: Self.hand, count: 5).flatMap { $0 } + [.controlZ, .character("x")]
            let device = FakeTerminal(script: [.input(.key(.character("s")))] + keys.map { .input(.key($0)) })
            device.inputsArriveTogether = true
            var keptWhenStopped: Int?
            device.beforeRead = { device in
                if device.suspendCount == 1 && keptWhenStopped == nil { keptWhenStopped = try? Self.keptGames(in: folder) }
            }
            let runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: true)
            var shell = ArcadeShell(games: GameCatalog.games, seed: { 7 })
            _ = shell.open(.blackjack, in: Self.frame)
            runtime.run(&shell, on: device, in: Self.frame)
            #expect(device.suspendCount == 1)
            #expect(keptWhenStopped == 1, "on disk (and the store's lock let go) before the process stopped")
        }
    }

    @Test func everyListABatchReturnsIsTheListTheStoreHolds() throws {
        try withTemporaryDirectory { folder in
            let data = ArcadeData(directory: folder)
            let set = try #require(GameCatalog.games.first { $0.id == .set })
            let memory = try #require(GameCatalog.games.first { $0.id == .memory })
            var random = SeededGenerator(seed: 3)
            data.batching = true
            // Scores that enter the list, fall below it, tie its last; Set's daily games,
            // which are not on its list; Memory's list, where lower is better.
            for index in 0..<60 {
                let game = index % 3 == 0 ? memory : set
                let mode = game.id == .set && index % 7 == 0 ? "daily" : nil
                // Each game its own minute, so that two games of one score are told apart.
                let record = ScoreRecord(score: Int.random(in: 0..<12, using: &random) * 5, mode: mode)
                let list = try data.record(record, of: game, player: "ann", now: 1_800_000_000 + Double(index) * 60)
                #expect(list == (try data.scores(for: game)), "game \(index)")
            }
            // A run's result replaces its earlier one, on the list or not.
            for score in [5, 60, 70] {
                let list = try data.record(ScoreRecord(score: score, run: "run 1"), of: set, player: "bo", now: 1_800_100_000)
                #expect(list == (try data.scores(for: set)), "run result \(score)")
            }
            data.batching = false
            try data.commitBatch()
            let reread = ArcadeData(directory: folder).scores(for: [set, memory])
            #expect(reread[.set] == (try data.scores(for: set)))
            #expect(reread[.set]?.count == 10 && reread[.memory]?.count == 10)
        }
    }

    @Test func theCoachsTalliesOfABatchAreWrittenWithItsGames() throws {
        try withTemporaryDirectory { folder in
            var (runtime, shell, _) = Self.table(in: folder)
            // The coach on, then hands played: each decision is tallied.
            Self.press([.character("c")] + Array(repeating: Self.hand, count: 5).flatMap { $0 }, runtime, &shell)
            let database = try SQLiteDatabase(path: folder + "/arcade.sqlite3", readOnly: true)
            let before = try database.rows("SELECT count(*) FROM tallies").first?.first?.integer
            #expect(before == 0, "not before the batch is applied")
            runtime.applied(on: &shell, in: Self.frame)
            let after = try database.rows("SELECT sum(total) FROM tallies").first?.first?.integer ?? 0
            #expect(after >= 5, "every hand's decision")
            // The same keys one at a time keep the same tallies.
            try withTemporaryDirectory { alone in
                var (runtime, shell, _) = Self.table(in: alone)
                for key in [Key.character("c")] + Array(repeating: Self.hand, count: 5).flatMap({ $0 }) {
                    for effect in shell.update(.key(key), in: Self.frame) { _ = runtime.perform(effect, on: &shell, in: Self.frame) }
                }
                let rows = "SELECT key, correct, total FROM tallies ORDER BY key"
                let each = try SQLiteDatabase(path: alone + "/arcade.sqlite3", readOnly: true).rows(rows)
                #expect(try database.rows(rows) == each)
            }
        }
    }

    @Test func aSaveAfterTheGamesOfABatchWaitsForThem() throws {
        try withTemporaryDirectory { folder in
            let games = [GameInfo(id: .set, summary: "Finishes", make: { TestGame(seed: $0.seed) }),
                         GameInfo(id: .memory, summary: "Resumable", make: { TestGame(seed: $0.seed) },
                                  resume: TestGame.resume)]
            let runtime = EffectRuntime(games: games, data: ArcadeData(directory: folder), player: "ann",
                                        device: FakeTerminal(script: []), sound: nil, isMuted: true)
            var shell = ArcadeShell(games: games, seed: { 7 })
            // In one batch: two games finished, then another game left in progress, which
            // is saved (and marked on the menu) only after the two are on disk.
            var effects = shell.open(.set, in: Self.frame)
            for key in "xexe" { effects += shell.update(.key(.character(key)), in: Self.frame) }
            for effect in effects { _ = runtime.performInBatch(effect, on: &shell, in: Self.frame) }
            let before = try Self.keptGames(in: folder)
            #expect(before == 0)
            effects = shell.update(.key(.character("b")), in: Self.frame) + shell.open(.memory, in: Self.frame)
            for key in "xb" { effects += shell.update(.key(.character(key)), in: Self.frame) }
            #expect(effects.contains { if case .saveGame = $0 { true } else { false } })
            for effect in effects { _ = runtime.performInBatch(effect, on: &shell, in: Self.frame) }
            let kept = try Self.keptGames(in: folder)
            #expect(kept == 2, "committed before the save was written")
            #expect(ArcadeData(directory: folder).savedGames().map(\.game) == [.memory])
        }
    }

    @Test func quittingInTheMiddleOfABatchKeepsItsGames() throws {
        try withTemporaryDirectory { folder in
            var (runtime, shell, _) = Self.table(in: folder)
            Self.press(Array(repeating: Self.hand, count: 5).flatMap { $0 }, runtime, &shell)
            let kept4 = try Self.keptGames(in: folder)
            #expect(kept4 == 0)
            // Ctrl-C or a signal: the run loop ends without applying the batch.
            #expect(runtime.quit(&shell).isEmpty, "nothing to tell")
            let kept5 = try Self.keptGames(in: folder)
            #expect(kept5 == 1)
        }
    }

    @Test func theRunLoopKeepsEveryGameAPasteFinishes() throws {
        try withTemporaryDirectory { folder in
            let keys = [Key.character("s")] + Array(repeating: Self.gameAndBack, count: 6).flatMap { $0 }
            _ = runBlackjack(keys.map { $0 == Self.frameDrawn ? .redraw : .input(.key($0)) }, storeIn: folder)
            let kept6 = try Self.keptGames(in: folder)
            #expect(kept6 == 6, "written before the frame, with the input still open")
        }
    }
}

/// Blackjack (seed 7) opened and `script` read as the arcade reads its terminal, each batch's
/// effects carried out by a runtime on the store in `folder`: the device (its frames, bells)
/// and the shell as the loop left them. Scripted inputs arrive together, as a paste does.
func runBlackjack(_ script: [TerminalRead], storeIn folder: String, isMuted: Bool = true,
                  clock: @escaping () -> Double = RunLoopClock.monotonicSeconds) -> (FakeTerminal, ArcadeShell) {
    let frame = Frame(size: Size(width: 80, height: 24))
    let device = FakeTerminal(script: script)
    device.inputsArriveTogether = true
    let runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: folder), player: "ann",
                                device: device, sound: nil, isMuted: isMuted)
    var shell = ArcadeShell(games: GameCatalog.games, seed: { 7 })
    _ = shell.open(.blackjack, in: frame)
    runtime.run(&shell, on: device, in: frame, clock: clock)
    return (device, shell)
}

extension EffectRuntime {
    /// Run `shell` on `device` as the arcade does: each batch of input's effects carried out
    /// in the batch, and the runtime told when the batch is applied.
    func run(_ shell: inout ArcadeShell, on device: FakeTerminal, in frame: Frame,
             clock: @escaping () -> Double = RunLoopClock.monotonicSeconds) {
        _ = RunLoop<ArcadeShell>(device: device, clock: clock).run(&shell) { effect, shell in
            self.performInBatch(effect, on: &shell, in: frame)
        } applied: { shell in
            self.applied(on: &shell, in: frame)
        }
    }
}
