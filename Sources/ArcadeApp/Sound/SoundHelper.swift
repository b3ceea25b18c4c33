import ArcadeTerminal
import ArcadeUI
import Glibc
import Synchronization

/// What asking for a sound did, so the app knows whether to ring the bell instead.
public enum SoundResult: Equatable, Sendable {
    /// An audio player was started in the background.
    case played
    /// No working player (none found, a cue file missing, or the player failed before):
    /// the app should ring the terminal bell.
    case bell
    /// Sound is off (`--mute` or `ARCADE_SOUND=off`): nothing at all, not even the bell.
    case muted
    /// Several players are still running (a stuck player, or cues in a burst), or the arcade
    /// is exiting: this cue is dropped, without the bell.
    case skipped
}

/// Everything the sound helper depends on, injectable for tests.
public struct SoundSettings: Sendable {
    /// The variables that matter: `ARCADE_SOUND`, `ARCADE_SOUND_CMD`, `ARCADE_ASSETS`, `PATH`.
    public var environment: [String: String]
    /// `--mute`: silence everything.
    public var isMuted: Bool
    /// Where `Sounds/` is looked for.
    public var assets: AssetLocator
    /// The full path of the program `name` (taken as is when it holds a slash) found in
    /// `searchPath` (a `PATH` value), or nil.
    public var findExecutable: @Sendable (_ name: String, _ searchPath: String) -> String?
    /// How players are started and collected.
    public var launcher: PlayerLauncher

    /// Settings from `environment`; assets are looked for as the app looks for them unless given.
    public init(environment: [String: String], isMuted: Bool = false, assets: AssetLocator? = nil,
                findExecutable: @escaping @Sendable (String, String) -> String? = SoundSettings.searchPath,
                launcher: PlayerLauncher = .posix) {
        self.environment = environment
        self.isMuted = isMuted
        self.assets = assets ?? AssetLocator(environment: environment)
        self.findExecutable = findExecutable
        self.launcher = launcher
    }

    /// The players tried in order when `ARCADE_SOUND_CMD` is not set.
    public static let knownPlayers = ["paplay", "pw-play", "aplay", "afplay"]
    /// The search path used when `PATH` is not set.
    static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    /// Whether sound is off: `--mute`, or `ARCADE_SOUND=off` (any case).
    var isSilenced: Bool {
        isMuted || environment["ARCADE_SOUND"]?.lowercased() == "off"
    }

    /// The player command, as words, whose first word was found: `ARCADE_SOUND_CMD` split at
    /// blanks when set (no shell quoting), else the first known player on `PATH`; nil if none.
    /// The first word is replaced by its full path.
    func playerCommand() -> [String]? {
        let searchPath = environment["PATH"] ?? Self.defaultSearchPath
        if let custom = environment["ARCADE_SOUND_CMD"], !custom.allSatisfy(\.isWhitespace) {
            var words = custom.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let path = findExecutable(words[0], searchPath) else { return nil }
            words[0] = path
            return words
        }
        for name in Self.knownPlayers {
            if let path = findExecutable(name, searchPath) { return [path] }
        }
        return nil
    }

