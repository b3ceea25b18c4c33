import CSQLite
import Glibc

/// One finished game as the store keeps it.
public struct FinishedGame: Equatable, Sendable {
    public var game: String
    /// The mode or level played ("3-digit", "Hard"), when the game has several.
    public var mode: String?
    public var score: Int
    /// The game's own figures (sets found, a time...), by name.
    public var figures: [String: String]
    /// Seconds played, when known.
    public var duration: Double?
    public var seed: UInt64?
    public var player: String
    /// When it finished, as the score lists show it ("2026-12-01 15:30").
    public var finishedAt: String

    public init(game: String, mode: String? = nil, score: Int, figures: [String: String] = [:],
                duration: Double? = nil, seed: UInt64? = nil, player: String, finishedAt: String) {
        self.game = game
        self.mode = mode
        self.score = score
        self.figures = figures
        self.duration = duration
        self.seed = seed
        self.player = player
        self.finishedAt = finishedAt
    }
}

/// Why the store could not be opened or written.
public enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Something other than a regular file stands where the database goes (a link, a FIFO,
    /// a folder): it is left alone.
    case notRegularFile(String)
    /// The database was made by a newer arcade (its schema version is higher than this one knows).
    case newerSchema(path: String, version: Int)
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .notRegularFile(let path): return "\(path) is not a regular file; it was left as it is"
        case .newerSchema(let path, let version):
            return "\(path) was written by a newer arcade (schema \(version)); it was left as it is"
        case .sqlite(let error): return error.description
        }
    }
}

/// The arcade's store: one SQLite database, `arcade.sqlite3` in the data folder.
///
/// WAL mode and a busy timeout let two arcades use it at once; every write is one
/// transaction, so a process killed at any moment leaves the last committed state. The
/// schema is versioned with `PRAGMA user_version` and brought up to date by `migrations`,
/// one step per version. A file that is damaged or not a database is moved aside
/// (`arcade.sqlite3.corrupt-<time>`) and a fresh store started; `notice` says so.
public final class ArcadeStore {
    public static let fileName = "arcade.sqlite3"
    /// How long a write waits for another arcade's write to finish.
    public static let busyTimeoutMilliseconds = 2000

    /// The schema, one step per version: step `n` takes a store at version `n` to `n + 1`.
    static let migrations: [String] = [
        // 1: finished games and their figures, high scores as queries over them; saved games;
        // marks of what was done once (the import of scores.json).
        """
        CREATE TABLE finished_games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            mode TEXT,
            score INTEGER NOT NULL,
            duration REAL,
            seed INTEGER,
            player TEXT NOT NULL,
            finished_at TEXT NOT NULL
        );
        CREATE INDEX finished_games_by_score ON finished_games (game, score);
        CREATE TABLE game_figures (
            game_id INTEGER NOT NULL REFERENCES finished_games (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (game_id, name)
        );
        CREATE TABLE saved_games (
            game TEXT PRIMARY KEY,
            state TEXT NOT NULL,
            summary TEXT NOT NULL,
            seed INTEGER,
            saved_at REAL NOT NULL
        );
        CREATE TABLE store_meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """,
        // 2: for the statistics page: each game's last results, newest first, without a sort,
        // and its count and score total kept up to date by triggers, so the average does not
        // read every row of a game.
        """
        CREATE INDEX finished_games_by_time ON finished_games (game, finished_at);
        CREATE TABLE game_totals (
            game TEXT PRIMARY KEY,
            played INTEGER NOT NULL,
            score_total INTEGER NOT NULL
        );
        INSERT INTO game_totals (game, played, score_total)
            SELECT game, count(*), sum(score) FROM finished_games GROUP BY game;
        CREATE TRIGGER game_totals_on_insert AFTER INSERT ON finished_games BEGIN
            INSERT INTO game_totals (game, played, score_total) VALUES (new.game, 1, new.score)
            ON CONFLICT (game) DO UPDATE SET played = played + 1, score_total = score_total + new.score;
        END;
        CREATE TRIGGER game_totals_on_delete AFTER DELETE ON finished_games BEGIN
            UPDATE game_totals SET played = played - 1, score_total = score_total - old.score
            WHERE game = old.game;
        END;
        CREATE TRIGGER game_totals_on_update AFTER UPDATE OF game, score ON finished_games BEGIN
            UPDATE game_totals SET played = played - 1, score_total = score_total - old.score
            WHERE game = old.game;
            INSERT INTO game_totals (game, played, score_total) VALUES (new.game, 1, new.score)
            ON CONFLICT (game) DO UPDATE SET played = played + 1, score_total = score_total + new.score;
        END;
        """,
    ]

