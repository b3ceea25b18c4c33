import ArcadeTestSupport
import ArcadeUI
import Foundation
import Testing

@testable import ArcadeApp

/// The settings page and what it changes: reached from the menu by key and by click, each
/// change kept and applied at once, kept across a restart, and this run's flags over it.
@Suite struct SettingsTests {
    init() { prepareForDrawing() }

    static func shell(settings: [String: String] = [:], overrides: SettingOverrides = SettingOverrides()) -> TestShell {
        TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), settings: settings, overrides: overrides,
                  seed: { 5 })
    }

    /// Where `text` first appears on screen.
    static func position(of text: String, in shell: TestShell) -> Point? {
        for (y, line) in shell.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return Point(x: line.distance(from: line.startIndex, to: range.lowerBound), y: y) }
        }
        return nil
    }

    static func click(_ point: Point, _ shell: inout TestShell) -> [AppEffect] {
        shell.update(.mouse(MouseEvent(.press, at: point)))
    }

    @Test func oOnTheMenuOpensTheSettingsAndAChangeIsKeptAndAppliedAtOnce() {
        var shell = Self.shell()
        shell.update(.key(.character("o")))
        #expect(shell.text.contains("Settings") && shell.text.contains("[dark]"), "\(shell.text)")
        let effects = shell.update(.key(.right))
        #expect(effects == [.remember(setting: "theme", value: "light"), .look(.light, .standard)])
        #expect(shell.look.theme == .light)
        #expect(shell.text.contains("[light]"))
        shell.update(.key(.down))
        #expect(shell.update(.key(.enter)) == [.remember(setting: "palette", value: "cvd"), .look(.light, .cvd)])
        shell.update(.key(.down))
        #expect(shell.update(.key(.space)) == [.remember(setting: "sound", value: "off"), .soundSwitched(on: false)])
        shell.update(.key(.character("q")))
        #expect(shell.settingsScreen == nil && shell.text.contains("ARCADE"))
    }

    @Test func theMenusButtonAndAClickOnAChoiceWork() throws {
        var shell = Self.shell()
        #expect(Self.click(try #require(Self.position(of: "[ Settings ]", in: shell)), &shell).isEmpty)
        #expect(shell.settingsScreen != nil)
        let contrast = try #require(Self.position(of: "contrast", in: shell))
        #expect(Self.click(contrast, &shell) == [.remember(setting: "theme", value: "contrast"), .look(.contrast, .standard)])
        let fast = try #require(Self.position(of: "fast", in: shell))
        #expect(Self.click(fast, &shell) == [.remember(setting: "animations", value: "fast")])
        // Blackjack's house rules: its rules page's rows, here, kept for the next game.
        let rules = try #require(Self.position(of: "decks, soft 17", in: shell))
        #expect(Self.click(rules, &shell).isEmpty)
        #expect(shell.activeGame == nil && shell.text.contains("Blackjack's house rules"), "\(shell.text)")
        #expect(shell.text.contains("Dealer soft 17") && shell.text.contains("q settings"))
        let decks = try #require(Self.position(of: "‹ 6 ›", in: shell))
        let effects = Self.click(decks, &shell)
        #expect(effects.count == 1)
        guard case .remember(setting: "blackjack.rules", let json)? = effects.first else {
            Issue.record("\(effects)")
            return
        }
        #expect(shell.text.contains("‹ 8 ›"), "\(shell.text)")
        shell.update(.key(.down))
        shell.update(.key(.right))  // the dealer hits a soft 17
        shell.update(.key(.character("q")))
        #expect(shell.settingsScreen != nil && shell.text.contains("Memory turns back"), "q goes back to the settings")
        shell.update(.key(.character("q")))
        #expect(shell.settingsScreen == nil && shell.text.contains("ARCADE"))
        shell.open(.blackjack)
        let table = try #require(shell.activeScreen as? BlackjackScreen)
        #expect(table.game.rules.decks == 8 && table.game.rules.dealerHitsSoft17, "\(json)")
        #expect(table.pace == .fast, "the next game opened reads the animations too")
    }

    @Test func theSettingsAreKeptAcrossARestart() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: false)
            var shell = Self.shell()
            shell.update(.key(.character("o")))
            var effects = shell.update(.key(.right))  // light
            shell.update(.key(.down))
            effects += shell.update(.key(.right))  // the colour-blind palette
            for _ in 0..<5 { shell.update(.key(.down)) }
            effects += shell.update(.key(.right))  // Memory turns back after 1.5 s
            for effect in effects { _ = runtime.perform(effect) }
            #expect(device.theme.name == .light && device.theme.palette == .cvd, "applied at once")

            let kept = ArcadeData(directory: folder).settings()
            #expect(kept["theme"] == "light" && kept["palette"] == "cvd" && kept["memory.flipBack"] == "1.5")
            let restarted = Self.shell(settings: kept)
            #expect(restarted.look.theme == .light && restarted.look.palette == .cvd)
            #expect(MemoryScreen.flipBackTime(in: kept) == 1.5)
        }
    }

    @Test func flagsDecideForOneRunAndTheSettingsPageTakesOver() throws {
        var options = ArcadeOptions()
        options.theme = .contrast
        options.cursor = true
        let overrides = SettingOverrides(options: options, environment: ["ARCADE_PALETTE": "cvd"], mute: false)
        var shell = Self.shell(settings: ["theme": "light", "palette": "standard"], overrides: overrides)
        #expect(shell.look.theme == .contrast && shell.look.palette == .cvd)
        #expect(shell.shell.cursorPosition(in: shell.frame) != nil, "--cursor puts the cursor on the chosen game")
        shell.update(.key(.character("o")))
        #expect(shell.text.contains("--theme decides this for this run"), "\(shell.text)")
        #expect(shell.text.contains("(ARCADE_PALETTE)"), "an override is said on its row too\n\(shell.text)")
        #expect(shell.text.contains("[contrast]"))
        // Choosing on the page takes over from the flag, and is kept.
        #expect(shell.update(.key(.left)) == [.remember(setting: "theme", value: "light"), .look(.light, .cvd)])
        #expect(!shell.text.contains("--theme decides"))
    }

    @Test(arguments: [
        (["--theme", "blue"], "--theme needs one of dark, light, contrast, not 'blue'"),
        (["--palette=deutan"], "--palette needs one of standard, cvd, not 'deutan'"),
        (["--cursor=yes"], "--cursor takes no value"),
    ])
    func aBadValueExitsTwoNamingTheValidOnes(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message: message)) {
            try ArcadeCommandLine.parse(arguments, games: GameCatalog.games)
        }
        #expect(Arcade.main(arguments: arguments, environment: [:]) == 2)
    }

    @Test func goodValuesParse() throws {
        let request = try ArcadeCommandLine.parse(["set", "--theme", "light", "--palette=cvd", "--cursor"],
                                                  games: GameCatalog.games)
        guard case .run(let options) = request else { Issue.record("\(request)"); return }
        #expect(options.theme == .light && options.palette == .cvd && options.cursor && options.game == .set)
    }

    @Test func soundSwitchedOffOnThePageSilencesTheNextCue() {
        let device = FakeTerminal(script: [])
        let runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: nil), player: "ann",
                                    device: device, sound: nil, isMuted: false)
        _ = runtime.perform(.game(.blackjack, .sound(.handWon)))
        #expect(device.bellCount == 1)
        _ = runtime.perform(.soundSwitched(on: false))
        _ = runtime.perform(.game(.blackjack, .sound(.handWon)))
        #expect(device.bellCount == 1)
        _ = runtime.perform(.soundSwitched(on: true))
        _ = runtime.perform(.game(.blackjack, .sound(.handWon)))
        #expect(device.bellCount == 2)
    }

    @Test func theRunLoopPutsTheCursorWhereTheFocusIs() {
        var options = ArcadeOptions()
        options.cursor = true
        var shell = ArcadeShell(games: GameCatalog.games, seed: { 5 },
                                overrides: SettingOverrides(options: options, environment: [:], mute: false))
        let device = FakeTerminal(script: [.input(.key(.down))])
        _ = RunLoop<ArcadeShell>(device: device).run(&shell) { _, _ in .proceed }
        let rows = device.cursors.compactMap { $0 }
        #expect(rows.count == device.presented.count && rows.count >= 2)
        #expect(rows.last.map { $0.y - rows[0].y } == 2, "down moves the cursor to the next game's row")
        let plain = FakeTerminal(script: [.input(.key(.down))])
        var hidden = ArcadeShell(games: GameCatalog.games, seed: { 5 })
        _ = RunLoop<ArcadeShell>(device: plain).run(&hidden) { _, _ in .proceed }
        #expect(plain.cursors.allSatisfy { $0 == nil })
    }
}
