import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
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
    private func shell(saved: [SavedGame] = [], clock: @escaping @Sendable () -> Double = { 1_000_000 }) -> TestShell {
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
            var shell = shell(saved: [saved(12, at: 1_000_000 - seconds)])
            shell.open(.set)
            #expect(flowed(shell.text).contains("Resume (12 presses, \(words))"), "\(seconds) s")
        }
    }

    @Test func aNewGameForgetsTheSavedOneAndTheMarkGoes() {
        var shell = shell(saved: [saved(5)])
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
            var shell = shell(saved: [saved(5)])
            shell.open(.set)
            #expect(shell.update(.key(key)) == [])
            #expect(shell.activeGame == nil && shell.overlay == nil)
            #expect(shell.savedGames[SaveSlot(game: .set)] == saved(5))
        }
    }

    @Test func theOffersButtonsAreChosenByFocusHotKeysAndClicks() throws {
        var shell = shell(saved: [saved(5)])
        shell.open(.set)
        _ = shell.update(.key(.tab))  // focus New game
        _ = shell.update(.key(.enter))
        #expect(shell.text.contains("Test game: 0 presses"))

        var resumed = self.shell(saved: [saved(5)])
        resumed.open(.set)
        _ = resumed.update(.key(.character("R")))  // either case
        #expect(resumed.text.contains("Test game: 5 presses"))

        var clicked = self.shell(saved: [saved(5)])
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
        var shell = shell(saved: [broken])
        #expect(shell.text.contains("saved game"))
        #expect(shell.open(.set) == [.forgetSavedGame(.set)])
        #expect(shell.activeGame == nil && shell.overlay == nil, "no offer of a save that cannot be resumed")
        #expect(flowed(shell.text).contains("The saved Set game could not be read"))
        #expect(!shell.text.contains("saved game "))
        shell.open(.set)
        #expect(shell.text.contains("Test game: 0 presses"), "opened again: a new game")
    }

    @Test func aFinishedGameClearsItsSaveAndLeavesNothingToResume() {
        var shell = shell(saved: [saved(2)])
        shell.open(.set)
        _ = shell.update(.key(.enter))
        let effects = press(&shell, "e")  // finish: its result is recorded
        #expect(effects.first == .recordScore(.set, ScoreRecord(score: 20, figures: ["time": "0:42"], seed: 7,
                                                               savedGameMode: "")))
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
        var shell = shell(saved: [saved(4)])
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
        _ = shell.shell.receive(.notKept(SaveSlot(game: .set), replacing: nil, reason: "the store is locked"), in: shell.frame)
        _ = shell.shell.receive(.stored(scores: [:], saved: []), in: shell.frame)  // the menu reads it again
        #expect(!shell.text.contains("saved game"), "not on disk: never marked")
        shell.open(.set)
        #expect(shell.text.contains("Resume (2 presses"), "not lost to the reread")
        // Back on the menu, it is written again before the menu reads the store; once the
        // reread finds it there, the menu marks it.
        _ = press(&shell, "q")
        shell.open(.memory)
        #expect(press(&shell, "q") == [.retrySave(saved(2, session: Self.session), replacing: nil), .refreshMenu])
        _ = shell.shell.receive(.stored(scores: [:], saved: [saved(2, session: Self.session)]), in: shell.frame)
        #expect(shell.text.contains("saved game"))
        shell.open(.memory)
        #expect(press(&shell, "q") == [.refreshMenu], "nothing left to write")
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
        shell.shell = ArcadeShell(games: Self.games, saved: [saved(12, at: 1_000_000 - 180)], seed: { 7 },
                                  now: { 1_000_000 })
        shell.open(.set)
        assertSnapshot(shell.text, named: "resume-offer-80x24")
    }
}

/// Saved games are per mode: a mode asked for on the command line opens that mode, and the
/// saved game of another mode is kept and still marked on the menu (Set's classic game, its
/// daily puzzle and its games against the computer; Temples' decks; Blackjack's tables).
@Suite struct ShellModeResumeTests {
    init() { prepareForDrawing() }

    private static let games = GameCatalog.games

    private func shell(saved: [SavedGame] = [], clock: Double = 1_000_000) -> TestShell {
        var shell = TestShell(games: Self.games, size: Size(width: 80, height: 24), seed: { 7 })
        shell.shell = ArcadeShell(games: Self.games, saved: saved, seed: { 7 }, now: { clock })
        return shell
    }

    /// A Set game of `options`' mode left after one card was selected, as the shell keeps it.
    private func leftSetGame(_ options: [String: String] = [:], at time: Double) throws -> SavedGame {
        var shell = shell(clock: time)
        shell.open(.set, options: options)
        _ = shell.update(.key(.enter))  // a card selected: the game is under way
        let effects = shell.leaveGame()
        guard case .saveGame(let saved, nil)? = effects.first else {
            Issue.record("not saved: \(effects)")
            throw CancellationError()
        }
        return saved
    }

