import ArcadeTerminal
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
/// The real one (`posix`) uses `PlayerProcess` to start and end players, and `waitid` and
/// `waitpid` on one pid at a time — never `waitpid(-1)`, so it cannot steal the exit status
/// of a child that other code is waiting for. Tests inject fakes to script what a player does.
///
/// Waiting and collecting are two steps so that a pid can never be reused under the
/// sound helper: until `reap` collects it, an ended player stays a zombie that keeps its
/// pid, so `end` cannot signal some other process.
public struct PlayerLauncher: Sendable {
    /// Start `executable` with `arguments` (the first is the program's name) in the background
    /// with stdin, stdout and stderr on /dev/null; the pid of the child to wait for (with
    /// `posix`, the player's watcher), or nil if it could not start.
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

    /// Real processes: `PlayerProcess.start` (a player that ends with the arcade), `waitid`,
    /// `waitpid`, `PlayerProcess.end`.
    public static let posix = PlayerLauncher(spawn: spawnInBackground, waitForExit: waitWithoutReaping,
                                             reap: reapChild, end: PlayerProcess.end)

    /// Start a player that can neither read the terminal nor write onto the screen, and that
    /// ends, with whatever it started, when the arcade ends, `kill -9` included.
    ///
    /// Its stdio goes to /dev/null and no other descriptor of the arcade's is left open in
    /// it (one of them may be the terminal). It runs in a session of its own, so it has no
    /// controlling terminal — opening `/dev/tty` fails — and Ctrl-C, Ctrl-Z and a hang-up
    /// never reach it; it gets no blocked signals and every signal at its default action
    /// (the arcade catches SIGINT, SIGTERM, SIGHUP, SIGWINCH…; a player must not inherit that).
    /// The pid is that of the player's watcher, which ends as the player does (see
    /// `PlayerProcess`).
    private static func spawnInBackground(_ executable: String, _ arguments: [String]) -> Int32? {
        PlayerProcess.start(executable, arguments: arguments)
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
}
