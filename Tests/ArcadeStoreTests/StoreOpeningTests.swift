import Foundation
import Glibc
import Testing
import CSQLite

import ArcadeRecords

@testable import ArcadeStore

/// Opening a store the arcade did not leave as it was: a log of another database beside it,
/// another program's database in its place, a damaged page, missing tables. The player's
/// history is never wiped, nothing foreign is migrated, and every notice says in words which
/// file it was and what happened to it.
@Suite struct StoreOpeningTests {
    private func withFolder(_ body: (String) throws -> Void) throws {
        var template = Array("/tmp/arcade-opening-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        let folder = try #require(made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    private func game(_ score: Int) -> FinishedGame {
        FinishedGame(game: "set", score: score, player: "ann", finishedAt: "2026-12-01 15:30")
    }

    /// The tables of the database at `path`, as a connection that only reads finds them.
    private func tables(_ path: String) throws -> [String] {
        try SQLiteDatabase(path: path, readOnly: true)
            .rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").compactMap { $0.first?.text }
    }

    /// A store at `folder` with one finished game (score 42), closed as the arcade closes it.
    private func storeWithOneGame(_ folder: String) throws {
        let store = try ArcadeStore(directory: folder)
        try store.record(game(42))
    }

    /// Another program's database in WAL mode with a table of its own, pages of `pageSize`:
    /// its `-wal` (read while it is open, as a copy made beside a running program would be)
    /// copied to `destination`.
    private func copyForeignLog(in folder: String, pageSize: Int, to destination: String) throws {
        let other = folder + "/other.db"
        let foreign = try SQLiteDatabase(path: other)
        try foreign.execute("PRAGMA page_size = \(pageSize)")
        try foreign.rows("PRAGMA journal_mode = WAL")
        try foreign.execute("CREATE TABLE notes (x); INSERT INTO notes VALUES ('hello')")
        try withExtendedLifetime(foreign) {
            try FileManager.default.copyItem(atPath: other + "-wal", toPath: destination)
        }
    }

    /// A store of `count` finished games of Set (scores 1 to `count`), closed as the arcade closes it.
    private func storeWithGames(_ folder: String, count: Int) throws {
        try ArcadeStore(directory: folder).record(all: (1...count).map { game($0) })
    }

    /// Overwrite the start of the root page of the index `index` in the store at `path`.
    private func damageIndex(_ index: String, of path: String) throws {
        let (root, pageSize) = try {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            let root = try database.rows("SELECT rootpage FROM sqlite_schema WHERE name = ?", [.text(index)])
            let size = try database.rows("PRAGMA page_size")
            return (Int(root.first?.first?.integer ?? 0), Int(size.first?.first?.integer ?? 0))
        }()
        try #require(root > 1 && pageSize > 0)
        let file = open(path, O_WRONLY)
        try #require(file >= 0)
        defer { close(file) }
        let garbage = [UInt8](repeating: 0xAB, count: 200)
        try #require(pwrite(file, garbage, garbage.count, off_t((root - 1) * pageSize)) == garbage.count)
    }

    /// Another program's database in rollback mode, its `-journal` copied to `destination`
    /// while a transaction bigger than its page cache is open: a hot journal, as a program
    /// killed half-way through a write leaves it.
    private func copyHotJournal(in folder: String, to destination: String) throws {
        let other = folder + "/other.db"
        let foreign = try SQLiteDatabase(path: other)
        try foreign.execute("""
            PRAGMA cache_size = 10; CREATE TABLE notes (x);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO notes SELECT randomblob(1000) FROM n
            """)
        try foreign.execute("BEGIN; UPDATE notes SET x = randomblob(1000)")
        try FileManager.default.copyItem(atPath: other + "-journal", toPath: destination)
        try foreign.execute("ROLLBACK")
    }

    /// Another program's `-journal` beside the store: SQLite would roll it back into the
    /// store at its first read (its pages over the games, the file cut to the other's
    /// size). The arcade's store is always in WAL mode, so the journal is moved aside
    /// before SQLite opens the store, and every game stays.
    @Test func aJournalOfAnotherDatabaseNeverTouchesTheHistory() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            try storeWithGames(folder, count: 5000)
            try copyHotJournal(in: folder, to: path + "-journal")

            do {
                let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
                #expect(try store.count(of: "set") == 5000)
                #expect(try store.best(of: "set", limit: 1).first?.score == 5000)
                #expect(store.notice == "The file \(path)-journal beside the arcade's store is another database's journal; "
                        + "it was moved aside as \(path).foreign-1700000000-journal and the store was kept as it was.")
            }
            #expect(FileManager.default.fileExists(atPath: path + ".foreign-1700000000-journal"), "the journal is kept")
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
            #expect(StoreInspection.inspect(path: path)?.problem == nil)
            #expect(try ArcadeStore(directory: folder).notice == nil)
        }
    }

    /// The store's own log, holding games a writer committed before it was killed, is kept
    /// when the look through it cannot be made for a reason of the moment (too few file
    /// descriptors, no memory, a `-shm` that cannot be opened or is locked: here a look that
    /// fails), while the file read alone is sound: only a look that finds the file read
    /// through it foreign or damaged sets a log aside. The next start reads the games.
    @Test func theStoresOwnLogIsKeptWhenTheLookThroughItFails() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let crashed = folder + "/crashed"
            try #require(mkdir(crashed, 0o755) == 0)
            try storeWithGames(folder, count: 1)
            do {  // a writer with 100 games in its log, copied as it is, as a kill leaves it
                let writer = try ArcadeStore(directory: folder)
                try writer.database.execute("PRAGMA wal_autocheckpoint = 0")
                try writer.record(all: (2...101).map { game($0) })
                for suffix in ["", "-wal"] {
                    try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed + "/" + ArcadeStore.fileName + suffix)
                }
            }
            let copy = crashed + "/" + ArcadeStore.fileName
            let found = try ArcadeStore.checkWhole(copy, now: { 1_700_000_000 }) { path, alone in
                alone ? ArcadeStore.examine(path, alone: true) : .unreadable
            }
            #expect(found.notices == [] && found.unrecovered == nil)
            #expect(FileManager.default.fileExists(atPath: copy + "-wal"), "the log stays beside its store")
            #expect(!FileManager.default.fileExists(atPath: copy + ".foreign-1700000000-wal"))
            let store = try ArcadeStore(directory: crashed)
            #expect(try store.count(of: "set") == 101)
            #expect(store.notice == nil)
        }
    }

    /// A second arcade starting while the first has the store open neither checks nor
    /// recovers it: the first checked it when it opened it, and moving the file would leave
    /// the first writing to a file set aside. (Damage met by a write is recovered then.)
    @Test func aStoreAnotherArcadeHasOpenIsNeitherCheckedNorMoved() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            try storeWithGames(folder, count: 3000)
            let first = try ArcadeStore(directory: folder)
            try damageIndex("finished_games_by_run", of: path)
            try first.setSetting("theme", to: "dark")  // a commit in the live log

            let second = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
            #expect(second.notice == nil)
            #expect(first.isStillAtItsPath, "the first arcade's file is where it was")
            #expect(!FileManager.default.fileExists(atPath: path + ".corrupt-1700000000"))
            #expect(try second.settings() == ["theme": "dark"], "the live log read, not set aside")
            #expect(try second.count(of: "set") == 3000)
        }
    }

    /// A recovery that cannot write its new store (a full disk, a file-size limit, too few
    /// file descriptors; here a folder where the new store goes) puts the damaged file back:
    /// the store is read as it is, the notice says why nothing new is kept, and a later
    /// start recovers it. The history is never left only in a file set aside.
    @Test func aRecoveryThatCannotWriteKeepsTheStoreForALaterStart() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            try storeWithGames(folder, count: 3000)
            try damageIndex("finished_games_by_run", of: path)
            try #require(mkdir(path + ".recovering", 0o755) == 0)

            do {
                let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
                #expect(store.isReadOnly)
                #expect(store.notice == "The arcade's store \(path) is damaged, and recovering it failed: "
                        + "it could not be opened (Is a directory). Until a later start recovers it, it can only be "
                        + "read and new results will not be kept.")
                #expect(try store.count(of: "set") == 3000)
                #expect(throws: StoreError.self) { try store.record(game(1)) }
            }
            #expect(!FileManager.default.fileExists(atPath: path + ".corrupt-1700000000"), "the file was put back")

            try FileManager.default.removeItem(atPath: path + ".recovering")
            let store = try ArcadeStore(directory: folder, now: { 1_700_000_001 })
            #expect(store.notice == "Recovered 3,000 of 3,000 finished games from the damaged store \(path); "
                    + "the damaged file is kept as \(path).corrupt-1700000001.")
            #expect(try store.count(of: "set") == 3000)
        }
    }

    /// A row whose rowid is the smallest there is is copied like any other.
    @Test func aRecoveryKeepsARowAtTheSmallestRowid() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            try storeWithOneGame(folder)
            try SQLiteDatabase(path: path).execute("""
                INSERT INTO finished_games (id, game, score, player, finished_at)
                    VALUES (-9223372036854775808, 'set', 7, 'ann', '2026-12-01 15:30');
                DROP TABLE saved_games
                """)
            let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
            #expect(store.notice == "The arcade's store \(path) lacked some of its tables (saved_games). Recovered 2 of 2 "
                    + "finished games into a new store; the old file is kept as \(path).corrupt-1700000000.")
            #expect(try store.best(of: "set").map(\.score) == [42, 7])
        }
    }

    /// A store with one game and the `-wal` of another database beside it: SQLite would
    /// replay the other log into the store (its table beside fresh empty ones, the game
    /// gone), so the log is moved aside before SQLite opens the store, and the game stays.
    @Test(arguments: [4096, 1024])
    func aLogOfAnotherDatabaseNeverTouchesTheHistory(pageSize: Int) throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            try storeWithOneGame(folder)
            try copyForeignLog(in: folder, pageSize: pageSize, to: path + "-wal")

            do {  // a start and a quit
                let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
                #expect(try store.best(of: "set").map(\.score) == [42])
                #expect(store.notice == "The file \(path)-wal beside the arcade's store is the log of another database; "
                        + "it was moved aside as \(path).foreign-1700000000-wal and the store was kept as it was.")
            }
            #expect(StoreInspection.inspect(path: path)?.scores == ["set": [42]])
            #expect(try !tables(path).contains("notes"), "the other database's table never enters the store")
            #expect(FileManager.default.fileExists(atPath: path + ".foreign-1700000000-wal"), "the other log is kept")
            // And the next start finds nothing to say.
            #expect(try ArcadeStore(directory: folder).notice == nil)
        }
    }

    /// Another program's database in the store's place (tables of its own, schema version 0,
    /// or an application id of its own) is moved aside as it is, never migrated.
    @Test func aDatabaseOfAnotherProgramIsMovedAsideNeverMigrated() throws {
        let cases: [(setup: String, why: String)] = [
            ("CREATE TABLE notes (x); INSERT INTO notes VALUES ('hello')", "it holds tables the arcade did not make: notes"),
            ("CREATE TABLE finished_games (x); INSERT INTO finished_games VALUES (1)",
             "it holds tables the arcade did not make: finished_games"),
            ("PRAGMA application_id = 1234; PRAGMA user_version = 3; CREATE TABLE settings (key, value)",
             "it is another program's database"),
        ]
        for (setup, why) in cases {
            try withFolder { folder in
                let path = folder + "/" + ArcadeStore.fileName
                try SQLiteDatabase(path: path).execute(setup)
                let before = try Data(contentsOf: URL(fileURLWithPath: path))
                let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
                #expect(store.notice == "\(path) is not an arcade store (\(why)); "
                        + "it was moved aside as \(path).foreign-1700000000 and a new one was started.", "\(setup)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".foreign-1700000000")) == before,
                        "moved aside untouched: \(setup)")
                try store.record(game(7))
                #expect(try store.best(of: "set").map(\.score) == [7])
            }
        }
    }

    /// The store carries the arcade's application id from its creation; an arcade store of
    /// before the id gets it when it is brought up to date.
    @Test func theStoreCarriesTheArcadesApplicationId() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            do {
                let old = try SQLiteDatabase(path: path)
                for step in ArcadeStore.migrations.prefix(4) { try old.execute(step) }
                try old.execute("PRAGMA user_version = 4")
                try old.execute("INSERT INTO finished_games (game, score, player, finished_at) VALUES ('set', 21, 'ann', '')")
            }
            let store = try ArcadeStore(directory: folder)
            #expect(store.notice == nil)
            #expect(try store.best(of: "set").map(\.score) == [21])
            let id = try SQLiteDatabase(path: path, readOnly: true).rows("PRAGMA application_id").first?.first?.integer
            #expect(id == 0x4152_4344, "\"ARCD\"")
        }
        try withFolder { folder in
            _ = try ArcadeStore(directory: folder)
            let id = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName, readOnly: true)
                .rows("PRAGMA application_id").first?.first?.integer
            #expect(id == 0x4152_4344)
        }
    }

    /// A store of 2,000 games (an index of several pages) with 200 bytes of the index's root
    /// page overwritten: SQLite opens it without a word and fails at the next write that
    /// meets the page, so the start reads every page, finds the damage and keeps every game
    /// in a new store.
    @Test func oneDamagedIndexPageLosesNoFinishedGame() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            do {
                let store = try ArcadeStore(directory: folder)
                try store.record(all: (1...2_000).map {
                    FinishedGame(game: $0 % 2 == 0 ? "set" : "memory", score: $0, player: "ann", finishedAt: "2026-12-01 10:00")
                })
            }
            let (root, pageSize) = try {
                let database = try SQLiteDatabase(path: path, readOnly: true)
                let root = try database.rows("SELECT rootpage FROM sqlite_schema WHERE name = 'finished_games_by_rank'")
                let size = try database.rows("PRAGMA page_size")
                return (Int(root.first?.first?.integer ?? 0), Int(size.first?.first?.integer ?? 0))
            }()
            try #require(root > 1 && pageSize > 0)
            let file = open(path, O_WRONLY)
            try #require(file >= 0)
            let garbage = [UInt8](repeating: 0xAB, count: 200)
            try #require(pwrite(file, garbage, garbage.count, off_t((root - 1) * pageSize)) == garbage.count)
            close(file)

            let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
            #expect(store.notice == "Recovered 2,000 of 2,000 finished games from the damaged store \(path); "
                    + "the damaged file is kept as \(path).corrupt-1700000000.")
            #expect(try store.count(of: "set") == 1_000 && store.count(of: "memory") == 1_000)
            #expect(try store.best(of: "set", limit: 1).first?.score == 2_000)
            #expect(try store.history(of: "memory").played == 1_000, "the totals agree with the rows")
            #expect(FileManager.default.fileExists(atPath: path + ".corrupt-1700000000"))
            try store.record(game(2_002))
            #expect(StoreInspection.inspect(path: path)?.problem == nil)
        }
    }

    /// Rows on a page that cannot be read are lost, the rest are kept, and the notice says
    /// how many of how many.
    @Test func aDamagedTablePageLosesOnlyItsOwnRows() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            do {
                let store = try ArcadeStore(directory: folder)
                try store.record(all: (1...900).map {
                    FinishedGame(game: "slots", score: $0, player: "ann", finishedAt: "2026-12-01 10:00")
                })
            }
            let pageSize = 4096
            let pages = try SQLiteDatabase(path: path, readOnly: true).rows("PRAGMA page_count").first?.first?.integer ?? 0
            // Find a table leaf page (type 0x0D) past the first few and overwrite its header.
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var target = 0
            for page in stride(from: Int(pages) / 2, to: Int(pages), by: 1) where data[(page - 1) * pageSize] == 0x0D {
                target = page
                break
            }
            try #require(target > 0)
            let file = open(path, O_WRONLY)
            let garbage = [UInt8](repeating: 0xAB, count: 200)
            try #require(pwrite(file, garbage, garbage.count, off_t((target - 1) * pageSize)) == garbage.count)
            close(file)

            let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 })
            let kept = try store.count(of: "slots")
            #expect(kept > 700 && kept < 900, "\(kept)")
            #expect(store.notice == "Recovered \(kept) of 900 finished games from the damaged store \(path); "
                    + "the damaged file is kept as \(path).corrupt-1700000000.")
            #expect(StoreInspection.inspect(path: path)?.problem == nil)
        }
    }

    /// Every way a store can fail to open or write is told with the file's name and a reason
    /// a player understands: no SQL, no result codes.
    @Test func everyStoreNoticeNamesTheFileAndAReason() throws {
        struct Case {
            var name: String
            /// Makes the case in the folder; the words expected, given the store's path.
            var make: (String) throws -> Void
            var expected: (String) -> String
            var readingOnly = false
        }
        let cases: [Case] = [
            Case(name: "a table of the arcade's in a database of schema 0", make: { path in
                try SQLiteDatabase(path: path).execute("CREATE TABLE finished_games (x)")
            }, expected: { path in
                "\(path) is not an arcade store (it holds tables the arcade did not make: finished_games); "
                    + "it was moved aside as \(path).foreign-1700000000 and a new one was started."
            }),
            Case(name: "another program's database read for the statistics", make: { path in
                try SQLiteDatabase(path: path).execute("CREATE TABLE notes (x)")
            }, expected: { path in
                "\(path) is not an arcade store (it holds tables the arcade did not make: notes); it was left as it is"
            }, readingOnly: true),
            Case(name: "a table missing", make: { path in
                let folder = String(path.dropLast(ArcadeStore.fileName.count + 1))
                try ArcadeStore(directory: folder).record(FinishedGame(game: "set", score: 3, player: "ann", finishedAt: ""))
                try SQLiteDatabase(path: path).execute("DROP TABLE saved_games")
            }, expected: { path in
                "The arcade's store \(path) lacked some of its tables (saved_games). Recovered 1 of 1 finished games "
                    + "into a new store; the old file is kept as \(path).corrupt-1700000000."
            }),
            Case(name: "only the totals missing", make: { path in
                let folder = String(path.dropLast(ArcadeStore.fileName.count + 1))
                try ArcadeStore(directory: folder).record(FinishedGame(game: "set", score: 3, player: "ann", finishedAt: ""))
                try SQLiteDatabase(path: path).execute("DROP TABLE game_totals")
            }, expected: { path in
                "The arcade's store \(path) lacked some of its tables (game_totals). Recovered 1 of 1 finished games "
                    + "into a new store; the old file is kept as \(path).corrupt-1700000000."
            }),
            Case(name: "a link in the place of the store's log", make: { path in
                try Data().write(to: URL(fileURLWithPath: path + ".elsewhere"))
                #expect(symlink(path + ".elsewhere", path + "-wal") == 0)
            }, expected: { path in
                "\(path)-wal (the store's log) is a symbolic link, not a regular file; the arcade does not write "
                    + "through it, and left it as it is"
            }),
        ]
        for item in cases {
            try withFolder { folder in
                let path = folder + "/" + ArcadeStore.fileName
                try item.make(path)
                var words = ""
                do {
                    let store = try ArcadeStore(directory: folder, now: { 1_700_000_000 }, readingOnly: item.readingOnly)
                    words = store.notice ?? ""
                } catch {
                    words = String(describing: error)
                }
                #expect(words == item.expected(path), "\(item.name)")
                for raw in ["CREATE", "SELECT", "PRAGMA", "SQLite", "schema 0", "no such table"] {
                    #expect(!words.contains(raw), "\(item.name): \(words)")
                }
            }
        }
    }

    /// A full disk and a file-size limit (SQLite's SQLITE_FULL, or an I/O error whose errno is
    /// EFBIG or ENOSPC) read the same to a player; a lock names the other program.
    @Test func aFullDiskAFileSizeLimitAndALockAreToldInWords() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let store = try ArcadeStore(directory: folder)
            let pages = try store.database.rows("PRAGMA page_count").first?.first?.integer ?? 0
            try store.database.rows("PRAGMA max_page_count = \(pages)")
            var words = ""
            do {
                try store.record(all: (1...2000).map { game($0) })
            } catch {
                words = String(describing: error)
            }
            let full = "the disk that holds the store \(path) is full, or a file-size limit was reached"
            #expect(words == full)
            for errno in [EFBIG, ENOSPC, EDQUOT] {
                let error = SQLiteError(code: SQLITE_IOERR, message: "disk I/O error", context: "COMMIT", file: path,
                                        systemErrno: errno)
                #expect(StoreError.sqlite(error).description == full)
            }
        }
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            let store = try ArcadeStore(directory: folder)
            store.setBusyTimeout(milliseconds: 0)
            let other = try SQLiteDatabase(path: path)
            try other.execute("BEGIN IMMEDIATE")
            var words = ""
            do { try store.record(game(1)) } catch { words = String(describing: error) }
            try other.execute("ROLLBACK")
            #expect(words == "the store \(path) is locked by another program")
        }
    }
}
