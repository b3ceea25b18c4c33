import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// True when `python3 -c "import curses"` works.
private let pythonCursesAvailable: Bool = {
    guard let python = TerminalProcess.which("python3"),
          let result = try? TerminalProcess.runBlocking(python, arguments: ["-c", "import curses"], timeout: .seconds(10))
    else { return false }
    return result.status == 0
}()

/// Checks of the harness's `PtySession` itself against a tiny Python `curses` program, so a failure in the
/// arcade's end-to-end tests can be trusted to be the arcade's.
extension EndToEnd {
    @Suite(.enabled(if: pythonCursesAvailable))
    struct TerminalHarnessTests {
        /// Prints each input event on row 1 as `EV<n> KEY <code>`, `EV<n> MOUSE <x> <y> <bstate>`
        /// or `EV<n> SIZE <w> <h>`; `q` quits through curses (restoring the terminal).
        static let probe = """
            import curses
            def main(w):
                curses.raw()
                w.keypad(True)
                curses.mousemask(curses.ALL_MOUSE_EVENTS)
                curses.mouseinterval(0)
                h, wd = w.getmaxyx()
                w.addstr(0, 0, "READY %dx%d" % (wd, h)); w.refresh()
                n = 0
                while True:
                    c = w.getch()
                    n += 1
                    w.move(1, 0); w.clrtoeol()
                    if c == curses.KEY_MOUSE:
                        _, x, y, _, b = curses.getmouse()
                        w.addstr(1, 0, "EV%d MOUSE %d %d %d" % (n, x, y, b))
                    elif c == curses.KEY_RESIZE:
                        h, wd = w.getmaxyx()
                        w.addstr(1, 0, "EV%d SIZE %d %d" % (n, wd, h))
                    elif c == ord('q'):
                        return
                    else:
                        w.addstr(1, 0, "EV%d KEY %d" % (n, c))
                    w.refresh()
            curses.wrapper(main)

            """

        func startProbe() throws -> PtySession {
            try PtySession(command: ["python3", "probe.py"], configuration: .init(files: ["probe.py": Self.probe]))
        }

        @Test func keysMouseResizeAndCleanExit() async throws {
            let session = try startProbe()
            defer { session.close() }
            try #require(await session.waitFor("READY 80x24"))
            #expect(session.terminal.alternateScreen)
            #expect(!session.terminal.mouseModes.isEmpty)

            session.type("a")
            #expect(await session.waitFor("EV1 KEY 97"))
            session.sendKeys("Down")
            #expect(await session.waitFor("EV2 KEY 258"))  // KEY_DOWN, in keypad mode's form
            session.sendKeys("C-c")
            #expect(await session.waitFor("EV3 KEY 3"))  // raw mode: Ctrl-C is a byte

            await session.click(column: 10, row: 5)
            #expect(await session.waitUntil("a mouse event at 10,5") { $0.contains(" MOUSE 10 5 ") })
            await session.waitUntilIdle()  // the release read too: its event would overwrite the next

            session.resize(width: 50, height: 10)
            #expect(await session.waitFor("SIZE 50 10"))

            session.type("q")
            #expect(await session.waitForExit() == 0)
            // curses never hid the cursor, so its way out need not show it: the modes and termios.
            #expect(session.terminal.restoreProblems.isEmpty, "\(session.terminal.restoreProblems)")
            #expect(session.process.modesRestored == true)
        }

        @Test func detectsATerminalLeftBroken() async throws {
            let session = try startProbe()
            defer { session.close() }
            try #require(await session.waitFor("READY"))
            session.signal(SIGKILL)  // no chance to clean up
            #expect(await session.waitForExit() == 128 + SIGKILL)
            #expect(session.terminal.alternateScreen)
            #expect(session.process.modesRestored == false)
            #expect(!session.restoreProblems.isEmpty)
        }

        @Test func detectsChangedTermios() async throws {
            let session = try PtySession(command: ["/bin/sh", "-c", "stty -echo -icanon; exit 3"])
            defer { session.close() }
            #expect(await session.waitForExit() == 3)
            #expect(session.restoreProblems == ["termios not restored (raw mode left on)"])
        }

