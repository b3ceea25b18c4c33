import ArcadeRecords
import SetModel

/// Set on the statistics page: its classic games apart from each level of the computer, and
/// its own figures, sets found per game and seconds per set.
struct SetStatisticsFigures: GameFigures, Equatable {
    var setsPerGame: Double?
    var secondsPerSet: Double?

    static let shape = StatisticsShape(
        modeOrder: OpponentLevel.allCases.map { SetMode.versus($0).saveName } + [SetMode.friends.saveName], unnamedMode: ("classic", "Classic"),
        figures: { SetStatisticsFigures(recent: $0) })

    init(setsPerGame: Double?, secondsPerSet: Double?) {
        self.setsPerGame = setsPerGame
        self.secondsPerSet = secondsPerSet
    }

    /// The figures of the `recent` games, counted in Doubles, which never overflow (and are
    /// exact for any sensible count).
    init(recent: [FinishedGame]) {
        let sets = recent.compactMap { SetFigures(stored: $0.figures)?.sets }
        var timedSets = 0.0, seconds = 0.0
        for entry in recent {
            let figures = SetFigures(stored: entry.figures)
            guard let found = figures?.sets, found > 0,
                  let time = StoredFigures.seconds(entry.duration) ?? figures.flatMap({ StoredFigures.seconds($0.time) })
            else { continue }
            timedSets += Double(found)
            seconds += time
        }
        setsPerGame = sets.isEmpty ? nil : sets.map(Double.init).reduce(0, +) / Double(sets.count)
        secondsPerSet = timedSets > 0 ? seconds / timedSets : nil
    }

    func lines(for shown: GameStatistics) -> [String] {
        ["Sets per game  " + (setsPerGame.map(StatisticsScreen.decimal) ?? "—")
            + "    Seconds per set  " + (secondsPerSet.map(StatisticsScreen.decimal) ?? "—"),
         "(over \(StatisticsScreen.lastGames(shown)))"]
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: StatisticsJSON.Key.self)
        try container.encode(setsPerGame.flatMap(StatisticsJSON.rounded), forKey: "setsPerGame")
        try container.encode(secondsPerSet.flatMap(StatisticsJSON.rounded), forKey: "secondsPerSet")
    }
}
