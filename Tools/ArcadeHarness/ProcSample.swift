import Glibc

/// What /proc says about a process, summed over its threads.
public struct ProcSample: Sendable {
    /// CPU time on the processor (ns), from `/proc/PID/task/*/schedstat`.
    public var cpuNanoseconds: UInt64 = 0
    /// utime + stime in clock ticks, from `/proc/PID/stat`.
    public var cpuTicks: UInt64 = 0
    /// Minor page faults (pages mapped without reading a file), from `/proc/PID/stat`.
    public var minorFaults: Int = 0
    public var voluntarySwitches: Int = 0
    public var involuntarySwitches: Int = 0
    public var threads: Int = 0
    public var peakRSSKB: Int = 0
    public var rssKB: Int = 0
    public var state: String = "?"

    public var wakeups: Int { voluntarySwitches + involuntarySwitches }
    /// `peakRSSKB` in bytes.
    public var peakResidentBytes: Int { peakRSSKB * 1024 }

    public static func read(_ pid: pid_t) -> ProcSample? {
        guard let status = readText("/proc/\(pid)/status") else { return nil }
        var sample = ProcSample()
        for line in status.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            switch parts[0] {
            case "VmHWM": sample.peakRSSKB = Int(value) ?? 0
            case "VmRSS": sample.rssKB = Int(value) ?? 0
            case "Threads": sample.threads = Int(value) ?? 0
            case "State": sample.state = value
            default: break
            }
        }
        for task in listDirectory("/proc/\(pid)/task") {
            if let schedstat = readText("/proc/\(pid)/task/\(task)/schedstat"),
               let first = schedstat.split(separator: " ").first, let ns = UInt64(first) {
                sample.cpuNanoseconds += ns
            }
            if let taskStatus = readText("/proc/\(pid)/task/\(task)/status") {
                for line in taskStatus.split(separator: "\n") {
                    if line.hasPrefix("voluntary_ctxt_switches:") {
                        sample.voluntarySwitches += Int(line.split(separator: "\t").last ?? "") ?? 0
                    } else if line.hasPrefix("nonvoluntary_ctxt_switches:") {
                        sample.involuntarySwitches += Int(line.split(separator: "\t").last ?? "") ?? 0
                    }
                }
            }
        }
        if let stat = readText("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") {
            // Fields after "(comm)": state is field 3; minflt field 10; utime and stime 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 13, let user = UInt64(fields[11]), let system = UInt64(fields[12]) {
                sample.cpuTicks = user + system
            }
            if fields.count > 7, let faults = Int(fields[7]) { sample.minorFaults = faults }
        }
        return sample
    }

    /// What the process maps, largest resident first: (name, resident kB), from smaps.
    public static func residentByMapping(_ pid: pid_t) -> [(String, Int)] {
        guard let smaps = readText("/proc/\(pid)/smaps") else { return [] }
        var totals: [String: Int] = [:]
        var current = "?"
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 5 && fields[0].contains("-") && fields[1].count == 4 && !line.hasSuffix(":") {
                if fields.count >= 6 {
                    let path = fields[5...].joined(separator: " ")
                    current = path.split(separator: "/").last.map(String.init) ?? path
                } else {
                    current = "[anonymous]"
                }
            } else if line.hasPrefix("Rss:") {
                let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
                totals[current, default: 0] += Int(value ?? "") ?? 0
            }
        }
        return totals.sorted { $0.value > $1.value }.map { ($0.key, $0.value) }
    }
}

/// Clock ticks per second for `cpuTicks`.
public let clockTicksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

/// The load average of the machine (1 minute), for the report.
public func loadAverage() -> String {
    readText("/proc/loadavg")?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

/// The processes in /proc and how they are related (Linux), from `/proc/PID/stat`.
public enum ProcessTable {
    /// One process: its pid, name (`comm`, at most 15 characters), state letter and parent.
    public struct Entry: Sendable {
        public var pid: pid_t
        public var name: String
        public var state: Character
        public var parent: pid_t
    }

    /// The entry of `pid`, or nil when it is gone.
    public static func entry(_ pid: pid_t) -> Entry? {
        guard let text = readText("/proc/\(pid)/stat"),
              let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        let name = String(text[text.index(after: open) ..< close])
        let rest = text[text.index(after: close)...].split(separator: " ")
        guard rest.count >= 2, let state = rest[0].first, let parent = pid_t(rest[1]) else { return nil }
        return Entry(pid: pid, name: name, state: state, parent: parent)
    }

    /// Every process there is.
    public static func all() -> [Entry] {
        listDirectory("/proc").compactMap { pid_t($0) }.compactMap(entry)
    }

    /// The state letter of a process (`R`, `S`, `T` stopped, `Z` zombie…), nil when it is gone.
    public static func state(of pid: pid_t) -> Character? { entry(pid)?.state }

    /// The name of a process (`comm`), nil when it is gone.
    public static func name(of pid: pid_t) -> String? { entry(pid)?.name }

    /// Whether `pid` is running: it exists and is neither a zombie nor dead.
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = state(of: pid) else { return false }
        return state != "Z" && state != "X"
    }

    /// The children of `parent` (zombies included) with their state letters.
    public static func children(of parent: pid_t) -> [pid_t: Character] {
        var result: [pid_t: Character] = [:]
        for entry in all() where entry.parent == parent { result[entry.pid] = entry.state }
        return result
    }

    /// The processes descended from `root` (and `root` itself, when `including`).
    public static func descendants(of root: pid_t, including: Bool) -> Set<pid_t> {
        let table = all()
        var result: Set<pid_t> = including ? [root] : []
        var frontier = [root]
        while let parent = frontier.popLast() {
            for entry in table where entry.parent == parent && !result.contains(entry.pid) {
                result.insert(entry.pid)
                frontier.append(entry.pid)
            }
        }
        return result
    }
}
