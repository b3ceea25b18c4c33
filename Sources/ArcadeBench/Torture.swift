import Glibc

/// One random input of the torture.
enum TortureEvent {
    case bytes([UInt8], kind: String)
    case resize(width: Int, height: Int)
    /// SIGSTOP, this many seconds stopped (reading its output all along), SIGCONT.
    case stopContinue(Double)
    /// Wait until the output has been quiet this long (lets escape timeouts happen).
    case pause(Double)

    var description: String {
        switch self {
        case .bytes(let bytes, let kind): return "\(kind) \"\(escaped(bytes, limit: 120))\""
        case .resize(let width, let height): return "resize \(width)×\(height)"
        case .stopContinue(let seconds): return "SIGSTOP, \(Int(seconds * 1000)) ms, SIGCONT"
        case .pause(let seconds): return "pause \(Int(seconds * 1000)) ms"
        }
    }
}

/// Random inputs from a fixed seed: keys, escape sequences (known, junk and cut short), mouse
/// reports anywhere (SGR 1006, as `kmous=\E[<` of xterm-256color announces; some X10), bursts
/// of random bytes (never 0x03 Ctrl-C, 0x1A Ctrl-Z or 0x1C), resizes down to 1×1 and back,
/// SIGSTOP/SIGCONT, and pauses.
struct EventGenerator {
    var random: SplitMix64
    var width = 100
    var height = 30
    /// Never type `q`, `y` or `Y` (they become `w`; Esc on the menu asks, a yes would quit):
    /// for inputs before a signal, which must not quit first.
    var avoidsQuit = false

    init(seed: UInt64, avoidsQuit: Bool = false) {
        random = SplitMix64(seed: seed)
        self.avoidsQuit = avoidsQuit
    }

    mutating func next() -> TortureEvent {
        let event = nextEvent()
        if avoidsQuit, case .bytes(let bytes, let kind) = event {
            return .bytes(bytes.map { Array("qyY".utf8).contains($0) ? UInt8(ascii: "w") : $0 }, kind: kind)
        }
        return event
    }

    static let keyChoices: [[UInt8]] = {
        var keys: [[UInt8]] = []
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { keys.append([byte]) }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { keys.append([byte]) }
        keys += [Keys.up, Keys.down, Keys.left, Keys.right, Keys.up, Keys.down, Keys.left, Keys.right,
                 Keys.enter, Keys.enter, Keys.space, Keys.space, Keys.tab, Keys.escape, Keys.text("?"),
                 [0x0A], [0x7F], [0x08], [0x0C], Keys.text("S"), Keys.text("H"), Keys.text("D"), Keys.text("R"),
                 Keys.text("+"), Keys.text("-"), Keys.text("="), Keys.text("y"), Keys.text("n"), Keys.text("Y"),
                 Array("é".utf8), Array("♠".utf8), Array("🍒".utf8), Keys.text("~"), Keys.text(" ")]
        return keys
    }()

    static let knownSequences: [String] = [
        "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}[H", "\u{1B}[F", "\u{1B}OH", "\u{1B}OF",
        "\u{1B}[1~", "\u{1B}[2~", "\u{1B}[3~", "\u{1B}[4~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[Z",
        "\u{1B}OP", "\u{1B}OQ", "\u{1B}OR", "\u{1B}OS", "\u{1B}[15~", "\u{1B}[17~", "\u{1B}[18~", "\u{1B}[19~",
        "\u{1B}[20~", "\u{1B}[21~", "\u{1B}[23~", "\u{1B}[24~", "\u{1B}[1;2A", "\u{1B}[1;5C", "\u{1B}[1;3D",
        "\u{1B}[1;2B", "\u{1B}[200~paste\u{1B}[201~", "\u{1B}[I", "\u{1B}[O", "\u{1B}\u{1B}", "\u{1B}a", "\u{1B}q",
    ]

