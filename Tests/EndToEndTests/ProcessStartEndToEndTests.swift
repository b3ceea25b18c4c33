import ArcadeHarness
import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hostile starts of the real binary: a standard stream closed, a limit on the size
/// of files or on the stack, and the terminal modes left when it ends.
extension EndToEnd {
    @Suite
    struct ProcessStartEndToEndTests {
        /// The arcade with `arguments` in a pty of its own (every byte it writes followed on a
        /// virtual 100×30 screen), started as `closing` and `limits` say.
        func launch(_ arguments: [String] = [], dataHome: URL, closing: [Int32] = [],
                    limits: [PtyProcess.ResourceLimit] = [], environment: [String: String] = [:]) throws -> PtyProcess {
            var launcher = try #require(ArcadeLauncher.forTests())
            launcher.extraEnvironment.merge(environment) { $1 }
            return try launcher.launch(arguments, dataHome: dataHome.path, closing: closing, limits: limits)
        }

        func screen(_ pty: PtyProcess) -> String { pty.terminal.lines().joined(separator: "\n") }

        /// Reads until the screen shows `text` or the program ends (10 s at most): whether it shows it.
        func waitFor(_ text: String, in pty: PtyProcess) async -> Bool {
            _ = await pty.until(limit: 10) { screen(pty).contains(text) || !pty.isRunning }
            return screen(pty).contains(text)
        }

        /// Everything the program wrote, as text (for a message it printed).
        func output(_ pty: PtyProcess) -> String { String(decoding: pty.output, as: UTF8.self) }

        /// Started with standard error closed (`arcade 2>&-`), the arcade sits idle, answers
        /// `q`, and gives the terminal back: the closed descriptor's number stays taken, so
        /// nothing meant for standard error replaces the wake pipe, which would leave the
        /// arcade polling a descriptor that is not its pipe (100% CPU at the menu, and no key,
        /// Ctrl-C included, ever read).
        @Test func startedWithStandardErrorClosedItIdlesAndQuits() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-closed-stderr")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launch(dataHome: dataHome, closing: [STDERR_FILENO])
            #expect(await waitFor("five games", in: pty), "no menu: \(pty.tailDescription)")
            // Idle: asleep, with its input read and nothing written, for a run of samples (a
            // process polling the wrong descriptor would never sleep).
            #expect(await pty.idle(samples: 20), "the arcade never went idle at the menu")
            pty.send("q")
            let exit = await pty.exit(within: 5)?.exit
            #expect(exit == .exited(0), "q on the menu: \(exit.map(String.init(describing:)) ?? "still running")")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        /// Without standard input or output there is no terminal to take over: the
        /// arcade says so on standard error and ends with status 2, as for a pipe or a file.
        @Test(arguments: [STDIN_FILENO, STDOUT_FILENO])
        func startedWithoutInputOrOutputItSaysItNeedsATerminal(closed: Int32) async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-closed-stdio")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launch(dataHome: dataHome, closing: [closed])
            #expect(await pty.exit(within: 10)?.exit == .exited(2), "fd \(closed) closed: \(pty.tailDescription)")
            #expect(output(pty).contains("arcade: needs an interactive terminal"), "fd \(closed) closed: \(output(pty))")
        }

        /// Under `ulimit -f` smaller than the store, a write past the limit fails as a full
        /// disk does (SIGXFSZ, whose default would end the arcade with status 153, no message
        /// and the terminal as it was left, is ignored), and `q` ends normally with the history
        /// still in the store.
        @Test func aFileSizeLimitBelowTheStoresSizeEndsNormally() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-fsize")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let folder = dataHome.appendingPathComponent("arcade").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let games = 100
            try ArcadeStore(directory: folder).record(all: (1...games).map { number in
                FinishedGame(game: "slots", score: number, figures: ["note": String(repeating: "x", count: 600)],
                             player: "ann", finishedAt: "2026-12-01 12:00")
            })
            let size = try #require(try FileManager.default.attributesOfItem(atPath: folder + "/" + ArcadeStore.fileName)[.size] as? Int)
            #expect(size > 100_000, "the store is \(size) bytes")

