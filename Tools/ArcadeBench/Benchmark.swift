import ArcadeHarness
import Glibc

/// A key (or keys) sent as one input, with the name the report gives it.
struct Probe {
    var label: String
    var keys: [UInt8]
    /// How long the output must pause to end the burst (longer for slow animations).
    var quiet: Double? = nil
    /// The key starts an animation: its burst goes to the animations table, not to the
    /// key → reply latency (its last byte is the animation's end, not a reply).
    var animation = false
}

/// How one screen is measured.
struct ScreenPlan {
    var name: String
    var arguments: [String]
    /// What the turn-based idle window looks at.
    var idleLabel: String
    /// Keys that bring the screen where cursor moves make sense (measured as actions).
    var setup: [Probe] = []
    /// A cursor move and its way back, sent alternately.
    var moves: (label: String, forward: [UInt8], back: [UInt8])?
    var actions: [Probe] = []
    /// Keys that start a running clock (measured as actions), then an idle window with it running.
    var clock: (label: String, start: [Probe])?

    static func plans(games: [String]) -> [ScreenPlan] {
        var plans = [ScreenPlan(
            name: "menu", arguments: [], idleLabel: "menu",
            moves: ("↓ ↑ (ESC O B / ESC O A)", Keys.down, Keys.up),
            actions: [Probe(label: "? help", keys: Keys.text("?")), Probe(label: "key closes help", keys: Keys.space)])]
        for game in games {
            let arguments = [game, "--seed", "1"]
            switch game {
            case "set":
                plans.append(ScreenPlan(
                    name: game, arguments: arguments, idleLabel: "table before the first move",
                    moves: ("→ ← (ESC O C / ESC O D)", Keys.right, Keys.left),
                    actions: [Probe(label: "s sets shown", keys: Keys.text("s")), Probe(label: "s sets hidden", keys: Keys.text("s"))],
                    clock: ("clock after the first selection (1 Hz)", [Probe(label: "Space select (starts the clock)", keys: Keys.space)])))
            case "memory":
                plans.append(ScreenPlan(
                    name: game, arguments: arguments, idleLabel: "level choice",
                    setup: [Probe(label: "Enter start (board)", keys: Keys.enter)],
                    moves: ("→ ← on the board", Keys.right, Keys.left),
                    clock: ("clock after the first card", [Probe(label: "Space turn a card (starts the clock)", keys: Keys.space)])))
            case "slots":
                plans.append(ScreenPlan(
                    name: game, arguments: arguments, idleLabel: "machine, not spinning",
                    actions: [Probe(label: "Space spin (whole animation)", keys: Keys.space, animation: true),
                              Probe(label: "Tab other machine", keys: Keys.tab),
                              Probe(label: "Tab back", keys: Keys.tab)]))
            case "temples":
                plans.append(ScreenPlan(
                    name: game, arguments: arguments, idleLabel: "match, before a pick",
                    moves: ("→ ← among pictures", Keys.right, Keys.left),
                    // s and m switch to study and back: the names pane slides away (0.3 s) and back.
                    actions: [Probe(label: "Tab to names", keys: Keys.tab), Probe(label: "Tab to pictures", keys: Keys.tab),
                              Probe(label: "s study (names pane slides away)", keys: Keys.text("s"), animation: true),
                              Probe(label: "m match (names pane slides back)", keys: Keys.text("m"), animation: true)],
                    clock: ("clock after the first pick (1 Hz)", [Probe(label: "Enter pick a picture (starts the clock)", keys: Keys.enter)])))
            case "blackjack":
                plans.append(ScreenPlan(
                    name: game, arguments: arguments, idleLabel: "new-game alert",
                    moves: ("→ ← alert button focus", Keys.right, Keys.left),
                    actions: [Probe(label: "Enter start (close alert)", keys: Keys.enter),
                              Probe(label: "Enter deal", keys: Keys.enter),
                              Probe(label: "s stand (dealer's whole play)", keys: Keys.text("s"), quiet: 0.8, animation: true),
                              Probe(label: "Enter deal", keys: Keys.enter),
                              Probe(label: "h hit", keys: Keys.text("h"))]))
            default:
                plans.append(ScreenPlan(name: game, arguments: arguments, idleLabel: "as opened",
                                        moves: ("→ ←", Keys.right, Keys.left)))
            }
        }
        return plans
    }
}

