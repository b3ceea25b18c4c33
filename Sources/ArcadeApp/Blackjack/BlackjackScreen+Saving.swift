import ArcadeUI
import BlackjackModel

/// Saving and resuming. What a saved game holds is `Saved` as JSON: its shape is what games
/// already kept decode from, so it changes only with `savedVersion`.
extension BlackjackScreen {
    /// What a saved game is: the model (the shoe and its generator included), the status
    /// line and the page on screen. The rest follows: the shown score is the model's once
    /// the dealer's play is settled, the clock has started (a hand was dealt) and is not
    /// finished (the game is not over), and no alert is up while a game is in progress.
    private struct Saved: Codable {
        var game: BlackjackGame
        var status: [String]
        var tone: String
        var page: Page
        var aboutOffset: Int
        /// The coach's session (nil in a save from before the coach).
        var coach: BlackjackCoach?
    }

    /// The saved form's version; raise it when `Saved` changes.
    private static let savedVersion = 1

    /// The game as leaving leaves it: a dealer's play still being shown is settled first,
    /// as leaving settles it (`willLeave`), so the resumed table shows the outcome, the
    /// moved score and the next deal, steady.
    func savedState() -> GameSave? {
        guard isInProgress else { return nil }
        var left = self
        _ = left.willLeave()
        let table = left.table
        let saved = Saved(game: table.game, status: table.status.wordings, tone: Self.name(of: table.status.tone),
                          page: left.page, aboutOffset: left.about.offset, coach: table.coach)
        let summary = "score \(table.shownScore), hand \(max(1, table.game.handNumber)) of \(BlackjackGame.handsPerGame)"
        return SavedState.encode(saved, version: Self.savedVersion, summary: summary)
    }

    /// The game `state` (from `savedState()`) describes, going on as it would have (the
    /// same next cards); nil when it does not decode or is not a game in progress.
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(Saved.self, version: Self.savedVersion, from: state),
              saved.game.handNumber > 0, !saved.game.isGameOver,
              let tone = Self.tone(named: saved.tone), saved.aboutOffset >= 0 else { return nil }
        self.init(game: saved.game, scores: context.scores, showsNewGameAlert: false)
        table.status = StatusLine(saved.status, tone: tone)
        // A drill is not kept: a game left in one resumes on its table.
        page = saved.page == .drill ? .table : saved.page
        about = BlackjackAboutPage(offset: saved.aboutOffset)
        // The session's count goes on; whether it is on, and the record, are the player's now.
        table.coach = BlackjackCoach(settings: context.settings, tallies: context.tallies)
        table.setChosenRules(Self.rules(options: context.options, settings: context.settings))
        table.pace = AnimationPace(settings: context.settings)
        if let session = saved.coach {
            table.coach.decisions = session.decisions
            table.coach.right = session.right
            table.coach.verdict = session.verdict
        }
        table.clock.start()
    }

    /// The status line's tones by the names a save keeps them under.
    private static let tones: [(String, StatusLine.Tone)] = [
        ("plain", .plain), ("strong", .strong), ("good", .good), ("bad", .bad), ("warning", .warning),
        ("quiet", .quiet),
    ]

    private static func name(of tone: StatusLine.Tone) -> String {
        tones.first { $0.1 == tone }?.0 ?? "plain"
    }

    private static func tone(named name: String) -> StatusLine.Tone? {
        tones.first { $0.0 == name }?.1
    }
}
