import ArcadeTestSupport
import ArcadeUI
import Foundation
import Glibc
import Testing

@testable import ArcadeApp
import ArcadeRecords

@testable import ArcadeStore

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
            #expect(all.map(\.game) == GameCatalog.games.map(\.id))
            let set = all[0]
            #expect(set.played == 5 && set.best == 30 && set.average == 19.8)
            #expect(set.recent.map(\.score) == [9, 15, 24, 21, 30])
            // 33 sets in 90 + 125 + 192 + 168 s from the "time" figure and 190 s from the duration.
            #expect(set.figures.isSame(as: SetStatisticsFigures(setsPerGame: 6.6, secondsPerSet: 765.0 / 33)))
            #expect(all[1].figures.isSame(as: MemoryStatisticsFigures(bestTimes: [.init(level: "Easy", seconds: 21), .init(level: "Normal", seconds: 42)])),
                    "a lost game's time is not a best time")
            #expect(all[2].figures.isSame(as: SlotsStatisticsFigures(machines: [.init(machine: "3-digit", spins: 101, bestScore: 650),
                                                                              .init(machine: "5-digit", spins: 25, bestScore: 180)])))
            #expect(all[3].figures.isSame(as: TempleStatisticsFigures(accuracy: [60, 75, 85, 95], correct: 63, incorrect: 17)))
            #expect(all[4].figures.isSame(as: BlackjackStatisticsFigures(won: 7, pushed: 1, lost: 5, scores: [150, 0, 250, 100])))
        }
    }

    /// Set's classic games and its games against the computer at each level, with the scores
    /// a classic game and a versus game record (`SetFigures`, `SetMode.scoreMode`).
    static func setModes() -> [FinishedGame] {
        [(nil, 10), ("versus hard", 50), (nil, 20), ("versus easy", 70), ("versus hard", 60)].enumerated().map { index, game in
            var figures = SetFigures(sets: game.1 / 2, time: "2:00")
            if game.0 != nil { figures.computer = 5 }
            return FinishedGame(game: "set", mode: game.0, score: game.1, figures: figures.stored, player: "ann",
                                finishedAt: "2026-12-01 10:0\(index)")
        }
    }

    @Test func eachModeAndLevelHasItsOwnBestAndChart() throws {
        try withStore(Self.setModes() + Self.history().filter { $0.game == "memory" }) { store, _ in
            let all = try statistics(store)
            let set = all[0]
            #expect(set.mode == .only(nil) && set.played == 2 && set.best == 20, "Set's own figures are the classic game's")
            #expect(set.modes.map(\.modeTitle) == ["Classic", "Versus easy", "Versus hard"])
            #expect(set.modes.map(\.best) == [20, 70, 60])
            #expect(set.modes[2].recent.map(\.score) == [50, 60])
            let memory = all[1]
            #expect(memory.modes.map(\.modeTitle) == ["Easy", "Normal", "Hard"])
            #expect(memory.modes[1].recent.map(\.score) == [31, 27], "Normal's chart holds Normal's games only")
            #expect(memory.modes[1].figures.isSame(as: MemoryStatisticsFigures(bestTimes: [.init(level: "Normal", seconds: 42)])))
        }
    }

    @Test func gamesAtATableForFriendsAreShownApartFromSoloPlay() throws {
        var friends = SetFigures(sets: 8, time: "3:10", duration: 190)
        friends.mode = SetMode.friends.scoreMode
        friends.table = "Ann 24, Bob 21, Cy 3"
        friends.winner = "Ann"
        let games = [FinishedGame(game: "set", mode: nil, score: 10, figures: SetFigures(sets: 5, time: "2:00").stored,
                                  player: "ann", finishedAt: "2026-12-01 10:00"),
                     FinishedGame(game: "set", mode: "friends", score: 24, figures: friends.stored, player: "ann",
                                  finishedAt: "2026-12-01 10:05")]
        try withStore(games) { store, _ in
            let set = try statistics(store)[0]
            #expect(set.played == 1 && set.best == 10, "Set's own figures stay the solo game's")
            #expect(set.modes.map(\.modeTitle) == ["Classic", "Friends"])
            #expect(set.modes[1].best == 24 && set.modes[1].played == 1)
            #expect(set.modes[1].recent.map(\.score) == [24])
        }
        let kept = try #require(SetFigures(stored: friends.stored))
        #expect(kept.table == "Ann 24, Bob 21, Cy 3" && kept.winner == "Ann", "everyone's scores and the winner are kept")
    }

    @Test func theTabChoosesItsModeByKeysAndClicksAndSaysWhichItShows() throws {
        try withStore(Self.setModes()) { store, _ in
            var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
            _ = shell.shell.receive(.statistics(try statistics(store)), in: shell.frame)
            var text = shell.text
            #expect(text.contains("Mode: [Classic] Versus easy  Versus hard"), "\(text)")
            #expect(text.contains("Played 2    Best 20    Average 15.0"), "\(text)")
            #expect(text.contains("↑↓ mode"), "the key line names the keys")
            shell.update(.key(.down))
            shell.update(.key(.character("j")))
            text = shell.text
            #expect(text.contains("Mode:  Classic  Versus easy [Versus hard]"), "\(text)")
            #expect(text.contains("Played 2    Best 60    Average 55.0"), "\(text)")
            assertSnapshot(text, named: "statistics-set-versus-hard-80x24")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let row = try #require(lines.firstIndex { $0.contains("Mode:") })
            let column = try #require(lines[row].range(of: "Versus easy")).lowerBound.utf16Offset(in: lines[row])
            shell.update(.mouse(MouseEvent(.press, at: Point(x: column + 1, y: row))))
            #expect(shell.text.contains("Played 1    Best 70"), "a click chooses a mode")
            shell.update(.key(.character("4")))
            #expect(!shell.text.contains("Mode:") && !shell.text.contains("↑↓ mode"), "Temples has no modes")
            #expect(StatisticsScreen(statistics: []).help.keys.contains { $0.keys.contains("↑ ↓") }, "help lists the keys")
        }
        // Only games against the computer: the classic game's own tab says it has none.
        try withStore(Self.setModes().filter { $0.mode != nil }) { store, _ in
            var shell = TestShell(games: GameCatalog.games, size: Size(width: 60, height: 20), seed: { 1 })
            _ = shell.shell.receive(.statistics(try statistics(store)), in: shell.frame)
            #expect(shell.text.contains("Mode: [Classic] Versus easy  Versus hard"), "\(shell.text)")
            #expect(shell.text.contains("No classic games played yet"), "\(shell.text)")
        }
    }

    @Test func theJSONLabelsEachBestAndChartWithItsMode() throws {
        try withStore(Self.setModes()) { _, folder in
            let set = try json(folder, .set)
            #expect(set["mode"] as? String == "classic" && set["best"] as? Int == 20 && set["played"] as? Int == 2)
            let modes = try #require(set["modes"] as? [[String: Any]])
            #expect(modes.map { $0["mode"] as? String } == ["classic", "versus easy", "versus hard"])
            #expect(modes.map { $0["best"] as? Int } == [20, 70, 60])
            #expect(modes.map { ($0["recent"] as? [[String: Any]])?.count } == [2, 1, 2])
            let slots = try json(folder, .slots)
            #expect(slots["mode"] as? String == "all" && slots["modes"] == nil)
        }
    }

    @Test func timesAreReadAsMinutesAndSecondsOnly() {
        typealias Figures = StoredFigures
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
            for (index, game) in GameCatalog.games.enumerated().dropFirst() {
                shell.update(.key(.character(Character("\(index + 1)"))))
                assertSnapshot(shell.text, named: "statistics-\(game.id.rawValue)-80x24")
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
        for (index, game) in GameCatalog.games.enumerated() {
            #expect(screen.perform(.show(number: index + 1)).isEmpty)
            let shown = text(screen, Size(width: 80, height: 23))
            #expect(shown.contains("No games played yet") && shown.contains("[\(index + 1) \(game.title)]"))
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

    @Test func noRowOfTheStatisticsHelpIsCutAt80x24() {
        var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
        _ = shell.shell.receive(.statistics(GameCatalog.games.map { GameStatistics.empty($0) }), in: shell.frame)
        shell.update(.key(.character("?")))
        #expect(shell.text.contains("Help: Statistics"))
        for row in StatisticsScreen(statistics: []).help.keys {
            #expect(shell.text.contains(row.action), "\(row.keys): its words whole\n\(shell.text)")
        }
    }

    @Test func theMenuHelpNamesTheStatistics() {
        let help = MenuScreen(rows: []).help(dataDirectory: "~/.local/share/arcade")
        #expect(help.keys.contains(KeyHint("s", "statistics of every game")))
    }

    // MARK: - arcade stats --json

    @Test func theJSONHoldsTheSameFigures() throws {
        try withStore { _, folder in
            let text = try StatisticsJSON.report(directory: folder, games: GameCatalog.games)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let games = try #require(document["games"] as? [[String: Any]])
            #expect(games.map { $0["game"] as? String } == GameCatalog.games.map(\.id.rawValue))
            #expect(games[0]["played"] as? Int == 5 && games[0]["best"] as? Int == 30 && games[0]["average"] as? Double == 19.8)
            let recent = try #require(games[0]["recent"] as? [[String: Any]])
            #expect(recent.map { $0["score"] as? Int } == [9, 15, 24, 21, 30])
            #expect(recent.first?["finishedAt"] as? String == "2026-12-01 10:00")
            let figures = try #require(games[4]["figures"] as? [String: Any])
            #expect(figures["handsWon"] as? Int == 7 && figures["handsPushed"] as? Int == 1 && figures["handsLost"] as? Int == 5)
            let slots = try #require((games[2]["figures"] as? [String: Any])?["machines"] as? [[String: Any]])
            #expect(slots.first?["bestScore"] as? Int == 650)
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

    // MARK: - Whatever the store holds

    /// A store whose finished games are these rows, written with SQL as an editor of the
    /// file (or an old import) could: `(game, score, duration, figures)`, the score and
    /// duration as SQL literals (`1e300`, `'abc'`, `NULL`), each a minute after the last.
    private func withEditedStore(_ rows: [(game: GameID, score: String, duration: String, figures: [String: String])],
                                 _ body: ([GameStatistics], String) throws -> Void) throws {
        try withStore([]) { store, folder in
            let database = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            for (minute, row) in rows.enumerated() {
                try database.execute("""
                    INSERT INTO finished_games (id, game, score, duration, player, finished_at)
                    VALUES (\(minute + 1), '\(row.game.rawValue)', \(row.score), \(row.duration), 'ann',
                            '2026-12-01 10:\(minute < 10 ? "0" : "")\(minute)');
                    """)
                for (name, value) in row.figures {
                    try database.execute("INSERT INTO game_figures VALUES (\(minute + 1), '\(name)', '\(value)')")
                }
            }
            try body(try statistics(store), folder)
        }
    }

    /// The page of `game` drawn at 80×23 and at its smallest, in colour and in ASCII: the
    /// 80×23 colour text, after every drawing has been made (none may trap).
    private func page(_ statistics: [GameStatistics], _ game: GameID) -> String {
        let screen = StatisticsScreen(statistics: statistics, showing: game)
        for size in [StatisticsScreen.minimumSize, Size(width: 120, height: 40)] {
            for theme in [Theme(), Theme(colorMode: .monochrome, ascii: true)] { _ = text(screen, size, theme: theme) }
        }
        return text(screen, Size(width: 80, height: 23))
    }

    /// `arcade stats --json` for the store in `folder`, read back: the entry of `game`.
    private func json(_ folder: String, _ game: GameID) throws -> [String: Any] {
        let text = try StatisticsJSON.report(directory: folder, games: GameCatalog.games)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let games = try #require(document["games"] as? [[String: Any]])
        return try #require(games.first { $0["game"] as? String == game.rawValue })
    }

    private static let big = "9223372036854775807"

    @Test func aScoreTooLargeForAnAverageWithTenthsShowsADash() throws {
        try withEditedStore([(.slots, "9000000000000000000", "NULL", ["machine": "3-digit", "spins": "4"])]) { all, folder in
            let shown = page(all, .slots)
            #expect(shown.contains("Played 1    Best 9000000000000000000    Average —"), "\(shown)")
            #expect(shown.contains("3-digit machine  4 spins · best 9000000000000000000"))
            let slots = try json(folder, .slots)
            #expect(slots["average"] as? Double == 9e18)
        }
    }

    @Test func aRealScoreBeyondAnyIntegerIsHeldAtTheLargestAndTheAverageIsADash() throws {
        // The column keeps 1e300 as a real; the totals' trigger adds it as it is.
        try withEditedStore([(.set, "1e300", "NULL", [:]), (.set, "12", "NULL", [:])]) { all, folder in
            #expect(all[0].recent.map(\.score) == [.max, 12] && all[0].best == .max)
            let shown = page(all, .set)
            #expect(shown.contains("Played 2    Best \(Self.big)    Average —"), "\(shown)")
            #expect(shown.contains("\(Self.big) │"), "the chart's top")
            let set = try json(folder, .set)
            #expect(set["average"] as? Double == 5e299 && (set["best"] as? NSNumber)?.int64Value == .max)
        }
    }

    @Test func anInfiniteScoreIsNullInTheJSONNotAnEmptyDocument() throws {
        // 9e999 is SQLite's infinity; JSON has no way to write it.
        try withEditedStore([(.temples, "9e999", "9e999", [:]), (.temples, "-9.3e18", "NULL", [:])]) { all, folder in
            #expect(all[3].recent.map(\.score) == [.max, .min])
            let shown = page(all, .temples)
            #expect(shown.contains("Played 2    Best \(Self.big)%    Average —"), "\(shown)")
            #expect(shown.contains("-9223372036854775808% │"), "the chart's bottom")
            let temples = try json(folder, .temples)
            #expect(temples["played"] as? Int == 2 && temples["average"] is NSNull)
        }
    }

    @Test func aTextScoreCountsAsNoScoreAndIsNoBest() throws {
        try withEditedStore([(.set, "'abc'", "NULL", [:]), (.set, "7", "NULL", [:])]) { all, folder in
            #expect(all[0].recent.map(\.score) == [0, 7])
            #expect(all[0].best == 7, "text sorts above every number, but it is no score")
            #expect(page(all, .set).contains("Played 2    Best 7    Average 3.5"))
            let set = try json(folder, .set)
            #expect(set["best"] as? Int == 7)
        }
    }

    @Test func anEndlessDurationIsNoTimeAndAHugeOneADash() throws {
        try withEditedStore([
            (.set, "10", "1e300", ["sets": "5", "time": "1:00"]),
            (.memory, "10", "1e300", ["result": "won", "level": "Easy", "time": "0:30"]),
            (.memory, "12", "9e999", ["result": "won", "level": "Hard", "time": "2:00"]),
            (.memory, "14", "-5", ["result": "won", "level": "Normal", "time": "1:10"]),
        ]) { all, folder in
            let set = page(all, .set)
            #expect(set.contains("Sets per game  5.0    Seconds per set  —"), "\(set)")
            let figures = try json(folder, .set)["figures"]
            #expect(figures as? [String: Double] == ["setsPerGame": 5, "secondsPerSet": 2e299])
            // A duration beyond an Int's seconds, endless or below zero is no time: the "time" figure is read.
            #expect(all[1].figures.isSame(as: MemoryStatisticsFigures(bestTimes: [
                .init(level: "Easy", seconds: 30), .init(level: "Normal", seconds: 70), .init(level: "Hard", seconds: 120)])))
            #expect(page(all, .memory).contains("Best time per level  Easy 0:30 · Normal 1:10 · Hard 2:00"))
        }
    }

    @Test func aTimeOfMoreSecondsThanAnIntHoldsIsNoTime() throws {
        try withEditedStore([(.memory, "10", "NULL", ["result": "won", "level": "Easy", "time": "\(Self.big):00:00"]),
                             (.set, "10", "NULL", ["sets": "5", "time": "\(Self.big):00"])]) { all, _ in
            #expect(all[1].figures.isSame(as: MemoryStatisticsFigures(bestTimes: [])))
            #expect(all[0].figures.isSame(as: SetStatisticsFigures(setsPerGame: 5, secondsPerSet: nil)))
            #expect(page(all, .memory).contains("Easy —"))
        }
    }

    @Test func figuresThatAddUpPastTheLargestIntegerStopThere() throws {
        try withEditedStore([
            (.blackjack, "10", "NULL", ["hands": "5", "won": Self.big, "lost": "-\(Self.big)"]),
            (.blackjack, "10", "NULL", ["hands": "5", "won": Self.big, "lost": "-\(Self.big)"]),
            (.slots, "10", "NULL", ["machine": "3-digit", "spins": Self.big]),
            (.slots, "10", "NULL", ["machine": "3-digit", "spins": Self.big]),
            (.temples, "50", "NULL", ["accuracy": "50%", "time": "1:00", "correct": Self.big, "incorrect": "1"]),
            (.temples, "50", "NULL", ["accuracy": "50%", "time": "1:00", "correct": Self.big, "incorrect": "1"]),
            (.set, "10", "NULL", ["sets": Self.big, "time": "1:00"]),
            (.set, "10", "NULL", ["sets": Self.big, "time": "1:00"]),
        ]) { all, folder in
            #expect(page(all, .blackjack).contains("Hands  \(Self.big) won · 0 pushed · -9223372036854775808 lost"))
            #expect(page(all, .slots).contains("3-digit machine  \(Self.big) spins · best 10"))
            #expect(page(all, .temples).contains("Matches  \(Self.big) correct · 2 incorrect"))
            #expect(page(all, .set).contains("Sets per game  —    Seconds per set  0.0"))
            let figures = try #require(try json(folder, .blackjack)["figures"] as? [String: Any])
            #expect((figures["handsWon"] as? NSNumber)?.int64Value == .max)
            let set = try json(folder, .set)["figures"]
            #expect(set as? [String: Double] == ["setsPerGame": 0x1p63, "secondsPerSet": 0])
        }
    }

    @Test func aNarrowTerminalStillShowsEveryResultTheCaptionCounts() throws {
        let thirty = (1...30).map { number in
            FinishedGame(game: "set", score: number, figures: ["sets": "1", "time": "0:10"], player: "ann",
                         finishedAt: "2026-12-01 10:\(number < 10 ? "0" : "")\(number)")
        }
        try withStore(thirty) { store, _ in
            let screen = StatisticsScreen(statistics: try statistics(store))
            var grid = CellGrid(size: Size(width: 60, height: 19))
            screen.render(into: &grid)
            let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.contains { $0.contains("Score of the last 30 games") })
            let bottom = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("0 │ ") },
                                      "\(grid.text)")
            let bars = try #require(bottom.components(separatedBy: "│ ").last).filter { $0 != " " }.count
            #expect(bars == 30, "every one of the 30 results has its bar:\n\(grid.text)")
        }
    }

    @Test func theChartSpansTheLargestAndSmallestScores() throws {
        try withEditedStore([(.set, Self.big, "NULL", [:]), (.set, "-\(Self.big)", "NULL", [:]), (.set, "0", "NULL", [:])]) { all, folder in
            let shown = page(all, .set)
            #expect(shown.contains("Played 3    Best \(Self.big)    Average 0.0"), "\(shown)")
            let rows = shown.split(separator: "\n").filter { $0.contains("│") }.map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(rows.count == 12 && rows.first == "\(Self.big) │ ███" && rows.last == "-\(Self.big) │ ███ ··· ███",
                    "the largest a full bar, the smallest none but its place marked")
            #expect(rows.filter { $0.hasSuffix("███     ███") }.count == 5, "zero half way up")
            let set = try json(folder, .set)
            #expect(set["average"] as? Double == 0)
        }
    }

    @Test func theChartNeverTrapsOnExtremeValues() {
        let extremes = [Int.min, -Int.max, -1, 0, 1, Int.max - 1, Int.max]
        for value in extremes {
            for bottom in extremes where bottom <= 0 {
                for top in extremes {
                    let filled = Chart.eighthsFilled(value, bottom: bottom, top: top, rows: 16)
                    #expect((0...128).contains(filled))
                }
            }
        }
        #expect(Chart.eighthsFilled(Int.max, bottom: Int.min, top: Int.max, rows: 2) == 16)
        #expect(Chart.eighthsFilled(-1, bottom: Int.min, top: Int.max, rows: 2) == 8)
        for values in [[Int.min], [Int.max], [Int.min, Int.max], extremes] {
            var grid = CellGrid(size: StatisticsScreen.minimumSize)
            Chart(values: values, unit: "%").draw(into: &grid, in: Rect(x: 0, y: 0, width: 52, height: 12))
            #expect(grid.text.contains("oldest"))
        }
    }

    @Test func decimalsTooLargeToWriteAreADash() {
        #expect(StatisticsScreen.decimal(19.8) == "19.8" && StatisticsScreen.decimal(765.0 / 33) == "23.2")
        #expect(StatisticsScreen.decimal(-2.25) == "-2.3" && StatisticsScreen.decimal(-0.5) == "-0.5")
        #expect(StatisticsScreen.decimal(9.2e17) == "920000000000000000.0")
        for value in [9.3e17, -9.3e17, 1e300, .infinity, -.infinity, .nan] {
            #expect(StatisticsScreen.decimal(value) == "—")
        }
    }

    // MARK: - Temples' learn mode

    @Test func theTemplesTabChartsTheLearnModesLast30DaysAndEachDeck() throws {
        try withStore([]) { store, folder in
            let today = 20_789
            let card = { (box: Int, due: Int, misses: Int) in
                StoredCardProgress(box: box, dueDay: due, reviews: misses + box, misses: misses, lastMissDay: nil)
            }
            // 4 reviews today (3 right), 2 five days ago (both right), one 40 days ago (too old).
            for (index, right) in [true, true, false, true].enumerated() {
                try store.recordReview(deck: "built-in", player: "ann", card: "t\(index).png",
                                       progress: card(1, today + 1, right ? 0 : 1), right: right, day: today)
            }
            try store.recordReview(deck: "folder:/home/ann/photos", player: "ann", card: "png:1",
                                   progress: card(3, today + 3, 8), right: true, day: today - 5)
            try store.recordReview(deck: "folder:/home/ann/photos", player: "ann", card: "png:2",
                                   progress: card(1, today, 0), right: true, day: today - 5)
            try store.recordReview(deck: "built-in", player: "ann", card: "old.png",
                                   progress: card(4, today + 9, 0), right: false, day: today - 40)
            try store.recordReview(deck: "built-in", player: "bo", card: "t0.png",
                                   progress: card(1, today, 1), right: false, day: today)

            let all = try GameStatistics.all(from: store, games: GameCatalog.games, player: "ann", today: today)
            let learning = try #require(all.first { $0.game == .temples }?.learning)
            #expect(learning.perDay.count == 30)
            #expect(learning.perDay.last == Tally(right: 3, total: 4))
            #expect(learning.perDay[24] == Tally(right: 2, total: 2))
            #expect(learning.reviews == 6 && learning.accuracy == 83)
            #expect(learning.decks.map(\.title) == ["Built-in deck", "Deck /home/ann/photos"])
            #expect(learning.decks[0] == LearnStatistics.Deck(key: "built-in", cards: 5, due: 0, learning: 4, known: 1, leeches: 0))
            #expect(learning.decks[1] == LearnStatistics.Deck(key: "folder:/home/ann/photos", cards: 2, due: 1, learning: 1,
                                                              known: 1, leeches: 1))
            #expect(all.allSatisfy { $0.game == .temples || $0.learning == nil })

            let shown = text(StatisticsScreen(statistics: all, showing: .temples), Size(width: 80, height: 23))
            #expect(shown.contains("No matches played yet"))
            #expect(shown.contains("Learn mode: reviews a day") && shown.contains("Learn mode: % right a day"))
            #expect(shown.contains("29 days ago") && shown.contains("today →"))
            #expect(shown.contains("Learn mode, last 30 days: 6 reviews, 83% right"))
            #expect(shown.contains("Built-in deck: 5 cards · 0 due · 4 learning · 1 known"))
            #expect(shown.contains("Deck /home/ann/photos: 2 cards · 1 due · 1 learning · 1 known · 1 leech"))
            assertSnapshot(shown, named: "statistics-temples-learning-80x23")
            // The share chart's scale is 0–100%, and a day without reviews is left blank, not 0%.
            #expect(shown.contains("100% │") && !shown.contains("0% │ ··"))

            // At the smallest size, with a match played too, the figures still show, and the
            // charts say how far back their first bar is.
            try store.record(FinishedGame(game: "temples", score: 80,
                                          figures: ["accuracy": "80%", "time": "1:00", "correct": "20", "incorrect": "5"],
                                          player: "ann", finishedAt: "2026-12-01 10:00"))
            let played = try GameStatistics.all(from: store, games: GameCatalog.games, player: "ann", today: today)
            let small = text(StatisticsScreen(statistics: played, showing: .temples), StatisticsScreen.minimumSize)
            #expect(small.contains("Learn mode, last 30 days") && small.contains("Built-in deck: 5 cards"), "\(small)")
            #expect(!small.contains("29 days ago") && small.contains(" days ago"), "\(small)")
            let wide = text(StatisticsScreen(statistics: played, showing: .temples), Size(width: 120, height: 40))
            #expect(wide.contains("Accuracy of the last game") && wide.contains("Matches  20 correct · 5 incorrect"))
            // Nothing learned: no learn section.
            let none = try GameStatistics.all(from: store, games: GameCatalog.games, player: "cy", today: today)
            #expect(none.first { $0.game == .temples }?.learning == nil)

            // `arcade stats --json`: the days with reviews and each deck, under Temples.
            let text = try StatisticsJSON.report(directory: folder, games: GameCatalog.games, player: "ann", today: today)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let games = try #require(document["games"] as? [[String: Any]])
            let temples = try #require(games.first { $0["game"] as? String == "temples" }?["learning"] as? [String: Any])
            let days = try #require(temples["days"] as? [[String: Any]])
            #expect(days.map { $0["day"] as? String } == ["2026-11-27", "2026-12-02"])
            #expect(days.map { $0["reviews"] as? Int } == [2, 4] && days.map { $0["right"] as? Int } == [2, 3])
            let decks = try #require(temples["decks"] as? [[String: Any]])
            #expect(decks.map { $0["deck"] as? String } == ["built-in", "folder:/home/ann/photos"])
            #expect(decks.last?["leeches"] as? Int == 1)
            #expect(games.first { $0["game"] as? String == "set" }?.keys.contains("learning") == false)
            // Many decks: the first lines, then how many more.
            for folder in 1...5 {
                try store.recordReview(deck: "folder:/d\(folder)", player: "ann", card: "png:1",
                                       progress: card(1, today + 1, 0), right: true, day: today)
            }
            let many = try GameStatistics.all(from: store, games: GameCatalog.games, player: "ann", today: today)
            let lines = StatisticsScreen.figureLines(try #require(many.first { $0.game == .temples }))
            #expect(lines.filter { $0.hasPrefix("Deck ") || $0.hasPrefix("Built-in") }.count == 3)
            #expect(lines.last == "(and 4 more decks: arcade stats --json lists them)")
        }
    }

    @Test func aStoreFromBeforeLearnModeStillGivesItsStatistics() throws {
        try withStore { _, folder in
            let database = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            try database.execute("DROP TABLE learn_cards; DROP TABLE learn_days; PRAGMA user_version = 6")
            let text = try StatisticsJSON.report(directory: folder, games: GameCatalog.games, player: "ann", today: 20_789)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let games = try #require(document["games"] as? [[String: Any]])
            #expect(games[0]["played"] as? Int == 5)
            #expect(games.first { $0["game"] as? String == "temples" }?["learning"] is NSNull)
        }
    }
}
