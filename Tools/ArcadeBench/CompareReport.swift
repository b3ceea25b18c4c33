import ArcadeHarness

/// The goals of the comparison (issue 20): the arcade against another program and the floor.
enum CompareGoal {
    static let firstFrameRatio = 1.0
    static let keyReplyRatio = 1.0
    static let bytesPerMove = 17.0
    static let rssOverHello = 1.5
    /// The hello's peak RSS measured when the goal was set, for a run without the floor binary.
    static let helloMegabytes = 4.9
}

struct CompareReport {
    var other: String
    var launches: Int
    var keysPerLaunch: Int
    var machine: Machine
    var results: [ContenderResult]
    var hello: HelloFigures?
    /// What the kept data folder held after the launch that prepared it (path and bytes).
    var keptFiles: [String]
    /// Whether the pseudo-terminal answered the background colour query (OSC 11).
    var backgroundAnswered: Bool
    /// With --instructions: each program once under callgrind (the arcade kept, CMD, both floors).
    var instructions: [InstructionCount]?

    private func result(_ label: String) -> ContenderResult? { results.first { $0.contender.label == label } }
    private var fresh: ContenderResult? { result(Self.freshLabel) }
    private var kept: ContenderResult? { result(Self.keptLabel) }
    private var otherResult: ContenderResult? { results.first { !$0.contender.isArcade && !Self.isFloor($0.contender.label) } }

    static let freshLabel = "arcade (fresh)"
    static let keptLabel = "arcade (kept)"
    static let floorLabel = "floor"
    static let floorStoreLabel = "floor + store"
    static func isFloor(_ label: String) -> Bool { label == floorLabel || label == floorStoreLabel }

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

    /// The RSS goal in MB, and what it is 1.5 × of.
    private var rssGoal: (megabytes: Double, wording: String) {
        if let hello, !hello.peakRSSKB.isEmpty {
            let floor = hello.medianRSSMegabytes
            return (floor * CompareGoal.rssOverHello,
                    "≤ \(fixed(floor * CompareGoal.rssOverHello, 2)) MB (1.5 × hello \(fixed(floor, 2)) MB)")
        }
        let floor = CompareGoal.helloMegabytes
        return (floor * CompareGoal.rssOverHello, "≤ \(fixed(floor * CompareGoal.rssOverHello, 2)) MB (1.5 × \(fixed(floor, 1)) MB)")
    }

    struct Goal: Encodable {
        var goal: String
        var measured: String
        var ok: Bool
        /// The same figure for the floor programs of the same run: where it lies above the
        /// goal, no Swift ncurses program of the kind meets it here.
        var floor: String = ""
    }

    /// "floor 1.13×, floor + store 1.56×": the floors' medians over CMD's, for a goal's row.
    private func floorRatios(_ values: (ContenderResult) -> [Double], against other: ContenderResult) -> String {
        results.filter { Self.isFloor($0.contender.label) }
            .map { "\($0.contender.label) \(fixed(Self.ratio(values($0), values(other)), 2))×" }
            .joined(separator: ", ")
    }

    var goals: [Goal] {
        guard let kept, let fresh, let other = otherResult else { return [] }
        var goals: [Goal] = []
        let frameKept = Self.ratio(kept.frames, other.frames), frameFresh = Self.ratio(fresh.frames, other.frames)
        goals.append(Goal(goal: "first frame ≤ 1.0 × \(other.contender.label)",
                          measured: "kept \(fixed(frameKept, 2))×, fresh \(fixed(frameFresh, 2))×",
                          ok: frameKept <= CompareGoal.firstFrameRatio, floor: floorRatios(\.frames, against: other)))
        let replyKept = Self.ratio(kept.replyMilliseconds, other.replyMilliseconds)
        let replyFresh = Self.ratio(fresh.replyMilliseconds, other.replyMilliseconds)
        goals.append(Goal(goal: "key → reply (median) ≤ 1.0 × \(other.contender.label)",
                          measured: "kept \(fixed(replyKept, 2))×, fresh \(fixed(replyFresh, 2))×",
                          ok: replyKept <= CompareGoal.keyReplyRatio, floor: floorRatios(\.replyMilliseconds, against: other)))
        let bytes = kept.replyBytes
        goals.append(Goal(goal: "bytes per cursor move ≤ \(fixed(CompareGoal.bytesPerMove, 0)) (every move)",
                          measured: "kept median \(fixed(median(bytes), 0)), max \(fixed(bytes.max() ?? .nan, 0))",
                          ok: (bytes.max() ?? .infinity) <= CompareGoal.bytesPerMove,
                          floor: results.filter { $0.contender.label == Self.floorLabel }
                              .map { "floor \(fixed(median($0.replyBytes), 0)) (\(fixed(median($0.replyGlyphs), 0)) characters)" }
                              .joined()))
        let goal = rssGoal
        let rss = median(kept.peakRSSMegabytes)
        goals.append(Goal(goal: "peak RSS " + goal.wording,
                          measured: "kept \(fixed(rss, 2)) MB, fresh \(fixed(median(fresh.peakRSSMegabytes), 2)) MB",
                          ok: rss <= goal.megabytes))
        return goals
    }

