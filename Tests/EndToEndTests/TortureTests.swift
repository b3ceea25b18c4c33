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
/// torture run drives), which sees every byte to know the modes left behind. The inputs come
/// from the torture run's `RandomInputGenerator`; where the run pauses, this waits only until
/// the arcade has read what it was sent (the run's real pauses are `arcade-bench --torture`'s).
/// Waiting is always for a condition (input read, idle, a byte count, an exit, a stopped
/// state) with a limit.
extension EndToEnd {
    @Suite
    struct TortureTests {
        static let inputsPerGame = 2_000
        static let seed: UInt64 = 20_240_901
        static let games = ["set", "memory", "slots", "temples", "blackjack"]

        /// The torture run's inputs (its pauses are waits for the input to be read here).
        static func inputs(seed: UInt64, avoidsQuit: Bool = false) -> RandomInputGenerator {
            RandomInputGenerator(seed: seed, avoidsQuit: avoidsQuit)
        }

        @Test(arguments: games)
        func randomInputsThenQuit(_ game: String) async throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            var random = Self.inputs(seed: Self.seed ^ UInt64(truncatingIfNeeded: game.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
            var launches = 0
            var history: [String] = []

            func start() async throws -> PtyProcess {
                launches += 1
                let pty = try await launcher.start([game, "--seed", "\(launches)"], dataHome: dataHome)
                random.width = pty.size.width
                random.height = pty.size.height
                return pty
            }
            func context(_ pty: PtyProcess, _ problem: String) -> Comment {
                Comment(rawValue: problem + " — \(game), seed \(Self.seed), launch \(launches); last inputs:\n"
                    + history.suffix(15).joined(separator: "\n") + "\nlast output: " + pty.tailDescription)
            }

            var pty = try await start()
            for step in 1...Self.inputsPerGame {
                if pty.exitStatus != nil, let exit = await pty.exit(within: 5)?.exit {
                    // Only a `q` on the menu may end it: status 0, terminal restored (its last
                    // bytes, which may come just after it ended, read first).
                    #expect(exit == .exited(0), context(pty, "an exit during the inputs: \(exit)"))
                    #expect(pty.restoreProblems.isEmpty, context(pty, pty.restoreProblems.joined(separator: "; ")))
                    expectValidScores(dataHome)
                    pty = try await start()
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
                    _ = await pty.until(limit: 5) { pty.processState == "T" || !pty.isRunning }
                    pty.signal(SIGCONT)
                case .pause:
                    _ = await pty.until(limit: 5) { pty.hasReadAllInput || !pty.isRunning }
                }
                pty.pump(timeout: 0)
                if pty.pendingCount > 1 << 16 {
                    let reading = await pty.until(limit: 10) { pty.pendingCount < 4096 || !pty.isRunning }
                    #expect(reading, context(pty, "the arcade stopped reading its input"))
                    if !reading { return }
                }
            }

            // Alive? A Ctrl-L at the normal size must repaint.
            pty.resize(width: 100, height: 30)
            await pty.idle()
            let before = pty.totalBytes
            pty.send(Keys.controlL)
            #expect(await pty.until(limit: 10) { pty.totalBytes > before || !pty.isRunning },
                    context(pty, "no repaint after Ctrl-L"))

            let exit = await leaveAndQuit(pty)?.exit
            #expect(exit == .exited(0), context(pty, "quitting after the torture: \(String(describing: exit))"))
            #expect(pty.restoreProblems.isEmpty, context(pty, pty.restoreProblems.joined(separator: "; ")))
            expectValidScores(dataHome)
        }

        @Test func sigtermAtARandomMomentRestoresAndExits143() async throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            var random = Self.inputs(seed: Self.seed, avoidsQuit: true)
            let pty = try await launcher.start(["slots", "--seed", "7"], dataHome: dataHome)
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
            #expect(await pty.exit(within: 10)?.exit == .killed(by: SIGTERM), "tail: \(pty.tailDescription)")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems); tail: \(pty.tailDescription)")
            expectValidScores(dataHome)
        }

        @Test func hangUpMidGameExits() async throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try await launcher.start(["memory", "--seed", "3"], dataHome: dataHome)
            pty.send(Keys.enter)  // the board
            await pty.idle()
            pty.send(Keys.space)  // the first card, the clock runs
            await pty.idle()
            #expect(pty.isRunning)
            pty.hangUp()  // the master side closes: SIGHUP to the session leader, end of file on reads
            let exit = await pty.exit(within: 5)?.exit
            #expect(exit == .killed(by: SIGHUP) || exit == .exited(1), "exit after a hang-up: \(String(describing: exit))")
            expectValidScores(dataHome)
        }

        /// A mouse report cut short (`ESC [ < 0 ; 1` and nothing more) must not take the keys
        /// typed after it. ncurses' own decoder waits for the report's final `M`/`m` and swallows
        /// everything meanwhile, Ctrl-C included; the arcade decodes reports itself, with a
        /// timeout per byte (found by the torture run, seed 1, step 7497).
        @Test func truncatedMouseReportKeepsKeyboard() async throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try await launcher.start([], dataHome: dataHome)
            pty.send("\u{1B}[<0;1")
            // Read, and idle: asleep with nothing more to do, past the escape delay and the byte wait.
            await pty.idle()
            let before = pty.totalBytes
            pty.send(Keys.controlL)  // repaint
            #expect(await pty.until(limit: 10) { pty.totalBytes > before }, "Ctrl-L repaints")
            pty.send(Keys.controlC)  // quit now
            #expect(await pty.exit(within: 10)?.exit == .exited(130), "Ctrl-C quits with 130")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }
    }
}
