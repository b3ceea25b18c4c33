import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 43's hostile starts of the real binary: a standard stream closed, a limit on the size
/// of files or on the stack, and the terminal modes left when it ends.
extension EndToEnd {
    @Suite(.serialized)
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
        func waitFor(_ text: String, in pty: PtyProcess) -> Bool {
            _ = pty.waitUntil(limit: 10) { screen(pty).contains(text) || !pty.isRunning }
            return screen(pty).contains(text)
        }

        /// Everything the program wrote, as text (for a message it printed).
        func output(_ pty: PtyProcess) -> String { String(decoding: pty.output, as: UTF8.self) }

        static let exitPaths: [ExitPath] = [
            ExitPath(name: "q", signal: nil, status: 0),
            ExitPath(name: "Ctrl-C", signal: nil, status: 130),
            ExitPath(name: "SIGTERM", signal: SIGTERM, status: 143),
            ExitPath(name: "SIGHUP", signal: SIGHUP, status: 129),
            ExitPath(name: "SIGQUIT", signal: SIGQUIT, status: 131),
        ]

        /// Item 11: `meta(TRUE)` switched xterm's eight-bit input on (`ESC [ ? 1034 h`) and no
        /// way out switched it off. Every way out now leaves no mode on that the arcade set.
        @Test(arguments: exitPaths)
        func everyWayOutLeavesNoTerminalModeOn(path: ExitPath) throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-modes")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try launch(dataHome: dataHome)
            #expect(waitFor("five games", in: pty), "no menu: \(pty.tailDescription)")
            pty.waitQuiet(0.1, limit: 2)
            switch path.name {
            case "q": pty.send("q")
            case "Ctrl-C": pty.send([0x03])
            default: pty.signal(path.signal!)
            }
            let exit = pty.waitFor(exitWithin: 5)?.exit
            #expect(exit?.status == path.status, "\(path.name): \(exit.map(String.init(describing:)) ?? "still running")")
            #expect(pty.restoreProblems.isEmpty, "\(path.name): \(pty.restoreProblems)")
        }

        /// Item 11: without meta mode, letters of any script still arrive whole: a name typed
        /// with é, Ü and 漢 answers Temples' typed question (a deck of one card asks it at once).
        @Test func aNameTypedInAnyScriptIsRight() throws {
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
            #expect(waitFor("Type this temple's name", in: pty), "no typed question: \(pty.tailDescription)")
            pty.send(name)
            #expect(waitFor(name + "_", in: pty), "typed: \(screen(pty))")
            pty.send([0x0D])
            #expect(waitFor("✓ Right: " + name, in: pty), "answered: \(screen(pty))")
            pty.send("q")
            #expect(waitFor("five games", in: pty))
            pty.send("q")
            #expect(pty.waitFor(exitWithin: 5)?.exit == .exited(0))
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }
    }
}
