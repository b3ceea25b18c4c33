import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

/// Set against the computer on screen: both scores side by side, the computer's set shown a
/// moment before it is taken, a winner at the end.
@Suite struct SetVersusScreenTests {
    init() { prepareForDrawing() }

    private let frame = Frame(size: Size(width: 80, height: 23))

    private func versus(_ level: String = "hard", seed: UInt64 = 4) -> SetScreen {
        SetScreen(context: GameContext(seed: seed, options: ["--versus": "", "--level": level]))
    }

    /// Ticks of a quarter second (as the run loop sends them) until `done` or `limit` seconds.
    private func tick(_ screen: inout SetScreen, upTo limit: Double, until done: (SetScreen) -> Bool) -> [GameEffect] {
        var effects: [GameEffect] = []
        var waited = 0.0
        while waited < limit && !done(screen) {
            effects += screen.update(.tick(screen.tickInterval), in: frame)
            waited += screen.tickInterval
        }
        return effects
    }

    @Test func theComputerStartsAtTheFirstMoveShowsItsSetAndTakesIt() {
        var screen = versus()
        #expect(screen.text(in: frame).contains("You 0 (0)   Computer 0 (0)   Hard   Deck 69   Time 0:00"))
        _ = tick(&screen, upTo: 60) { _ in false }
        #expect(screen.versus?.computerSets == 0 && !screen.isInProgress, "it waits for the player's first move")
        _ = screen.perform(.selectPlace(0), in: frame)
        #expect(screen.tickInterval == 0.25)
        _ = tick(&screen, upTo: 20) { $0.versus?.computerShowing != nil }
        let shown = screen.versus?.computerShowing ?? []
        #expect(shown.count == 3 && SetGame.isSet(shown[0], shown[1], shown[2]))
        #expect(screen.message == "The computer found a set!")
        let text = screen.text(in: frame)
        #expect(text.components(separatedBy: " CPU ").count == 4, "its three cards are marked")
        assertSnapshot(text, named: "set-versus-computer-found-80x23")
        _ = tick(&screen, upTo: SetVersusGame.showDuration + 0.25) { $0.versus?.computerSets == 1 }
        #expect(screen.versus?.computerSets == 1 && screen.game.board.allSatisfy { card in !shown.contains { $0 == card } })
        #expect(screen.text(in: frame).contains("You 0 (0)   Computer 3 (1)   Hard   Deck 66"))
        #expect(screen.message == "The computer took the set (+3 to it).")
    }

    @Test func aClaimedCardCannotBeTakenAndHintsAreOff() {
        var screen = versus()
        _ = screen.perform(.selectPlace(0), in: frame)
        _ = tick(&screen, upTo: 20) { $0.versus?.computerShowing != nil }
        let claimed = screen.versus!.computerShowing![0]
        let place = screen.game.board.firstIndex(of: claimed)!
        _ = screen.perform(.selectPlace(place), in: frame)
        #expect(!screen.game.selectedCards.contains(claimed))
        #expect(screen.message == "The computer is taking that set.")
        let score = screen.game.score
        _ = screen.update(.key(.character("t")), in: frame)
        #expect(screen.game.score == score && screen.hinted.isEmpty, "t does nothing against the computer")
        #expect(!screen.help(in: frame).keys.contains { $0.action.contains("hint") }, "and help does not offer it")
        _ = screen.perform(.versus(.hint), in: frame)
        #expect(screen.game.score == score && screen.message == "No hints against the computer.")
    }