    static let halfSequences: [String] = [
        "\u{1B}[", "\u{1B}O", "\u{1B}[1;", "\u{1B}[<", "\u{1B}[<0;1", "\u{1B}[<0;12;", "\u{1B}[M", "\u{1B}[M ",
        "\u{1B}[1", "\u{1B}[?", "\u{1B}]0;", "\u{1B}P", "\u{1B}[15", "\u{1B}[<64;3;4",
    ]

    private mutating func nextEvent() -> TortureEvent {
        let roll = random.below(1000)
        switch roll {
        case 0..<430:
            return .bytes(random.pick(Self.keyChoices), kind: "key")
        case 430..<500:
            return .bytes(Array(random.pick(Self.knownSequences).utf8), kind: "sequence")
        case 500..<540:
            return .bytes(junkSequence(), kind: "junk sequence")
        case 540..<570:
            return .bytes(Array(random.pick(Self.halfSequences).utf8), kind: "half sequence")
        case 570..<710:
            return .bytes(mouse(), kind: "mouse")
        case 710..<780:
            return .bytes(burst(), kind: "burst")
        case 780..<840:
            return resize()
        case 840..<848:
            return .stopContinue(Double(random.inRange(5...60)) / 1000)
        default:
            return .pause(Double(random.inRange(5...60)) / 1000)
        }
    }

    private mutating func junkSequence() -> [UInt8] {
        var bytes: [UInt8] = [0x1B]
        switch random.below(4) {
        case 0: bytes.append(UInt8(ascii: "["))
        case 1: bytes += Array("[?".utf8)
        case 2: bytes.append(UInt8(ascii: "O"))
        default: bytes.append(UInt8(random.inRange(0x20...0x7E)))
        }
        for index in 0..<random.inRange(0...3) {
            if index > 0 { bytes.append(UInt8(ascii: ";")) }
            bytes += Array(String(random.inRange(0...99_999)).utf8)
        }
        bytes.append(UInt8(random.inRange(0x40...0x7E)))
        return bytes
    }

    private mutating func mouse() -> [UInt8] {
        let x = random.inRange(1...(width + 4)), y = random.inRange(1...(height + 4))
        if random.chance(8) {
            // X10: ESC [ M Cb Cx Cy, bytes 32 + value (clipped to a byte).
            return [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + random.inRange(0...3)),
                    UInt8(min(255, 32 + x)), UInt8(min(255, 32 + y))]
        }
        let button = random.pick([0, 0, 0, 0, 1, 2, 2, 32, 35, 64, 65, 64, 65, 4, 8, 16, random.inRange(0...255)])
        func report(_ final: String) -> [UInt8] { Array("\u{1B}[<\(button);\(x);\(y)\(final)".utf8) }
        switch random.below(3) {
        case 0: return report("M")
        case 1: return report("m")
        default: return report("M") + report("m")
        }
    }

    private mutating func burst() -> [UInt8] {
        let length = random.inRange(1...64)
        var bytes: [UInt8] = []
        let style = random.below(3)
        while bytes.count < length {
            var byte: UInt8
            switch style {
            case 0: byte = UInt8(random.inRange(0x20...0x7E))
            case 1: byte = UInt8(random.inRange(0x80...0xFF))
            default: byte = UInt8(random.below(256))
            }
            if byte == 0x03 || byte == 0x1A || byte == 0x1C { byte = 0x1B }
            bytes.append(byte)
        }
        return bytes
    }

    private mutating func resize() -> TortureEvent {
        let roll = random.below(100)
        if roll < 10 {
            width = 1; height = 1
        } else if roll < 35 {
            width = random.inRange(1...12); height = random.inRange(1...8)
        } else if roll < 75 {
            width = random.inRange(20...160); height = random.inRange(6...50)
        } else {
            width = 100; height = 30
        }
        return .resize(width: width, height: height)
    }
}

/// A crash, hang, broken terminal or damaged score file found by the torture.
struct Defect {
    var game: String
    var kind: String
    var seed: UInt64
    var step: Int
    var detail: String
    var lastEvents: [String]
    var screen: [String]

