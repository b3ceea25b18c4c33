import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The foundation's contract, checked on the real `arcade` binary in a pseudo-terminal:
/// the menu, quitting, every exit path restoring the terminal, resizing, refusing to run
/// without a terminal, Ctrl-Z under a job-control shell, flags, and junk input.
extension EndToEnd {
    @Suite
    struct FoundationEndToEndTests {

        // MARK: Helpers

        /// Starts the arcade at 80×24 and waits for the menu (title and key line).
        func startMenu(
            _ arguments: [String] = [], configuration: PtySession.Configuration = .init(),
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> PtySession {
            let session = try PtySession.arcade(arguments, configuration: configuration)
            let shown = await session.waitUntil("the menu (ARCADE, q quit, ? help)", sourceLocation: sourceLocation) {
                Self.isMenu($0)
            }
            if !shown {
                session.close()
                throw MenuNotShown()
            }
            return session
        }

        struct MenuNotShown: Error {}

        /// Runs the arcade without a terminal (stdin `/dev/null`, output captured), with a
        /// private `XDG_DATA_HOME` so a run never touches the real score file.
        func runWithoutTerminal(_ arguments: [String] = []) async throws -> TerminalProcess.Result? {
            guard let binary = TerminalProcess.requireArcadeBinary() else { return nil }
            let data = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-e2e-data")
            defer { try? FileManager.default.removeItem(at: data) }
            return try await TerminalProcess.run(
                binary, arguments: arguments,
                environment: ["TERM": "xterm-256color", "XDG_DATA_HOME": data.path, "NO_COLOR": nil],
                standardInput: .devNull, timeout: .seconds(5))
        }

        static func isMenu(_ screen: String) -> Bool {
            screen.contains("ARCADE") && screen.contains("q quit") && screen.contains("? help")
        }

        // MARK: Menu and quitting

        @Test func menuShowsTitleAndKeyLineAndQQuits() async throws {
            let session = try await startMenu()
            defer { session.close() }
            let lines = session.lines()
            #expect(lines.count == 24)
            #expect(lines.contains { $0.contains("ARCADE") }, "title line")
            let bottom = lines.suffix(2).joined(separator: "\n")
            #expect(bottom.contains("q quit") && bottom.contains("? help"),
                    "the key line is at the bottom\n\(session.report())")
            #expect(session.terminal.alternateScreen, "the menu draws on the alternate screen")

            await session.quitFromMenu()
        }

        @Test func ctrlCExits130Restored() async throws {
            let session = try await startMenu()
            defer { session.close() }
            session.sendKeys("C-c")  // the byte 0x03: raw mode, so no signal from the terminal
            #expect(await session.waitForExit() == 130)
            session.expectRestored()
        }

        @Test(arguments: [
            ExitPath(name: "SIGTERM", signal: SIGTERM, status: 143),
            ExitPath(name: "SIGHUP", signal: SIGHUP, status: 129),
            ExitPath(name: "SIGINT", signal: SIGINT, status: 130),
        ])
        func signalExitsRestored(_ path: ExitPath) async throws {
            let session = try await startMenu()
            defer { session.close() }
            #expect(session.signal(try #require(path.signal)))
            #expect(await session.waitForExit() == path.status)
            session.expectRestored()
        }

        // MARK: Resizing