/// What an idle window cost: CPU, wakeups and bytes written while nothing was typed.
struct IdleFigures: Encodable {
    var label: String
    var seconds: Double
    var cpuMilliseconds: Double
    var cpuTicks: UInt64
    var wakeups: Int
    var voluntary: Int
    var involuntary: Int
    var bytes: Int

    var wakeupsPerSecond: Double

    private enum CodingKeys: String, CodingKey {
        case label = "state", seconds, cpuMilliseconds = "cpu_ms", cpuTicks, wakeups, voluntary, involuntary
        case wakeupsPerSecond, bytes
    }
}

/// The output that followed one input: its size, how long it took, and the bytes themselves.
struct BurstFigures: Encodable {
    var label: String
    var bytes: Int
    var milliseconds: Double?
    var sample: String
    /// The characters it put on screen (see `glyphsWritten`).
    var glyphs = 0

    private enum CodingKeys: String, CodingKey {
        case label = "key", bytes, milliseconds = "ms", sample = "output", glyphs = "characters"
    }
}

/// One animation's output: how many bytes, over how long, from the key to the last byte
/// (for a running clock: the idle window).
struct AnimationFigures: Encodable {
    var label: String
    var bytes: Int
    var milliseconds: Double
    var bytesPerSecond: Double

    init(label: String, bytes: Int, milliseconds: Double) {
        (self.label, self.bytes, self.milliseconds) = (label, bytes, milliseconds)
        bytesPerSecond = milliseconds > 0 ? Double(bytes) / (milliseconds / 1000) : .nan
    }

    private enum CodingKeys: String, CodingKey {
        case label = "animation", bytes, milliseconds = "ms", bytesPerSecond
    }
}

struct ScreenResult {
    var name: String
    var launches: [Double] = []
    /// Fork → the first byte of output (ncurses taking over the terminal), per launch.
    var firstBytes: [Double] = []
    var failedLaunches = 0
    var moveLabel: String?
    var moves: [BurstFigures] = []
    var actions: [BurstFigures] = []
    var idle: IdleFigures?
    var clock: IdleFigures?
    var resizes: [BurstFigures] = []
    /// Key → the last byte of its reply, ms: every cursor move and action key but the animations.
    var replyMilliseconds: [Double] = []
    var animations: [AnimationFigures] = []
    var peakRSSKB: Int?
    var biggestMappings: [(String, Int)] = []
    var exitSummary = "not run"
    var notes: [String] = []

    var moveBytes: [Int] { moves.map(\.bytes) }
}

/// The benchmark: launches, bytes per key, idle cost, resize cost and memory of every screen.
struct Benchmark {
    var launcher: ArcadeLauncher
    var launches = 7
    var idleSeconds = 10.0
    /// Output is a "burst" until it has been quiet this long.
    static let frameQuiet = 0.05
    static let burstQuiet = 0.15

    func run(plans: [ScreenPlan]) -> [ScreenResult] {
        plans.map { plan in
            note("bench: \(plan.name)…")
            var result = ScreenResult(name: plan.name)
            measureLaunches(plan, into: &result)
            measureSession(plan, into: &result)
            return result
        }
    }

