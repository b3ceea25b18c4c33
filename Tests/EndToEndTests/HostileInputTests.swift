import ArcadeCore
import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hostile input, on the debug `arcade` binary: floods of bytes, pastes, stray
/// signals and stops. The arcade runs in a pseudo-terminal of its own (the torture run's
/// `PtyProcess`, which sees every byte written, so the modes left behind are known), through a
/// `PtySession` where the screen's text is read.
extension EndToEnd {
    @Suite
    struct HostileInputTests {

        /// `count` random bytes without the ones that quit or stop (Ctrl-C, Ctrl-Z, q, y).
        static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
            var generator = SeededGenerator(seed: seed)
            let avoided: Set<UInt8> = [0x03, 0x1A, UInt8(ascii: "q"), UInt8(ascii: "Q"), UInt8(ascii: "y"), UInt8(ascii: "Y")]
            return (0..<count).map { _ in
                let byte = UInt8(truncatingIfNeeded: generator.next())
                return avoided.contains(byte) ? UInt8(ascii: "w") : byte
            }
        }

        func startMenu(_ dataHome: URL, arguments: [String] = []) async throws -> PtyProcess {
            let launcher = try #require(ArcadeLauncher.forTests())
            return try await launcher.start(arguments, dataHome: dataHome)
        }

