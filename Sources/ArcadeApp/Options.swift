import ArcadeUI

/// What the command line asked for.
public enum CommandLineRequest: Equatable, Sendable {
    case run(ArcadeOptions)
    /// `arcade stats --json`: print every game's statistics as JSON, without a terminal.
    case statisticsJSON
    case help
    case version
}

/// Options for a run of the arcade.
public struct ArcadeOptions: Equatable, Sendable {
    /// Open this game directly instead of the menu.
    public var game: GameID?
    /// The game's own options (`--deck DIR` → `["--deck": "DIR"]`).
    public var gameOptions: [String: String] = [:]
    /// Replay a game exactly (`--seed N`).
    public var seed: UInt64?
    public var noColor = false
    public var ascii = false
    public var mute = false
    /// Open the statistics page instead of the menu (`arcade stats`).
    public var statistics = false
    /// `--theme`: this run's theme, over the one kept in the settings.
    public var theme: ThemeName?
    /// `--palette`: this run's palette, over the one kept.
    public var palette: PaletteName?
    /// `--cursor`: the terminal's cursor follows focus this run.
    public var cursor = false

    public init(game: GameID? = nil, gameOptions: [String: String] = [:], seed: UInt64? = nil,
                noColor: Bool = false, ascii: Bool = false, mute: Bool = false, statistics: Bool = false) {
        self.statistics = statistics
        self.game = game
        self.gameOptions = gameOptions
        self.seed = seed
        self.noColor = noColor
        self.ascii = ascii
        self.mute = mute
    }
}

/// A command line the arcade cannot run; the message names what is valid.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var message: String

    public var description: String { "arcade: \(message)\nTry 'arcade --help'." }
}

/// The command-line grammar: `arcade [GAME [GAME OPTIONS] | stats [--json]] [--seed N] [--no-color] [--ascii] [--mute] [--help] [--version]`.
public enum ArcadeCommandLine {
    public static let version = "0.1.0"

    /// The options that are switches, never followed by a value.
    static let flags: Set<String> = ["--help", "--version", "--no-color", "--no-colour", "--ascii", "--mute", "--json",
                                     "--cursor"]

