import ArcadeRecords

@testable import ArcadeStore
import CSQLite
import FoundationEssentials
import Glibc
import Testing

@testable import ArcadeApp

/// What the arcade keeps, through the app's side of the store: where it lives, the high-score
/// lists as queries, the one-time import of the old `scores.json`, and every fault a player
/// could meet leaving the arcade playable with a notice.
@Suite struct ArcadeDataTests {
    private static let slots = GameInfo(id: .slots, summary: "", make: { _ in TestGame(seed: 1) })
    private static let memory = GameInfo(id: .memory, summary: "", scoreOrder: .lowerIsBetter,
                                         make: { _ in TestGame(seed: 1) })

    // MARK: - Where the data lives

    @Test func theFolderIsXDGDataHomeThenHomeAndNeverRelative() throws {
        #expect(ArcadeData.directory(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/ann"]) == "/data/arcade")
        #expect(ArcadeData.directory(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ann/"])
                    == "/home/ann/.local/share/arcade")
        #expect(ArcadeData.directory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"])
                    == "/home/ann/.local/share/arcade")
        // Neither set (or only relative): the password database's home, never "./.local/share".
        let fallback = ArcadeData.directory(environment: ["HOME": "relative"])
        let home = try #require(ArcadeData.passwordDatabaseHome())
        #expect(fallback == home + "/.local/share/arcade" || (home == "/" && fallback == "//.local/share/arcade"))
        #expect(ArcadeData.directory(environment: [:]) == fallback)
        #expect(fallback?.hasPrefix("/") == true)
    }

    @Test func playerNameComesFromUserThenLogname() {
        #expect(ArcadeData.playerName(environment: ["USER": "ann", "LOGNAME": "bob"]) == "ann")
        #expect(ArcadeData.playerName(environment: ["USER": "", "LOGNAME": "bob"]) == "bob")
        #expect(ArcadeData.playerName(environment: [:]) == "player")
    }

    @Test func aResultIsDatedToTheMinuteInYearMonthDayOrder() {
        let date = ArcadeData.localMinute(1_764_500_000)
        #expect(date.map { $0.isNumber ? "9" : String($0) }.joined() == "9999-99-99 99:99")
        #expect(date.hasPrefix("2025-11-30") || date.hasPrefix("2025-11-29") || date.hasPrefix("2025-12-01"))
    }

    // MARK: - Scores as queries

    @Test func theListsAreTheBestTenOfEveryGameKeptEarlierTiesFirst() throws {
        try withTemporaryDirectory { root in
            let data = ArcadeData(directory: root + "/data/arcade")  // parents made on purpose
            #expect(data.notice == nil)
            for score in [50, 10, 90, 30, 70, 110, 20, 60, 100, 40, 80] {
                _ = try data.record(ScoreRecord(score: score), of: Self.slots, player: "ann", now: 1_764_500_000)
            }
            let list = try data.record(ScoreRecord(score: 70, figures: ["machine": "3-digit"]), of: Self.slots,
                                       player: "bob", now: 1_764_500_060)
            #expect(list.map(\.score) == [110, 100, 90, 80, 70, 70, 60, 50, 40, 30])
            #expect(list[4].player == "ann" && list[5].player == "bob" && list[5].figures == ["machine": "3-digit"])
            for seconds in [95, 61, 130] {
                _ = try data.record(ScoreRecord(score: seconds), of: Self.memory, player: "ann", now: 1_764_500_000)
            }
            // A second arcade (a restart) reads the same lists from the history.
            let again = ArcadeData(directory: root + "/data/arcade").scores(for: [Self.slots, Self.memory])
            #expect(again[.slots]?.map(\.score) == list.map(\.score))
            #expect(again[.memory]?.map(\.score) == [61, 95, 130], "times: the smallest leads")
        }
    }

    // MARK: - The old scores.json

    private static let oldFile = """
        {"version": 1, "games": {
          "slots": [{"score": 398, "date": "2025-11-30 10:53", "player": "ann", "figures": {"machine": "3-digit"}},
                    {"score": 120, "date": "2025-11-29 09:00", "player": "bob", "figures": {}}],
          "set": [{"score": 27, "date": "2025-11-28 20:15", "player": "ann", "figures": {"sets": "9", "time": "4:10"}},
                  {"score": 27, "date": "2025-11-28 20:15", "player": "ann", "figures": {"sets": "9", "time": "4:10"}}]
        }}
        """

    @Test func theOldScoreFileIsImportedOnceWholeThenRenamed() throws {
        try withTemporaryDirectory { root in
            let path = root + "/scores.json"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.oldFile.utf8)))
            let data = ArcadeData(directory: root)
            #expect(data.notice == nil)
            let set = GameInfo(id: .set, summary: "", make: { _ in TestGame(seed: 1) })
            let lists = data.scores(for: [Self.slots, set])
            #expect(lists[.slots] == [
                ScoreEntry(score: 398, date: "2025-11-30 10:53", player: "ann", figures: ["machine": "3-digit"]),
                ScoreEntry(score: 120, date: "2025-11-29 09:00", player: "bob"),
            ])
            #expect(lists[.set]?.first?.figures == ["sets": "9", "time": "4:10"])
            #expect(lists[.set]?.count == 2, "two games alike are two games")
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(FileManager.default.contents(atPath: path + ".imported") == Data(Self.oldFile.utf8))

            // Killed after the import but before the rename: the file is back, the mark is
            // there, so it is only renamed, never imported twice.
            #expect(rename(path + ".imported", path) == 0)
            let again = ArcadeData(directory: root)
            #expect(again.scores(for: [Self.slots])[.slots]?.count == 2)
            #expect(FileManager.default.fileExists(atPath: path + ".imported") && !FileManager.default.fileExists(atPath: path))
        }
    }

    @Test(arguments: ["{\"version\": 1, \"games\": {\"slots\": [{\"sc", "{\"version\": 1, \"games\": {\"slots\": [{\"score\": \"lots\"}]}}"])
    func aCorruptOldScoreFileIsMovedAsideWithItsBytesAndReported(contents: String) throws {
        try withTemporaryDirectory { root in
            let path = root + "/scores.json"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)))
            let data = ArcadeData(directory: root, now: { 1_764_500_000.7 })
            let aside = path + ".corrupt-1764500000"
            #expect(data.notice == "Score file was unreadable; moved it to \(aside) and started afresh.")
            #expect(FileManager.default.contents(atPath: aside) == Data(contents.utf8))
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(data.scores(for: [Self.slots])[.slots] == [])
        }
    }

    @Test func anOldScoreFileThatIsAFIFOOrADeviceIsNeverRead() throws {
        try withTemporaryDirectory { root in
            #expect(mkfifo(root + "/scores.json", 0o644) == 0)
            // A plain open(2) of a FIFO waits for a writer for ever; this returns at once.
            let data = ArcadeData(directory: root)
            #expect(data.notice == "The old score file \(root)/scores.json was not imported (not a regular file); it was left as it is.")
            unlink(root + "/scores.json")
            #expect(symlink("/dev/zero", root + "/scores.json") == 0)
            #expect(ArcadeData(directory: root).notice?.contains("not a regular file") == true)
        }
    }

    // MARK: - Faults

    @Test func aDamagedStoreIsMovedAsideAndAFreshOneStarted() throws {
        try withTemporaryDirectory { root in
            let path = root + "/" + ArcadeStore.fileName
            #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 8192)))
            let data = ArcadeData(directory: root, now: { 1_764_500_000 })
            #expect(data.notice == "The arcade's store was damaged and was moved aside to \(path).corrupt-1764500000; a new one was started.")
            #expect(FileManager.default.contents(atPath: path + ".corrupt-1764500000") == Data(repeating: 0x41, count: 8192))
            let list = try data.record(ScoreRecord(score: 5), of: Self.slots, player: "ann", now: 0)
            #expect(list.map(\.score) == [5])
        }
    }

    @Test func aFolderThatCannotBeMadeLeavesThePlayWithANotice() throws {
        try withTemporaryDirectory { root in
            let file = root + "/not-a-folder"
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
            let data = ArcadeData(directory: file + "/arcade")
            #expect(data.notice == "Scores and saved games will not be kept: could not create the folder \(file)/arcade (Not a directory).")
            let error = #expect(throws: ScoreSaveError.self) {
                try data.record(ScoreRecord(score: 10), of: Self.slots, player: "ann", now: 0)
            }
            #expect(error?.description.hasPrefix("Score not saved: ") == true)
            #expect(data.scores(for: [Self.slots])[.slots] == [])
        }
    }

    /// Each way the store refuses a write is told in one sentence, the same for a score and a
    /// saved game, however SQLite reported it, naming the file once and repeating no phrase.
    @Test func everyRefusalIsWordedOnceAndTheSameForScoresAndSaves() throws {
        try withTemporaryDirectory { folder in
            let data = ArcadeData(directory: folder)
            let path = folder + "/" + ArcadeStore.fileName
            func refused(_ code: Int32, errno: Int32 = 0) -> StoreError {
                .sqlite(SQLiteError(code: code, message: "", context: "COMMIT", file: path, systemErrno: errno))
            }
            let table: [(StoreError, String)] = [
                (refused(SQLITE_BUSY), "the store \(path) is locked by another program"),
                (refused(SQLITE_LOCKED), "the store \(path) is locked by another program"),
                (refused(SQLITE_READONLY), "the store \(path) is write-protected (the file, its folder, or its -wal or -shm file)"),
                (refused(SQLITE_PERM), "the store \(path) is write-protected (the file, its folder, or its -wal or -shm file)"),
                (refused(SQLITE_IOERR, errno: EROFS), "the store \(path) is write-protected (the file, its folder, or its -wal or -shm file)"),
                (refused(SQLITE_FULL), "the disk that holds the store \(path) is full, or a file-size limit was reached"),
                (refused(SQLITE_IOERR, errno: ENOSPC), "the disk that holds the store \(path) is full, or a file-size limit was reached"),
                (refused(SQLITE_IOERR, errno: EFBIG), "the disk that holds the store \(path) is full, or a file-size limit was reached"),
                (refused(SQLITE_IOERR, errno: EDQUOT), "the disk that holds the store \(path) is full, or a file-size limit was reached"),
            ]
            for (error, words) in table {
                #expect(data.reason(error) == words)
                #expect(data.reason(error).components(separatedBy: path).count == 2, "the file named once")
                // The store's own words (an error thrown as it is) are the same.
                #expect(error.description == words)
            }
            // Real refusals, a score and a save: the same words after their own beginnings.
            let store = try #require(data.store)
            store.setBusyTimeout(milliseconds: 0)
            let other = try SQLiteDatabase(path: path)
            try other.execute("BEGIN EXCLUSIVE")
            let score = #expect(throws: ScoreSaveError.self) {
                try data.record(ScoreRecord(score: 5), of: Self.slots, player: "ann", now: 0)
            }
            let save = #expect(throws: ScoreSaveError.self) {
                try data.keep(SavedGame(game: .slots, save: GameSave(state: "{}", summary: ""), savedAt: 0))
            }
            try other.execute("ROLLBACK")
            #expect(score?.description == "Score not saved: the store \(path) is locked by another program.")
            #expect(save?.description == "the store \(path) is locked by another program")
        }
        // The notice of a store that can only be read does not say so twice.
        let readOnly = SQLiteError(code: SQLITE_READONLY, message: "", context: "open", file: "/x/arcade.sqlite3")
        #expect(!readOnly.reason.contains("can only be read"), "\(readOnly.reason)")
    }

    // A read-only folder and a write-protected file: ReadOnlyStoreEndToEndTests, which run
    // the arcade as an ordinary user (no permission stops root, who runs these tests).

    @Test func aSchemaVersionNoArcadeWritesIsDamageMovedAsideNotACrash() throws {
        try withTemporaryDirectory { root in
            _ = try ArcadeData(directory: root).record(ScoreRecord(score: 7), of: Self.slots, player: "ann", now: 0)
            try SQLiteFile(root + "/" + ArcadeStore.fileName).run("PRAGMA user_version = -1")
            let data = ArcadeData(directory: root, now: { 1_764_500_000 })
            #expect(data.notice?.contains("was damaged and was moved aside") == true, "\(data.notice ?? "")")
            #expect(FileManager.default.fileExists(atPath: root + "/arcade.sqlite3.corrupt-1764500000"))
            let list = try data.record(ScoreRecord(score: 9), of: Self.slots, player: "ann", now: 0)
            #expect(list.map(\.score) == [9])
        }
    }

    @Test func aDataFolderReachedThroughALinkKeepsEverything() throws {
        try withTemporaryDirectory { root in
            try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
            #expect(symlink(root + "/real", root + "/linked") == 0)  // a linked home, ~/.local/share...
            let data = ArcadeData(directory: root + "/linked/arcade")
            #expect(data.notice == nil, "\(data.notice ?? "")")
            _ = try data.record(ScoreRecord(score: 12), of: Self.slots, player: "ann", now: 0)
            #expect(FileManager.default.fileExists(atPath: root + "/real/arcade/" + ArcadeStore.fileName))
            #expect(ArcadeData(directory: root + "/linked/arcade").scores(for: [Self.slots])[.slots]?.map(\.score) == [12])
        }
    }

    /// A store of 3000 games in `root`; its path and the pages of its empty schema.
    private static func storeOfGames(_ root: String) throws -> (path: String, schemaPages: Int) {
        let path = root + "/" + ArcadeStore.fileName
        let store = try ArcadeStore(directory: root)
        let schemaPages = try pageCount(path)
        try store.record(all: (1...3000).map { FinishedGame(game: "slots", score: $0, player: "ann",
                                                            finishedAt: "2026-12-01 12:00") })
        return (path, schemaPages)
    }

    /// Overwrite the last pages of the store at `path`, where its last games are (damage that
    /// comes while the arcade runs, met by the next game kept): the header, the schema and
    /// the first games still read, those pages do not.
    private static func damageDeepInside(_ path: String, after schemaPages: Int) throws {
        let pages = try pageCount(path)
        try #require(pages > schemaPages + 8)
        let file = open(path, O_WRONLY)
        try #require(file >= 0)
        defer { close(file) }
        let garbage = [UInt8](repeating: 0xA5, count: 4096 * 6)
        try #require(pwrite(file, garbage, garbage.count, off_t(4096 * (pages - 6))) == garbage.count)
    }

    /// The pages of the store at `path`, as a second connection reads it.
    private static func pageCount(_ path: String) throws -> Int {
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        try #require(sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        try #require(sqlite3_prepare_v2(database, "PRAGMA page_count", -1, &statement, nil) == SQLITE_OK)
        try #require(sqlite3_step(statement) == SQLITE_ROW)
        return Int(sqlite3_column_int(statement, 0))
    }

    /// Damage that comes while the arcade runs is found by the next write: what can be read
    /// is recovered into a new store (not left behind with the damaged file), and the score
    /// is kept there.
    @Test func damageFoundWhileRecordingRecoversWhatCanBeReadAndKeepsTheScore() throws {
        try withTemporaryDirectory { root in
            let (path, schemaPages) = try Self.storeOfGames(root)
            let data = ArcadeData(directory: root, now: { 1_764_500_000 })
            try Self.damageDeepInside(path, after: schemaPages)
            let list = try data.record(ScoreRecord(score: 100_000), of: Self.slots, player: "ann", now: 0)
            #expect(list.first?.score == 100_000, "kept in the new store")
            let notice = try #require(data.takeNotice())
            #expect(notice.hasPrefix("Recovered ") && notice.contains(" of 3,000 finished games from the damaged store \(path); "
                                                                     + "the damaged file is kept as \(path).corrupt-1764500000."), "\(notice)")
            #expect(FileManager.default.fileExists(atPath: path + ".corrupt-1764500000"))
            let kept = ArcadeData(directory: root).scores(for: [Self.slots])[.slots] ?? []
            #expect(kept.first?.score == 100_000 && kept.count == 10, "the recovered games are there too: \(kept.map(\.score)) \(notice)")
        }
    }

    @Test func aSecondArcadeMeetingTheSameDamageOpensTheNewStoreInsteadOfMovingIt() throws {
        try withTemporaryDirectory { root in
            let (path, schemaPages) = try Self.storeOfGames(root)
            let first = ArcadeData(directory: root, now: { 1_764_500_000 })
            let second = ArcadeData(directory: root, now: { 1_764_500_001 })
            try Self.damageDeepInside(path, after: schemaPages)
            _ = try first.record(ScoreRecord(score: 100_005), of: Self.slots, player: "ann", now: 0)
            _ = try second.record(ScoreRecord(score: 100_006), of: Self.slots, player: "bob", now: 0)
            let aside = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".corrupt-") && !$0.hasSuffix("-wal") }
            #expect(aside == ["arcade.sqlite3.corrupt-1764500000"], "moved aside once: \(aside)")
            #expect(ArcadeData(directory: root).scores(for: [Self.slots])[.slots]?.prefix(2).map(\.score) == [100_006, 100_005],
                    "both arcades' scores in the one new store")
        }
    }

    @Test func aSecondOldScoreFileIsImportedTooWithoutTwiceWhatIsKeptAndNoCopyIsOverwritten() throws {
        try withTemporaryDirectory { root in
            let path = root + "/scores.json"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.oldFile.utf8)))
            _ = ArcadeData(directory: root)
            // An old arcade still running wrote its whole list back, with one new entry.
            let second = #"{"version": 1, "games": {"slots": [{"score": 777, "date": "2025-12-01 09:00", "player": "cy", "figures": {}}, "#
                + #"{"score": 398, "date": "2025-11-30 10:53", "player": "ann", "figures": {"machine": "3-digit"}}]}}"#
            #expect(FileManager.default.createFile(atPath: path, contents: Data(second.utf8)))
            let data = ArcadeData(directory: root)
            #expect(data.scores(for: [Self.slots])[.slots]?.map(\.score) == [777, 398, 120])
            #expect(FileManager.default.contents(atPath: path + ".imported") == Data(Self.oldFile.utf8))
            #expect(FileManager.default.contents(atPath: path + ".imported-1") == Data(second.utf8))
        }
    }

    @Test func aLaterResultOfTheSameRunReplacesTheEarlierOne() throws {
        try withTemporaryDirectory { root in
            let data = ArcadeData(directory: root)
            _ = try data.record(ScoreRecord(score: 173, figures: ["spins": "1"], run: "s1 3-digit 0"), of: Self.slots,
                                player: "ann", now: 0)
            _ = try data.record(ScoreRecord(score: 150, run: "s2 3-digit 0"), of: Self.slots, player: "ann", now: 0)
            let list = try data.record(ScoreRecord(score: 238, figures: ["spins": "6"], run: "s1 3-digit 0"),
                                       of: Self.slots, player: "ann", now: 0)
            #expect(list.map(\.score) == [238, 150], "one run, one result: the resumed run's best replaced its first")
            #expect(list.first?.figures == ["spins": "6"])
            // A lower result of the run (a second arcade resuming the same save) keeps the better one.
            let after = try data.record(ScoreRecord(score: 200, run: "s1 3-digit 0"), of: Self.slots, player: "ann", now: 0)
            #expect(after.map(\.score) == [238, 150])
        }
    }

    @Test func noHomeFolderMeansNothingKeptAndASentenceSayingSo() throws {
        let data = ArcadeData(directory: nil)
        #expect(data.notice == "No home folder was found (HOME is unset); scores and saved games will not be kept.")
        #expect(throws: ScoreSaveError.self) { try data.record(ScoreRecord(score: 1), of: Self.slots, player: "a", now: 0) }
    }

    // MARK: - Saved games

    @Test func aSavedGameIsKeptUntilItsGameFinishes() throws {
        try withTemporaryDirectory { root in
            let data = ArcadeData(directory: root)
            let saved = SavedGame(game: .slots, save: GameSave(state: "{}", summary: "score 12"), seed: 7,
                                  savedAt: 1_764_500_000)
            try data.keep(saved)
            #expect(ArcadeData(directory: root).savedGames() == [saved])
            _ = try data.record(ScoreRecord(score: 3, savedGameMode: ""), of: Self.slots, player: "ann", now: 0)
            #expect(ArcadeData(directory: root).savedGames() == [], "a finished game clears its save")
            try data.keep(saved)
            try data.forgetSavedGame(GameCatalog.games[2])
            #expect(data.savedGames() == [])
        }
    }

    /// Set's list, and so the menu's best, is the classic game's: a higher score against the
    /// computer is not its best.
    @Test func setsListIsTheClassicGamesOnly() throws {
        try withTemporaryDirectory { root in
            let data = ArcadeData(directory: root)
            let set = GameCatalog.games[0]
            _ = try data.record(ScoreRecord(score: 20), of: set, player: "ann", now: 0)
            let list = try data.record(ScoreRecord(score: 60, figures: ["sets": "9", "time": "2:00", "computer": "4"],
                                                   mode: "versus hard"), of: set, player: "ann", now: 0)
            #expect(list.map(\.score) == [20])
            #expect(set.describeBest(list[0]) == "best 20")
        }
    }

    /// Each mode's best comes from every game kept of it, not from the list of ten: Hard
    /// results filling Memory's list leave Easy's best known.
    @Test func eachModesBestIsReadFromTheWholeHistory() throws {
        try withTemporaryDirectory { root in
            let data = ArcadeData(directory: root)
            let memory = try #require(GameCatalog.games.first { $0.id == .memory })
            for score in [30, 12] {
                _ = try data.record(ScoreRecord(score: score, mode: "Easy"), of: memory, player: "ann", now: 0)
            }
            for score in 100..<(100 + ArcadeData.listLength) {
                _ = try data.record(ScoreRecord(score: score, mode: "Hard"), of: memory, player: "bob", now: 0)
            }
            _ = try data.record(ScoreRecord(score: 7), of: Self.slots, player: "ann", now: 0)
            let bests = data.history(for: [memory, Self.slots], player: "ann").bests
            #expect(bests[.memory] == ["Easy": 30, "Hard": 109])
            #expect(bests[.slots] == ["": 7])
            #expect(try data.scores(for: memory).allSatisfy { $0.score >= 100 }, "no Easy game is in the list")
        }
    }

    /// Saved games are per mode: a daily puzzle kept beside a classic game leaves it be, and
    /// finishing one mode's game or forgetting its save touches no other mode's.
    @Test func savedGamesOfTwoModesAreKeptSideBySide() throws {
        try withTemporaryDirectory { root in
            let data = ArcadeData(directory: root)
            let classic = SavedGame(game: .set, mode: "classic", save: GameSave(state: "{}", summary: "score 12"),
                                    savedAt: 1)
            let daily = SavedGame(game: .set, mode: "daily", save: GameSave(state: "{}", summary: "daily"), savedAt: 2)
            try data.keep(classic)
            try data.keep(daily)
            #expect(Set(ArcadeData(directory: root).savedGames().map(\.mode)) == ["classic", "daily"])
            _ = try data.record(ScoreRecord(score: 3, savedGameMode: "daily"), of: GameCatalog.games[0],
                                player: "ann", now: 0)
            #expect(data.savedGames() == [classic], "the daily puzzle finished; the classic game waits")
            let versus = SavedGame(game: .set, mode: "versus hard", save: GameSave(state: "{}", summary: "v"), savedAt: 3)
            try data.keep(versus, replacing: "classic")
            #expect(data.savedGames() == [versus], "a game resumed in one mode and left in another moves")
        }
    }
}

/// Runs `body` with a fresh empty directory under /tmp, removed afterwards.
func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
    var template = Array("/tmp/arcade-data-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
    let path = try #require(made)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
}

/// A SQLite file changed as a player editing it would, through SQLite itself.
private struct SQLiteFile {
    let path: String
    init(_ path: String) { self.path = path }

    func run(_ sql: String) throws {
        var handle: OpaquePointer?
        try #require(sqlite3_open(path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        try #require(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    }
}
