import ArcadeHarness

/// The goals of the comparison: what a player could notice, on the release build (the
/// arcade kept, as every start but the first finds its store, against CMD in the same run).
enum CompareGoal {
    static let firstFrameRatio = 2.5
    static let firstFrameMilliseconds = 10.0
    static let keyReplyRatio = 1.5
    static let peakRSSMegabytes = 16.0
}

struct CompareReport {
    var other: String
    var launches: Int
    var keysPerLaunch: Int
    var machine: Machine
    var results: [ContenderResult]
    /// What the kept data folder held after the launch that prepared it (path and bytes).
    var keptFiles: [String]
    /// Whether the pseudo-terminal answered the background colour query (OSC 11).
    var backgroundAnswered: Bool

    private func result(_ label: String) -> ContenderResult? { results.first { $0.contender.label == label } }
    private var fresh: ContenderResult? { result(Self.freshLabel) }
    private var kept: ContenderResult? { result(Self.keptLabel) }
    private var otherResult: ContenderResult? { results.first { !$0.contender.isArcade } }

    static let freshLabel = "arcade (fresh)"
    static let keptLabel = "arcade (kept)"

    /// a ÷ b of two medians (nan when either is missing or b is 0).
    private static func ratio(_ a: [Double], _ b: [Double]) -> Double {
        let (x, y) = (median(a), median(b))
        return x.isFinite && y.isFinite && y != 0 ? x / y : .nan
    }

    private static func spread(_ values: [Double], _ decimals: Int = 1) -> String {
        guard let low = values.min(), let high = values.max() else { return "–" }
        return "\(fixed(median(values), decimals)) (\(fixed(low, decimals))–\(fixed(high, decimals)))"
    }

    private static func medianMax(_ values: [Double], _ decimals: Int = 1) -> String {
        guard let high = values.max() else { return "–" }
        return "\(fixed(median(values), decimals)) (max \(fixed(high, decimals)))"
    }

    struct Goal: Encodable {
        var goal: String
        var measured: String
        var ok: Bool
    }

    var goals: [Goal] {
        guard let kept, let fresh, let other = otherResult else { return [] }
        let name = other.contender.label
        var goals: [Goal] = []
        let frameKept = Self.ratio(kept.frames, other.frames), frameFresh = Self.ratio(fresh.frames, other.frames)
        goals.append(Goal(goal: "first frame ≤ \(fixed(CompareGoal.firstFrameRatio, 1)) × \(name)",
                          measured: "kept \(fixed(frameKept, 2))×, fresh \(fixed(frameFresh, 2))×",
                          ok: frameKept <= CompareGoal.firstFrameRatio))
        let frameMilliseconds = median(kept.frames)
        goals.append(Goal(goal: "first frame < \(fixed(CompareGoal.firstFrameMilliseconds, 0)) ms",
                          measured: "kept \(fixed(frameMilliseconds, 2)) ms, fresh \(fixed(median(fresh.frames), 2)) ms",
                          ok: frameMilliseconds < CompareGoal.firstFrameMilliseconds))
        let replyKept = Self.ratio(kept.replyMilliseconds, other.replyMilliseconds)
        let replyFresh = Self.ratio(fresh.replyMilliseconds, other.replyMilliseconds)
        goals.append(Goal(goal: "key → reply (median) ≤ \(fixed(CompareGoal.keyReplyRatio, 1)) × \(name)",
                          measured: "kept \(fixed(replyKept, 2))×, fresh \(fixed(replyFresh, 2))×",
                          ok: replyKept <= CompareGoal.keyReplyRatio))
        let rss = median(kept.peakRSSMegabytes), rssFresh = median(fresh.peakRSSMegabytes)
        goals.append(Goal(goal: "peak RSS < \(fixed(CompareGoal.peakRSSMegabytes, 0)) MB",
                          measured: "kept \(fixed(rss, 2)) MB, fresh \(fixed(rssFresh, 2)) MB",
                          ok: max(rss, rssFresh) < CompareGoal.peakRSSMegabytes))
        return goals
    }

