import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A program in a pseudo-terminal of its own, for the end-to-end tests: the harness's
/// `PtyProcess` (which reads every byte the program writes into a `VirtualTerminal`) with
/// waiting that never blocks a thread of the test runner, so sessions run side by side.
///
/// Each session has a private temporary folder: the program's working directory, `HOME`, and
/// `data/` its `XDG_DATA_HOME`, so no two sessions share anything on disk.
///
/// ```swift
/// let session = try PtySession.arcade()          // 80×24, TERM=xterm-256color
/// defer { session.close() }
/// #expect(await session.waitFor("ARCADE"))
/// session.sendKeys("Down", "Enter")
/// session.type("q")
/// #expect(await session.waitForExit() == 0)
/// session.expectRestored()
/// ```
///
/// Waiting is polling (every few milliseconds, `Task.sleep` between polls so other tests run
/// meanwhile) for a condition with a generous deadline; a timeout records a failure showing
/// the screen. Nothing here waits a fixed time.
///
/// **Job control.** The program leads a session of its own whose controlling terminal is the
/// pty, so `interactiveShell()` (bash with job control) can stop a program with Ctrl-Z and
/// bring it back with `fg`, as in a real terminal.
public final class PtySession: CustomStringConvertible {

    /// Where one of the program's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// The pty (the normal case).
        case terminal
        /// `/dev/null` (standard input only).
        case devNull
        /// A file in the session folder (read back with `standardOutput`/`standardError`).
        case file
    }

    /// How a session starts.
    public struct Configuration: Sendable {
        public var width: Int
        public var height: Int
        /// `TERM` for the program; nil unsets it.
        public var term: String?
        /// Sets `NO_COLOR=1` (otherwise it is removed from the environment).
        public var noColor: Bool
        /// Extra environment, winning over the defaults (`LANG=C.UTF-8`, `XDG_DATA_HOME`,
        /// `HOME`, `ARCADE_SOUND_CMD=true`: cues played by `true`, silently).
        public var environment: [String: String]
        /// Variables to remove, besides `LC_ALL`, `LC_CTYPE`, `NO_COLOR`, `COLUMNS`, `LINES`,
        /// `ESCDELAY` (always removed unless set in `environment`).
        public var unsetEnvironment: [String]
        public var standardInput: Stream
        public var standardOutput: Stream
        public var standardError: Stream
        /// The program's working directory (default: the session folder).
        public var workingDirectory: String?
        /// Files written into the session folder before the start (name → contents).
        public var files: [String: String]

        public init(
            width: Int = 80, height: Int = 24, term: String? = "xterm-256color", noColor: Bool = false,
            environment: [String: String] = [:], unsetEnvironment: [String] = [],
            standardInput: Stream = .terminal, standardOutput: Stream = .terminal,
            standardError: Stream = .terminal, workingDirectory: String? = nil,
            files: [String: String] = [:]
        ) {
            self.width = width
            self.height = height
            self.term = term
            self.noColor = noColor
            self.environment = environment
            self.unsetEnvironment = unsetEnvironment
            self.standardInput = standardInput
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.workingDirectory = workingDirectory
            self.files = files
        }
    }

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The command line (program and arguments).
    public let command: [String]
    public let configuration: Configuration
    /// The session's private folder (working directory, `HOME`, `data/`).
    public let directory: URL
    /// `XDG_DATA_HOME` for the program (unless the configuration sets another).
    public var dataHome: URL { directory.appendingPathComponent("data", isDirectory: true) }
    /// The program in its pty.
    public let process: PtyProcess
    /// The prompt of an `interactiveShell()`.
    public static let shellPrompt = "e2e$"
    var shellCounter = 0
    private var closed = false

    public var description: String {
        "PtySession(\(process.size.width)x\(process.size.height), \(command.joined(separator: " ")))"
    }

    /// Starts `command` (a program, looked up in `PATH` unless it holds a slash, and its
    /// arguments) in a fresh pty.
    public init(command: [String], configuration: Configuration = Configuration()) throws {
        guard let program = command.first else { throw StartError("empty command") }
        guard let path = TerminalProcess.which(program)?.path else { throw StartError("\(program) not found") }
        self.command = command
        self.configuration = configuration
        directory = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-e2e")
        do {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("data"),
                                                    withIntermediateDirectories: true)
            for (name, contents) in configuration.files {
                try contents.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            var redirecting: [Int32: String] = [:]
            if configuration.standardInput == .devNull { redirecting[0] = "/dev/null" }
            if configuration.standardOutput == .file { redirecting[1] = directory.appendingPathComponent("stdout").path }
            if configuration.standardError == .file { redirecting[2] = directory.appendingPathComponent("stderr").path }
            process = try PtyProcess(
                binary: path, arguments: Array(command.dropFirst()),
                environment: Self.environment(configuration, directory: directory),
                width: configuration.width, height: configuration.height,
                redirecting: redirecting, workingDirectory: configuration.workingDirectory ?? directory.path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit { close() }

    private static func environment(_ configuration: Configuration, directory: URL) -> [String] {
        var variables = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_CTYPE", "NO_COLOR", "COLUMNS", "LINES", "ESCDELAY", "TERM",
                     "TMUX", "TMUX_PANE"] + configuration.unsetEnvironment {
            variables.removeValue(forKey: name)
        }
        variables["LANG"] = "C.UTF-8"
        variables["HOME"] = directory.path
        variables["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        variables["ARCADE_SOUND_CMD"] = "true"
        if let term = configuration.term { variables["TERM"] = term }
        if configuration.noColor { variables["NO_COLOR"] = "1" }
        for (key, value) in configuration.environment { variables[key] = value }
        return variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// The `arcade` binary that `swift test` built, with `arguments`.
    public static func arcade(_ arguments: [String] = [], configuration: Configuration = Configuration()) throws -> PtySession {
        guard let binary = TerminalProcess.arcadeBinary() else {
            throw StartError("the arcade binary was not found beside the test runner; set ARCADE_BINARY to override")
        }
        return try PtySession(command: [binary.path] + arguments, configuration: configuration)
    }

    /// `bash --norc --noprofile -i` with job control and the prompt `shellPrompt`, readline's
    /// bracketed paste off (so the modes left at the prompt are the programs'), for tests that
    /// need a shell: Ctrl-Z and `fg`, typing a command.
    public static func interactiveShell(configuration: Configuration = Configuration()) throws -> PtySession {
        var configuration = configuration
        configuration.environment["PS1"] = shellPrompt + " "
        configuration.environment["PS2"] = "> "
        configuration.environment["HISTFILE"] = "/dev/null"
        configuration.environment["INPUTRC"] = "inputrc"
        configuration.files["inputrc"] = "set enable-bracketed-paste off\n"
        configuration.unsetEnvironment += ["PROMPT_COMMAND", "BASH_ENV", "ENV"]
        return try PtySession(command: ["bash", "--norc", "--noprofile", "-i"], configuration: configuration)
    }

    /// Ends the program and whatever it started that is still running (SIGKILL), and removes
    /// the session folder. Safe to call twice; `deinit` calls it too.
    public func close() {
        guard !closed else { return }
        closed = true
        if process.isRunning {
            for pid in ProcessTable.descendants(of: process.pid, including: false) { kill(pid, SIGKILL) }
            _ = process.kill9()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    // MARK: Screen

    /// The screen, one line per row, trailing blanks trimmed.
    public func lines() -> [String] {
        process.pump(timeout: 0)
        return process.terminal.lines().map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The screen's text, lines joined by line breaks.
    public func capture() -> String { lines().joined(separator: "\n") }

    /// The terminal model: modes (alternate screen, cursor, mouse), cursor position.
    public var terminal: VirtualTerminal {
        process.pump(timeout: 0)
        return process.terminal
    }

    public var width: Int { process.size.width }
    public var height: Int { process.size.height }

    /// Reads the program's output until `condition` holds or `timeout` passes; whether it held.
    public func poll(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
        await process.until(limit: Double(timeout.components.seconds), condition)
    }

    /// Waits until `condition` holds for the screen text; on timeout records a failure naming
    /// `description`, with the screen, and returns false.
    @discardableResult
    public func waitUntil(
        _ description: String, timeout: Duration = .seconds(30), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) async -> Bool {
        // The screen changes only with output (a resize too is followed by the redraw it
        // brings), so the condition is looked at again when bytes came, and otherwise only
        // every tenth of a second (for conditions on more than the screen: files, processes).
        var seen = -1
        var lookedAt = 0.0
        let held = await poll(timeout: timeout) {
            guard process.totalBytes != seen || monotonicNow() - lookedAt >= 0.1 else { return false }
            seen = process.totalBytes
            lookedAt = monotonicNow()
            return condition(capture())
        }
        if held { return true }
        if recordFailure {
            Issue.record(Comment(rawValue: "timed out after \(timeout) waiting for \(description)\n" + report()),
                         sourceLocation: sourceLocation)
        }
        return false
    }

    /// Waits until `text` is on screen (see `waitUntil`).
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(30), recordFailure: Bool = true,
                        sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await waitUntil("\"\(text)\" on screen", timeout: timeout, recordFailure: recordFailure,
                        sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until `text` is no longer on screen (see `waitUntil`).
    @discardableResult
    public func waitForAbsence(of text: String, timeout: Duration = .seconds(30),
                               sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await waitUntil("\"\(text)\" gone from screen", timeout: timeout, sourceLocation: sourceLocation) {
            !$0.contains(text)
        }
    }

    /// Waits until the program has read everything sent to it, sleeps (blocked reading or
    /// waiting) and writes nothing, for several samples in a row: use it before asserting
    /// that something did *not* happen.
    @discardableResult
    public func waitUntilIdle(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        var calm = 0
        var bytes = process.totalBytes
        let idle = await poll(timeout: timeout) {
            let asleep = ProcessTable.state(of: process.pid).map { $0 == "S" || $0 == "Z" } ?? true
            let quiet = process.totalBytes == bytes
            bytes = process.totalBytes
            calm = (process.pendingCount == 0 && (process.unreadInput ?? 0) == 0 && asleep && quiet) ? calm + 1 : 0
            return calm >= 5
        }
        if !idle {
            Issue.record(Comment(rawValue: "the program did not become idle within \(timeout)\n" + report()),
                         sourceLocation: sourceLocation)
        }
        return idle
    }

    /// Waits until the program has read every byte sent so far (silently false on timeout).
    @discardableResult
    public func waitForInputRead(timeout: Duration = .seconds(30)) async -> Bool {
        await poll(timeout: timeout) { process.pendingCount == 0 && (process.unreadInput ?? 0) == 0 }
    }

    /// `waitForInputRead` without leaving the thread: for the few milliseconds between the
    /// parts of a paste, which must not be cut by the test runner giving the thread to
    /// another test for longer than the arcade's half-second paste gap.
    @discardableResult
    public func waitForInputReadHere(timeout: Double = 10) -> Bool {
        let deadline = monotonicNow() + timeout
        while !(process.pendingCount == 0 && (process.unreadInput ?? 0) == 0) {
            if monotonicNow() >= deadline { return false }
            process.pump(timeout: 0.001)
        }
        return true
    }

    /// Tells the program its terminal is now `width`×`height` (SIGWINCH, as a window resized):
    /// whether the terminal took the size with the program still running.
    @discardableResult
    public func resize(width: Int, height: Int) -> Bool {
        process.pump(timeout: 0)  // what was written for the old size lands on the old size
        return process.resize(width: width, height: height) && process.isRunning
    }

    // MARK: Input

    /// Key names, sent in order (named as tmux names them): `Up`, `Down`, `Left`, `Right`, `Enter`,
    /// `Escape`, `Space`, `Tab`, `BTab`, `BSpace`, `Home`, `End`, `IC`, `DC`, `PageUp`,
    /// `PageDown`, `F1`…`F12`, `C-<letter>`. Anything else is typed as text.
    public func sendKeys(_ keys: String...) { sendKeys(keys) }

    public func sendKeys(_ keys: [String]) {
        let application = terminal.applicationCursorKeys
        process.send(keys.flatMap { Self.bytes(forKey: $0, applicationCursorKeys: application) })
    }

    /// The bytes xterm sends for a key: the cursor keys as `ESC [ A`…, or `ESC O A`… when the
    /// program switched application cursor keys on (the arcade leaves them off; a curses
    /// program calling `keypad` switches them on).
    public static func bytes(forKey key: String, applicationCursorKeys: Bool = false) -> [UInt8] {
        if applicationCursorKeys, let final = ["Up": "A", "Down": "B", "Right": "C", "Left": "D"][key] {
            return Array("\u{1B}O\(final)".utf8)
        }
        let named: [String: String] = [
            "Up": "\u{1B}[A", "Down": "\u{1B}[B", "Right": "\u{1B}[C", "Left": "\u{1B}[D",
            "Enter": "\r", "Escape": "\u{1B}", "Space": " ", "Tab": "\t", "BTab": "\u{1B}[Z", "BSpace": "\u{7F}",
            "Home": "\u{1B}[1~", "End": "\u{1B}[4~", "IC": "\u{1B}[2~", "DC": "\u{1B}[3~",
            "PageUp": "\u{1B}[5~", "PageDown": "\u{1B}[6~",
            "F1": "\u{1B}OP", "F2": "\u{1B}OQ", "F3": "\u{1B}OR", "F4": "\u{1B}OS", "F5": "\u{1B}[15~",
            "F6": "\u{1B}[17~", "F7": "\u{1B}[18~", "F8": "\u{1B}[19~", "F9": "\u{1B}[20~",
            "F10": "\u{1B}[21~", "F11": "\u{1B}[23~", "F12": "\u{1B}[24~",
        ]
        if let sequence = named[key] { return Array(sequence.utf8) }
        if key.hasPrefix("C-"), key.count == 3, let letter = key.last?.asciiValue, (0x61...0x7A).contains(letter | 0x20) {
            return [(letter | 0x20) - 0x60]
        }
        return Array(key.utf8)
    }

    /// Types `text` as it is.
    public func type(_ text: String) { process.send(text) }

    /// Writes raw bytes to the program's input.
    public func sendBytes(_ bytes: [UInt8]) { process.send(bytes) }
    public func sendBytes(_ text: String) { process.send(text) }

    /// A click at a cell (0-based), as a hand makes it: the press (SGR mouse report, as
    /// xterm-256color's `kmous` says), then, once the program has read it, the release.
    public func click(column: Int, row: Int, button: Int = 0) async {
        sendBytes("\u{1B}[<\(button);\(column + 1);\(row + 1)M")
        await waitForInputRead()
        sendBytes("\u{1B}[<\(button);\(column + 1);\(row + 1)m")
    }

    // MARK: Process

    public var programPID: pid_t { process.pid }

    /// Sends `signal` to the program only.
    @discardableResult
    public func signal(_ signal: Int32) -> Bool { kill(process.pid, signal) == 0 }

    /// The exit status once the program ended (the code, or 128 + the signal), else nil.
    public var exitStatus: Int32? { process.isRunning ? nil : process.exitStatus?.status }

    /// Waits for the program to end and for the last of its output, and returns its exit
    /// status (code, or 128 + signal); records a failure with the screen when it still runs
    /// at `timeout`.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async -> Int32? {
        guard await poll(timeout: timeout, { !process.isRunning }) else {
            Issue.record(Comment(rawValue: "the program did not exit within \(timeout)\n" + report()),
                         sourceLocation: sourceLocation)
            return nil
        }
        // What it wrote last may reach this side just after it ended: read until none comes.
        var empty = 0
        _ = await poll(timeout: .seconds(2)) {
            empty = process.pump(timeout: 0) == 0 ? empty + 1 : 0
            return empty >= 3
        }
        return process.exitStatus?.status
    }

    /// What the program wrote to standard output/error when that is `.file`.
    public var standardOutput: String { (try? String(contentsOfFile: path("stdout"), encoding: .utf8)) ?? "" }
    public var standardError: String { (try? String(contentsOfFile: path("stderr"), encoding: .utf8)) ?? "" }

    /// The pid of a live process started by this one whose name (`/proc/<pid>/comm`) is
    /// `name`, e.g. `"arcade"` started from an `interactiveShell()`.
    public func processID(named name: String) -> pid_t? {
        ProcessTable.descendants(of: process.pid, including: false).filter { ProcessTable.name(of: $0) == name }.max()
    }

    // MARK: The terminal given back

    /// Everything that shows the terminal was not given back as found: modes its output
    /// left on, termios changed, and, for a program that took the alternate screen, the
    /// sequences that leave it and show the cursor missing from its last bytes.
    public var restoreProblems: [String] {
        process.pump(timeout: 0)
        return RestoreCheck.check(process, expectOutput: process.terminal.alternateScreenEntries > 0).problems
    }

    /// Records a failure for each way the terminal is not restored (see `restoreProblems`).
    @discardableResult
    public func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let problems = restoreProblems
        for problem in problems {
            Issue.record(Comment(rawValue: "terminal not restored: \(problem)\n" + report()), sourceLocation: sourceLocation)
        }
        return problems.isEmpty
    }

    /// The session for a failure message: screen, modes, exit status, standard error.
    public func report() -> String {
        var text = "--- screen \(width)x\(height) (\(command.joined(separator: " ")))\n"
        for (index, line) in lines().enumerated() {
            text += (index < 10 ? " " : "") + "\(index)|" + line + "\n"
        }
        let terminal = process.terminal
        text += "--- terminal: alternate=\(terminal.alternateScreen) cursor=\(terminal.cursorVisible) "
            + "mouse=\(terminal.mouseModes.sorted()) termios restored=\(process.modesRestored.map(String.init) ?? "?")\n"
        text += "--- exit status: \(exitStatus.map(String.init) ?? "still running")\n"
        text += "--- last bytes: \(process.tailDescription)"
        if configuration.standardError == .file { text += "\n--- stderr:\n\(standardError)" }
        return text
    }
}
