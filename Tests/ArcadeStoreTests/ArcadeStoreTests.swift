import Foundation
import Glibc
import Testing
import CSQLite

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

    @Test func anOlderSchemaIsMigratedAndANewerOneLeftAlone() throws {
        try withFolder { folder in
            let path = folder + "/" + ArcadeStore.fileName
            // Version 0: an empty database, as an arcade before the schema left it.
            try SQLiteDatabase(path: path).execute("CREATE TABLE unrelated (x)")
            let store = try ArcadeStore(directory: folder)
            #expect(try store.version() == ArcadeStore.schemaVersion)
            try store.record(game(5))
            try SQLiteDatabase(path: path).execute("PRAGMA user_version = 99")
            #expect(throws: StoreError.newerSchema(path: path, version: 99)) { try ArcadeStore(directory: folder) }
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
}
