import Foundation

/// Figures from `/proc/<pid>/status` of a running process (Linux).
public struct ProcessStatus: Sendable {
    /// Peak resident memory so far (`VmHWM`), in bytes.
    public var peakResidentBytes: Int
    /// Resident memory now (`VmRSS`), in bytes.
    public var residentBytes: Int
    /// Threads the process has (`Threads`).
    public var threads: Int

    /// The status of `pid`, or nil when it is gone or the file cannot be read.
    public init?(pid: pid_t) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let words = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let value = words.first.flatMap({ Int($0) }) else { continue }
            fields[String(parts[0])] = words.dropFirst().first == "kB" ? value * 1024 : value
        }
        guard let peak = fields["VmHWM"], let resident = fields["VmRSS"], let threads = fields["Threads"] else {
            return nil
        }
        peakResidentBytes = peak
        residentBytes = resident
        self.threads = threads
    }
}
