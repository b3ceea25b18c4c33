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

    /// What leaving `game` (the active one) keeps: its state when it has one to keep (a game
    /// in progress, or a resumed one still loading its deck), under the mode it is in now
    /// (`GameModes.current`), else the end of the saved game it was resumed from. A game
    /// resumed from one mode's save and left in another replaces that save.
    mutating func keepOrForget(_ game: any GameScreen) -> [AppEffect] {
        guard let active else { return [] }
        let id = active.info.id
        if active.info.resume != nil, let save = game.savedState() {
            let saved = SavedGame(game: id, mode: game.saveMode(), save: save,
                                  seed: active.seed, session: active.session, savedAt: now())
            let replacing = shelf.keep(saved)
            markSavedGames()
            return [.saveGame(saved, replacing: replacing)]
        }
        guard let resumed = shelf.resumedFrom, shelf.saved[resumed] != nil else { return [] }
        forgetSavedGame(resumed)
        shelf.resumedFrom = nil
        return [.forgetSavedGame(id, mode: resumed.mode)]
    }

    /// The menu's marks follow the shelf (a game is marked when any of its modes has a save
    /// the store took), and its notes what each game has to say now (`GameInfo.menuNote`:
    /// the Temples cards due).
    mutating func markSavedGames() {
        let marked = shelf.marked
        for index in menu.rows.indices {
            let id = menu.rows[index].id
            menu.rows[index].hasSavedGame = marked.contains(id)
            menu.rows[index].note = games.first { $0.id == id }?.menuNote?(context(for: id, seed: 0))
        }
    }

    mutating func forgetSavedGame(_ slot: SaveSlot) {
        shelf.forget(slot)
        markSavedGames()
    }
}