        @Test func tooSmallThenBackToMenu() async throws {
            let session = try await startMenu()
            defer { session.close() }
            #expect(session.resize(width: 30, height: 8))
            // 30 columns cannot hold the whole message on one line: match it across line breaks.
            #expect(await session.waitUntil("the too-small message for 30×8") {
                let text = flowed($0)
                return text.contains("Terminal too small: need") && text.contains("have 30×8")
            })
            #expect(session.resize(width: 100, height: 30))
            #expect(await session.waitUntil("the menu again at 100×30") {
                Self.isMenu($0) && !$0.contains("Terminal too small")
            })
            await session.quitFromMenu()
        }

        // MARK: No terminal, bad terminal

        @Test func stdinNotATerminalExits2() async throws {
            let result = try #require(try await runWithoutTerminal())
            #expect(!result.timedOut, "arcade </dev/null must not hang")
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("arcade: needs an interactive terminal"), "\(result)")
        }

        @Test func stdoutNotATerminalExits2() async throws {
            let session = try PtySession.arcade(configuration: .init(standardOutput: .file, standardError: .file))
            defer { session.close() }
            #expect(await session.waitForExit() == 2)
            #expect(session.standardError.contains("arcade: needs an interactive terminal"), "\(session.report())")
            session.expectRestored()
        }

        @Test func unknownTerminalTypeExits2() async throws {
            let session = try PtySession.arcade(configuration: .init(term: "nosuchterm", standardError: .file))
            defer { session.close() }
            #expect(await session.waitForExit() == 2)
            #expect(session.standardError.contains("unknown terminal type"), "\(session.report())")
            session.expectRestored()
        }

        /// ncurses takes a terminal that cannot move its cursor: the arcade refuses it,
        /// with the reason, and leaves the terminal's modes as they were.
        @Test func aTerminalThatCannotMoveItsCursorExits2WithTheReason() async throws {
            let session = try PtySession.arcade(configuration: .init(term: "dumb", standardError: .file))
            defer { session.close() }
            #expect(await session.waitForExit() == 2)
            #expect(session.standardError.contains("terminal type 'dumb' cannot move the cursor"), "\(session.report())")
            session.expectRestored()
        }

        @Test func unsetTermExits2() async throws {
            let session = try PtySession.arcade(configuration: .init(term: nil, standardError: .file))
            defer { session.close() }
            #expect(await session.waitForExit() == 2)
            #expect(session.standardError.contains("TERM is not set"), "\(session.report())")
            session.expectRestored()
        }

        // MARK: Suspend and resume

        @Test func ctrlZSuspendsAndFgResumes() async throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let shell = try PtySession.interactiveShell()
            defer { shell.close() }
            try #require(await shell.waitForShellPrompt())
            let termiosBefore = await shell.shellTermios()

            shell.runInShell(TerminalProcess.shellQuote(binary.path))
            try #require(await shell.waitUntil("the menu") { Self.isMenu($0) })
            let arcade = shell.processID(named: "arcade")
            #expect(arcade != nil, "the arcade runs under the shell\n\(shell.report())")

            shell.sendKeys("C-z")
            #expect(await shell.waitFor("Stopped"))
            if let arcade { #expect(ProcessTable.state(of: arcade) == "T", "the arcade is stopped") }
            #expect(await shell.waitForAbsence(of: "ARCADE"))
            let stopped = shell.terminal
            #expect(!stopped.alternateScreen, "suspended: alternate screen left\n\(shell.report())")
            #expect(stopped.cursorVisible, "suspended: cursor visible\n\(shell.report())")
            #expect(stopped.mouseModes.isEmpty, "suspended: mouse off\n\(shell.report())")

            shell.runInShell("fg")
            #expect(await shell.waitUntil("the menu redrawn after fg") { Self.isMenu($0) })
            #expect(shell.terminal.alternateScreen)

            shell.type("q")
            #expect(await shell.waitForAbsence(of: "ARCADE"))
            #expect(await shell.waitForShellPrompt())
            #expect(await shell.shellExitStatus() == 0)
            #expect(shell.terminal.restoreProblems.isEmpty, "\(shell.terminal.restoreProblems)\n\(shell.report())")
            #expect(await shell.shellTermios() == termiosBefore)
        }

        /// With `--cursor` the terminal's cursor sits on the chosen game, and is back there after
        /// Ctrl-Z and `fg` (resuming hides it; the next frame shows it again).
        @Test func theCursorFollowsFocusAndComesBackAfterFg() async throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let shell = try PtySession.interactiveShell()
            defer { shell.close() }
            try #require(await shell.waitForShellPrompt())
            shell.runInShell(TerminalProcess.shellQuote(binary.path) + " --cursor")
            try #require(await shell.waitUntil("the menu") { Self.isMenu($0) })
            func cursor() -> (shown: Bool, row: Int)? {
                let terminal = shell.terminal
                return (terminal.cursorVisible, terminal.cursorY)
            }
            let memoryRow = try #require(shell.lines().firstIndex { $0.contains("Memory") })
            shell.type("j")
            #expect(await shell.waitUntil("the cursor on Memory's row") { _ in cursor()?.row == memoryRow })
            #expect(cursor()?.shown == true)
            shell.sendKeys("C-z")
            #expect(await shell.waitFor("Stopped"))
            shell.runInShell("fg")
            #expect(await shell.waitUntil("the menu redrawn after fg") { Self.isMenu($0) })
            #expect(await shell.waitUntil("the cursor shown again") { _ in cursor()?.shown == true })
            #expect(cursor()?.row == memoryRow, "\(String(describing: cursor()))")
            shell.type("q")
            #expect(await shell.waitForShellPrompt())
        }

        /// A resize while the arcade is stopped reaches the shell, not the arcade; after `fg`
        /// the arcade still learns the new size (a click lands where the screen shows it).
        @Test func aResizeWhileSuspendedIsKnownAfterFg() async throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let shell = try PtySession.interactiveShell()
            defer { shell.close() }
            try #require(await shell.waitForShellPrompt())
            shell.runInShell(TerminalProcess.shellQuote(binary.path))
            try #require(await shell.waitUntil("the menu") { Self.isMenu($0) })
            shell.sendKeys("C-z")
            #expect(await shell.waitFor("Stopped"))
            #expect(shell.resize(width: 70, height: 20))
            shell.runInShell("fg")
            #expect(await shell.waitUntil("the menu redrawn after fg") { Self.isMenu($0) })
            let lines = shell.lines()
            let row = try #require(lines.firstIndex { $0.contains("Slots") })
            let column = try #require(lines[row].range(of: "Slots")).lowerBound.utf16Offset(in: lines[row])
            await shell.click(column: column + 1, row: row)
            #expect(await shell.waitFor("3-digit"), "the click at the new size opens Slots\n\(shell.report())")
            shell.type("q")
            #expect(await shell.waitUntil("the menu") { Self.isMenu($0) })
            shell.type("q")
            #expect(await shell.waitForShellPrompt())
        }

        // MARK: Flags

        @Test func versionFlag() async throws {
            let result = try #require(try await runWithoutTerminal(["--version"]))
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix("arcade "), "\(result)")
        }

        @Test(arguments: [("--help", "the help"), ("--version", "the version")])
        func outputThatCannotBeWrittenExits1Saying(_ flag: String, _ what: String) async throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let full = try await TerminalProcess.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec \"$0\" \"$1\" >/dev/full", binary.path, flag])
            #expect(full.status == 1, "\(full)")
            #expect(full.stderr == "arcade: could not write \(what) to standard output: No space left on device\n", "\(full)")
        }

        /// `arcade --help | true`: the reader gone, the write fails (EPIPE, not a SIGPIPE death).
        @Test func helpIntoAClosedPipeExits1Saying() throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            close(ends[0])  // nobody will read
            let errors = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-pipe")
            defer { try? FileManager.default.removeItem(at: errors) }
            let errorPath = errors.appendingPathComponent("stderr").path
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let pid = try Spawn.program(binary.path, arguments: ["--help"], environment: ["LANG=C.UTF-8"],
                                        actions: &actions)
            close(ends[1])
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            #expect(status & 0x7F == 0, "ended by signal \(status & 0x7F), not by exiting")
            #expect((status >> 8) & 0xFF == 1)
            let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            #expect(text == "arcade: could not write the help to standard output: Broken pipe\n", "\(text)")
        }

        /// A bad argument and a choice the message must name.
        @Test(arguments: [("nosuchgame", "slots"), ("--bogus", "--version")])
        func badArgumentExits2NamingChoices(_ argument: String, _ aChoice: String) async throws {
            let result = try #require(try await runWithoutTerminal([argument]))
            #expect(!result.timedOut)
            #expect(result.status == 2, "\(result)")
            #expect(!result.stderr.isEmpty, "a message on stderr\n\(result)")
            #expect(result.stderr.contains(argument), "the message names the bad argument\n\(result)")
            #expect(result.stderr.lowercased().contains(aChoice), "the message names the valid choices\n\(result)")
            #expect(!result.stderr.contains("needs an interactive terminal"),
                    "arguments are checked before the terminal\n\(result)")
        }

        /// Whether `text` holds an Esc, a BEL or a C1 control: bytes a terminal would obey.
        static func hasTerminalControls(_ text: String) -> Bool {
            text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || (0x80..<0xA0).contains($0.value) }
        }

        @Test func aHostileArgumentIsQuotedEscapedAndALongOneCut() async throws {
            let hostile = try #require(try await runWithoutTerminal(["\u{1B}]0;pwned\u{07}"]))
            #expect(hostile.status == 2, "\(hostile)")
            #expect(hostile.stderr.contains("unknown game '\\e]0;pwned\\x07'"), "\(hostile)")
            #expect(!Self.hasTerminalControls(hostile.stderr), "\(hostile.stderr.unicodeScalars.map(\.value))")

            let long = try #require(try await runWithoutTerminal([String(repeating: "x", count: 100_000)]))
            #expect(long.status == 2)
            #expect(long.stderr.contains("unknown game '" + String(repeating: "x", count: 64) + "…'"), "\(long.stderr.prefix(300))")
            #expect(long.stderr.utf8.count < 400, "\(long.stderr.utf8.count) bytes on stderr")
        }

        @Test func aTERMWithEscapesIsQuotedEscaped() async throws {
            let session = try PtySession.arcade(
                configuration: .init(term: "xterm\u{1B}]0;pwned\u{07}", standardError: .file))
            defer { session.close() }
            #expect(await session.waitForExit() == 2)
            let message = session.standardError
            #expect(message.contains("unknown terminal type 'xterm\\e]0;pwned\\x07'"), "\(session.report())")
            #expect(!Self.hasTerminalControls(message), "\(message.unicodeScalars.map(\.value))")
            session.expectRestored()
        }

        // MARK: Junk input

        @Test func unknownKeyStormKeepsMenu() async throws {
            let session = try await startMenu()
            defer { session.close() }
            session.sendKeys("F5", "F12", "IC", "F5")
            session.type("~!@#")
            // Unknown sequences: ncurses hands them over byte by byte (ESC, then the rest).
            session.sendBytes("\u{1B}[99~")
            session.sendBytes("\u{1B}[9;9~")
            session.sendBytes("\u{1B}[[[")
            session.sendBytes("\u{1B}[=~")
            session.type("~")  // ends any half sequence
            #expect(await session.waitUntilIdle())
            #expect(session.exitStatus == nil, "the arcade is still running\n\(session.report())")
            #expect(await session.waitUntil("the menu still on screen") { Self.isMenu($0) })

            await session.quitFromMenu()
        }

        /// One byte that is not UTF-8 (a stray Latin-1 byte, line noise) must not cost the
        /// keyboard. ncurses 6.4's `wget_wch` swallows the next 16 bytes after such a byte
        /// (Ctrl-C included; Python's curses does the same), so the arcade reads bytes.
        @Test func invalidUTF8KeepsKeyboard() async throws {
            let session = try await startMenu()
            defer { session.close() }
            session.sendBytes([0xFF])
            session.sendBytes([0xC3, 0x28])
            #expect(await session.waitUntilIdle())
            session.type("q")
            #expect(await session.waitForExit() == 0)
            session.expectRestored()
        }
    }
}
