import ArcadeHarness
import Glibc

extension Target {
    /// The longest a screen may take to digest a flood of printable text (a paste) and quit on
    /// the Ctrl-C behind it, in seconds from the first byte sent to the exit.
    ///
    /// A player who pastes a mebibyte by mistake presses Ctrl-C at once: the arcade reads its
    /// input in order, so that Ctrl-C waits for every key before it, and must not wait long.
    static let floodSeconds = 2.0
}

/// One place a flood lands: how the arcade is started there, and the keys that bring it there.
struct FloodScreen {
    /// The name `--only` matches: `menu` or the game.
    var name: String
    /// The row's label.
    var label: String
    var arguments: [String]
    /// Sent one by one after the first frame, each followed by a quiet pause.
    var keys: [[UInt8]] = []

    /// The menu, and every game from its first screen (Temples in learn mode too, with the
    /// built-in deck; Blackjack with its new-game alert, after it, on its rules page and at its
    /// game-over box), of those `games` offers.
    static func screens(games: [String]) -> [FloodScreen] {
        let seeded = ["--seed", "1"]
        let all = [
            FloodScreen(name: "menu", label: "menu", arguments: []),
            FloodScreen(name: "set", label: "set", arguments: ["set"] + seeded),
            FloodScreen(name: "memory", label: "memory", arguments: ["memory"] + seeded),
            FloodScreen(name: "slots", label: "slots", arguments: ["slots"] + seeded),
            FloodScreen(name: "temples", label: "temples", arguments: ["temples"] + seeded),
            FloodScreen(name: "temples", label: "temples --learn", arguments: ["temples", "--learn"] + seeded),
            FloodScreen(name: "blackjack", label: "blackjack", arguments: ["blackjack"] + seeded),
            FloodScreen(name: "blackjack", label: "blackjack, after Enter", arguments: ["blackjack"] + seeded,
                        keys: [Keys.enter]),
            FloodScreen(name: "blackjack", label: "blackjack, rules page", arguments: ["blackjack"] + seeded,
                        keys: [Keys.enter, Keys.text("o")]),
            // Five hands stood on (n declines insurance; x shows the dealer's play at once).
            FloodScreen(name: "blackjack", label: "blackjack, game over", arguments: ["blackjack"] + seeded,
                        keys: [Keys.enter] + (0..<5).flatMap { _ in
                            [Keys.enter, Keys.text("n"), Keys.text("s"), Keys.text("x"), Keys.text("x")]
                        }),
        ]
        return all.filter { $0.name == "menu" || games.contains($0.name) }
    }
}

/// The texts a flood sends: printable ASCII without `q`, `Q`, `y` and `Y` (`q` leaves a game and
/// quits the menu, `y` answers the question to leave), so the flood stays on the screen it
/// started on until the Ctrl-C.
enum FloodText: String, CaseIterable, Encodable {
    case prose
    case random

    /// The sentence prose repeats.
    static let sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. "
    /// The seed of the random text, the same every run.
    static let seed: UInt64 = 1

    /// `count` bytes of this text.
    func bytes(_ count: Int) -> [UInt8] {
        switch self {
        case .prose:
            let sentence = Array(Self.sentence.utf8)
            return (0..<count).map { sentence[$0 % sentence.count] }
        case .random:
            let allowed = (UInt8(0x20)...UInt8(0x7E)).filter { !Array("qQyY".utf8).contains($0) }
            var random = SplitMix64(seed: Self.seed)
            return (0..<count).map { _ in allowed[random.below(allowed.count)] }
        }
    }
}

/// One flood: how long from the first byte to the exit, and how it ended.
struct FloodResult: Encodable {
    var screen: String
    var text: FloodText
    /// The bytes of text and the Ctrl-C written to the arcade's terminal before it exited (all
    /// of them, unless it left early).
    var bytesSent: Int
    var wallSeconds: Double?
    /// User and system CPU of the arcade over its whole life (`wait4`), start and first frame included.
    var cpuSeconds: Double?
    var exitStatus: Int32?
    var signaled: Bool
    /// What went wrong, when the flood could not be measured.
    var problem: String?
    var underGoal: Bool
}

/// Sends each screen a flood of text and Ctrl-C behind it, and times the way out.
struct Flood {
    var launcher: ArcadeLauncher
    /// Bytes of text per flood (the Ctrl-C comes after them).
    var bytes: Int
    /// The size of each write, as a terminal passes a paste on.
    static let writeSize = 4096
    /// When a flood is given up (the arcade killed) and its row failed.
    static let giveUpSeconds = 60.0