    /// The schema version this arcade writes.
    public static var schemaVersion: Int { migrations.count }

    public let path: String
    /// What opening found that the player should be told (a damaged store moved aside, a
    /// store that can only be read).
    public private(set) var notice: String?
    /// True when the file could be opened only for reading (a read-only folder or file):
    /// what it holds is shown, and every write fails with a named error.
    public private(set) var isReadOnly = false
    /// The connection (internal: the statistics queries live in a file of their own).
    let database: SQLiteDatabase

    /// Open (or create) the store in `directory`. `now` gives the time for the name of a
    /// damaged file moved aside.
    public init(directory: String, now: () -> Int = { time(nil) }) throws(StoreError) {
        path = directory + "/" + Self.fileName
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            throw .notRegularFile(path)
        }
        do {
            database = try Self.open(path)
        } catch let error where error.isCorrupt {
            let aside = path + ".corrupt-\(now())"
            guard rename(path, aside) == 0 else { throw .sqlite(error) }
            for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
            notice = "The arcade's store was damaged and was moved aside to \(aside); a new one was started."
            do { database = try Self.open(path) } catch { throw .sqlite(error) }
        } catch let error where Self.mayBeReadable(error) && access(path, F_OK) == 0 {
            // A folder or file the arcade may not write: show what is there, keep nothing new.
            do { database = try Self.open(path, readOnly: true) } catch { throw .sqlite(error) }
            isReadOnly = true
            notice = "The arcade's store \(path) can only be read (\(error.message)); new results will not be kept."
        } catch {
            throw .sqlite(error)
        }
        if isReadOnly {
            let found = try version()
            guard found == Self.schemaVersion else { throw .newerSchema(path: path, version: found) }
        } else {
            try migrate()
        }
    }

    /// Opening for writing failed in a way that opening only for reading may not.
    private static func mayBeReadable(_ error: SQLiteError) -> Bool {
        [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_IOERR].contains(error.code)
    }

    /// A connection with the store's settings; fails with a corrupt error on a file that is
    /// not a database.
    private static func open(_ path: String, readOnly: Bool = false) throws(SQLiteError) -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path, readOnly: readOnly)
        if !readOnly { try database.rows("PRAGMA journal_mode = WAL") }
        // In WAL mode NORMAL still keeps every commit through a crash or a kill (only a power
        // cut can lose the last ones, never the file), and a commit does not wait for the disk.
        try database.execute("""
            PRAGMA busy_timeout = \(busyTimeoutMilliseconds); PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL
            """)
        // Reading the schema finds a damaged header or a file that is not a database.
        try database.rows("SELECT count(*) FROM sqlite_schema")
        return database
    }

    /// The schema version of the file.
    public func version() throws(StoreError) -> Int {
        do {
            return Int(try database.rows("PRAGMA user_version").first?.first?.integer ?? 0)
        } catch {
            throw .sqlite(error)
        }
    }

    /// Bring the schema up to `schemaVersion`, one transaction per step.
    private func migrate() throws(StoreError) {
        let found = try version()
        guard found <= Self.schemaVersion else { throw .newerSchema(path: path, version: found) }
        do {
            for step in found..<Self.schemaVersion {
                try database.transaction { () throws(SQLiteError) in
                    try database.execute(Self.migrations[step])
                    try database.execute("PRAGMA user_version = \(step + 1)")
                }
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// Keep `game`, with its figures, in one transaction; returns its row id. With
    /// `forgettingSavedGame`, the game's saved game (the one just finished) goes in the same
    /// transaction.
    @discardableResult
    public func record(_ game: FinishedGame, forgettingSavedGame: Bool = false) throws(StoreError) -> Int64 {
        do {
            return try database.transaction { () throws(SQLiteError) -> Int64 in
                if forgettingSavedGame {
                    try database.rows("DELETE FROM saved_games WHERE game = ?", [.text(game.game)])
                }
                return try insert(game)
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// Keep `games` once: they and the mark `marker` are written in one transaction, so an
    /// import interrupted at any moment is either whole or not there. False when the mark
    /// was already there (the import had happened; nothing is written again).
    public func importOnce(_ games: [FinishedGame], marker: String) throws(StoreError) -> Bool {
        do {
            return try database.transaction { () throws(SQLiteError) -> Bool in
                let done = try database.rows("SELECT 1 FROM store_meta WHERE key = ?", [.text(marker)])
                guard done.isEmpty else { return false }
                for game in games { _ = try insert(game) }
                try database.rows("INSERT INTO store_meta (key, value) VALUES (?, 'done')", [.text(marker)])
                return true
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// Keep every game of `games` in one transaction (an import).
    public func record(all games: [FinishedGame]) throws(StoreError) {
        do {
            try database.transaction { () throws(SQLiteError) in
                for game in games { _ = try insert(game) }
            }
        } catch {
            throw .sqlite(error)
        }
    }

    private func insert(_ game: FinishedGame) throws(SQLiteError) -> Int64 {
        let row = try database.rows("""
            INSERT INTO finished_games (game, mode, score, duration, seed, player, finished_at)
            VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [.text(game.game), game.mode.map(SQLiteValue.text) ?? .null, .integer(Int64(game.score)),
                  game.duration.map(SQLiteValue.real) ?? .null,
                  game.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null,
                  .text(game.player), .text(game.finishedAt)])
        let id = row.first?.first?.integer ?? 0
        for (name, value) in game.figures.sorted(by: { $0.key < $1.key }) {
            try database.rows("INSERT INTO game_figures (game_id, name, value) VALUES (?, ?, ?)",
                              [.integer(id), .text(name), .text(value)])
        }
        return id
    }

    /// The best `limit` games of `game`, best first (ties: the earlier first): the high-score
    /// list, a query over the history.
    public func best(of game: String, limit: Int = 10, higherIsBetter: Bool = true) throws(StoreError) -> [FinishedGame] {
        do {
            let order = higherIsBetter ? "DESC" : "ASC"
            let rows = try database.rows("""
                SELECT id, mode, score, duration, seed, player, finished_at FROM finished_games
                WHERE game = ? ORDER BY score \(order), id ASC LIMIT ?
                """, [.text(game), .integer(Int64(max(0, limit)))])
            return try rows.map { row throws(SQLiteError) in
                let id = row[0].integer ?? 0
                var figures: [String: String] = [:]
                for figure in try database.rows("SELECT name, value FROM game_figures WHERE game_id = ?", [.integer(id)]) {
                    if let name = figure[0].text, let value = figure[1].text { figures[name] = value }
                }
                return FinishedGame(game: game, mode: row[1].text, score: Int(row[2].integer ?? 0), figures: figures,
                                    duration: row[3].real, seed: row[4].integer.map { UInt64(bitPattern: $0) },
                                    player: row[5].text ?? "", finishedAt: row[6].text ?? "")
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// How many finished games of `game` the store holds.
    public func count(of game: String) throws(StoreError) -> Int {
        do {
            return Int(try database.rows("SELECT count(*) FROM finished_games WHERE game = ?", [.text(game)])
                .first?.first?.integer ?? 0)
        } catch {
            throw .sqlite(error)
        }
    }

    // MARK: - Saved games

    /// Keep `save` as its game's saved game, replacing the one before.
    public func save(_ save: StoredSave) throws(StoreError) {
        do {
            try database.transaction { () throws(SQLiteError) in
                try database.rows("""
                    INSERT OR REPLACE INTO saved_games (game, state, summary, seed, saved_at) VALUES (?, ?, ?, ?, ?)
                    """, [.text(save.game), .text(save.state), .text(save.summary),
                          save.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null, .real(save.savedAt)])
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// Every game's saved game (one per game at most).
    public func savedGames() throws(StoreError) -> [StoredSave] {
        do {
            return try database.rows("SELECT game, state, summary, seed, saved_at FROM saved_games ORDER BY game").map { row in
                StoredSave(game: row[0].text ?? "", state: row[1].text ?? "", summary: row[2].text ?? "",
                           seed: row[3].integer.map { UInt64(bitPattern: $0) }, savedAt: row[4].real ?? 0)
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// Drop `game`'s saved game, if it has one.
    public func forgetSavedGame(_ game: String) throws(StoreError) {
        do {
            try database.transaction { () throws(SQLiteError) in
                try database.rows("DELETE FROM saved_games WHERE game = ?", [.text(game)])
            }
        } catch {
            throw .sqlite(error)
        }
    }
}

/// A game left in progress, as the store keeps it: the game's own state as text, the words
/// the resume offer shows, its seed and when it was left (seconds since 1970).
public struct StoredSave: Equatable, Sendable {
    public var game: String
    public var state: String
    public var summary: String
    public var seed: UInt64?
    public var savedAt: Double

    public init(game: String, state: String, summary: String, seed: UInt64? = nil, savedAt: Double) {
        self.game = game
        self.state = state
        self.summary = summary
        self.seed = seed
        self.savedAt = savedAt
    }
}
