import ArcadeStore

/// The games left in progress, as the shell keeps them: what leaving a game keeps or
/// forgets, the saves the store could not take (written again on each return to the menu),
/// and the menu's marks.
extension ArcadeShell {
    /// The saves of `games` that can be resumed, by game and mode.
    static func resumable(_ saved: [SavedGame], of games: [GameInfo]) -> [SaveSlot: SavedGame] {
        var result: [SaveSlot: SavedGame] = [:]
        for save in saved where games.contains(where: { $0.id == save.game && $0.resume != nil }) {
            result[save.slot] = save
        }
        return result
    }

    /// The saves of the games the store could not take, but for those `effects` save anew.
    func retries(besides effects: [AppEffect]) -> [AppEffect] {
        let saving = Set(effects.compactMap { effect -> SaveSlot? in
            if case .saveGame(let saved, _) = effect { return saved.slot }
            return nil
        })
        return unsaved.keys.filter { !saving.contains($0) }.sorted(by: Self.slotOrder).compactMap { slot in
            savedGames[slot].map { .retrySave($0, replacing: unsaved[slot] ?? nil) }
        }
    }

    /// The saves the store has now (`RuntimeReport.stored`), and those it could not take
    /// so far: each of these is said saved once the store has it, given up for a newer one
    /// another arcade left since, or else kept for this run (over the save it replaces).
    mutating func adoptStored(_ saved: [SavedGame]) {
        var fresh = Self.resumable(saved, of: games)
        var news: [String] = []
        for slot in unsaved.keys.sorted(by: Self.slotOrder) {
            guard let kept = savedGames[slot], let replacing = unsaved[slot] else { continue }
            if let stored = fresh[slot], stored == kept {
                // On disk now (a later try took it): marked from here on.
                unsaved[slot] = nil
                news.append("Your \(slot.title(in: games)) game is saved now.")
            } else if let stored = fresh[slot], stored.savedAt > kept.savedAt {
                // Another arcade left a newer one since: that one is the game's save now.
                unsaved[slot] = nil
                news.append("Your \(slot.title(in: games)) game could not be saved, and another arcade has saved a newer one since.")
            } else {
                // Kept for this run; the save it replaces is gone from the menu, as it will
                // be from the store (unless newer: see `ArcadeStore.save`).
                fresh[slot] = kept
                if let replacing, let other = fresh[SaveSlot(game: slot.game, mode: replacing)],
                   other.savedAt <= kept.savedAt {
                    fresh[other.slot] = nil
                }
            }
        }
        savedGames = fresh
        if !news.isEmpty { menu.notice = news.joined(separator: " ") }
        markSavedGames()
    }

    /// Slots in an order that never depends on a dictionary's: by game, then mode.
    static func slotOrder(_ left: SaveSlot, _ right: SaveSlot) -> Bool {
        (left.game.rawValue, left.mode) < (right.game.rawValue, right.mode)
    }

    /// What leaving `game` (the active one) keeps: its state when it has one to keep (a game
    /// in progress, or a resumed one still loading its deck), under the mode it is in now
    /// (`GameModes.current`), else the end of the saved game it was resumed from. A game
    /// resumed from one mode's save and left in another replaces that save.
    mutating func keepOrForget(_ game: any GameScreen) -> [AppEffect] {
        guard let active else { return [] }
        let id = active.info.id
        let resumed = resumedFrom
        if active.info.resume != nil, let save = game.savedState() {
            let saved = SavedGame(game: id, mode: game.saveMode(), save: save,
                                  seed: active.seed, session: active.session, savedAt: now())
            let replaced = resumed.flatMap { $0 != saved.slot ? $0 : nil }
            if let replaced { forgetSavedGame(replaced) }
            // A save the store has not taken yet still replaces what it replaced.
            let pending: String? = unsaved[saved.slot] ?? nil
            let replacing = replaced?.mode ?? pending
            savedGames[saved.slot] = saved
            unsaved[saved.slot] = nil
            markSavedGames()
            return [.saveGame(saved, replacing: replacing)]
        }
        guard let resumed, savedGames[resumed] != nil else { return [] }
        forgetSavedGame(resumed)
        resumedFrom = nil
        return [.forgetSavedGame(id, mode: resumed.mode)]
    }

    /// The menu's marks follow `savedGames` (a game is marked when any of its modes has one
    /// the store took: never one that is only in memory), and its notes what each game has to
    /// say now (`GameInfo.menuNote`: the Temples cards due).
    mutating func markSavedGames() {
        let marked = Set(savedGames.keys.filter { unsaved[$0] == nil }.map(\.game))
        for index in menu.rows.indices {
            let id = menu.rows[index].id
            menu.rows[index].hasSavedGame = marked.contains(id)
            menu.rows[index].note = games.first { $0.id == id }?.menuNote?(context(for: id, seed: 0))
        }
    }

    mutating func forgetSavedGame(_ slot: SaveSlot) {
        unsaved[slot] = nil
        savedGames[slot] = nil
        markSavedGames()
    }
}
