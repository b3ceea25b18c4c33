import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real program in a real pseudo-terminal, driven through a private tmux server.
///
/// Each session starts its own tmux server on a unique socket (`tmux -L arcade-e2e-<random>`)
/// with a generated config instead of `-f /dev/null` (status line off, so the pane is exactly
/// `width`×`height` from the first moment; `remain-on-exit on`; nothing read from the user's
/// `~/.tmux.conf`; `window-size manual` is left out because it crashes tmux 3.3a's server at
/// `new-session` — `resize-window` switches to manual sizing by itself). tmux is started with
/// `posix_spawn`, all signals default and unblocked: the test runner's threads block SIGTERM,
/// and a tmux server inheriting that mask ignores `kill-server`. The program runs
/// inside a small `/bin/sh` wrapper in the pane that
///
/// 1. sets the environment (`TERM` — default `xterm-256color`, or unset —, `LANG=C.UTF-8`,
///    `XDG_DATA_HOME` in the session's private temp directory so tests never touch the real
///    score file, optional `NO_COLOR`, anything else you pass),
/// 2. records `stty -g` before the program starts,
/// 3. runs the program in the foreground (recording its pid: the wrapper's child `exec`s it),
/// 4. records `stty -g` after it ended, then its exit status (`$?`: the code, or 128 + signal),
/// 5. stays alive (`sleep`), so the pane — alternate-screen flag, cursor flag, mouse modes,
///    the text left on the normal screen — can still be inspected after the exit.
///
/// Typical use:
///
/// ```swift
/// let session = try TerminalSession.arcade()          // 80×24, TERM=xterm-256color
/// defer { session.close() }
/// #expect(await session.waitFor("ARCADE"))
/// session.sendKeys("Down", "Enter")
/// await session.click(column: 10, row: 7)
/// session.type("q")
/// #expect(await session.waitForExit() == 0)
/// session.expectRestored()
/// ```
///
/// Waiting is always polling (every ~20 ms) for a condition with a generous timeout; a timeout
/// records a test failure that shows the last captured screen and the terminal state.
///
/// **Mouse.** tmux cannot synthesise mouse events for a pane with `send-keys`, so `click`
/// writes the raw report the program would get from a terminal. ncurses decodes only the
/// format its terminfo `kmous` announces: `TERM=xterm-256color` has `kmous=\E[<` (SGR 1006,
/// `ESC [ < b ; x+1 ; y+1 M`/`m`); `tmux-256color`/`screen` have `kmous=\E[M` (X10,
/// `ESC [ M <32+b> <33+x> <33+y>`). `MouseEncoding.automatic` asks tmux whether the program
/// switched SGR mode on (`#{mouse_sgr_flag}`) and picks accordingly. `click` sends the press
/// and, once the program has read it, the release (as a hand would); see its `singleWrite`.
///
/// **Ctrl-Z.** A process in the wrapper's process group cannot be stopped by the terminal (its
/// group is orphaned); test suspend/resume with `interactiveShell()`, which runs
/// `bash --norc -i` with job control, and type the command into it.
public final class TerminalSession: CustomStringConvertible {

    // MARK: Configuration

