import ArcadeRecords
import MemoryModel

/// Memory on the statistics page: each level apart, and the best time of a won game per level.
struct MemoryStatisticsFigures: GameFigures, Equatable {
    /// A level's best time.
    struct LevelTime: Equatable, Sendable, Encodable {
        var level: String
        var seconds: Int
    }

    /// In level order (levels the game no longer has after them, by name).
    var bestTimes: [LevelTime]

    static let shape = StatisticsShape(modeKind: "Level", modeOrder: MemoryLevel.all.map(\.name),
                                       figures: { MemoryStatisticsFigures(recent: $0) })

    init(bestTimes: [LevelTime]) { self.bestTimes = bestTimes }

    init(recent: [FinishedGame]) {
        var best: [String: Int] = [:]
        for entry in recent {
            let figures = MemoryFigures(stored: entry.figures)
            guard figures.won == true, let level = entry.mode ?? figures.level,
                  let time = StoredFigures.wholeSeconds(entry.duration) ?? figures.time.flatMap(StoredFigures.wholeSeconds)
            else { continue }
            best[level] = min(best[level] ?? time, time)
        }
        let order = MemoryLevel.all.map(\.name)
        bestTimes = best.sorted { left, right in
            (order.firstIndex(of: left.key) ?? order.count, left.key) < (order.firstIndex(of: right.key) ?? order.count, right.key)
        }.map { LevelTime(level: $0.key, seconds: $0.value) }
    }

    func lines(for shown: GameStatistics) -> [String] {
        let note = shown.recent.count == 1 ? "(the last game, if it was won)"
            : "(won games among \(StatisticsScreen.lastGames(shown)))"
        if case .only(let level?) = shown.mode {
            // One level's tab: its own best time only.
            return ["Best time  " + (bestTimes.first { $0.level == level }.map { StatisticsScreen.clock($0.seconds) } ?? "—"),
                    note]
        }
        let levels = MemoryLevel.all.map(\.name)
        let extra = bestTimes.map(\.level).filter { !levels.contains($0) }
        let times = (levels + extra).map { level in
            "\(level) " + (bestTimes.first { $0.level == level }.map { StatisticsScreen.clock($0.seconds) } ?? "—")
        }
        return ["Best time per level  " + times.joined(separator: " · "), note]
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: StatisticsJSON.Key.self)
        try container.encode(bestTimes, forKey: "bestTimes")
    }
}
