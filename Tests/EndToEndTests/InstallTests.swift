import ArcadeTestSupport
import Foundation
import Testing

/// `make install` into a temporary prefix, the installed binary run from elsewhere, the man
/// page, `--version`, and `make uninstall` leaving nothing behind.
extension EndToEnd {
    @Suite
    struct InstallTests {
        static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        private func make(_ target: String, prefix: URL, binary: URL) async throws -> TerminalProcess.Result {
            try await TerminalProcess.run(
                URL(fileURLWithPath: "/usr/bin/make"),
                arguments: ["-s", "-C", Self.checkout.path, target, "PREFIX=\(prefix.path)", "BIN=\(binary.path)"],
                timeout: .seconds(30))
        }

        /// Every file below `directory`, relative to it.
        private func files(under directory: URL) -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: directory.path)
            return (enumerator?.allObjects as? [String] ?? []).sorted()
        }

        @Test func installRunFromElsewhereAndUninstallLeavesNothing() async throws {
            guard let binary = TerminalProcess.requireArcadeBinary() else { return }
            let prefix = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-prefix")
            defer { try? FileManager.default.removeItem(at: prefix) }

            let installed = try await make("install", prefix: prefix, binary: binary)
            #expect(installed.status == 0, "\(installed)")
            let layout = files(under: prefix)
            #expect(layout.contains("bin/arcade"))
            #expect(layout.contains("share/man/man6/arcade.6"))
            #expect(layout.contains("share/arcade/Temples/temples.json"))
            #expect(layout.contains("share/arcade/Temples/salt-lake.png"))
            #expect(layout.contains("share/arcade/Sounds/card-drawn.wav"))
            #expect(!layout.contains { $0.hasSuffix(".txt") || $0.hasSuffix(".py") }, "sources stay in the checkout")

            let arcade = prefix.appendingPathComponent("bin/arcade")
            let version = try await TerminalProcess.run(arcade, arguments: ["--version"])
            #expect(version.status == 0)
            #expect(version.stdout.hasPrefix("arcade 0."))

            // From another directory, without ARCADE_ASSETS: the pictures come from the prefix.
            let session = try PtySession(
                command: [arcade.path, "temples", "--seed", "5"],
                configuration: .init(width: 100, height: 30, unsetEnvironment: ["ARCADE_ASSETS"],
                                     workingDirectory: "/"))
            defer { session.close() }
            #expect(await session.waitFor("Correct 0   Incorrect 0"))
            let halfBlocks = session.capture().filter { $0 == "▀" }.count
            #expect(halfBlocks > 500, "a picture is drawn\n\(session.report())")
            session.type("q")
            #expect(await session.waitFor("ARCADE"))
            session.type("q")
            #expect(await session.waitForExit() == 0)

            let removed = try await make("uninstall", prefix: prefix, binary: binary)
            #expect(removed.status == 0, "\(removed)")
            let left = files(under: prefix).filter { path in
                var isDirectory: ObjCBool = false  // all that is asked: the path was listed, so it exists
                _ = FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path, isDirectory: &isDirectory)
                return !isDirectory.boolValue
            }
            #expect(left.isEmpty, "left behind: \(left)")
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/arcade").path))
        }

        /// Temples from a binary in `<folder>/bin`, with a one-picture deck named "Planted Temple"
        /// in `<folder>/share/arcade`: whether that deck is the one shown.
        private func showsThePlantedDeck(binaryIn folder: URL) async throws -> Bool {
            let session = try PtySession(
                command: [folder.appendingPathComponent("bin/arcade").path, "temples", "--seed", "5"],
                configuration: .init(width: 100, height: 30, unsetEnvironment: ["ARCADE_ASSETS"], workingDirectory: "/"))
            defer { session.close() }
            #expect(await session.waitFor("Correct 0   Incorrect 0"))
            let planted = session.capture().contains("Planted Temple")
            session.type("q")
            #expect(await session.waitFor("ARCADE"))
            session.type("q")
            #expect(await session.waitForExit() == 0)
            return planted
        }

        @Test func aBinaryInAFolderEveryoneCanWriteIgnoresAssetsPlantedBesideIt() async throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let folder = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-open")
            defer {
                chmod(folder.path, 0o700)
                try? FileManager.default.removeItem(at: folder)
            }
            let temples = folder.appendingPathComponent("share/arcade/Temples")
            try FileManager.default.createDirectory(at: temples, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent("Assets/Temples/salt-lake.png"),
                                             to: temples.appendingPathComponent("salt-lake.png"))
            try #"[{"file": "salt-lake.png", "name": "Planted Temple", "location": "Nowhere", "year": 2000}]"#
                .write(to: temples.appendingPathComponent("temples.json"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
            try Self.placeExecutable(binary, at: folder.appendingPathComponent("bin/arcade"))

            chmod(folder.path, 0o755)
            #expect(try await showsThePlantedDeck(binaryIn: folder), "a prefix only you can change is used")
            chmod(folder.path, 0o777)
            #expect(try await !showsThePlantedDeck(binaryIn: folder),
                    "a prefix everyone can write to is passed over for the checkout's pictures")
        }

        /// `source` at `destination`, executable: a hard link when they share a file system,
        /// else a copy written through a descriptor no spawned process can inherit (an
        /// inherited one would make executing it fail with ETXTBSY).
        static func placeExecutable(_ source: URL, at destination: URL) throws {
            if link(source.path, destination.path) == 0 { return }
            let bytes = try Data(contentsOf: source)
            let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            defer { close(descriptor) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        }

        @Test func theManPageRendersWithoutWarningsAndNamesEveryOption() async throws {
            let page = Self.checkout.appendingPathComponent("Assets/arcade.6")
            let groff = try await TerminalProcess.run(
                URL(fileURLWithPath: "/usr/bin/groff"), arguments: ["-man", "-ww", "-Tutf8", page.path])
            #expect(groff.status == 0)
            #expect(groff.stderr.isEmpty, "groff warned: \(groff.stderr)")
            let text = groff.stdout.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
            guard let binary = TerminalProcess.requireArcadeBinary() else { return }
            let help = try await TerminalProcess.run(binary, arguments: ["--help"])
            for option in ["--seed", "--no-color", "--ascii", "--mute", "--help", "--version", "--deck",
                           "NO_COLOR", "XDG_DATA_HOME", "ARCADE_SOUND", "ARCADE_SOUND_CMD", "ARCADE_ASSETS"] {
                #expect(help.stdout.contains(option), "--help lacks \(option)")
                #expect(text.contains(option), "the man page lacks \(option)")
            }
            for game in ["Set", "Memory", "Slots", "Temples", "Blackjack"] {
                #expect(text.contains(game), "the man page lacks \(game)")
            }
        }
    }
}