    @Test func aWholeGameAgainstTheComputerEndsWithAWinnerAndIsRecordedWithItsMode() throws {
        var screen = versus("easy", seed: 9)
        var effects: [GameEffect] = []
        // The player finds the first set on the table every 20 s; deals when there is none.
        var steps = 0
        while !(screen.versus?.isOver ?? true) && steps < 2000 {
            steps += 1
            if screen.game.setsOnBoard().isEmpty && screen.game.canDealMore {
                effects += screen.perform(.versus(.deal), in: frame)
            } else if let set = screen.game.setsOnBoard().first(where: { !$0.contains { screen.versus!.isClaimed($0) } }),
                      steps % 80 == 0 {
                // A card the computer claims or takes meanwhile is no longer the player's to touch.
                for card in set {
                    guard let place = screen.game.board.firstIndex(of: card) else { break }
                    effects += screen.perform(.selectPlace(place), in: frame)
                }
            } else {
                if !screen.isInProgress { _ = screen.perform(.selectPlace(0), in: frame) }
                effects += screen.update(.tick(0.25), in: frame)
            }
        }
        let match = try #require(screen.versus)
        #expect(match.isOver && match.game.deckCount == 0)
        let records = effects.filter { if case .recordScore = $0 { return true } else { return false } }
        #expect(records == [.recordScore(match.playerScore, figures: ["sets": String(match.playerSets), "time": screen.clock.text,
                                                                        "computer": String(match.computerScore)],
                                         mode: "versus easy", duration: screen.clock.elapsed)])
        let over = try #require(screen.gameOver(in: frame))
        let expected = match.winner == .player ? "You win!" : match.winner == .computer ? "The computer wins" : "A tie"
        #expect(over.title == expected)
        #expect(over.message.contains("You \(match.playerScore) (\(match.playerSets) sets)\nComputer \(match.computerScore)"))
        // Play again: the same level, a new deal.
        _ = screen.perform(.playAgain, in: frame)
        #expect(screen.mode == .versus(.easy) && screen.versus?.computerSets == 0 && screen.game.deckCount == 69)
    }

    @Test func aGameAgainstTheComputerLeftMidwayResumesWithTheComputerWhereItWas() throws {
        var screen = versus("normal")
        _ = screen.perform(.selectPlace(1), in: frame)
        _ = tick(&screen, upTo: 40) { $0.versus?.computerShowing != nil }
        let save = try #require(screen.savedState())
        let back = try #require(SetScreen(restoring: save.state, context: GameContext(seed: 1)))
        #expect(back.versus == screen.versus && back.mode == .versus(.normal) && back.clock == screen.clock)
        #expect(back.text(in: frame) == screen.text(in: frame))
    }

    @Test func theComputerDoesNotPlayWhileTheChoiceOfModeIsOpen() {
        var screen = versus()
        _ = screen.perform(.selectPlace(0), in: frame)
        _ = screen.update(.key(.character("g")), in: frame)
        for _ in 0..<400 { _ = screen.update(.tick(0.25), in: frame) }
        #expect(screen.versus?.computerSets == 0 && screen.versus?.computerShowing == nil && screen.clock.elapsed == 0)
    }

    @Test func withoutColourTheComputersMarkAndTheColourNameBothShow() {
        var screen = SetScreen(context: GameContext(seed: 4, options: ["--versus": "", "--level": "hard"],
                                                   settings: ["set.cardStyle": "classic"]))
        let mono = Frame(size: Size(width: 80, height: 23), theme: Theme(colorMode: .monochrome))
        _ = screen.perform(.selectPlace(0), in: mono)
        while screen.versus?.computerShowing == nil { _ = screen.update(.tick(0.25), in: mono) }
        let text = screen.text(in: mono)
        #expect(text.components(separatedBy: " CPU ").count == 4)
        for name in ["red", "green", "purple"] where screen.versus!.computerShowing!.contains(where: { "\($0.color)" == name }) {
            #expect(text.contains("═ \(name) ═"), "\(name) on a claimed card's frame")
        }
    }

    /// The menu's best is the classic game's alone (`setsListIsTheClassicGamesOnly`), so only
    /// the resume offer has a versus game to name.
    @Test func theResumeOfferSaysItWasAGameAgainstTheComputer() {
        var screen = versus("hard")
        _ = screen.perform(.selectPlace(0), in: frame)
        #expect(screen.savedState()?.summary == "versus hard, score 0 to 0")
    }
}
