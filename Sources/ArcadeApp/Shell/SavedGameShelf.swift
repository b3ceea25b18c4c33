/// The games left in progress, as the shell keeps them: the saves the store has (by game and
/// mode), those it could not take, and the save the game on screen was resumed from.
///
/// A value the shell changes as games are left, resumed and finished, and as the store
/// answers (`ArcadeShell+SavedGames.swift` does that, and marks the menu).
struct SavedGameShelf: Equatable {
    /// The games left in progress, by game and mode, as the store has them.
    private(set) var saved: [SaveSlot: SavedGame]
    /// Games left in progress the store could not take, with the mode whose save each replaces
    /// (a game resumed from one mode's save and left in another): kept here for this run (they
    /// can be resumed), never marked on the menu, and written again on each return to the menu
    /// until the store's reread shows them, or a newer save another arcade left; what is left
    /// at quit is said lost.
    private(set) var unsaved: [SaveSlot: String?] = [:]
    /// The saved game the game on screen was resumed from, until that game is finished or
    /// kept again (nil for a new game): what it ends, and what it replaces if its mode changed.
    var resumedFrom: SaveSlot?

    /// The saves of `games` that can be resumed, by game and mode.
    init(_ saves: [SavedGame], of games: [GameInfo]) {
        saved = Self.resumable(saves, of: games)
    }

    private static func resumable(_ saves: [SavedGame], of games: [GameInfo]) -> [SaveSlot: SavedGame] {
        var result: [SaveSlot: SavedGame] = [:]
        for save in saves where games.contains(where: { $0.id == save.game && $0.resume != nil }) {
            result[save.slot] = save
        }
        return result
    }

    /// The games with a save the store took, to mark on the menu (never one only in memory).
    var marked: Set<GameID> { Set(saved.keys.filter { unsaved[$0] == nil }.map(\.game)) }

    /// Game `id`'s saves in the order they are offered: the last one left first (then by
    /// mode, so the order never depends on the dictionary's).
    func saves(of id: GameID) -> [SavedGame] {
        saved.values.filter { $0.game == id }.sorted { left, right in
            left.savedAt != right.savedAt ? left.savedAt > right.savedAt : left.mode < right.mode
        }
    }

    /// Slots in an order that never depends on a dictionary's: by game, then mode.
    private static func slotOrder(_ left: SaveSlot, _ right: SaveSlot) -> Bool {
        (left.game.rawValue, left.mode) < (right.game.rawValue, right.mode)
    }

    /// The saves of the games the store could not take, but for those `effects` save anew.
    func retries(besides effects: [AppEffect]) -> [AppEffect] {
        let saving = Set(effects.compactMap { effect -> SaveSlot? in
            if case .saveGame(let saved, _) = effect { return saved.slot }
            return nil
        })
        return unsaved.keys.filter { !saving.contains($0) }.sorted(by: Self.slotOrder).compactMap { slot in
            saved[slot].map { .retrySave($0, replacing: unsaved[slot] ?? nil) }
        }
    }

    /// The saves the store has now (`RuntimeReport.stored`), and those it could not take
    /// so far: each of these is said saved once the store has it, given up for a newer one
    /// another arcade left since, or else kept for this run (over the save it replaces).
    /// Returns what the menu says of them.
    mutating func adopt(_ stored: [SavedGame], of games: [GameInfo]) -> [String] {
        var fresh = Self.resumable(stored, of: games)
        var news: [String] = []
        for slot in unsaved.keys.sorted(by: Self.slotOrder) {
            guard let kept = saved[slot], let replacing = unsaved[slot] else { continue }
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
        saved = fresh
        return news
    }

    /// Keep `save` of the game on screen, left in progress: the save it was resumed from goes
    /// when its mode changed. Returns the mode whose save it replaces, for the store.
    mutating func keep(_ save: SavedGame) -> String? {
        let replaced = resumedFrom.flatMap { $0 != save.slot ? $0 : nil }
        if let replaced { forget(replaced) }
        // A save the store has not taken yet still replaces what it replaced.
        let pending: String? = unsaved[save.slot] ?? nil
        saved[save.slot] = save
        unsaved[save.slot] = nil
        return replaced?.mode ?? pending
    }

    /// The store could not take the save of `slot`, which replaces `replacing`'s.
    mutating func notKept(_ slot: SaveSlot, replacing: String?) {
        unsaved[slot] = .some(replacing)
    }

    /// The game on screen has finished: the save it was resumed from goes (and a save never
    /// taken that replaced another mode's: the mode of that one is returned too).
    mutating func finish() -> (ended: SaveSlot?, replaced: String?) {
        guard let ended = resumedFrom else { return (nil, nil) }
        let replaced = unsaved[ended] ?? nil
        forget(ended)
        resumedFrom = nil
        return (ended, replaced)
    }

    mutating func forget(_ slot: SaveSlot) {
        unsaved[slot] = nil
        saved[slot] = nil
    }

    /// What leaving `game` (the screen of `active`, at `time`) keeps: its state when it has one
    /// to keep (a game in progress, or a resumed one still loading its deck), under the mode it
    /// is in now, else the end of the saved game it was resumed from. A game resumed from one
    /// mode's save and left in another replaces that save.
    mutating func leave(_ game: any GameScreen, of active: ActiveGame, at time: Double) -> AppEffect? {
        let id = active.info.id
        if active.info.resume != nil, let save = game.savedState() {
            let saved = SavedGame(game: id, mode: game.saveMode(), save: save,
                                  seed: active.seed, session: active.session, savedAt: time)
            return .saveGame(saved, replacing: keep(saved))
        }
        guard let resumed = resumedFrom, self.saved[resumed] != nil else { return nil }
        forget(resumed)
        resumedFrom = nil
        return .forgetSavedGame(id, mode: resumed.mode)
    }
}
