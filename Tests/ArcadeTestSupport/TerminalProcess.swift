import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding the `arcade` binary that `swift test` built, and running programs with a timeout.
///
/// Tests never build anything themselves (SwiftPM's build lock would deadlock): they use the
/// debug binary that sits beside the test bundle, `.build/<triple>/debug/arcade`.
public enum TerminalProcess {

    /// The outcome of `run(_:arguments:...)`.
    public struct Result: Sendable, CustomStringConvertible {
        /// Exit status as a shell reports it: the exit code, or 128 + signal number.
        public var status: Int32
        /// True when the program was killed by a signal (`status` is then 128 + signal).
        public var killedBySignal: Bool
        /// True when the program did not finish in time and was killed by the harness.
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String

        public var description: String {
            "status \(status)\(killedBySignal ? " (signal)" : "")\(timedOut ? " TIMED OUT" : "")\n"
                + "--- stdout\n\(stdout)--- stderr\n\(stderr)---"
        }
    }

    /// Where standard input of a program run by `run` comes from.
    public enum StandardInput: Sendable {
        /// `/dev/null` (not a terminal).
        case devNull
        /// A pipe holding these bytes, then end of file (not a terminal).
        case text(String)
    }

    /// The debug `arcade` binary built by `swift test`, or nil when it cannot be found.
    ///
    /// Looks at `$ARCADE_BINARY`, then beside the test runner (`CommandLine.arguments[0]`,
    /// symlinks resolved), then beside `Bundle.main`.
    public static func arcadeBinary() -> URL? {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["ARCADE_BINARY"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        if let first = CommandLine.arguments.first, !first.isEmpty {
            let runner = URL(fileURLWithPath: first)
            candidates.append(runner.deletingLastPathComponent().appendingPathComponent("arcade"))
            let resolved = runner.resolvingSymlinksInPath()
            candidates.append(resolved.deletingLastPathComponent().appendingPathComponent("arcade"))
            // macOS-style bundles: .../debug/X.xctest/Contents/MacOS/X
            candidates.append(resolved.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("arcade"))
        }
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("arcade"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("arcade"))
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("arcade"))
        }
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fileManager.isExecutableFile(atPath: candidate.path) {
                return candidate.standardizedFileURL
            }
        }
        return nil
    }

    /// The `arcade` binary, or a recorded test failure (and nil) when it is missing.
    public static func requireArcadeBinary(sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        if let url = arcadeBinary() { return url }
        let message = "the arcade binary was not found beside the test runner "
            + "(\(CommandLine.arguments.first ?? "?")); `swift test` builds it, or set ARCADE_BINARY"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return nil
    }

    /// Looks a program up in `$PATH` (or takes it as is when it contains a slash).
    public static func which(_ name: String) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs a program without a terminal (stdin from `/dev/null` or a file holding the text,
    /// stdout and stderr captured through files), waiting at most `timeout`. A program still
    /// running then is killed (SIGKILL) and reported with `timedOut == true` — it never hangs
    /// the test.
    ///
    /// `environment` entries are added to (and override) the test process's environment;
    /// a `nil` value removes the variable.
    public static func run(
        _ executable: URL, arguments: [String] = [],
        environment: [String: String?] = [:],
        standardInput: StandardInput = .devNull,
        timeout: Duration = .seconds(10)
    ) async throws -> Result {
        let directory = try makeTemporaryDirectory(prefix: "arcade-run")
        defer { try? FileManager.default.removeItem(at: directory) }
        var child = try Child(executable, arguments: arguments, environment: environment,
                              standardInput: standardInput, directory: directory, timeout: timeout)
        while !child.isFinished() {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return child.result
    }

    /// `run` without `async`, polling with `usleep`: for short commands (probes) and
    /// for places that cannot await (static initialisers, `deinit`).
    public static func runBlocking(
        _ executable: URL, arguments: [String] = [],
        environment: [String: String?] = [:],
        standardInput: StandardInput = .devNull,
        timeout: Duration = .seconds(10)
    ) throws -> Result {
        let directory = try makeTemporaryDirectory(prefix: "arcade-run")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try runBlocking(executable, arguments: arguments, environment: environment,
                               standardInput: standardInput, timeout: timeout, directory: directory)
    }

    /// `runBlocking` using `directory` (which must exist) for its capture files.
    static func runBlocking(
        _ executable: URL, arguments: [String], environment: [String: String?],
        standardInput: StandardInput, timeout: Duration, directory: URL
    ) throws -> Result {
        var child = try Child(executable, arguments: arguments, environment: environment,
                              standardInput: standardInput, directory: directory, timeout: timeout)
        var pause: useconds_t = 200
        while !child.isFinished() {
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        return child.result
    }

    /// A program started by `run` or `runBlocking`, until it ends or its time is up.
    private struct Child {
        let pid: pid_t
        let files: CaptureFiles
        let deadline: ContinuousClock.Instant
        var outcome: ProcessExit?
        var timedOut = false

        init(_ executable: URL, arguments: [String], environment: [String: String?],
             standardInput: StandardInput, directory: URL, timeout: Duration) throws {
            (pid, files) = try TerminalProcess.start(executable, arguments: arguments, environment: environment,
                                     standardInput: standardInput, directory: directory)
            deadline = ContinuousClock.now + timeout
        }

        /// Whether it has ended (killing it, SIGKILL, when its time is up).
        mutating func isFinished() -> Bool {
            if outcome == nil { outcome = TerminalProcess.reap(pid) }
            if outcome == nil && ContinuousClock.now >= deadline {
                timedOut = true
                kill(pid, SIGKILL)
                outcome = TerminalProcess.reap(pid, blocking: true)
            }
            return outcome != nil
        }

        var result: Result {
            let outcome = outcome ?? .exited(0)
            return Result(status: outcome.status, killedBySignal: outcome.signaled, timedOut: timedOut,
                          stdout: (try? String(contentsOfFile: files.stdout, encoding: .utf8)) ?? "",
                          stderr: (try? String(contentsOfFile: files.stderr, encoding: .utf8)) ?? "")
        }
    }

    private struct CaptureFiles {
        var stdout: String
        var stderr: String
    }

    /// Starts a program with `posix_spawn`: every signal at its default action and none
    /// blocked (the test runner's threads block signals and ignore SIGPIPE; a program —
    /// notably one that stops itself with SIGTERM — must not inherit that),
    /// stdout and stderr into files of `directory`.
    private static func start(
        _ executable: URL, arguments: [String], environment: [String: String?],
        standardInput: StandardInput, directory: URL
    ) throws -> (pid_t, CaptureFiles) {
        let files = CaptureFiles(stdout: directory.appendingPathComponent("stdout").path,
                                 stderr: directory.appendingPathComponent("stderr").path)
        var inputPath = "/dev/null"
        if case .text(let text) = standardInput {
            inputPath = directory.appendingPathComponent("stdin").path
            try text.write(toFile: inputPath, atomically: false, encoding: .utf8)
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment {
            if let value { env[key] = value } else { env.removeValue(forKey: key) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, files.stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, files.stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let pid = try Spawn.program(executable.path, arguments: arguments,
                                    environment: env.map { "\($0.key)=\($0.value)" }, actions: &actions)
        return (pid, files)
    }

    /// How `pid` ended, or nil while it runs.
    private static func reap(_ pid: pid_t, blocking: Bool = false) -> ProcessExit? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { break }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            return .exited(-1)  // not our child any more: should not happen
        }
        return Spawn.exitStatus(fromWaitStatus: status)
    }

    /// A fresh, empty, private directory under the system temporary directory.
    public static func makeTemporaryDirectory(prefix: String) throws -> URL {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        let url = base.appendingPathComponent("\(prefix)-\(getpid())-\(UInt32.random(in: 0 ... .max))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return url
    }

    /// Single-quotes a word for `/bin/sh`.
    public static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
