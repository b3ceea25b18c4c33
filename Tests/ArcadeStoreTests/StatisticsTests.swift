import Foundation
import Glibc
import Testing

import ArcadeRecords

@testable import ArcadeStore

/// The statistics queries against real SQLite files in a temporary folder, with history
/// the tests make.
@Suite struct StatisticsTests {
    private func withStore(_ body: (ArcadeStore, String) throws -> Void) throws {
        var template = Array("/tmp/arcade-stats-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        let folder = try #require(made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(try ArcadeStore(directory: folder), folder)
    }

    private func game(_ score: Int, at minute: Int, name: String = "set", figures: [String: String] = [:],
                      mode: String? = nil, duration: Double? = nil) -> FinishedGame {
        let hour = 10 + minute / 60, rest = minute % 60
        return FinishedGame(game: name, mode: mode, score: score, figures: figures, duration: duration, player: "ann",
                            finishedAt: "2026-12-01 \(hour):\(rest < 10 ? "0" : "")\(rest)")
    }

    @Test func anEmptyStoreHasNoHistory() throws {
        try withStore { store, _ in
            let history = try store.history(of: "set")
            #expect(history == GameHistory(game: "set"))
        }
    }

    @Test func theTotalsCoverEveryGameAndTheBestFollowsTheOrder() throws {
        try withStore { store, _ in
            for (minute, score) in [12, 40, 7, 21].enumerated() { try store.record(game(score, at: minute)) }
            try store.record(game(99, at: 0, name: "memory"))
            let history = try store.history(of: "set")
            #expect(history.played == 4 && history.best == 40 && history.average == 20)
            #expect(try store.history(of: "set", higherIsBetter: false).best == 7)
            #expect(try store.history(of: "memory").played == 1, "another game's rows are not counted")
        }
    }

    @Test func theTotalsFollowGamesChangedOrRemoved() throws {
        try withStore { store, folder in
            for (minute, score) in [10, 20, 30].enumerated() { try store.record(game(score, at: minute)) }
            let database = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            try database.execute("DELETE FROM finished_games WHERE score = 30; UPDATE finished_games SET score = 40 WHERE score = 10")
            let history = try store.history(of: "set")
            #expect(history.played == 2 && history.best == 40 && history.average == 30)
        }
    }

    @Test func theLastThirtyComeOldestFirstWithTheirFigures() throws {
        try withStore { store, _ in
            // Recorded out of order (as an import of a best-first list is): the time decides.
            let games = (0..<40).map { game($0 * 3, at: $0, figures: ["sets": "\($0)", "time": "1:0\($0 % 10)"]) }
            try store.record(all: Array(games[20...]) + Array(games[..<20]))
            let history = try store.history(of: "set")
            #expect(history.played == 40)
            #expect(history.recent.count == 30)
            #expect(history.recent.map(\.score) == (10..<40).map { $0 * 3 })
            #expect(history.recent.first?.finishedAt == "2026-12-01 10:10")
            #expect(history.recent.last?.figures == ["sets": "39", "time": "1:09"])
            #expect(try store.history(of: "set", recent: 3).recent.map(\.score) == [111, 114, 117])
        }
    }

    @Test func gamesFinishedTheSameMinuteKeepTheOrderTheyWereKeptIn() throws {
        try withStore { store, _ in
            for score in [5, 3, 9] { try store.record(game(score, at: 0, mode: "Hard", duration: 30)) }
            let recent = try store.history(of: "set").recent
            #expect(recent.map(\.score) == [5, 3, 9])
            #expect(recent.allSatisfy { $0.mode == "Hard" && $0.duration == 30 })
        }
    }

    @Test func anOlderStoreGetsTheTimeIndexAndKeepsItsGames() throws {
        try withStore { _, folder in
            let path = folder + "/" + ArcadeStore.fileName
            let database = try SQLiteDatabase(path: path)
            try database.execute("""
                DROP INDEX finished_games_by_time; DROP TRIGGER game_totals_on_insert;
                DROP TRIGGER game_totals_on_delete; DROP TRIGGER game_totals_on_update;
                DROP TABLE game_totals; DROP INDEX finished_games_by_rank; DROP INDEX finished_games_by_run;
                DROP INDEX finished_games_by_mode_time; DROP INDEX finished_games_by_mode_rank;
                ALTER TABLE finished_games DROP COLUMN run; DROP TABLE saved_games;
                CREATE TABLE saved_games (game TEXT PRIMARY KEY, state TEXT NOT NULL, summary TEXT NOT NULL,
                                          seed INTEGER, saved_at REAL NOT NULL);
                DROP TABLE settings; DROP TABLE daily_results; DROP TABLE tallies; DROP TABLE learn_cards; DROP TABLE learn_days;
                PRAGMA user_version = 1;
                INSERT INTO finished_games (game, score, player, finished_at) VALUES ('set', 4, 'ann', 'x'), ('set', 6, 'ann', 'y');
                """)
            let store = try ArcadeStore(directory: folder)
            #expect(try store.version() == ArcadeStore.schemaVersion)
            let history = try store.history(of: "set")
            #expect(history.recent.map(\.score) == [4, 6] && history.played == 2 && history.average == 5)
            try store.record(game(11, at: 0))
            #expect(try store.history(of: "set").average == 7, "the totals go on from the games already kept")
            let plan = try SQLiteDatabase(path: path).rows("""
                EXPLAIN QUERY PLAN SELECT id FROM finished_games WHERE game = 'set'
                ORDER BY finished_at DESC, id DESC LIMIT 30
                """).compactMap { $0.last?.text }.joined(separator: " ")
            #expect(plan.contains("finished_games_by_time") && !plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }

    /// Scores a hand edit or an old import put in the file: a real beyond any integer is held
    /// at `Int.max` (or `Int.min`), a fraction rounded, and text is no score, nor the best.
    @Test func scoresOfAnyKindAreReadAsIntegersWithoutATrap() throws {
        try withStore { store, folder in
            let database = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            try database.execute("""
                INSERT INTO finished_games (game, score, player, finished_at) VALUES
                    ('set', 1e300, 'ann', '1'), ('set', 'abc', 'ann', '2'), ('set', -9.5e18, 'ann', '3'),
                    ('set', 12.5, 'ann', '4'), ('set', 9223372036854775807, 'ann', '5'),
                    ('memory', 'abc', 'ann', '1'), ('memory', 2.4, 'ann', '2'), ('memory', 9e999, 'ann', '3'),
                    ('temples', 'abc', 'ann', '1')
                """)
            let set = try store.history(of: "set")
            #expect(set.recent.map(\.score) == [.max, 0, .min, 13, .max])
            #expect(set.played == 5 && set.best == .max)
            #expect(try store.history(of: "set", higherIsBetter: false).best == .min)
            let memory = try store.history(of: "memory")
            #expect(memory.best == .max && memory.average == .infinity, "9e999 is SQLite's infinity")
            #expect(try store.history(of: "memory", higherIsBetter: false).best == 2, "text is no score")
            let temples = try store.history(of: "temples")
            #expect(temples.played == 1 && temples.best == nil && temples.recent.map(\.score) == [0], "only text")
            let plan = try database.rows("""
                EXPLAIN QUERY PLAN SELECT max(score) FROM finished_games WHERE game = 'set' AND score < ''
                """).compactMap { $0.last?.text }.joined(separator: " ")
            #expect(plan.contains("finished_games_by_score"), "\(plan)")
        }
    }

    /// A long history: the count and average come from the totals the triggers keep (not a
    /// count of every game), the last results from the time index, and every game's history
    /// is right. (How fast, on a million games: `arcade-bench --store`.)
    @Test func aLongHistoryAnswersTheStatisticsFromTheKeptTotals() throws {
        try withStore { store, folder in
            let count = 10_000
            let database = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            try database.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO finished_games (game, score, player, finished_at)
                SELECT CASE i % 5 WHEN 0 THEN 'set' WHEN 1 THEN 'memory' WHEN 2 THEN 'slots'
                       WHEN 3 THEN 'temples' ELSE 'blackjack' END, (i * 7919) % 100000, 'ann',
                       '2026-12-01 ' || printf('%07d', i)
                FROM n
                """)
            let histories = try ["set", "memory", "slots", "temples", "blackjack"].map { try store.history(of: $0) }
            #expect(histories.allSatisfy { $0.played == count / 5 && $0.recent.count == ArcadeStore.recentLimit })
            #expect(histories.first?.recent.last?.finishedAt == "2026-12-01 00\(count)")
            let sets = stride(from: 5, through: count, by: 5).map { $0 * 7919 % 100_000 }
            #expect(histories.first?.best == sets.max())
            #expect(histories.first?.average == Double(sets.reduce(0, +)) / Double(sets.count))
            // The count is the kept total's: a total changed by hand is what the page shows.
            try database.execute("UPDATE game_totals SET played = 7 WHERE game = 'memory'")
            #expect(try store.history(of: "memory").played == 7)
        }
    }
}