    /// Where one of the program's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// The pane's terminal (the normal case).
        case terminal
        /// `/dev/null`.
        case devNull
        /// A file in the session directory (read it back with `standardOutput` /
        /// `standardError`); for standard input, an empty file.
        case file
    }

    /// How a session starts.
    public struct Configuration: Sendable {
        public var width: Int
        public var height: Int
        /// `TERM` for the program; `nil` unsets it.
        public var term: String?
        /// Sets `NO_COLOR=1` (otherwise `NO_COLOR` is removed from the environment).
        public var noColor: Bool
        /// Extra environment (wins over the defaults `LANG=C.UTF-8` and `XDG_DATA_HOME`).
        public var environment: [String: String]
        /// Variables to remove (in addition to `LC_ALL`, `LC_CTYPE`, `NO_COLOR`, `COLUMNS`,
        /// `LINES`, `ESCDELAY`, which are always removed unless set in `environment`).
        public var unsetEnvironment: [String]
        public var standardInput: Stream
        public var standardOutput: Stream
        public var standardError: Stream
        /// Working directory of the program (default: the session's temp directory).
        public var workingDirectory: String?
        /// Files written into the session's temp directory before the program starts
        /// (name → contents), e.g. a helper script run by a relative path.
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

    /// Errors that stop a session from starting.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// How `click` encodes a mouse report.
    public enum MouseEncoding: Sendable, Equatable {
        /// SGR when the program enabled SGR mode (`#{mouse_sgr_flag}`), X10 otherwise.
        case automatic
        /// `ESC [ < b ; x+1 ; y+1 M` (press) / `m` (release) — xterm-256color's `kmous`.
        case sgr
        /// `ESC [ M <32+b> <33+x> <33+y>`, release with b = 3 — tmux/screen `kmous`.
        case x10
    }

    // MARK: State

    /// The command line run in the pane (program and arguments).
    public let command: [String]
    public let configuration: Configuration
    /// The tmux socket name (`tmux -L <socketName>`): attach with it to watch a session.
    public let socketName: String
    /// Private temp directory holding the wrapper, its records and `data/` (`XDG_DATA_HOME`).
    public let directory: URL
    /// `XDG_DATA_HOME` for the program.
    public var dataHome: URL { directory.appendingPathComponent("data", isDirectory: true) }
    /// The prompt of an `interactiveShell()` session as captured (PS1 is this plus a space,
    /// which `capture-pane` trims).
    public static let shellPrompt = "e2e$"

    public private(set) var width: Int
    public private(set) var height: Int
    private let tmuxURL: URL
    private let target = "e2e"
    private var closed = false
    private var shellCounter = 0

    public var description: String {
        "TerminalSession(\(socketName), \(width)x\(height), \(command.joined(separator: " ")))"
    }

    // MARK: Starting

    /// Starts `command` (program plus arguments) in a fresh tmux server.
    public init(command: [String], configuration: Configuration = Configuration()) throws {
        guard !command.isEmpty else { throw StartError("empty command") }
        guard let tmux = TerminalProcess.which("tmux") else { throw StartError("tmux is not installed") }
        self.command = command
        self.configuration = configuration
        self.width = configuration.width
        self.height = configuration.height
        self.tmuxURL = tmux
        self.socketName = "arcade-e2e-\(getpid())-\(String(UInt64.random(in: 0 ... .max), radix: 36))"
        self.directory = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-e2e")
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        for (name, contents) in configuration.files {
            try contents.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try writeWrapper()
        try writeConfig()

        let result = tmuxCommand([
            "new-session", "-d", "-s", target,
            "-x", String(configuration.width), "-y", String(configuration.height),
            "/bin/sh", path("run.sh"),
        ])
        if result.status != 0 {
            closed = true
            try? FileManager.default.removeItem(at: directory)
            throw StartError("tmux new-session failed (\(result.status)): \(result.error)")
        }
    }

    deinit { close() }

    /// The `arcade` binary that `swift test` built, with `arguments`.
    public static func arcade(
        _ arguments: [String] = [], configuration: Configuration = Configuration()
    ) throws -> TerminalSession {
        guard let binary = TerminalProcess.arcadeBinary() else {
            throw StartError("the arcade binary was not found beside the test runner "
                             + "(\(CommandLine.arguments.first ?? "?")); set ARCADE_BINARY to override")
        }
        return try TerminalSession(command: [binary.path] + arguments, configuration: configuration)
    }

    /// `bash --norc --noprofile -i` with job control and the prompt `shellPrompt`
    /// (`e2e$`), for tests that need a shell: Ctrl-Z / `fg`, pipelines, typing a command.
    /// Use `runInShell`, `waitForShellPrompt`, `shellExitStatus` and `shellTermios` to drive
    /// it. Here `programPID`, `signal`, `waitForExit` and the `stty` records concern bash
    /// itself; find a program started from the shell with `processID(named:)`.
    public static func interactiveShell(configuration: Configuration = Configuration()) throws -> TerminalSession {
        var configuration = configuration
        configuration.environment["PS1"] = shellPrompt + " "
        configuration.environment["PS2"] = "> "
        configuration.environment["HISTFILE"] = "/dev/null"
        configuration.environment["INPUTRC"] = "/dev/null"
        configuration.unsetEnvironment += ["PROMPT_COMMAND", "BASH_ENV", "ENV"]
        let bash = TerminalProcess.which("bash")?.path ?? "/bin/bash"
        return try TerminalSession(command: [bash, "--norc", "--noprofile", "-i"], configuration: configuration)
    }

    /// Stops the session: kills its own tmux server (never another), any process it started
    /// that outlives the server, and removes its temp directory (kept when
    /// `ARCADE_E2E_KEEP=1`). Safe to call twice; `deinit` calls it too.
    public func close() {
        guard !closed else { return }
        closed = true
        var ours = Set<pid_t>()
        if let panePID = Int32(format("#{pane_pid}") ?? "") {
            ours = Self.descendants(of: panePID, including: true)
        }
        if let pid = programPID { ours.insert(pid) }
        _ = tmuxCommand(["kill-server"])
        // Processes of this pane normally die of the hangup; give them a moment, then insist.
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline, ours.contains(where: Self.isAlive) {
            usleep(10_000)
        }
        for pid in ours where Self.isAlive(pid) { kill(pid, SIGKILL) }
        if ProcessInfo.processInfo.environment["ARCADE_E2E_KEEP"] != "1" {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    // MARK: Input

    /// tmux key names, sent in order: `"Down"`, `"Enter"`, `"Escape"`, `"C-c"`, `"C-z"`,
    /// `"F5"`, `"IC"` (Insert), `"BSpace"`, `"Space"`, `"Tab"`, `"PageUp"`... A string that is
    /// not a key name is typed as text (prefer `type(_:)` for text).
    public func sendKeys(_ keys: String...) { sendKeys(keys) }

    /// tmux key names, sent in order (see `sendKeys(_:...)`).
    public func sendKeys(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        run(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (`send-keys -l`), as if pasted key by key.
    public func type(_ text: String) {
        guard !text.isEmpty else { return }
        run(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Writes raw bytes to the program's input in one go (`send-keys -H`): escape sequences,
    /// garbage, control bytes.
    public func sendBytes(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        run(["send-keys", "-t", target, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Writes the raw bytes of `text` (UTF-8) to the program's input (`sendBytes`).
    public func sendBytes(_ text: String) { sendBytes(Array(text.utf8)) }

    /// The encoding `click` would use now (resolves `.automatic` through tmux's view of the pane).
    public func resolvedMouseEncoding(_ encoding: MouseEncoding = .automatic) -> MouseEncoding {
        guard encoding == .automatic else { return encoding }
        return format("#{mouse_sgr_flag}") == "1" ? .sgr : .x10
    }

    /// A mouse press at a cell (0-based `column`, `row`); `button` 0 = left, 1 = middle, 2 = right.
    public func mousePress(column: Int, row: Int, button: Int = 0, encoding: MouseEncoding = .automatic) {
        sendBytes(Self.mouseReport(column: column, row: row, button: button, press: true,
                                   encoding: resolvedMouseEncoding(encoding)))
    }

    /// A mouse release at a cell (see `mousePress`).
    public func mouseRelease(column: Int, row: Int, button: Int = 0, encoding: MouseEncoding = .automatic) {
        sendBytes(Self.mouseReport(column: column, row: row, button: button, press: false,
                                   encoding: resolvedMouseEncoding(encoding)))
    }

    /// A click at a cell (0-based `column`, `row`), the way a person clicks: the press, then —
    /// once the program has read it — the release. With `singleWrite`, both reports go in one
    /// write (ncurses then merges them into one `BUTTON1_CLICKED` event, which a program
    /// whose `mousemask` lacks the CLICKED bits never sees).
    public func click(
        column: Int, row: Int, button: Int = 0, encoding: MouseEncoding = .automatic, singleWrite: Bool = false
    ) async {
        let resolved = resolvedMouseEncoding(encoding)
        let press = Self.mouseReport(column: column, row: row, button: button, press: true, encoding: resolved)
        let release = Self.mouseReport(column: column, row: row, button: button, press: false, encoding: resolved)
        if singleWrite {
            sendBytes(press + release)
            return
        }
        sendBytes(press)
        await waitForInputRead()
        sendBytes(release)
    }

    /// Waits (at most `timeout`) until no typed byte is left unread in the terminal's input
    /// queue — the program has read everything sent so far. Returns false on timeout, silently.
    @discardableResult
    public func waitForInputRead(timeout: Duration = .seconds(2)) async -> Bool {
        let tty = format("#{pane_tty}") ?? ""
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (Self.inputQueueLength(ttyPath: tty) ?? 0) == 0 { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// The bytes a terminal sends for one mouse press or release.
    public static func mouseReport(column: Int, row: Int, button: Int, press: Bool,
                                   encoding: MouseEncoding) -> [UInt8] {
        switch encoding {
        case .sgr, .automatic:
            return Array("\u{1B}[<\(button);\(column + 1);\(row + 1)\(press ? "M" : "m")".utf8)
        case .x10:
            let code = press ? button : 3
            return [0x1B, 0x5B, 0x4D, UInt8(clamping: 32 + code),
                    UInt8(clamping: 33 + column), UInt8(clamping: 33 + row)]
        }
    }

    // MARK: Screen

    /// The visible pane text, one line per row (trailing blanks trimmed by tmux);
    /// with `escapes`, including SGR attribute/colour sequences (`capture-pane -e`).
    public func capture(escapes: Bool = false) -> String {
        var arguments = ["capture-pane", "-p", "-t", target]
        if escapes { arguments.insert("-e", at: 2) }
        return tmuxCommand(arguments).output
    }

    /// The visible pane as exactly `height` lines.
    public func lines() -> [String] {
        var rows = capture().components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        if rows.count < height { rows += Array(repeating: "", count: height - rows.count) }
        return rows
    }

    /// The screen text with every run of blanks and line breaks folded into one space, for
    /// matching a message the program wrapped over several lines (narrow terminals).
    public static func flowed(_ screen: String) -> String {
        screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// Waits (polling every ~20 ms) until `text` is on screen. On timeout records a test
    /// failure showing the last screen (unless `recordFailure` is false) and returns false.
    @discardableResult
    public func waitFor(
        _ text: String, timeout: Duration = .seconds(5), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        await waitUntil("\"\(text)\" on screen", timeout: timeout, recordFailure: recordFailure,
                        sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until `text` is no longer on screen (see `waitFor`).
    @discardableResult
    public func waitForAbsence(
        of text: String, timeout: Duration = .seconds(5), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        await waitUntil("\"\(text)\" gone from screen", timeout: timeout, recordFailure: recordFailure,
                        sourceLocation: sourceLocation) { !$0.contains(text) }
    }

    /// Waits (polling every ~20 ms) until `condition` holds for the captured screen text.
    /// On timeout records a failure naming `description`, with the last screen.
    @discardableResult
    public func waitUntil(
        _ description: String, timeout: Duration = .seconds(5), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var screen = ""
        while true {
            screen = capture()
            if condition(screen) { return true }
            if ContinuousClock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        if recordFailure {
            Issue.record(Comment(rawValue: "timed out after \(timeout) waiting for \(description)\n"
                                 + report(screen: screen)),
                         sourceLocation: sourceLocation)
        }
        return false
    }

    /// Waits until the program has consumed all pending input and is asleep (blocked reading
    /// or waiting): the pane's input queue is empty and the process sleeps, for several
    /// consecutive samples. Use it before asserting that something did *not* happen.
    @discardableResult
    public func waitUntilIdle(
        timeout: Duration = .seconds(5), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var calm = 0
        let tty = format("#{pane_tty}") ?? ""
        while ContinuousClock.now < deadline {
            let queued = Self.inputQueueLength(ttyPath: tty) ?? 0
            let pid = programPID
            let sleeping = pid.map { Self.processState($0).map { $0 == "S" || $0 == "Z" } ?? true } ?? true
            calm = (queued == 0 && sleeping) ? calm + 1 : 0
            if calm >= 5 { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        if recordFailure {
            Issue.record(Comment(rawValue: "the program did not become idle within \(timeout)\n" + report()),
                         sourceLocation: sourceLocation)
        }
        return false
    }

    // MARK: Size

    /// Resizes the terminal (`resize-window`) and waits until the pane has the new size.
    @discardableResult
    public func resize(width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let result = tmuxCommand(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
        if result.status != 0 {
            Issue.record(Comment(rawValue: "tmux resize-window failed: \(result.error)"), sourceLocation: sourceLocation)
            return false
        }
        let wanted = "\(width)x\(height)"
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if format("#{pane_width}x#{pane_height}") == wanted {
                self.width = width
                self.height = height
                return true
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(Comment(rawValue: "the pane did not become \(wanted)\n" + report()), sourceLocation: sourceLocation)
        return false
    }

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
        for pid in Self.descendants(of: panePID, including: true) {
            result[pid] = Self.processName(pid) ?? "?"
        }
        return result
    }

    /// The pid of a live process of this pane whose name (`/proc/<pid>/comm`, at most 15
    /// characters) is `name`, e.g. `"arcade"` started from an `interactiveShell()`.
    public func processID(named name: String) -> pid_t? {
        paneProcesses().filter { $0.value == name }.keys.sorted().last
    }

    // MARK: Terminal state

    /// What tmux knows about the pane's modes, plus the wrapper's `stty -g` records.
    public struct TerminalState: Sendable, CustomStringConvertible {
        /// False when tmux could not be asked (server gone): the flags below are then unknown.
        public var queried: Bool
        public var alternateScreen: Bool
        public var cursorVisible: Bool
        public var mouseAny: Bool
        public var mouseStandard: Bool
        public var mouseButton: Bool
        public var mouseAll: Bool
        public var mouseSGR: Bool
        public var mouseUTF8: Bool
        /// Application cursor keys (`smkx`); informational, not part of `problems`.
        public var keypadCursor: Bool
        /// Application keypad; informational, not part of `problems`.
        public var keypad: Bool
        /// `stty -g` before the program started / after it ended (nil when not recorded yet).
        public var termiosBefore: String?
        public var termiosAfter: String?

        public var mouseReporting: Bool { mouseAny || mouseStandard || mouseButton || mouseAll || mouseSGR || mouseUTF8 }

        /// Everything that shows the terminal was not given back as it was found.
        public var problems: [String] {
            var problems: [String] = []
            if !queried { problems.append("tmux could not report the pane's modes") }
            if alternateScreen { problems.append("still on the alternate screen (alternate_on=1)") }
            if !cursorVisible { problems.append("cursor hidden (cursor_flag=0)") }
            if mouseReporting {
                problems.append("mouse reporting still on (any=\(mouseAny.bit) standard=\(mouseStandard.bit) "
                                + "button=\(mouseButton.bit) all=\(mouseAll.bit) sgr=\(mouseSGR.bit) utf8=\(mouseUTF8.bit))")
            }
            if let before = termiosBefore, let after = termiosAfter, before != after {
                problems.append("termios changed: stty -g before \(before), after \(after)")
            }
            return problems
        }

        public var isRestored: Bool { problems.isEmpty }

        public var description: String {
            (queried ? "" : "(tmux did not answer) ") + "alternate_on=\(alternateScreen.bit) cursor_flag=\(cursorVisible.bit) "
                + "mouse(any=\(mouseAny.bit) standard=\(mouseStandard.bit) button=\(mouseButton.bit) "
                + "all=\(mouseAll.bit) sgr=\(mouseSGR.bit) utf8=\(mouseUTF8.bit)) "
                + "keypad_cursor=\(keypadCursor.bit) keypad=\(keypad.bit) "
                + "stty before=\(termiosBefore ?? "-") after=\(termiosAfter ?? "-")"
        }
    }

    /// The pane's current modes and the termios records.
    public func terminalState() -> TerminalState {
        let names = ["alternate_on", "cursor_flag", "mouse_any_flag", "mouse_standard_flag", "mouse_button_flag",
                     "mouse_all_flag", "mouse_sgr_flag", "mouse_utf8_flag", "keypad_cursor_flag", "keypad_flag"]
        let answer = format(names.map { "#{\($0)}" }.joined(separator: " "))
        let values = (answer ?? "").split(separator: " ").map { $0 == "1" }
        func flag(_ index: Int) -> Bool { index < values.count ? values[index] : false }
        func record(_ name: String) -> String? {
            (try? String(contentsOfFile: path(name), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return TerminalState(
            queried: values.count == names.count,
            alternateScreen: flag(0), cursorVisible: flag(1),
            mouseAny: flag(2), mouseStandard: flag(3), mouseButton: flag(4), mouseAll: flag(5),
            mouseSGR: flag(6), mouseUTF8: flag(7), keypadCursor: flag(8), keypad: flag(9),
            termiosBefore: record("stty-before"), termiosAfter: exitStatus == nil ? nil : record("stty-after"))
    }

    /// Records a failure for each way the terminal is not restored (see
    /// `TerminalState.problems`): alternate screen left, cursor visible, mouse reporting off,
    /// termios as before. Call after the program exited. Returns true when restored.
    @discardableResult
    public func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let state = terminalState()
        let problems = state.problems
        for problem in problems {
            Issue.record(Comment(rawValue: "terminal not restored: \(problem)\n" + report()), sourceLocation: sourceLocation)
        }
        return problems.isEmpty
    }

    /// A multi-line account of the session for failure messages: screen, state, status, stderr.
    public func report(screen: String? = nil) -> String {
        let shown = screen ?? capture()
        var lines = shown.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var text = "--- screen \(width)x\(height) (\(command.joined(separator: " ")))\n"
        for (index, line) in lines.enumerated() {
            text += String(format: "%2d|", index) + line + "\n"
        }
        text += "--- terminal: \(terminalState())\n"
        text += "--- exit status: \(exitStatus.map(String.init) ?? "still running")"
        if configuration.standardError == .file { text += "\n--- stderr:\n\(standardError)" }
        return text
    }

    // MARK: Interactive shell helpers

    /// Waits until an `interactiveShell()` shows an empty prompt on its last non-blank line
    /// (the shell is ready for a command).
    @discardableResult
    public func waitForShellPrompt(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        await waitUntil("an empty shell prompt \"\(Self.shellPrompt)\"", timeout: timeout,
                        sourceLocation: sourceLocation) { screen in
            let last = screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return last?.trimmingCharacters(in: .whitespaces) == Self.shellPrompt
        }
    }

    /// Types a command line into an `interactiveShell()` and presses Enter.
    public func runInShell(_ commandLine: String) {
        type(commandLine)
        sendKeys("Enter")
    }

    /// In an `interactiveShell()`, the exit status of the last command (`echo $?`), or nil
    /// (with a recorded failure) when the shell does not answer in time.
    public func shellExitStatus(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Int32? {
        shellCounter += 1
        let marker = "E2E-STATUS-\(shellCounter)="
        runInShell("echo \"\(marker)$?\"")
        var found: Int32?
        _ = await waitUntil("the shell to print \(marker)<status>", timeout: timeout, sourceLocation: sourceLocation) { screen in
            for line in screen.components(separatedBy: "\n") {
                if let range = line.range(of: marker) {
                    let digits = line[range.upperBound...].prefix { $0.isNumber }
                    if let value = Int32(digits) { found = value; return true }
                }
            }
            return false
        }
        return found
    }

    /// In an `interactiveShell()`, the shell's current `stty -g`, or nil (with a recorded
    /// failure) when it does not answer in time.
    public func shellTermios(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String? {
        shellCounter += 1
        let file = path("shell-stty-\(shellCounter)")
        runInShell("stty -g > \(TerminalProcess.shellQuote(file + ".tmp")) && mv \(TerminalProcess.shellQuote(file + ".tmp")) \(TerminalProcess.shellQuote(file))")
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(Comment(rawValue: "the shell did not run stty\n" + report()), sourceLocation: sourceLocation)
        return nil
    }

    // MARK: tmux plumbing

    /// Expands a tmux format for the pane (`display-message -p`), e.g. `"#{cursor_flag}"`.
    public func format(_ format: String) -> String? {
        let result = tmuxCommand(["display-message", "-p", "-t", target, format])
        guard result.status == 0 else { return nil }
        return result.output.trimmingCharacters(in: .newlines)
    }

    /// Runs a tmux command against this session's server (`tmux -L <socketName> ...`).
    @discardableResult
    public func tmuxCommand(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let io = directory.appendingPathComponent("tmux-io", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
            let result = try TerminalProcess.runBlocking(
                tmuxURL, arguments: ["-L", socketName, "-f", path("tmux.conf")] + arguments,
                environment: ["TMUX": nil, "TMUX_PANE": nil], standardInput: .devNull,
                timeout: .seconds(10), directory: io)
            if result.timedOut { return (-1, result.stdout, "tmux timed out: \(result.stderr)") }
            return (result.status, result.stdout, result.stderr)
        } catch {
            return (-1, "", "could not run tmux: \(error)")
        }
    }

    private func run(_ arguments: [String]) {
        let result = tmuxCommand(arguments)
        if result.status != 0 {
            Issue.record(Comment(rawValue: "tmux \(arguments.joined(separator: " ")) failed: \(result.error)"))
        }
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func writeConfig() throws {
        // `window-size manual` in a config crashes tmux 3.3a's server at new-session;
        // resize-window switches the window to manual size by itself.
        let config = """
            set -g status off
            set -g remain-on-exit on
            set -g default-size \(configuration.width)x\(configuration.height)
            set -g history-limit 100
            set -g default-terminal tmux-256color
            set -g escape-time 0

            """
        try config.write(toFile: path("tmux.conf"), atomically: true, encoding: .utf8)
    }

    private func writeWrapper() throws {
        let q = TerminalProcess.shellQuote
        var environment: [String: String] = [
            "LANG": "C.UTF-8",
            "XDG_DATA_HOME": dataHome.path,
        ]
        if configuration.noColor { environment["NO_COLOR"] = "1" }
        for (key, value) in configuration.environment { environment[key] = value }
        let alwaysUnset = ["LC_ALL", "LC_CTYPE", "NO_COLOR", "COLUMNS", "LINES", "ESCDELAY"]
        let unset = (alwaysUnset + configuration.unsetEnvironment).filter { environment[$0] == nil && $0 != "TERM" }

        var script = "D=\(q(directory.path))\n"
        if !unset.isEmpty { script += "unset \(unset.joined(separator: " "))\n" }
        for key in environment.keys.sorted() where key != "TERM" {
            script += "export \(key)=\(q(environment[key]!))\n"
        }
        if let term = configuration.term {
            script += "export TERM=\(q(term))\n"
        } else {
            script += "unset TERM\n"
        }
        script += "cd \(q(configuration.workingDirectory ?? directory.path)) || exit 97\n"
        // A caught (not ignored) INT/QUIT keeps the wrapper alive if the terminal ever sends
        // them to the foreground group; exec resets caught signals, so the program gets defaults.
        script += "trap : INT QUIT\n"
        script += "stty -g >\"$D/stty-before\" 2>/dev/null\n"
        var redirections = ""
        switch configuration.standardInput {
        case .terminal: break
        case .devNull: redirections += " </dev/null"
        case .file: redirections += " <\"$D/stdin\""
        }
        switch configuration.standardOutput {
        case .terminal: break
        case .devNull: redirections += " >/dev/null"
        case .file: redirections += " >\"$D/stdout\""
        }
        switch configuration.standardError {
        case .terminal: break
        case .devNull: redirections += " 2>/dev/null"
        case .file: redirections += " 2>\"$D/stderr\""
        }
        if configuration.standardInput == .file {
            _ = FileManager.default.createFile(atPath: path("stdin"), contents: nil)
        }
        let words = command.map(q).joined(separator: " ")
        script += "/bin/sh -c 'echo $$ >\"$1/pid.tmp\" && mv \"$1/pid.tmp\" \"$1/pid\"; shift; exec \"$@\"' sh \"$D\" \(words)\(redirections)\n"
        script += "s=$?\n"
        script += "stty -g >\"$D/stty-after\" 2>/dev/null\n"
        script += "echo \"$s\" >\"$D/exit.tmp\" && mv \"$D/exit.tmp\" \"$D/exit\"\n"
        script += "exec sleep 86400\n"
        try script.write(toFile: path("run.sh"), atomically: true, encoding: .utf8)
    }

    // MARK: /proc helpers (Linux)

    private struct ProcStat {
        var pid: pid_t
        var name: String
        var state: Character
        var parent: pid_t
    }

    private static func stat(_ pid: pid_t) -> ProcStat? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        let name = String(text[text.index(after: open) ..< close])
        let rest = text[text.index(after: close)...].split(separator: " ")
        guard rest.count >= 2, let state = rest[0].first, let parent = pid_t(rest[1]) else { return nil }
        return ProcStat(pid: pid, name: name, state: state, parent: parent)
    }

    private static func allProcesses() -> [ProcStat] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { pid_t($0) }.compactMap { stat($0) }
    }

    static func descendants(of root: pid_t, including: Bool) -> Set<pid_t> {
        let table = allProcesses()
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

    static func isAlive(_ pid: pid_t) -> Bool {
        guard let state = processState(pid) else { return false }
        return state != "Z" && state != "X"
    }

    /// The state letter of a process from `/proc/<pid>/stat` (`R`, `S`, `T` stopped, `Z`...).
    public static func processState(_ pid: pid_t) -> Character? { stat(pid)?.state }

    /// The children of `parent` (zombies included) with their state letters.
    public static func children(of parent: pid_t) -> [pid_t: Character] {
        var result: [pid_t: Character] = [:]
        for entry in allProcesses() where entry.parent == parent { result[entry.pid] = entry.state }
        return result
    }

    /// Whether `pid` is running: it exists and is not a zombie.
    public static func isRunning(_ pid: pid_t) -> Bool { isAlive(pid) }

    static func processName(_ pid: pid_t) -> String? { stat(pid)?.name }

    /// Bytes typed into the terminal that no process has read yet (`FIONREAD` on the tty).
    static func inputQueueLength(ttyPath: String) -> Int? {
        guard !ttyPath.isEmpty else { return nil }
        let fd = open(ttyPath, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var count: Int32 = 0
        guard ioctl(fd, UInt(FIONREAD), &count) == 0 else { return nil }
        return Int(count)
    }
}

private extension Bool {
    var bit: Int { self ? 1 : 0 }
}
