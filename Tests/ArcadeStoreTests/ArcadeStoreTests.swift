import Foundation
import Glibc
import Testing
import CSQLite

import ArcadeRecords

@testable import ArcadeStore

/// The store against real SQLite files in a temporary folder.
@Suite struct ArcadeStoreTests {
    private func withFolder(_ body: (String) throws -> Void) throws {
        var template = Array("/tmp/arcade-store-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        let folder = try #require(made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    private func game(_ score: Int, _ player: String = "ann", figures: [String: String] = [:]) -> FinishedGame {
        FinishedGame(game: "set", score: score, figures: figures, duration: 61.5, seed: 7, player: player,
                     finishedAt: "2026-12-01 15:30")
    }

    @Test func aNewStoreHasTheSchemaAndKeepsGamesBestFirst() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            #expect(try store.version() == ArcadeStore.schemaVersion)
            #expect(store.notice == nil)
            try store.record(game(12, figures: ["sets": "4", "time": "1:01"]))
            try store.record(game(30, "bo"))
            try store.record(game(30, "cy"))
            let best = try store.best(of: "set")
            #expect(best.map(\.score) == [30, 30, 12])
            #expect(best.map(\.player) == ["bo", "cy", "ann"], "ties: the earlier first")
            #expect(best[2].figures == ["sets": "4", "time": "1:01"] && best[2].seed == 7 && best[2].duration == 61.5)
            #expect(try store.best(of: "set", limit: 1, higherIsBetter: false).map(\.score) == [12])
            // A second connection (another arcade) sees what the first wrote.
            #expect(try ArcadeStore(directory: folder).count(of: "set") == 3)
        }
    }

    @Test func gamesRecordedAfterBeginAreKeptTogetherAndAFailedOneAlone() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            try store.begin()
            try store.record(game(10))
            // A write that fails inside the open transaction undoes only its own part.
            #expect(throws: SQLiteError.self) {
                try store.database.transaction { () throws(SQLiteError) in
                    try store.database.execute("INSERT INTO settings (key, value) VALUES ('x', 'y')")
                    try store.database.execute("INSERT INTO no_such_table VALUES (1)")
                }
            }
            try store.record(game(20))
            #expect(try store.best(of: "set").map(\.score) == [20, 10], "read inside the transaction")
            #expect(try ArcadeStore(directory: folder).count(of: "set") == 0, "not before the commit")
            try store.commit()
            #expect(try ArcadeStore(directory: folder).count(of: "set") == 2)
            #expect(try store.settings()["x"] == nil, "the failed part stayed undone")
        }
    }

    @Test func anOlderSchemaIsMigratedAndANewerOneLeftAlone() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            // Version 0: an empty database, as an arcade before the schema left it.
            try SQLiteDatabase(path: path).execute("PRAGMA user_version = 0")
            let store = try ArcadeStore(directory: folder)
            #expect(store.notice == nil)
            #expect(try store.version() == ArcadeStore.schemaVersion)
            try store.record(game(5))
            try SQLiteDatabase(path: path).execute("PRAGMA user_version = 99")
            #expect(throws: StoreError.newerSchema(path: path, version: 99)) { try ArcadeStore(directory: folder) }
        }
    }

    @Test func settingsAreKeptAndReplaced() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            #expect(try store.settings().isEmpty)
            try store.setSetting("set.cardStyle", to: "classic")
            try store.setSetting("set.cardStyle", to: "glyphs")
            try store.setSetting("other", to: "x")
            #expect(try ArcadeStore(directory: folder).settings() == ["set.cardStyle": "glyphs", "other": "x"])
        }
    }

    @Test func aDailyPuzzleKeepsTheFirstResultOfEachDayForEachPlayer() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            func result(_ day: String, _ seconds: Double, _ player: String = "ann") -> DailyResult {
                DailyResult(game: "set", day: day, player: player, seconds: seconds, misses: 1, found: 6,
                            finishedAt: "2026-12-01 10:00")
            }
            #expect(try store.recordDaily(result("2026-12-01", 134)))
            #expect(try !store.recordDaily(result("2026-12-01", 50)), "a second finish does not replace the first")
            #expect(try store.recordDaily(result("2026-12-01", 70, "bo")))
            #expect(try store.recordDaily(result("2026-12-02", 90)))
            let ann = try ArcadeStore(directory: folder).dailyResults(of: "set", player: "ann")
            #expect(ann.map(\.day) == ["2026-12-02", "2026-12-01"] && ann.map(\.seconds) == [90, 134])
            #expect(try store.dailyResults(of: "set", player: "bo").map(\.seconds) == [70])
            // The start reads every game's days at once: each keeps its game, only ann's.
            _ = try store.recordDaily(DailyResult(game: "memory", day: "2026-12-02", player: "ann", seconds: 40, misses: 0,
                                                  found: 9, finishedAt: "2026-12-02 08:00"))
            let all = try store.dailyResults(player: "ann").map { "\($0.game) \($0.day) \(Int($0.seconds))" }.sorted()
            #expect(all == ["memory 2026-12-02 40", "set 2026-12-01 134", "set 2026-12-02 90"])
        }
    }

    /// A list longer than ten (the figures are read ten games at a time) keeps every game's
    /// own figures, and a game without figures has none.
    @Test func everyGameOfALongListKeepsItsOwnFigures() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            for score in 1...23 {
                try store.record(game(score, figures: score == 5 ? [:] : ["sets": "\(score)", "time": "0:\(score)"]))
            }
            let best = try ArcadeStore(directory: folder).best(of: "set", limit: 25)
            #expect(best.map(\.score) == Array((1...23).reversed()))
            for entry in best where entry.score != 5 {
                #expect(entry.figures == ["sets": "\(entry.score)", "time": "0:\(entry.score)"])
            }
            #expect(best.first { $0.score == 5 }?.figures == [:])
            #expect(try store.best(of: "set", limit: 3, higherIsBetter: false).map { $0.figures["sets"] } == ["1", "2", "3"])
        }
    }

    @Test func aVersionFourStoreGainsSettingsAndDailyResultsAndKeepsItsGames() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let old = try SQLiteDatabase(path: path)
            for step in ArcadeStore.migrations.prefix(4) { try old.execute(step) }
            try old.execute("PRAGMA user_version = 4")
            try old.execute("""
                INSERT INTO finished_games (game, score, player, finished_at) VALUES ('set', 21, 'ann', '2026-11-30 09:00')
                """)
            let store = try ArcadeStore(directory: folder)
            #expect(try store.version() == ArcadeStore.schemaVersion)
            #expect(try store.best(of: "set").map(\.score) == [21])
            try store.setSetting("set.cardStyle", to: "classic")
            #expect(try store.settings() == ["set.cardStyle": "classic"])
        }
    }

    /// Saves became per mode in version 8: every save of a version 7 store is still there
    /// (under the mode '', which the arcade reads from the save), and a mode's save no longer
    /// replaces another mode's.
    @Test func aVersionSevenStoreKeepsEverySavedGameAndGainsSavesPerMode() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let old = try SQLiteDatabase(path: path)
            for step in ArcadeStore.migrations.prefix(7) { try old.execute(step) }
            try old.execute("PRAGMA user_version = 7")
            try old.execute("""
                INSERT INTO saved_games (game, state, summary, seed, saved_at, session) VALUES
                    ('set', '{"s":1}', 'score 12', 7, 100, 'a'), ('blackjack', '{"b":2}', 'score 90', NULL, 200, NULL);
                INSERT INTO finished_games (game, mode, score, player, finished_at) VALUES
                    ('set', NULL, 21, 'ann', '2026-11-30 09:00'), ('set', 'versus hard', 40, 'ann', '2026-11-30 10:00')
                """)
            let store = try ArcadeStore(directory: folder)
            #expect(try store.version() == ArcadeStore.schemaVersion)
            #expect(try store.savedGames() == [
                StoredSave(game: "blackjack", state: "{\"b\":2}", summary: "score 90", savedAt: 200),
                StoredSave(game: "set", state: "{\"s\":1}", summary: "score 12", seed: 7, session: "a", savedAt: 100),
            ])
            try store.save(StoredSave(game: "set", mode: "daily", state: "{}", summary: "daily", savedAt: 300))
            #expect(try store.savedGames().filter { $0.game == "set" }.map(\.mode) == ["", "daily"])
            #expect(StoreInspection.inspect(path: path)?.savedGames == ["blackjack", "set"], "each game once")
            try store.forgetSavedGame("set", mode: "daily")
            #expect(try store.savedGames().filter { $0.game == "set" }.map(\.mode) == [""])
            // The totals of the games kept before are per mode now.
            #expect(try store.history(of: "set").played == 2)
            #expect(try store.history(of: "set", mode: .only(nil)).best == 21)
            #expect(try store.history(of: "set", mode: .only("versus hard")).best == 40)
            #expect(try Set(store.modes(of: "set")) == [nil, "versus hard"])
        }
    }

    /// A mode's best and list never take another mode's games.
    @Test func theBestOfAModeIsOfThatModeOnly() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            for (mode, score) in [(nil, 12), ("versus easy", 50), (nil, 30), ("versus easy", 8)] as [(String?, Int)] {
                try store.record(FinishedGame(game: "set", mode: mode, score: score, player: "ann", finishedAt: "2026-12-01 10:00"))
            }
            #expect(try store.best(of: "set", mode: .only(nil)).map(\.score) == [30, 12])
            #expect(try store.best(of: "set", mode: .only("versus easy")).map(\.score) == [50, 8])
            #expect(try store.best(of: "set").map(\.score) == [50, 30, 12, 8])
            let classic = try store.history(of: "set", mode: .only(nil))
            #expect(classic.played == 2 && classic.best == 30 && classic.average == 21 && classic.recent.map(\.score) == [12, 30])
        }
    }

    @Test func talliesAddUpPerPlayerAndKindAndSurviveReopening() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            for right in [true, false, false] {
                try store.addTally(game: "blackjack", player: "ann", key: "hard 16 v 10", right: right)
            }
            try store.addTally(game: "blackjack", player: "ann", key: "soft 18 v 9", right: true)
            try store.addTally(game: "blackjack", player: "bo", key: "hard 16 v 10", right: true)
            try store.addTally(game: "set", player: "ann", key: "hard 16 v 10", right: true)
            let ann = try ArcadeStore(directory: folder).tallies(of: "blackjack", player: "ann")
            #expect(ann == ["hard 16 v 10": Tally(right: 1, total: 3), "soft 18 v 9": Tally(right: 1, total: 1)])
            #expect(ann["hard 16 v 10"]?.wrong == 2)
            #expect(try store.tallies(of: "blackjack", player: "bo") == ["hard 16 v 10": Tally(right: 1, total: 1)])
            // The start reads every game's tallies at once, each under its own game.
            #expect(try store.tallies(player: "ann") == [
                "blackjack": ["hard 16 v 10": Tally(right: 1, total: 3), "soft 18 v 9": Tally(right: 1, total: 1)],
                "set": ["hard 16 v 10": Tally(right: 1, total: 1)],
            ])
            // Decisions summed while a batch of input was applied are added as they are.
            try store.add([TallyCount(game: "blackjack", player: "ann", key: "hard 16 v 10", tally: Tally(right: 2, total: 5)),
                           TallyCount(game: "blackjack", player: "ann", key: "pair 2 v 2", tally: Tally(right: 0, total: 4))])
            #expect(try store.tallies(of: "blackjack", player: "ann") == [
                "hard 16 v 10": Tally(right: 3, total: 8), "soft 18 v 9": Tally(right: 1, total: 1),
                "pair 2 v 2": Tally(right: 0, total: 4),
            ])
        }
    }

    @Test func aDamagedTallyIsLeftOutAndAVersionFiveStoreGainsTallies() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let old = try SQLiteDatabase(path: path)
            for step in ArcadeStore.migrations.prefix(5) { try old.execute(step) }
            try old.execute("PRAGMA user_version = 5")
            try old.execute("INSERT INTO settings (key, value) VALUES ('blackjack.coach', 'on')")
            let store = try ArcadeStore(directory: folder)
            #expect(try store.version() == ArcadeStore.schemaVersion)
            #expect(try store.settings() == ["blackjack.coach": "on"])
            try store.addTally(game: "blackjack", player: "ann", key: "pair 8 v 10", right: true)
            try old.execute("""
                INSERT INTO tallies (game, player, key, correct, total) VALUES
                ('blackjack', 'ann', 'hard 12 v 2', 5, 3), ('blackjack', 'ann', 'hard 13 v 2', -1, 3)
                """)
            #expect(try store.tallies(of: "blackjack", player: "ann") == ["pair 8 v 10": Tally(right: 1, total: 1)])
            // A damaged row is started again by the next decision, not added to and lost.
            try old.execute("""
                INSERT INTO tallies (game, player, key, correct, total) VALUES
                ('blackjack', 'ann', 'hard 14 v 2', 1, 2.5), ('blackjack', 'ann', 'hard 15 v 2', 0, 9223372036854775807)
                """)
            for key in ["hard 12 v 2", "hard 13 v 2", "hard 14 v 2", "hard 15 v 2"] {
                try store.addTally(game: "blackjack", player: "ann", key: key, right: true)
            }
            let kept = try store.tallies(of: "blackjack", player: "ann")
            for key in ["hard 12 v 2", "hard 13 v 2", "hard 14 v 2", "hard 15 v 2"] {
                #expect(kept[key] == Tally(right: 1, total: 1), "\(key)")
            }
        }
    }

    @Test func learningIsKeptPerDeckAndPlayerAndSurvivesAReopen() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            let first = StoredCardProgress(box: 1, dueDay: 20_001, reviews: 1, misses: 0, lastMissDay: nil)
            let missed = StoredCardProgress(box: 1, dueDay: 20_000, reviews: 2, misses: 1, lastMissDay: 20_000)
            try store.recordReview(deck: "built-in", player: "ann", card: "bern.png", progress: first, right: true, day: 20_000)
            try store.recordReview(deck: "built-in", player: "ann", card: "paris.png", progress: missed, right: false, day: 20_000)
            try store.recordReview(deck: "folder:/photos", player: "ann", card: "png:1f2e", progress: first, right: true, day: 20_000)
            try store.recordReview(deck: "built-in", player: "bo", card: "bern.png", progress: missed, right: false, day: 19_999)
            // The same card again: its row is replaced, the day's counts add up.
            let again = StoredCardProgress(box: 1, dueDay: 20_001, reviews: 3, misses: 1, lastMissDay: 20_000)
            try store.recordReview(deck: "built-in", player: "ann", card: "paris.png", progress: again, right: true, day: 20_000)

            let reopened = try ArcadeStore(directory: folder)
            #expect(try reopened.learnProgress(player: "ann", deck: "built-in") == ["bern.png": first, "paris.png": again])
            #expect(try reopened.learnProgress(player: "ann", deck: "folder:/photos") == ["png:1f2e": first])
            #expect(try reopened.learnProgress(player: "bo", deck: "built-in") == ["bern.png": missed])
            // The days' counts of every deck together.
            #expect(try reopened.reviewTotals(player: "ann", from: 19_990) == [20_000: Tally(right: 3, total: 4)])
            #expect(try reopened.reviewTotals(player: "bo", from: 19_990) == [19_999: Tally(right: 0, total: 1)])
            #expect(try reopened.reviewTotals(player: "ann", from: 20_001).isEmpty)
        }
    }

    @Test func aDamagedLearningRowIsLeftOutAndADamagedDayStartedAgain() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            let old = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            try old.execute("""
                INSERT INTO learn_cards (deck, player, card, box, due_day, reviews, misses) VALUES
                ('built-in', 'ann', 'a.png', 'two', 5, 1, 0), ('built-in', 'ann', 'b.png', 1, 5.5, 1, 0);
                INSERT INTO learn_days (deck, player, day, reviews, correct) VALUES ('built-in', 'ann', 7, 2, 5);
                """)
            #expect(try store.learnProgress(player: "ann", deck: "built-in").isEmpty)
            #expect(try store.reviewTotals(player: "ann", from: 0).isEmpty)
            let card = StoredCardProgress(box: 1, dueDay: 8, reviews: 1, misses: 0, lastMissDay: nil)
            try store.recordReview(deck: "built-in", player: "ann", card: "c.png", progress: card, right: true, day: 7)
            #expect(try store.reviewTotals(player: "ann", from: 0) == [7: Tally(right: 1, total: 1)])
        }
    }

    @Test func aFileThatIsNotADatabaseIsMovedAsideAndAFreshStoreStarted() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
            let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
            #expect(store.notice?.contains("arcade.sqlite3.corrupt-1700000000") == true)
            #expect(FileManager.default.fileExists(atPath: path + ".corrupt-1700000000"))
            try store.record(game(3))
            #expect(try store.count(of: "set") == 1)
        }
    }

    @Test func aLinkOrAFIFOInTheStoresPlaceIsNeitherFollowedNorTouched() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let target = folder + "/elsewhere"
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            #expect(throws: StoreError.notRegularFile(path)) { try ArcadeStore(directory: folder) }
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o600) == 0)
            #expect(throws: StoreError.notRegularFile(path)) { try ArcadeStore(directory: folder) }
        }
    }

    @Test func aFolderThatCannotHoldTheStoreIsANamedErrorNotACrash() throws {
        try withFolder { folder in
            #expect {
                try ArcadeStore(directory: folder + "/missing")
            } throws: { error in
                guard case StoreError.sqlite(let sqlite) = error else { return false }
                return sqlite.code == SQLITE_CANTOPEN && sqlite.description.contains("open")
            }
        }
    }

    @Test func aWriteThatFailsHalfWayKeepsNothingOfIt() throws {
        try withFolder { folder in
            let store = try ArcadeStore(directory: folder)
            try store.record(game(1))
            // The second game's figures break a constraint after its row was inserted.
            try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
                .execute("CREATE TRIGGER refuse BEFORE INSERT ON game_figures BEGIN SELECT RAISE(ABORT, 'no'); END")
            #expect(throws: StoreError.self) { try store.record(game(2, figures: ["sets": "1"])) }
            #expect(try store.count(of: "set") == 1, "the transaction rolled the half-written game back")
        }
    }

    /// With the history in SQLite and an index for the score lists, a long history answers
    /// the best ten from the rank index and takes more games without reading every game, and
    /// a store the arcade closed as it was is not read through again at the next start.
    /// (How fast, on a million games: `arcade-bench --store`.)
    @Test func aLongHistoryOpensAndRecordsThroughItsIndexes() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let count = 10_000
            _ = try ArcadeStore(directory: folder)
            // The games made in one statement, as `arcade-bench --store` makes its million.
            try SQLiteDatabase(path: path).execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO finished_games (game, score, player, finished_at)
                SELECT CASE i % 5 WHEN 0 THEN 'set' WHEN 1 THEN 'memory' WHEN 2 THEN 'slots'
                       WHEN 3 THEN 'temples' ELSE 'blackjack' END, (i * 7919) % 100000, 'ann', '2026-12-01 10:00'
                FROM n
                """)
            // The first start after a change made outside the arcade reads the whole file
            // through (`quick_check`) and leaves its mark at the quit; the starts after it do not.
            #expect(!ArcadeStore.isAsLeft(path), "a store changed outside the arcade is checked at the next start")
            _ = try ArcadeStore(directory: folder)
            #expect(ArcadeStore.isAsLeft(path), "a store the arcade closed as it was is not checked again")
            let store = try ArcadeStore(directory: folder)
            for (remainder, name) in ["set", "memory", "slots", "temples", "blackjack"].enumerated() {
                let scores = stride(from: remainder == 0 ? 5 : remainder, through: count, by: 5).map { $0 * 7919 % 100_000 }
                #expect(try store.best(of: name).map(\.score) == Array(scores.sorted(by: >).prefix(10)), "\(name)")
            }
            _ = try store.savedGames()
            for number in 1...5 { try store.record(game(100_000 + number)) }
            #expect(try store.best(of: "set", limit: 1).first?.score == 100_005)
            #expect(try store.count(of: "set") == count / 5 + 5)
            // The list is read from the rank index in its order: no game outside the ten is read.
            let plan = try SQLiteDatabase(path: path).rows("""
                EXPLAIN QUERY PLAN SELECT id, mode, score, duration, seed, player, finished_at FROM finished_games
                WHERE game = 'set' ORDER BY score DESC, id ASC LIMIT 10
                """).compactMap { $0.last?.text }.joined(separator: " ")
            #expect(plan.contains("finished_games_by_rank") && !plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }
}

/// The learn-mode queries count in SQLite what reading every card would count: one deck's
/// cards for the screen that opens it, the due count for the menu, each deck's figures and
/// the days' reviews for the statistics page, a damaged row left out as the app leaves it out.
@Suite struct LearnQueryTests {
    private static let scale = LearnScale(topBox: 6, knownBox: 3, leechMisses: 8, dayLimit: 10_000_000)
    private static let today = 20_000

    private func withStore(_ body: (ArcadeStore, SQLiteDatabase) throws -> Void) throws {
        var template = Array("/tmp/arcade-learn-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        let folder = try #require(made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try ArcadeStore(directory: folder)
        try body(store, try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName))
    }

    @Test func eachDecksFiguresAndTheMenusDueCountAreCountedWhereTheCardsAre() throws {
        try withStore { store, file in
            // Built-in: 3 due (one a leech), 1 waiting, 1 known and waiting; then rows no answer
            // leaves: a box past the top, more misses than reviews, a real due day, text, the
            // smallest Int64, box 0 with reviews. Another deck, another player.
            try file.execute("""
                INSERT INTO learn_cards (deck, player, card, box, due_day, reviews, misses, last_miss_day) VALUES
                ('built-in', 'ann', 'a.png', 1, 19999, 3, 1, 19998), ('built-in', 'ann', 'b.png', 2, 20000, 2, 0, NULL),
                ('built-in', 'ann', 'c.png', 1, 19000, 20, 9, 18000), ('built-in', 'ann', 'd.png', 2, 20001, 2, 0, NULL),
                ('built-in', 'ann', 'e.png', 4, 20030, 9, 1, NULL),
                ('built-in', 'ann', 'x1.png', 7, 19000, 9, 0, NULL), ('built-in', 'ann', 'x2.png', 1, 19000, 1, 2, NULL),
                ('built-in', 'ann', 'x3.png', 1, 19000.5, 1, 0, NULL), ('built-in', 'ann', 'x4.png', 'one', 19000, 1, 0, NULL),
                ('built-in', 'ann', 'x5.png', 1, -9223372036854775808, 1, 0, NULL),
                ('built-in', 'ann', 'x6.png', 0, 19000, 2, 0, NULL), ('built-in', 'ann', 'x7.png', 1, 10000000, 1, 0, NULL),
                ('folder:/photos', 'ann', 'png:1', 3, 19990, 5, 0, NULL), ('folder:/photos', 'ann', 'png:2', 6, 20100, 12, 8, 19000),
                ('built-in', 'bo', 'a.png', 1, 19000, 1, 0, NULL);
                INSERT INTO learn_days (deck, player, day, reviews, correct) VALUES
                ('built-in', 'ann', 20000, 4, 3), ('folder:/photos', 'ann', 20000, 2, 2), ('built-in', 'ann', 19990, 1, 0),
                ('built-in', 'ann', 19999, 2, 5), ('built-in', 'ann', 19950, 7, 7), ('built-in', 'bo', 20000, 9, 9);
                """)
            #expect(try store.learnDueCount(player: "ann", deck: "built-in", on: Self.today, scale: Self.scale) == 3)
            #expect(try store.learnDueCount(player: "ann", deck: "built-in", on: Self.today + 1, scale: Self.scale) == 4)
            #expect(try store.learnDueCount(player: "ann", deck: "folder:/photos", on: Self.today, scale: Self.scale) == 1)
            #expect(try store.learnDueCount(player: "cy", deck: "built-in", on: Self.today, scale: Self.scale) == 0)

            let decks = try store.learnDecks(player: "ann", on: Self.today, scale: Self.scale).sorted { $0.deck < $1.deck }
            #expect(decks == [
                LearnDeckCounts(deck: "built-in", cards: 5, due: 3, learning: 4, known: 1, leeches: 1),
                LearnDeckCounts(deck: "folder:/photos", cards: 2, due: 1, learning: 0, known: 2, leeches: 1),
            ])
            // The days of every deck together; a day's row with more right than reviewed is left out.
            #expect(try store.reviewTotals(player: "ann", from: 19_971)
                    == [20_000: Tally(right: 5, total: 6), 19_990: Tally(right: 0, total: 1)])

            // The screen that opens a deck reads that deck's cards, whole numbers only.
            let builtIn = try store.learnProgress(player: "ann", deck: "built-in")
            #expect(Set(builtIn.keys) == ["a.png", "b.png", "c.png", "d.png", "e.png", "x1.png", "x2.png", "x6.png", "x7.png"])
            #expect(builtIn["a.png"] == StoredCardProgress(box: 1, dueDay: 19_999, reviews: 3, misses: 1, lastMissDay: 19_998))
            #expect(try store.learnProgress(player: "ann", deck: "folder:/photos").count == 2)
        }
    }
}
