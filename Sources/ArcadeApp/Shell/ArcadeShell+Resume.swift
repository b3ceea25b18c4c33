import ArcadeUI

/// The shell's side of the resume offer (`ResumeOffer`): which save a game opening offers,
/// and what Resume, New game and going back do.
extension ArcadeShell {
    /// Offer the latest save of `info`'s game that reads, of the mode `requested` when one is
    /// asked for (the saves of other modes are kept, and not even read). A save that does not
    /// read is dropped, and the menu says so before anything else happens: `dropped` forgets
    /// those.
    mutating func offerSave(of info: GameInfo, requested: String?) -> (offered: Bool, dropped: [AppEffect]) {
        let id = info.id
        var dropped: [AppEffect] = []
        for saved in shelf.saves(of: id) {
            // A save whose mode is named and is not the one asked for is not even read.
            if let requested, !saved.mode.isEmpty, saved.mode != requested { continue }
            switch ResumeOffer.read(saved, of: info, with: resumeContext(saved), requested: requested, now: now()) {
            case .offer(let offer):
                overlay = .resume(offer)
                return (true, dropped)
            case .otherMode:
                continue
            case .unreadable:
                forgetSavedGame(saved.slot)
                menu.notice = ResumeOffer.unreadable(info)
                dropped.append(.forgetSavedGame(id, mode: saved.mode))
            }
        }
        return (false, dropped)
    }

    /// What a saved game is resumed with: its own seed, the options the game was opened with.
    func resumeContext(_ saved: SavedGame) -> GameContext {
        context(for: saved.game, seed: saved.seed ?? nextSeed())
    }

    /// A game that has changed mode inside itself (Set's `g`) into a mode with a saved game
    /// offers that save, as opening the game in that mode does: Resume puts the saved game on
    /// screen, New game forgets it and plays on, q and Esc go back to the menu with it kept.
    /// Saves are per mode: leaving the game just begun must never replace that save unasked.
    mutating func offerSaveOfModeEntered(from before: String) {
        guard overlay == nil, let active else { return }
        let mode = active.screen.saveMode()
        guard mode != before else { return }
        let slot = SaveSlot(game: active.info.id, mode: mode)
        // The save this game was resumed from is this game's own: leaving it replaces it.
        guard slot != shelf.resumedFrom, let saved = shelf.saved[slot],
              case .offer(let offer) = ResumeOffer.read(saved, of: active.info, with: resumeContext(saved), requested: mode,
                                                        now: now()) else { return }
        overlay = .resume(offer)
    }

    /// An input while `offer` is open: its answer (see `ResumeOffer.answer`).
    mutating func updateResume(_ offer: ResumeOffer, _ input: Input, in frame: Frame) -> [AppEffect] {
        var offer = offer
        let answer = offer.answer(input, in: frame)
        overlay = .resume(offer)
        switch answer {
        case nil:
            return []
        case .back?:
            overlay = nil
            guard active != nil else { return [] }
            // Offered in a game that changed mode: the game just begun in it goes, the save stays.
            closeGame()
            return backOnTheMenu(after: [])
        case .choose(.resume)?:
            overlay = nil
            return resume(offer, in: frame)
        case .choose(.newGame)?:
            overlay = nil
            return newGame(replacing: offer, in: frame)
        }
    }

    /// Resume the saved game on offer: the screen read from it when the offer opened.
    mutating func resume(_ offer: ResumeOffer, in frame: Frame) -> [AppEffect] {
        guard let info = games.entry(offer.game) else { return [] }
        let effects = show(info, offer.screen, seed: offer.seed,
                           session: offer.saved.session ?? ActiveGame.session(of: instance, startedAt: now(), seed: offer.seed), in: frame)
        shelf.resumedFrom = offer.saved.slot
        return effects
    }

    /// A new game of the mode on offer, which it replaces: when no mode was asked for (the
    /// menu), the mode's own options open it.
    mutating func newGame(replacing offer: ResumeOffer, in frame: Frame) -> [AppEffect] {
        let id = offer.game
        forgetSavedGame(offer.saved.slot)
        // Offered in a game that changed mode: the game just begun in it goes on.
        if active != nil { return [.forgetSavedGame(id, mode: offer.saved.mode)] }
        if let modes = games.entry(id)?.modes, modes.requested(context(for: id, seed: 0)) == nil {
            gameOptions = modes.options(offer.mode) ?? gameOptions
        }
        return [.forgetSavedGame(id, mode: offer.saved.mode)] + start(id, in: frame)
    }
}
