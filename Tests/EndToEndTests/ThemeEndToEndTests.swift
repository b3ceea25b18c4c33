import ArcadeHarness
import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import Foundation
import Testing

/// The first start picks dark or light as the terminal's background is, keeps the choice,
/// and draws in it; a terminal that says nothing gets dark.
extension EndToEnd {
    @Suite
    struct ThemeEndToEndTests {
        /// The arcade started with `environment` added, once its menu is up, and then quit.
        func firstStart(_ environment: [String: String], arguments: [String] = []) async throws -> (output: String, theme: String?) {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-theme")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            var launcher = try #require(ArcadeLauncher.forTests())
            for (key, value) in environment { launcher.extraEnvironment[key] = value }
            let pty = try await launcher.start(arguments, dataHome: dataHome)
            #expect(await pty.until(limit: 5) { String(decoding: pty.output, as: UTF8.self).contains("ARCADE") })
            let output = String(decoding: pty.output, as: UTF8.self)
            #expect(await leaveAndQuit(pty)?.exit == .exited(0))
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
            let store = try ArcadeStore(directory: dataHome.path + "/arcade", readingOnly: true)
            return (output, try store.settings()["theme"])
        }

        @Test func aLightBackgroundGivesTheLightThemeAndItIsKept() async throws {
            let (output, theme) = try await firstStart(["COLORFGBG": "0;15"])
            #expect(theme == "light")
            // The title's frame in the light theme's accent, xterm colour 31, not cyan.
            #expect(output.contains("38;5;31m"), "\(output.suffix(400))")
        }

        /// No answer (the harness's terminal answers DA1 only) is dark for this run, and kept
        /// as nothing, so the next start asks again.
        @Test func aTerminalThatDoesNotSayGivesDarkAndIsAskedAgain() async throws {
            let (output, theme) = try await firstStart([:])
            #expect(theme == nil)
            #expect(output.contains("\u{1B}]11;?"), "the terminal was asked for its background")
            #expect(!output.contains("38;5;31m"))
        }

        /// A key typed while the question is out is not lost: 2 opens Memory.
        @Test func aKeyTypedAtTheFirstStartStillActs() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-theme-key")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let launcher = try #require(ArcadeLauncher.forTests())
            let pty = try launcher.launch([], dataHome: dataHome.path, tracksGrid: false)
            pty.send(Keys.text("2"))  // there before the question is asked, so read with its answer
            #expect(await pty.until(limit: 5) { String(decoding: pty.output, as: UTF8.self).contains("Level") },
                    "Memory's choice of level did not come: \(pty.tailDescription)")
            #expect(await leaveAndQuit(pty)?.exit == .exited(0))
        }

        @Test func theFlagDecidesWithoutAskingAndKeepsNothing() async throws {
            let (output, theme) = try await firstStart([:], arguments: ["--theme", "contrast"])
            #expect(theme == nil)
            #expect(!output.contains("\u{1B}]11;?"))
            #expect(output.contains("48;5;16m"), "the contrast theme paints black")
        }
    }
}