    func markdown() -> String {
        var text = "Arcade comparison — the arcade's menu against \(other), 100×30, TERM=xterm-256color, LANG=C.UTF-8, "
            + backgroundAnswer(backgroundAnswered) + ", "
            + "\(launches) launches each, interleaved, \(keysPerLaunch) keys per launch\n"
            + machine.header + "\n\n"

        var header = ["figure"] + results.map(\.contender.label)
        let otherIndex = results.firstIndex { !$0.contender.isArcade && !Self.isFloor($0.contender.label) }
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

        if let hello, !hello.peakRSSKB.isEmpty {
            text += "Static Swift hello (`\(hello.program)`, \(hello.peakRSSKB.count) runs): peak RSS (VmHWM while "
                + "its write of \"hello\" at exit is held by a full pipe) \(Self.spread(hello.peakRSSKB.map { Double($0) / 1024 }, 2)) MB; "
                + "CPU (wait4 ru_utime + ru_stime) \(Self.spread(hello.cpuMilliseconds, 2)) ms; wait4's ru_maxrss "
                + "\(Self.spread(hello.waitMaxRSSKB.map { Double($0) / 1024 }, 2)) MB, which counts this bench's own RSS "
                + "(posix_spawn's vfork: exec keeps the parent memory's high-water mark).\n\n"
        } else {
            text += "No hello or floor binary (build them: make floor); "
                + "the RSS goal uses the hello's 4.9 MB measured before.\n\n"
        }

        if let instructions { text += instructionsMarkdown(instructions) }

        var goalTable = Table(header: ["goal", "measured", "", "the floors in the same run"])
        for goal in goals { goalTable.rows.append([goal.goal, goal.measured, mark(goal.ok), goal.floor]) }
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

    /// The callgrind counts, with each one's ratio to CMD's and to the floor's.
    private func instructionsMarkdown(_ counts: [InstructionCount]) -> String {
        let other = counts.first { $0.label == otherResult?.contender.label }
        let floor = counts.first { $0.label == Self.floorLabel }
        func millions(_ value: Double?) -> String { value.map { fixed($0 / 1e6, 3) + " M" } ?? "–" }
        func ratio(_ value: Double?, _ base: Double?) -> String {
            guard let value, let base, base > 0 else { return "–" }
            return fixed(value / base, 2) + "×"
        }
        var table = Table(header: ["instructions (callgrind, one launch each)", "exec → idle first frame", "per cursor key",
                                   "start ÷ other", "key ÷ other", "start ÷ floor", "key ÷ floor"],
                          rightAligned: Set(1..<7))
        for count in counts {
            let start = count.startInstructions.map(Double.init)
            table.rows.append([count.label, millions(start), millions(count.perKey),
                               ratio(start, other?.startInstructions.map(Double.init)), ratio(count.perKey, other?.perKey),
                               ratio(start, floor?.startInstructions.map(Double.init)), ratio(count.perKey, floor?.perKey)])
        }
        var text = table.rendered() + "\n"
        for count in counts where count.failure != nil { text += "\(count.label): \(count.failure ?? "")\n" }
        return text + "Instructions: valgrind --tool=callgrind on a copy of each binary without its debug sections, "
            + "the same terminal, environment and keys as above; the first count from exec until the program sat idle "
            + "1 s after its first frame, the second over \(counts.first?.keys ?? 0) cursor keys, each followed by "
            + "0.5 s without output. callgrind counts every iteration of a repeated string instruction (rep stos) as one, so "
            + "ncurses' clearing of its windows counts for more than its time.\n\n"
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
        var helloPeakRssKb: [Int]?
        var helloWait4MaxrssKb: [Int]?
        var helloCpuMs: [Double]?
        var goals: [Goal]
        /// Medians of the arcade (kept and fresh) ÷ those of CMD, and the RSS goal.
        var ratios: [String: Double]
        var rssGoalMb: Double
        var keptFiles: [String]
        var instructions: [InstructionCount]?
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
            // The floors' own, over CMD's: where they lie above a goal, no program of the kind meets it.
            for floor in results where Self.isFloor(floor.contender.label) {
                let suffix = floor.contender.label == Self.floorLabel ? "_floor" : "_floor_store"
                ratios[name + suffix] = Self.ratio(values(floor), values(other))
            }
        }
        return ratios
    }

    func json() -> JSONReport {
        JSONReport(other: other, backgroundQueryAnswered: backgroundAnswered, launches: launches, keysPerLaunch: keysPerLaunch, machine: machine,
                   columns: results.map(JSONReport.Column.init), helloPeakRssKb: hello?.peakRSSKB, helloWait4MaxrssKb: hello?.waitMaxRSSKB,
                   helloCpuMs: hello?.cpuMilliseconds, goals: goals, ratios: ratios, rssGoalMb: rssGoal.megabytes,
                   keptFiles: keptFiles, instructions: instructions)
    }
}
