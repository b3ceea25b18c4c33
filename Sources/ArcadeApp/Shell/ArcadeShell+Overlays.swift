import ArcadeUI

/// What is drawn over the menu, a page or a game: help (scrolled), the questions, the resume
/// offer (`ArcadeShell+Resume`), and the pause of a timed game (on `p`, when the terminal
/// loses focus, and after a minute without a key or click).
public enum Overlay: Equatable {
    case help
    /// "Leave this game? (y/n)"
    case confirmLeave
    /// "Quit the arcade? (y/n)", from Esc on the menu.
    case confirmQuit
    /// A question the game asked; yes calls its `confirmed(_:)`.
    case confirm(Confirmation)
    /// "Resume (score 12, 3 minutes ago)" or "New game", for a game with a saved game.
    case resume(ResumeOffer)
    /// A timed game paused: the table is hidden until a key is pressed.
    case paused

    /// Behind the "too small" message: `q` does what it always does, and an open question
    /// can still be answered (its words are the message's hint).
    func acceptsWhileTooSmall(_ key: Key) -> Bool {
        switch self {
        case .confirmLeave, .confirmQuit, .confirm:
            // The question's own keys (y, n in either case, Esc), and q, which closes it.
            return key == .character("q") || YesNoQuestion.leave.dialog.buttonIndex(for: key) != nil
        case .resume(let offer):
            return offer.acceptsWhileTooSmall(key)
        case .help, .paused:
            return key == .character("q")  // while paused, q goes on as any key does
        }
    }

    /// Draw the overlay over the screen (help is drawn by the shell, which knows its sheet;
    /// the pause with the game, above its key line).
    func draw(into grid: inout CellGrid) {
        switch self {
        case .confirmLeave: YesNoQuestion.leave.draw(into: &grid)
        case .confirmQuit: YesNoQuestion.quit.draw(into: &grid)
        case .confirm(let question): YesNoQuestion(title: question.title, message: question.question).draw(into: &grid)
        case .resume(let offer): offer.draw(into: &grid)
        case .help, .paused: break
        }
    }

    /// Where the cursor goes when it follows focus: the focused button of a question or of
    /// the resume offer; nil for help and the pause, which have none.
    func cursorPosition(in frame: Frame) -> Point? {
        switch self {
        case .help, .paused: return nil
        case .confirmLeave: return YesNoQuestion.leave.dialog.focusedButtonPoint(in: frame.bounds)
        case .confirmQuit: return YesNoQuestion.quit.dialog.focusedButtonPoint(in: frame.bounds)
        case .confirm(let question):
            return YesNoQuestion(title: question.title, message: question.question).dialog.focusedButtonPoint(in: frame.bounds)
        case .resume(let offer): return offer.cursorPosition(in: frame)
        }
    }

    /// What the "too small" message says can still be done.
    var tooSmallHint: String {
        switch self {
        case .confirmLeave: return YesNoQuestion.leave.message
        case .confirmQuit: return YesNoQuestion.quit.message
        case .confirm(let question): return question.question
        case .resume: return ResumeOffer.tooSmallHint
        case .help: return "q: close help"
        case .paused: return "Paused: q goes on"
        }
    }
}

/// The shell's side of the overlays: every input goes to the one open.
extension ArcadeShell {

    /// An input while `overlay` is open: it goes to the overlay, never to what is under it.
    mutating func updateOverlay(_ overlay: Overlay, _ input: Input, in frame: Frame) -> [AppEffect] {
        let size = frame.size
        switch (overlay, input) {
        case (_, .tick), (_, .resize), (_, .focus):
            return []
        case (.resume(let offer), _):
            return updateResume(offer, input, in: frame)
        case (.help, _):
            // Scrolling keys and the wheel move a long sheet; any other key or a click closes it
            // (without building the sheet, for the next key of a paste).
            if case .key(let key) = input, !HelpOverlay.scrollKeys.contains(key) {
                self.overlay = nil
            } else if let offset = HelpOverlay.scroll(helpScroll, by: input, sheet: helpSheet(in: frame), in: frame) {
                helpScroll = offset
            } else {
                self.overlay = nil
            }
        case (.paused, .key):
            self.overlay = nil  // any key goes on, and is not also a move
        case (.paused, .mouse(let event)) where event.action == .press:
            self.overlay = nil
        case (_, .key(.character("q"))):
            self.overlay = nil  // q closes a question, as it opened the leave question
        case (.confirmLeave, _):
            if let yes = YesNoQuestion.leave.answer(to: input, in: size) {
                self.overlay = nil
                if yes { return leaveGame() }
            }
        case (.confirmQuit, _):
            if let yes = YesNoQuestion.quit.answer(to: input, in: size) {
                self.overlay = nil
                if yes { return [.quit] }
            }
        case (.confirm(let question), _):
            let answer = if case .key(let key) = input { YesNoQuestion.answer(to: key) }
                else { YesNoQuestion(title: question.title, message: question.question).answer(to: input, in: size) }
            if let yes = answer {
                self.overlay = nil
                if yes {
                    return withGame(in: frame) { game, gameFrame in game.confirmed(question.action, in: gameFrame) }
                }
            }
        default:
            break
        }
        return []
    }

    /// Pause the game on screen when it is timed and nothing else is over it.
    mutating func pauseIfTimed() {
        guard overlay == nil, active?.screen.isTimed == true else { return }
        overlay = .paused
    }

    /// `seconds` for a timed game, counted only up to a minute after the last key or click:
    /// then the game pauses itself, and the time nobody played is not its time.
    mutating func tickTimedGame(_ seconds: Double, in frame: Frame) -> [AppEffect] {
        let counted = min(max(0, seconds), max(0, Self.idleLimit - idleSeconds))
        idleSeconds += max(0, seconds)
        let effects = counted > 0 ? forwardToGame(.tick(counted), in: frame) : []
        if idleSeconds >= Self.idleLimit {
            idleSeconds = 0
            pauseIfTimed()
        }
        return effects
    }
}