    var reproduce: String {
        "arcade-bench --torture --only \(game) --seed \(seed)" + (step > 0 ? " --count \(step)" : "")
    }

    func rendered() -> String {
        var text = "- \(kind) in \(game), seed \(seed), step \(step): \(detail)\n  reproduce: `\(reproduce)`"
        if !lastEvents.isEmpty { text += "\n  last inputs:\n" + lastEvents.map { "    " + $0 }.joined(separator: "\n") }
        let shown = screen.filter { !$0.allSatisfy { $0 == " " } }
        if !shown.isEmpty { text += "\n  screen:\n" + shown.map { "    |" + $0 }.joined(separator: "\n") }
        return text
    }

    var json: JSON {
        .object([("game", .string(game)), ("kind", .string(kind)), ("seed", .string(String(seed))), ("step", .int(step)),
                 ("detail", .string(detail)), ("reproduce", .string(reproduce)),
                 ("last_inputs", .array(lastEvents.map { .string($0) })), ("screen", .array(screen.map { .string($0) }))])
    }
}

struct GameTortureResult {
    var game: String
    var seed: UInt64
    var events = 0
    var bytesSent = 0
    var bytesReceived = 0
    var resizes = 0
    var stops = 0
    var mouse = 0
    var launches = 0
    /// Exits with status 0 caused by the random input itself (q on the menu).
    var quitsByInput = 0
    var probes = 0
    var seconds = 0.0
    var finalExit = "–"
    var finalOK = false
    var terminal = "–"
    var scoreFile = "–"
    var defects = 0
}

struct SignalTrial {
    var game: String
    var signal: String
    var afterInputs: Int
    var expected: Int32
    var status: Int32?
    var signaled: Bool
    var seconds: Double?
    var restored: Bool
    var restoreDetail: String
    var scoreFile: String
    var scoreOK: Bool
    var extra: String = ""
    /// CPU seconds the program used after its input closed.
    var cpuAfter: Double? = nil
    /// Whether it printed its one-line message ("input closed").
    var message: Bool? = nil

    var ok: Bool { status == expected && restored && scoreOK }
}

/// The torture run: random inputs per game, signals at random moments, and input closing.
final class TortureRunner {
    let launcher: ArcadeLauncher
    let count: Int
    let seed: UInt64
    let signalTrials: Int
    let probeEvery: Int
    private(set) var defects: [Defect] = []
    var results: [GameTortureResult] = []
    var signals: [SignalTrial] = []
    var hangUps: [SignalTrial] = []

    init(launcher: ArcadeLauncher, count: Int, seed: UInt64, signalTrials: Int, probeEvery: Int = 2500) {
        self.launcher = launcher
        self.count = count
        self.seed = seed
        self.signalTrials = signalTrials
        self.probeEvery = probeEvery
    }

    /// The seed of game number `index` (the torture of one game can be rerun alone).
    static func gameSeed(_ seed: UInt64, game: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in game.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return seed ^ hash
    }

    func run(games: [String]) {
        for game in games {
            note("torture: \(game), \(count) inputs…")
            results.append(runGame(game))
        }
        for game in games {
            note("torture: \(game), signals and closed input…")
            runSignals(game)
            runHangUps(game)
        }
    }

    // MARK: Random input

    private func launch(_ game: String, seed: UInt64, dataHome: String) -> PtyProcess? {
        guard let process = try? launcher.launch([game, "--seed", String(seed)], dataHome: dataHome, tracksGrid: false) else {
            return nil
        }
        process.outputCap = 8 << 20
        _ = process.waitUntil(limit: 10) { process.totalBytes > 0 || !process.isRunning }
        process.waitQuiet(0.03, limit: 2)
        return process
    }