    /// Parse `arguments` (without the program name) against the games that exist.
    public static func parse(_ arguments: [String], games: [GameInfo]) throws(UsageError) -> CommandLineRequest {
        var options = ArcadeOptions()
        var gameInfo: GameInfo?
        var json = false
        var index = 0

        func value(for name: String, inline: String?) throws(UsageError) -> String {
            if let inline {
                guard !inline.isEmpty else { throw UsageError(message: "\(name) needs a value") }
                return inline
            }
            index += 1
            // An empty word (`--deck ''`) is no value, as `--deck=` is not.
            guard index < arguments.count, !arguments[index].isEmpty else { throw UsageError(message: "\(name) needs a value") }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = argument.hasPrefix("--") ? parts[0] : argument
            let inline = argument.hasPrefix("--") && parts.count == 2 ? parts[1] : nil
            if inline != nil && Self.flags.contains(name) {
                throw UsageError(message: "\(name) takes no value")
            }
            switch name {
            case "--help", "-h":
                return .help
            case "--version", "-V":
                return .version
            case "--no-color", "--no-colour":
                options.noColor = true
            case "--ascii":
                options.ascii = true
            case "--mute":
                options.mute = true
            case "--cursor":
                options.cursor = true
            case "--theme":
                let text = try value(for: "--theme", inline: inline)
                guard let theme = ThemeName(rawValue: text) else {
                    throw UsageError(message: "--theme needs one of \(ThemeName.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text.escapedForMessage())'")
                }
                options.theme = theme
            case "--palette":
                let text = try value(for: "--palette", inline: inline)
                guard let palette = PaletteName(rawValue: text) else {
                    throw UsageError(message: "--palette needs one of \(PaletteName.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text.escapedForMessage())'")
                }
                options.palette = palette
            case "--json" where options.statistics:
                json = true
            case "--seed":
                let text = try value(for: "--seed", inline: inline)
                // Decimal digits only: `UInt64("+5")` would take the sign.
                guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                      let seed = UInt64(text) else {
                    throw UsageError(message: "--seed needs a whole number from 0 to \(UInt64.max), not '\(text.escapedForMessage())'")
                }
                options.seed = seed
            default:
                if let gameInfo, let option = gameInfo.options.first(where: { $0.name == name }) {
                    if option.isFlag {
                        guard inline == nil else { throw UsageError(message: "\(name) takes no value") }
                        options.gameOptions[option.name] = ""
                    } else {
                        let text = try value(for: option.name, inline: inline)
                        if !option.choices.isEmpty && !option.choices.contains(text) {
                            throw UsageError(message: "\(name) needs one of \(option.choices.joined(separator: ", ")), not '\(text.escapedForMessage())'")
                        }
                        if let accepts = option.accepts, !accepts(text) {
                            throw UsageError(message: "\(name) needs \(option.requirement), not '\(text.escapedForMessage())'")
                        }
                        options.gameOptions[option.name] = text
                    }
                } else if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(argument.escapedForMessage())'. Options: \(optionNames(for: gameInfo, statistics: options.statistics))")
                } else if gameInfo == nil, !options.statistics, argument.lowercased() == "stats" {
                    options.statistics = true
                } else if options.statistics {
                    throw UsageError(message: "unexpected '\(argument.escapedForMessage())' after stats")
                } else if gameInfo == nil, let info = games.first(where: { $0.id.rawValue == argument.lowercased() }) {
                    gameInfo = info
                    options.game = info.id
                } else if gameInfo != nil {
                    throw UsageError(message: "unexpected '\(argument.escapedForMessage())' after the game name")
                } else {
                    throw UsageError(message: "unknown game '\(argument.escapedForMessage())'. \(gameNames(games))")
                }
            }
            index += 1
        }
        for option in gameInfo?.options ?? [] where options.gameOptions[option.name] != nil {
            if let other = option.excludes.first(where: { options.gameOptions[$0] != nil }) {
                throw UsageError(message: "\(option.name) and \(other) cannot be used together")
            }
            if !option.needsOneOf.isEmpty, !option.needsOneOf.contains(where: { options.gameOptions[$0] != nil }) {
                throw UsageError(message: "\(option.name) needs \(option.needsOneOf.joined(separator: " or "))")
            }
        }
        return json ? .statisticsJSON : .run(options)
    }

    /// The text `--help` prints.
    public static func usage(games: [GameInfo]) -> String {
        var lines = [
            "arcade \(version) — a full-screen terminal arcade",
            "",
            "Usage: arcade [GAME [GAME OPTIONS]] [--seed N] [--theme T] [--palette P] [--cursor]",
            "              [--no-color] [--ascii] [--mute]",
            "       arcade stats [--json]",
            "       arcade --help | --version",
            "",
            "Games (open one directly by name, or choose on the menu):",
        ]
        if games.isEmpty { lines.append("  (no games are installed yet)") }
        for game in games {
            lines.append("  \(game.id.rawValue.padding(12))\(game.summary)")
            for option in game.options {
                let usage = option.isFlag ? option.name : option.name + " " + option.valueName
                if usage.count < 18 {
                    lines.append("      \(usage.padding(18))\(option.summary)")
                } else {
                    lines += ["      " + usage, "      " + "".padding(18) + option.summary]  // too long to share its line
                }
            }
        }
        lines += [
            "",
            "Options:",
            "  --seed N       replay the same game: every shuffle and spin comes from N",
            "  --theme T      dark, light (dark text on a light background) or contrast",
            "                 (bold white on black); o on the menu keeps a choice",
            "  --palette P    standard, or cvd: colours colour-blind eyes tell apart,",
            "                 with the colour written too",
            "  --cursor       the terminal's cursor follows the focused card, button or row",
            "                 (for screen magnifiers and readers)",
            "  --no-color     draw without colour (bold, reverse and underline stay)",
            "  --ascii        draw with ASCII only (chosen automatically outside UTF-8 locales)",
            "  --mute         no sounds and no bell",
            "  stats          open the statistics page (s on the menu)",
            "  stats --json   print every game's statistics as JSON and exit",
            "  --help         show this text",
            "  --version      show the version",
            "",
            "Keys everywhere:",
            "  arrows or h j k l  move      Enter or Space  choose      mouse  click to choose",
            "  ?  help for this screen      q or Esc  back to the menu (q on the menu quits)",
            "  Ctrl-C  quit now",
            "  Ctrl-Z  suspend (fg resumes) Ctrl-L  redraw",
            "",
            "Environment:",
            "  NO_COLOR          any non-empty value: same as --no-color",
            "  ARCADE_THEME      dark, light or contrast: same as --theme",
            "  ARCADE_PALETTE    standard or cvd: same as --palette",
            "  COLORFGBG         read at the first start to choose dark or light (else the",
            "                    terminal is asked for its background colour)",
            "  XDG_DATA_HOME     scores, saved games and settings go to",
            "                    $XDG_DATA_HOME/arcade/arcade.sqlite3",
            "                    (default ~/.local/share/arcade/arcade.sqlite3)",
            "  ARCADE_SOUND      'off' silences every sound, like --mute",
            "  ARCADE_SOUND_CMD  the command that plays a WAV file (default: the first of",
            "                    paplay, pw-play, aplay, afplay found; else the terminal bell)",
            "  ARCADE_ASSETS     the folder holding Temples/ and Sounds/, searched before",
            "                    <prefix>/share/arcade (<prefix>/share/games/arcade for",
            "                    <prefix>/games/arcade) and the checkout it was built from",
            "",
            "Exit status: 0 after q, 1 when input closes or this text cannot be written,",
            "2 for a usage or terminal error, 128+N when ended by signal N (130 for Ctrl-C).",
        ]
        return lines.joined(separator: "\n")
    }

    private static func optionNames(for game: GameInfo?, statistics: Bool = false) -> String {
        let own = (game?.options.map { $0.isFlag ? $0.name : "\($0.name) \($0.valueName)" } ?? []) + (statistics ? ["--json"] : [])
        return (own + ["--seed N", "--theme T", "--palette P", "--cursor", "--no-color", "--ascii", "--mute", "--help",
                       "--version"]).joined(separator: ", ")
    }

    private static func gameNames(_ games: [GameInfo]) -> String {
        games.isEmpty ? "No games are installed yet."
            : "Games: " + games.map(\.id.rawValue).joined(separator: ", ") + "."
    }
}

extension String {
    /// This string padded with spaces to `width` characters (never cut).
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
