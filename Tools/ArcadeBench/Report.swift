import ArcadeHarness

/// The targets the figures are held against. First frame and peak RSS are what a player
/// could notice on the release build (the same as --compare's goals).
enum Target {
    static let firstFrameMilliseconds = CompareGoal.firstFrameMilliseconds
    static let bytesPerMove = 17
    static let clockWakeupsPerSecond = 5.0
    static let peakRSSMegabytes = CompareGoal.peakRSSMegabytes
}

func mark(_ ok: Bool) -> String { ok ? "✓" : "✗" }

/// A markdown table whose columns are padded to line up in a terminal too.
struct Table {
    var header: [String]
    var rows: [[String]] = []
    var rightAligned: Set<Int> = []

    func rendered() -> String {
        var widths = header.map(displayWidth)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], displayWidth(cell)) }
        }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { pad($0.element, widths[$0.offset], right: rightAligned.contains($0.offset)) }
                .joined(separator: " | ") + " |"
        }
        var text = line(header) + "\n"
        text += "|" + widths.enumerated().map { rightAligned.contains($0.offset)
            ? String(repeating: "-", count: $0.element + 1) + ":" : String(repeating: "-", count: $0.element + 2) }
            .joined(separator: "|") + "|\n"
        for row in rows { text += line(row) + "\n" }
        return text
    }
}

struct BenchReport {
    var binary: String
    var launches: Int
    var idleSeconds: Double
    var load: String
    var machine: Machine
    var results: [ScreenResult]
    /// Whether the pseudo-terminal answered the background colour query (OSC 11).
    var backgroundAnswered: Bool

