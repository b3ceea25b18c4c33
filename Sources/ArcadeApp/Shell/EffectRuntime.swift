import ArcadeUI

/// Carries out what the shell asks for — a score to record, a sound, the bell, quitting —
/// and reports what it learned as `RuntimeReport`s, which go back to the shell as input.
///
/// The shell and the games stay pure: this is the one place their effects touch files,
/// players and the terminal. It works on any `TerminalDevice`, so tests run it against the
/// fake terminal and a score store in a temporary folder.
public final class EffectRuntime {
    private let games: [GameInfo]
    private let store: ScoreStore
    private let player: String
    private let device: TerminalDevice
    private let sound: SoundHelper?
    private let isMuted: Bool

    /// A runtime recording into `store` as `player`, ringing `device`'s bell, and playing
    /// cues through `sound` (nil: every cue is the bell).
    public init(games: [GameInfo], store: ScoreStore, player: String, device: TerminalDevice,
                sound: SoundHelper?, isMuted: Bool) {
        self.games = games
        self.store = store
        self.player = player
        self.device = device
        self.sound = sound
        self.isMuted = isMuted
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
