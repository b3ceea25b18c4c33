import ArcadeRecords
import CSQLite
import Glibc


/// Why the store could not be opened or written.
public enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Something other than a regular file stands where the database goes (a link, a FIFO,
    /// a folder): it is left alone.
    case notRegularFile(String)
    /// The database was made by a newer arcade (its schema version is higher than this one knows).
    case newerSchema(path: String, version: Int)
    /// The database is of an older schema and may only be read here, so it cannot be brought up
    /// to date (a read-only folder, `arcade stats --json`).
    case olderSchema(path: String, version: Int)
    /// The database is not the arcade's (another program's application id, or tables the
    /// arcade does not make) and may only be read here: it is left as it is.
    case notArcadeStore(path: String, tables: [String])
    /// A file SQLite keeps beside the store (`-wal`, `-shm`, `-journal`) is not a regular file:
    /// SQLite would not write through it, so the store is not opened.
    case sideFileNotRegular(path: String, kind: String)
    /// The `-wal` beside the store is another database's and could not be moved aside.
    case foreignLog(path: String)
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .notRegularFile(let path): return "\(path) is not a regular file; it was left as it is"
        case .newerSchema(let path, let version):
            return "\(path) was written by a newer arcade (schema \(version)); it was left as it is"
        case .olderSchema(let path, let version):
            return "\(path) is of an older arcade (schema \(version)) and cannot be updated here; start the arcade once where it can write"
        case .notArcadeStore(let path, let tables):
            return "\(path) is not an arcade store (\(ArcadeStore.notArcadeReason(tables))); it was left as it is"
        case .sideFileNotRegular(let path, let kind):
            return "\(path) (the store's \(path.hasSuffix("-wal") ? "log" : "SQLite file")) is \(kind), not a regular file; "
                + "the arcade does not write through it, and left it as it is"
        case .foreignLog(let path):
            return "\(path) is the log of another database and could not be moved aside; the store was not opened"
        case .sqlite(let error):
            if error.file.isEmpty { return error.reason }
            // A refused write names the store in its own words; anything else after the file's name.
            return error.writeRefusal?.words(naming: "the store \(error.file)") ?? "\(error.file): \(error.reason)"
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
///
/// Before SQLite writes anything, the file is checked (`StoreCheck.swift`): a `-wal` of
/// another database is moved aside, never replayed into the store; another program's
/// database is moved aside (`.foreign-<time>`), never migrated; a damaged store, or one
/// lacking tables, is copied row by row into a new one.
public final class ArcadeStore {
    public static let fileName = "arcade.sqlite3"
    /// The most heap SQLite has held at once in this process, in bytes (the store's process
    /// tests hold it down); counted only when `countsSQLiteMemory` was set before the first
    /// store was opened.
    public static var sqliteMemoryHighWater: Int64 { SQLiteDatabase.memoryHighWater }
    /// Whether SQLite counts its heap, for `sqliteMemoryHighWater` (off: counting takes a
    /// global mutex at every allocation). Set before the first store is opened (or inspected).
    public static var countsSQLiteMemory: Bool {
        get { SQLiteDatabase.countsMemory }
        set { SQLiteDatabase.countsMemory = newValue }
    }
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
            SELECT game, count(*), total(score) FROM finished_games GROUP BY game;
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
        // 3: the high-score lists (best first, ties in the order played) read straight from an
        // index even when thousands of games tie at the top; and a game's run, so a result
        // that grows (a Slots machine's best, left and resumed) replaces its earlier row.
        """
        CREATE INDEX finished_games_by_rank ON finished_games (game, score DESC, id);
        ALTER TABLE finished_games ADD COLUMN run TEXT;
        CREATE INDEX finished_games_by_run ON finished_games (game, run) WHERE run IS NOT NULL;
        """,
        // 4: the session of play a saved game belongs to, which names its runs.
        """
        ALTER TABLE saved_games ADD COLUMN session TEXT;
        """,
        // 5: settings the player chose on a screen (Set's card style), and each day's result of
        // a daily puzzle, the first one finished kept.
        """
        CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE daily_results (
            game TEXT NOT NULL,
            day TEXT NOT NULL,
            player TEXT NOT NULL,
            seconds REAL NOT NULL,
            misses INTEGER NOT NULL,
            found INTEGER NOT NULL,
            finished_at TEXT NOT NULL,
            PRIMARY KEY (game, day, player)
        );
        """,
        // 6: how often each kind of decision was right (the Blackjack coach's record by hand
        // and dealer card, "hard 16 v 10"), summed as the player plays.
        """
        CREATE TABLE tallies (
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            key TEXT NOT NULL,
            correct INTEGER NOT NULL,
            total INTEGER NOT NULL,
            PRIMARY KEY (game, player, key)
        );
        """,
        // 7: the Temples learn mode: each card's Leitner box and due day per deck (a deck is
        // "built-in" or a folder; a card of a folder is named by its picture's bytes, so a
        // renamed file keeps its history), and each day's reviews, for the 30-day chart.
        """
        CREATE TABLE learn_cards (
            deck TEXT NOT NULL,
            player TEXT NOT NULL,
            card TEXT NOT NULL,
            box INTEGER NOT NULL,
            due_day INTEGER NOT NULL,
            reviews INTEGER NOT NULL,
            misses INTEGER NOT NULL,
            last_miss_day INTEGER,
            PRIMARY KEY (deck, player, card)
        );
        CREATE TABLE learn_days (
            deck TEXT NOT NULL,
            player TEXT NOT NULL,
            day INTEGER NOT NULL,
            reviews INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            PRIMARY KEY (deck, player, day)
        );
        """,
        // 8: modes. A saved game per game and mode (a classic Set game and a daily puzzle are
        // kept side by side); the saves kept so far keep their rows, under the mode '' (not
        // known yet: the arcade reads it from the save). The totals per game and mode ('' for
        // a game kept without one), and indexes that answer a mode's best and last games.
        """
        CREATE TABLE saved_games_by_mode (
            game TEXT NOT NULL,
            mode TEXT NOT NULL DEFAULT '',
            state TEXT NOT NULL,
            summary TEXT NOT NULL,
            seed INTEGER,
            session TEXT,
            saved_at REAL NOT NULL,
            PRIMARY KEY (game, mode)
        );
        INSERT INTO saved_games_by_mode (game, mode, state, summary, seed, session, saved_at)
            SELECT game, '', state, summary, seed, session, saved_at FROM saved_games;
        DROP TABLE saved_games;
        ALTER TABLE saved_games_by_mode RENAME TO saved_games;
        DROP TRIGGER game_totals_on_insert;
        DROP TRIGGER game_totals_on_delete;
        DROP TRIGGER game_totals_on_update;
        DROP TABLE game_totals;
        CREATE TABLE game_totals (
            game TEXT NOT NULL,
            mode TEXT NOT NULL,
            played INTEGER NOT NULL,
            score_total INTEGER NOT NULL,
            PRIMARY KEY (game, mode)
        );
        INSERT INTO game_totals (game, mode, played, score_total)
            SELECT game, coalesce(mode, ''), count(*), total(score) FROM finished_games GROUP BY game, coalesce(mode, '');
        CREATE TRIGGER game_totals_on_insert AFTER INSERT ON finished_games BEGIN
            INSERT INTO game_totals (game, mode, played, score_total) VALUES (new.game, coalesce(new.mode, ''), 1, new.score)
            ON CONFLICT (game, mode) DO UPDATE SET played = played + 1, score_total = score_total + new.score;
        END;
        CREATE TRIGGER game_totals_on_delete AFTER DELETE ON finished_games BEGIN
            UPDATE game_totals SET played = played - 1, score_total = score_total - old.score
            WHERE game = old.game AND mode = coalesce(old.mode, '');
        END;
        CREATE TRIGGER game_totals_on_update AFTER UPDATE OF game, mode, score ON finished_games BEGIN
            UPDATE game_totals SET played = played - 1, score_total = score_total - old.score
            WHERE game = old.game AND mode = coalesce(old.mode, '');
            INSERT INTO game_totals (game, mode, played, score_total) VALUES (new.game, coalesce(new.mode, ''), 1, new.score)
            ON CONFLICT (game, mode) DO UPDATE SET played = played + 1, score_total = score_total + new.score;
        END;
        CREATE INDEX finished_games_by_mode_time ON finished_games (game, mode, finished_at);
        CREATE INDEX finished_games_by_mode_rank ON finished_games (game, mode, score DESC, id);
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
    /// The device and inode of the file the connection opened: another arcade may have moved
    /// it aside and started a new one at the same path since.
    private var identity: (device: UInt64, inode: UInt64)?

    /// True when the file at `path` is still the one this store opened.
    public var isStillAtItsPath: Bool {
        guard let identity else { return false }
        var status = stat()
        return lstat(path, &status) == 0 && UInt64(status.st_dev) == identity.device
            && UInt64(status.st_ino) == identity.inode
    }

    /// How long a write waits for another arcade's (a short wait as the arcade exits, where
    /// a signal gives it a second to leave).
    public func setBusyTimeout(milliseconds: Int) {
        try? database.execute("PRAGMA busy_timeout = \(max(0, milliseconds))")
    }

    /// Open (or create) the store in `directory`. `now` gives the time for the name of a
    /// damaged file moved aside.
    ///
    /// With `readingOnly` (for `arcade stats --json`) nothing is written, repaired or moved:
    /// a store that is damaged, or not of this arcade's schema, is an error.
    public init(directory: String, now: () -> Int = { time(nil) }, readingOnly: Bool = false) throws(StoreError) {
        // A folder reached through a symbolic link (a linked home) is fine; only the file
        // itself must not be a link, and SQLite refuses a link anywhere in the path it is given.
        path = Self.resolved(directory) + "/" + Self.fileName
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            throw .notRegularFile(path)
        }
        if readingOnly {
            do { database = try Self.openForReading(path) } catch { throw .sqlite(error) }
            isReadOnly = true
            try checkReadOnlyKind()
            // The statistics need the totals of step 2; later steps add nothing they read.
            let found = try version()
            guard (Self.statisticsVersion...Self.schemaVersion).contains(found) else { throw Self.otherSchema(path, found) }
            return
        }
        // Before anything is written: the log's and the header's bytes, then (unless the file
        // is as the arcade last left it, or another arcade has it open and checked it) the
        // whole file, through a connection that only reads.
        var notices = try Self.checkBeforeOpening(path, now: now)
        var unrecovered: SQLiteError?
        if !Self.isAsLeft(path) && !Self.isOpenElsewhere(path) {
            let found = try Self.checkWhole(path, now: now)
            notices += found.notices
            unrecovered = found.unrecovered
        }
        if let unrecovered {
            // Damaged, and no new store could be written now: show what can be read of it,
            // keep nothing new, and leave it for a later start to recover.
            do { database = try Self.openForReading(path) } catch { throw .sqlite(error) }
            isReadOnly = true
            notices.append("The arcade's store \(path) is damaged, and recovering it failed: \(unrecovered.reason). "
                           + "Until a later start recovers it, it can only be read and new results will not be kept.")
        } else {
            do {
                database = try Self.open(path)
            } catch let error where error.isCorrupt {
                let aside = try Self.moveAside(path, now: now, because: error)
                notices.append("The arcade's store was damaged and was moved aside to \(aside); a new one was started.")
                do { database = try Self.open(path) } catch { throw .sqlite(error) }
            } catch let error where Self.mayBeReadable(error) && access(path, F_OK) == 0 {
                // A folder or file the arcade may not write: show what is there, keep nothing new.
                do { database = try Self.openForReading(path) } catch { throw .sqlite(error) }
                isReadOnly = true
                notices.append("The arcade's store \(path) can only be read: \(error.reason); new results will not be kept.")
            } catch {
                throw .sqlite(error)
            }
        }
        if !isReadOnly && database.isReadOnly {
            // SQLite opens a write-protected file for reading without a word.
            isReadOnly = true
            notices.append("The arcade's store \(path) can only be read (the file is write-protected); new results will not be kept.")
        }
        notice = notices.isEmpty ? nil : notices.joined(separator: " ")
        if isReadOnly {
            try checkReadOnlyKind()
            let found = try version()
            guard found == Self.schemaVersion else { throw Self.otherSchema(path, found) }
        } else {
            try migrate()
        }
        if stat(path, &status) == 0 { identity = (UInt64(status.st_dev), UInt64(status.st_ino)) }
    }

    /// A store left as it is, a clean close leaves a mark that spares the next start the
    /// check of every page (see `markName`).
    deinit {
        guard !isReadOnly, identity != nil else { return }
        database.close()
        if isStillAtItsPath && access(path + "-wal", F_OK) != 0 { Self.markAsLeft(path) }
    }

    /// Throws when the store, which may only be read here, is not the arcade's.
    private func checkReadOnlyKind() throws(StoreError) {
        do {
            let facts = try Self.facts(of: database)
            if case .foreign(let tables) = Self.kind(applicationID: facts.applicationID, version: facts.version,
                                                     tables: facts.tables) {
                throw StoreError.notArcadeStore(path: path, tables: tables)
            }
        } catch let error as SQLiteError {
            throw .sqlite(error)
        } catch let error as StoreError {
            throw error
        } catch {
            return
        }
    }

    /// The first schema version the statistics can be read from.
    static let statisticsVersion = 2

    /// `directory` with every symbolic link in it resolved, when it exists.
    public static func resolved(_ directory: String) -> String {
        guard let real = realpath(directory, nil) else { return directory }
        defer { free(real) }
        return String(cString: real)
    }

    /// Move the damaged store at `path` aside, its log and journal with it; the new name.
    /// `kind` names what was found: "corrupt" (damaged) or "foreign" (not the arcade's).
    public static func moveAside(_ path: String, now: () -> Int, because error: SQLiteError,
                                 as kind: String = "corrupt") throws(StoreError) -> String {
        let aside = asideName(path, kind: kind, now: now)
        guard rename(path, aside) == 0 else { throw .sqlite(error) }
        // The write-ahead log holds the last commits, a rollback journal what undoes a
        // write half made: they go with the file, never deleted, nor left for a new store.
        _ = rename(path + "-wal", aside + "-wal")
        _ = rename(path + "-journal", aside + "-journal")
        unlink(path + "-shm")
        return aside
    }

    /// A name beside `path` for a file set aside, not taken yet (nor its `-wal` or `-journal`).
    static func asideName(_ path: String, kind: String, now: () -> Int) -> String {
        var aside = path + ".\(kind)-\(now())"
        var suffix = 1
        while access(aside, F_OK) == 0 || access(aside + "-wal", F_OK) == 0 || access(aside + "-journal", F_OK) == 0 {
            aside = path + ".\(kind)-\(now())-\(suffix)"
            suffix += 1
        }
        return aside
    }

    /// The error for a store whose schema this arcade does not read.
    private static func otherSchema(_ path: String, _ found: Int) -> StoreError {
        found > schemaVersion ? .newerSchema(path: path, version: found) : .olderSchema(path: path, version: found)
    }

    /// Opening for writing failed in a way that opening only for reading may not.
    private static func mayBeReadable(_ error: SQLiteError) -> Bool {
        [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_IOERR].contains(error.code)
    }

    /// A connection with the store's settings; fails with a corrupt error on a file that is
    /// not a database, or whose schema version no arcade writes (below 0).
    private static func open(_ path: String) throws(SQLiteError) -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        // The busy timeout first: a second arcade starting at the same moment waits for the
        // first one's switch to WAL instead of failing.
        try database.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
        // Switching to WAL takes the file for a moment, and SQLite answers "busy" at once,
        // without the busy timeout, to a second arcade switching at the same moment: it
        // tries again, for as long as the busy timeout would have waited.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(busyTimeoutMilliseconds))
        while true {
            do {
                try database.rows("PRAGMA journal_mode = WAL")
                break
            } catch let error where error.code == SQLITE_BUSY && clock.now < deadline {
                usleep(5_000)
            }
        }
        // In WAL mode NORMAL still keeps every commit through a crash or a kill (only a power
        // cut can lose the last ones, never the file), and a commit does not wait for the disk.
        try database.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
        try checkReadable(database)
        return database
    }

    /// A connection that only reads: a store in a read-only folder, or for `stats --json`.
    /// Without its `-shm` file (a store closed cleanly in a folder that cannot be written) a
    /// WAL database opens only as immutable.
    private static func openForReading(_ path: String) throws(SQLiteError) -> SQLiteDatabase {
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            try database.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
            try checkReadable(database)
            return database
        } catch let error where !error.isCorrupt {
            let database = try SQLiteDatabase(path: path, readOnly: true, immutable: true)
            try checkReadable(database)
            return database
        }
    }

    /// Reading the schema finds a damaged header or a file that is not a database; a schema
    /// version below 0 is damage too.
    static func checkReadable(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.rows("SELECT count(*) FROM sqlite_schema")
        let version = try database.rows("PRAGMA user_version").first?.first?.integer ?? 0
        guard version >= 0 else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "schema version \(version) is not one any arcade writes",
                              context: "open")
        }
    }

    /// The schema version of the file.
    public func version() throws(StoreError) -> Int {
        do {
            return Int(try database.rows("PRAGMA user_version").first?.first?.integer ?? 0)
        } catch {
            throw .sqlite(error)
        }
    }

    /// Bring the schema up to `schemaVersion` in one transaction, reading the version inside
    /// it: of two arcades starting at once on a new store, the second finds it made.
    ///
    /// A database that is not the arcade's is never migrated (the check before opening
    /// moved it aside; this is the last guard), and the arcade's application id is given to a
    /// store of before it.
    private func migrate() throws(StoreError) {
        // Up to date, as it is on every start but the first: no write transaction to wait for.
        // (The version only ever grows, and one that is not current is read again inside.)
        if (try? version()) == Self.schemaVersion,
           (try? database.rows("PRAGMA application_id"))?.first?.first?.integer == Int64(Self.applicationID) { return }
        var newer: Int?
        var foreign: [String]?
        do {
            try database.transaction { () throws(SQLiteError) in
                let facts = try Self.facts(of: database)
                let found = facts.version
                guard found <= Self.schemaVersion else {
                    newer = found
                    return
                }
                if case .foreign(let tables) = Self.kind(applicationID: facts.applicationID, version: found,
                                                         tables: facts.tables) {
                    foreign = tables
                    return
                }
                for step in max(0, found)..<Self.schemaVersion {
                    try database.execute(Self.migrations[step])
                }
                if found < Self.schemaVersion { try database.execute("PRAGMA user_version = \(Self.schemaVersion)") }
                if facts.applicationID != Self.applicationID {
                    try database.execute("PRAGMA application_id = \(Self.applicationID)")
                }
            }
        } catch {
            throw .sqlite(error)
        }
        if let newer { throw .newerSchema(path: path, version: newer) }
        if let foreign { throw .notArcadeStore(path: path, tables: foreign) }
    }

    /// Open a transaction that the writes after it join (each in a savepoint of its own)
    /// until `commit`: the games finished in one batch of input are written together.
    public func begin() throws(StoreError) {
        do { try database.execute("BEGIN IMMEDIATE") } catch { throw .sqlite(error) }
    }

    /// Whether the transaction `begin` opened is still open (SQLite rolls one back by itself
    /// on some failures, such as a full disk).
    public var isInTransaction: Bool { database.isInTransaction }

    /// Commit the transaction `begin` opened; when that fails, it is rolled back and what it
    /// held is not kept.
    public func commit() throws(StoreError) {
        guard database.isInTransaction else { return }
        do {
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw .sqlite(error)
        }
    }

    /// Keep `game`, with its figures, in one transaction; returns its row id. With
    /// `forgettingSavedGame`, the game's saved game of that mode (the one just finished) goes
    /// in the same transaction; the saves of its other modes stay.
    @discardableResult
    public func record(_ game: FinishedGame, forgettingSavedGame savedMode: String? = nil) throws(StoreError) -> Int64 {
        do {
            return try database.transaction { () throws(SQLiteError) -> Int64 in
                if let savedMode {
                    try database.rows("DELETE FROM saved_games WHERE game = ? AND mode = ?",
                                      [.text(game.game), .text(savedMode)])
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
                // An old arcade still running writes back its whole list: of the entries alike
                // (the same game, score, time and player), only as many as the store does not
                // have yet are kept — two games alike in the file are two games.
                var alreadyKept: [String: Int] = [:]
                for game in games {
                    let key = "\(game.game)\u{1F}\(game.score)\u{1F}\(game.finishedAt)\u{1F}\(game.player)"
                    if alreadyKept[key] == nil {
                        alreadyKept[key] = Int(try database.rows("""
                            SELECT count(*) FROM finished_games WHERE game = ? AND score = ? AND finished_at = ? AND player = ?
                            """, [.text(game.game), .integer(Int64(game.score)), .text(game.finishedAt), .text(game.player)])
                            .first?.first?.integer ?? 0)
                    }
                    if let count = alreadyKept[key], count > 0 {
                        alreadyKept[key] = count - 1
                    } else {
                        _ = try insert(game)
                    }
                }
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
        if let run = game.run {
            // The run's result grows: a higher one replaces what was kept; one no higher (a
            // second arcade resuming the same save, a stale save) leaves the better one.
            let kept = try database.rows("SELECT id, score FROM finished_games WHERE game = ? AND run = ? ORDER BY score DESC",
                                         [.text(game.game), .text(run)])
            if let best = kept.first, let score = best[1].integer, score >= Int64(game.score) {
                return best[0].integer ?? 0
            }
            try database.rows("DELETE FROM finished_games WHERE game = ? AND run = ?", [.text(game.game), .text(run)])
        }
        let row = try database.rows("""
            INSERT INTO finished_games (game, mode, score, duration, seed, player, finished_at, run)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [.text(game.game), game.mode.map(SQLiteValue.text) ?? .null, .integer(Int64(game.score)),
                  game.duration.map(SQLiteValue.real) ?? .null,
                  game.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null,
                  .text(game.player), .text(game.finishedAt), game.run.map(SQLiteValue.text) ?? .null])
        let id = row.first?.first?.integer ?? 0
        // The figures in one statement (one for each number of figures, prepared once).
        let figures = game.figures.sorted(by: { $0.key < $1.key })
        if !figures.isEmpty {
            let rows = Array(repeating: "(?, ?, ?)", count: figures.count).joined(separator: ", ")
            try database.rows("INSERT INTO game_figures (game_id, name, value) VALUES " + rows,
                              figures.flatMap { [SQLiteValue.integer(id), .text($0.key), .text($0.value)] })
        }
        return id
    }

    /// How many games' figures `figuresOfGames` reads at once: as many as it has `?`.
    private static let figureBatch = 10
    private static let figuresOfGames =
        "SELECT game_id, name, value FROM game_figures WHERE game_id IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    /// The best `limit` games of `game`, best first (ties: the earlier first): the high-score
    /// list, a query over the history. The games' figures come ten games at a time from one
    /// statement, so a list of ten costs two queries, not eleven.
    /// With a `mode`, only the games of that mode (`.only(nil)`: those kept without one).
    public func best(of game: String, mode: ModeFilter = .every, limit: Int = 10,
                     higherIsBetter: Bool = true) throws(StoreError) -> [FinishedGame] {
        do {
            let rows = try database.rows("""
                SELECT id, mode, score, duration, seed, player, finished_at FROM finished_games
                WHERE game = ?\(mode.condition) ORDER BY score \(higherIsBetter ? "DESC" : "ASC"), id ASC LIMIT ?
                """, [.text(game)] + mode.values + [.integer(Int64(max(0, limit)))])
            let ids = rows.map { $0[0].integer ?? 0 }
            var games = rows.map { row in
                FinishedGame(game: game, mode: row[1].text, score: Int(row[2].integer ?? 0), duration: row[3].real,
                             seed: row[4].integer.map { UInt64(bitPattern: $0) }, player: row[5].text ?? "",
                             finishedAt: row[6].text ?? "")
            }
            var first = 0
            while first < ids.count {
                let some = ids[first..<min(first + Self.figureBatch, ids.count)]
                let values = some.map { SQLiteValue.integer($0) }
                    + Array(repeating: .null, count: Self.figureBatch - some.count)  // NULL matches no game
                for figure in try database.rows(Self.figuresOfGames, values) {
                    guard let index = ids.firstIndex(of: figure[0].integer ?? 0),
                          let name = figure[1].text, let value = figure[2].text else { continue }
                    games[index].figures[name] = value
                }
                first += Self.figureBatch
            }
            return games
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

    /// Keep `save` as its game's saved game of its mode, replacing the one before; with
    /// `replacing`, the save of that other mode goes in the same transaction (the game on
    /// screen was resumed from it and has changed mode since).
    ///
    /// With `keepingNewer` (a save written again after the store refused it) a save newer than
    /// this one, which another arcade left since, stays as it is in either mode: a late write
    /// never brings back an older game, nor removes a newer one.
    public func save(_ save: StoredSave, replacing other: String? = nil, keepingNewer: Bool = false) throws(StoreError) {
        let notNewer = keepingNewer ? " AND saved_at <= ?" : ""
        do {
            try database.transaction { () throws(SQLiteError) in
                if let other, other != save.mode {
                    try database.rows("DELETE FROM saved_games WHERE game = ? AND mode = ?\(notNewer)",
                                      [.text(save.game), .text(other)] + (keepingNewer ? [.real(save.savedAt)] : []))
                }
                try database.rows("""
                    INSERT INTO saved_games (game, mode, state, summary, seed, session, saved_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (game, mode) DO UPDATE SET state = excluded.state, summary = excluded.summary,
                        seed = excluded.seed, session = excluded.session, saved_at = excluded.saved_at
                    \(keepingNewer ? "WHERE excluded.saved_at >= saved_games.saved_at" : "")
                    """, [.text(save.game), .text(save.mode), .text(save.state), .text(save.summary),
                          save.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null,
                          save.session.map(SQLiteValue.text) ?? .null, .real(save.savedAt)])
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// Every game's saved games (one per game and mode at most).
    public func savedGames() throws(StoreError) -> [StoredSave] {
        do {
            return try database.rows("""
                SELECT game, state, summary, seed, session, saved_at, mode FROM saved_games ORDER BY game, mode
                """).map { row in
                StoredSave(game: row[0].text ?? "", mode: row[6].text ?? "", state: row[1].text ?? "",
                           summary: row[2].text ?? "", seed: row[3].integer.map { UInt64(bitPattern: $0) },
                           session: row[4].text, savedAt: row[5].real ?? 0)
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// Drop `game`'s saved game of `mode`, if it has one (its other modes' stay).
    public func forgetSavedGame(_ game: String, mode: String = "") throws(StoreError) {
        do {
            // Void: a DELETE has no rows, so the transaction has nothing to hand back.
            try database.transaction { () throws(SQLiteError) -> Void in
                try database.rows("DELETE FROM saved_games WHERE game = ? AND mode = ?", [.text(game), .text(mode)])
            }
        } catch {
            throw .sqlite(error)
        }
    }
}

extension ArcadeStore {
    // MARK: - Settings

    /// Every setting kept, by key.
    public func settings() throws(StoreError) -> [String: String] {
        do {
            var result: [String: String] = [:]
            for row in try database.rows("SELECT key, value FROM settings") {
                if let key = row[0].text, let value = row[1].text { result[key] = value }
            }
            return result
        } catch {
            throw .sqlite(error)
        }
    }

    /// Keep `value` for `key`, replacing the one before.
    public func setSetting(_ key: String, to value: String) throws(StoreError) {
        do {
            // Void: an INSERT has no rows, so the transaction has nothing to hand back.
            try database.transaction { () throws(SQLiteError) -> Void in
                try database.rows("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", [.text(key), .text(value)])
            }
        } catch {
            throw .sqlite(error)
        }
    }

    // MARK: - Daily puzzles

    /// Keep `result` unless its player already has one for that game and day (the first
    /// finish of a day is its result); true when it was kept.
    @discardableResult
    public func recordDaily(_ result: DailyResult) throws(StoreError) -> Bool {
        do {
            var kept = false
            try database.transaction { () throws(SQLiteError) in
                try database.rows("""
                    INSERT OR IGNORE INTO daily_results (game, day, player, seconds, misses, found, finished_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(result.game), .text(result.day), .text(result.player), .real(result.seconds),
                          .integer(Int64(result.misses)), .integer(Int64(result.found)), .text(result.finishedAt)])
                kept = database.changes > 0
            }
            return kept
        } catch {
            throw .sqlite(error)
        }
    }

    /// `player`'s daily results of `game`, newest day first, at most `limit`.
    public func dailyResults(of game: String, player: String, limit: Int = 100_000) throws(StoreError) -> [DailyResult] {
        try dailyResults(where: "game = ? AND player = ? ORDER BY day DESC LIMIT ?",
                         [.text(game), .text(player), .integer(Int64(max(0, limit)))])
    }

    /// `player`'s daily results of every game, in no order (one query for what the start
    /// would otherwise ask of each game).
    public func dailyResults(player: String) throws(StoreError) -> [DailyResult] {
        try dailyResults(where: "player = ?", [.text(player)])
    }

    private func dailyResults(where condition: String, _ values: [SQLiteValue]) throws(StoreError) -> [DailyResult] {
        do {
            return try database.rows("""
                SELECT game, day, seconds, misses, found, finished_at, player FROM daily_results WHERE \(condition)
                """, values).map { row in
                DailyResult(game: row[0].text ?? "", day: row[1].text ?? "", player: row[6].text ?? "",
                            seconds: row[2].real ?? 0, misses: Int(row[3].integer ?? 0),
                            found: Int(row[4].integer ?? 0), finishedAt: row[5].text ?? "")
            }
        } catch {
            throw .sqlite(error)
        }
    }
}

extension ArcadeStore {
    // MARK: - Tallies

    /// Count one more decision of kind `key` for `player` in `game`, right or not.
    public func addTally(game: String, player: String, key: String, right: Bool) throws(StoreError) {
        try add([TallyCount(game: game, player: player, key: key, tally: Tally(right: right ? 1 : 0, total: 1))])
    }

    /// Add each of `counts` (decisions made since the last write) to what is kept, in one
    /// transaction.
    public func add(_ counts: [TallyCount]) throws(StoreError) {
        do {
            try database.transaction { () throws(SQLiteError) in
                for count in counts {
                    try database.rows("""
                        INSERT INTO tallies (game, player, key, correct, total) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (game, player, key) DO UPDATE SET
                            correct = CASE WHEN \(Self.soundTally) THEN correct + excluded.correct ELSE excluded.correct END,
                            total = CASE WHEN \(Self.soundTally) THEN total + excluded.total ELSE excluded.total END
                        """, [.text(count.game), .text(count.player), .text(count.key),
                              .integer(Int64(count.tally.right)), .integer(Int64(count.tally.total))])
                }
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// A row that can be counted on: whole numbers, no more right than in all, and room to
    /// count on (a damaged row is started again from the decision being kept).
    static let soundTally = """
        (typeof(correct) = 'integer' AND typeof(total) = 'integer' AND correct >= 0 AND total >= correct \
        AND total < \(largestTally))
        """
    /// The most decisions one tally counts.
    public static let largestTally = 1_000_000_000

    /// `player`'s tallies in `game`, by key. A row that makes no sense (more right than in
    /// all, or negative) is left out rather than trusted.
    public func tallies(of game: String, player: String) throws(StoreError) -> [String: Tally] {
        try tallies(where: "game = ? AND player = ?", [.text(game), .text(player)])[game] ?? [:]
    }

    /// `player`'s tallies in every game, by game and key (one query for what the start would
    /// otherwise ask of each game).
    public func tallies(player: String) throws(StoreError) -> [String: [String: Tally]] {
        try tallies(where: "player = ?", [.text(player)])
    }

    private func tallies(where condition: String, _ values: [SQLiteValue]) throws(StoreError) -> [String: [String: Tally]] {
        do {
            var result: [String: [String: Tally]] = [:]
            for row in try database.rows("SELECT game, key, correct, total FROM tallies WHERE \(condition)", values) {
                guard let game = row[0].text, let key = row[1].text, let right = row[2].integer,
                      let total = row[3].integer, right >= 0, total >= right, total <= Self.largestTally else { continue }
                result[game, default: [:]][key] = Tally(right: Int(right), total: Int(total))
            }
            return result
        } catch {
            throw .sqlite(error)
        }
    }
}





extension ArcadeStore {
    // MARK: - Learning

    /// Keep one answer of a learn session: `card`'s progress in `deck` after it, and one more
    /// review (right or not) on `day` in the deck's daily counts. One transaction, so the card
    /// and the day's counts never disagree.
    public func recordReview(deck: String, player: String, card: String, progress: StoredCardProgress,
                             right: Bool, day: Int) throws(StoreError) {
        do {
            try database.transaction { () throws(SQLiteError) in
                try database.rows("""
                    INSERT INTO learn_cards (deck, player, card, box, due_day, reviews, misses, last_miss_day)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (deck, player, card) DO UPDATE SET box = excluded.box, due_day = excluded.due_day,
                        reviews = excluded.reviews, misses = excluded.misses, last_miss_day = excluded.last_miss_day
                    """, [.text(deck), .text(player), .text(card), .integer(Int64(progress.box)),
                          .integer(Int64(progress.dueDay)), .integer(Int64(progress.reviews)),
                          .integer(Int64(progress.misses)), progress.lastMissDay.map { .integer(Int64($0)) } ?? .null])
                try database.rows("""
                    INSERT INTO learn_days (deck, player, day, reviews, correct) VALUES (?, ?, ?, 1, ?)
                    ON CONFLICT (deck, player, day) DO UPDATE SET
                        reviews = CASE WHEN \(Self.soundDay) THEN reviews + 1 ELSE 1 END,
                        correct = CASE WHEN \(Self.soundDay) THEN correct + excluded.correct ELSE excluded.correct END
                    """, [.text(deck), .text(player), .integer(Int64(day)), .integer(right ? 1 : 0)])
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// A day's counts that can be counted on (a damaged row starts again from the answer kept).
    static let soundDay = """
        (typeof(reviews) = 'integer' AND typeof(correct) = 'integer' AND correct >= 0 AND reviews >= correct \
        AND reviews < \(largestTally))
        """
}