        /// A flood of random bytes (128 KiB) is applied as it comes and drawn in batches, so it
        /// is digested, and the Ctrl-C after it acts once it is read. How fast is a budget:
        /// `arcade-bench --flood` times a whole mebibyte on the release build.
        @Test func aFloodOfRandomBytesIsDigested() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-flood")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try await startMenu(dataHome)
            pty.send(Self.randomBytes(128 << 10, seed: 13) + [0x03])
            let exit = await pty.exit(within: 60)?.exit
            #expect(exit == .exited(130), "Ctrl-C after the flood ends with 130: \(pty.tailDescription)")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        /// A Ctrl-C behind a backlog acts once it is read, not after the backlog is drawn.
        @Test func ctrlCInABacklogActsAtOnce() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-flood")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try await startMenu(dataHome, arguments: ["set", "--seed", "4"])
            pty.send(Self.randomBytes(64 << 10, seed: 14) + [0x03] + Self.randomBytes(256 << 10, seed: 15))
            #expect(await pty.exit(within: 20)?.exit == .exited(130), "tail: \(pty.tailDescription)")
            // It ended at the Ctrl-C: most of what came after it was never taken.
            #expect(pty.pendingCount > 128 << 10, "only \(pty.pendingCount) bytes after the Ctrl-C were left unread")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        /// Bracketed paste is switched on, and what arrives between its markers is
        /// dropped whole: a paste of "5" and "q" opens no game and quits nothing.
        @Test func pastedTextIsDroppedNotTyped() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-paste")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try await startMenu(dataHome)
            #expect(pty.terminal.sawBracketedPaste, "ESC [ ? 2004 h at the start")
            pty.send(Array("\u{1B}[200~5qqq\r\u{1B}[201~".utf8))
            await pty.idle()
            #expect(pty.isRunning, "a pasted q quits nothing")
            #expect(!pty.tailDescription.contains("Blackjack"), "a pasted 5 opens no game: \(pty.tailDescription)")
            #expect(await leaveAndQuit(pty)?.exit == .exited(0))
            #expect(pty.restoreProblems.isEmpty, "bracketed paste is off again at exit: \(pty.restoreProblems)")
        }

        /// A paste interrupted by signals (a window dragged larger while it arrives) is still
        /// dropped whole: the digit inside it opens no game. (The parts of each paste here are
        /// sent without leaving the thread, well within the arcade's half-second paste gap.)
        @Test func signalsDuringAPasteDoNotEndIt() async throws {
            let session = try PtySession.arcade()
            defer { session.close() }
            try #require(await session.waitFor("ARCADE"))
            await session.waitUntilIdle()
            session.sendBytes("\u{1B}[200~")
            try #require(session.waitForInputReadHere())
            for _ in 0..<6 {
                #expect(session.signal(SIGWINCH))
            }
            session.sendBytes("2\r\u{1B}[201~")
            try #require(session.waitForInputReadHere())
            await Self.expectMenuUntouchedThenQuit(session)
        }

        /// A paste whose rest has not come yet never holds the loop up: a resize while the arcade
        /// waits for the rest is drawn at once, and the paste is still dropped whole. The paste
        /// goes on a byte at a time, each as soon as the last was read, until the resize shows.
        @Test func aPasteWaitingForItsRestDoesNotFreezeTheScreen() async throws {
            let session = try PtySession.arcade()
            defer { session.close() }
            try #require(await session.waitFor("ARCADE"))
            await session.waitUntilIdle()
            session.sendBytes("\u{1B}[200~j")
            try #require(session.waitForInputReadHere())
            session.resize(width: 20, height: 6)
            var sawTooSmall = false
            var seen = -1
            let deadline = monotonicNow() + 10
            while monotonicNow() < deadline {
                session.process.pump(timeout: 0.001)
                if session.process.totalBytes != seen {
                    seen = session.process.totalBytes
                    if session.capture().contains("small") { sawTooSmall = true; break }
                }
                if session.process.hasReadAllInput { session.sendBytes("j") }
            }
            #expect(sawTooSmall, "the too-small message came while the paste went on\n\(session.report())")
            session.sendBytes("2jjj\u{1B}[201~")
            try #require(session.waitForInputReadHere())
            session.resize(width: 80, height: 24)
            #expect(await session.waitUntil("the menu again") { $0.contains("ARCADE") && $0.contains("q quit") })
            await Self.expectMenuUntouchedThenQuit(session)
        }

        /// A stop in the middle of a paste (SIGSTOP, then SIGCONT waking the arcade's wait for
        /// the rest) does not end it: what comes after is still the paste, and the digit in it
        /// opens no game. (That the time stopped is not counted as a gap in the paste is not
        /// shown here: it would take a stop longer than the half-second gap.)
        @Test func aPasteAcrossAStopIsStillDropped() async throws {
            let session = try PtySession.arcade()
            defer { session.close() }
            try #require(await session.waitFor("ARCADE"))
            await session.waitUntilIdle()
            let pid = session.programPID
            session.sendBytes("\u{1B}[200~abc")
            try #require(session.waitForInputReadHere())
            kill(pid, SIGSTOP)
            let deadline = monotonicNow() + 10
            while ProcessTable.state(of: pid) != "T" && monotonicNow() < deadline { session.process.pump(timeout: 0.001) }
            #expect(ProcessTable.state(of: pid) == "T", "stopped")
            session.sendBytes("2\r\u{1B}[201~")
            kill(pid, SIGCONT)
            try #require(session.waitForInputReadHere())
            await Self.expectMenuUntouchedThenQuit(session)
        }

        /// After a paste holding "2" and Enter: still the menu (Memory, which shows "Level",
        /// was not opened), and `q` quits with status 0.
        static func expectMenuUntouchedThenQuit(_ session: PtySession,
                                               sourceLocation: SourceLocation = #_sourceLocation) async {
            await session.waitUntilIdle()
            let screen = session.capture()
            #expect(screen.contains("ARCADE"), "still the menu\n\(session.report())", sourceLocation: sourceLocation)
            #expect(!screen.contains("Level"), "the pasted 2 opened Memory\n\(session.report())",
                    sourceLocation: sourceLocation)
            session.type("q")
            #expect(await session.waitForExit() == 0, sourceLocation: sourceLocation)
        }

        /// A FIFO where the score file should be never holds the start up; the menu
        /// comes and says what is wrong.
        @Test func aScoreFileThatIsAFIFODoesNotHangTheStart() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-fifo")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let folder = dataHome.appendingPathComponent("arcade")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(mkfifo(folder.appendingPathComponent("scores.json").path, 0o644) == 0)
            let pty = try await startMenu(dataHome)
            // The notice is drawn before the key line, so it is looked for in more than the tail.
            #expect(String(decoding: pty.tail(2000), as: UTF8.self).contains("regular"),
                    "the menu names the problem: \(pty.tailDescription)")
            #expect(await leaveAndQuit(pty)?.exit == .exited(0))
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        struct SignalCase: Sendable, CustomTestStringConvertible {
            var name: String
            var number: Int32
            var testDescription: String { name }
        }

        /// Every signal whose default action ends the process restores the terminal
        /// first and ends with 128 + n, inside a game too.
        @Test(arguments: [
            SignalCase(name: "SIGALRM", number: SIGALRM), SignalCase(name: "SIGXCPU", number: SIGXCPU),
            SignalCase(name: "SIGVTALRM", number: SIGVTALRM),
            SignalCase(name: "SIGPROF", number: SIGPROF), SignalCase(name: "SIGSYS", number: SIGSYS),
            SignalCase(name: "SIGIO", number: SIGIO), SignalCase(name: "SIGPWR", number: SIGPWR),
            SignalCase(name: "SIGRTMIN+2", number: Int32(__libc_current_sigrtmin()) + 2),
        ])
        func signalsThatEndTheArcadeRestoreTheTerminal(_ signal: SignalCase) async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-signal")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try await startMenu(dataHome, arguments: ["memory", "--seed", "2"])
            pty.signal(signal.number)
            #expect(await pty.exit(within: 5)?.exit == .killed(by: signal.number),
                    "\(signal.name) ends with \(128 + signal.number); tail: \(pty.tailDescription)")
            #expect(pty.restoreProblems.isEmpty, "\(signal.name): \(pty.restoreProblems)")
        }

        /// SIGPIPE (a dead audio player) and SIGUSR1/2 mean nothing to a game, nor does
        /// SIGXFSZ, ignored so that a write past `ulimit -f` fails as a full disk does.
        @Test func signalsThatMeanNothingToAGameAreIgnored() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-signal")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try await startMenu(dataHome)
            for number in [SIGPIPE, SIGUSR1, SIGUSR2, SIGUSR1, SIGXFSZ] {
                pty.signal(number)
                await pty.idle()
            }
            #expect(pty.isRunning, "still running")
            let before = pty.totalBytes
            pty.send(Keys.controlL)  // it still answers
            #expect(await pty.until(limit: 2) { pty.totalBytes > before })
            #expect(await leaveAndQuit(pty)?.exit == .exited(0))
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        /// After `kill -STOP` and `kill -CONT` the arcade knows it was stopped: it takes the
        /// terminal back and repaints the whole screen, and Set's clock goes on from where it
        /// stood. (That the time stopped is paused time, never reaching a tick, is the run
        /// loop's: RunLoopTests.timeSpentStoppedNeverReachesATick, with a fake clock.)
        @Test func aStoppedAndContinuedArcadeRepaintsAndItsClockGoesOn() async throws {
            let session = try PtySession.arcade(["set", "--seed", "9"])
            defer { session.close() }
            try #require(await session.waitFor("Time 0:00"))
            session.sendKeys("Space")  // the first selection starts the clock
            try #require(await session.waitUntil("the clock running") { (Self.clockSeconds($0) ?? 0) >= 1 })
            let pid = session.programPID
            kill(pid, SIGSTOP)
            #expect(await session.poll { ProcessTable.state(of: pid) == "T" }, "stopped")
            let mark = session.process.output.count
            let stoppedAt = Self.clockSeconds(session.capture()) ?? 0
            kill(pid, SIGCONT)
            // A tick rewrites the clock's digits only; the repaint after a stop rewrites the score too.
            #expect(await session.poll {
                String(decoding: session.process.output[mark...], as: UTF8.self).contains("Score")
            }, "the whole screen repainted after the continue: \(session.process.tailDescription)")
            #expect(await session.waitUntil("the clock running on after the continue") {
                (Self.clockSeconds($0) ?? 0) > stoppedAt
            })
            session.type("q")  // "Leave this game?"
            #expect(await session.waitFor("(y/n)"))
            session.type("y")
            #expect(await session.waitFor("ARCADE"))
            await session.quitFromMenu()
        }

        /// The seconds of "Time m:ss" on a Set screen.
        static func clockSeconds(_ screen: String) -> Int? {
            guard let range = screen.range(of: #"Time \d+:\d\d"#, options: .regularExpression) else { return nil }
            let parts = screen[range].dropFirst(5).split(separator: ":").compactMap { Int($0) }
            return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
        }
    }
}
