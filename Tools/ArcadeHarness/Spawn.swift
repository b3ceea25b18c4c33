import Glibc

/// Starting programs with `posix_spawn`, safe in a threaded process (the test runner) as a
/// `fork` is not.
public enum Spawn {
    /// The failure to start a program.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Starts `path` with every signal at its default and none blocked (the test runner blocks
    /// some and ignores SIGPIPE, and a child would inherit that), its descriptors set up by
    /// `actions`.
    ///
    /// `environment` holds `NAME=value` strings; `newSession` makes the child lead a session
    /// of its own (so a terminal opened by `actions` becomes its controlling terminal).
    public static func program(_ path: String, arguments: [String], environment: [String],
                               actions: inout posix_spawn_file_actions_t, newSession: Bool = false) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var blocked = signalSet(all: false)
        var reset = signalSet(all: true)
        posix_spawnattr_setsigmask(&attributes, &blocked)
        posix_spawnattr_setsigdefault(&attributes, &reset)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc), not imported into Swift
        posix_spawnattr_setflags(&attributes,
                                 Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setsid : 0)))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard error == 0 else { throw Failure("posix_spawn \(path): \(String(cString: strerror(error)))") }
        return pid
    }

    /// No signal, or every signal that can be caught (all but SIGKILL and SIGSTOP).
    private static func signalSet(all: Bool) -> sigset_t {
        var set = sigset_t()
        guard all else { sigemptyset(&set); return set }
        sigfillset(&set)
        for uncatchable in [SIGKILL, SIGSTOP] { sigdelset(&set, uncatchable) }
        return set
    }

    /// How a child that ended is reported, from its `wait` status: the exit code, or 128 + the
    /// signal that ended it.
    public static func exitStatus(fromWaitStatus status: Int32) -> ProcessExit {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: signal)
    }
}

/// How a program ended, as a shell reports it.
public struct ProcessExit: Equatable, Sendable, CustomStringConvertible {
    /// The exit code, or 128 + the signal that ended it.
    public var status: Int32
    /// Whether a signal ended it.
    public var signaled: Bool

    public init(status: Int32, signaled: Bool) { (self.status, self.signaled) = (status, signaled) }

    /// It exited with `code`.
    public static func exited(_ code: Int32) -> ProcessExit { ProcessExit(status: code, signaled: false) }

    /// `signal` ended it.
    public static func killed(by signal: Int32) -> ProcessExit { ProcessExit(status: 128 + signal, signaled: true) }

    public var description: String {
        signaled ? "killed by \(signalName(status - 128)) (status \(status))" : "exit status \(status)"
    }
}

/// How a child ended, with its resource use from `wait4`.
public struct ExitInfo: Sendable, CustomStringConvertible {
    public var exit: ProcessExit
    /// When it was reaped (monotonic seconds).
    public var time: Double
    /// User + system CPU seconds over the whole life of the process.
    public var cpuSeconds: Double
    public var voluntarySwitches: Int
    public var involuntarySwitches: Int
    /// Peak resident set size in kB.
    public var maxRSSKB: Int

    public var status: Int32 { exit.status }
    public var signaled: Bool { exit.signaled }
    public var description: String { exit.description }
}

/// The name of a signal.
public func signalName(_ number: Int32) -> String {
    switch number {
    case SIGHUP: return "SIGHUP"
    case SIGINT: return "SIGINT"
    case SIGQUIT: return "SIGQUIT"
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGABRT: return "SIGABRT"
    case SIGBUS: return "SIGBUS"
    case SIGFPE: return "SIGFPE"
    case SIGKILL: return "SIGKILL"
    case SIGSEGV: return "SIGSEGV"
    case SIGPIPE: return "SIGPIPE"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(number)"
    }
}