    func markdown() -> String {
        var text = "Arcade benchmark — \(binary), 100×30, TERM=xterm-256color, LANG=C.UTF-8, "
            + backgroundAnswer(backgroundAnswered) + ", "
            + "\(launches) launches per screen, \(fixed(idleSeconds, 0)) s idle windows\n"
            + machine.header + "\n\n"

        var main = Table(header: ["screen", "first frame ms: median (range)", "bytes per move: median (max), characters",
                                  "key → reply ms: median (max)", "idle \(fixed(idleSeconds, 0)) s: CPU ms / wakeups", "resize → 80×24 / → 100×30: bytes (ms)",
                                  "peak RSS MB"])
        main.rows.append(["target", "≤ \(fixed(Target.firstFrameMilliseconds, 0))", "≤ \(Target.bytesPerMove)", "–", "0 / 0", "–",
                          "≤ \(fixed(Target.peakRSSMegabytes, 0))"])
        for result in results {
            var frame = "–"
            if !result.launches.isEmpty {
                let m = median(result.launches)
                frame = "\(fixed(m, 1)) (\(fixed(result.launches.min()!, 1))–\(fixed(result.launches.max()!, 1))) "
                    + mark(m <= Target.firstFrameMilliseconds)
                if result.failedLaunches > 0 { frame += " [\(result.failedLaunches) failed]" }
            }
            var moves = "n/a"
            if !result.moves.isEmpty {
                let m = medianInt(result.moveBytes)
                moves = "\(fixed(m, 0)) (\(result.moveBytes.max()!)) " + mark(Double(result.moveBytes.max()!) <= Double(Target.bytesPerMove))
                    + ", \(fixed(medianInt(result.moves.map(\.glyphs)), 0))"
            }
            var reply = "–"
            if let worst = result.replyMilliseconds.max() {
                reply = "\(fixed(median(result.replyMilliseconds), 1)) (\(fixed(worst, 1)))"
            }
            var idle = "–"
            if let figures = result.idle {
                idle = "\(fixed(figures.cpuMilliseconds, 3)) / \(figures.wakeups) "
                    + mark(figures.cpuMilliseconds == 0 && figures.wakeups == 0)
            }
            let resize = result.resizes.map { "\($0.bytes) (\($0.milliseconds.map { fixed($0, 1) } ?? "–"))" }.joined(separator: " / ")
            let rss = result.peakRSSKB.map { kb -> String in
                let mb = Double(kb) / 1024
                return "\(fixed(mb, 1)) " + mark(mb <= Target.peakRSSMegabytes)
            } ?? "–"
            main.rows.append([result.name, frame, moves, reply, idle, resize.isEmpty ? "–" : resize, rss])
        }
        text += main.rendered() + "\n"

        var clocks = Table(header: ["running clock", "window s", "wakeups", "wakeups/s", "CPU ms", "bytes written"],
                           rightAligned: [1, 2, 3, 4, 5])
        clocks.rows.append(["target", "", "", "≤ \(fixed(Target.clockWakeupsPerSecond, 0))", "", ""])
        for result in results {
            guard let clock = result.clock else { continue }
            clocks.rows.append(["\(result.name): \(clock.label)", fixed(clock.seconds, 1), "\(clock.wakeups)",
                                fixed(clock.wakeupsPerSecond, 2) + " " + mark(clock.wakeupsPerSecond <= Target.clockWakeupsPerSecond),
                                fixed(clock.cpuMilliseconds, 2), "\(clock.bytes)"])
        }
        if clocks.rows.count > 1 { text += clocks.rendered() + "\n" }

        var animations = Table(header: ["animations", "bytes", "ms", "bytes/s"], rightAligned: [1, 2, 3])
        for result in results {
            for animation in result.animations {
                animations.rows.append(["\(result.name): \(animation.label)", "\(animation.bytes)",
                                        fixed(animation.milliseconds, 1), fixed(animation.bytesPerSecond, 0)])
            }
        }
        if !animations.rows.isEmpty { text += animations.rendered() + "\n" }

        var keys = Table(header: ["screen", "key", "bytes", "ms to last byte"], rightAligned: [2, 3])
        for result in results {
            if let label = result.moveLabel, !result.moves.isEmpty {
                keys.rows.append([result.name, "move \(label) ×\(result.moves.count)",
                                  result.moveBytes.map(String.init).joined(separator: " "),
                                  fixed(median(result.moves.compactMap(\.milliseconds)), 1)])
            }
            for action in result.actions {
                keys.rows.append([result.name, action.label, "\(action.bytes)", action.milliseconds.map { fixed($0, 1) } ?? "–"])
            }
        }
        text += keys.rendered() + "\n"

        var idleTable = Table(header: ["idle window", "state", "CPU ms", "clock ticks", "voluntary", "involuntary", "bytes"],
                              rightAligned: [2, 3, 4, 5, 6])
        for result in results {
            for figures in [result.idle, result.clock].compactMap({ $0 }) {
                idleTable.rows.append([result.name, figures.label, fixed(figures.cpuMilliseconds, 3), "\(figures.cpuTicks)",
                                       "\(figures.voluntary)", "\(figures.involuntary)", "\(figures.bytes)"])
            }
        }
        text += idleTable.rendered() + "\n"

        text += "First frame: from fork to the last byte of the first burst of output that puts the key line "
            + "(\"? help\" with \"q quit\"/\"q menu\") on the bottom row, a burst ending after "
            + "\(Int(Benchmark.frameQuiet * 1000)) ms without output. Bytes per key: everything written after the key "
            + "until \(Int(Benchmark.burstQuiet * 1000)) ms pass without output (moves: 100 ms). Key → reply: from writing the key "
            + "to the last byte of that burst, over every cursor move and action key of the session but the animations. "
            + "Animations: bytes from the key to the last byte of its burst, ÷ that time (a running clock: bytes over "
            + "the idle window ÷ its length). CPU: "
            + "/proc/PID/task/*/schedstat; wakeups: voluntary + involuntary context switches in /proc/PID/task/*/status.\n"

        text += "\nFork → first byte of output (ncurses entering full-screen mode), median ms: "
            + results.filter { !$0.firstBytes.isEmpty }.map { "\($0.name) \(fixed(median($0.firstBytes), 1))" }.joined(separator: ", ") + "\n"
        for result in results {
            if let first = result.moves.first {
                text += "\n\(result.name): one move wrote \(first.bytes) bytes: `\(first.sample)`"
            }
        }
        text += "\n"
        var shown: [String] = []
        let withMappings = results.filter { !$0.biggestMappings.isEmpty }
        for result in [withMappings.first, withMappings.max { ($0.peakRSSKB ?? 0) < ($1.peakRSSKB ?? 0) }].compactMap({ $0 })
        where !shown.contains(result.name) {
            shown.append(result.name)
            text += "\nResident memory of `\(result.name)` at the end of its session, by mapping (kB): "
                + result.biggestMappings.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + "\n"
        }
        for result in results where !result.notes.isEmpty {
            text += "\nNotes for \(result.name):\n" + result.notes.map { "- " + $0 }.joined(separator: "\n") + "\n"
        }
        text += "\nExit after the session (q/y rounds): " + results.map { "\($0.name): \($0.exitSummary)" }.joined(separator: "; ") + "\n"
        return text
    }

