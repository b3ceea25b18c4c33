import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Foundation
import Testing

@testable import ArcadeApp

/// The Blackjack rules page (`o`) and the flags: each rule changes and is remembered, the
/// next game is played by them, a game in progress keeps its own, and the title line says
/// which rules are in play.
@Suite struct BlackjackRulesTests {
    init() { prepareForDrawing() }

    private let frame = Frame(size: Size(width: 80, height: 23))
    private var info: GameInfo { GameCatalog.games.first { $0.id == .blackjack }! }

    /// The screen the catalog builds for a run with `options` and remembered `settings`.
    private func made(options: [String: String] = [:], settings: [String: String] = [:]) -> BlackjackScreen {
        info.make(GameContext(seed: 7, options: options, settings: settings)) as! BlackjackScreen
    }

    /// The rules the last `remember` effect among `effects` keeps.
    private func remembered(_ effects: [GameEffect]) -> TableRules? {
        for case .remember(let setting, let value) in effects.reversed() where setting == "blackjack.rules" {
            return try? JSONDecoder().decode(TableRules.self, from: Data(value.utf8))
        }
        return nil
    }

    /// Where `label` is drawn on `screen`, for clicking it.
    private func point(of label: String, on screen: BlackjackScreen) -> Point? {
        let lines = screen.text(in: frame).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (row, line) in lines.enumerated() {
            if let range = line.range(of: label) {
                return Point(x: line.distance(from: line.startIndex, to: range.lowerBound), y: row)
            }
        }
        return nil
    }

    /// A game past the new-game alert, its first hand dealt (stood on) so it is in progress.
    private func gameInProgress() -> BlackjackScreen {
        var screen = made()
        _ = screen.update(.key(.character("s")), in: frame)  // Start
        _ = screen.update(.key(.enter), in: frame)
        _ = screen.update(.key(.character("s")), in: frame)
        _ = screen.update(.key(.character("x")), in: frame)  // the dealer's play, shown at once
        #expect(screen.game.handNumber == 1)
        return screen
    }