    func run(screens: [FloodScreen]) -> [FloodResult] {
        var results: [FloodResult] = []
        for screen in screens {
            for text in FloodText.allCases {
                note("flood: \(screen.label), \(text.rawValue)…")
                results.append(measure(screen, text: text))
            }
        }
        return results
    }

    private func measure(_ screen: FloodScreen, text: FloodText) -> FloodResult {
        var result = FloodResult(screen: screen.label, text: text, bytesSent: 0, signaled: false, underGoal: false)
        let payload = text.bytes(bytes) + Keys.controlC
        let dataHome = makeTemporaryDirectory("arcade-bench-flood")
        defer { removeTree(dataHome) }
        let process: PtyProcess
        do {
            process = try launcher.launch(screen.arguments, dataHome: dataHome, tracksGrid: false)
        } catch {
            result.problem = "could not start: \(error)"
            return result
        }
        process.outputCap = 1 << 16  // only the last frames matter, for a failure's message

        // The first frame, then each key's reply.
        guard process.waitUntil(limit: 5, { process.firstOutputTime != nil }) else {
            result.problem = "no first frame within 5 s"
            _ = process.kill9()
            return result
        }
        process.waitQuiet(0.5, limit: 5)
        for key in screen.keys {
            process.send(key)
            process.waitQuiet(0.3, limit: 3)
        }

        let start = monotonicNow()
        var offset = 0
        while process.isRunning && monotonicNow() - start < Self.giveUpSeconds {
            if process.pendingCount == 0 && offset < payload.count {
                let end = min(offset + Self.writeSize, payload.count)
                process.send(Array(payload[offset..<end]))
                offset = end
            }
            process.pump(timeout: 0.005)
        }
        result.bytesSent = offset - process.pendingCount
        var ending = process.exitInfo
        if ending == nil {
            result.problem = "still running \(fixed(Self.giveUpSeconds, 0)) s after the first byte: killed"
            ending = process.kill9()
        }
        guard let ended = ending else {
            result.problem = "could not be ended"
            return result
        }
        result.wallSeconds = ended.time - start
        result.cpuSeconds = ended.cpuSeconds
        result.exitStatus = ended.status
        result.signaled = ended.signaled
        if result.problem == nil && result.bytesSent < payload.count {
            result.problem = "exited after \(result.bytesSent) of \(payload.count) bytes"
        }
        if let problem = result.problem {
            note("flood: \(screen.label), \(text.rawValue): \(problem); its last output: \(process.tailDescription)")
        }
        result.underGoal = result.problem == nil && ended.exit == .exited(130) && ended.time - start < Target.floodSeconds
        return result
    }
}

/// The flood's report: a table for people, JSON for machines.
struct FloodReport: Encodable {
    var binary: String
    var bytes: Int
    var width: Int
    var height: Int
    var backgroundAnswered: Bool
    var goalSeconds = Target.floodSeconds
    var machine: Machine
    var results: [FloodResult]

    var missed: Int

    init(binary: String, bytes: Int, launcher: ArcadeLauncher, machine: Machine, results: [FloodResult]) {
        (self.binary, self.bytes, self.machine, self.results) = (binary, bytes, machine, results)
        (width, height, backgroundAnswered) = (launcher.width, launcher.height, launcher.answersBackgroundQuery)
        missed = results.filter { !$0.underGoal }.count
    }

    func markdown() -> String {
        var text = "Arcade text flood — \(binary), \(width)×\(height), TERM=xterm-256color, LANG=C.UTF-8, "
            + backgroundAnswer(backgroundAnswered) + ", "
            + "\(bytes) bytes of text in \(Flood.writeSize)-byte writes, then Ctrl-C\n"
            + machine.header + "\n\n"
        var table = Table(header: ["screen", "text", "first byte → exit s", "CPU s (whole run)", "exit",
                                   "< \(fixed(goalSeconds, 0)) s"],
                          rightAligned: [2, 3])
        for result in results {
            var exit = result.exitStatus.map { "\($0)" + (result.signaled ? " (signal)" : "") } ?? "–"
            if let problem = result.problem { exit += ": " + problem }
            table.rows.append([result.screen, result.text.rawValue, result.wallSeconds.map { fixed($0, 2) } ?? "–",
                               result.cpuSeconds.map { fixed($0, 2) } ?? "–", exit, mark(result.underGoal)])
        }
        text += table.rendered() + "\n"
        text += "\(missed) of \(results.count) rows missed the goal (under \(fixed(goalSeconds, 0)) s, exit status 130).\n"
        return text
    }
}
