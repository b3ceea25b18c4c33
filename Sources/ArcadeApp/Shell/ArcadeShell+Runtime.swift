import ArcadeRecords
import ArcadeUI

/// The shell's exchange with the effect runtime: a game's effects turned into app effects
/// (`appEffects`), and what the runtime learned coming back (`receive`).
extension ArcadeShell {
    /// What the effect runtime learned: the record takes what it keeps (`PlayerRecord.take`),
    /// recorded scores go to the menu and to the game they belong to, a notice under the menu.
    public mutating func receive(_ report: RuntimeReport, in frame: Frame) -> [AppEffect] {
        if record.take(report, of: games) { markSavedGames() }
        switch report {
        case .scoresRecorded(let id, let entries):
            menu.showBests([id: entries], of: games)
            guard active?.info.id == id else { return [] }
        case .notice(let notice):
            menu.notice = notice
            return []
        case .stored(_, let saved):
            menu.showBests(record.scores, of: games)
            adoptStored(saved)
            return []
        case .notKept(let slot, let replacing, _):
            shelf.notKept(slot, replacing: replacing)
            markSavedGames()
            return []
        case .learnDue:
            return []
        case .deck(let id, _):
            guard active?.info.id == id else { return [] }
        case .network(let arrived):
            return active == nil ? [] : forwardToGame(.network(arrived), in: frame)
        case .statistics(let statistics):
            showStatistics(statistics)
            return []
        case .carriedOut(let effect):
            // The player's record follows what the runtime kept. A learn answer changes the
            // menu's count of the cards due: on the menu already (the answer came with the
            // leaving), that deck is counted again now.
            guard record.note(effect, of: games) else { return [] }
            markSavedGames()
            guard active == nil else { return [] }
            return record.countsDue(on: today().dayNumber)
        }
        return withGame(in: frame) { game, gameFrame in game.received(report, in: gameFrame) }
    }

    /// What the app must do for `effects` of game `id`: most travel as they are
    /// (`AppEffect.game`); `.leave` closes the game here, `.confirm` asks, a result becomes a
    /// `ScoreRecord` with the game's seed and saved game, a setting is the shell's too.
    mutating func appEffects(_ effects: [GameEffect], from id: GameID) -> [AppEffect] {
        var result: [AppEffect] = []
        var left = false
        // The game's seed and session, still its own after a `.leave` among the effects (only
        // those: a second holder of the game would make a change to it copy its whole state).
        let seed = active?.seed, session = active?.session
        for effect in effects {
            switch effect {
            case .leave:
                if let game = active?.screen { result += keepOrForget(game) }
                closeGame()
                left = true
            case .recordScore(let score, let figures, let mode, let duration, let run):
                // A finished game's saved game goes with it (the runtime forgets it too), and a
                // save never taken that replaced another mode's; the saves of other modes stay.
                let (ended, replaced) = shelf.finish()
                if let replaced { result.append(.forgetSavedGame(id, mode: replaced)) }
                if ended != nil { markSavedGames() }
                result.append(.recordScore(id, ScoreRecord(score: score, figures: figures, mode: mode, duration: duration,
                                                           seed: seed, run: run.map { "\(session ?? "") \($0)" },
                                                           savedGameMode: ended?.mode)))
            case .confirm(let question):
                overlay = .confirm(question)
            case .remember(let key, let value):
                settings.remember(key, value)
                result.append(.remember(setting: key, value: value))
            case .sound, .bell, .deck, .recordDaily, .tally, .learned, .network:
                result.append(.game(id, effect))
            }
        }
        // Back on the menu, after what the game asked for is done: the lists read again.
        return left ? backOnTheMenu(after: result) : result
    }
}