    func markdown() -> String {
        var text = "Arcade comparison — the arcade's menu against \(other), 100×30, TERM=xterm-256color, LANG=C.UTF-8, "
            + backgroundAnswer(backgroundAnswered) + ", "
            + "\(launches) launches each, interleaved, \(keysPerLaunch) keys per launch\n"
            + machine.header + "\n\n"

        var header = ["figure"] + results.map(\.contender.label)
        let otherIndex = results.firstIndex { !$0.contender.isArcade }
        if otherIndex != nil { header += ["kept ÷ other", "fresh ÷ other"] }
        var table = Table(header: header, rightAligned: Set(1..<header.count))

        func row(_ name: String, _ figure: (ContenderResult) -> String, ratioOf values: ((ContenderResult) -> [Double])? = nil) {
            var cells = [name] + results.map(figure)
            if let otherIndex {
                if let values, let kept, let fresh {
                    let other = values(results[otherIndex])
                    cells += [fixed(Self.ratio(values(kept), other), 2) + "×", fixed(Self.ratio(values(fresh), other), 2) + "×"]
                } else {
                    cells += ["", ""]
                }
            }
            table.rows.append(cells)
        }
        row("keys sent", { $0.contender.keyNames })
        row("first frame ms: median (range)", { Self.spread($0.frames, 2) }, ratioOf: \.frames)
        row("first burst put the key line on the bottom row", { "\($0.keyLines) of \($0.launches.count)" })
        row("screen unchanged from the first burst to the keys", { "\($0.wholeFrames) of \($0.launches.count)" })
        row("first burst bytes: median", { fixed(median($0.launches.map { Double($0.frameBytes) }), 0) })
        row("CPU ms at the end of the first frame: median (range)", { Self.spread($0.cpuMilliseconds, 2) }, ratioOf: \.cpuMilliseconds)
        row("minor page faults by then: median (range)", { Self.spread($0.minorFaults, 0) }, ratioOf: \.minorFaults)
        row("key → reply ms: median (max)", { Self.medianMax($0.replyMilliseconds, 3) }, ratioOf: \.replyMilliseconds)
        row("bytes per cursor move: median (max)", { Self.medianMax($0.replyBytes, 0) }, ratioOf: \.replyBytes)
        row("characters written per cursor move: median (max)", { Self.medianMax($0.replyGlyphs, 0) }, ratioOf: \.replyGlyphs)
        row("keys with no reply", { "\($0.unanswered) of \($0.launches.count * keysPerLaunch)" })
        row("peak RSS MB: median (range)", { Self.spread($0.peakRSSMegabytes, 2) }, ratioOf: \.peakRSSMegabytes)
        row("keypad mode (ESC O C arrows)", { $0.launches.first.map { $0.keypadMode ? "on" : "off" } ?? "–" })
        text += table.rendered() + "\n"

        var goalTable = Table(header: ["goal", "measured", ""])
        for goal in goals { goalTable.rows.append([goal.goal, goal.measured, mark(goal.ok)]) }
        if !goalTable.rows.isEmpty { text += goalTable.rendered() + "\n" }

        text += "First frame: from the spawn to the last byte of the first burst of output, a burst ending after "
            + "\(Int(Comparison.frameQuiet * 1000)) ms without output (one definition for every program; the key-line row "
            + "says whether that burst had drawn the arcade's key line, the next whether anything changed on screen in the "
            + "300 ms after it). CPU and faults: /proc/PID/task/*/schedstat "
            + "and minflt in /proc/PID/stat, read when the burst is over (50 ms after its last byte). Key → reply: once the output has been quiet "
            + "300 ms, each key is written and timed to the last byte of its reply, a reply ending after "
            + "\(Int(Comparison.replyQuiet * 1000)) ms without output; median and max over every key of every launch; "
            + "its bytes are the bytes per cursor move. Peak RSS: VmHWM in /proc/PID/status after the keys, before "
            + "quitting. fresh: every launch in a new empty XDG_DATA_HOME (the arcade creates its store); kept: "
            + "every launch in one folder an earlier launch prepared (its store created, with whatever that launch kept in it). Ratios are of medians.\n"

        text += "\nThe kept data folder, as the preparing launch left it: " + keptFiles.joined(separator: ", ") + "\n"
        for result in results {
            let exits = Set(result.launches.map(\.exit)).sorted()
            text += "\n\(result.contender.label) (\(result.contender.binary)"
                + (result.contender.arguments.isEmpty ? "" : " " + result.contender.arguments.joined(separator: " "))
                + "): exits: " + exits.joined(separator: "; ")
            if !result.failures.isEmpty { text += "; failed launches: " + result.failures.joined(separator: "; ") }
        }
        return text + "\n"
    }