    @Test func thePageChangesEveryRuleAndRemembersIt() throws {
        var screen = made()
        _ = screen.update(.key(.character("o")), in: frame)
        #expect(screen.page == .rules, "o opens the rules on the new-game alert")
        #expect(remembered(screen.update(.key(.right), in: frame))?.decks == 8)
        #expect(remembered(screen.update(.key(.right), in: frame))?.decks == 1, "the deck choices wrap")
        #expect(remembered(screen.update(.key(.character("h")), in: frame))?.decks == 8)
        _ = screen.update(.key(.character("j")), in: frame)
        #expect(remembered(screen.update(.key(.enter), in: frame))?.dealerHitsSoft17 == true)
        _ = screen.update(.key(.down), in: frame)
        #expect(remembered(screen.update(.key(.space), in: frame))?.blackjackPayout == .threeToTwo)
        _ = screen.update(.key(.down), in: frame)
        #expect(remembered(screen.update(.key(.right), in: frame))?.lateSurrender == false)
        _ = screen.update(.key(.down), in: frame)
        #expect(remembered(screen.update(.key(.left), in: frame))?.doubleAfterSplit == false)
        _ = screen.update(.key(.down), in: frame)
        let all = try #require(remembered(screen.update(.key(.right), in: frame)))
        #expect(all == TableRules(decks: 8, dealerHitsSoft17: true, lateSurrender: false, doubleAfterSplit: false,
                                  blackjackPayout: .threeToTwo, offersInsurance: true))
        // No hand was dealt: the game on the table takes them at once, and the title says so
        // (its shoe is shuffled once the player does anything else).
        #expect(screen.tableRules == all)
        #expect(screen.text(in: frame).contains("Blackjack · 8 decks · H17 · 3:2"))
        _ = screen.update(.key(.escape), in: frame)
        #expect(screen.page == .table)
        #expect(screen.game == BlackjackGame(seed: 7, rules: all))
        #expect(screen.text(in: frame).contains("Blackjack · 8 decks · H17 · 3:2"))
        // The next run starts from the remembered rules.
        let next = made(settings: ["blackjack.rules": BlackjackScreen.rulesJSON(all)])
        #expect(next.game.rules == all)
    }

    @Test func aGameInProgressKeepsItsRulesAndTheNextGameTakesTheNewOnes() {
        var screen = gameInProgress()
        _ = screen.update(.key(.character("o")), in: frame)
        #expect(screen.page == .rules, "o opens the rules between hands")
        #expect(screen.text(in: frame).contains("New rules start with the next game."))
        _ = screen.update(.key(.character("j")), in: frame)
        _ = screen.update(.key(.enter), in: frame)
        #expect(screen.game.rules == TableRules(), "the game in progress keeps its rules")
        #expect(screen.chosenRules.dealerHitsSoft17)
        #expect(screen.text(in: frame).contains("In play now: 6 decks · S17 · DAS · LS · 1:1"))
        #expect(screen.text(in: frame).contains("Next game:   6 decks · H17 · DAS · LS · 1:1"))
        _ = screen.update(.key(.backspace), in: frame)
        #expect(screen.text(in: frame).contains("Blackjack · 6 decks · S17 · DAS · LS · 1:1"))
        // Play the game out; Play again deals by the new rules.
        for _ in 0..<(BlackjackGame.handsPerGame - 1) {
            _ = screen.update(.key(.enter), in: frame)
            _ = screen.update(.key(.character("s")), in: frame)
            _ = screen.update(.key(.character("x")), in: frame)
        }
        #expect(screen.game.isGameOver)
        _ = screen.perform(.playAgain, in: frame)
        #expect(screen.game.rules == TableRules(dealerHitsSoft17: true))
        #expect(screen.game.handNumber == 0 && screen.game.score == BlackjackGame.startingScore)
    }

    @Test func theDefaultGameIsTheSpecificationsAndPlayAgainKeepsItsShoe() {
        var screen = made(settings: ["blackjack.rules": "{not json"])
        #expect(screen.game.rules == TableRules(), "bad JSON: the defaults")
        _ = screen.update(.key(.character("s")), in: frame)
        _ = screen.update(.key(.enter), in: frame)
        let left = screen.game.cardsLeftInShoe
        for _ in 0..<BlackjackGame.handsPerGame where !screen.game.isGameOver {
            if screen.game.isHandInProgress { _ = screen.update(.key(.character("s")), in: frame) }
            _ = screen.update(.key(.character("x")), in: frame)
            if !screen.game.isGameOver { _ = screen.update(.key(.enter), in: frame) }
        }
        _ = screen.perform(.playAgain, in: frame)
        #expect(screen.game.rules == TableRules())
        #expect(screen.game.cardsLeftInShoe < left, "unchanged rules: the shoe carries on")
    }

    @Test func flagsParseAndOverrideTheRememberedRulesForTheRun() throws {
        let request = try ArcadeCommandLine.parse(["blackjack", "--decks", "2", "--h17", "--three-to-two",
                                                   "--no-surrender"], games: GameCatalog.games)
        guard case .run(let options) = request else {
            Issue.record("not a run: \(request)")
            return
        }
        #expect(options.gameOptions == ["--decks": "2", "--h17": "", "--three-to-two": "", "--no-surrender": ""])
        let saved = BlackjackScreen.rulesJSON(TableRules(decks: 8, doubleAfterSplit: false, offersInsurance: true))
        let screen = made(options: options.gameOptions, settings: ["blackjack.rules": saved])
        #expect(screen.game.rules == TableRules(decks: 2, dealerHitsSoft17: true, lateSurrender: false,
                                                doubleAfterSplit: false, blackjackPayout: .threeToTwo,
                                                offersInsurance: true))
        #expect(made(settings: ["blackjack.rules": saved]).game.rules.decks == 8, "not remembered")
        #expect(throws: UsageError(message: "--decks needs one of 1, 2, 6, 8, not '3'")) {
            try ArcadeCommandLine.parse(["blackjack", "--decks", "3"], games: GameCatalog.games)
        }
        #expect(ArcadeCommandLine.usage(games: GameCatalog.games).contains("--decks N"))
    }

    @Test func theTitleLineShowsTheRulesWhenTheyFit() {
        let screen = made(options: ["--three-to-two": ""])
        let header = screen.text(in: frame).split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("Blackjack · 6 decks · S17 · DAS · LS · 3:2"))
        let small = Frame(size: Size(width: 60, height: 16))
        let narrow = screen.text(in: small).split(separator: "\n").first.map(String.init) ?? ""
        #expect(narrow.contains("Blackjack") && !narrow.contains("decks"), "dropped where it does not fit")
    }

    @Test func theHelpAndAboutSayTheRulesInForce() {
        let screen = made(options: ["--h17": "", "--three-to-two": ""])
        let notes = screen.helpNotes(in: frame).joined()
        #expect(notes.contains("The dealer hits a soft 17; a natural pays 3:2."))
        #expect(!notes.contains("even money"))
        let about = BlackjackAboutPage.lines(width: 60, rules: screen.game.rules).joined(separator: " ")
        #expect(about.contains("Naturals pay 3:2"))
        #expect(about.contains("draws to 16 and to a soft 17"))
        #expect(made().helpNotes(in: frame).joined().contains("The dealer stands on all 17s; a natural pays even money."))
    }

    @Test func theRulesPage() {
        var screen = gameInProgress()
        _ = screen.update(.key(.character("o")), in: frame)
        _ = screen.update(.key(.down), in: frame)
        _ = screen.update(.key(.down), in: frame)
        _ = screen.update(.key(.right), in: frame)  // naturals pay 3:2 from the next game
        assertSnapshot(screen.text(in: frame), named: "blackjack-rules-80x23")
    }

    @Test func aClickOnAValueChangesIt() throws {
        var screen = made()
        _ = screen.update(.key(.character("s")), in: frame)
        let button = try #require(point(of: "[ Rules ]", on: screen), "the Rules button is beside About")
        _ = screen.update(.mouse(MouseEvent(.press, at: Point(x: button.x + 2, y: button.y))), in: frame)
        #expect(screen.page == .rules)
        let stands = try #require(point(of: "stands", on: screen))
        let effects = screen.update(.mouse(MouseEvent(.press, at: stands)), in: frame)
        #expect(remembered(effects)?.dealerHitsSoft17 == true)
        #expect(screen.rules.focus == 1, "the clicked row is chosen")
        let back = try #require(point(of: "[ Back ]", on: screen))
        _ = screen.update(.mouse(MouseEvent(.press, at: Point(x: back.x + 2, y: back.y))), in: frame)
        #expect(screen.page == .table)
    }

    @Test func aDealerAceAsksTheInsuranceQuestionOnlyWhenTheTableOffersInsurance() {
        // 3:2 without insurance: a natural against an ace is paid at once, no question.
        let natural = [Card(.ace, of: .spades), Card(.ace, of: .diamonds), Card(.king, of: .hearts), Card(.nine, of: .clubs)]
        var paid = BlackjackScreen(game: BlackjackGame(seed: 3, rules: TableRules(blackjackPayout: .threeToTwo),
                                                       stackedCards: natural), showsNewGameAlert: false)
        let cues = paid.update(.key(.enter), in: frame)
        #expect(!paid.game.isHandInProgress && paid.game.score == 175, "the natural is paid 3:2 at once")
        #expect(cues.contains(.sound(.handWon)) && cues.filter { $0 == .sound(.cardDrawn) }.count == 2)
        let nineteen = [Card(.ten, of: .spades), Card(.ace, of: .diamonds), Card(.nine, of: .hearts), Card(.seven, of: .clubs)]
        var insured = BlackjackScreen(game: BlackjackGame(seed: 3, rules: TableRules(offersInsurance: true),
                                                          stackedCards: nineteen), showsNewGameAlert: false)
        _ = insured.update(.key(.enter), in: frame)
        #expect(insured.mode == .insurance && !insured.game.canAct)
        #expect(insured.status.text.hasPrefix("Insurance against the dealer's ace?"))
        _ = insured.update(.key(.character("n")), in: frame)
        #expect(insured.game.canAct, "declined: the dealer has no Blackjack and play goes on")
    }

    @Test func aResumedGameKeepsItsOwnRulesAndTheNextGameTakesTheRemembered() throws {
        var screen = made(options: ["--h17": "", "--decks": "2"])
        _ = screen.update(.key(.character("s")), in: frame)
        _ = screen.update(.key(.enter), in: frame)
        let save = try #require(screen.savedState())
        let remembered = BlackjackScreen.rulesJSON(TableRules(blackjackPayout: .threeToTwo))
        let resumed = try #require(info.resume!(save.state, GameContext(seed: 1, settings: ["blackjack.rules": remembered]))
                                   as? BlackjackScreen)
        #expect(resumed.game.rules == TableRules(decks: 2, dealerHitsSoft17: true))
        #expect(resumed.chosenRules == TableRules(blackjackPayout: .threeToTwo))
    }

    @Test func theWholeRulesPageFitsTheSmallestTable() {
        var screen = gameInProgress()
        _ = screen.update(.key(.character("o")), in: frame)
        _ = screen.update(.key(.right), in: frame)
        let small = Frame(size: Size(width: 60, height: 16), theme: Theme(ascii: true))
        let text = screen.text(in: small)
        for row in BlackjackScreen.RuleRow.allCases { #expect(text.contains(row.title)) }
        #expect(text.contains("New rules start with the next game."))
        #expect(text.contains("Next game:   8 decks - S17 - DAS - LS - 1:1"), "in ASCII")
        #expect(text.contains("[ Back ]"))
    }
}
