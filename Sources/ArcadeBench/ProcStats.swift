import Glibc

/// What /proc says about a process, summed over its threads.
struct ProcSample {
    /// CPU time on the processor (ns), from `/proc/PID/task/*/schedstat`.
    var cpuNanoseconds: UInt64 = 0
    /// utime + stime in clock ticks, from `/proc/PID/stat`.
    var cpuTicks: UInt64 = 0
    var voluntarySwitches: Int = 0
    var involuntarySwitches: Int = 0
    var threads: Int = 0
    var peakRSSKB: Int = 0
    var rssKB: Int = 0
    var state: String = "?"

    var wakeups: Int { voluntarySwitches + involuntarySwitches }

    static func read(_ pid: pid_t) -> ProcSample? {
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
            // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 13, let user = UInt64(fields[11]), let system = UInt64(fields[12]) {
                sample.cpuTicks = user + system
            }
        }
        return sample
    }

    /// What the process maps, largest resident first: (name, resident kB), from smaps.
    static func residentByMapping(_ pid: pid_t) -> [(String, Int)] {
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
let clockTicksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

/// The load average of the machine (1 minute), for the report.
func loadAverage() -> String {
    readText("/proc/loadavg")?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}
