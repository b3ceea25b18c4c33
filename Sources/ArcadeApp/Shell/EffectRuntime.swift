import ArcadeStore
import ArcadeUI

/// Carries out what the shell asks for — a score to record, a sound, the bell, a deck to
/// load, quitting — and reports what it learned as `RuntimeReport`s, which go back to the shell as input.
///
/// The shell and the games stay pure: this is the one place their effects touch files,
/// players and the terminal. It works on any `TerminalDevice`, so tests run it against the
/// fake terminal and a score store in a temporary folder.
public final class EffectRuntime {
    private let games: [GameInfo]
    private let store: ScoreStore
    /// The history the statistics page reads (nil: none could be opened, nothing played).
    private let history: ArcadeStore?
    private let player: String
    private let device: TerminalDevice
    private let sound: SoundHelper?
    private let isMuted: Bool
    /// Where the built-in deck is found.
    private let assets: AssetLocator
    /// The decks loading on threads of their own, by the game that asked.
    private var loaders: [GameID: DeckLoader] = [:]
    /// Starts loading a `--deck` folder (tests give loaders they hold back).
    var loadFolder: (String) -> DeckLoader = DeckLoader.folder

    /// A runtime recording into `store` as `player`, ringing `device`'s bell, playing cues
    /// through `sound` (nil: every cue is the bell), and finding the built-in deck by `assets`.
    public init(games: [GameInfo], store: ScoreStore, player: String, device: TerminalDevice,
                sound: SoundHelper?, isMuted: Bool, assets: AssetLocator = AssetLocator(roots: []),
                history: ArcadeStore? = nil) {
        self.history = history
        self.games = games
        self.store = store
        self.player = player
        self.device = device
        self.sound = sound
        self.isMuted = isMuted
        self.assets = assets
    }

    /// Carry out `effect`: whether the run loop goes on, and what was learned.
    public func perform(_ effect: AppEffect) -> (control: LoopControl, reports: [RuntimeReport]) {
        switch effect {
        case .quit:
            return (.exit(ExitStatus.success), [])
        case .bell:
            if !isMuted { device.bell() }
        case .sound(let cue):
            if (sound?.play(cue) ?? (isMuted ? .muted : .bell)) == .bell { device.bell() }
        case .recordScore(let id, let score, let figures):
            return (.proceed, record(score, figures: figures, for: id))
        case .deck(let id, let request):
            return (.proceed, deck(request, for: id))
        case .showStatistics:
            do {
                return (.proceed, [.statistics(try GameStatistics.all(from: history, games: games))])
            } catch {
                return (.proceed, [.notice("The statistics could not be read: \(error)")])
            }
        }
        return (.proceed, [])
    }

    /// Carry out `effect` for the run loop: the reports go straight back to `shell`, and so
    /// do the effects it answers them with.
    public func perform(_ effect: AppEffect, on shell: inout ArcadeShell, in frame: Frame) -> LoopControl {
        var pending = [effect]
        while !pending.isEmpty {
            let (control, reports) = perform(pending.removeFirst())
            if case .exit = control { return control }
            for report in reports { pending += shell.receive(report, in: frame) }
        }
        return .proceed
    }

    /// The built-in twenty small pictures are read at once, so the first frame drawn shows
    /// them; a folder may hold anything, so it loads on a thread of its own, and the game
    /// asks how far it is (`check`) until its deck is there.
    private func deck(_ request: DeckRequest, for id: GameID) -> [RuntimeReport] {
        switch request {
        case .load(.builtIn):
            loaders.removeValue(forKey: id)?.cancel()
            return [.deck(id, DeckReport(.finished(TempleDeck.builtIn(assets: assets))))]
        case .load(.folder(let directory)):
            loaders.removeValue(forKey: id)?.cancel()
            loaders[id] = loadFolder(directory)
            return deck(.check, for: id)
        case .check:
            guard let loader = loaders[id] else { return [] }
            let state = loader.state
            if case .finished = state { loaders[id] = nil }
            return [.deck(id, DeckReport(state))]
        case .cancel:
            loaders.removeValue(forKey: id)?.cancel()
            return []
        }
    }

    private func record(_ score: Int, figures: [String: String], for id: GameID) -> [RuntimeReport] {
        let order = games.first(where: { $0.id == id })?.scoreOrder ?? .higherIsBetter
        let entry = ScoreStore.makeEntry(score: score, player: player, figures: figures)
        do {
            let recorded = try store.record(entry, game: id.rawValue, order: order)
            return [.scoresRecorded(id, recorded.entries)] + (recorded.notice.map { [.notice($0)] } ?? [])
        } catch {
            return [.notice("\(error)")]
        }
    }
}
