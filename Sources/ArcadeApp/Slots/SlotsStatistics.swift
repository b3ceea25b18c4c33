import ArcadeRecords

/// Slots on the statistics page: each machine apart, and each machine's spins and best score.
struct SlotsStatisticsFigures: GameFigures, Equatable {
    /// A machine's spins and its best score (the highest it reached).
    struct Machine: Equatable, Sendable, Encodable {
        var machine: String
        var spins: Int
        var bestScore: Int
    }

    /// By the machine's name.
    var machines: [Machine]

    static let shape = StatisticsShape(modeKind: "Machine", figures: { SlotsStatisticsFigures(recent: $0) })

    init(machines: [Machine]) { self.machines = machines }

    init(recent: [FinishedGame]) {
        var machines: [Machine] = []
        for entry in recent {
            guard let figures = SlotsFigures(stored: entry.figures) else { continue }
            if let index = machines.firstIndex(where: { $0.machine == figures.machine }) {
                machines[index].spins = [machines[index].spins, figures.spins ?? 0].total
                machines[index].bestScore = max(machines[index].bestScore, entry.score)
            } else {
                machines.append(Machine(machine: figures.machine, spins: figures.spins ?? 0, bestScore: entry.score))
            }
        }
        self.machines = machines.sorted { $0.machine < $1.machine }
    }

    func lines(for shown: GameStatistics) -> [String] {
        guard !machines.isEmpty else { return ["No spins recorded"] }
        return machines.map { "\($0.machine) machine  \($0.spins) spins · best \($0.bestScore)" }
            + ["(over \(StatisticsScreen.lastGames(shown)))"]
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: StatisticsJSON.Key.self)
        try container.encode(machines, forKey: "machines")
    }
}
