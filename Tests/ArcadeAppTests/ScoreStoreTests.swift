import ArcadeApp
import FoundationEssentials
import Glibc
import Synchronization
import Testing

@Suite struct ScoreStoreTests {
    // MARK: - Where the file lives

    @Test func defaultDirectoryUsesAbsoluteXDGDataHome() {
        let home = "/home/ann"
        #expect(ScoreStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": home]) == "/data/arcade")
        #expect(ScoreStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data/", "HOME": home]) == "/data/arcade")
    }

    @Test func defaultDirectoryFallsBackToHomeWhenXDGDataHomeIsMissingEmptyOrRelative() {
        let expected = "/home/ann/.local/share/arcade"
        #expect(ScoreStore.defaultDirectory(environment: ["HOME": "/home/ann"]) == expected)
        #expect(ScoreStore.defaultDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"]) == expected)
        #expect(ScoreStore.defaultDirectory(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ann/"]) == expected)
        #expect(ScoreStore.defaultDirectory(environment: [:]) == "./.local/share/arcade")
    }

    @Test func playerNameComesFromUserThenLogname() {
        #expect(ScoreStore.playerName(environment: ["USER": "ann", "LOGNAME": "bob"]) == "ann")
        #expect(ScoreStore.playerName(environment: ["USER": "", "LOGNAME": "bob"]) == "bob")
        #expect(ScoreStore.playerName(environment: [:]) == "player")
    }

    @Test func entryDateIsMinutesInYearMonthDayOrder() {
        let date = ScoreStore.makeEntry(score: 1, player: "ann", now: 1_764_500_000).date
        let shape = date.map { $0.isNumber ? "9" : String($0) }.joined()
        #expect(shape == "9999-99-99 99:99")
        #expect(date.hasPrefix("2025-11-30") || date.hasPrefix("2025-11-29") || date.hasPrefix("2025-12-01"))
    }

    // MARK: - Recording and loading

    @Test func recordThenLoadRoundTrips() throws {
        try withTemporaryDirectory { root in
            let store = ScoreStore(directory: root + "/data/arcade")  // parents missing on purpose
            let slots = ScoreStore.makeEntry(score: 1200, player: "ann", figures: ["machine": "5-digit"], now: 1_764_500_000)
            let set = ScoreStore.makeEntry(score: 83, player: "bob", figures: ["time": "1:23"], now: 1_764_500_060)
            let recorded = try store.record(slots, game: "slots")
            try store.record(set, game: "set", order: .lowerIsBetter)

            #expect(recorded == RecordedScores(entries: [slots], rank: 0, notice: nil))
            let board = ScoreStore(directory: root + "/data/arcade").load()
            #expect(board == ScoreBoard(games: ["slots": [slots], "set": [set]], notice: nil))
            #expect(board.best("set") == set)
            #expect(board.best("memory") == nil)

            let text = try #require(FileManager.default.contents(atPath: store.filePath))
            let json = String(decoding: text, as: UTF8.self)
            #expect(json.contains("\"version\" : 1"))
            #expect(json.contains("\n    \"slots\" : ["))  // pretty printed for a human reader
            #expect(!FileManager.default.fileExists(atPath: store.filePath + ".tmp"))
        }
    }

    @Test func keepsTheTenHighestBestFirstAndEarlierTiesAhead() throws {
        try withTemporaryDirectory { root in
            let store = ScoreStore(directory: root)
            for score in [50, 10, 90, 30, 70, 110, 20, 60, 100, 40, 80] {
                try store.record(entry(score, "ann"), game: "slots")
            }
            let tie = try store.record(entry(70, "bob"), game: "slots")
            let missed = try store.record(entry(5, "cat"), game: "slots")

            #expect(tie.rank == 5)
            #expect(missed.rank == nil)
            let table = store.load().games["slots"] ?? []
            #expect(table.map(\.score) == [110, 100, 90, 80, 70, 70, 60, 50, 40, 30])
            #expect(table[4].player == "ann" && table[5].player == "bob")
        }
    }

