import ArcadeCore
import ArcadeRecords
import ArcadeStore
import ArcadeTerminal
import ArcadeUI
import Glibc

/// The arcade as a program: parse the command line, take over the terminal, run the
/// shell, carry out its effects, and give the terminal back.
public enum Arcade {
    /// Run with `arguments` (without the program name); returns the exit status.
    public static func main(arguments: [String], environment: [String: String],
                            games: [GameInfo] = GameCatalog.games) -> Int32 {
        let request: CommandLineRequest
        do {
            request = try ArcadeCommandLine.parse(arguments, games: games)
        } catch {
            printError(error.description)
            return 2
        }
        let options: ArcadeOptions
        switch request {
        case .help:
            return printOutput(ArcadeCommandLine.usage(games: games), naming: "the help")
        case .version:
            return printOutput("arcade \(ArcadeCommandLine.version)", naming: "the version")
        case .statisticsJSON:
            let directory = ArcadeData.directory(environment: environment)
            do {
                let today = ArcadeData.localDay(Self.secondsSince1970()).dayNumber
                return printOutput(try StatisticsJSON.report(directory: directory, games: games,
                                                             player: ArcadeData.playerName(environment: environment),
                                                             today: today), naming: "the statistics")
            } catch {
                let store = (directory ?? "the data folder") + "/" + ArcadeStore.fileName
                printError("arcade: the statistics could not be read from \(store): \(error)")
                return 1
            }
        case .run(let parsed):
            options = parsed
        }

        let noColor = options.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
        let mute = options.mute || environment["ARCADE_SOUND"]?.lowercased() == "off"
        let dataDirectory = ArcadeData.directory(environment: environment)
        let player = ArcadeData.playerName(environment: environment)

        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(noColor: noColor, forceASCII: options.ascii, environment: environment)
        } catch {
            printError(error.description)
            return 2
        }

        // Only now, with the terminal ours, is anything on disk touched.
        let data = ArcadeData(directory: dataDirectory)
        let assets = AssetLocator(environment: environment)
        let overrides = SettingOverrides(options: options, environment: environment, mute: mute)
        var settings = data.settings()
        if settings.theme == nil && overrides.values[SettingKey.theme] == nil {
            // The first start: dark or light as the terminal's background is (COLORFGBG, or
            // the terminal asked), kept so it is asked once; the settings page changes it. No
            // answer (a slow link, a terminal that does not say) is dark for this run, and the
            // question is asked again next time.
            if let background = terminal.background(environment: environment) {
                let theme: ThemeName = background == .light ? .light : .dark
                settings[SettingKey.theme] = theme.rawValue
                try? data.remember(SettingKey.theme, theme.rawValue)
            }
        }
        let soundOff = mute || !overrides.applied(to: settings).soundOn
        var shell = ArcadeShell(games: games, scores: data.scores(for: games), saved: data.savedGames(),
                                notice: data.notice, assets: assets, dataDirectory: dataDirectory,
                                seed: { options.seed ?? SeededGenerator.randomSeed() }, now: Self.secondsSince1970,
                                instance: String(SeededGenerator.randomSeed(), radix: 36),
                                settings: settings,
                                learning: data.learning(player: player, today: ArcadeData.localDay(Self.secondsSince1970()).dayNumber),
                                history: { data.history(for: games, player: player) },
                                today: { ArcadeData.localDay(Self.secondsSince1970()) }, overrides: overrides)
        terminal.setLook(shell.look.theme, palette: shell.look.palette)

        let sound = SoundHelper.shared
        sound.configure(environment: environment, isMuted: soundOff)
        let network = SocketNetwork()
        let runtime = EffectRuntime(games: games, data: data, player: player, device: terminal, sound: sound,
                                    isMuted: soundOff, assets: assets, network: network)
        var frame: Frame { Frame(size: terminal.size, theme: terminal.theme) }
        var status = ExitStatus.success
        var quitAtOnce = false
        if options.statistics {
            _ = runtime.perform(.showStatistics, on: &shell, in: frame)
        }
        if let game = options.game {
            for effect in shell.open(game, options: options.gameOptions, in: frame) {
                if case .exit = runtime.perform(effect, on: &shell, in: frame) { quitAtOnce = true }
            }
        }
        if !quitAtOnce {
            status = RunLoop<ArcadeShell>(device: terminal, network: network).run(&shell) { effect, shell in
                runtime.performInBatch(effect, on: &shell, in: frame)
            } applied: { shell in
                runtime.applied(on: &shell, in: frame)
            }
        }
        // Every way out (q, Ctrl-C, a signal, input closed) passes here: end the players still
        // running first, so that none outlives the arcade even if leaving the game hangs.
        sound.endPlayers()
        // Leaving from inside a game (Ctrl-C, input closed, SIGTERM or SIGHUP) still keeps
        // what the game would keep, and the games the store could not take are tried once more,
        // waiting for another arcade's write within a budget that leaves a signal's second (then
        // the terminal is restored regardless) time to say what was lost.
        let unkept = runtime.quit(&shell)
        terminal.close()
        // What that last leave could not keep (a game lost with it) is said where the player
        // will still see it.
        for notice in unkept { printError("arcade: \(notice)") }
        let signal = terminal.pendingExitSignal  // read after close: one that came meanwhile counts
        if status == ExitStatus.inputClosed {
            printError("arcade: input closed; the game was left as it was")
        }
        // Ended by a signal: end by it too, as the shell expects (status 128 + n).
        if let signal { NcursesTerminal.end(bySignal: signal) }
        return status
    }

    /// The time now, in seconds since 1970 to the microsecond.
    static func secondsSince1970() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Write `text` and a newline to standard output: status 0, or 1 with a message on
    /// standard error naming `what` could not be written (`arcade --help >/dev/full`, a
    /// closed pipe).
    static func printOutput(_ text: String, naming what: String) -> Int32 {
        // A closed pipe (`arcade --help | true`) is a write error to report, not a SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, SIG_DFL) }
        var bytes = Array((text + "\n").utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = count < 0 ? String(cString: strerror(errno)) : "nothing was written"
                printError("arcade: could not write \(what) to standard output: \(reason)")
                return 1
            }
            bytes = bytes.dropFirst(count)
        }
        return 0
    }

    /// Write one line to standard error.
    static func printError(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
