import ArcadeRecords
import ArcadeTerminal
import ArcadeUI
import Glibc

/// Carries out what the shell asks for — a score to record, a sound, the bell, a deck to
/// load, quitting — and reports what it learned as `RuntimeReport`s, which go back to the shell as input.
///
/// The shell and the games stay pure: this is the one place their effects touch files,
/// players and the terminal. It works on any `TerminalDevice`, so tests run it against the
/// fake terminal and a store in a temporary folder.
public final class EffectRuntime {
    private let games: [GameInfo]
    private let data: ArcadeData
    private let player: String
    private let device: TerminalDevice
    private let sound: SoundHelper?
    private var isMuted: Bool
    /// Where the built-in deck is found.
    private let assets: AssetLocator
    /// The sockets of a game played over the network (`GameEffect.network`), which the run
    /// loop waits on too; nil: no game may use the network.
    private let network: SocketNetwork?
    /// The decks the games asked for, loading or loaded (`GameEffect.deck`).
    private var decks = DeckLoading()
    /// Starts loading a `--deck` folder (tests give loaders they hold back).
    var loadFolder: (String) -> DeckLoader {
        get { decks.loadFolder }
        set { decks.loadFolder = newValue }
    }

    /// Seconds since 1970 (tests set the clock).
    var now: () -> Double = { Double(time(nil)) }
    /// True while the arcade quits (`quit`): a save written again waits for a lock as the
    /// quit's budget allows, where on the way back to the menu it does not wait at all.
    private var quitting = false
    /// The settings chosen in the batch of input being applied (`performInBatch`), the last
    /// value of each in the order first chosen: written once the batch is applied
    /// (`applied(on:in:)`), or as the arcade quits.
    private var waitingSettings: [(key: String, value: String)] = []
    /// True while the effects of a batch of input are carried out (`performInBatch`).
    private var inBatch = false
    /// The batch being applied asked for the bell: it rings once, when the batch is applied.
    private var bellWaiting = false

    /// A runtime keeping results and saved games in `data` as `player`, ringing `device`'s
    /// bell, playing cues through `sound` (nil: every cue is the bell), and finding the
    /// built-in deck by `assets`.
    public init(games: [GameInfo], data: ArcadeData, player: String, device: TerminalDevice,
                sound: SoundHelper?, isMuted: Bool, assets: AssetLocator = AssetLocator(roots: []),
                network: SocketNetwork? = nil) {
        self.network = network
        self.games = games
        self.data = data
        self.player = player
        self.device = device
        self.sound = sound
        self.isMuted = isMuted
        self.assets = assets
    }

    /// Carry out `effect`: whether the run loop goes on, and what was learned (with what the
    /// store found on the way, such as a damaged file replaced).
    public func perform(_ effect: AppEffect) -> (control: LoopControl, reports: [RuntimeReport]) {
        let (control, reports) = carryOut(effect)
        guard let notice = data.takeNotice() else { return (control, reports) }
        return (control, reports + [.notice(notice)])
    }

    /// Carry out `effect`, after committing the results of the batch unless it joins them:
    /// whatever else is written (a saved game the menu then marks as saved) is never on disk
    /// before them.
    private func carryOut(_ effect: AppEffect) -> (control: LoopControl, reports: [RuntimeReport]) {
        let committed = joinsBatch(effect) ? [] : commitBatch()
        let (control, reports) = carryOutNow(effect)
        return (control, committed + reports + (PlayerRecord.notes(effect) ? [.carriedOut(effect)] : []))
    }

    /// Whether `effect` may be carried out while the results of the batch wait for their
    /// commit: it is one of them, or it does not touch the store.
    private func joinsBatch(_ effect: AppEffect) -> Bool {
        switch effect {
        case .game(_, .bell), .game(_, .sound), .look, .soundSwitched: return true
        case .recordScore, .game(_, .recordDaily), .game(_, .tally), .game(_, .learned): return inBatch
        default: return false
        }
    }