    /// The `--json` report: the run's settings, the targets, and each screen's figures.
    struct JSONReport: Encodable {
        struct Targets: Encodable {
            var firstFrameMs = Target.firstFrameMilliseconds
            var bytesPerMove = Target.bytesPerMove
            var idleCpuMs = 0
            var idleWakeups = 0
            var clockWakeupsPerSecond = Target.clockWakeupsPerSecond
            var peakRssMb = Target.peakRSSMegabytes
        }

        /// Launch → first complete frame, ms.
        struct FirstFrame: Encodable {
            var median: Double?
            var min: Double?
            var max: Double?
            var all: [Double]
            var failed: Int
            var firstByteMedian: Double?
        }

        struct Move: Encodable {
            var keys: String
            var bytes: [Int]
            var medianBytes: Double?
            var sample: String
        }

        /// Resident kB of one mapping (largest first).
        struct Mapping: Encodable {
            var mapping: String
            var kb: Int
        }

        struct Screen: Encodable {
            var screen: String
            var firstFrameMs: FirstFrame
            var move: Move?
            var actions: [BurstFigures]
            var idle: IdleFigures?
            var clock: IdleFigures?
            var resize: [BurstFigures]
            var keyReplyMs: Summary?
            var animations: [AnimationFigures]
            var peakRssKb: Int?
            var rssByMappingKb: [Mapping]
            var exit: String
            var notes: [String]

            init(_ result: ScreenResult) {
                screen = result.name
                firstFrameMs = FirstFrame(
                    median: result.launches.isEmpty ? nil : median(result.launches),
                    min: result.launches.min(), max: result.launches.max(), all: result.launches,
                    failed: result.failedLaunches,
                    firstByteMedian: result.firstBytes.isEmpty ? nil : median(result.firstBytes))
                move = result.moveLabel.map { label in
                    Move(keys: label, bytes: result.moveBytes,
                         medianBytes: result.moves.isEmpty ? nil : medianInt(result.moveBytes),
                         sample: result.moves.first?.sample ?? "")
                }
                actions = result.actions
                idle = result.idle
                clock = result.clock
                resize = result.resizes
                keyReplyMs = Summary(result.replyMilliseconds)
                animations = result.animations
                peakRssKb = result.peakRSSKB
                rssByMappingKb = result.biggestMappings.map { Mapping(mapping: $0.0, kb: $0.1) }
                exit = result.exitSummary
                notes = result.notes
            }
        }

        var binary: String
        var size = "100x30"
        var term = "xterm-256color"
        var backgroundQueryAnswered: Bool
        var launches: Int
        var idleSeconds: Double
        var loadAverage: String
        var machine: Machine
        var targets = Targets()
        var screens: [Screen]
    }

    func json() -> JSONReport {
        JSONReport(binary: binary, backgroundQueryAnswered: backgroundAnswered, launches: launches, idleSeconds: idleSeconds, loadAverage: load, machine: machine,
                   screens: results.map(JSONReport.Screen.init))
    }
}
