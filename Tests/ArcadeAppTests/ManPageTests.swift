import ArcadeTestSupport
import ArcadeUI
import Foundation
import Glibc
import Testing

@testable import ArcadeApp

/// `man 6 arcade` (Assets/arcade.6) is the arcade's whole reference. These tests hold it to
/// the program: every command and option `arcade --help` prints is in its synopsis, every
/// key of every screen's table is in that screen's section (in bold, named as `?` help names
/// it), and groff formats it without a warning.
@Suite struct ManPageTests {
    /// The checkout, found from this file's path.
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pagePath = checkout.appendingPathComponent("Assets/arcade.6").path

    static func page() throws -> ManPageText {
        ManPageText(source: try String(contentsOfFile: pagePath, encoding: .utf8))
    }

    // MARK: - The command line

    /// What `arcade --help` lists, read from the text the binary prints.
    struct HelpText {
        /// Every `--option` the text names.
        var options: [String] = []
        /// The games, in the order listed, each with its own options.
        var games: [(name: String, options: [String])] = []
        /// The words after `arcade` on the usage lines that are neither a game nor an option
        /// (`stats`).
        var commands: [String] = []
        /// The environment variables listed.
        var variables: [String] = []

        init(_ usage: String) {
            options = usage.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) }.uniqued()
            var block = ""
            for line in usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.isEmpty { block = ""; continue }
                if !line.hasPrefix(" ") { block = String(line.prefix { $0 != " " && $0 != ":" && $0 != "(" }) }
                let words = line.split(separator: " ").map(String.init)
                switch block {
                case "Usage":
                    if let arcade = words.firstIndex(of: "arcade"), arcade + 1 < words.count,
                       words[arcade + 1].allSatisfy(\.isLowercase) {
                        commands.append(words[arcade + 1])
                    }
                case "Games":
                    if line.hasPrefix("      --"), let option = words.first, !games.isEmpty {
                        games[games.count - 1].options.append(option)
                    } else if line.hasPrefix("  "), !line.hasPrefix("   "), let name = words.first {
                        games.append((name, []))
                    }
                case "Environment":
                    if line.hasPrefix("  "), !line.hasPrefix("   "), let name = words.first,
                       name.allSatisfy({ $0.isUppercase || $0 == "_" }) {
                        variables.append(name)
                    }
                default:
                    break
                }
            }
        }
    }

    static let help = HelpText(ArcadeCommandLine.usage(games: GameCatalog.games))

    @Test func theHelpIsReadWhole() {
        // The reading above, checked against what it reads, so that a change in the help's
        // layout fails here rather than leaving the checks below with nothing to check.
        #expect(Self.help.games.map(\.name) == GameCatalog.games.map(\.id.rawValue))
        #expect(Self.help.games.map { $0.options } == GameCatalog.games.map { $0.options.map(\.name) })
        #expect(Self.help.commands == ["stats"])
        #expect(Set(["--seed", "--theme", "--json", "--deck", "--help", "--version"]).isSubset(of: Self.help.options))
        #expect(Self.help.variables.contains("NO_COLOR") && Self.help.variables.contains("ARCADE_ASSETS"))
    }

    @Test func theSynopsisNamesEveryCommandAndOptionOfTheHelp() throws {
        let synopsis = try #require(try Self.page()["SYNOPSIS"], "the man page has no SYNOPSIS")
        for option in Self.help.options {
            #expect(synopsis.words.contains(option), "the man page's SYNOPSIS lacks \(option), which arcade --help lists")
        }
        for command in Self.help.commands + Self.help.games.map(\.name) {
            #expect(synopsis.words.contains(command), "the man page's SYNOPSIS lacks the command \(command)")
        }
        // Each game's options on a form of that game: `arcade temples [--deck DIR]...`.
        let forms = synopsis.text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        for game in Self.help.games {
            let words = forms.filter { $0.count > 1 && $0[0] == "arcade" && $0[1] == game.name }
                .flatMap { $0.flatMap { $0.split(whereSeparator: { "[]|".contains($0) }).map(String.init) } }
            #expect(!words.isEmpty, "the man page's SYNOPSIS has no form 'arcade \(game.name)'")
            for option in game.options {
                #expect(words.contains(option), "the SYNOPSIS form of 'arcade \(game.name)' lacks \(option)")
            }
        }
    }

    @Test func theOptionsAndEnvironmentSectionsNameEverythingTheHelpLists() throws {
        let page = try Self.page()
        let options = try #require(page["OPTIONS"], "the man page has no OPTIONS")
        for option in Self.help.options + Self.help.commands {
            #expect(options.words.contains(option), "the man page's OPTIONS do not describe \(option)")
        }
        let environment = try #require(page["ENVIRONMENT"], "the man page has no ENVIRONMENT")
        for variable in Self.help.variables {
            #expect(environment.words.contains(variable), "the man page's ENVIRONMENT lacks \(variable)")
        }
    }

    // MARK: - Keys

    /// A screen's table of keys, by the name it has in the code (for the failure message).
    struct KeyTable {
        var name: String
        var keys: [String]
    }

    /// The keys of `bindings` as the `?` help and the key line spell them (`Binding.name`),
    /// letters in lower case (they act in either case). Digits a binding's words name as a
    /// range ("1 … 5", "1–4") are the digits of those words (the menu binds 0–9, and only
    /// the games' digits open one); a binding of more than twenty keys is a class of keys
    /// (every printable character of a typed name), named by its words ("letters").
    static func keyNames<Action>(_ bindings: [Binding<Action>]) -> [String] {
        var names: [String] = []
        for binding in bindings {
            let words = binding.help?.keys ?? binding.hint?.keys
            if binding.keys.count > 20, let words {
                names += words.split(separator: " ").map(String.init)
                continue
            }
            let digits = binding.keys.filter { if case .character(let c) = $0 { c.isNumber } else { false } }
            if !digits.isEmpty, let words {
                names += words.filter(\.isNumber).map(String.init)
            }
            for key in binding.keys where words == nil || !digits.contains(key) {
                names.append(keyName(key))
            }
        }
        return names
    }

    static func keyName(_ key: Key) -> String {
        let name = Binding<Int>.name(key)
        return name.count == 1 ? name.lowercased() : name
    }

    static func table<Action>(_ name: String, _ bindings: [Binding<Action>]) -> KeyTable {
        KeyTable(name: name, keys: keyNames(bindings))
    }

    static func table(_ name: String, keys: [Key]) -> KeyTable {
        KeyTable(name: name, keys: keys.map(keyName))
    }

    /// The man page's sections, and the tables of keys of the screen each describes: every
    /// table the screen's `bindings(in:)` may give, in every mode.
    static let screens: [String] = ["KEYS", "MENU", "SET", "MEMORY", "SLOTS", "TEMPLES", "BLACKJACK",
                                    "STATISTICS", "SETTINGS"]

    static func tables(of section: String) -> [KeyTable] {
        switch section {
        case "KEYS":
            return [table("ArcadeShell.sharedKeys", keys: ArcadeShell.sharedKeys),
                    table("HelpOverlay.scrollKeys", keys: HelpOverlay.scrollKeys),
                    table("GameOverKey.focusKeys", GameOverKey.focusKeys),
                    table("ResumeOffer.keys", ResumeOffer.keys),
                    table("YesNoQuestion's buttons", keys: YesNoQuestion.leave.dialog.buttons.compactMap(\.hotKey))]
        case "MENU":
            return [table("MenuScreen.bindings", MenuScreen.bindings(games: GameCatalog.games.count)),
                    table("MenuScreen.pageButtons", keys: MenuScreen.pageButtons.compactMap { $0.button.hotKey })]
        case "SET":
            return [table("SetScreen.bindings", SetScreen.bindings),
                    table("SetScreen.versusBindings", SetScreen.versusBindings),
                    table("SetScreen.dailyBindings", SetScreen.dailyBindings),
                    table("SetScreen.chooserBindings", SetScreen.chooserBindings),
                    table("SetScreen.friendsBindings", SetScreen.friendsBindings),
                    table("SetScreen.friendsFormBindings", SetScreen.friendsFormBindings)]
        case "MEMORY":
            return [table("MemoryScreen.choosingBindings", MemoryScreen.choosingBindings),
                    table("MemoryScreen.boardBindings", MemoryScreen.boardBindings),
                    table("MemoryScreen.showingLastPairBindings", MemoryScreen.showingLastPairBindings),
                    table("MemoryScreen.overBindings", MemoryScreen.overBindings)]
        case "SLOTS":
            return [table("SlotsScreen.bindings", SlotsScreen.bindings)]
        case "TEMPLES":
            var tables = [table("TempleScreen.matchBindings", TempleScreen.matchBindings),
                          table("TempleScreen.studyBindings", TempleScreen.studyBindings),
                          table("TempleScreen.loadingBindings", TempleScreen.loadingBindings),
                          table("TempleScreen.failureBindings", TempleScreen.failureBindings),
                          table("TempleScreen.learnTypingBindings", TempleScreen.learnTypingBindings)]
            for choices in 1...4 {
                for (answering, over, practice) in [(true, false, false), (false, false, false), (false, true, false),
                                                    (false, true, true)] {
                    tables.append(table("TempleScreen.learnBindings(choices: \(choices), answering: \(answering), "
                                            + "over: \(over), practice: \(practice))",
                                        TempleScreen.learnBindings(choices: choices, answering: answering, over: over,
                                                                   practice: practice)))
                }
            }
            return tables
        case "BLACKJACK":
            return BlackjackScreen.Mode.allCases.map { table("BlackjackScreen.keys[.\($0)]", BlackjackScreen.keys[$0]) }
                + [table("BlackjackScreen.adviceKey", [BlackjackScreen.adviceKey]),
                   table("BlackjackScreen.gameOverKeys", BlackjackScreen.gameOverKeys),
                   table("BlackjackScreen.gameOverChoices", keys: BlackjackScreen.gameOverChoices.compactMap { $0.0.hotKey })]
        case "STATISTICS":
            return [table("StatisticsScreen.bindings", StatisticsScreen.bindings(games: GameCatalog.games.count))]
        case "SETTINGS":
            return [table("SettingsScreen.bindings", SettingsScreen.bindings)]
        default:
            return []
        }
    }

    @Test(arguments: screens)
    func theScreensSectionNamesEveryKeyOfItsTables(_ name: String) throws {
        let section = try #require(try Self.page()[name], "the man page has no section \(name)")
        let bold = section.boldWords
        let tables = Self.tables(of: name)
        // A table may be empty (Blackjack's dealer's play: any key), the screen's keys are not.
        #expect(!tables.flatMap(\.keys).isEmpty, "no keys found for \(name)")
        for table in tables {
            for key in table.keys.uniqued() where !bold.contains(key) {
                Issue.record("the man page's \(name) section has no key \(key) in bold (\(table.name) binds it)")
            }
        }
    }

    // MARK: - Formatting

    /// The program `name` on `PATH`, or nil.
    static func program(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { access($0.path, X_OK) == 0 }
    }

    @Test func groffFormatsThePageWithoutAWarning() async throws {
        // groff is one of the tests' requirements (README, "Install"): without it this fails.
        // -Tascii is the device man uses outside UTF-8 locales: it has no arrows, and warns
        // unless the page gives them stand-ins (man itself would drop them silently).
        let groff = try #require(Self.program("groff"), "groff is needed to check the man page: install groff")
        for arguments in [["-man", "-ww", "-z"], ["-man", "-ww", "-Tutf8", "-rLL=80n"], ["-man", "-ww", "-Tascii"]] {
            let result = try await TerminalProcess.run(groff, arguments: arguments + [Self.pagePath],
                                                       environment: ["LC_ALL": "C.UTF-8"])
            #expect(result.status == 0, "groff \(arguments.joined(separator: " ")): \(result)")
            #expect(result.stderr.isEmpty, "groff \(arguments.joined(separator: " ")) warned:\n\(result.stderr)")
        }
        // man, as a reader runs it, in a UTF-8 locale and in the C locale. man is not among the
        // tests' requirements, so it is run only where it is installed.
        guard let man = Self.program("man") else { return }
        for locale in ["C.UTF-8", "C"] {
            let result = try await TerminalProcess.run(
                man, arguments: ["--warnings", "-l", Self.pagePath],
                environment: ["LC_ALL": locale, "LANG": locale, "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"],
                timeout: .seconds(30))
            #expect(result.status == 0, "man --warnings -l (\(locale)): \(result)")
            #expect(result.stderr.isEmpty, "man --warnings -l (\(locale)) warned:\n\(result.stderr)")
            #expect(result.stdout.contains("BLACKJACK"), "man -l (\(locale)) printed no page: \(result)")
        }
    }

    // MARK: - The reading of the page

    @Test func theWholePageIsReadWithoutAnUnknownEscape() throws {
        let page = try Self.page()
        #expect(page.unknownEscapes.isEmpty, "escapes ManPageText does not read: \(page.unknownEscapes.sorted())")
        #expect(page.sections.map(\.name).starts(with: ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS"]))
    }

    @Test func manPageTextTurnsMarkupIntoTextAndBoldWords() {
        let page = ManPageText(source: """
            .TH X 6
            .\\" a comment
            .SH NAME
            x \\- does things
            .SH "KEYS AND MORE"
            .TP
            .BR "\\(ua \\(da" ", " "k j" " (moves)"
            Press \\fBq\\fR or \\fBEsc\\fP, then \\fBShift\\-Tab\\fR. \\" trailing comment
            .B
            1\\(en5
            .SS Sub
            .SY arcade
            .OP \\-\\-seed N
            .RB [ \\-\\-deck
            .IR DIR ]
            .YS
            \\*(Lq
            """)
        #expect(page.sections.map(\.name) == ["NAME", "KEYS AND MORE"])
        #expect(page["NAME"]?.text.contains("x - does things") == true)
        let keys = page["KEYS AND MORE"]
        #expect(keys?.boldWords == ["↑", "↓", "k", "j", "q", "Esc", "Shift-Tab", "1", "5", "arcade", "--seed",
                                    "--deck"])
        #expect(keys?.text.contains("\narcade [--seed N] [--deck DIR] \n") == true)
        #expect(keys?.text.contains("comment") == false)
        #expect(keys?.words.contains("--seed") == true)
        #expect(page.unknownEscapes == ["\\*"])
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
