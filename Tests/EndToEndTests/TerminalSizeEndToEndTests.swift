import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The size the arcade draws for: a terminal of any size it reports is
/// drawn within 1000 × 500 cells in little memory, and `COLUMNS`/`LINES` never win over the
/// size the terminal reports, nor over its resizes.
extension EndToEnd {
    @Suite
    struct TerminalSizeEndToEndTests {
        /// The most the arcade lays out and draws for (`CellGrid.largestSize`).
        static let largest = (width: 1000, height: 500)

        struct HugeSize: Sendable, CustomTestStringConvertible {
            var width: Int
            var height: Int
            var testDescription: String { "\(width)×\(height)" }
        }

        /// A terminal that says it is huge gets a frame, drawn for at most 1000 × 500 (the
        /// model of the terminal holds only that much; the rest stays blank), and the arcade
        /// never holds 100 MB: ncurses keeps three windows of the size it is given, so the
        /// size it is given is the clamped one.
        @Test(arguments: [HugeSize(width: 2000, height: 2000), HugeSize(width: 10000, height: 10000),
                          HugeSize(width: 65535, height: 65535)])
        func aHugeTerminalGetsAFrameInLittleMemory(_ huge: HugeSize) async throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-huge")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try PtyProcess(binary: launcher.binary, arguments: [],
                                     environment: launcher.environment(dataHome: dataHome.path),
                                     width: Self.largest.width, height: Self.largest.height,
                                     reportedSize: (huge.width, huge.height))
            defer { if pty.isRunning { _ = pty.kill9() } }
            #expect(await pty.until(limit: 30) { pty.totalBytes > 0 || !pty.isRunning }, "nothing drawn within 30 s")
            await pty.idle()
            let peak = ProcSample.read(pty.pid)?.peakRSSKB ?? 0
            let screen = pty.terminal.lines()
            let title = screen.firstIndex { $0.contains("ARCADE") }
            #expect(title != nil, "no menu within the first \(Self.largest.width)×\(Self.largest.height) cells: \(pty.tailDescription)")
            // Laid out for the clamped size: the menu sits in the middle of its 1000 columns.
            if let title, let found = screen[title].range(of: "ARCADE") {
                let column = screen[title].distance(from: screen[title].startIndex, to: found.lowerBound)
                #expect(abs(column - Self.largest.width / 2) < 50, "the title is in column \(column)")
            }
            // The arcade's own high-water mark. Not the rusage at exit: Linux carries the forking
            // test process's peak across exec into the child's ru_maxrss.
            #expect(peak > 0 && peak < 100 << 10, "VmHWM \(peak) kB")

            pty.send("q")
            let exit = await pty.exit(within: 10)
            #expect(exit?.exit == .exited(0), "\(pty.tailDescription)")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        /// `COLUMNS=120 LINES=40` in a terminal of 100 × 30: the screen is the one drawn without
        /// them, and it follows a resize as that one does.
        @Test func columnsAndLinesDoNotOverrideTheTerminalsSize() async throws {
            let plain = try #require(ArcadeLauncher.forTests())
            var exported = plain
            exported.extraEnvironment["COLUMNS"] = "120"
            exported.extraEnvironment["LINES"] = "40"
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-columns")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let expected = try plain.launch([], dataHome: dataHome.appendingPathComponent("plain").path)
            let given = try exported.launch([], dataHome: dataHome.appendingPathComponent("exported").path)
            for pty in [expected, given] {
                #expect(await pty.until(limit: 10) { pty.totalBytes > 0 }, "nothing drawn within 10 s")
                await pty.idle()
            }
            defer {
                for pty in [expected, given] where pty.isRunning { _ = pty.kill9() }
            }
            #expect(expected.terminal.text.contains("ARCADE"))
            #expect(given.terminal.lines() == expected.terminal.lines(),
                    "laid out for 100×30:\n\(given.terminal.text)")

            for pty in [expected, given] {
                pty.resize(width: 84, height: 26)
                await pty.idle()
            }
            #expect(expected.terminal.text.contains("ARCADE"))
            #expect(given.terminal.lines() == expected.terminal.lines(),
                    "laid out for 84×26 after the resize:\n\(given.terminal.text)")

            for pty in [expected, given] {
                pty.send("q")
                #expect(await pty.exit(within: 5)?.exit == .exited(0))
            }
        }

        /// A terminal type whose terminfo entry gives no size (`linux`, the Linux console;
        /// `cygwin`) starts, laid out as xterm-256color is in the same pty, follows a resize,
        /// and quits with the terminal given back: the size comes from the terminal, since
        /// ncurses, taking it from terminfo alone, would refuse to start ("could not start the
        /// terminal screen", status 2).
        @Test(arguments: ["linux", "cygwin"])
        func aTerminalTypeWithoutASizeInTerminfoStartsAndFollowsResizes(term: String) async throws {
            let plain = try #require(ArcadeLauncher.forTests())
            var typed = plain
            typed.extraEnvironment["TERM"] = term
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-sizeless")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let expected = try plain.launch([], dataHome: dataHome.appendingPathComponent("plain").path)
            let given = try typed.launch([], dataHome: dataHome.appendingPathComponent(term).path)
            defer {
                for pty in [expected, given] where pty.isRunning { _ = pty.kill9() }
            }
            for pty in [expected, given] {
                #expect(await pty.until(limit: 10) { pty.terminal.text.contains("five games") || !pty.isRunning },
                        "TERM=\(term): no menu: \(pty.tailDescription)")
                await pty.idle()
            }
            #expect(given.terminal.lines() == expected.terminal.lines(),
                    "TERM=\(term), laid out for 100×30:\n\(given.terminal.text)")

            for pty in [expected, given] {
                pty.resize(width: 84, height: 26)
                await pty.idle()
            }
            #expect(given.terminal.lines() == expected.terminal.lines(),
                    "TERM=\(term), laid out for 84×26 after the resize:\n\(given.terminal.text)")

            for pty in [expected, given] {
                pty.send("q")
                let exit = await pty.exit(within: 5)?.exit
                #expect(exit == .exited(0), "TERM=\(term): \(exit.map(String.init(describing:)) ?? "still running")")
            }
            // The modes this type has (no xterm alternate screen) switched off, and termios as before.
            #expect(given.terminal.restoreProblems.isEmpty, "TERM=\(term): \(given.terminal.restoreProblems)")
            #expect(given.modesRestored == true, "TERM=\(term): termios not restored")
        }
    }
}