    @Test func keepsTheTenLowestBestFirstForTimes() throws {
        try withTemporaryDirectory { root in
            let store = ScoreStore(directory: root)
            for seconds in [95, 61, 130, 83, 72, 200, 64, 99, 88, 75, 140, 66] {
                try store.record(entry(seconds, "ann"), game: "set", order: .lowerIsBetter)
            }
            let best = try store.record(entry(60, "bob"), game: "set", order: .lowerIsBetter)

            #expect(best.rank == 0)
            #expect(store.load().games["set"]?.map(\.score) == [60, 61, 64, 66, 72, 75, 83, 88, 95, 99])
        }
    }

    // MARK: - Failures a player could meet

    @Test func saveInterruptedBeforeTheRenameLeavesTheOldScores() throws {
        try withTemporaryDirectory { root in
            let old = entry(100, "ann")
            try ScoreStore(directory: root).record(old, game: "slots")
            let before = FileManager.default.contents(atPath: root + "/scores.json")

            let sawNewScore = Mutex(false)
            let crashing = ScoreStore(directory: root, beforeRename: { temporary in
                let written = FileManager.default.contents(atPath: temporary) ?? Data()
                sawNewScore.withLock { $0 = String(decoding: written, as: UTF8.self).contains("999") }
                throw Interrupted()
            })
            #expect(throws: ScoreStoreError.self) { try crashing.record(entry(999, "bob"), game: "slots") }

            #expect(sawNewScore.withLock { $0 })
            #expect(FileManager.default.contents(atPath: root + "/scores.json") == before)
            #expect(ScoreStore(directory: root).load() == ScoreBoard(games: ["slots": [old]]))
        }
    }