    /// The screen the output left (replayed into a full terminal model), for a report.
    private func screen(of process: PtyProcess) -> [String] {
        let model = VirtualTerminal(width: process.size.width, height: process.size.height)
        model.feed(process.output)
        return model.lines().map { line in
            var trimmed = line
            while trimmed.hasSuffix(" ") { trimmed.removeLast() }
            return trimmed
        }
    }

    private func record(_ defect: Defect) {
        defects.append(defect)
        note("torture: DEFECT \(defect.kind) in \(defect.game) at step \(defect.step): \(defect.detail)")
    }

    func runGame(_ game: String) -> GameTortureResult {
        let gameSeed = Self.gameSeed(seed, game: game)
        var result = GameTortureResult(game: game, seed: seed)
        let dataHome = makeTemporaryDirectory("arcade-torture")
        defer { removeTree(dataHome) }
        let started = now()
        var generator = EventGenerator(seed: gameSeed)
        var history: [String] = []
        var launchSeed: UInt64 = 1
        var defectsBefore = defects.count
        /// Set when the runner killed a hung program itself (its SIGKILL is no crash).
        var killedHere = false

        func start() -> PtyProcess? {
            result.launches += 1
            let process = launch(game, seed: launchSeed, dataHome: dataHome)
            launchSeed += 1
            if let process {
                generator.width = process.size.width
                generator.height = process.size.height
            }
            return process
        }
        func defect(_ kind: String, _ step: Int, _ detail: String, _ process: PtyProcess?) {
            record(Defect(game: game, kind: kind, seed: seed, step: step, detail: detail,
                          lastEvents: Array(history.suffix(25)), screen: process.map(screen(of:)) ?? []))
        }
        /// The program ended by itself: a `q` on the menu (fine, if the terminal is restored) or a crash.
        func ended(_ process: PtyProcess, _ step: Int) {
            result.bytesReceived += process.totalBytes
            guard let exit = process.exitInfo else { return }
            let restore = RestoreCheck.check(process)
            if exit.status == 0 && !exit.signaled {
                result.quitsByInput += 1
                if !restore.isRestored { defect("broken terminal", step, "after a q on the menu: \(restore.summary)", process) }
            } else {
                defect("crash", step, "\(exit.description); \(restore.summary)", process)
            }
            let scores = ScoreFileCheck.check(dataHome: dataHome)
            if !scores.isGood { defect("score file", step, scores.summary, process) }
        }
        /// A hang: the program stopped answering. Kill it so the run goes on.
        func hung(_ process: PtyProcess, _ step: Int, _ detail: String) {
            let sample = ProcSample.read(process.pid)
            let wchan = readText("/proc/\(process.pid)/wchan") ?? "?"
            defect("hang", step, "\(detail) (state \(sample?.state ?? "?"), wchan \(wchan))", process)
            result.bytesReceived += process.totalBytes
            _ = process.kill9()
            killedHere = true
        }
        /// Is it alive? Normal size, settle, Ctrl-L must repaint within 5 s; and it must not spin.
        func probe(_ process: PtyProcess, _ step: Int) -> Bool {
            result.probes += 1
            if process.size.width != 100 || process.size.height != 30 {
                process.resize(width: 100, height: 30)
                generator.width = 100
                generator.height = 30
            }
            process.waitQuiet(0.08, limit: 1)
            guard process.waitUntil(limit: 5, { process.pendingCount == 0 || !process.isRunning }) else {
                hung(process, step, "input not read for 5 s (\(process.pendingCount) bytes waiting)")
                return false
            }
            let before = process.totalBytes
            process.send(Keys.controlL)
            guard process.waitUntil(limit: 5, { process.totalBytes > before || !process.isRunning }) else {
                hung(process, step, "no repaint within 5 s of Ctrl-L")
                return false
            }
            guard process.isRunning else { return true }
            process.waitQuiet(0.05, limit: 1)
            if let first = ProcSample.read(process.pid) {
                let t0 = now()
                process.pump(for: 0.3)
                if let second = ProcSample.read(process.pid) {
                    let share = Double(second.cpuNanoseconds &- first.cpuNanoseconds) / 1e9 / (now() - t0)
                    if share > 0.5 {
                        defect("spin", step, "\(Int(share * 100)) % CPU while nothing is typed", process)
                    }
                }
            }
            return true
        }

        guard var process = start() else {
            result.finalExit = "could not start"
            return result
        }
        var step = 0
        while step < count {
            if !process.isRunning {
                if !killedHere { ended(process, step) }
                killedHere = false
                guard let next = start() else { break }
                process = next
            }
            step += 1
            let event = generator.next()
            history.append("#\(step) \(event.description)")
            if history.count > 50 { history.removeFirst(history.count - 50) }
            result.events += 1
            switch event {
            case .bytes(let bytes, let kind):
                result.bytesSent += bytes.count
                if kind == "mouse" { result.mouse += 1 }
                process.send(bytes)
            case .resize(let width, let height):
                result.resizes += 1
                process.resize(width: width, height: height)
            case .stopContinue(let seconds):
                result.stops += 1
                process.signal(SIGSTOP)
                process.pump(for: seconds)
                process.signal(SIGCONT)
            case .pause(let seconds):
                process.waitQuiet(seconds, limit: max(0.2, seconds * 4))
            }
            process.pump(timeout: 0)
            if process.pendingCount > 1 << 16 {
                if !process.waitUntil(limit: 5, { process.pendingCount < 1 << 12 || !process.isRunning }) {
                    hung(process, step, "input not read for 5 s (\(process.pendingCount) bytes waiting)")
                }
            }
            if step % probeEvery == 0 && process.isRunning { _ = probe(process, step) }
        }

        // The end: one more check, then leave and quit as a player would (in a fresh arcade
        // if the last inputs quit or the probe had to kill it).
        if !process.isRunning {
            if !killedHere { ended(process, step) }
            killedHere = false
            if let next = start() { process = next }
        }
        if process.isRunning && probe(process, step) && process.isRunning {
            if let exit = quitArcade(process) {
                let restore = RestoreCheck.check(process)
                result.finalExit = exit.description
                result.terminal = restore.summary
                result.finalOK = exit.status == 0 && !exit.signaled && restore.isRestored
                if exit.status != 0 || exit.signaled {
                    defect(exit.signaled ? "crash" : "bad exit", step, "while quitting: \(exit.description)", process)
                } else if !restore.isRestored {
                    defect("broken terminal", step, "after quitting: \(restore.summary)", process)
                }
            } else {
                result.finalExit = "did not quit"
                hung(process, step, "did not quit after rounds of q and y")
            }
            result.bytesReceived += process.totalBytes
        } else if !process.isRunning && !killedHere {
            ended(process, step)
            result.finalExit = "ended before the quit (see defects)"
        } else if killedHere {
            result.finalExit = "killed after a hang (see defects)"
        }
        let scores = ScoreFileCheck.check(dataHome: dataHome)
        result.scoreFile = scores.summary
        if !scores.isGood { defect("score file", step, scores.summary, nil) }
        result.seconds = now() - started
        result.defects = defects.count - defectsBefore
        defectsBefore = defects.count
        return result
    }

