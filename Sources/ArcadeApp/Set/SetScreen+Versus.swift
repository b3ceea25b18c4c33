import ArcadeCore
import ArcadeUI
import SetModel

/// Set against the computer on the Set screen: the solo table and rules, with a computer
/// (`SetVersusGame`) that finds a set after a delay from its level, shows it a moment and
/// takes it. Its clock is the screen's clock of time played, so it starts at the player's
/// first move and stands still while help is open or the game is left.
extension SetScreen {
    /// A new game against the computer at `level`, dealt from the next seed.
    mutating func startVersus(_ level: OpponentLevel) {
        var generator = SeededGenerator(seed: game.seed)
        let match = SetVersusGame(seed: generator.next(), level: level)
        daily = nil
        mode = .versus(level)
        versus = match
        game = match.game
        cursor = GridCursor()
        clearHint()
        clock.reset()
        say("Versus the computer (\(level.name)): it starts looking at your first move.",
            "Versus \(level.name): it starts at your first move.", "Versus \(level.name).")
    }

    /// The player's touch on `card` in a game against the computer; nil when not in one.
    mutating func selectVersus(_ card: SetCard) -> [VersusEvent]? {
        guard var match = versus else { return nil }
        let events = match.select(card, at: clock.elapsed)
        versus = match
        game = match.game
        return events
    }

    /// Deal 3 More against the computer; nil when not in one.
    mutating func dealVersus() -> [VersusEvent]? {
        guard var match = versus else { return nil }
        let events = match.dealThreeMore(at: clock.elapsed)
        versus = match
        game = match.game
        return events
    }

    /// The computer's turn as time passes: what it found or took, said on the message line.
    mutating func advanceVersus() -> [GameEffect] {
        guard var match = versus, clock.isRunning else { return [] }
        let events = match.advance(to: clock.elapsed)
        versus = match
        game = match.game
        return report(events)
    }

    /// Say what the computer did, and end the game when it is over.
    mutating func report(_ events: [VersusEvent]) -> [GameEffect] {
        guard versus != nil else { return [] }
        for event in events {
            switch event {
            case .computerFound:
                say("The computer found a set!", "Computer: set!")
            case .computerTook:
                say("The computer took the set (+\(SetGame.setReward) to it).", "Computer +\(SetGame.setReward).")
            }
        }
        if !events.isEmpty { keepHintIfStillValid() }
        return finishIfOver()
    }

    /// "You 9 (3)   Computer 6 (2)   Normal   Deck 60   Time 1:02", and shorter.
    var versusStatus: StatusLine? {
        guard let match = versus else { return nil }
        let you = "You \(match.playerScore) (\(match.playerSets))", them = "Computer \(match.computerScore) (\(match.computerSets))"
        return StatusLine([
            "\(you)   \(them)   \(match.level.name)   Deck \(game.deckCount)   Time \(clock.text)",
            "\(you)  \(them)  Deck \(game.deckCount)  \(clock.text)",
            "You \(match.playerScore)  CPU \(match.computerScore)  \(clock.text)",
        ], tone: .strong)
    }

    /// The result of a game against the computer: who won, both scores.
    func versusGameOver() -> GameOver<Action>? {
        guard let match = versus, let winner = match.winner else { return nil }
        let title: String
        switch winner {
        case .player: title = "You win!"
        case .computer: title = "The computer wins"
        case .tie: title = "A tie"
        }
        return GameOver(
            title: title,
            message: "You \(match.playerScore) (\(match.playerSets) sets)\n"
                + "Computer \(match.computerScore) (\(match.computerSets) sets)\n"
                + "\(match.level.name) · Time \(clock.text)",
            choices: [(Button("Play again (n)", hotKey: .character("n")), .playAgain),
                      (Button("Mode (g)", hotKey: .character("g")), .chooseMode),
                      (Button("Menu (m)", hotKey: .character("m")), .menu)],
            preferredWidth: 30)
    }
}
