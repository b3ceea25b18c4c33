import CArcadeShim
import Glibc

/// Starting an audio player that ends with the arcade however the arcade ends (`kill -9`
/// included), and takes whatever it started with it (C: `arcade_player_start`).
///
/// The pid returned is the player's watcher: a small process that leads the player's
/// session and process group, ends as the player ended (exit status; 128 + n when a signal
/// killed it), and kills the group once the arcade is gone. `kill(-pid, SIGKILL)` ends the
/// watcher, the player and what the player started.
public enum PlayerProcess {
    /// Start `executable` with `arguments` (the first is the program's name) and this
    /// process's environment, its standard streams on /dev/null and no other descriptor of
    /// the arcade's, in a session of its own (no terminal: Ctrl-C, Ctrl-Z and a hang-up never
    /// reach it), every signal at its default action. The watcher's pid, or nil when the
    /// player could not be started (its exec failing included).
    public static func start(_ executable: String, arguments: [String]) -> Int32? {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let pid = argv.withUnsafeMutableBufferPointer { arcade_player_start(executable, $0.baseAddress, environ) }
        return pid > 0 ? pid : nil
    }
}