    // MARK: Signals

    private func inputsThenWait(_ process: PtyProcess, _ generator: inout EventGenerator, count: Int) {
        for _ in 0..<count {
            switch generator.next() {
            case .bytes(let bytes, _): process.send(bytes)
            case .resize(let width, let height): process.resize(width: width, height: height)
            case .pause(let seconds): process.waitQuiet(seconds, limit: max(0.2, seconds * 4))
            case .stopContinue: break
            }
            process.pump(timeout: 0)
        }
    }

    func runSignals(_ game: String) {
        var generator = EventGenerator(seed: Self.gameSeed(seed, game: game) ^ 0x5161, avoidsQuit: true)
        let dataHome = makeTemporaryDirectory("arcade-torture-signals")
        defer { removeTree(dataHome) }
        let cases: [(String, Int32?, Int32)] = [("SIGTERM", SIGTERM, 143), ("SIGHUP", SIGHUP, 129), ("SIGINT", SIGINT, 130),
                                               ("Ctrl-C byte", nil, 130)]
        for trial in 0..<signalTrials {
            for (name, number, expected) in cases {
                guard let process = launch(game, seed: UInt64(trial + 1), dataHome: dataHome) else { continue }
                let inputs = generator.random.inRange(0...600)
                inputsThenWait(process, &generator, count: inputs)
                // A random moment: right away, or after a little while (output still flowing).
                process.pump(for: Double(generator.random.inRange(0...40)) / 1000)
                let sent = now()
                if let number { process.signal(number) } else { process.send(Keys.controlC) }
                let exit = process.waitFor(exitWithin: 3)
                if exit == nil { _ = process.kill9() }
                let restore = RestoreCheck.check(process)
                let scores = ScoreFileCheck.check(dataHome: dataHome)
                let trialResult = SignalTrial(
                    game: game, signal: name, afterInputs: inputs, expected: expected, status: exit?.status,
                    signaled: exit?.signaled ?? false, seconds: exit.map { $0.time - sent },
                    restored: restore.isRestored, restoreDetail: restore.summary,
                    scoreFile: scores.summary, scoreOK: scores.isGood)
                signals.append(trialResult)
                if !trialResult.ok {
                    record(Defect(game: game, kind: exit == nil ? "hang" : "signal exit", seed: seed, step: inputs,
                                  detail: "\(name) after \(inputs) random inputs: "
                                    + (exit.map { $0.description } ?? "no exit within 3 s") + ", expected \(expected); "
                                    + restore.summary + "; score file " + scores.summary,
                                  lastEvents: [], screen: screen(of: process)))
                }
            }
        }
    }

