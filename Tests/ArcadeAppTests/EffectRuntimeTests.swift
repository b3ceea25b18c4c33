import ArcadeTestSupport
import ArcadeUI
import Foundation
import Testing

@testable import ArcadeApp

/// The effect runtime carries out what a finished game asks for, on the fake terminal, and
/// what it learns reaches the menu and the game as input.
@Suite struct EffectRuntimeTests {
    init() { prepareForDrawing() }

    private static let games = [GameInfo(id: .set, summary: "Test", make: { context in TestGame(seed: context.seed) })]

    @Test func aFinishedGameIsRecordedAndTheMenuShowsItsBest() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let runtime = EffectRuntime(games: Self.games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: false)
            var shell = ArcadeShell(games: Self.games, seed: { 1 })
            let frame = Frame(size: device.size)
            var effects = shell.open(.set, in: frame)
            effects += shell.update(.key(.character("x")), in: frame)
            effects += shell.update(.key(.character("e")), in: frame)  // 10 points, and a sound
            for effect in effects { _ = runtime.perform(effect, on: &shell, in: frame) }
            #expect(device.bellCount == 1, "no player: the sound cue is the bell")
            _ = shell.update(.key(.character("q")), in: frame)
            var grid = CellGrid(size: device.size)
            shell.render(into: &grid)
            #expect(grid.text.contains("best 10"))
            let kept = ArcadeData(directory: folder).scores(for: Self.games)[.set]
            #expect(kept?.map(\.player) == ["ann"] && kept?.map(\.score) == [10], "the store has it after a restart")
        }
    }

    @Test func aSettingChosenInAGameIsKeptAndTheNextRunOpensWithIt() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let games = [GameInfo(id: .set, summary: "Test", make: { TestGame(context: $0) })]
            let runtime = EffectRuntime(games: games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: false)
            var shell = ArcadeShell(games: games, seed: { 1 })
            let frame = Frame(size: device.size)
            var effects = shell.open(.set, in: frame)
            effects += shell.update(.key(.character("x")), in: frame)
            effects += shell.update(.key(.character("r")), in: frame)
            #expect(effects.contains(.remember(setting: "test.style", value: "style 1")))
            for effect in effects { _ = runtime.perform(effect, on: &shell, in: frame) }
            // In this run the game opens with it again, and so it does in the next run.
            _ = shell.leaveGame()
            _ = shell.open(.set, in: frame)
            var grid = CellGrid(size: device.size)
            shell.render(into: &grid)
            #expect(grid.text.contains("Setting: style 1"))
            let data = ArcadeData(directory: folder)
            var next = ArcadeShell(games: games, seed: { 1 }, settings: data.settings())
            _ = next.open(.set, in: frame)
            grid = CellGrid(size: device.size)  // a frame arrives cleared
            next.render(into: &grid)
            #expect(grid.text.contains("Setting: style 1"), "kept across a restart")
        }
    }

    @Test func aDayKeepsItsFirstDailyResult() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let games = [GameInfo(id: .set, summary: "Test", make: { TestGame(context: $0) })]
            let runtime = EffectRuntime(games: games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: false)
            var shell = ArcadeShell(games: games, seed: { 1 })
            let frame = Frame(size: device.size)
            var effects = shell.open(.set, in: frame)
            effects += shell.update(.key(.character("y")), in: frame)  // 30 s, no miss
            effects += shell.update(.key(.character("x")), in: frame)
            effects += shell.update(.key(.character("y")), in: frame)  // a second finish: 31 s, 1 miss
            for effect in effects { _ = runtime.perform(effect, on: &shell, in: frame) }
            let kept = ArcadeData(directory: folder).dailyResults(for: games, player: "ann")
            #expect(kept[.set]?["2026-12-01"] == DailyOutcome(seconds: 30, misses: 0, found: 6))
            #expect(ArcadeData(directory: folder).dailyResults(for: games, player: "bo").isEmpty,
                    "a day's result is the player's own")
            _ = shell.leaveGame()
            _ = shell.open(.set, in: frame)
            var grid = CellGrid(size: device.size)
            shell.render(into: &grid)
            #expect(grid.text.contains("daily: 2026-12-01"), "the game opens knowing the day is done")
        }
    }

    @Test func backOnTheMenuTheListsAndSavedGamesAreReadAgain() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let games = [GameInfo(id: .set, summary: "Test", make: { context in TestGame(seed: context.seed) },
                                  resume: TestGame.resume)]
            let runtime = EffectRuntime(games: games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: false)
            var shell = ArcadeShell(games: games, seed: { 1 })
            let frame = Frame(size: device.size)
            // Another arcade, on the same store, keeps a game and leaves one half-way.
            let other = ArcadeData(directory: folder)
            _ = try other.record(ScoreRecord(score: 40), of: games[0], player: "bo", now: 0)
            var half = TestGame(seed: 3)
            half.presses = 2
            try other.keep(SavedGame(game: .set, save: half.savedState()!, seed: 3, savedAt: 0))

            for effect in shell.open(.set, in: frame) { _ = runtime.perform(effect, on: &shell, in: frame) }
            for effect in shell.leaveGame() { _ = runtime.perform(effect, on: &shell, in: frame) }
            var grid = CellGrid(size: device.size)
            shell.render(into: &grid)
            #expect(grid.text.contains("best 40"), "the other arcade's game is on the menu")
            #expect(grid.text.contains("saved game"), "and so is its saved game")
            _ = shell.open(.set, in: frame)
            grid = CellGrid(size: device.size)
            shell.render(into: &grid)
            #expect(grid.text.contains("Resume (2 presses"))
        }
    }

    @Test func withoutAStoreTheMenusRereadReportsNothingSoNothingIsTakenAway() {
        let runtime = EffectRuntime(games: Self.games, data: ArcadeData(directory: nil), player: "ann",
                                    device: FakeTerminal(script: []), sound: nil, isMuted: true)
        #expect(runtime.perform(.refreshMenu).reports.isEmpty)
    }

    @Test func aScoreThatCannotBeKeptBecomesANoticeAndQuitEndsTheLoop() throws {
        try withTemporaryDirectory { folder in
            let blocked = folder + "/not-a-folder"
            try #require(FileManager.default.createFile(atPath: blocked, contents: Data("x".utf8)))
            let device = FakeTerminal(script: [])
            let runtime = EffectRuntime(games: Self.games, data: ArcadeData(directory: blocked), player: "ann",
                                        device: device, sound: nil, isMuted: true)
            var shell = ArcadeShell(games: Self.games, seed: { 1 })
            let frame = Frame(size: device.size)
            #expect(runtime.perform(.recordScore(.set, ScoreRecord(score: 5)), on: &shell, in: frame) == .proceed)
            #expect(shell.menu.notice?.isEmpty == false, "the menu says the score was not kept")
            #expect(runtime.perform(.game(.blackjack, .bell), on: &shell, in: frame) == .proceed)
            #expect(device.bellCount == 0, "muted: no bell")
            #expect(runtime.perform(.quit, on: &shell, in: frame) == .exit(ExitStatus.success))
        }
    }
}

@Suite struct PlayClockTests {
    @Test func theClockRunsFromTheFirstMoveToTheEndAndTheGameIsRecordedOnce() {
        var clock = PlayClock()
        clock.advance(by: 5)
        #expect(clock.elapsed == 0 && !clock.isRunning, "no time before the first move")
        clock.start()
        clock.advance(by: 61.9)
        #expect(clock.text == "1:01")
        let first = clock.finish(), second = clock.finish()
        #expect(first, "the first finish records")
        #expect(!second, "a second one does not")
        clock.advance(by: 10)
        #expect(clock.text == "1:01", "a finished game's time stands")
        clock.reset()
        #expect(!clock.hasStarted && !clock.isRecorded && clock.text == "0:00")
        #expect(PlayClock.text(-3) == "0:00" && PlayClock.text(.infinity) == "0:00" && PlayClock.text(600) == "10:00")
    }
}
