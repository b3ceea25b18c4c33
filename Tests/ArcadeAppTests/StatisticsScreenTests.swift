import ArcadeStore
import ArcadeTestSupport
import ArcadeUI
import Foundation
import Glibc
import Testing

@testable import ArcadeApp

/// The statistics page and `arcade stats --json`, over a real store in a temporary folder
/// holding history these tests make with the figures each game's screen records.
@Suite struct StatisticsScreenTests {
    init() { prepareForDrawing() }

    /// A few games of each kind, as the screens record them.
    static func history() -> [FinishedGame] {
        var games: [FinishedGame] = []
        func add(_ id: GameID, _ score: Int, _ figures: some ScoreFigures, mode: String? = nil, duration: Double? = nil) {
            let minute = games.count
            games.append(FinishedGame(game: id.rawValue, mode: mode, score: score, figures: figures.stored,
                                      duration: duration, player: "ann",
                                      finishedAt: "2026-12-0\(1 + minute / 60) 1\(minute % 60 / 10):\(minute % 10)0"))
        }
        // Set: the older rows have no duration, so their "time" figure counts.
        for (score, sets, time) in [(9, 3, "1:30"), (15, 5, "2:05"), (24, 8, "3:12"), (21, 7, "2:48"), (30, 10, "3:20")] {
            add(.set, score, SetFigures(sets: sets, time: time), duration: sets == 10 ? 190 : nil)
        }
        add(.memory, 31, MemoryFigures(level: "Normal", time: "0:42", won: true, moves: 20, pairs: 8), mode: "Normal")
        add(.memory, 9, MemoryFigures(level: "Hard", time: "1:30", won: false, moves: 30, pairs: 7), mode: "Hard")
        add(.memory, 27, MemoryFigures(level: "Normal", time: "0:55", won: true, moves: 24, pairs: 8), mode: "Normal")
        add(.memory, 40, MemoryFigures(level: "Easy", time: "0:21", won: true, moves: 12, pairs: 6), mode: "Easy")
        add(.slots, 412, SlotsFigures(machine: "3-digit", spins: 40))
        add(.slots, 180, SlotsFigures(machine: "5-digit", spins: 25))
        add(.slots, 650, SlotsFigures(machine: "3-digit", spins: 61))
        for (accuracy, correct, incorrect) in [(60, 12, 8), (75, 15, 5), (85, 17, 3), (95, 19, 1)] {
            add(.temples, accuracy, TempleFigures(accuracy: accuracy, time: "1:1\(accuracy % 10)", correct: correct,
                                                  incorrect: incorrect))
        }
        add(.blackjack, 150, BlackjackFigures(hands: 5, won: 3, pushed: 0, lost: 2))
        add(.blackjack, 0, BlackjackFigures(hands: 3, won: 0, pushed: 1, lost: 2))
        add(.blackjack, 250, BlackjackFigures(hands: 5, won: 4, pushed: 0, lost: 1))
        add(.blackjack, 100, BlackjackFigures(hands: 5))  // kept before the tally was
        return games
    }