    /// The real `PATH` lookup: the first executable regular file named `name`.
    public static let searchPath: @Sendable (String, String) -> String? = { name, searchPath in
        /// Whether `path` is a regular file this process may execute.
        func isExecutableFile(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
        }
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = directory + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// The settings of this process: its environment (the four variables above) and `PATH`.
    static func fromProcess() -> SoundSettings {
        var environment: [String: String] = [:]
        for name in ["ARCADE_SOUND", "ARCADE_SOUND_CMD", "ARCADE_ASSETS", "PATH"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return SoundSettings(environment: environment)
    }
}

/// Plays the three sound cues through an audio player found on the system.
///
/// One shared instance (`SoundHelper.shared`) serves the app: the screens return
/// `.sound(cue)` effects and the app layer calls `play(_:)` (or the three named methods),
/// ringing the terminal bell when the result is `.bell`. The cues are looked up once, on
/// first use: `card-drawn.wav`, `hand-won.wav` and `hand-lost.wav` in the `Sounds/` assets,
/// each checked to be a readable WAV file.
///
/// A player runs in the background in a session of its own with its output on /dev/null,
/// never blocking and never reaching the screen (see `PlayerLauncher`). Each has a small
/// thread that waits for it to end and collects it at once, so no zombie is left while
/// the arcade sits idle. One that exited non-zero or was killed means the player does not
/// work here (no sound card, no sound server), and from then on every cue asks for the
/// bell. If none is found, or a cue file is missing, that cue asks for the bell too. When
/// the arcade exits, `endPlayers()` ends the players still running (a stuck one would
/// otherwise outlive it) and turns further cues away.
///
/// Concurrency: the helper is a `Sendable` final class whose only mutable state sits in a
/// `Synchronization.Mutex`, so `shared` is safe to reach from any thread under Swift 6
/// strict concurrency without `@unchecked`. A call holds the lock only while it spawns,
/// collects or signals (each returns at once), so it never blocks its caller for long.
public final class SoundHelper: Sendable {
    /// The app's one instance, set up from this process's environment; `configure` adds `--mute`.
    public static let shared = SoundHelper(settings: .fromProcess())

    /// At most this many players run at once; more cues meanwhile are dropped (`.skipped`).
    static let maximumRunningPlayers = 4
    /// The folder of the cue files among the assets.
    static let soundsFolder = "Sounds"

    /// The file name of each cue in `Sounds/`.
    static func fileName(of cue: SoundCue) -> String {
        switch cue {
        case .cardDrawn: "card-drawn.wav"
        case .handWon: "hand-won.wav"
        case .handLost: "hand-lost.wav"
        }
    }

    /// The mutable part: settings, what was found on first use, the players running.
    private struct State: Sendable {
        var settings: SoundSettings
        /// The player command and each cue's file, found on first use.
        var loaded: (command: [String]?, cues: [SoundCue: String])?
        /// Players started that have not been collected yet.
        var running: Set<Int32> = []
        /// Set when a player failed: no more players, the bell instead.
        var playerFailed = false
        /// Set by `endPlayers()`: the arcade is exiting, no more players.
        var isClosed = false
    }

    private let state: Mutex<State>

    /// A helper with its own settings (tests; the app uses `shared`).
    public init(settings: SoundSettings) {
        state = Mutex(State(settings: settings))
    }

    /// Replace the settings (the app's environment and `--mute`), before the first cue.
    ///
    /// The cues are looked up again on the next use; players already running are still collected.
    public func configure(environment: [String: String], isMuted: Bool) {
        state.withLock { state in
            let launcher = state.settings.launcher
            let findExecutable = state.settings.findExecutable
            state.settings = SoundSettings(environment: environment, isMuted: isMuted,
                                           findExecutable: findExecutable, launcher: launcher)
            state.loaded = nil
            state.playerFailed = false
        }
    }

    /// Switch every sound off or on (the settings page): on also overrides `ARCADE_SOUND=off`.
    public func setMuted(_ muted: Bool) {
        state.withLock { state in
            state.settings.isMuted = muted
            if !muted { state.settings.environment["ARCADE_SOUND"] = nil }
        }
    }

    /// The sound of a player card turned over.
    @discardableResult
    public func playDrawCardSound() -> SoundResult { play(.cardDrawn) }

    /// The sound of a won hand.
    @discardableResult
    public func playWinSound() -> SoundResult { play(.handWon) }

    /// The sound of a lost hand.
    @discardableResult
    public func playLoseSound() -> SoundResult { play(.handLost) }

    /// Start playing `cue` in the background, or say why not (see `SoundResult`).
    @discardableResult
    public func play(_ cue: SoundCue) -> SoundResult {
        state.withLock { state in
            guard !state.settings.isSilenced else { return .muted }
            guard !state.isClosed else { return .skipped }
            guard !state.playerFailed else { return .bell }
            let loaded = state.loaded ?? Self.load(state.settings)
            state.loaded = loaded
            guard let command = loaded.command, let file = loaded.cues[cue] else { return .bell }
            guard state.running.count < Self.maximumRunningPlayers else { return .skipped }
            let launcher = state.settings.launcher
            guard let pid = launcher.spawn(command[0], command + [file]) else {
                state.playerFailed = true
                return .bell
            }
            state.running.insert(pid)
            NcursesTerminal.trackChild(pid)
            let watching = startBackgroundThread(stackSize: 256 << 10) { [self] in
                let exit = launcher.waitForExit(pid)
                playerEnded(pid, exit, launcher: launcher)
            }
            if !watching {
                // Nothing would collect it: do not let it run.
                state.running.remove(pid)
                NcursesTerminal.forgetChild(pid)
                launcher.end(pid)
                _ = launcher.waitForExit(pid)
                launcher.reap(pid)
                return .bell
            }
            return .played
        }
    }

    /// How many players are running (started and not yet collected).
    public var runningPlayers: Int {
        state.withLock { $0.running.count }
    }

    /// Whether a player failed, so that every cue now asks for the bell.
    public var hasPlayerFailed: Bool {
        state.withLock { $0.playerFailed }
    }

    /// End every player still running, and what it started, and play no more: for the
    /// arcade's exit. Returns at once; the players' watchers collect them as they die.
    public func endPlayers() {
        state.withLock { state in
            state.isClosed = true
            for pid in state.running { state.settings.launcher.end(pid) }
        }
    }

    /// A player's watcher saw it end: forget it and collect it; one that failed turns the
    /// player off (unless the arcade ended it on the way out).
    private func playerEnded(_ pid: Int32, _ exit: PlayerExit, launcher: PlayerLauncher) {
        state.withLock { state in
            // Collected under the lock, after leaving `running`: `endPlayers` signals only
            // pids that are still this player's, never a reused one.
            state.running.remove(pid)
            NcursesTerminal.forgetChild(pid)
            launcher.reap(pid)
            if !exit.succeeded && !state.isClosed { state.playerFailed = true }
        }
    }

    /// Find the player command and the cue files (each a readable WAV file), once.
    private static func load(_ settings: SoundSettings) -> (command: [String]?, cues: [SoundCue: String]) {
        var cues: [SoundCue: String] = [:]
        if case .success(let folder) = settings.assets.folder(soundsFolder) {
            for cue in SoundCue.allCases {
                let path = folder.path + "/" + fileName(of: cue)
                if WAVFile(contentsOf: path, everyoneMayWrite: folder.everyoneMayWriteFiles) != nil { cues[cue] = path }
            }
        }
        return (settings.playerCommand(), cues)
    }
}
