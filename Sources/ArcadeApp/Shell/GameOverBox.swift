import ArcadeUI

/// The shell's side of a finished game's result box (`GameScreen.gameOver`): which of its
/// buttons has the focus, and whether the player has seen it yet.
///
/// A box is not on screen until the run loop has drawn a frame showing it: keys and clicks that
/// arrived together with the one that ended the game (typed ahead faster than a frame, a
/// paste, a flood of text) are not taken as its answer. `shown()` ends that once the frame is
/// presented (`ArcadeShell.presented()`).
struct GameOverBox {
    /// The focused button (0 when the box appears).
    private(set) var focus = 0
    /// The box appeared in the batch of input being applied, and is not drawn yet.
    private(set) var unseen = false

    /// The game changed: a box that appears starts unseen, with its first button focused.
    mutating func follow(wasOver: Bool, isOver: Bool) {
        if !wasOver || !isOver { focus = 0 }
        if !wasOver && isOver { unseen = true }
    }

    /// The game moved the focus (a focus key it answered).
    mutating func focus(on index: Int) {
        focus = index
    }

    /// A frame showing the box was drawn: it takes the keys and clicks that follow.
    mutating func shown() {
        unseen = false
    }

    /// True for a key or click the box must not take: it has not been seen yet.
    func holdsBack(_ input: Input) -> Bool {
        switch input {
        case .key, .mouse: unseen
        case .tick, .resize, .focus: false
        }
    }
}

extension ArcadeShell {
    /// What the game-over box of the game on screen does with `input`: a key it takes is the
    /// game's to answer (`GameScreen.answerGameOver`, the box built once for the key), a
    /// click presses one of its buttons, and a box not yet seen takes neither. Nil: no box is
    /// up, or the input is not the box's (ticks go on to the game).
    mutating func updateGameOver(_ input: Input, in frame: Frame) -> [AppEffect]? {
        let gameFrame = Self.gameFrame(in: frame)
        guard active?.screen.showsGameOver(in: gameFrame) == true else { return nil }
        if gameOver.holdsBack(input) { return [] }
        if case .key(let key) = input {
            guard active?.screen.gameOverTakes(key, focus: gameOver.focus, in: gameFrame) == true else { return [] }
            let focus = gameOver.focus
            var movedFocus: Int?
            let effects = withGame(in: frame) { game, gameFrame in
                switch game.answerGameOver(key, focus: focus, in: gameFrame) {
                case .focus(let index)?: movedFocus = index; return []
                case .effects(let effects)?: return effects
                case nil: return []
                }
            }
            if let movedFocus { gameOver.focus(on: movedFocus) }
            return effects
        }
        guard let box = active?.screen.gameOverBox(in: gameFrame, focus: gameOver.focus) else { return nil }
        return click(box.dialog, in: box.area, input, in: frame)
    }

    /// Clicks on the game-over box (centred in `area`) press its buttons. Nil: the input is
    /// not a click (ticks go on to the game).
    private mutating func click(_ dialog: Dialog, in area: Rect, _ input: Input, in frame: Frame) -> [AppEffect]? {
        let index: Int?
        switch input {
        case .key:
            return nil
        case .mouse(let event) where event.action == .press:
            index = dialog.buttonIndex(at: event.at, in: area)
        case .mouse:
            return []
        case .tick, .resize, .focus:
            return nil
        }
        guard let index else { return [] }
        return withGame(in: frame) { game, gameFrame in game.chooseGameOver(index, in: gameFrame) }
    }

    /// The run loop has drawn a frame of the shell (not the "too small" message): a game-over
    /// box on it is seen from now on, and answers the keys and clicks that follow. Help or a
    /// question drawn over the box hides it: it is seen once a frame shows it uncovered.
    public mutating func presented() {
        if overlay == nil { gameOver.shown() }
    }
}
