import CArcadeShim
import Glibc

/// Starting an audio player that ends with the arcade however the arcade ends (`kill -9`
/// included), and takes whatever it started with it (C: `arcade_player_start`).
///
/// The pid returned is the player's watcher (`arcade-player` in `ps`): a small process that
/// starts the player in a process group of its own, kills that group when the player exits,
/// when the arcade is gone or when asked (`end`), and ends as the player ended (exit status;
/// 128 + n when a signal killed it).
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

    /// Have the watcher `pid` (not yet collected) kill its player and whatever the player
    /// started, then end; it is collected as any ended player is.
    public static func end(_ pid: Int32) {
        _ = arcade_player_end(pid)
    }
}