    private func withStore(_ games: [FinishedGame] = history(), _ body: (ArcadeStore, String) throws -> Void) throws {
        var template = Array("/tmp/arcade-statistics-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        let folder = try #require(made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try ArcadeStore(directory: folder)
        try store.record(all: games)
        try body(store, folder)
    }

    private func statistics(_ store: ArcadeStore?) throws -> [GameStatistics] {
        try GameStatistics.all(from: store, games: GameCatalog.games)
    }

    private func text(_ screen: StatisticsScreen, _ size: Size, theme: Theme = Theme()) -> String {
        var grid = CellGrid(size: size, theme: theme)
        screen.render(into: &grid)
        return grid.text
    }

    // MARK: - The figures

    @Test func eachGamesFiguresAreReadFromWhatItsScreenRecords() throws {
        try withStore { store, _ in
            let all = try statistics(store)
            #expect(all.map(\.game) == GameID.allCases)
            let set = all[0]
            #expect(set.played == 5 && set.best == 30 && set.average == 19.8)
            #expect(set.recent.map(\.score) == [9, 15, 24, 21, 30])
            // 33 sets in 90 + 125 + 192 + 168 s from the "time" figure and 190 s from the duration.
            #expect(set.figures == .set(setsPerGame: 6.6, secondsPerSet: 765.0 / 33))
            #expect(all[1].figures == .memory(bestTimes: [.init(level: "Easy", seconds: 21), .init(level: "Normal", seconds: 42)]),
                    "a lost game's time is not a best time")
            #expect(all[2].figures == .slots(machines: [.init(machine: "3-digit", spins: 101, biggestWin: 650),
                                                        .init(machine: "5-digit", spins: 25, biggestWin: 180)]))
            #expect(all[3].figures == .temples(accuracy: [60, 75, 85, 95], correct: 63, incorrect: 17))
            #expect(all[4].figures == .blackjack(won: 7, pushed: 1, lost: 5, scores: [150, 0, 250, 100]))
        }
    }

    @Test func timesAreReadAsMinutesAndSecondsOnly() {
        typealias Figures = GameStatistics.Figures
        #expect(Figures.seconds("1:05") == 65 && Figures.seconds("1:02:03") == 3723)
        #expect(Figures.seconds("1:5") == nil && Figures.seconds("0:75") == nil && Figures.seconds("soon") == nil)
    }

    // MARK: - The page

    @Test func thePageAt80x24ShowsTheTotalsTheChartAndTheFigures() throws {
        try withStore { store, _ in
            let screen = StatisticsScreen(statistics: try statistics(store))
            var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
            _ = shell.shell.receive(.statistics(screen.statistics), in: shell.frame)
            assertSnapshot(shell.text, named: "statistics-set-80x24")
            for game in GameID.allCases.dropFirst() {
                shell.update(.key(.character(Character("\(game.number)"))))
                assertSnapshot(shell.text, named: "statistics-\(game.rawValue)-80x24")
            }
        }
    }

    @Test func thePageAt120x40HasWiderBarsAndATallerChart() throws {
        try withStore { store, _ in
            var shell = TestShell(games: GameCatalog.games, size: Size(width: 120, height: 40), seed: { 1 })
            _ = shell.shell.receive(.statistics(try statistics(store)), in: shell.frame)
            shell.update(.key(.character("4")))
            let wide = shell.text
            assertSnapshot(wide, named: "statistics-temples-120x40")
            #expect(wide.contains("███"), "bars three columns wide")
            let chartRows = wide.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains("│") }
            #expect(chartRows.count == 16)
        }
    }

    @Test func aResizeReLaysThePageOut() throws {
        try withStore { store, _ in
            var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
            _ = shell.shell.receive(.statistics(try statistics(store)), in: shell.frame)
            let before = shell.text
            shell.update(.resize(Size(width: 120, height: 40)))
            #expect(shell.text != before)
            #expect(shell.text.split(separator: "\n", omittingEmptySubsequences: false).count == 40)
            shell.update(.resize(Size(width: 80, height: 24)))
            #expect(shell.text == before)
            shell.update(.resize(Size(width: 30, height: 10)))
            #expect(!shell.fits(Size(width: 30, height: 10)) && shell.tooSmallHint == "q: back to the menu")
        }
    }

    @Test func inMonochromeAndASCIITheBarsAreHashesAndEverythingIsASCII() throws {
        try withStore { store, _ in
            let screen = StatisticsScreen(statistics: try statistics(store), showing: .blackjack)
            let plain = text(screen, Size(width: 80, height: 23), theme: Theme(colorMode: .monochrome, ascii: true))
            assertSnapshot(plain, named: "statistics-blackjack-80x23-ascii")
            #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(plain.contains("###") && plain.contains("newest ->") && plain.contains("[5 Blackjack]"))
        }
    }

    @Test func anEmptyStoreSaysNoGamesPlayedYetForEveryGame() throws {
        var screen = StatisticsScreen(statistics: try statistics(nil))
        for game in GameID.allCases {
            #expect(screen.perform(.show(number: game.number)).isEmpty)
            let shown = text(screen, Size(width: 80, height: 23))
            #expect(shown.contains("No games played yet") && shown.contains("[\(game.number) \(game.title)]"))
        }
    }

    @Test func arrowsTabDigitsAndClicksMoveBetweenGames() throws {
        var screen = StatisticsScreen(statistics: try statistics(nil))
        let frame = Frame(size: Size(width: 80, height: 23))
        _ = screen.update(.key(.right), in: frame)
        #expect(screen.shown?.game == .memory)
        _ = screen.update(.key(.tab), in: frame)
        _ = screen.update(.key(.character("l")), in: frame)
        #expect(screen.shown?.game == .temples)
        _ = screen.update(.key(.backTab), in: frame)
        _ = screen.update(.key(.left), in: frame)
        #expect(screen.shown?.game == .memory)
        _ = screen.update(.key(.character("5")), in: frame)
        #expect(screen.shown?.game == .blackjack)
        // The tabs start after the title: " 1 Set " is at columns 13–19.
        _ = screen.update(.mouse(MouseEvent(.press, at: Point(x: 15, y: 0))), in: frame)
        #expect(screen.shown?.game == .set)
        #expect(screen.update(.key(.character("q")), in: frame) == [.close])
        #expect(screen.update(.key(.escape), in: frame) == [.close])
    }

    // MARK: - From the menu

    @Test func sOnTheMenuAsksForTheStatisticsAndQComesBack() throws {
        try withStore { _, folder in
            var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
            let menu = shell.text
            #expect(menu.contains("s stats"))
            #expect(shell.update(.key(.character("s"))) == [.showStatistics])
            // The runtime answers with the store's statistics, and the page opens.
            let runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: folder),
                                        player: "ann", device: FakeTerminal(script: []), sound: nil, isMuted: true)
            _ = runtime.perform(.showStatistics, on: &shell.shell, in: shell.frame)
            #expect(shell.statistics?.shown?.played == 5)
            #expect(shell.text.contains("Played 5") && shell.text.contains("←→ game"))
            shell.update(.key(.character("?")))
            #expect(shell.text.contains("Help: Statistics"))
            shell.update(.key(.character("x")))  // any key closes help
            #expect(shell.statistics != nil)
            #expect(shell.update(.key(.character("q"))).isEmpty)
            #expect(shell.statistics == nil && shell.text == menu)
            shell.update(.key(.character("s")))
            _ = runtime.perform(.showStatistics, on: &shell.shell, in: shell.frame)
            shell.update(.key(.escape))
            #expect(shell.statistics == nil && shell.overlay == nil, "Esc goes back, without the quit question")
        }
    }

    @Test func theMenuHelpNamesTheStatistics() {
        let help = MenuScreen.help(dataDirectory: "~/.local/share/arcade")
        #expect(help.keys.contains(KeyHint("s", "statistics of every game")))
    }

    // MARK: - arcade stats --json

    @Test func theJSONHoldsTheSameFigures() throws {
        try withStore { _, folder in
            let text = try StatisticsJSON.report(directory: folder, games: GameCatalog.games)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let games = try #require(document["games"] as? [[String: Any]])
            #expect(games.map { $0["game"] as? String } == GameID.allCases.map(\.rawValue))
            #expect(games[0]["played"] as? Int == 5 && games[0]["best"] as? Int == 30 && games[0]["average"] as? Double == 19.8)
            let recent = try #require(games[0]["recent"] as? [[String: Any]])
            #expect(recent.map { $0["score"] as? Int } == [9, 15, 24, 21, 30])
            #expect(recent.first?["finishedAt"] as? String == "2026-12-01 10:00")
            let figures = try #require(games[4]["figures"] as? [String: Any])
            #expect(figures["handsWon"] as? Int == 7 && figures["handsPushed"] as? Int == 1 && figures["handsLost"] as? Int == 5)
            let slots = try #require((games[2]["figures"] as? [String: Any])?["machines"] as? [[String: Any]])
            #expect(slots.first?["biggestWin"] as? Int == 650)
        }
    }

    @Test func withoutAStoreTheJSONIsEmptyAndNothingIsCreated() throws {
        let folder = "/tmp/arcade-statistics-none-\(getpid())"
        let text = try StatisticsJSON.report(directory: folder, games: GameCatalog.games)
        #expect(access(folder, F_OK) != 0, "no folder made")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let games = try #require(document["games"] as? [[String: Any]])
        #expect(games.count == 5 && games.allSatisfy { $0["played"] as? Int == 0 && $0["best"] is NSNull })
    }
}