    /// Launch → the first complete frame: the key line is on the bottom row, and then the
    /// output has been quiet for `frameQuiet`; the time is that of the last byte of the burst.
    func measureLaunches(_ plan: ScreenPlan, into result: inout ScreenResult) {
        for _ in 0..<launches {
            let dataHome = makeTemporaryDirectory("arcade-bench")
            defer { removeTree(dataHome) }
            guard let process = try? launcher.launch(plan.arguments, dataHome: dataHome) else {
                result.failedLaunches += 1
                continue
            }
            if let frame = firstFrame(process) {
                result.launches.append((frame - process.launchTime) * 1000)
                if let first = process.firstOutputTime { result.firstBytes.append((first - process.launchTime) * 1000) }
            } else {
                result.failedLaunches += 1
                result.notes.append("a launch showed no key line within 10 s:\n" + process.terminal.text)
            }
            process.signal(SIGTERM)
            if process.waitFor(exitWithin: 3) == nil { _ = process.kill9() }
        }
    }

    /// When the first complete frame ended: reads only (time-stamping every read) until the
    /// output pauses for `frameQuiet`, then replays the reads into a terminal model to find the
    /// one that put the key line on the bottom row; the frame ends with the last read of that
    /// burst (before a pause of `frameQuiet`). Nil if no key line within 10 s.
    func firstFrame(_ process: PtyProcess) -> Double? {
        process.recordsChunks = true
        let model = VirtualTerminal(width: process.size.width, height: process.size.height)
        var replayed = 0
        var fed = 0
        let deadline = process.launchTime + 10
        while monotonicNow() < deadline {
            // Raw reading until a pause (at least one byte first).
            if process.chunks.count == replayed {
                _ = process.waitUntil(limit: deadline - monotonicNow()) { process.chunks.count > replayed || !process.isRunning }
            }
            process.waitQuiet(Self.frameQuiet, limit: max(0, deadline - monotonicNow()))
            let chunks = process.chunks
            while replayed < chunks.count {
                let end = chunks[replayed].end
                model.feed(Array(process.output[fed..<end]))
                fed = end
                replayed += 1
                let line = model.line(model.height - 1)
                guard line.contains("help") && (line.contains("menu") || line.contains("quit")) else { continue }
                // The burst goes on while reads follow each other within frameQuiet.
                var last = replayed - 1
                while last + 1 < chunks.count && chunks[last + 1].time - chunks[last].time < Self.frameQuiet { last += 1 }
                return chunks[last].time
            }
            if !process.isRunning { return nil }
        }
        return nil
    }

    func measureSession(_ plan: ScreenPlan, into result: inout ScreenResult) {
        let dataHome = makeTemporaryDirectory("arcade-bench")
        defer { removeTree(dataHome) }
        guard let process = try? launcher.launch(plan.arguments, dataHome: dataHome) else {
            result.notes.append("could not start")
            return
        }
        guard process.waitUntil(limit: 10, { keyLineShown(process) }) else {
            result.notes.append("no key line within 10 s")
            _ = process.kill9()
            return
        }
        process.waitQuiet(0.3, limit: 3)

        result.idle = idle(process, label: plan.idleLabel)

        for (width, height) in [(80, 24), (100, 30)] {
            let from = "\(process.size.width)×\(process.size.height)"
            result.resizes.append(resize(process, width: width, height: height, label: "\(from) → \(width)×\(height)"))
        }

        // An action's burst, filed as a reply (its latency) or as an animation.
        func act(_ probe: Probe) {
            let figures = burst(process, probe)
            result.actions.append(figures)
            if probe.animation {
                result.animations.append(AnimationFigures(label: probe.label, bytes: figures.bytes,
                                                          milliseconds: figures.milliseconds ?? 0))
            } else if let ms = figures.milliseconds {
                result.replyMilliseconds.append(ms)
            }
        }
        plan.setup.forEach(act)
        if let moves = plan.moves {
            result.moveLabel = moves.label
            for index in 0..<8 {
                let keys = index % 2 == 0 ? moves.forward : moves.back
                let figures = burst(process, Probe(label: index % 2 == 0 ? "forward" : "back", keys: keys), quiet: 0.1)
                result.moves.append(figures)
                if let ms = figures.milliseconds { result.replyMilliseconds.append(ms) }
            }
        }
        plan.actions.forEach(act)
        if let clock = plan.clock {
            clock.start.forEach(act)
            result.clock = idle(process, label: clock.label, settle: 0.05)
            if let figures = result.clock {
                result.animations.append(AnimationFigures(label: "running clock (idle window)", bytes: figures.bytes,
                                                          milliseconds: figures.seconds * 1000))
            }
        }

        if let sample = ProcSample.read(process.pid) {
            result.peakRSSKB = sample.peakRSSKB
            result.biggestMappings = Array(ProcSample.residentByMapping(process.pid).prefix(8))
        }

        let exit = quitArcade(process)
        if let exit {
            let restore = RestoreCheck.check(process)
            result.exitSummary = exit.description + ", " + restore.summary
            if exit.status != 0 || exit.signaled { result.notes.append("quit ended with \(exit.description)") }
            if !restore.isRestored { result.notes.append("terminal: \(restore.summary)") }
        } else {
            result.exitSummary = "did not exit after q/y rounds"
            result.notes.append("did not exit after q/y rounds; screen:\n" + process.terminal.text)
            _ = process.kill9()
        }
        let scores = StoreCheck.check(dataHome: dataHome)
        if !scores.isGood { result.notes.append("score file: \(scores.summary)") }
    }

