import ArcadeRecords
import CSQLite
import Glibc

/// What a store file holds, read without changing it: for the harness, the benchmark and the
/// torture run, which check that an arcade killed or hung up at any moment left a store
/// that opens, passes SQLite's integrity check and holds what was recorded.
public struct StoreInspection: Equatable, Sendable {
    /// Nil when the file opens read-only and `PRAGMA integrity_check` says "ok".
    public var problem: String?
    /// Each game's recorded scores, in the order they were recorded.
    public var scores: [String: [Int]]
    /// The figures of each of those games, in the same order.
    public var figures: [String: [[String: String]]] = [:]
    /// The games with a saved game.
    public var savedGames: [String]

    /// The store at `path`, or nil when there is no file there.
    public static func inspect(path: String) -> StoreInspection? {
        guard access(path, F_OK) == 0 else { return nil }
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            try database.execute("PRAGMA busy_timeout = \(ArcadeStore.busyTimeoutMilliseconds)")
            let verdict = try database.rows("PRAGMA integrity_check").compactMap { $0.first?.text }
            guard verdict == ["ok"] else {
                return StoreInspection(problem: "integrity check: " + verdict.prefix(3).joined(separator: "; "),
                                       scores: [:], savedGames: [])
            }
            var scores: [String: [Int]] = [:]
            var figures: [String: [[String: String]]] = [:]
            for row in try database.rows("SELECT game, score, id FROM finished_games ORDER BY id") {
                let game = row[0].text ?? ""
                scores[game, default: []].append(Int(row[1].integer ?? 0))
                var named: [String: String] = [:]
                for figure in try database.rows("SELECT name, value FROM game_figures WHERE game_id = ?", [row[2]]) {
                    named[figure[0].text ?? ""] = figure[1].text ?? ""
                }
                figures[game, default: []].append(named)
            }
            let saved = try database.rows("SELECT DISTINCT game FROM saved_games ORDER BY game").compactMap { $0.first?.text }
            var inspection = StoreInspection(problem: nil, scores: scores, savedGames: saved)
            inspection.figures = figures
            return inspection
        } catch {
            return StoreInspection(problem: error.description, scores: [:], savedGames: [])
        }
    }
}
