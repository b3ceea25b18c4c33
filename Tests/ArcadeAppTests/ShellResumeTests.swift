import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp

/// Games that survive leaving, as the shell handles them: a game left in progress is saved,
/// the menu marks it, opening it again offers "Resume (…)" (on Enter) or "New game", and a
/// finished game or a save that no longer reads leaves nothing behind.
@Suite struct ShellResumeTests {
    init() { prepareForDrawing() }

    private static let games = [
        GameInfo(id: .set, summary: "Resumable", make: { context in TestGame(seed: context.seed) },
                 resume: TestGame.resume),
        GameInfo(id: .memory, summary: "Not resumable", make: { context in TestGame(seed: context.seed) }),
    ]

    /// A shell whose clock reads `clock` (seconds since 1970).
    private func shell(saved: [GameID: SavedGame] = [:], clock: @escaping @Sendable () -> Double = { 1_000_000 }) -> TestShell {
        var shell = TestShell(games: Self.games, size: Size(width: 80, height: 24), seed: { 7 })
        shell.shell = ArcadeShell(games: Self.games, saved: saved, seed: { 7 }, now: clock)
        return shell
    }

    private func press(_ shell: inout TestShell, _ keys: String) -> [AppEffect] {
        keys.flatMap { shell.update(.key(.character($0))) }
    }

    private func saved(_ presses: Int, at time: Double = 1_000_000, session: String? = nil) -> SavedGame {
        var game = TestGame(seed: 7)
        game.presses = presses
        return SavedGame(game: .set, save: game.savedState()!, seed: 7, session: session, savedAt: time)
    }

    /// The session of a game started at the shell's clock (1 000 000 s) with seed 7.
    private static let session = "1000000000-7"

    @Test func aGameLeftHalfWayIsSavedMarkedOnTheMenuAndResumedOnEnter() throws {
        var shell = shell()
        shell.open(.set)
        _ = press(&shell, "xxx")
        let effects = press(&shell, "qy")  // leave, after the question

        #expect(effects == [.saveGame(saved(3, session: Self.session)), .refreshMenu])
        #expect(shell.activeGame == nil)
        #expect(shell.text.contains("saved game"), "the menu marks the game")

        shell.open(.set)
        #expect(shell.activeGame == nil, "the offer comes first")
        #expect(shell.text.contains("Resume (3 presses, just now)"))
        #expect(shell.text.contains("New game"))
        #expect(shell.update(.key(.enter)) == [])
        #expect(shell.text.contains("Test game: 3 presses"), "the same game, as it was left")
        #expect(shell.screen(as: TestGame.self)?.seed == 7)
    }

    @Test func theOfferSaysHowLongAgoTheGameWasLeft() {
        for (seconds, words) in [(30.0, "just now"), (60, "1 minute ago"), (180, "3 minutes ago"),
                                 (7200, "2 hours ago"), (86_400 * 3, "3 days ago"), (-5, "just now")] {
            var shell = shell(saved: [.set: saved(12, at: 1_000_000 - seconds)])
            shell.open(.set)
            #expect(TerminalSession.flowed(shell.text).contains("Resume (12 presses, \(words))"), "\(seconds) s")
        }
    }

    @Test func aNewGameForgetsTheSavedOneAndTheMarkGoes() {
        var shell = shell(saved: [.set: saved(5)])
        #expect(shell.text.contains("saved game"))
        shell.open(.set)
        #expect(press(&shell, "n") == [.forgetSavedGame(.set)])
        #expect(shell.text.contains("Test game: 0 presses"))
        _ = press(&shell, "q")  // not in progress: no question, nothing to keep
        #expect(!shell.text.contains("saved game"))
        #expect(shell.savedGames.isEmpty)
    }

    @Test func escapeOrQOnTheOfferGoesBackWithTheSaveKept() {
        for key in [Key.escape, .character("q")] {
            var shell = shell(saved: [.set: saved(5)])
            shell.open(.set)
            #expect(shell.update(.key(key)) == [])
            #expect(shell.activeGame == nil && shell.overlay == nil)
            #expect(shell.savedGames[.set] == saved(5))
        }
    }

