import ArcadeHarness
import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import Foundation
import Testing

extension EndToEnd {
    /// The store between processes: two arcades writing at once lose nothing (WAL and the
    /// busy timeout), and a writer killed at any moment leaves a store that opens, passes
    /// SQLite's integrity check and holds every game it committed, none half-written.
    @Suite struct StoreProcessTests {
        /// A running `arcade-store-writer` and the pipe its committed game numbers come on.
        private final class Writer {
            let pid: pid_t
            let output: Int32
            /// The last number read, and the start of a line not read whole yet.
            private var last = 0
            private var pending: [UInt8] = []

            init(directory: String, player: String, count: Int, figures: Int = 0, extra: [String] = []) throws {
                let arcade = try #require(TerminalProcess.requireArcadeBinary())
                let binary = arcade.deletingLastPathComponent().appendingPathComponent("arcade-store-writer").path
                var pipeEnds: [Int32] = [0, 0]
                // Close-on-exec, so no other child started meanwhile keeps the write end open
                // (the killed-writer test reads to the end of this pipe); Glibc's module has
                // no pipe2, so the flag is set at once after.
                try #require(pipe(&pipeEnds) == 0)
                for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                defer { posix_spawn_file_actions_destroy(&actions) }
                posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
                posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
                pid = try Spawn.program(binary, arguments: [directory, player, String(count), String(figures)] + extra,
                                        environment: ["PATH=/usr/bin:/bin"], actions: &actions)
                close(pipeEnds[1])
                output = pipeEnds[0]
            }

            /// Reads what has come into `pending`; false at the end of its output.
            private func readMore() -> Bool {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = read(output, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    pending += buffer[..<count]
                    return true
                }
            }

            /// Reads the numbers it has committed until `number` has come (or its output ends);
            /// the last number read so far.
            func waitFor(_ number: Int) -> Int {
                while last < number && readMore() {
                    while let newline = pending.firstIndex(of: 0x0A) {
                        last = Int(String(decoding: pending[..<newline], as: UTF8.self)) ?? last
                        pending.removeSubrange(...newline)
                    }
                }
                return last
            }

            /// The rest of its output, to its end, as text.
            func rest() -> String {
                while readMore() {}
                return String(decoding: pending, as: UTF8.self)
            }

            /// Waits for it to end; its exit status (128 + n for a signal).
            func finish() -> Int32 {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                close(output)
                return Spawn.exitStatus(fromWaitStatus: status).status
            }
        }

