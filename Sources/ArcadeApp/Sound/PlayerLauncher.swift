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

/// Starting audio players in the background, learning when they end, collecting them, and
/// ending the ones still running when the arcade exits.
///
/// The real one (`posix`) uses `posix_spawn`, `waitid` and `waitpid` on one pid at a time —
/// never `waitpid(-1)`, so it cannot steal the exit status of a child that other code is
/// waiting for — and `kill` on the player's process group. Tests inject fakes to script
/// what a player does.
///
/// Waiting and collecting are two steps so that a pid can never be reused under the
/// sound helper: until `reap` collects it, an ended player stays a zombie that keeps its
/// pid (and its process group's number), so `end` cannot hit some other process.
public struct PlayerLauncher: Sendable {
    /// Start `executable` with `arguments` (the first is the program's name) in the background
    /// with stdin, stdout and stderr on /dev/null; the child's pid, or nil if it could not start.
    public var spawn: @Sendable (_ executable: String, _ arguments: [String]) -> Int32?
    /// Block until child `pid` has ended and say how, without collecting it.
    public var waitForExit: @Sendable (_ pid: Int32) -> PlayerExit
    /// Collect child `pid`, which has ended, so that no zombie is left.
    public var reap: @Sendable (_ pid: Int32) -> Void
    /// End child `pid`, which has not been collected, and whatever it started.
    public var end: @Sendable (_ pid: Int32) -> Void

    /// A launcher from its operations (tests script them; the app uses `posix`).
    public init(spawn: @escaping @Sendable (String, [String]) -> Int32?,
                waitForExit: @escaping @Sendable (Int32) -> PlayerExit,
                reap: @escaping @Sendable (Int32) -> Void = { _ in },
                end: @escaping @Sendable (Int32) -> Void = { _ in }) {
        self.spawn = spawn
        self.waitForExit = waitForExit
        self.reap = reap
        self.end = end
    }

    /// Real processes: `posix_spawn` into a new session, `waitid`, `waitpid`, `kill`.
    public static let posix = PlayerLauncher(spawn: spawnInBackground, waitForExit: waitWithoutReaping,
                                             reap: reapChild, end: killSession)

    /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import.
    private static let setSessionFlag: Int32 = 0x80

    /// Start a player that can neither read the terminal nor write onto the screen.
    ///
    /// Its stdio goes to /dev/null and no other descriptor of the arcade's is left open in
    /// it (one of them may be the terminal). It leads a session of its own, so it has no
    /// controlling terminal — opening `/dev/tty` fails — and Ctrl-C, Ctrl-Z and a hang-up
    /// never reach it; it gets no blocked signals and every signal at its default action
    /// (the arcade catches SIGINT, SIGTERM, SIGHUP, SIGWINCH…; a player must not inherit that).
    private static func spawnInBackground(_ executable: String, _ arguments: [String]) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        for descriptor in openDescriptors() where descriptor > STDERR_FILENO {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { return nil }
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setSessionFlag))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        return result == 0 ? pid : nil
    }

    /// The descriptors open in this process, from `/proc/self/fd` (empty if it cannot be read).
    ///
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` would do, but Swift does not import it.
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor != own { descriptors.append(descriptor) }
        }
        return descriptors
    }

    /// `waitid(WEXITED | WNOWAIT)`: how the child ended, leaving it to be collected.
    private static func waitWithoutReaping(_ pid: Int32) -> PlayerExit {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            // Not our child (ECHILD): count it as a failed player.
            guard errno == EINTR else { return .exited(-1) }
        }
        let status = info._sifields._sigchld.si_status
        return info.si_code == CLD_EXITED ? .exited(status) : .signaled(status)
    }

    /// `waitpid(pid)` on a child that has ended: returns at once.
    private static func reapChild(_ pid: Int32) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// SIGKILL to the player's process group: it leads its session, so the group is its
    /// number, and holds whatever it started (a shell script's `sleep`, say).
    private static func killSession(_ pid: Int32) {
        kill(-pid, SIGKILL)
    }
}
