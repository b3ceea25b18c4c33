import ArcadeCore
import ArcadeUI
import SetModel

/// What every game on the Set screen shares, and what a saved game keeps of it: the cursor
/// on the cards, the message line and the clock; and the solo deal (the cards of the
/// classic or versus game), with the hint's marks and whether the count of sets is shown.
///
/// The classic and versus pages play on it (`SetClassicPage`, `SetVersusPage`): a card
/// selected, three more dealt and what the message line says of it, the table drawn under
/// their status line. The daily puzzle (`SetDailyPage`) uses its cursor, message line and
/// clock; the deal waits under the puzzle, and the next game is dealt from its seed.
struct SetTable {
    /// The most cards the table has room for (a screen rule, not a model rule).
    static let maximumCards = 24

    /// The classic or versus game's cards (a game against the computer keeps its table here too).
    var game: SetGame
    /// The place the cursor is on: an index into `game.board`, or into the daily puzzle's cards.
    var cursor = GridCursor()
    /// The line under the status: what the last action did, in wordings from the fullest
    /// to the shortest (the first that fits is shown).
    var wordings = SetWording.introduction
    /// Time played, counted from the first move; stands still while help is open.
    var clock = PlayClock()
    /// Whether "Sets on board: N" is shown (`s` toggles it).
    var showsSetCount = false
    /// The set a hint marked, until it is found or the table changes.
    private(set) var hinted: [SetCard] = []
    /// The table when the hint was given: any change to it takes the marks away.
    private(set) var hintedBoard: [SetCard?] = []

    init(game: SetGame) {
        self.game = game
    }

    /// A table as a saved game left it.
    init(game: SetGame, cursor: GridCursor, wordings: [String], clock: PlayClock, showsSetCount: Bool,
         hinted: [SetCard], hintedBoard: [SetCard?]) {
        self.game = game
        self.cursor = cursor
        self.wordings = wordings
        self.clock = clock
        self.showsSetCount = showsSetCount
        self.hinted = hinted
        self.hintedBoard = hintedBoard
    }

    /// What the line under the status says, in full.
    var message: String { wordings.first ?? "" }

    /// Put `wordings` (fullest first) on the message line.
    mutating func say(_ wordings: String...) {
        self.wordings = wordings
    }

    /// The seed the next game is dealt from, which follows from this game's.
    var nextSeed: UInt64 {
        var generator = SeededGenerator(seed: game.seed)
        return generator.next()
    }

    /// A new game on the table: the cursor on the first card, no marks, the clock at zero.
    mutating func start(_ newGame: SetGame) {
        game = newGame
        cursor = GridCursor()
        clearHint()
        clock.reset()
    }

    // MARK: - Play

    /// Deal 3 More is possible: cards in the deck, and room on the table (or a set to replace).
    var canDeal: Bool {
        game.canDealMore && (game.board.count < Self.maximumCards || game.selectionIsSet == true)
    }

    /// The card in `place`, while the game goes on (nil for an emptied place).
    func card(at place: Int) -> SetCard? {
        guard !game.isOver, game.board.indices.contains(place) else { return nil }
        return game.board[place]
    }

    /// The player's touch on `card`, which `choose` makes (given the game and the seconds
    /// played): the clock starts, and the message line says what it did. `faces`: the table
    /// shows the classic shapes, which a miss names.
    mutating func select(_ card: SetCard, faces: Bool, by choose: (inout SetGame, Double) -> Void) {
        clock.start()
        let wasSelected = game.selectedCards.contains(card) && game.selectedCards.count < 3
        let elapsed = clock.elapsed
        choose(&game, elapsed)
        if wasSelected {
            say("Deselected (−\(SetGame.deselectPenalty)).")
        } else if let isSet = game.selectionIsSet {
            if !isSet {
                wordings = SetWording.notASet(game.selectedCards, faces: faces, ending: ". −\(SetGame.mismatchPenalty)")
            } else if game.canDealMore {
                say("SET! +\(SetGame.setReward)  Select any card or press d to go on.",
                    "SET! +\(SetGame.setReward)  Select a card or press d.", "SET! +\(SetGame.setReward)")
            } else {
                // The deck is out: d has nothing to deal, so only a selection goes on.
                say("SET! +\(SetGame.setReward)  Select any card to go on.", "SET! +\(SetGame.setReward)")
            }
        } else {
            say("\(game.selectedCards.count) of 3 selected.")
        }
        keepHintIfStillValid()
    }

    /// Deal 3 More, which `dealing` does (given the game and the seconds played); false, and
    /// the message line says why, when there is no room or the deck is empty.
    mutating func deal(by dealing: (inout SetGame, Double) -> Void) -> Bool {
        guard !game.isOver else { return false }
        guard canDeal else {
            if game.canDealMore {
                say("No room for more cards: find a set.", "No room: find a set.")
            } else {
                say("The deck is empty.")
            }
            return false
        }
        clock.start()
        let replacing = game.selectionIsSet == true
        let elapsed = clock.elapsed
        dealing(&game, elapsed)
        say(replacing ? "The set was replaced." : "Dealt 3 more cards.")
        keepHintIfStillValid()
        return true
    }

    /// Mark `set` as the hint, on the table as it is now.
    mutating func mark(_ set: [SetCard]) {
        hinted = set
        hintedBoard = game.board
    }