        /// Run without a terminal, the arcade exits 2 before anything on disk is touched: a
        /// damaged store and a damaged old score file stay where they are, as they are.
        @Test func withoutATerminalNothingOnDiskIsTouched() async throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let data = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-no-terminal")
            defer { try? FileManager.default.removeItem(at: data) }
            let folder = data.appendingPathComponent("arcade").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: folder + "/" + ArcadeStore.fileName, contents: Data("junk".utf8)))
            #expect(FileManager.default.createFile(atPath: folder + "/scores.json", contents: Data("{".utf8)))
            for arguments in [[], ["set"], ["stats"]] {
                let result = try await TerminalProcess.run(
                    binary, arguments: arguments, environment: ["TERM": "xterm-256color", "XDG_DATA_HOME": data.path],
                    standardInput: .devNull, timeout: .seconds(5))
                #expect(result.status == 2, "\(arguments): \(result)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [ArcadeStore.fileName, "scores.json"])
            #expect(FileManager.default.contents(atPath: folder + "/" + ArcadeStore.fileName) == Data("junk".utf8))
            #expect(FileManager.default.contents(atPath: folder + "/scores.json") == Data("{".utf8))
        }

        /// The store is a few pages read for a handful of queries, so SQLite's heap stays
        /// small: its page cache takes pages as they are read, without the 20 pages it would
        /// otherwise allocate in bulk at the first read. The bound on the peak heap of writing
        /// five games into a kept store lies between what it takes so and what it takes with
        /// the bulk, so the bulk fails it.
        @Test func writingGamesIntoAKeptStoreKeepsSQLitesHeapSmall() throws {
            let folder = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-sqlite-heap")
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try ArcadeStore(directory: folder.path)  // the store made before, as a player has it
            let writer = try Writer(directory: folder.path, player: "ann", count: 5, extra: ["memory"])
            let output = writer.rest()
            #expect(writer.finish() == 0)
            let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("memory ") }, "\(output)")
            let bytes = try #require(Int(line.dropFirst("memory ".count)))
            #expect(bytes > 50_000 && bytes < 240_000, "SQLite's peak heap: \(bytes) bytes")
        }

        @Test func twoProcessesWritingAtOnceKeepEveryGame() throws {
            let folder = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-two-writers")
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try ArcadeStore(directory: folder.path)  // the schema made once, before the race
            let writers = try ["ann", "bob"].map { try Writer(directory: folder.path, player: $0, count: 300) }
            let finished = writers.map { writer in (writer.waitFor(300), writer.finish()) }
            #expect(finished.map(\.0) == [300, 300] && finished.map(\.1) == [0, 0], "\(finished)")

            let inspection = try #require(StoreInspection.inspect(path: folder.path + "/" + ArcadeStore.fileName))
            #expect(inspection.problem == nil)
            let scores = inspection.scores["slots"] ?? []
            #expect(scores.count == 600)
            #expect(scores.sorted() == (1...300).flatMap { [$0, $0] }, "every game of both, none twice")
        }

        /// Two arcades making a new store at the same moment: neither takes the other's
        /// `-journal` (the first write's own, which the other holds a write lock for) for a
        /// journal of another database left behind.
        @Test func twoArcadesStartingAtOnceOnANewStoreBothKeepTheirGames() throws {
            for round in 0..<10 {
                let folder = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-two-starts")
                defer { try? FileManager.default.removeItem(at: folder) }
                // No store yet: both make the schema, switch to WAL and write at the same moment.
                let writers = try ["ann", "bob"].map { try Writer(directory: folder.path, player: $0, count: 20) }
                let finished = writers.map { writer in (writer.waitFor(20), writer.finish()) }
                #expect(finished.map(\.0) == [20, 20] && finished.map(\.1) == [0, 0], "round \(round): \(finished)")
                let inspection = StoreInspection.inspect(path: folder.path + "/" + ArcadeStore.fileName)
                #expect(inspection?.problem == nil && inspection?.scores["slots"]?.count == 40, "round \(round)")
            }
        }

        @Test func aWriterKilledAtAnyMomentLeavesTheStoreWholeWithEveryCommittedGame() throws {
            let folder = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-killed-writer")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.path + "/" + ArcadeStore.fileName
            var committed = 0
            for round in 0..<25 {
                // Each game has forty figures, so a kill often lands inside a transaction.
                let writer = try Writer(directory: folder.path, player: "round\(round)", count: 100_000, figures: 40)
                _ = writer.waitFor(1 + (round * 7) % 23)
                kill(writer.pid, SIGKILL)
                // What it reported before the kill landed (it may have gone on meanwhile).
                let seen = writer.waitFor(.max)
                let status = writer.finish()
                #expect(status == 128 + SIGKILL || status == 0)

                let inspection = try #require(StoreInspection.inspect(path: path))
                #expect(inspection.problem == nil, "round \(round): \(inspection.problem ?? "")")
                let games = inspection.scores["slots"] ?? []
                let thisRound = games.count - committed
                #expect(thisRound >= seen && thisRound <= seen + 1,
                        "round \(round): \(seen) reported committed, \(thisRound) kept")
                let figures = inspection.figures["slots"] ?? []
                #expect(figures.suffix(thisRound).allSatisfy { $0.count == 41 }, "a game kept half-written")
                committed = games.count
            }
            // And the arcade opens it and goes on recording.
            let store = try ArcadeStore(directory: folder.path)
            try store.record(FinishedGame(game: "slots", score: 1, player: "after", finishedAt: "2026-12-01 12:00"))
            #expect(try store.count(of: "slots") == committed + 1)
        }
    }
}