    /// Commit the results of the batch of input (`ArcadeData.commitBatch`); when they could
    /// not be kept, the notice why and each game's list as the store has it.
    private func commitBatch() -> [RuntimeReport] {
        guard data.hasBatch else { return [] }
        do {
            try data.commitBatch()
            return []
        } catch {
            let lists = data.scores(for: games)
            return [.notice(error.description)] + games.compactMap { game in
                lists[game.id].map { RuntimeReport.scoresRecorded(game.id, $0) }
            }
        }
    }

    private func carryOutNow(_ effect: AppEffect) -> (control: LoopControl, reports: [RuntimeReport]) {
        switch effect {
        case .quit:
            return (.exit(ExitStatus.success), [])
        case .game(let id, let asked):
            return (.proceed, carryOut(asked, for: id))
        case .recordScore(let id, let record):
            return (.proceed, self.record(record, for: id))
        case .saveGame(let saved, let replacing):
            do {
                try data.keep(saved, replacing: replacing)
            } catch {
                // Without a store the menu said at start that nothing is kept; a refusal is news.
                let notice = data.store == nil ? []
                    : [RuntimeReport.notice(Self.notSaved(saved.slot.title(in: games), because: error.description, lostAtQuit: data.isReadOnly))]
                return (.proceed, notice + [.notKept(saved.slot, replacing: replacing, reason: error.description)])
            }
        case .retrySave(let saved, let replacing):
            // The first refusal said what happens next: a refusal again is not said again.
            do {
                try data.keep(saved, replacing: replacing, retrying: true, waiting: quitting ? nil : 0)
            } catch {
                return (.proceed, [.notKept(saved.slot, replacing: replacing, reason: error.description)])
            }
        case .countDue(let deck, let day):
            guard let count = data.learnDue(of: deck, player: player, on: day) else { return (.proceed, []) }
            return (.proceed, [.learnDue(deck: deck, day: day, count: count)])
        case .refreshMenu:
            // Back on the menu no game is on screen: no socket of one stays open, even if the
            // game forgot to close its own as it was left.
            network?.closeAll()
            // What cannot be read is not reported: the menu keeps what it has.
            guard let stored = data.reread(for: games) else { return (.proceed, []) }
            return (.proceed, [.stored(scores: stored.scores, saved: stored.saved)])
        case .forgetSavedGame(let id, let mode):
            guard let game = game(id) else { return (.proceed, []) }
            do { try data.forgetSavedGame(game, mode: mode) } catch { return (.proceed, [.notice(error.description)]) }
        case .remember(let key, let value):
            do { try data.remember(key, value) } catch { return (.proceed, [.notice(error.description)]) }
        case .look(let theme, let palette):
            device.setLook(theme, palette: palette)
        case .soundSwitched(let on):
            isMuted = !on
            sound?.setMuted(!on)
        case .showStatistics:
            do {
                let today = ArcadeData.localDay(now()).dayNumber
                return (.proceed, [.statistics(try GameStatistics.all(from: data.store, games: games, player: player,
                                                                       today: today))])
            } catch {
                return (.proceed, [.notice("The statistics could not be read: \(error)")])
            }
        }
        return (.proceed, [])
    }

