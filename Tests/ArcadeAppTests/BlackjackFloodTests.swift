import ArcadeJSON
import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Foundation
import Testing

@testable import ArcadeApp

/// A flood of printable text (a paste of prose, a key held down) reaches Blackjack as one key
/// per character, in whatever state the keys drive it to: at the table, on the rules page, at
/// the game-over box. Each key must leave the screen as it should be, and cost little, or a
/// Ctrl-C behind a mebibyte of text waits for all of it: what a mebibyte costs on the rules
/// page and at the game-over box is `arcade-bench --flood`'s figure, these tests show what the
/// keys do.
@Suite struct BlackjackFloodTests {
    init() { prepareForDrawing() }

    /// How many keys each flood sends.
    static let floodSize = 2_000
    /// The terminal the shell is shown in (its game frame is 80×23).
    static let frame = Frame(size: Size(width: 80, height: 24))

    /// The effects `keys` ask for through `shell`.
    private static func flood(_ keys: [Key], into shell: inout ArcadeShell) -> [AppEffect] {
        var effects: [AppEffect] = []
        for key in keys { effects += shell.update(.key(key), in: frame) }
        return effects
    }

    /// A shell with Blackjack open (seed 7), past its new-game alert.
    private static func blackjack() -> ArcadeShell {
        var shell = ArcadeShell(games: GameCatalog.games, seed: { 7 })
        _ = shell.open(.blackjack, in: frame)
        _ = shell.update(.key(.character("s")), in: frame)  // Start
        return shell
    }

    /// The shell's screen as text.
    private static func text(_ shell: ArcadeShell) -> String {
        var grid = CellGrid(size: frame.size)
        shell.render(into: &grid)
        return grid.text
    }

    /// The Blackjack screen the shell shows.
    private static func screen(_ shell: ArcadeShell) -> BlackjackScreen? {
        shell.activeScreen as? BlackjackScreen
    }

    @Test func keysAtTheGameOverBoxLeaveItUpAndItStillAnswers() throws {
        var shell = Self.blackjack()
        // Five hands, each stood on (n declines insurance; x shows the dealer's play at once).
        for _ in 0..<BlackjackGame.handsPerGame {
            for key: Key in [.enter, .character("n"), .character("s"), .character("x"), .character("x")] {
                _ = shell.update(.key(key), in: Self.frame)
            }
        }
        try #require(Self.text(shell).contains("Game over"))
        shell.presented()
        let keys = (0..<Self.floodSize).map { Key.character(Array("xyzfgjkuvw")[$0 % 10]) }
        let effects = Self.flood(keys, into: &shell)
        #expect(effects.isEmpty)
        #expect(Self.text(shell).contains("Game over"), "keys that are not the box's leave it up")
        _ = shell.update(.key(.character("p")), in: Self.frame)
        #expect(Self.screen(shell)?.alert == .newGame, "p still plays again")
    }

    @Test func changesOnTheRulesPageShuffleOneShoeAndTheLastIsRemembered() throws {
        var shell = Self.blackjack()
        _ = shell.update(.key(.character("o")), in: Self.frame)
        let before = try #require(Self.screen(shell))
        try #require(before.page == .rules && before.game.handNumber == 0)
        // Space changes the chosen row: the decks, round their four choices.
        let effects = Self.flood(Array(repeating: .space, count: Self.floodSize + 1), into: &shell)
        let chosen = TableRules(decks: TableRules.deckChoices[(2 + Self.floodSize + 1) % TableRules.deckChoices.count])
        #expect(chosen.decks == 8)
        let last = effects.last { if case .remember = $0 { true } else { false } }
        #expect(last == .remember(setting: BlackjackScreen.rulesSetting, value: BlackjackScreen.rulesJSON(chosen)))
        #expect(Self.text(shell).contains("Blackjack · 8 decks · S17"), "the title says the table's rules at once")
        // Back at the table, the game is the one the new rules deal with the same seed.
        _ = shell.update(.key(.escape), in: Self.frame)
        let after = try #require(Self.screen(shell))
        #expect(after.page == .table)
        #expect(after.game == BlackjackGame(seed: before.game.seed, rules: chosen))
        #expect(Self.text(shell).contains("8-deck shoe: 416 left"))
    }

    @Test func theKeyLookupAnswersAsTheWholeTable() {
        let frame = Frame.game80x23
        let nineteen = [Card(.ten, of: .spades), Card(.ace, of: .diamonds), Card(.nine, of: .hearts), Card(.seven, of: .clubs)]
        let hand = [Card(.ten, of: .spades), Card(.nine, of: .diamonds), Card(.six, of: .hearts), Card(.seven, of: .clubs)]
        var screens: [BlackjackScreen] = []
        var screen = BlackjackScreen(seed: 5, scores: [])
        screens.append(screen)  // the new-game alert
        for key in ["s", "a", "t", "o", "w", "d"] {
            _ = screen.update(.key(.character(Character(key))), in: frame)
            screens.append(screen)  // the table, About, scores, rules, chart, drill
        }
        var insured = BlackjackScreen(game: BlackjackGame(seed: 3, rules: TableRules(offersInsurance: true), stackedCards: nineteen),
                                      showsNewGameAlert: false)
        _ = insured.update(.key(.enter), in: frame)
        var playing = BlackjackScreen(game: BlackjackGame(seed: 3, stackedCards: hand), showsNewGameAlert: false)
        _ = playing.update(.key(.enter), in: frame)
        var coached = playing
        _ = coached.update(.key(.character("c")), in: frame)
        screens += [insured, playing, coached]
        #expect(Set(screens.map(\.mode)) == [.newGameAlert, .betting, .about, .highScores, .rules, .chart, .drill,
                                              .insurance, .hand])
        #expect(coached.coach.isOn && coached.mode == .hand)
        let keys: [Key] = (32..<127).map { Key.character(Character(Unicode.Scalar(UInt8($0)))) }
            + [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .space, .escape, .tab, .backTab,
               .backspace, .character("é"), .character("É")]
        for screen in screens {
            for key in keys {
                #expect(screen.keyAction(key) == screen.bindings(in: frame).action(for: key), "\(screen.mode) \(key)")
            }
        }
    }

    @Test func theGameOverBoxIsPlacedUnderTheHands() throws {
        var shell = Self.blackjack()
        for _ in 0..<BlackjackGame.handsPerGame {
            for key: Key in [.enter, .character("n"), .character("s"), .character("x"), .character("x")] {
                _ = shell.update(.key(key), in: Self.frame)
            }
        }
        let screen = try #require(Self.screen(shell))
        let game = Frame.game80x23
        let placed = try #require(screen.gameOver(in: game))
        // Placed under the hands when it fits there.
        #expect(placed.area(of: placed.dialog(focus: 0), in: game) == BlackjackLayout(frame: game).underHands)
    }

    @Test func theRulesSettingIsTheRulesJSON() throws {
        for decks in TableRules.deckChoices + [3] {
            for flags in 0..<32 {
                let rules = TableRules(decks: decks, dealerHitsSoft17: flags & 1 != 0, lateSurrender: flags & 2 != 0,
                                       doubleAfterSplit: flags & 4 != 0,
                                       blackjackPayout: flags & 8 != 0 ? .threeToTwo : .evenMoney,
                                       offersInsurance: flags & 16 != 0)
                #expect(BlackjackScreen.rulesJSON(rules) == (try JSON.string(rules, formatting: .sortedKeys)))
            }
        }
    }
}