    @Test func theOffersButtonsAreChosenByFocusHotKeysAndClicks() throws {
        var shell = shell(saved: [.set: saved(5)])
        shell.open(.set)
        _ = shell.update(.key(.tab))  // focus New game
        _ = shell.update(.key(.enter))
        #expect(shell.text.contains("Test game: 0 presses"))

        var resumed = self.shell(saved: [.set: saved(5)])
        resumed.open(.set)
        _ = resumed.update(.key(.character("R")))  // either case
        #expect(resumed.text.contains("Test game: 5 presses"))

        var clicked = self.shell(saved: [.set: saved(5)])
        clicked.open(.set)
        let lines = clicked.text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("New game") })
        let column = try #require(lines[row].range(of: "New game")).lowerBound
        let x = lines[row].distance(from: lines[row].startIndex, to: column)
        _ = clicked.update(.mouse(MouseEvent(.press, at: Point(x: x + 2, y: row))))
        #expect(clicked.text.contains("Test game: 0 presses"))
    }

    @Test func aSaveThatNoLongerReadsIsDroppedWithANoticeBeforeAnythingIsOffered() {
        let broken = SavedGame(game: .set, save: GameSave(state: "{\"version\": 0}", summary: "old"), savedAt: 0)
        var shell = shell(saved: [.set: broken])
        #expect(shell.text.contains("saved game"))
        #expect(shell.open(.set) == [.forgetSavedGame(.set)])
        #expect(shell.activeGame == nil && shell.overlay == nil, "no offer of a save that cannot be resumed")
        #expect(TerminalSession.flowed(shell.text).contains("The saved Set game could not be read"))
        #expect(!shell.text.contains("saved game "))
        shell.open(.set)
        #expect(shell.text.contains("Test game: 0 presses"), "opened again: a new game")
    }

    @Test func aFinishedGameClearsItsSaveAndLeavesNothingToResume() {
        var shell = shell(saved: [.set: saved(2)])
        shell.open(.set)
        _ = shell.update(.key(.enter))
        let effects = press(&shell, "e")  // finish: its result is recorded
        #expect(effects.first == .recordScore(.set, ScoreRecord(score: 20, figures: ["time": "0:42"], seed: 7)))
        #expect(shell.savedGames.isEmpty)
        #expect(press(&shell, "q") == [.refreshMenu], "a finished game is not saved again")
        shell.open(.set)
        #expect(shell.activeGame == .set, "no offer: nothing is saved")
    }

    @Test func aGameThatKeepsNothingIsNeverOffered() {
        var shell = shell()
        shell.open(.memory)
        _ = press(&shell, "xx")
        #expect(press(&shell, "qy") == [.refreshMenu], "nothing kept, the menu read again")
        shell.open(.memory)
        #expect(shell.activeGame == .memory)
    }

    @Test func behindTheTooSmallMessageTheOfferStillAnswers() {
        var shell = shell(saved: [.set: saved(4)])
        shell.open(.set)
        _ = shell.update(.resize(Size(width: 20, height: 5)))
        #expect(shell.acceptsWhileTooSmall(.enter))
        #expect(shell.acceptsWhileTooSmall(.character("n")))
        #expect(!shell.acceptsWhileTooSmall(.character("x")))
        #expect(shell.tooSmallHint?.contains("resume") == true)
    }

    @Test func aGameTheStoreCouldNotTakeIsStillOfferedThisRun() {
        var shell = shell()
        shell.open(.set)
        _ = press(&shell, "xx")
        _ = press(&shell, "qy")
        _ = shell.shell.receive(.notKept(.set), in: shell.frame)  // the store was locked or gone
        _ = shell.shell.receive(.stored(scores: [:], saved: [:]), in: shell.frame)  // the menu reads it again
        #expect(shell.text.contains("saved game"))
        shell.open(.set)
        #expect(shell.text.contains("Resume (2 presses"), "not lost to the reread")
    }

    @Test func leavingBySignalOrClosedInputSavesToo() {
        var shell = shell()
        shell.open(.set)
        _ = press(&shell, "xx")
        #expect(shell.leaveGame() == [.saveGame(saved(2, session: Self.session)), .refreshMenu],
                "Arcade.main leaves the game this way on SIGHUP")
    }
}

extension ShellResumeTests {
    @Test func theResumeOfferSnapshot() {
        var shell = TestShell(games: Self.games, size: Size(width: 80, height: 24), seed: { 7 })
        shell.shell = ArcadeShell(games: Self.games, saved: [.set: saved(12, at: 1_000_000 - 180)], seed: { 7 },
                                  now: { 1_000_000 })
        shell.open(.set)
        assertSnapshot(shell.text, named: "resume-offer-80x24")
    }
}