    @Test(arguments: ["{\"version\": 1, \"games\": {\"slots\": [{\"sc", "{\"version\": 1, \"games\": {\"slots\": [{\"score\": \"lots\"}]}}"])
    func corruptFileIsMovedAsideWithItsBytesAndReported(contents: String) throws {
        try withTemporaryDirectory { root in
            let path = root + "/scores.json"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)))
            let store = ScoreStore(directory: root, now: { 1_764_500_000.7 })

            let board = store.load()

            let aside = path + ".corrupt-1764500000"
            #expect(board.games.isEmpty)
            #expect(board.notice == "Score file was unreadable; moved it to \(aside) and started afresh.")
            #expect(FileManager.default.contents(atPath: aside) == Data(contents.utf8))
            #expect(!FileManager.default.fileExists(atPath: path))
            try store.record(entry(10, "ann"), game: "slots")
            #expect(store.load() == ScoreBoard(games: ["slots": [entry(10, "ann")]]))
        }
    }

    @Test func corruptFileFoundWhileRecordingIsReportedAndEarlierCorruptCopiesKept() throws {
        try withTemporaryDirectory { root in
            let path = root + "/scores.json"
            let store = ScoreStore(directory: root, now: { 1_764_500_000 })
            #expect(FileManager.default.createFile(atPath: path, contents: Data("first".utf8)))
            _ = store.load()
            #expect(FileManager.default.createFile(atPath: path, contents: Data("second".utf8)))

            let recorded = try store.record(entry(10, "ann"), game: "slots")

            let aside = path + ".corrupt-1764500000-1"
            #expect(recorded.notice == "Score file was unreadable; moved it to \(aside) and started afresh.")
            #expect(recorded.entries == [entry(10, "ann")])
            #expect(FileManager.default.contents(atPath: path + ".corrupt-1764500000") == Data("first".utf8))
            #expect(FileManager.default.contents(atPath: aside) == Data("second".utf8))
        }
    }

    @Test func unwritableDirectoryGivesAMessageNotACrash() throws {
        try withTemporaryDirectory { root in
            let file = root + "/not-a-folder"
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
            let store = ScoreStore(directory: file + "/arcade")

            let error = #expect(throws: ScoreStoreError.self) { try store.record(entry(10, "ann"), game: "slots") }

            #expect(error?.description == "Score not saved: could not create the folder \(file)/arcade (Not a directory).")
            #expect(store.load() == ScoreBoard())
        }
    }

    // MARK: - Special files (issue 13, item 3)

    @Test func aScoreFileThatIsAFIFONeverBlocksTheStartAndIsReported() throws {
        try withTemporaryDirectory { root in
            #expect(mkfifo(root + "/scores.json", 0o644) == 0)
            let store = ScoreStore(directory: root)
            // A plain open(2) of a FIFO waits for a writer for ever; this returns at once.
            let board = store.load()
            #expect(board.games.isEmpty)
            #expect(board.notice == "Scores could not be read: could not read \(root)/scores.json (not a regular file).")
            let error = #expect(throws: ScoreStoreError.self) { try store.record(entry(5, "ann"), game: "slots") }
            #expect(error?.description == "Score not saved: could not read \(root)/scores.json (not a regular file).")
        }
    }

    @Test func aScoreFileLinkedToADeviceIsNotReadWithoutEnd() throws {
        try withTemporaryDirectory { root in
            #expect(symlink("/dev/zero", root + "/scores.json") == 0)
            let board = ScoreStore(directory: root).load()
            #expect(board.notice == "Scores could not be read: could not read \(root)/scores.json (not a regular file).")
        }
    }

    @Test func aHugeScoreFileIsRefusedNotRead() throws {
        try withTemporaryDirectory { root in
            #expect(FileManager.default.createFile(atPath: root + "/scores.json",
                                                   contents: Data(repeating: 0x20, count: (4 << 20) + 1)))
            let board = ScoreStore(directory: root).load()
            #expect(board.notice == "Scores could not be read: could not read \(root)/scores.json (larger than the 4 MiB it may have).")
        }
    }

    // MARK: - Two arcades at once

    @Test func twoStoresRecordingInTurnKeepEveryEntry() throws {
        try withTemporaryDirectory { root in
            let first = ScoreStore(directory: root)
            let second = ScoreStore(directory: root)
            for score in 1...5 {
                try first.record(entry(score, "ann"), game: "slots")
                try second.record(entry(score, "bob"), game: "slots")
            }
            let table = first.load().games["slots"] ?? []
            #expect(Set(table.map { "\($0.player) \($0.score)" }) == expectedTen)
        }
    }

    @Test func twoThreadsRecordingAtOnceKeepEveryEntry() throws {
        try withTemporaryDirectory { root in
            let failures = Mutex<[String]>([])
            let arrived = Atomic(0)
            let players: [String] = ["ann", "bob"]
            try runOnThreads(players.map { player in
                { @Sendable in
                    let store = ScoreStore(directory: root)
                    arrived.add(1, ordering: .sequentiallyConsistent)
                    while arrived.load(ordering: .sequentiallyConsistent) < players.count {}  // start together
                    for score in 1...5 {
                        do { try store.record(entry(score, player), game: "slots") }
                        catch { failures.withLock { $0.append("\(error)") } }
                    }
                }
            })
            #expect(failures.withLock { $0 } == [])
            let table = ScoreStore(directory: root).load().games["slots"] ?? []
            #expect(Set(table.map { "\($0.player) \($0.score)" }) == expectedTen)
        }
    }

    @Test func saveHoldsTheLockThatOtherArcadesWaitFor() throws {
        try withTemporaryDirectory { root in
            let lockedOut = Mutex(false)
            let store = ScoreStore(directory: root, beforeRename: { _ in
                let fd = open(root + "/scores.json.lock", O_RDWR)
                defer { close(fd) }
                let refused = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
                lockedOut.withLock { $0 = fd >= 0 && refused }
            })
            try store.record(entry(1, "ann"), game: "slots")
            #expect(lockedOut.withLock { $0 })
        }
    }
}

// MARK: - Helpers

private let expectedTen = Set(["ann", "bob"].flatMap { player in (1...5).map { "\(player) \($0)" } })

private struct Interrupted: Error {}

private func entry(_ score: Int, _ player: String) -> ScoreEntry {
    ScoreEntry(score: score, date: "2025-11-30 10:53", player: player)
}

/// Runs `body` with a fresh empty directory under /tmp, removed afterwards.
func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
    var template = Array("/tmp/arcade-scores-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
    let path = try #require(made)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
}

/// Runs each body on its own POSIX thread and waits for all of them.
private func runOnThreads(_ bodies: [@Sendable () -> Void]) throws {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let threads = try bodies.map { body -> pthread_t in
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(Body(body)).toOpaque())
        try #require(started == 0)
        return thread
    }
    for thread in threads { pthread_join(thread, nil) }
}
