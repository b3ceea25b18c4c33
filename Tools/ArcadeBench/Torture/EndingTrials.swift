import ArcadeHarness
import Glibc

/// How the arcade ends when it is told to from outside: signals at random moments, and its
/// input closing (the terminal hanging up; standard input reaching end of file).
extension TortureRunner {
    /// `count` random inputs, sent without waiting for the arcade to draw them.
    private func send(_ process: PtyProcess, _ generator: inout RandomInputGenerator, count: Int) {
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

    // MARK: Signals

    func runSignals(_ game: String) {
        var generator = RandomInputGenerator(seed: Self.gameSeed(seed, game: game) ^ 0x5161, avoidsQuit: true)
        let dataHome = makeTemporaryDirectory("arcade-torture-signals")
        defer { removeTree(dataHome) }
        let cases: [(String, Int32?, Int32)] = [("SIGTERM", SIGTERM, 143), ("SIGHUP", SIGHUP, 129), ("SIGINT", SIGINT, 130),
                                               ("Ctrl-C byte", nil, 130)]
        for trial in 0..<signalTrials {
            for (name, number, expected) in cases {
                guard let process = launch(game, seed: UInt64(trial + 1), dataHome: dataHome) else { continue }
                let inputs = generator.random.inRange(0...600)
                send(process, &generator, count: inputs)
                // A random moment: right away, or after a little while (output still flowing).
                process.pump(for: Double(generator.random.inRange(0...40)) / 1000)
                let sent = monotonicNow()
                if let number { process.signal(number) } else { process.send(Keys.controlC) }
                let exit = process.waitFor(exitWithin: 3)
                if exit == nil { _ = process.kill9() }
                let restore = RestoreCheck.check(process)
                let scores = StoreCheck.check(dataHome: dataHome)
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

    /// How the input is closed in a trial.
    private enum Closing {
        /// The terminal hangs up (its master side closes): the program leads the session, so
        /// the kernel sends SIGHUP; reads then return end of file.
        case terminalHangUp
        /// Standard input alone ends (a second pty, not the controlling terminal, hangs up):
        /// no signal, read() returns 0 — end of file.
        case standardInputEnd

        var name: String { self == .terminalHangUp ? "terminal hang-up" : "stdin end of file" }
        var short: String { self == .terminalHangUp ? "terminal hang-up" : "stdin EOF" }
        var cpuLabel: String { self == .terminalHangUp ? "CPU after the hang-up" : "CPU after EOF" }
        var expected: Int32 { self == .terminalHangUp ? 129 : 1 }
    }

    func runHangUps(_ game: String) {
        var generator = RandomInputGenerator(seed: Self.gameSeed(seed, game: game) ^ 0x4855, avoidsQuit: true)
        let dataHome = makeTemporaryDirectory("arcade-torture-hangup")
        defer { removeTree(dataHome) }
        for trial in 0..<max(1, signalTrials) {
            for closing in [Closing.terminalHangUp, .standardInputEnd] {
                closeInput(closing, game: game, launchSeed: UInt64(trial + 1), dataHome: dataHome, generator: &generator)
            }
        }
    }

    /// One trial: random inputs, then the input closes; the arcade must end within 2 s using
    /// under 0.5 s of CPU, with the status expected, its terminal restored (when that can be
    /// seen: not after a hang-up) and, at end of file, its one-line message.
    private func closeInput(_ closing: Closing, game: String, launchSeed: UInt64, dataHome: String,
                            generator: inout RandomInputGenerator) {
        let launched: PtyProcess? = switch closing {
        case .terminalHangUp: launch(game, seed: launchSeed, dataHome: dataHome)
        case .standardInputEnd: launch(game, seed: launchSeed, dataHome: dataHome, separateInput: true)
        }
        guard let process = launched else { return }
        let inputs = generator.random.inRange(0...300)
        send(process, &generator, count: inputs)
        process.waitQuiet(0.05, limit: 1)
        let cpuBefore = ProcSample.read(process.pid).map { Double($0.cpuNanoseconds) / 1e9 } ?? 0
        let closed = monotonicNow()
        switch closing {
        case .terminalHangUp: process.hangUp()
        case .standardInputEnd: process.closeInput()
        }
        let exit = process.waitFor(exitWithin: 5)
        if exit == nil { _ = process.kill9() }
        let seconds = exit.map { $0.time - closed }
        let cpu = exit.map { max(0, $0.cpuSeconds - cpuBefore) }
        let scores = StoreCheck.check(dataHome: dataHome)
        let fast = (seconds ?? 99) <= 2 && (cpu ?? 99) < 0.5
        var extra = "\(closing.cpuLabel) \(cpu.map { fixed($0 * 1000, 1) } ?? "?") ms"
        var restore = RestoreCheck(problems: [])
        var message: Bool?
        var statusOK = exit.map { $0.status == closing.expected } ?? false
        switch closing {
        case .terminalHangUp:
            statusOK = exit.map { $0.status == 129 || $0.status == 1 } ?? false
        case .standardInputEnd:
            restore = RestoreCheck.check(process)
            let said = String(decoding: process.tail(2048), as: UTF8.self).contains("input closed")
            message = said
            extra += ", message: \(said ? "yes" : "NO")"
        }
        let trialResult = SignalTrial(
            game: game, signal: closing.name, afterInputs: inputs, expected: closing.expected, status: exit?.status,
            signaled: exit?.signaled ?? false, seconds: seconds, restored: restore.isRestored && message != false,
            restoreDetail: closing == .terminalHangUp ? "output not observable (master closed)" : restore.summary,
            scoreFile: scores.summary, scoreOK: scores.isGood, extra: extra, cpuAfter: cpu, message: message)
        hangUps.append(trialResult)
        if !(fast && statusOK && trialResult.restored && scores.isGood) {
            record(Defect(game: game, kind: "closed input", seed: seed, step: inputs,
                          detail: "\(closing.short) after \(inputs) inputs: \(exit?.description ?? "no exit within 5 s"), "
                            + "\(seconds.map { fixed($0 * 1000, 0) } ?? "?") ms, \(extra); "
                            + (closing == .terminalHangUp ? "" : "\(restore.summary); ") + "score file \(scores.summary)",
                          lastEvents: [], screen: closing == .terminalHangUp ? [] : screen(of: process)))
        }
    }
}
