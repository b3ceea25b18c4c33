import ArcadeCore
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
/// signal and a hang-up at a random moment, and the regression test for the defect the full
/// run found (a mouse report cut short swallowed the keyboard). `arcade-bench --torture` runs
/// the full count on the release binary;
/// this keeps a smaller one in CI (about 15 s).
///
/// The arcade runs in a pseudo-terminal of its own (`openpty` + `posix_spawn` with a new
/// session, so the pty is its controlling terminal) — not tmux: the harness must see every
/// byte to know the modes left behind, and write thousands of inputs quickly. Waiting is
/// always for a condition (output quiet, a byte count, an exit, a stopped state) with a limit.
extension EndToEnd {
    @Suite(.serialized)
    struct TortureTests {
        static let inputsPerGame = 2_000
        static let seed: UInt64 = 20_240_901
        static let games = ["set", "memory", "slots", "temples", "blackjack"]

        @Test(arguments: games)
        func randomInputsThenQuit(_ game: String) throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            guard try Self.installedGames(binary).contains(game) else { return }  // not landed yet
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            var random = RandomInputs(seed: Self.seed ^ UInt64(truncatingIfNeeded: game.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
            var launches = 0
            var history: [String] = []

            func start() throws -> Pty {
                launches += 1
                let pty = try Pty(binary: binary.path, arguments: [game, "--seed", "\(launches)"], dataHome: dataHome.path)
                #expect(pty.waitUntil(seconds: 10) { pty.bytesRead > 0 }, "\(game) drew nothing within 10 s")
                pty.waitQuiet(0.05, limit: 2)
                return pty
            }
            func context(_ pty: Pty, _ problem: String) -> Comment {
                Comment(rawValue: problem + " — \(game), seed \(Self.seed), launch \(launches); last inputs:\n"
                    + history.suffix(15).joined(separator: "\n") + "\nlast output: " + pty.tailDescription)
            }

            var pty = try start()
            for step in 1...Self.inputsPerGame {
                if let exit = pty.exitStatus {
                    // Only a `q` on the menu may end it: status 0, terminal restored.
                    #expect(exit == Exit(status: 0, signaled: false), context(pty, "an exit during the inputs: \(String(describing: exit))"))
                    #expect(pty.restoreProblems.isEmpty, context(pty, pty.restoreProblems.joined(separator: "; ")))
                    try Self.expectValidScores(dataHome)
                    pty = try start()
                }
                let event = random.event(width: pty.width, height: pty.height)
                history.append("#\(step) \(event)")
                switch event {
                case .bytes(let bytes, _):
                    pty.send(bytes)
                case .resize(let width, let height):
                    pty.resize(width: width, height: height)
                case .stopContinue:
                    pty.signal(SIGSTOP)
                    _ = pty.waitUntil(seconds: 2) { pty.processState == "T" || pty.exitStatus != nil }
                    pty.signal(SIGCONT)
                case .pause(let seconds):
                    pty.waitQuiet(seconds, limit: seconds * 4)
                }
                pty.pump(timeout: 0)
                if pty.pendingInput > 1 << 16 {
                    let reading = pty.waitUntil(seconds: 5) { pty.pendingInput < 4096 || pty.exitStatus != nil }
                    #expect(reading, context(pty, "the arcade stopped reading its input"))
                    if !reading { return }
                }
            }

            // Alive? A Ctrl-L at the normal size must repaint.
            pty.resize(width: 100, height: 30)
            pty.waitQuiet(0.08, limit: 1)
            let before = pty.bytesRead
            pty.send([0x0C])
            #expect(pty.waitUntil(seconds: 5) { pty.bytesRead > before || pty.exitStatus != nil },
                    context(pty, "no repaint after Ctrl-L"))

            let exit = pty.quit()
            #expect(exit == Exit(status: 0, signaled: false), context(pty, "quitting after the torture: \(String(describing: exit))"))
            #expect(pty.restoreProblems.isEmpty, context(pty, pty.restoreProblems.joined(separator: "; ")))
            try Self.expectValidScores(dataHome)
        }

