import ArcadeCore
import BlackjackModel
import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp
import ArcadeRecords

@testable import ArcadeStore

/// A game-over box answers only input that arrives once it is drawn: keys that came in
/// together with the one that ended the game (typed ahead faster than a frame, pasted) were
/// not meant for a result nobody had seen yet, and would skip the final score.
@Suite struct TypedAheadTests {
    init() { prepareForDrawing() }

    static let frame = Frame(size: Size(width: 80, height: 24))

    @Test func aPlayAgainTypedBeforeTheBoxWasDrawnLeavesItUpAndOneTypedAfterIsTaken() throws {
        try withTemporaryDirectory { folder in
            // Ten games' worth of hands arrive at once, then (after a frame) one more p.
            let paste = Array(repeating: RecordBatchTests.hand, count: 50).flatMap { $0 }
            let script: [TerminalRead] = [.input(.key(.character("s")))] + paste.map { .input(.key($0)) }
                + [.redraw, .input(.key(.character("p")))]
            // A clock that stands still: the paste is one batch however slowly the machine runs.
            let (device, shell) = runBlackjack(script, storeIn: folder, clock: { 0 })
            try #require(device.presented.count == 3, "the first frame, the paste's, the p's")
            let paste1 = device.presented[1].text
            #expect(paste1.contains("Game over") && paste1.contains("final score"),
                    "the first game's result stays up:\n\(paste1)")
            let database = try SQLiteDatabase(path: folder + "/arcade.sqlite3", readOnly: true)
            #expect(try database.rows("SELECT count(*) FROM finished_games").first?.first?.integer == 1,
                    "one game played, not ten")
            let after = device.presented[2].text
            #expect(!after.contains("Game over"), "the p typed after the box was drawn plays again:\n\(after)")
            #expect(shell.activeGame == .blackjack)
        }
    }

    /// Blackjack (seed 7) played to its end in one batch: n declines insurance, x shows the
    /// dealer's play at once.
    static func playedToItsEnd() -> ArcadeShell {
        var played = ArcadeShell(games: GameCatalog.games, seed: { 7 })
        _ = played.open(.blackjack, in: Self.frame)
        _ = played.update(.key(.character("s")), in: Self.frame)
        for _ in 0..<BlackjackGame.handsPerGame {
            for key: Key in [.enter, .character("n"), .character("s"), .character("x"), .character("x")] {
                _ = played.update(.key(key), in: Self.frame)
            }
        }
        return played
    }

    @Test(arguments: [Key.character("q"), .escape])
    func aWayOutTypedWithTheLastKeyWaitsForTheResultToBeSeen(_ key: Key) throws {
        var shell = Self.playedToItsEnd()
        try #require((shell.activeScreen as? BlackjackScreen)?.alert == .gameOver)
        _ = shell.update(.key(key), in: Self.frame)  // typed with the last key
        #expect(shell.activeGame == .blackjack && (shell.activeScreen as? BlackjackScreen)?.alert == .gameOver,
                "the result stays up until a frame has shown it")
        shell.presented()
        _ = shell.update(.key(key), in: Self.frame)
        #expect(shell.activeGame == nil, "once seen, it goes back to the menu")
    }

    @Test func aBoxFirstDrawnUnderHelpIsSeenOnlyOnceAFrameShowsItUncovered() throws {
        var shell = Self.playedToItsEnd()
        try #require((shell.activeScreen as? BlackjackScreen)?.alert == .gameOver)
        _ = shell.update(.key(.character("?")), in: Self.frame)  // typed with the last key: help opens
        shell.presented()  // the frame shows help over the box
        _ = shell.update(.key(.escape), in: Self.frame)  // help closes...
        _ = shell.update(.key(.character("p")), in: Self.frame)  // ...and p comes with it
        #expect((shell.activeScreen as? BlackjackScreen)?.alert == .gameOver, "the box was never on screen")
        shell.presented()
        _ = shell.update(.key(.character("p")), in: Self.frame)
        #expect((shell.activeScreen as? BlackjackScreen)?.alert == .newGame)
    }

    @Test func aGameThatOpensOnItsResultTakesNoKeyBeforeItIsDrawn() throws {
        let played = Self.playedToItsEnd()
        let over = try #require(played.activeScreen as? BlackjackScreen)
        try #require(over.alert == .gameOver)
        // Opened again on its result, as a resumed daily puzzle solved meanwhile opens.
        let info = GameInfo(id: .blackjack, summary: "", make: { _ in over })
        var shell = ArcadeShell(games: [info], seed: { 1 })
        _ = shell.open(.blackjack, in: Self.frame)
        _ = shell.update(.key(.character("p")), in: Self.frame)
        #expect((shell.activeScreen as? BlackjackScreen)?.alert == .gameOver, "a p typed before the box was drawn")
        shell.presented()
        _ = shell.update(.key(.character("p")), in: Self.frame)
        #expect((shell.activeScreen as? BlackjackScreen)?.alert == .newGame, "a p once it is drawn plays again")
    }
}