    /// CPU and context switches over the idle window, touching nothing.
    func idle(_ process: PtyProcess, label: String, settle: Double = 0.3) -> IdleFigures? {
        process.waitQuiet(settle, limit: 3)
        guard let before = ProcSample.read(process.pid) else { return nil }
        let start = monotonicNow()
        let bytesBefore = process.totalBytes
        process.pump(for: idleSeconds)
        let end = monotonicNow()
        guard let after = ProcSample.read(process.pid) else { return nil }
        return IdleFigures(
            label: label, seconds: end - start,
            cpuMilliseconds: Double(after.cpuNanoseconds &- before.cpuNanoseconds) / 1e6,
            cpuTicks: after.cpuTicks &- before.cpuTicks,
            wakeups: after.wakeups - before.wakeups,
            voluntary: after.voluntarySwitches - before.voluntarySwitches,
            involuntary: after.involuntarySwitches - before.involuntarySwitches,
            bytes: process.totalBytes - bytesBefore,
            wakeupsPerSecond: Double(after.wakeups - before.wakeups) / (end - start))
    }

    /// The output that follows one input, until it has been quiet for `quiet`.
    func burst(_ process: PtyProcess, _ probe: Probe, quiet defaultQuiet: Double = Benchmark.burstQuiet) -> BurstFigures {
        let quiet = probe.quiet ?? defaultQuiet
        process.waitQuiet(0.05, limit: 1)
        let mark = process.output.count
        let start = monotonicNow()
        process.send(probe.keys)
        let (bytes, last) = process.waitQuiet(quiet, limit: 10)
        let sample = process.output.count >= mark ? escaped(process.output[mark...], limit: 600) : ""
        let glyphs = process.output.count >= mark ? glyphsWritten(process.output[mark...]) : 0
        return BurstFigures(label: probe.label, bytes: bytes, milliseconds: last.map { ($0 - start) * 1000 }, sample: sample,
                            glyphs: glyphs)
    }

    /// A resize: bytes and time until the redraw is over.
    func resize(_ process: PtyProcess, width: Int, height: Int, label: String) -> BurstFigures {
        process.waitQuiet(0.05, limit: 1)
        let start = monotonicNow()
        process.resize(width: width, height: height)
        var (bytes, last) = process.waitQuiet(Self.burstQuiet, limit: 5)
        var label = label
        if bytes == 0 {
            // The kernel sends SIGWINCH when the size changes; send one more in case it did not arrive.
            process.signal(SIGWINCH)
            (bytes, last) = process.waitQuiet(Self.burstQuiet, limit: 5)
            label += " (needed an extra SIGWINCH)"
        }
        return BurstFigures(label: label, bytes: bytes, milliseconds: last.map { ($0 - start) * 1000 }, sample: "")
    }
}
