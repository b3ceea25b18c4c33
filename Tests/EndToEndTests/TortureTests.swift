import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A small torture run on the debug `arcade` binary: thousands of random inputs per game
/// (keys, escape sequences whole, junk and cut short, mouse reports anywhere, bursts of random
/// bytes, resizes down to 1×1 and back, SIGSTOP/SIGCONT), then leaving and quitting as a
/// player would: exit status 0, the terminal given back, the score file valid JSON. Plus a
/// signal and a hang-up at a random moment, and a mouse report cut short, which must not
/// swallow the keys after it. `arcade-bench --torture` runs the full count on the release
/// binary; this keeps a smaller one, quick enough for every test run.
///
/// The arcade runs in a pseudo-terminal of its own (`ArcadeHarness.PtyProcess`, the one the
/// torture run drives) — not tmux: the harness must see every byte to know the modes left
/// behind, and write thousands of inputs quickly. The inputs come from the torture run's
/// `RandomInputGenerator` (shorter pauses). Waiting is always for a condition (output quiet, a
/// byte count, an exit, a stopped state) with a limit.
extension EndToEnd {
    @Suite(.serialized)
    struct TortureTests {
        static let inputsPerGame = 2_000
        static let seed: UInt64 = 20_240_901
        static let games = ["set", "memory", "slots", "temples", "blackjack"]

        /// The torture run's inputs with pauses of 3–15 ms (the run's 5–60 ms would make this slow).
        static func inputs(seed: UInt64, avoidsQuit: Bool = false) -> RandomInputGenerator {
            RandomInputGenerator(seed: seed, avoidsQuit: avoidsQuit, pauseMilliseconds: 3...15)
        }

        @Test(arguments: games)
        func randomInputsThenQuit(_ game: String) throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            guard launcher.games().contains(game) else { return }  // not landed yet
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            var random = Self.inputs(seed: Self.seed ^ UInt64(truncatingIfNeeded: game.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
            var launches = 0
            var history: [String] = []

            func start() throws -> PtyProcess {
                launches += 1
                let pty = try launcher.start([game, "--seed", "\(launches)"], dataHome: dataHome)
                random.width = pty.size.width
                random.height = pty.size.height
                return pty
            }
            func context(_ pty: PtyProcess, _ problem: String) -> Comment {
                Comment(rawValue: problem + " — \(game), seed \(Self.seed), launch \(launches); last inputs:\n"
                    + history.suffix(15).joined(separator: "\n") + "\nlast output: " + pty.tailDescription)
            }

            var pty = try start()
            for step in 1...Self.inputsPerGame {
                if let exit = pty.exitStatus {
                    // Only a `q` on the menu may end it: status 0, terminal restored.
                    #expect(exit == .exited(0), context(pty, "an exit during the inputs: \(exit)"))
                    #expect(pty.restoreProblems.isEmpty, context(pty, pty.restoreProblems.joined(separator: "; ")))
                    expectValidScores(dataHome)
                    pty = try start()
                }
                let event = random.next()
                history.append("#\(step) \(event)")
                switch event {
                case .bytes(let bytes, _):
                    pty.send(bytes)
                case .resize(let width, let height):
                    pty.resize(width: width, height: height)
                case .stopContinue:
                    pty.signal(SIGSTOP)
                    _ = pty.waitUntil(limit: 2) { pty.processState == "T" || !pty.isRunning }
                    pty.signal(SIGCONT)
                case .pause(let seconds):
                    pty.waitQuiet(seconds, limit: seconds * 4)
                }
                pty.pump(timeout: 0)
                if pty.pendingCount > 1 << 16 {
                    let reading = pty.waitUntil(limit: 5) { pty.pendingCount < 4096 || !pty.isRunning }
                    #expect(reading, context(pty, "the arcade stopped reading its input"))
                    if !reading { return }
                }
            }

            // Alive? A Ctrl-L at the normal size must repaint.
            pty.resize(width: 100, height: 30)
            pty.waitQuiet(0.08, limit: 1)
            let before = pty.totalBytes
            pty.send(Keys.controlL)
            #expect(pty.waitUntil(limit: 5) { pty.totalBytes > before || !pty.isRunning },
                    context(pty, "no repaint after Ctrl-L"))

            let exit = quitArcade(pty)?.exit
            #expect(exit == .exited(0), context(pty, "quitting after the torture: \(String(describing: exit))"))
            #expect(pty.restoreProblems.isEmpty, context(pty, pty.restoreProblems.joined(separator: "; ")))
            expectValidScores(dataHome)
        }

        @Test func sigtermAtARandomMomentRestoresAndExits143() throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            var random = Self.inputs(seed: Self.seed, avoidsQuit: true)
            let pty = try launcher.start(["slots", "--seed", "7"], dataHome: dataHome, quiet: 0)
            for _ in 0..<300 {
                switch random.next() {
                case .bytes(let bytes, _): pty.send(bytes)
                case .resize(let width, let height): pty.resize(width: width, height: height)
                case .stopContinue, .pause: break
                }
                pty.pump(timeout: 0)
            }
            #expect(pty.isRunning, "random inputs without q must not quit")
            pty.signal(SIGTERM)
            #expect(pty.waitFor(exitWithin: 3)?.exit == .killed(by: SIGTERM), "tail: \(pty.tailDescription)")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems); tail: \(pty.tailDescription)")
            expectValidScores(dataHome)
        }

        @Test func hangUpMidGameExitsPromptly() throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launcher.start(["memory", "--seed", "3"], dataHome: dataHome, quiet: 0)
            pty.send(Keys.enter)  // the board
            pty.waitQuiet(0.05, limit: 2)
            pty.send(Keys.space)  // the first card, the clock runs
            pty.waitQuiet(0.05, limit: 2)
            #expect(pty.isRunning)
            let closed = ContinuousClock.now
            pty.hangUp()  // the master side closes: SIGHUP to the session leader, end of file on reads
            let exit = pty.waitFor(exitWithin: 5)?.exit
            #expect(ContinuousClock.now - closed < .seconds(2), "exits within 2 s of the hang-up")
            #expect(exit == .killed(by: SIGHUP) || exit == .exited(1), "exit after a hang-up: \(String(describing: exit))")
            expectValidScores(dataHome)
        }

        /// A mouse report cut short (`ESC [ < 0 ; 1` and nothing more) must not take the keys
        /// typed after it. ncurses' own decoder waits for the report's final `M`/`m` and swallows
        /// everything meanwhile, Ctrl-C included; the arcade decodes reports itself, with a
        /// timeout per byte (found by the torture run, seed 1, step 7497).
        @Test func truncatedMouseReportKeepsKeyboard() throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launcher.start([], dataHome: dataHome, quiet: 0.1)
            pty.send("\u{1B}[<0;1")
            pty.waitQuiet(0.1, limit: 1)  // well past the escape delay (25 ms) and the byte wait
            let before = pty.totalBytes
            pty.send(Keys.controlL)  // repaint
            #expect(pty.waitUntil(limit: 1) { pty.totalBytes > before }, "Ctrl-L repaints")
            pty.send(Keys.controlC)  // quit now
            #expect(pty.waitFor(exitWithin: 2)?.exit == .exited(130), "Ctrl-C quits with 130")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }
    }
}
