import ArcadeHarness
import Glibc

/// The torture run: random inputs per game, signals at random moments, and input closing.
final class TortureRunner {
    let launcher: ArcadeLauncher
    /// Random inputs per game, from `seed`; rounds of signal trials; inputs between probes.
    let count: Int, seed: UInt64
    let signalTrials: Int, probeEvery: Int
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

    /// `game` started with `seed`, once it has drawn (only its modes followed, not its screen).
    func launch(_ game: String, seed: UInt64, dataHome: String, separateInput: Bool = false) -> PtyProcess? {
        guard let process = try? launcher.launch([game, "--seed", String(seed)], dataHome: dataHome, tracksGrid: false,
                                                 separateInput: separateInput) else {
            return nil
        }
        process.outputCap = 8 << 20
        _ = process.waitUntil(limit: 10) { process.totalBytes > 0 || !process.isRunning }
        process.waitQuiet(0.03, limit: 2)
        return process
    }

    /// The screen the output left (replayed into a full terminal model), for a report.
    func screen(of process: PtyProcess) -> [String] {
        let model = VirtualTerminal(width: process.size.width, height: process.size.height)
        model.feed(process.output)
        return model.lines().map { line in
            var trimmed = line
            while trimmed.hasSuffix(" ") { trimmed.removeLast() }
            return trimmed
        }
    }

    func record(_ defect: Defect) {
        defects.append(defect)
        note("torture: DEFECT \(defect.kind) in \(defect.game) at step \(defect.step): \(defect.detail)")
    }

    func runGame(_ game: String) -> GameTortureResult {
        let gameSeed = Self.gameSeed(seed, game: game)
        var result = GameTortureResult(game: game, seed: seed)
        let dataHome = makeTemporaryDirectory("arcade-torture")
        defer { removeTree(dataHome) }
        let started = monotonicNow()
        var generator = RandomInputGenerator(seed: gameSeed)
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
            let scores = StoreCheck.check(dataHome: dataHome)
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
                let t0 = monotonicNow()
                process.pump(for: 0.3)
                if let second = ProcSample.read(process.pid) {
                    let share = Double(second.cpuNanoseconds &- first.cpuNanoseconds) / 1e9 / (monotonicNow() - t0)
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
        let scores = StoreCheck.check(dataHome: dataHome)
        result.scoreFile = scores.summary
        if !scores.isGood { defect("score file", step, scores.summary, nil) }
        result.seconds = monotonicNow() - started
        result.defects = defects.count - defectsBefore
        defectsBefore = defects.count
        return result
    }
}