    @Test func askingForTheDailyPuzzleOpensItAndKeepsTheClassicGame() throws {
        let classic = try leftSetGame(at: 999_000)
        #expect(classic.mode == "classic")
        var shell = shell(saved: [classic])
        let effects = shell.open(.set, options: ["--daily": ""])
        #expect(shell.overlay == nil, "no offer of the classic game: the daily puzzle was asked for")
        #expect(shell.screen(as: SetScreen.self)?.mode == .daily)
        #expect(!effects.contains { if case .forgetSavedGame = $0 { return true } else { return false } })
        _ = shell.update(.key(.enter))
        let left = shell.leaveGame()
        #expect(left.count == 2 && left.last == .refreshMenu)
        guard case .saveGame(let daily, nil)? = left.first else { Issue.record("\(left)"); return }
        #expect(daily.mode == "daily")
        #expect(Set(shell.savedGames.keys) == [classic.slot, daily.slot], "both wait, side by side")
        #expect(shell.text.contains("saved game"), "the menu still marks Set")
    }

    @Test func theModeAskedForOffersOnlyItsOwnSaveAndNewGameReplacesOnlyIt() throws {
        let classic = try leftSetGame(at: 999_500)
        let daily = try leftSetGame(["--daily": ""], at: 999_000)
        var shell = shell(saved: [classic, daily])
        shell.open(.set, options: ["--daily": ""])
        #expect(shell.text.contains("Resume (daily 2026-01-01"), "the daily puzzle's save, though the classic one is newer")
        let effects = shell.update(.key(.character("n")))
        #expect(effects.first == .forgetSavedGame(.set, mode: "daily"))
        #expect(shell.screen(as: SetScreen.self)?.mode == .daily)
        #expect(shell.savedGames.values.map(\.mode) == ["classic"])
        _ = shell.leaveGame()
        shell.open(.set)
        #expect(shell.text.contains("Resume (score 0"), "from the menu: the classic game is offered")
    }

    @Test func theMenuOffersTheLastGameLeftAndNewGameStartsItsMode() throws {
        let classic = try leftSetGame(at: 999_000)
        let versus = try leftSetGame(["--versus": "", "--level": "hard"], at: 999_500)
        #expect(versus.mode == "versus hard")
        var shell = shell(saved: [classic, versus])
        shell.open(.set)
        #expect(shell.text.contains("Resume (versus hard"))
        _ = shell.update(.key(.character("n")))
        #expect(shell.screen(as: SetScreen.self)?.mode == .versus(.hard), "a new game of the mode offered")
        #expect(shell.savedGames.values.map(\.mode) == ["classic"])
    }

    @Test func aSaveKeptBeforeModesIsOfTheModeItHoldsAndMovesThereWhenLeft() throws {
        var daily = try leftSetGame(["--daily": ""], at: 999_000)
        daily.mode = ""  // as a store of the last version kept it
        var shell = shell(saved: [daily])
        shell.open(.set, options: ["--versus": ""])
        #expect(shell.overlay == nil && shell.screen(as: SetScreen.self)?.mode == .versus(.normal))
        _ = shell.leaveGame()
        #expect(shell.savedGames.values.map(\.mode) == [""], "the daily puzzle is kept")
        shell.open(.set, options: ["--daily": ""])
        #expect(shell.text.contains("Resume (daily"))
        _ = shell.update(.key(.enter))
        _ = shell.update(.key(.right))
        _ = shell.update(.key(.enter))
        let left = shell.leaveGame()
        guard case .saveGame(let moved, let replacing)? = left.first else { Issue.record("\(left)"); return }
        #expect(moved.mode == "daily" && replacing == "")
        #expect(shell.savedGames.values.map(\.mode) == ["daily"])
    }

    @Test func theDrillAndAnotherTableLeaveTheBlackjackGameSaved() {
        var shell = shell()
        shell.open(.blackjack)
        for _ in 0..<3 where shell.screen(as: BlackjackScreen.self)?.isInProgress != true {
            _ = shell.update(.key(.enter))  // close the welcome, deal
        }
        _ = shell.leaveGame()
        #expect(shell.savedGames.values.map(\.mode) == [TableRules().summary], "a hand was dealt: kept")
        shell.open(.blackjack, options: ["--drill": ""])
        #expect(shell.overlay == nil && shell.screen(as: BlackjackScreen.self)?.page == .drill)
        _ = shell.leaveGame()
        shell.open(.blackjack, options: ["--three-to-two": ""])
        #expect(shell.overlay == nil, "a 3:2 table was asked for; the saved game is at even money")
        #expect(shell.screen(as: BlackjackScreen.self)?.game.rules.blackjackPayout == .threeToTwo)
        _ = shell.leaveGame()
        #expect(shell.savedGames.count == 1)
        shell.open(.blackjack)
        #expect(shell.text.contains("Resume (score"), "from the menu, the saved table is offered")
    }

