import ArcadeRecords

/// The games left in progress (`SavedGameShelf`): what leaving a game keeps or forgets, the
/// store's answers, and the menu's marks.
extension ArcadeShell {
    /// The games left in progress, by game and mode, as the store has them.
    public var savedGames: [SaveSlot: SavedGame] { shelf.saved }

    /// The saves the store has now (`RuntimeReport.stored`); the menu says what became of
    /// those it could not take before.
    mutating func adoptStored(_ saved: [SavedGame]) {
        let news = shelf.adopt(saved, of: games)
        if !news.isEmpty { menu.notice = news.joined(separator: " ") }
        markSavedGames()
    }

    /// What leaving `game` (the active one) keeps (`SavedGameShelf.leave`).
    mutating func keepOrForget(_ game: any GameScreen) -> [AppEffect] {
        guard let active, let effect = shelf.leave(game, of: active, at: now()) else { return [] }
        markSavedGames()
        return [effect]
    }

    /// The menu's marks follow the shelf (a game is marked when any of its modes has a save
    /// the store took), and its notes what each game has to say now (`GameInfo.menuNote`:
    /// the Temples cards due).
    mutating func markSavedGames() {
        var notes: [GameID: String] = [:]
        for info in games { notes[info.id] = info.menuNote?(context(for: info.id, seed: 0)) }
        menu.mark(saved: shelf.marked, notes: notes)
    }

    mutating func forgetSavedGame(_ slot: SaveSlot) {
        shelf.forget(slot)
        markSavedGames()
    }
}
