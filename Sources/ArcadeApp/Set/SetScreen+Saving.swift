import ArcadeUI
import SetModel

/// A Set game left in progress, kept and read back.
extension SetScreen {
    /// The table as the player left it, while a game is in progress ("score 12" for the offer).
    func savedState() -> GameSave? {
        // A table for friends is never kept: it lives on the host, and is joined anew.
        guard isInProgress, friends == nil else { return nil }
        let saved = SetSavedGame(game: table.game, cursor: table.cursor.index, wordings: table.wordings,
                                 hinted: table.hinted, hintedBoard: table.hintedBoard,
                                 showsSetCount: table.showsSetCount, clock: table.clock,
                                 mode: mode, daily: daily, day: day, versus: versus)
        return SavedState.encode(saved, version: SetSavedGame.version, summary: page.saveSummary(table))
    }

    /// The table a `savedState()` describes; nil when `state` is not one (another version,
    /// or text that does not decode to a table this screen could show).
    init?(restoring state: String, context: GameContext, cardStyle: SetCardStyle = .glyphs) {
        guard let saved = SavedState.decode(SetSavedGame.self, version: SetSavedGame.version, from: state),
              saved.isValid else { return nil }
        self.cardStyle = cardStyle
        table = SetTable(game: saved.game, cursor: GridCursor(saved.cursor), wordings: saved.wordings, clock: saved.clock,
                         showsSetCount: saved.showsSetCount, hinted: saved.hinted, hintedBoard: saved.hintedBoard)
        today = context.today
        dailyDay = context.options["--date"].flatMap(CalendarDay.init(text:)) ?? context.today
        day = saved.mode == .daily ? saved.day ?? dailyDay : dailyDay
        keptDaily = context.daily
        scores = context.scores
        if let puzzle = saved.daily {
            page = .daily(SetDailyPage(puzzle: puzzle, day: day, result: keptDaily[day.text]))
            // A daily puzzle whose day was solved meanwhile (in another arcade) shows that result.
            if keptDaily[day.text] != nil { _ = table.clock.finish() }
        } else if let match = saved.versus {
            page = .versus(SetVersusPage(match: match))
        }
    }
}
