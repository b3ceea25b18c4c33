import ArcadeRecords

/// Blackjack on the statistics page: the hands won, pushed and lost over its last games.
struct BlackjackStatisticsFigures: GameFigures, Equatable {
    var won: Int
    var pushed: Int
    var lost: Int
    /// The score of each game, oldest first.
    var scores: [Int]

    static let shape = StatisticsShape(figures: { BlackjackStatisticsFigures(recent: $0) })

    init(won: Int, pushed: Int, lost: Int, scores: [Int]) {
        self.won = won
        self.pushed = pushed
        self.lost = lost
        self.scores = scores
    }

    init(recent: [FinishedGame]) {
        let figures = recent.compactMap { BlackjackFigures(stored: $0.figures) }
        self.init(won: figures.compactMap(\.won).total, pushed: figures.compactMap(\.pushed).total,
                  lost: figures.compactMap(\.lost).total, scores: recent.map(\.score))
    }

    func lines(for shown: GameStatistics) -> [String] {
        ["Hands  \(won) won · \(pushed) pushed · \(lost) lost", "(over \(StatisticsScreen.lastGames(shown)))"]
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: StatisticsJSON.Key.self)
        try container.encode(won, forKey: "handsWon")
        try container.encode(pushed, forKey: "handsPushed")
        try container.encode(lost, forKey: "handsLost")
        try container.encode(scores, forKey: "scores")
    }
}