    @Test func templesInLearnModeLeavesTheMatchSaved() {
        let match = SavedGame(game: .temples, mode: "built-in", save: GameSave(state: "{}", summary: "3 of 20"),
                              savedAt: 999_000)
        var shell = shell(saved: [match])
        shell.open(.temples, options: ["--learn": ""])
        #expect(shell.overlay == nil && shell.activeGame == .temples)
        _ = shell.leaveGame()
        #expect(shell.savedGames.values.map(\.mode) == ["built-in"])
    }
}

extension ShellModeResumeTests {
    /// The menu comes back on the game just left, however it was opened, and the statistics
    /// page opens on that game's tab.
    @Test func theMenuReturnsToTheGameJustLeft() {
        var shell = shell()
        _ = shell.update(.key(.character("5")))
        #expect(shell.activeGame == .blackjack)
        _ = shell.update(.key(.character("q")))
        #expect(shell.activeGame == nil && shell.menu.selected == 4, "on Blackjack, not Set")
        shell.open(.memory)  // as `arcade memory` does
        _ = shell.leaveGame()
        #expect(shell.menu.selected == 1)
        _ = shell.shell.receive(.statistics(Self.games.map { GameStatistics.empty($0) }), in: shell.frame)
        #expect(shell.statistics?.shown?.game == .memory, "the statistics open on the game chosen")
        _ = shell.update(.key(.character("q")))
        #expect(shell.statistics == nil && shell.menu.selected == 1, "and the menu is still there after them")
    }
}

extension ShellModeResumeTests {
    /// Set's versus game with the daily puzzle's save waiting, changed to the daily puzzle with
    /// `g`, `2` and yes to leaving the game in progress.
    private func versusChangedToDaily() throws -> (shell: TestShell, daily: SavedGame) {
        let daily = try leftSetGame(["--daily": ""], at: 999_000)
        var shell = shell(saved: [daily])
        shell.open(.set, options: ["--versus": ""])
        #expect(shell.overlay == nil, "the versus game opens at once; the daily save is kept")
        _ = shell.update(.key(.enter))  // a card selected: the versus game is under way
        for key in "g2y" { _ = shell.update(.key(.character(key))) }
        #expect(shell.screen(as: SetScreen.self)?.mode == .daily)
        return (shell, daily)
    }

    /// A mode chosen inside a game never replaces that mode's saved game unasked: it is offered.
    @Test func aModeChosenInsideTheGameOffersItsSaveInsteadOfReplacingIt() throws {
        var (shell, daily) = try versusChangedToDaily()
        #expect(shell.text.contains("Resume (daily 2026-01-01"), "the daily save is offered\n\(shell.text)")
        _ = shell.update(.key(.enter))
        #expect(shell.overlay == nil && shell.screen(as: SetScreen.self)?.mode == .daily)
        let left = shell.leaveGame()
        guard case .saveGame(let kept, let replacing)? = left.first else { Issue.record("\(left)"); return }
        #expect(kept.mode == "daily" && kept.session == daily.session && replacing == nil,
                "the daily game resumed is the one kept")
    }

    @Test func newGameOnTheOfferInsideTheGameForgetsTheSaveAndPlaysOn() throws {
        var (shell, _) = try versusChangedToDaily()
        let effects = shell.update(.key(.character("n")))
        #expect(effects == [.forgetSavedGame(.set, mode: "daily")])
        #expect(shell.overlay == nil && shell.screen(as: SetScreen.self)?.mode == .daily)
        #expect(shell.savedGames.isEmpty)
    }

    @Test func qOnTheOfferInsideTheGameGoesToTheMenuWithTheSaveKept() throws {
        var (shell, daily) = try versusChangedToDaily()
        let effects = shell.update(.key(.character("q")))
        #expect(effects == [.refreshMenu] && shell.activeGame == nil && shell.overlay == nil)
        #expect(shell.savedGames[daily.slot] == daily, "the daily save is as it was")
    }

    /// q on the offer of a game opened by name (`arcade blackjack`) leaves the menu on that game.
    @Test func qOnTheOfferOfAGameOpenedByNameLeavesTheMenuOnIt() {
        var first = shell()
        first.open(.blackjack)
        for _ in 0..<3 where first.screen(as: BlackjackScreen.self)?.isInProgress != true {
            _ = first.update(.key(.enter))  // close the welcome, deal
        }
        _ = first.leaveGame()
        var shell = shell(saved: Array(first.shell.savedGames.values))
        shell.open(.blackjack)
        #expect(shell.text.contains("Resume ("))
        _ = shell.update(.key(.character("q")))
        #expect(shell.overlay == nil && shell.menu.selected == 4, "on Blackjack, not Set")
    }
}
