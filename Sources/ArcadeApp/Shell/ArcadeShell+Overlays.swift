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

/// What an input did to the open overlay (other than the resume offer, which answers for
/// itself): nothing yet, closed it, scrolled help, or answered a question yes.
enum OverlayAnswer: Equatable {
    case stay
    case close
    case scroll(Int)
    case leaveGame
    case quit
    case confirmed(Confirmation.Action)
}

extension Overlay {
    /// What `input` does to this overlay, with help scrolled `helpScroll` rows down over the
    /// sheet `helpSheet` gives (built only for a scrolling key or the wheel).
    func answer(_ input: Input, helpScroll: Int, helpSheet: () -> HelpSheet, in frame: Frame) -> OverlayAnswer {
        let size = frame.size
        switch (self, input) {
        case (_, .tick), (_, .resize), (_, .focus), (_, .network), (.resume, _):
            return .stay
        case (.help, _):
            // Scrolling keys and the wheel move a long sheet; any other key or a click closes it
            // (without building the sheet, for the next key of a paste).
            if case .key(let key) = input, !HelpOverlay.scrollKeys.contains(key) { return .close }
            return HelpOverlay.scroll(helpScroll, by: input, sheet: helpSheet(), in: frame).map(OverlayAnswer.scroll) ?? .close
        case (.paused, .key):
            return .close  // any key goes on, and is not also a move
        case (.paused, .mouse(let event)):
            return event.action == .press ? .close : .stay
        case (_, .key(.character("q"))):
            return .close  // q closes a question, as it opened the leave question
        case (.confirmLeave, _):
            return YesNoQuestion.leave.answer(to: input, in: size).map { $0 ? .leaveGame : .close } ?? .stay
        case (.confirmQuit, _):
            return YesNoQuestion.quit.answer(to: input, in: size).map { $0 ? .quit : .close } ?? .stay
        case (.confirm(let question), _):
            let answer = if case .key(let key) = input { YesNoQuestion.answer(to: key) }
                else { YesNoQuestion(title: question.title, message: question.question).answer(to: input, in: size) }
            return answer.map { $0 ? .confirmed(question.action) : .close } ?? .stay
        }
    }
}

/// A timed game's time without a key or click: of an idle minute only the minute counts, and
/// then the game pauses itself.
struct IdleTime {
    /// Seconds without a key or click after which a timed game pauses itself.
    static let limit = 60.0
    /// Seconds the timed game on screen has run since the last key or click.
    private(set) var seconds = 0.0

    /// A key or click: the idle time starts again.
    mutating func reset() { seconds = 0 }

    /// `elapsed` more seconds: how many of them count for the game, and whether it pauses now.
    mutating func pass(_ elapsed: Double) -> (counted: Double, pause: Bool) {
        let counted = min(max(0, elapsed), max(0, Self.limit - seconds))
        seconds += max(0, elapsed)
        guard seconds >= Self.limit else { return (counted, false) }
        seconds = 0
        return (counted, true)
    }
}

/// The shell's side of the overlays: every input goes to the one open.
extension ArcadeShell {
    /// An input while `overlay` is open: it goes to the overlay, never to what is under it.
    mutating func updateOverlay(_ overlay: Overlay, _ input: Input, in frame: Frame) -> [AppEffect] {
        switch input {
        case .tick, .resize, .focus, .network: return []
        case .key, .mouse: break
        }
        if case .resume(let offer) = overlay { return updateResume(offer, input, in: frame) }
        switch overlay.answer(input, helpScroll: helpScroll, helpSheet: { helpSheet(in: frame) }, in: frame) {
        case .stay: return []
        case .scroll(let offset): helpScroll = offset; return []
        case .close: self.overlay = nil; return []
        case .leaveGame: self.overlay = nil; return leaveGame()
        case .quit: self.overlay = nil; return [.quit]
        case .confirmed(let action):
            self.overlay = nil
            return withGame(in: frame) { game, gameFrame in game.confirmed(action, in: gameFrame) }
        }
    }

    /// Pause the game on screen when it is timed and nothing else is over it.
    mutating func pauseIfTimed() {
        guard overlay == nil, active?.screen.isTimed == true else { return }
        overlay = .paused
    }

    /// `seconds` for a timed game, counted only up to a minute after the last key or click:
    /// then the game pauses itself, and the time nobody played is not its time.
    mutating func tickTimedGame(_ seconds: Double, in frame: Frame) -> [AppEffect] {
        let (counted, pause) = idle.pass(seconds)
        let effects = counted > 0 ? forwardToGame(.tick(counted), in: frame) : []
        if pause { pauseIfTimed() }
        return effects
    }
}