    struct JSONReport: Encodable {
        struct Column: Encodable {
            var label: String
            var binary: String
            var arguments: [String]
            var keys: String
            var launches: Int
            var failures: [String]
            var firstFrameMs: Summary?
            var firstBurstHadKeyLine: Int
            var firstBurstWasWholeFrame: Int
            var firstFrameCpuMs: Summary?
            var firstFrameMinorFaults: Summary?
            var keyReplyMs: Summary?
            var bytesPerMove: Summary?
            var charactersPerMove: Summary?
            var keysWithoutReply: Int
            var peakRssMb: Summary?
            var exits: [String]

            init(_ result: ContenderResult) {
                label = result.contender.label
                binary = result.contender.binary
                arguments = result.contender.arguments
                keys = result.contender.keyNames
                launches = result.launches.count
                failures = result.failures
                firstFrameMs = Summary(result.frames)
                firstBurstHadKeyLine = result.keyLines
                firstBurstWasWholeFrame = result.wholeFrames
                firstFrameCpuMs = Summary(result.cpuMilliseconds)
                firstFrameMinorFaults = Summary(result.minorFaults)
                keyReplyMs = Summary(result.replyMilliseconds)
                bytesPerMove = Summary(result.replyBytes)
                charactersPerMove = Summary(result.replyGlyphs)
                keysWithoutReply = result.unanswered
                peakRssMb = Summary(result.peakRSSMegabytes)
                exits = Set(result.launches.map(\.exit)).sorted()
            }
        }

        var other: String
        var size = "100x30"
        var term = "xterm-256color"
        var backgroundQueryAnswered: Bool
        var launches: Int
        var keysPerLaunch: Int
        var machine: Machine
        var columns: [Column]
        var goals: [Goal]
        /// Medians of the arcade (kept and fresh) ÷ those of CMD.
        var ratios: [String: Double]
        var keptFiles: [String]
    }

    /// "first_frame_kept": kept ÷ other, and so on, for every figure with a ratio.
    private var ratios: [String: Double] {
        guard let kept, let fresh, let other = otherResult else { return [:] }
        let figures: [(String, (ContenderResult) -> [Double])] = [
            ("first_frame", \.frames), ("first_frame_cpu", \.cpuMilliseconds), ("minor_faults", \.minorFaults),
            ("key_reply", \.replyMilliseconds), ("bytes_per_move", \.replyBytes), ("peak_rss", \.peakRSSMegabytes),
        ]
        var ratios: [String: Double] = [:]
        for (name, values) in figures {
            ratios[name + "_kept"] = Self.ratio(values(kept), values(other))
            ratios[name + "_fresh"] = Self.ratio(values(fresh), values(other))
        }
        return ratios
    }

    func json() -> JSONReport {
        JSONReport(other: other, backgroundQueryAnswered: backgroundAnswered, launches: launches, keysPerLaunch: keysPerLaunch, machine: machine,
                   columns: results.map(JSONReport.Column.init), goals: goals, ratios: ratios, keptFiles: keptFiles)
    }
}