    // MARK: Input closing

    func runHangUps(_ game: String) {
        var generator = EventGenerator(seed: Self.gameSeed(seed, game: game) ^ 0x4855, avoidsQuit: true)
        let dataHome = makeTemporaryDirectory("arcade-torture-hangup")
        defer { removeTree(dataHome) }
        for trial in 0..<max(1, signalTrials) {
            // 1. The terminal hangs up (its master side closes): the program leads the session, so
            //    the kernel sends SIGHUP; reads then return end of file.
            if let process = launch(game, seed: UInt64(trial + 1), dataHome: dataHome) {
                let inputs = generator.random.inRange(0...300)
                inputsThenWait(process, &generator, count: inputs)
                process.waitQuiet(0.05, limit: 1)
                let cpuBefore = ProcSample.read(process.pid).map { Double($0.cpuNanoseconds) / 1e9 } ?? 0
                let closed = now()
                process.hangUp()
                let exit = process.waitFor(exitWithin: 5)
                if exit == nil { _ = process.kill9() }
                let seconds = exit.map { $0.time - closed }
                let cpu = exit.map { max(0, $0.cpuSeconds - cpuBefore) }
                let scores = ScoreFileCheck.check(dataHome: dataHome)
                let fast = (seconds ?? 99) <= 2 && (cpu ?? 99) < 0.5
                let okStatus = exit.map { $0.status == 129 || $0.status == 1 } ?? false
                let trialResult = SignalTrial(
                    game: game, signal: "terminal hang-up", afterInputs: inputs, expected: 129, status: exit?.status,
                    signaled: exit?.signaled ?? false, seconds: seconds, restored: true,
                    restoreDetail: "output not observable (master closed)", scoreFile: scores.summary,
                    scoreOK: scores.isGood, extra: "CPU after the hang-up \(cpu.map { fixed($0 * 1000, 1) } ?? "?") ms",
                    cpuAfter: cpu)
                hangUps.append(trialResult)
                if !(fast && okStatus && scores.isGood) {
                    record(Defect(game: game, kind: "closed input", seed: seed, step: inputs,
                                  detail: "terminal hang-up after \(inputs) inputs: \(exit?.description ?? "no exit within 5 s"), "
                                    + "\(seconds.map { fixed($0 * 1000, 0) } ?? "?") ms, \(trialResult.extra); score file \(scores.summary)",
                                  lastEvents: [], screen: []))
                }
            }
            // 2. Standard input alone ends (a second pty, not the controlling terminal, hangs up):
            //    no signal, read() returns 0 — end of file.
            if let process = try? launcher.launch([game, "--seed", String(trial + 1)], dataHome: dataHome,
                                                  tracksGrid: false, separateInput: true) {
                _ = process.waitUntil(limit: 10) { process.totalBytes > 0 || !process.isRunning }
                process.waitQuiet(0.03, limit: 2)
                let inputs = generator.random.inRange(0...300)
                inputsThenWait(process, &generator, count: inputs)
                process.waitQuiet(0.05, limit: 1)
                let cpuBefore = ProcSample.read(process.pid).map { Double($0.cpuNanoseconds) / 1e9 } ?? 0
                let closed = now()
                process.closeInput()
                let exit = process.waitFor(exitWithin: 5)
                if exit == nil { _ = process.kill9() }
                let seconds = exit.map { $0.time - closed }
                let cpu = exit.map { max(0, $0.cpuSeconds - cpuBefore) }
                let restore = RestoreCheck.check(process)
                let text = String(decoding: process.tail(2048), as: UTF8.self)
                let message = text.contains("input closed")
                let scores = ScoreFileCheck.check(dataHome: dataHome)
                var trialResult = SignalTrial(
                    game: game, signal: "stdin end of file", afterInputs: inputs, expected: 1, status: exit?.status,
                    signaled: exit?.signaled ?? false, seconds: seconds, restored: restore.isRestored,
                    restoreDetail: restore.summary, scoreFile: scores.summary, scoreOK: scores.isGood,
                    extra: "CPU after EOF \(cpu.map { fixed($0 * 1000, 1) } ?? "?") ms, message: \(message ? "yes" : "NO")",
                    cpuAfter: cpu, message: message)
                if !message { trialResult.restored = false }
                hangUps.append(trialResult)
                let fast = (seconds ?? 99) <= 2 && (cpu ?? 99) < 0.5
                if !(trialResult.ok && fast) {
                    record(Defect(game: game, kind: "closed input", seed: seed, step: inputs,
                                  detail: "stdin EOF after \(inputs) inputs: \(exit?.description ?? "no exit within 5 s"), "
                                    + "\(seconds.map { fixed($0 * 1000, 0) } ?? "?") ms, \(trialResult.extra); \(restore.summary); "
                                    + "score file \(scores.summary)",
                                  lastEvents: [], screen: screen(of: process)))
                }
            }
        }
    }

