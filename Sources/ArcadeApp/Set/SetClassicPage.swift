import ArcadeUI
import SetModel

/// The classic game: the whole deck, solo, for points, with a hint for a price. `d` deals
/// three more, `t` marks one set for 2 points (the marks stay until that set is found or the
/// table changes). It plays on the screen's table (`SetTable`), given to it with each action,
/// and keeps only whether the game just finished is a new best.
struct SetClassicPage {
    /// The classic game's own keys; the cards' and the screen's are `SetScreen.Action`s.
    enum Action: Hashable, Sendable {
        /// Deal three more cards (or replace a found set).
        case deal
        /// Mark one set on the table, for a price.
        case hint
        /// Show or hide how many sets are on the table.
        case toggleSetCount
    }

    /// Whether the game just finished beat every classic score recorded before it.
    private(set) var isNewBest = false

    /// The classic game already on the table (the first one, or a saved one).
    init() {}

    /// A new classic game on `table`, dealt from the seed that follows its game's.
    init(newGameOn table: inout SetTable) {
        table.start(SetGame(seed: table.nextSeed))
        table.say("New game. " + SetWording.introduction[0], "New game. " + SetWording.introduction[2], "New game.")
    }

    /// Every key of the classic table; none changes with the game (a key that cannot act says why).
    static let bindings: [Binding<SetScreen.Action>] = SetScreen.cardBindings + [
        Binding([.character("d")], .classic(.deal), hint: "deal 3", help: "deal 3 more cards (or replace a found set)"),
        Binding([.character("t")], .classic(.hint), hint: "hint", help: "hint: mark one set (costs \(SetGame.hintCost))"),
        Binding([.character("s")], .classic(.toggleSetCount), help: "show or hide how many sets are on the table"),
    ] + SetScreen.gameBindings

    /// Do `action` on `table`; `scores`, the classic scores recorded, tell a new best.
    mutating func perform(_ action: Action, table: inout SetTable, scores: [ScoreEntry]) -> [GameEffect] {
        switch action {
        case .deal:
            guard table.deal(by: { game, _ in game.dealThreeMore() }) else { return [] }
            return finishIfOver(table: &table, scores: scores)
        case .hint:
            hint(on: &table)
        case .toggleSetCount:
            table.showsSetCount.toggle()
        }
        return []
    }

    /// Select or deselect the card in `place`; the third selected is judged at once.
    mutating func select(at place: Int, table: inout SetTable, faces: Bool, scores: [ScoreEntry]) -> [GameEffect] {
        guard let card = table.card(at: place) else { return [] }
        table.select(card, faces: faces) { game, _ in game.select(card) }
        return finishIfOver(table: &table, scores: scores)
    }

    private func hint(on table: inout SetTable) {
        guard !table.game.isOver else { return }
        if !table.hinted.isEmpty {
            table.say("The hint is marked ★ on the table.", "The hint is marked ★.")
            return
        }
        table.clock.start()
        if let set = table.game.hint() {
            table.mark(set)
            table.say("One set is marked ★ (−\(SetGame.hintCost)).", "Marked ★ (−\(SetGame.hintCost)).")
        } else {
            table.say("No set on the table — deal 3 more (d).", "No set: deal 3 more (d).")
        }
    }

    /// At the end of a game: record it once, and tell whether it beat every classic score.
    private mutating func finishIfOver(table: inout SetTable, scores: [ScoreEntry]) -> [GameEffect] {
        guard table.finish(isOver: table.game.isOver) else { return [] }
        // Classic scores only: a game against the computer keeps the computer's score too.
        let best = scores.filter { SetFigures(stored: $0.figures)?.computer == nil }.map(\.score).max()
        isNewBest = best.map { table.game.score > $0 } ?? (table.game.score > 0)
        return [.record(table.game.score, table.figures(mode: .classic))]
    }

    // MARK: - Drawing

    /// The classic table's buttons in a row `width` wide.
    static func buttons(_ table: SetTable, fitting width: Int) -> ActionButtons<SetScreen.Action> {
        table.buttons(deal: .classic(.deal), hint: .classic(.hint), hintEnabled: true, fitting: width)
    }

    func render(_ table: SetTable, style: SetCardStyle, into grid: inout CellGrid) {
        table.draw(status: Self.status(table), claimed: { _ in false }, buttons: { Self.buttons(table, fitting: $0) },
                   style: style, into: &grid)
    }

    /// The action of a click at `point`: a card, or a button.
    func action(at point: Point, table: SetTable, in frame: Frame, style: SetCardStyle) -> SetScreen.Action? {
        table.action(at: point, in: frame, style: style) { Self.buttons(table, fitting: $0) }
    }

    /// Score, sets, deck and time (and the sets on the table when `s` asked for them).
    private static func status(_ table: SetTable) -> StatusLine {
        let game = table.game, clock = table.clock
        let fields = "Score \(game.score)   Sets \(game.setsFound)   Deck \(game.deckCount)   Time \(clock.text)"
        let tight = "Score \(game.score)  Sets \(game.setsFound)  Deck \(game.deckCount)  \(clock.text)"
        guard table.showsSetCount else { return StatusLine([fields, tight], tone: .strong) }
        let onTable = game.setsOnBoard().count
        return StatusLine([fields + "   Sets on table: \(onTable)", fields + "   On table \(onTable)",
                           tight + "  On table \(onTable)"], tone: .strong)
    }

    /// The finished game's score, sets and time, and whether it is a new best.
    func gameOver(_ table: SetTable) -> GameOver<SetScreen.Action>? {
        guard table.game.isOver else { return nil }
        return GameOver(
            title: "Game over",
            message: "Score \(table.game.score)\nSets found \(table.game.setsFound)\nTime \(table.clock.text)"
                + (isNewBest ? "\nNew best!" : ""),
            choices: [(Button("Play again (n)", hotKey: .character("n")), .playAgain),
                      (Button("Mode (g)", hotKey: .character("g")), .chooseMode),
                      (Button("Menu (m)", hotKey: .character("m")), .menu)],
            preferredWidth: 30)
    }

    /// The rules of the classic game for help, with `legend` (what the shapes mean).
    static func helpNotes(legend: String) -> [String] {
        [
            SetWording.rule + " +\(SetGame.setReward) for a set, −\(SetGame.mismatchPenalty) "
                + "for three that are not, −\(SetGame.deselectPenalty) for deselecting a card.",
            legend,
            "The game ends when the deck is empty and no set is left. The hint's ★ marks "
                + "stay until that set is found or the table changes.",
        ]
    }
}