        @Test func sigtermAtARandomMomentRestoresAndExits143() throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            var random = RandomInputs(seed: Self.seed, avoidsQuit: true)
            let pty = try Pty(binary: binary.path, arguments: ["slots", "--seed", "7"], dataHome: dataHome.path)
            #expect(pty.waitUntil(seconds: 10) { pty.bytesRead > 0 })
            for _ in 0..<300 {
                switch random.event(width: pty.width, height: pty.height) {
                case .bytes(let bytes, _): pty.send(bytes)
                case .resize(let width, let height): pty.resize(width: width, height: height)
                case .stopContinue, .pause: break
                }
                pty.pump(timeout: 0)
            }
            #expect(pty.exitStatus == nil, "random inputs without q must not quit")
            pty.signal(SIGTERM)
            #expect(pty.waitForExit(seconds: 3) == Exit(status: 143, signaled: true), "tail: \(pty.tailDescription)")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems); tail: \(pty.tailDescription)")
            try Self.expectValidScores(dataHome)
        }

        @Test func hangUpMidGameExitsPromptly() throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try Pty(binary: binary.path, arguments: ["memory", "--seed", "3"], dataHome: dataHome.path)
            #expect(pty.waitUntil(seconds: 10) { pty.bytesRead > 0 })
            pty.send([0x0D])  // Enter: the board
            pty.waitQuiet(0.05, limit: 2)
            pty.send([0x20])  // Space: the first card, the clock runs
            pty.waitQuiet(0.05, limit: 2)
            #expect(pty.exitStatus == nil)
            let closed = ContinuousClock.now
            pty.hangUp()  // the master side closes: SIGHUP to the session leader, end of file on reads
            let exit = pty.waitForExit(seconds: 5)
            #expect(ContinuousClock.now - closed < .seconds(2), "exits within 2 s of the hang-up")
            #expect(exit == Exit(status: 129, signaled: true) || exit == Exit(status: 1, signaled: false),
                    "exit after a hang-up: \(String(describing: exit))")
            try Self.expectValidScores(dataHome)
        }

        /// A mouse report cut short (`ESC [ < 0 ; 1` and nothing more) must not take the keys
        /// typed after it. ncurses' own decoder waits for the report's final `M`/`m` and swallows
        /// everything meanwhile, Ctrl-C included; the arcade decodes reports itself, with a
        /// timeout per byte (found by the torture run, seed 1, step 7497).
        @Test func truncatedMouseReportKeepsKeyboard() throws {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-torture")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let pty = try Pty(binary: binary.path, arguments: [], dataHome: dataHome.path)
            #expect(pty.waitUntil(seconds: 10) { pty.bytesRead > 0 })
            pty.waitQuiet(0.1, limit: 2)
            pty.send(Array("\u{1B}[<0;1".utf8))
            pty.waitQuiet(0.1, limit: 1)  // well past the escape delay (25 ms) and the byte wait
            let before = pty.bytesRead
            pty.send([0x0C])  // Ctrl-L: repaint
            #expect(pty.waitUntil(seconds: 1) { pty.bytesRead > before }, "Ctrl-L repaints")
            pty.send([0x03])  // Ctrl-C: quit now
            #expect(pty.waitForExit(seconds: 2) == Exit(status: 130, signaled: false), "Ctrl-C quits with 130")
            #expect(pty.restoreProblems.isEmpty, "\(pty.restoreProblems)")
        }

        // MARK: Helpers

        /// The games `arcade --help` lists.
        static func installedGames(_ binary: URL) throws -> [String] {
            let result = try TerminalProcess.runBlocking(binary, arguments: ["--help"], timeout: .seconds(5))
            return games.filter { name in result.stdout.split(separator: "\n").contains { $0.hasPrefix("  \(name) ") } }
        }

        /// The score file is absent, or non-empty valid JSON.
        static func expectValidScores(_ dataHome: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let url = dataHome.appendingPathComponent("arcade/scores.json")
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            let data = try Data(contentsOf: url)
            #expect(!data.isEmpty, "the score file is empty", sourceLocation: sourceLocation)
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil,
                    "the score file is not valid JSON: \(String(decoding: data.prefix(300), as: UTF8.self))",
                    sourceLocation: sourceLocation)
        }
    }
}

