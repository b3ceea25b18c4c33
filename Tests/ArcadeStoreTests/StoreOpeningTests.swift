import Foundation
import Glibc
import Testing
import CSQLite

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

    /// The case: a store with one game and the `-wal` of another database beside it.
    /// A start and a quit used to replay the other log into the store (its table beside fresh
    /// empty ones, the game gone); now the log is moved aside and the game stays.
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

    /// The case: a store of 20,000 games with 200 bytes of one index page
    /// overwritten. It used to open without a word and lose everything at the next write;
    /// now the start finds the damage and keeps every game in a new store.
    @Test func oneDamagedIndexPageLosesNoFinishedGame() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            do {
                let store = try ArcadeStore(directory: folder)
                try store.record(all: (1...20_000).map {
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
            #expect(store.notice == "Recovered 20,000 of 20,000 finished games from the damaged store \(path); "
                    + "the damaged file is kept as \(path).corrupt-1700000000.")
            #expect(try store.count(of: "set") == 10_000 && store.count(of: "memory") == 10_000)
            #expect(try store.best(of: "set", limit: 1).first?.score == 20_000)
            #expect(try store.history(of: "memory").played == 10_000, "the totals agree with the rows")
            #expect(FileManager.default.fileExists(atPath: path + ".corrupt-1700000000"))
            try store.record(game(20_002))
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
                try store.record(all: (1...3000).map {
                    FinishedGame(game: "slots", score: $0, player: "ann", finishedAt: "2026-12-01 10:00")
                })
            }
            // A leaf of the games' table in the middle of it.
            let leaf = try SQLiteDatabase(path: path, readOnly: true).rows("""
                SELECT count(*) FROM finished_games WHERE id < 1500
                """).first?.first?.integer
            try #require(leaf == 1499)
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
            #expect(kept > 2000 && kept < 3000, "\(kept)")
            #expect(store.notice == "Recovered \(kept.formatted()) of 3,000 finished games from the damaged store \(path); "
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

private extension Int {
    /// The number with a comma between thousands (20,000).
    func formatted() -> String {
        let digits = String(self)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
