import ArcadeHarness
import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import Foundation
import Testing

extension EndToEnd {
    /// A store the player may not write, met by the real arcade run as an ordinary user (the
    /// tests run as root, whom no permission stops): the scores that are there are shown,
    /// the menu says nothing new will be kept, and the file is left as it was.
    @Suite struct ReadOnlyStoreEndToEndTests {
        /// `nobody`, who owns nothing here.
        private static let user = ["--reuid=65534", "--regid=65534", "--clear-groups"]

        /// A data folder anyone can enter, holding a store with one Slots best of 398.
        private func storeWithABest() throws -> URL {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-read-only")
            let folder = dataHome.appendingPathComponent("arcade").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            do {
                let store = try ArcadeStore(directory: folder)
                try store.record(FinishedGame(game: "slots", mode: "3-digit", score: 398,
                                              figures: ["machine": "3-digit", "spins": "1"], player: "ann",
                                              finishedAt: "2026-12-01 12:00"))
            }  // closed: SQLite folds its journal back in and removes -wal and -shm
            chmod(dataHome.path, 0o755)
            return dataHome
        }

        /// The arcade as `nobody`, on the menu.
        private func startAsNobody(_ dataHome: URL) throws -> PtyProcess {
            let arcade = try #require(TerminalProcess.requireArcadeBinary())
            let setpriv = try #require(TerminalProcess.which("setpriv"), "setpriv (util-linux) is on the machine")
            var launcher = ArcadeLauncher(binary: setpriv.path, extraEnvironment: ["ARCADE_SOUND_CMD": "true"])
            launcher.width = 100
            return try launcher.launch(Self.user + [arcade.path], dataHome: dataHome.path)
        }

        private func screen(_ pty: PtyProcess) -> String {
            flowed(pty.terminal.text)
        }

        @Test func aStoreInAFolderThatCannotBeWrittenIsShownAndLeftAsItIs() async throws {
            let dataHome = try storeWithABest()
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let folder = dataHome.appendingPathComponent("arcade").path
            let path = folder + "/" + ArcadeStore.fileName
            #expect(chmod(folder, 0o555) == 0)  // nobody may neither write the file nor make -shm
            let before = FileManager.default.contents(atPath: path)

            let pty = try startAsNobody(dataHome)
            #expect(await pty.until(limit: 10) { screen(pty).contains("can only be read") }, "\(pty.terminal.text)")
            #expect(screen(pty).contains("best 398 (3-digit)"), "the scores there are shown:\n\(pty.terminal.text)")
            #expect(await leaveAndQuit(pty)?.exit == .exited(0))
            #expect(FileManager.default.contents(atPath: path) == before, "the store was not touched")
            // Only the store, and the mark its clean close left when it was made (no -shm, no -wal).
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                    == [ArcadeStore.fileName, ArcadeStore.fileName + "-checked"])
        }

        @Test func aWriteProtectedStoreIsSaidSoAtTheStartNotWhenAGameIsLost() async throws {
            let dataHome = try storeWithABest()
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let folder = dataHome.appendingPathComponent("arcade").path
            #expect(chmod(folder, 0o777) == 0)
            #expect(chmod(folder + "/" + ArcadeStore.fileName, 0o444) == 0)

            let pty = try startAsNobody(dataHome)
            #expect(await pty.until(limit: 10) { screen(pty).contains("write-protected") }, "\(pty.terminal.text)")
            #expect(screen(pty).contains("best 398 (3-digit)"))
            #expect(await leaveAndQuit(pty)?.exit == .exited(0))
            #expect(StoreCheck.check(dataHome: dataHome.path).scores["slots"] == [398])
        }
    }
}