extension EndToEnd.TortureTests {
    /// How a program ended: the exit code, or 128 + the signal that killed it.
    struct Exit: Equatable {
        var status: Int32
        var signaled: Bool
    }

    /// One random input.
    enum Event: CustomStringConvertible {
        case bytes([UInt8], kind: String)
        case resize(width: Int, height: Int)
        case stopContinue
        case pause(Double)

        var description: String {
            switch self {
            case .bytes(let bytes, let kind):
                return kind + " " + bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
            case .resize(let width, let height): return "resize \(width)×\(height)"
            case .stopContinue: return "SIGSTOP/SIGCONT"
            case .pause(let seconds): return "pause \(Int(seconds * 1000)) ms"
            }
        }
    }

    /// The mix of inputs of `arcade-bench --torture` (a compact copy), drawn from the arcade's
    /// seeded generator.
    struct RandomInputs {
        private var generator: SeededGenerator
        /// `q`, `y` and `Y` become `w`, so the inputs never quit from the menu (Esc there asks,
        /// and only a yes quits).
        var avoidsQuit: Bool

        init(seed: UInt64, avoidsQuit: Bool = false) {
            generator = SeededGenerator(seed: seed)
            self.avoidsQuit = avoidsQuit
        }

        mutating func next() -> UInt64 { generator.next() }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func inRange(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

        static let keys: [String] = Array("abcdefghijklmnopqrstuvwxyz0123456789?+-=yYnNSHDR~ ").map(String.init)
            + ["\u{1B}OA", "\u{1B}OB", "\u{1B}OC", "\u{1B}OD", "\u{1B}OA", "\u{1B}OB", "\u{1B}OC", "\u{1B}OD",
               "\r", "\r", " ", "\t", "\u{1B}", "\n", "\u{7F}", "\u{08}", "\u{0C}", "é", "♠", "🍒"]
        static let sequences = [
            "\u{1B}[A", "\u{1B}[D", "\u{1B}[H", "\u{1B}[F", "\u{1B}[3~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[Z", "\u{1B}OP",
            "\u{1B}[15~", "\u{1B}[24~", "\u{1B}[1;2A", "\u{1B}[1;5C", "\u{1B}[200~paste\u{1B}[201~", "\u{1B}\u{1B}", "\u{1B}a",
            // cut short, mouse reports included (see truncatedMouseReportKeepsKeyboard)
            "\u{1B}[", "\u{1B}O", "\u{1B}[1;", "\u{1B}[M", "\u{1B}[?", "\u{1B}]0;", "\u{1B}[15",
            "\u{1B}[<0;1", "\u{1B}[<", "\u{1B}[<64;10", "\u{1B}[M !",
        ]

        mutating func event(width: Int, height: Int) -> Event {
            var event: Event
            switch below(1000) {
            case 0..<430: event = .bytes(Array(pick(Self.keys).utf8), kind: "key")
            case 430..<530: event = .bytes(Array(pick(Self.sequences).utf8), kind: "sequence")
            case 530..<570:
                var junk = Array("\u{1B}[".utf8) + Array(String(inRange(0...99_999)).utf8)
                if below(2) == 0 { junk += Array(";\(inRange(0...999))".utf8) }
                event = .bytes(junk + [UInt8(inRange(0x40...0x7E))], kind: "junk")
            case 570..<710:
                let x = inRange(1...(width + 4)), y = inRange(1...(height + 4))
                let button = pick([0, 0, 0, 2, 32, 35, 64, 65, inRange(0...255)])
                let press = Array("\u{1B}[<\(button);\(x);\(y)M".utf8), release = Array("\u{1B}[<\(button);\(x);\(y)m".utf8)
                event = .bytes(pick([press, release, press + release]), kind: "mouse")
            case 710..<780:
                let high = below(2) == 0
                event = .bytes((0..<inRange(1...64)).map { _ in
                    let byte = UInt8(high ? inRange(0x80...0xFF) : below(256))
                    return byte == 0x03 || byte == 0x1A || byte == 0x1C ? 0x1B : byte  // never Ctrl-C, Ctrl-Z, Ctrl-\
                }, kind: "burst")
            case 780..<840:
                switch below(4) {
                case 0: event = .resize(width: 1, height: 1)
                case 1: event = .resize(width: inRange(1...12), height: inRange(1...8))
                case 2: event = .resize(width: inRange(20...160), height: inRange(6...50))
                default: event = .resize(width: 100, height: 30)
                }
            case 840..<848: event = .stopContinue
            case 848..<900: event = .pause(Double(inRange(3...15)) / 1000)  // lets escape timeouts happen
            default: event = .bytes(Array(pick(Self.keys).utf8), kind: "key")
            }
            if avoidsQuit, case .bytes(let bytes, let kind) = event {
                event = .bytes(bytes.map { Array("qyY".utf8).contains($0) ? UInt8(ascii: "w") : $0 }, kind: kind)
            }
            return event
        }
    }

