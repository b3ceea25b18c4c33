import ArcadeUI
import SetModel

/// Set against the computer: the classic table and rules, with a computer (`SetVersusGame`)
/// that finds a set after a delay from its level, shows it a moment and takes it. It plays
/// on the screen's table (`SetTable`), whose game is the match's table, and whose clock of
/// time played is the computer's: it starts at the player's first move and stands still
/// while help is open or the game is left.
struct SetVersusPage {
    /// The game against the computer's own keys; the cards' and the screen's are `SetScreen.Action`s.
    enum Action: Hashable, Sendable {
        /// Deal three more cards (or replace a found set).
        case deal
        /// A hint, which this game has not (no key asks for it; the Hint button is off).
        case hint
        /// Show or hide how many sets are on the table.
        case toggleSetCount
    }

    /// The game against the computer (its table is also the screen's table's game).
    private(set) var match: SetVersusGame

    /// A match already under way (a saved one).
    init(match: SetVersusGame) {
        self.match = match
    }

    /// A new game against the computer at `level` on `table`, dealt from the seed that
    /// follows its game's.
    init(level: OpponentLevel, table: inout SetTable) {
        match = SetVersusGame(seed: table.nextSeed, level: level)
        table.start(match.game)
        table.say("Versus the computer (\(level.name)): it starts looking at your first move.",
                  "Versus \(level.name): it starts at your first move.", "Versus \(level.name).")
    }

    /// The keys against the computer: the classic table's without the hint.
    static let bindings: [Binding<SetScreen.Action>] = SetScreen.cardBindings + [
        Binding([.character("d")], .versus(.deal), hint: "deal 3", help: "deal 3 more cards (or replace a found set)"),
        Binding([.character("s")], .versus(.toggleSetCount), help: "show or hide how many sets are on the table"),
    ] + SetScreen.gameBindings

    /// Do `action` on `table`.
    mutating func perform(_ action: Action, table: inout SetTable) -> [GameEffect] {
        switch action {
        case .deal:
            var match = self.match, events: [VersusEvent] = []
            guard table.deal(by: { game, elapsed in
                events = match.dealThreeMore(at: elapsed)
                game = match.game
            }) else { return [] }
            self.match = match
            return report(events, on: &table)
        case .hint:
            if !table.game.isOver { table.say("No hints against the computer.") }
        case .toggleSetCount:
            table.showsSetCount.toggle()
        }
        return []
    }

    /// The player's touch on the card in `place`; the computer's set, while it shows it, is its.
    mutating func select(at place: Int, table: inout SetTable, faces: Bool) -> [GameEffect] {
        guard let card = table.card(at: place) else { return [] }
        if match.isClaimed(card) {
            table.say("The computer is taking that set.", "The computer's set.")
            return []
        }
        var match = self.match, events: [VersusEvent] = []
        table.select(card, faces: faces) { game, elapsed in
            events = match.select(card, at: elapsed)
            game = match.game
        }
        self.match = match
        return report(events, on: &table)
    }

    /// The computer's turn as time passes: what it found or took, said on the message line.
    mutating func advance(table: inout SetTable) -> [GameEffect] {
        guard table.clock.isRunning else { return [] }
        let events = match.advance(to: table.clock.elapsed)
        table.game = match.game
        return report(events, on: &table)
    }

    /// Say what the computer did, and end the game when it is over.
    private func report(_ events: [VersusEvent], on table: inout SetTable) -> [GameEffect] {
        for event in events {
            switch event {
            case .computerFound:
                table.say("The computer found a set!", "Computer: set!")
            case .computerTook:
                table.say("The computer took the set (+\(SetGame.setReward) to it).", "Computer +\(SetGame.setReward).")
            }
        }
        if !events.isEmpty { table.keepHintIfStillValid() }
        guard table.finish(isOver: match.isOver) else { return [] }
        return [.record(table.game.score, table.figures(mode: .versus(match.level), computer: match.computerScore))]
    }

    // MARK: - Drawing

    /// The table's buttons in a row `width` wide, the Hint off.
    private static func buttons(_ table: SetTable, fitting width: Int) -> ActionButtons<SetScreen.Action> {
        table.buttons(deal: .versus(.deal), hint: .versus(.hint), hintEnabled: false, fitting: width)
    }

    func render(_ table: SetTable, style: SetCardStyle, into grid: inout CellGrid) {
        table.draw(status: status(table), claimed: match.isClaimed, buttons: { Self.buttons(table, fitting: $0) },
                   style: style, into: &grid)
    }

    /// The action of a click at `point`: a card, or a button.
    func action(at point: Point, table: SetTable, in frame: Frame, style: SetCardStyle) -> SetScreen.Action? {
        table.action(at: point, in: frame, style: style) { Self.buttons(table, fitting: $0) }
    }

    /// "You 9 (3)   Computer 6 (2)   Normal   Deck 60   Time 1:02", and shorter.
    private func status(_ table: SetTable) -> StatusLine {
        let deck = table.game.deckCount, time = table.clock.text
        let you = "You \(match.playerScore) (\(match.playerSets))", them = "Computer \(match.computerScore) (\(match.computerSets))"
        return StatusLine([
            "\(you)   \(them)   \(match.level.name)   Deck \(deck)   Time \(time)",
            "\(you)  \(them)  Deck \(deck)  \(time)",
            "You \(match.playerScore)  CPU \(match.computerScore)  \(time)",
        ], tone: .strong)
    }

    /// The result of the game: who won, both scores.
    func gameOver(_ table: SetTable) -> GameOver<SetScreen.Action>? {
        guard let winner = match.winner else { return nil }
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
                + "\(match.level.name) · Time \(table.clock.text)",
            choices: [(Button("Play again (n)", hotKey: .character("n")), .playAgain),
                      (Button("Mode (g)", hotKey: .character("g")), .chooseMode),
                      (Button("Menu (m)", hotKey: .character("m")), .menu)],
            preferredWidth: 30)
    }

    /// The rules against the computer for help, with `legend` (what the shapes mean).
    func helpNotes(legend: String) -> [String] {
        let level = match.level
        return [
            SetWording.rule + " +\(SetGame.setReward) for a set, −\(SetGame.mismatchPenalty) for three that are not, "
                + "−\(SetGame.deselectPenalty) for deselecting a card, as in the solo game.",
            "The computer (\(level.name)) finds a set in about \(Int(level.meanDelay)) seconds, counted from your "
                + "first move and then from its own last set, whatever you take meanwhile; it shows its set "
                + "(marked CPU) for a moment, "
                + "then takes it for +\(SetGame.setReward). It waits while you have two cards of a set selected. "
                + "No hints. The higher score when the deck is out and no set is left wins.",
            legend,
        ]
    }
}
