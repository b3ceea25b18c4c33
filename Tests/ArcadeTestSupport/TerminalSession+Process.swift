import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program in the session: its pid, signals, its exit and what it wrote to files.
extension TerminalSession {
    // MARK: Process

    /// The pid of the program (the wrapper's child, which `exec`s the command), once started.
    public var programPID: pid_t? {
        guard let text = try? String(contentsOfFile: path("pid"), encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits until the program has started and returns its pid.
    public func waitForProgramPID(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> pid_t? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let pid = programPID { return pid }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(Comment(rawValue: "the program never started\n" + report()), sourceLocation: sourceLocation)
        return nil
    }

    /// Sends `signal` (e.g. `SIGTERM`, `SIGHUP`, `SIGINT`) to the program only — not to the
    /// wrapper or the terminal's process group. Returns false when there was no program.
    @discardableResult
    public func signal(_ signal: Int32, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        guard let pid = await waitForProgramPID(sourceLocation: sourceLocation) else { return false }
        if kill(pid, signal) != 0 {
            Issue.record(Comment(rawValue: "kill(\(pid), \(signal)) failed: errno \(errno)"), sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// The program's exit status once it ended (code, or 128 + signal number), else nil.
    public var exitStatus: Int32? {
        guard let text = try? String(contentsOfFile: path("exit"), encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits for the program to end and returns its exit status (code, or 128 + signal);
    /// records a failure with the screen and returns nil when it is still running at `timeout`.
    @discardableResult
    public func waitForExit(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = exitStatus { return status }
            if ContinuousClock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(Comment(rawValue: "the program did not exit within \(timeout)\n" + report()),
                     sourceLocation: sourceLocation)
        return nil
    }

    /// What the program wrote to standard output when `standardOutput` is `.file`.
    public var standardOutput: String { (try? String(contentsOfFile: path("stdout"), encoding: .utf8)) ?? "" }
    /// What the program wrote to standard error when `standardError` is `.file`.
    public var standardError: String { (try? String(contentsOfFile: path("stderr"), encoding: .utf8)) ?? "" }

    /// Live processes started inside this pane (wrapper, program, their children...).
    public func paneProcesses() -> [pid_t: String] {
        guard let panePID = Int32(format("#{pane_pid}") ?? "") else { return [:] }
        var result: [pid_t: String] = [:]
        for pid in ProcessTable.descendants(of: panePID, including: true) {
            result[pid] = ProcessTable.name(of: pid) ?? "?"
        }
        return result
    }

    /// The pid of a live process of this pane whose name (`/proc/<pid>/comm`, at most 15
    /// characters) is `name`, e.g. `"arcade"` started from an `interactiveShell()`.
    public func processID(named name: String) -> pid_t? {
        paneProcesses().filter { $0.value == name }.keys.sorted().last
    }
}
