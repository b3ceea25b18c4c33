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
        case .tick, .resize, .focus, .network: false
        }
    }
}

/// What a key or click did to the game on screen (`GameScreen.answer`): nothing, moved the
/// focus of its game-over box, or changed the game (`wasOver`: through the box).
enum GameAnswer {
    case ignored
    case focus(Int)
    case effects([GameEffect], wasOver: Bool)
}

extension GameScreen {
    /// What a key or click does: the game-over box's when one is up, built once for it (a
    /// button's hot key, or Enter and Space on the focused button, press it; the focus keys
    /// move the focus; the game's other game-over keys do their action; a click presses the
    /// button under it; a box not yet seen takes nothing), else the game's own `update`.
    mutating func answer(_ input: Input, box: GameOverBox, in frame: Frame) -> GameAnswer {
        // A box not drawn yet takes nothing: asked first, without building the box, for the
        // rest of a paste that ended the game.
        if box.holdsBack(input), showsGameOver(in: frame) { return .ignored }
        guard let over = gameOver(in: frame) else { return .effects(update(input, in: frame), wasOver: false) }
        let dialog = over.dialog(focus: box.focus)
        let index: Int?
        switch input {
        case .key(let key):
            index = dialog.buttonIndex(for: key)
            if index == nil {
                if let moved = GameOverKey.focus(of: dialog, movedBy: key) { return .focus(moved) }
                guard let action = over.keys.action(for: key) else { return .ignored }
                return .effects(perform(action, in: frame), wasOver: true)
            }
        case .mouse(let event) where event.action == .press:
            index = dialog.buttonIndex(at: event.at, in: over.area(of: dialog, in: frame))
        case .mouse:
            index = nil
        case .tick, .resize, .focus, .network:
            return .effects(update(input, in: frame), wasOver: true)
        }
        guard let index, over.actions.indices.contains(index) else { return .ignored }
        return .effects(perform(over.actions[index], in: frame), wasOver: true)
    }
}

extension ArcadeShell {
    /// The run loop has drawn a frame of the shell (not the "too small" message): a game-over
    /// box on it is seen from now on, and answers the keys and clicks that follow. Help or a
    /// question drawn over the box hides it: it is seen once a frame shows it uncovered.
    public mutating func presented() {
        if overlay == nil { gameOver.shown() }
    }
}
