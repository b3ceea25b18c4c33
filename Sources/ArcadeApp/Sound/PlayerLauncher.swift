import Glibc

/// How an audio player process ended, as far as the sound helper cares.
public enum PlayerExit: Equatable, Sendable {
    /// It exited with this status (0 means the sound played).
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)

    /// Whether the player did its job.
    public var succeeded: Bool { self == .exited(0) }
}

/// Starting audio players in the background and collecting them when they end.
///
/// The real one (`posix`) uses `posix_spawn` and `waitpid(pid, WNOHANG)` — one pid at a
/// time, never `waitpid(-1)`, so it cannot steal the exit status of a child that other
/// code is waiting for. Tests inject fakes to script what a player does.
public struct PlayerLauncher: Sendable {
    /// Start `executable` with `arguments` (the first is the program's name) in the background
    /// with stdin, stdout and stderr on /dev/null; the child's pid, or nil if it could not start.
    public var spawn: @Sendable (_ executable: String, _ arguments: [String]) -> Int32?
    /// Without blocking: how child `pid` ended (reaping it), or nil while it still runs.
    public var poll: @Sendable (_ pid: Int32) -> PlayerExit?

    /// A launcher from its two operations (tests script them; the app uses `posix`).
    public init(spawn: @escaping @Sendable (String, [String]) -> Int32?,
                poll: @escaping @Sendable (Int32) -> PlayerExit?) {
        self.spawn = spawn
        self.poll = poll
    }

    /// Real processes: `posix_spawn` and `waitpid` with `WNOHANG`.
    public static let posix = PlayerLauncher(spawn: spawnInBackground, poll: pollChild)

    /// Start a player that can neither read the terminal nor write onto the screen.
    ///
    /// Its stdio goes to /dev/null; it gets its own process group (so Ctrl-C and Ctrl-Z at
    /// the terminal never reach it), no blocked signals and default signal actions (the
    /// arcade catches SIGINT, SIGTERM, SIGHUP and SIGWINCH; a player must not inherit that).
    private static func spawnInBackground(_ executable: String, _ arguments: [String]) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { return nil }
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var caughtSignals = sigset_t()
        sigemptyset(&caughtSignals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGWINCH, SIGTSTP, SIGCHLD] {
            sigaddset(&caughtSignals, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &caughtSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        return result == 0 ? pid : nil
    }

    /// `waitpid(pid, WNOHANG)`: the child's end, or nil while it runs (or if it is not ours).
    private static func pollChild(_ pid: Int32) -> PlayerExit? {
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(pid, &status, WNOHANG)
        } while result < 0 && errno == EINTR
        if result == 0 { return nil }
        // Gone without a status we can read (ECHILD): count it as a failed player.
        guard result == pid else { return .exited(-1) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}
