import ArcadeUI
import Testing

@testable import ArcadeApp

@Suite struct OptionsTests {
    private let games = [
        GameInfo(id: .slots, summary: "Two slot machines", make: { _ in TestGame() }),
        GameInfo(id: .temples, summary: "Flashcards",
                 options: [GameOption(name: "--deck", valueName: "DIR", summary: "use pictures in DIR")],
                 make: { _ in TestGame() }),
    ]

    private func parse(_ arguments: [String]) throws(UsageError) -> CommandLineRequest {
        try ArcadeCommandLine.parse(arguments, games: games)
    }

    @Test func noArgumentsOpensTheMenuWithDefaults() throws {
        #expect(try parse([]) == .run(ArcadeOptions()))
    }

    @Test func aGameNameOpensItWithGlobalFlagsAnywhere() throws {
        #expect(try parse(["--no-color", "slots", "--seed", "42", "--ascii", "--mute"])
                == .run(ArcadeOptions(game: .slots, seed: 42, noColor: true, ascii: true, mute: true)))
        #expect(try parse(["SLOTS", "--seed=7"]) == .run(ArcadeOptions(game: .slots, seed: 7)))
    }

    @Test func setsSwitchesAndTheDailyDateAreCheckedAsTheyAreRead() throws {
        let all = GameCatalog.games
        #expect(try ArcadeCommandLine.parse(["set", "--daily"], games: all)
                == .run(ArcadeOptions(game: .set, gameOptions: ["--daily": ""])))
        #expect(try ArcadeCommandLine.parse(["set", "--daily", "--date", "2026-02-28"], games: all)
                == .run(ArcadeOptions(game: .set, gameOptions: ["--daily": "", "--date": "2026-02-28"])))
        #expect(throws: UsageError(message: "--daily takes no value")) {
            try ArcadeCommandLine.parse(["set", "--daily=yes"], games: all)
        }
        #expect(throws: UsageError(message: "--date needs a day from 1900-01-01 on, as YYYY-MM-DD, not '2026-02-30'")) {
            try ArcadeCommandLine.parse(["set", "--date", "2026-02-30"], games: all)
        }
        #expect(ArcadeCommandLine.usage(games: all).contains("--daily           today's puzzle"))
        #expect(throws: UsageError(message: "--daily and --versus cannot be used together")) {
            try ArcadeCommandLine.parse(["set", "--versus", "--daily"], games: all)
        }
        #expect(throws: UsageError(message: "--date and --level cannot be used together")) {
            try ArcadeCommandLine.parse(["set", "--date", "2026-12-01", "--level", "hard"], games: all)
        }
        #expect(throws: UsageError(message: "--level needs one of easy, normal, hard, not 'expert'")) {
            try ArcadeCommandLine.parse(["set", "--level", "expert"], games: all)
        }
    }

    @Test func gameOptionsBelongToTheirGame() throws {
        #expect(try parse(["temples", "--deck", "/tmp/cards"])
                == .run(ArcadeOptions(game: .temples, gameOptions: ["--deck": "/tmp/cards"])))
        #expect(try parse(["temples", "--deck=pics"])
                == .run(ArcadeOptions(game: .temples, gameOptions: ["--deck": "pics"])))
        #expect(throws: UsageError.self) { try parse(["slots", "--deck", "x"]) }
    }

    @Test func statsOpensTheStatisticsPageAndStatsJSONPrintsThem() throws {
        #expect(try parse(["stats"]) == .run(ArcadeOptions(statistics: true)))
        #expect(try parse(["--ascii", "STATS"]) == .run(ArcadeOptions(ascii: true, statistics: true)))
        #expect(try parse(["stats", "--json"]) == .statisticsJSON)
        for arguments in [["--json"], ["slots", "--json"], ["stats", "slots"], ["slots", "stats"], ["stats", "--json=1"]] {
            #expect(throws: UsageError.self, "\(arguments)") { try parse(arguments) }
        }
        #expect(ArcadeCommandLine.usage(games: games).contains("arcade stats [--json]"))
    }

    @Test func helpAndVersionWinOverEverythingElse() throws {
        #expect(try parse(["slots", "--help"]) == .help)
        #expect(try parse(["-h"]) == .help)
        #expect(try parse(["--version"]) == .version)
    }

    @Test(arguments: [
        ("chess", ["unknown game 'chess'", "Games: slots, temples."]),
        ("--bogus", ["unknown option '--bogus'", "--seed N, --theme T, --palette P, --cursor, --no-color, --ascii, --mute, --help, --version"]),
    ])
    func unknownNamesListWhatIsValid(_ argument: String, _ said: [String]) {
        do {
            _ = try parse([argument])
            Issue.record("\(argument) should be refused")
        } catch {
            for words in said { #expect(error.description.contains(words)) }
        }
    }

    @Test func quotedArgumentsShowControlBytesEscapedAndLongOnesCut() {
        let hostile = "\u{1B}]0;pwned\u{07}"
        var messages: [String] = []
        for arguments in [[hostile], ["--" + hostile], ["slots", hostile], ["--seed", hostile]] {
            do {
                _ = try parse(arguments)
                Issue.record("\(arguments) should be refused")
            } catch {
                messages.append(error.description)
            }
        }
        #expect(messages.count == 4)
        for message in messages {
            #expect(message.contains("\\e]0;pwned\\x07"), "\(message)")
            #expect(!message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(message)")
        }
        do {
            _ = try parse([String(repeating: "x", count: 100_000)])
            Issue.record("a long unknown game should be refused")
        } catch {
            #expect(error.description.contains("unknown game '" + String(repeating: "x", count: String.messageValueLimit) + "…'"))
            #expect(error.description.count < 200)
        }
    }

    @Test func badSeedsAndMissingValuesAreRefused() {
        #expect(throws: UsageError(message: "--seed needs a whole number from 0 to 18446744073709551615, not 'x'")) {
            try parse(["--seed", "x"])
        }
        #expect(throws: UsageError(message: "--seed needs a value")) { try parse(["--seed"]) }
        #expect(throws: UsageError.self) { try parse(["slots", "temples"]) }
        #expect(throws: UsageError(message: "--seed needs a value")) { try parse(["--seed=", "slots"]) }
        #expect(throws: UsageError(message: "--no-color takes no value")) { try parse(["--no-color=nope"]) }
        #expect(throws: UsageError(message: "--help takes no value")) { try parse(["--help=x"]) }
    }

    /// A seed is decimal digits only: Swift's own number reading takes a leading "+".
    @Test func aSeedWithASignIsRefused() throws {
        for text in ["+5", "-5", " 5", "5 ", "0x10", "+0"] {
            #expect(throws: UsageError(message: "--seed needs a whole number from 0 to 18446744073709551615, not '\(text)'"),
                    "\(text)") { try parse(["--seed", text]) }
        }
        #expect(try parse(["--seed", "005"]) == .run(ArcadeOptions(seed: 5)))
    }

    /// An empty value is no value, given as `--deck ''` as much as `--deck=`.
    @Test func anEmptyValueIsRefusedAsAMissingOne() {
        #expect(throws: UsageError(message: "--deck needs a value")) { try parse(["temples", "--deck", ""]) }
        #expect(throws: UsageError(message: "--deck needs a value")) { try parse(["temples", "--deck="]) }
        #expect(throws: UsageError(message: "--seed needs a value")) { try parse(["--seed", ""]) }
        #expect(throws: UsageError(message: "--theme needs a value")) { try parse(["--theme", ""]) }
    }

    /// A daily puzzle's day is from 1900 on, so it always shows as YYYY-MM-DD (the year 0
    /// would show as "Daily 0-01-01").
    @Test func aDailyDateBefore1900IsRefused() throws {
        let all = GameCatalog.games
        for day in ["0000-01-01", "1899-12-31", "0999-06-15"] {
            #expect(throws: UsageError(message: "--date needs a day from 1900-01-01 on, as YYYY-MM-DD, not '\(day)'")) {
                try ArcadeCommandLine.parse(["set", "--date", day], games: all)
            }
        }
        #expect(try ArcadeCommandLine.parse(["set", "--date", "1900-01-01"], games: all)
                == .run(ArcadeOptions(game: .set, gameOptions: ["--date": "1900-01-01"])))
        #expect(CalendarDay(text: "0000-01-01") == nil && CalendarDay(text: "1900-02-28")?.text == "1900-02-28")
    }

    @Test func usageNamesEveryOptionGameAndEnvironmentVariable() {
        let usage = ArcadeCommandLine.usage(games: games)
        for word in ["--seed N", "--no-color", "--ascii", "--mute", "--help", "--version", "slots", "temples",
                     "--deck DIR", "NO_COLOR", "XDG_DATA_HOME", "ARCADE_SOUND", "ARCADE_SOUND_CMD", "ARCADE_ASSETS"] {
            #expect(usage.contains(word), "usage lacks \(word)")
        }
    }
}