    /// Quit: leave the game on screen as `q` would and try once more the saves the store has
    /// not taken (`ArcadeShell.leaveArcade`), within `budget` milliseconds of waiting for
    /// another arcade's lock in all (each write at most `Self.quitWait`): a signal leaves the
    /// arcade a second to end in, and what could not be kept must still be said in it.
    /// Returns what could not be kept, in lines for standard error once the terminal is restored.
    public func quit(_ shell: inout ArcadeShell, budget: Int = 600) -> [String] {
        quitting = true
        defer { quitting = false }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(budget))
        var lines: [String] = []
        // The batch's results first, waiting for another arcade's lock no longer than any write.
        data.shortenBusyTimeout(milliseconds: min(Self.quitWait, budget))
        for case .notice(let notice?) in commitBatch() { lines.append(notice) }
        let waiting = waitingSettings.map { AppEffect.remember(setting: $0.key, value: $0.value) }
        waitingSettings = []
        for effect in waiting + shell.leaveArcade() {
            let left = clock.now.duration(to: deadline).components
            let milliseconds = max(0, Int(left.seconds) * 1000 + Int(left.attoseconds / 1_000_000_000_000_000))
            data.shortenBusyTimeout(milliseconds: min(Self.quitWait, milliseconds))
            lines += performQuitting(effect)
        }
        return lines
    }

    /// The longest one write waits for another arcade's as the arcade quits, in milliseconds.
    static let quitWait = 250

    /// Carry out `effect` as the arcade quits: what could not be kept, in lines for standard
    /// error. A game that cannot be saved now is lost, and they say so: all of it, or what
    /// was played since its save that the store still holds.
    public func performQuitting(_ effect: AppEffect) -> [String] {
        let reports = perform(effect).reports
        var lost: [String] = []
        for case .notKept(let slot, _, let reason) in reports {
            let what = data.hasSavedGame(slot) ? "Your progress since the last save is lost." : "It is lost."
            lost.append("Could not save your \(slot.title(in: games)) game: \(reason). \(what)")
        }
        guard lost.isEmpty else { return lost }
        return reports.compactMap { report in
            if case .notice(let notice?) = report { return notice }
            return nil
        }
    }

    /// The menu's words for a game left in progress that the store could not take: it is tried
    /// again on the way back to the menu, unless the store may only be read (`lostAtQuit`).
    static func notSaved(_ title: String, because reason: String, lostAtQuit: Bool = false) -> String {
        let then = lostAtQuit ? "You can resume it until you quit; then it is lost."
            : "It is kept until you quit, and saved when you come back to the menu once the store takes it."
        return "Your \(title) game could not be saved: \(reason). \(then)"
    }

    /// Carry out `effect` for the shell: the reports go straight back to `shell`, and so
    /// do the effects it answers them with.
    public func perform(_ effect: AppEffect, on shell: inout ArcadeShell, in frame: Frame) -> LoopControl {
        perform(effect, on: &shell, in: frame, settingsWait: false)
    }

    /// Carry out `effect` for the run loop, as `perform(_:on:in:)` does, except that a setting
    /// waits until the batch of input is applied (`applied(on:in:)`) and only its last value
    /// is written then: a flood of keys that each change a setting costs one write a frame.
    /// The bell, too, rings once for the batch however often it was asked for: a paste that
    /// plays forty hands of Blackjack is one frame, and the terminal would sound (or flash)
    /// its bells as one anyway. The results of the batch (games finished, the coach's
    /// tallies, learn-mode answers) are written in one transaction, committed when it is
    /// applied or before anything else is written.
    public func performInBatch(_ effect: AppEffect, on shell: inout ArcadeShell, in frame: Frame) -> LoopControl {
        inBatch = true
        data.batching = true
        defer {
            inBatch = false
            data.batching = false
        }
        return perform(effect, on: &shell, in: frame, settingsWait: true)
    }

    /// The run loop has applied a batch of input (and is about to draw it): ring the bell it
    /// asked for, commit the games it finished and write the settings it chose; what the
    /// store answers goes back to `shell`.
    public func applied(on shell: inout ArcadeShell, in frame: Frame) {
        if bellWaiting {
            bellWaiting = false
            device.bell()
        }
        for report in commitBatch() {
            for effect in shell.receive(report, in: frame) { _ = perform(effect, on: &shell, in: frame) }
        }
        guard !waitingSettings.isEmpty else { return }
        let settings = waitingSettings
        waitingSettings = []
        for (key, value) in settings {
            _ = perform(.remember(setting: key, value: value), on: &shell, in: frame)
        }
    }

    private func perform(_ effect: AppEffect, on shell: inout ArcadeShell, in frame: Frame,
                         settingsWait: Bool) -> LoopControl {
        var pending = [effect]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            if settingsWait, case .remember(let key, let value) = next {
                if let index = waitingSettings.firstIndex(where: { $0.key == key }) {
                    waitingSettings[index].value = value
                } else {
                    waitingSettings.append((key, value))
                }
                continue
            }
            let (control, reports) = perform(next)
            if case .exit = control { return control }
            for report in reports { pending += shell.receive(report, in: frame) }
        }
        return .proceed
    }

    /// Ring the terminal's bell now, or once the batch of input being applied is.
    private func ring() {
        if inBatch { bellWaiting = true } else { device.bell() }
    }

    /// Carry out what game `id` asked for (`AppEffect.game`): what the runtime learned.
    private func carryOut(_ effect: GameEffect, for id: GameID) -> [RuntimeReport] {
        do {
            switch effect {
            case .bell:
                if !isMuted { ring() }
            case .sound(let cue):
                if (sound?.play(cue) ?? (isMuted ? .muted : .bell)) == .bell { ring() }
            case .deck(let request):
                return decks.carryOut(request, for: id, assets: assets) { [data, player] deck in
                    data.learnCards(of: deck, player: player)
                }
            case .recordDaily(let day, let outcome):
                guard let game = game(id) else { return [] }
                try data.recordDaily(outcome, day: day, of: game, player: player, now: now())
            case .tally(let key, let right):
                guard let game = game(id) else { return [] }
                try data.addTally(key, right: right, of: game, player: player)
            case .learned(let deck, let card, let progress, let right, let day):
                try data.recordReview(deck: deck, card: card, progress: progress, right: right, day: day, player: player)
            case .network(let request):
                return carryOut(request)
            case .leave, .confirm, .recordScore, .remember:
                break  // the shell's (`ArcadeShell.appEffects`), never sent as they are
            }
        } catch {
            return [.notice(error.description)]
        }
        return []
    }

    /// Carry out a game's network request: what is known at once comes back as a report,
    /// timed on the run loop's clock as network input is.
    private func carryOut(_ request: NetworkRequest) -> [RuntimeReport] {
        func report(_ connection: Int, _ event: NetworkInput.Event) -> [RuntimeReport] {
            [.network(NetworkInput(connection: connection, event: event, time: RunLoopClock.monotonicSeconds()))]
        }
        guard let network else { return report(0, .closed("this arcade has no network")) }
        switch request {
        case .listen(let host, let port, let limit):
            switch network.listen(host: host, port: port, lineLimit: limit) {
            case .success(let port): return report(0, .listening(port: port))
            case .failure(let error): return report(0, .closed(error.description))
            }
        case .connect(let host, let port, let limit):
            if case .failure(let error) = network.connect(host: host, port: port, lineLimit: limit) {
                return report(0, .closed(error.description))
            }
        case .send(let connection, let bytes):
            // A connection closed already said so when it closed.
            if network.isOpen(connection) && !network.send(bytes, to: connection) {
                return report(connection, .closed("it did not read what was sent"))
            }
        case .close(let connection):
            network.close(connection)
        case .closeAll:
            network.closeAll()
        }
        return []
    }

    /// The catalog's entry of game `id`.
    private func game(_ id: GameID) -> GameInfo? { games.first { $0.id == id } }

    /// Keep a finished game; the game and the menu get its list back, or the notice why not.
    private func record(_ record: ScoreRecord, for id: GameID) -> [RuntimeReport] {
        guard let game = game(id) else { return [] }
        do {
            return [.scoresRecorded(id, try data.record(record, of: game, player: player, now: now()))]
        } catch {
            return [.notice(error.description)]
        }
    }
}