    /// The arcade in a pseudo-terminal of its own, with every byte it writes read as it comes.
    final class Pty {
        let pid: pid_t
        private var master: Int32
        private var slave: Int32
        private let initialModes: termios
        private(set) var width: Int
        private(set) var height: Int
        private(set) var bytesRead = 0
        private(set) var exitStatus: Exit?
        private var pending: [UInt8] = []
        private var tail: [UInt8] = []
        private var buffer = [UInt8](repeating: 0, count: 1 << 16)
        private var modes = Modes()

        struct StartError: Error, CustomStringConvertible { var description: String }

        init(binary: String, arguments: [String], dataHome: String, width: Int = 100, height: Int = 30) throws {
            var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
            var masterFD: Int32 = -1, slaveFD: Int32 = -1
            guard openpty(&masterFD, &slaveFD, nil, nil, &window) == 0, let name = ttyname(slaveFD) else {
                throw StartError(description: "openpty: \(String(cString: strerror(errno)))")
            }
            let slavePath = String(cString: name)
            _ = fcntl(masterFD, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slaveFD, F_SETFD, FD_CLOEXEC)
            _ = fcntl(masterFD, F_SETFL, fcntl(masterFD, F_GETFL) | O_NONBLOCK)
            var modes = termios()
            tcgetattr(slaveFD, &modes)
            initialModes = modes

            var environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "XDG_DATA_HOME=\(dataHome)", "ARCADE_SOUND_CMD=true"]
            for name in ["PATH", "HOME", "USER", "ARCADE_ASSETS"] {
                if let value = ProcessInfo.processInfo.environment[name] { environment.append("\(name)=\(value)") }
            }
            // A new session whose controlling terminal is the pty (opened after setsid, without
            // O_NOCTTY); every signal at its default and none blocked (the test runner blocks some).
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            let child: pid_t
            do {
                child = try TerminalProcess.spawn(binary, arguments: arguments, environment: environment,
                                                  actions: &actions, newSession: true)
            } catch {
                close(masterFD)
                close(slaveFD)
                throw StartError(description: "\(error)")
            }
            pid = child
            master = masterFD
            slave = slaveFD
            self.width = width
            self.height = height
        }

        deinit {
            if exitStatus == nil {
                kill(pid, SIGKILL)
                _ = waitForExit(seconds: 5)
            }
            if master >= 0 { close(master) }
            close(slave)
        }

