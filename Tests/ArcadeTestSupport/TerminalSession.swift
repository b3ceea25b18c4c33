import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    public internal(set) var width: Int
    public internal(set) var height: Int
    let tmuxURL: URL
    let target = "e2e"
    var closed = false
    var shellCounter = 0

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
            ours = ProcessTable.descendants(of: panePID, including: true)
        }
        if let pid = programPID { ours.insert(pid) }
        _ = tmuxCommand(["kill-server"])
        // Processes of this pane normally die of the hangup; give them a moment, then insist.
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline, ours.contains(where: ProcessTable.isRunning) {
            usleep(10_000)
        }
        for pid in ours where ProcessTable.isRunning(pid) { kill(pid, SIGKILL) }
        if ProcessInfo.processInfo.environment["ARCADE_E2E_KEEP"] != "1" {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