            // The terminal's background (COLORFGBG) is kept as the theme: a write at the start.
            let pty = try launch(dataHome: dataHome, limits: [.fileSize(bytes: 50 << 10)],
                                 environment: ["COLORFGBG": "15;0"])
            #expect(await waitFor("five games", in: pty), "no menu: \(pty.tailDescription)")
            pty.send("q")
            let exit = await pty.exit(within: 5)?.exit
            #expect(exit == .exited(0), "q on the menu: \(exit.map(String.init(describing:)) ?? "still running")")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
            let store = StoreCheck.check(dataHome: dataHome.path)
            #expect(store.isGood && store.scores["slots"]?.count == games, "the store: \(store.summary)")
        }

        /// Under `ulimit -s` of 32 KiB and more the arcade shows Temples with its pictures
        /// (read on a thread of their own), goes back to the menu and quits: reading the
        /// terminal's description alone takes ncurses about 100 KiB of stack, so the arcade
        /// runs on a thread whose stack is large enough, never crashing before its first frame.
        @Test(arguments: [32, 64, 128])
        func aSmallStackStillReachesTheMenu(kibibytes: Int) async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-stack")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launch(["temples"], dataHome: dataHome, limits: [.stack(bytes: kibibytes << 10)])
            #expect(await waitFor("Left 20", in: pty),
                    "ulimit -s \(kibibytes): \(pty.exitStatus.map(String.init(describing:)) ?? "running"), \(pty.tailDescription)")
            pty.send("q")
            #expect(await waitFor("five games", in: pty))
            pty.send("q")
            let exit = await pty.exit(within: 5)?.exit
            #expect(exit == .exited(0), "ulimit -s \(kibibytes), q: \(exit.map(String.init(describing:)) ?? "still running")")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        /// On the thread of its own that a small stack gives it, the arcade still takes
        /// Ctrl-C as a player's way out: status 130, the terminal given back.
        @Test func aSmallStackStillLeavesByCtrlC() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-stack-ctrl-c")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launch(dataHome: dataHome, limits: [.stack(bytes: 64 << 10)])
            #expect(await waitFor("five games", in: pty), "ulimit -s 64: \(pty.tailDescription)")
            await pty.idle()
            pty.send([0x03])
            let exit = await pty.exit(within: 5)?.exit
            #expect(exit?.status == 130, "ulimit -s 64, Ctrl-C: \(exit.map(String.init(describing:)) ?? "still running")")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        /// At 16 KiB (the dynamic loader alone needs about 12) the arcade reaches the menu, or
        /// says in words how much stack it needs and ends with status 1 (when no thread could
        /// be started): never a crash in the Swift runtime, never ended by a signal.
        @Test func aSixteenKibibyteStackReachesTheMenuOrIsRefusedInWords() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-stack")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launch(dataHome: dataHome, limits: [.stack(bytes: 16 << 10)])
            if await waitFor("five games", in: pty) {
                pty.send("q")
                #expect(await pty.exit(within: 5)?.exit == .exited(0))
            } else {
                let exit = await pty.exit(within: 5)?.exit
                #expect(exit == .exited(1), "ulimit -s 16: \(exit.map(String.init(describing:)) ?? "still running")")
                #expect(output(pty).contains("KiB of stack"), "ulimit -s 16: \(output(pty))")
            }
        }

        static let exitPaths: [ExitPath] = [
            ExitPath(name: "q", signal: nil, status: 0),
            ExitPath(name: "Ctrl-C", signal: nil, status: 130),
            ExitPath(name: "SIGTERM", signal: SIGTERM, status: 143),
            ExitPath(name: "SIGHUP", signal: SIGHUP, status: 129),
            ExitPath(name: "SIGQUIT", signal: SIGQUIT, status: 131),
        ]

        /// Every way out leaves no mode on that the arcade set: in particular not xterm's
        /// eight-bit input (`ESC [ ? 1034 h`), which `meta(TRUE)` would switch on and no way out
        /// would switch off.
        @Test(arguments: exitPaths)
        func everyWayOutLeavesNoTerminalModeOn(path: ExitPath) async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-modes")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launch(dataHome: dataHome)
            #expect(await waitFor("five games", in: pty), "no menu: \(pty.tailDescription)")
            await pty.idle()
            switch path.name {
            case "q": pty.send("q")
            case "Ctrl-C": pty.send([0x03])
            default: pty.signal(path.signal!)
            }
            let exit = await pty.exit(within: 5)?.exit
            #expect(exit?.status == path.status, "\(path.name): \(exit.map(String.init(describing:)) ?? "still running")")
            #expect(pty.restoreProblems.isEmpty, "\(path.name): \(pty.restoreProblems)")
        }

        /// Without meta mode, letters of any script still arrive whole: a name typed
        /// with é, Ü and 漢 answers Temples' typed question (a deck of one card asks it at once).
        @Test func aNameTypedInAnyScriptIsRight() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-typed")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let deck = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-typed-deck")
            defer { try? FileManager.default.removeItem(at: deck) }
            let temples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Assets/Temples")
            try FileManager.default.copyItem(at: temples.appendingPathComponent("kirtland.png"),
                                             to: deck.appendingPathComponent("one.png"))
            let name = "Église Ünter 漢字"
            try #"[{"file": "one.png", "name": "\#(name)"}]"#.write(to: deck.appendingPathComponent("deck.json"),
                                                                   atomically: true, encoding: .utf8)
            let pty = try launch(["temples", "--deck", deck.path, "--learn"], dataHome: dataHome)
            #expect(await waitFor("Type this temple's name", in: pty), "no typed question: \(pty.tailDescription)")
            pty.send(name)
            #expect(await waitFor(name + "_", in: pty), "typed: \(screen(pty))")
            pty.send([0x0D])
            #expect(await waitFor("✓ Right: " + name, in: pty), "answered: \(screen(pty))")
            pty.send("q")
            #expect(await waitFor("five games", in: pty))
            pty.send("q")
            #expect(await pty.exit(within: 5)?.exit == .exited(0))
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }
    }
}