    /// The hint's marks go once their set is found or the cards on the table change.
    mutating func keepHintIfStillValid() {
        let found = game.selectionIsSet == true && Set(game.selectedCards) == Set(hinted)
        if found || game.board != hintedBoard { clearHint() }
    }

    /// Take the hint's marks away.
    mutating func clearHint() {
        hinted = []
        hintedBoard = []
    }

    /// At the end of a game (when `isOver`), once: the clock stops and the line says so.
    /// False while the game goes on, and for a game already finished.
    mutating func finish(isOver: Bool) -> Bool {
        guard isOver, clock.finish() else { return false }
        say("No sets left and the deck is empty: game over.", "Game over.")
        return true
    }

    /// What the score of the game just finished is kept with, in `mode` (and the
    /// computer's score against it).
    func figures(mode: SetMode, computer: Int? = nil) -> SetFigures {
        var figures = SetFigures(sets: game.setsFound, time: clock.text, duration: clock.elapsed)
        figures.mode = mode.scoreMode
        figures.computer = computer
        return figures
    }

    // MARK: - Drawing

    /// Where the cards, lines and buttons go in `frame`, the cards drawn in `style`.
    func layout(in frame: Frame, style: SetCardStyle) -> SetLayout {
        SetLayout(frame: frame, places: game.board.count, style: style)
    }

    /// The table's buttons, Hint enabled when `hintEnabled`, and Mode when the row has room for it.
    func buttons(deal: SetScreen.Action, hint: SetScreen.Action, hintEnabled: Bool,
                 fitting width: Int) -> ActionButtons<SetScreen.Action> {
        var row: [(Button, SetScreen.Action)] = [
            (Button("Deal 3 More", hotKey: .character("d"), isEnabled: canDeal && !game.isOver), deal),
            (Button("New Game", hotKey: .character("n")), .newGame),
            (Button("Hint", hotKey: .character("t"), isEnabled: hintEnabled && !game.isOver), hint),
        ]
        let mode = (Button("Mode", hotKey: .character("g")), SetScreen.Action.chooseMode)
        if ButtonRow((row + [mode]).map(\.0), spacing: 2).width <= width { row.append(mode) }
        return ActionButtons(row, spacing: 2, alignment: .center)
    }

    /// The table in `grid`: `status` on top, the message line, the cards (`claimed`: taken
    /// by the computer), and the buttons `buttons` gives for the row's width.
    func draw(status: StatusLine, claimed: (SetCard) -> Bool, buttons: (Int) -> ActionButtons<SetScreen.Action>,
              style: SetCardStyle, into grid: inout CellGrid) {
        let layout = layout(in: grid.frame, style: style)
        status.draw(into: &grid, in: layout.status)
        messageLine.draw(into: &grid, in: layout.message)
        for (place, card) in game.board.enumerated() {
            guard let frame = layout.cell(of: place) else { continue }
            let isCursor = place == cursor.index && !game.isOver
            if let card {
                SetCardView.draw(card, in: frame, look: look(card, claimed: claimed(card)), isCursor: isCursor,
                                 faces: layout.showsFaces, into: &grid)
            } else if isCursor {
                // An emptied place late in the game: the cursor is its frame alone.
                Box(style: .rounded, frameStyle: Style.focusFrame(.plain)).draw(into: &grid, in: frame)
            }
        }
        buttons(layout.buttons.width).draw(into: &grid, in: layout.buttons)
    }

    /// What the last action did, green for a set and red for a miss; a warning when no set
    /// is left on the table.
    private var messageLine: StatusLine {
        // Only while nothing is selected: a selection's own words ("1 of 3 selected.") say
        // what the player just did.
        if game.selectedCards.isEmpty && !game.hasSetOnBoard && !game.isOver {
            return StatusLine(["No set on the table — deal 3 more (d).", "No set: deal 3 more (d)."], tone: .warning)
        }
        switch game.selectionIsSet {
        case true?: return StatusLine(wordings, tone: .good)
        case false?: return StatusLine(wordings, tone: .bad)
        case nil: return StatusLine(wordings)
        }
    }

    /// How the table shows `card`: selected, judged, hinted, claimed by the computer.
    private func look(_ card: SetCard, claimed: Bool) -> CardLook {
        var look = CardLook(selected: game.selectedCards.contains(card), hinted: hinted.contains(card), claimed: claimed)
        if look.selected, let isSet = game.selectionIsSet { look.tried = isSet ? .good : .bad }
        return look
    }

    /// The action of a click at `point`: the card it lands on, else the button of `buttons`.
    func action(at point: Point, in frame: Frame, style: SetCardStyle,
                buttons: (Int) -> ActionButtons<SetScreen.Action>) -> SetScreen.Action? {
        let layout = layout(in: frame, style: style)
        if let place = layout.place(at: point) { return .selectPlace(place) }
        return buttons(layout.buttons.width).action(at: point, in: layout.buttons)
    }

    /// The first cell inside the card under the cursor, while the game goes on.
    func cursorPoint(in frame: Frame, style: SetCardStyle) -> Point? {
        guard !game.isOver else { return nil }
        return layout(in: frame, style: style).cell(of: cursor.index).map { Box.inner(of: $0).origin }
    }
}