        @Test func environmentAndStreams() async throws {
            let session = try PtySession(
                command: ["/bin/sh", "-c",
                          "echo \"T=${TERM-unset} N=${NO_COLOR-unset} L=$LANG X=$XDG_DATA_HOME\"; "
                          + "[ -t 0 ] || echo stdin-not-tty >&2; exit 7"],
                configuration: .init(term: nil, noColor: true, standardInput: .devNull,
                                     standardOutput: .file, standardError: .file))
            defer { session.close() }
            #expect(await session.waitForExit() == 7)
            #expect(session.standardOutput
                    == "T=unset N=1 L=C.UTF-8 X=\(session.dataHome.path)\n")
            #expect(session.standardError == "stdin-not-tty\n")
        }

        @Test func runWithTimeoutNeverHangs() async throws {
            let sleep = try #require(TerminalProcess.which("sleep"))
            let result = try await TerminalProcess.run(sleep, arguments: ["1000"], timeout: .milliseconds(50))
            // Killed at its timeout (the test ending at all shows the 1000 s were not waited for).
            #expect(result.timedOut && result.killedBySignal && result.status == 128 + SIGKILL, "\(result)")

            let sh = try #require(TerminalProcess.which("sh"))
            let echo = try await TerminalProcess.run(sh, arguments: ["-c", "read x; echo out $x; echo err >&2; exit 4"],
                                                     standardInput: .text("hi\n"))
            #expect(echo.status == 4)
            #expect(echo.stdout == "out hi\n")
            #expect(echo.stderr == "err\n")
        }

        @Test func suspendAndResumeUnderInteractiveShell() async throws {
            let shell = try PtySession.interactiveShell()
            defer { shell.close() }
            try #require(await shell.waitForShellPrompt())
            let before = await shell.shellTermios()
            shell.runInShell("python3 -c 'import curses; w=curses.initscr(); curses.cbreak(); curses.noecho(); w.addstr(0,0,\"IN\"+\"SIDE\"); w.getch(); curses.endwin()'")
            #expect(await shell.waitFor("INSIDE"))
            shell.sendKeys("C-z")
            // cbreak: the terminal turns Ctrl-Z into SIGTSTP; ncurses's handler calls endwin first.
            #expect(await shell.waitFor("Stopped"))
            #expect(!shell.terminal.alternateScreen)
            shell.runInShell("fg")
            #expect(await shell.waitFor("INSIDE"))
            shell.type("x")
            #expect(await shell.waitForAbsence(of: "INSIDE"))
            #expect(await shell.waitForShellPrompt())
            #expect(await shell.shellExitStatus() == 0)
            #expect(await shell.shellTermios() == before)
        }
    }
}

/// The virtual terminal's restore check counts focus reporting (`?1004`), as it counts
/// bracketed paste: a program that leaves it on gets focus reports typed into the shell.
@Suite struct VirtualTerminalRestoreTests {
    @Test func focusReportingLeftOnIsARestoreProblem() {
        let terminal = VirtualTerminal(width: 20, height: 5)
        terminal.feed(Array("\u{1B}[?2004h\u{1B}[?1004h".utf8))
        #expect(terminal.sawFocusReporting)
        #expect(terminal.restoreProblems == ["bracketed paste on", "focus reporting on"])
        terminal.feed(Array("\u{1B}[?1004l\u{1B}[?2004l".utf8))
        #expect(terminal.restoreProblems.isEmpty)
    }

    /// Any other private mode switched on and not off again is one too: xterm's eight-bit
    /// input (`?1034`, what `meta(TRUE)` sends) changes how the shell gets Alt afterwards.
    @Test func anyPrivateModeLeftOnIsARestoreProblem() {
        let terminal = VirtualTerminal(width: 20, height: 5)
        terminal.feed(Array("\u{1B}[?7h\u{1B}[?1034h\u{1B}[?25l\u{1B}[?25h".utf8))
        #expect(terminal.restoreProblems == ["private modes left on (?1034)"])
        terminal.feed(Array("\u{1B}[?1034l".utf8))
        #expect(terminal.restoreProblems.isEmpty)
    }
}