    // MARK: Report

    func markdown() -> String {
        var text = "Arcade torture — \(launcher.binary), seed \(seed), \(count) random inputs per game, "
            + "100×30 TERM=xterm-256color, sound command `true`\n\n"
        var table = Table(header: ["game", "inputs", "mouse", "resizes", "stop/cont", "launches (q on menu)", "probes",
                                   "final exit", "terminal", "score file", "defects", "s"],
                          rightAligned: [1, 2, 3, 4, 6, 10, 11])
        for r in results {
            table.rows.append([r.game, "\(r.events)", "\(r.mouse)", "\(r.resizes)", "\(r.stops)", "\(r.launches) (\(r.quitsByInput))",
                               "\(r.probes)", r.finalExit + " " + mark(r.finalOK), r.terminal, r.scoreFile, "\(r.defects)",
                               fixed(r.seconds, 0)])
        }
        text += table.rendered() + "\n"

        var signalTable = Table(header: ["game", "ending", "trials", "statuses", "restored", "score file ok", "slowest ms"],
                                rightAligned: [2, 6])
        let groups = signals + hangUps
        var seen: [String] = []
        for trial in groups where !seen.contains(trial.game + "|" + trial.signal) { seen.append(trial.game + "|" + trial.signal) }
        for key in seen {
            let parts = key.split(separator: "|").map(String.init)
            let trials = groups.filter { $0.game == parts[0] && $0.signal == parts[1] }
            var statuses: [String: Int] = [:]
            for trial in trials {
                let label = trial.status.map { "\($0)" + (trial.signaled ? " (signal)" : " (exit)") } ?? "hung"
                statuses[label, default: 0] += 1
            }
            let restored = trials.filter(\.restored).count
            let scoreOK = trials.filter(\.scoreOK).count
            let slowest = trials.compactMap(\.seconds).max().map { fixed($0 * 1000, 0) } ?? "–"
            let expected = trials.first.map { " (want \($0.expected))" } ?? ""
            signalTable.rows.append([parts[0], parts[1] + expected, "\(trials.count)",
                                     statuses.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", "),
                                     "\(restored)/\(trials.count)", "\(scoreOK)/\(trials.count)", slowest])
        }
        text += signalTable.rendered() + "\n"
        var extras: [String] = []
        for key in seen {
            let parts = key.split(separator: "|").map(String.init)
            let trials = hangUps.filter { $0.game == parts[0] && $0.signal == parts[1] }
            guard !trials.isEmpty else { continue }
            let cpu = trials.compactMap(\.cpuAfter).max().map { fixed($0 * 1000, 1) + " ms" } ?? "?"
            let messages = trials.compactMap(\.message)
            extras.append("\(parts[0]) \(parts[1]): CPU after it at most \(cpu)"
                + (messages.isEmpty ? "" : ", the one-line message \(messages.filter { $0 }.count)/\(messages.count)"))
        }
        if !extras.isEmpty { text += "Closed input: " + extras.joined(separator: "; ") + ".\n\n" }
        text += "Ctrl-Z: SIGSTOP + SIGCONT from the bench (the arcade leads an orphaned process group under a bare pty, "
            + "so the 0x1A key cannot stop it); suspending with the key under job control is the end-to-end test "
            + "ctrlZSuspendsAndFgResumes under `bash -i`.\n\n"
        if defects.isEmpty {
            text += "Defects: none.\n"
        } else {
            text += "Defects (\(defects.count)):\n" + defects.map { $0.rendered() }.joined(separator: "\n") + "\n"
        }
        return text
    }

    func json() -> JSON {
        .object([
            ("binary", .string(launcher.binary)), ("seed", .string(String(seed))), ("count", .int(count)),
            ("games", .array(results.map { r in
                .object([("game", .string(r.game)), ("inputs", .int(r.events)), ("bytes_sent", .int(r.bytesSent)),
                         ("bytes_received", .int(r.bytesReceived)), ("mouse", .int(r.mouse)), ("resizes", .int(r.resizes)),
                         ("stop_continue", .int(r.stops)), ("launches", .int(r.launches)), ("quits_by_input", .int(r.quitsByInput)),
                         ("probes", .int(r.probes)), ("final_exit", .string(r.finalExit)), ("final_ok", .bool(r.finalOK)),
                         ("terminal", .string(r.terminal)), ("score_file", .string(r.scoreFile)), ("defects", .int(r.defects)),
                         ("seconds", .number(r.seconds))])
            })),
            ("endings", .array((signals + hangUps).map { t in
                .object([("game", .string(t.game)), ("ending", .string(t.signal)), ("after_inputs", .int(t.afterInputs)),
                         ("expected", .int(Int(t.expected))), ("status", t.status.map { .int(Int($0)) } ?? .null),
                         ("by_signal", .bool(t.signaled)), ("seconds", .optional(t.seconds)), ("restored", .bool(t.restored)),
                         ("terminal", .string(t.restoreDetail)), ("score_file", .string(t.scoreFile)), ("note", .string(t.extra))])
            })),
            ("defects", .array(defects.map(\.json))),
        ])
    }
}