        var pendingInput: Int { pending.count }

        /// Whether the program switched bracketed paste on at some point.
        var sawBracketedPaste: Bool { modes.sawBracketedPaste }

        /// `R`, `S`, `T`… from /proc/PID/stat.
        var processState: Character? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            return stat[stat.index(after: close)...].dropFirst().first
        }

        func send(_ bytes: [UInt8]) {
            pending += bytes
            flush()
        }

        private func flush() {
            guard !pending.isEmpty, master >= 0 else { return }
            let written = pending.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 { pending.removeFirst(written) }
        }

        func resize(width: Int, height: Int) {
            var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &window)  // the kernel sends SIGWINCH
            self.width = width
            self.height = height
        }

        func signal(_ number: Int32) {
            if exitStatus == nil { kill(pid, number) }
        }

        /// Closes the master side: the terminal hangs up.
        func hangUp() {
            if master >= 0 { close(master) }
            master = -1
        }

        /// Reads what the program wrote, waiting at most `timeout` seconds; returns the byte count.
        @discardableResult
        func pump(timeout: Double) -> Int {
            guard master >= 0 else {
                reap()
                if exitStatus == nil && timeout > 0 { _ = poll(nil, 0, Int32(min(timeout, 0.01) * 1000)) }  // wait for the exit
                return 0
            }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN) | (pending.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)
            var count = 0
            if poll(&descriptor, 1, Int32(max(0, timeout * 1000).rounded(.up))) > 0 {
                if descriptor.revents & Int16(POLLOUT) != 0 { flush() }
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                    guard n > 0 else { break }
                    count += n
                    let chunk = buffer[0..<n]
                    modes.feed(chunk)
                    tail += chunk
                    if tail.count > 8192 { tail.removeFirst(tail.count - 4096) }
                }
            }
            bytesRead += count
            if count == 0 { reap() }
            return count
        }

        /// Reads until `condition` holds (true) or `seconds` pass (false).
        func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while !condition() {
                if Date() >= end { return false }
                pump(timeout: 0.01)
            }
            return true
        }

        /// Reads until nothing came for `quiet` seconds, or `limit` seconds passed.
        func waitQuiet(_ quiet: Double, limit: Double) {
            let start = Date()
            var lastByte = start
            while true {
                let now = Date()
                if now.timeIntervalSince(lastByte) >= quiet || now.timeIntervalSince(start) >= limit || exitStatus != nil { return }
                if pump(timeout: min(quiet, 0.02)) > 0 { lastByte = Date() }
            }
        }

        func waitForExit(seconds: Double) -> Exit? {
            _ = waitUntil(seconds: seconds) { exitStatus != nil }
            // What the program wrote last may reach the master side after it exited (the
            // kernel pushes pty output on from a work queue): read until 50 ms pass quiet.
            if exitStatus != nil && master >= 0 {
                var rounds = 0
                while rounds < 100 && pump(timeout: 0.05) > 0 { rounds += 1 }
            }
            return exitStatus
        }

        private func reap() {
            guard exitStatus == nil else { return }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return }
            let signal = status & 0x7F
            exitStatus = signal == 0 ? Exit(status: (status >> 8) & 0xFF, signaled: false)
                                     : Exit(status: 128 + signal, signaled: true)
        }

        /// Leaves whatever is on screen and quits: rounds of `q` (leave, or ask "Leave this game?";
        /// quit on the menu; also closes help and the question) and `y` (answers the question).
        func quit() -> Exit? {
            for _ in 0..<12 where exitStatus == nil {
                send(Array("q".utf8))
                waitQuiet(0.06, limit: 1)
                if exitStatus != nil { break }
                send(Array("y".utf8))
                waitQuiet(0.06, limit: 1)
            }
            return waitForExit(seconds: 3)
        }

        /// What is wrong with the terminal the program left: modes its output left on, the exit
        /// sequences missing from its last bytes, termios not back to how it was.
        var restoreProblems: [String] {
            var problems = modes.problems
            if !EndToEnd.TortureTests.bytes(tail, contain: Array("\u{1B}[?1049l".utf8)) { problems.append("no ESC[?1049l in the last bytes") }
            if !EndToEnd.TortureTests.bytes(tail, contain: Array("\u{1B}[?25h".utf8)) { problems.append("no ESC[?25h in the last bytes") }
            var now = termios()
            var before = initialModes
            if tcgetattr(slave, &now) != 0 {
                problems.append("termios unreadable")
            } else if now.c_lflag != before.c_lflag || now.c_iflag != before.c_iflag || now.c_oflag != before.c_oflag
                        || !withUnsafeBytes(of: &now.c_cc, { a in withUnsafeBytes(of: &before.c_cc) { a.elementsEqual($0) } }) {
                problems.append("termios not restored")
            }
            return problems
        }

        var tailDescription: String {
            String(decoding: tail.suffix(300), as: UTF8.self).unicodeScalars
                .map { $0.value < 0x20 ? "\\x" + String($0.value, radix: 16) : String($0) }.joined()
        }
    }

    /// Whether `bytes` holds `sequence`.
    static func bytes(_ bytes: [UInt8], contain sequence: [UInt8]) -> Bool {
        guard bytes.count >= sequence.count else { return false }
        return (0...(bytes.count - sequence.count)).contains { bytes[$0..<$0 + sequence.count].elementsEqual(sequence) }
    }

    /// The private modes (`ESC [ ? n h`/`l`) the output switched: alternate screen, cursor, mouse, cursor keys.
    struct Modes {
        private var alternateScreen = false
        private var cursorHidden = false
        private var mouse: Set<Int> = []
        private var applicationCursor = false
        private var bracketedPaste = false
        /// Whether bracketed paste was ever switched on.
        private(set) var sawBracketedPaste = false
        private var state = 0  // 0 text, 1 after ESC, 2 in CSI
        private var isPrivate = false
        private var params: [Int] = []
        private var current = 0

        var problems: [String] {
            var list: [String] = []
            if alternateScreen { list.append("still on the alternate screen") }
            if cursorHidden { list.append("cursor hidden") }
            if !mouse.isEmpty { list.append("mouse reporting on \(mouse.sorted())") }
            if applicationCursor { list.append("application cursor keys on") }
            if bracketedPaste { list.append("bracketed paste on") }
            return list
        }

        mutating func feed(_ bytes: ArraySlice<UInt8>) {
            for byte in bytes {
                switch state {
                case 1:
                    if byte == UInt8(ascii: "[") {
                        state = 2
                        isPrivate = false
                        params = []
                        current = 0
                    } else {
                        state = byte == 0x1B ? 1 : 0
                    }
                case 2:
                    switch byte {
                    case UInt8(ascii: "?"): isPrivate = true
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): current = min(100_000, current * 10 + Int(byte - 48))
                    case UInt8(ascii: ";"):
                        params.append(current)
                        current = 0
                    case 0x40...0x7E:
                        params.append(current)
                        if isPrivate && (byte == UInt8(ascii: "h") || byte == UInt8(ascii: "l")) {
                            let on = byte == UInt8(ascii: "h")
                            for mode in params {
                                switch mode {
                                case 1049, 1047, 47: alternateScreen = on
                                case 25: cursorHidden = !on
                                case 1: applicationCursor = on
                                case 2004:
                                    bracketedPaste = on
                                    if on { sawBracketedPaste = true }
                                case 9, 1000, 1001, 1002, 1003, 1005, 1006, 1015: if on { mouse.insert(mode) } else { mouse.remove(mode) }
                                default: break
                                }
                            }
                        }
                        state = 0
                    case 0x1B: state = 1
                    default: break
                    }
                default:
                    if byte == 0x1B { state = 1 }
                }
            }
        }
    }
}
