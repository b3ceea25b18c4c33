import ArcadeRecords
import ArcadeStore

/// Temples on the statistics page: a match's score is its accuracy, with the hits and misses
/// over the last matches, and the learn mode's days and decks under them.
struct TempleStatisticsFigures: GameFigures, Equatable {
    /// The accuracy of each match (its score), oldest first.
    var accuracy: [Int]
    var correct: Int
    var incorrect: Int

    static let shape = StatisticsShape(
        measure: "Accuracy", unit: "%", figures: { TempleStatisticsFigures(recent: $0) },
        learning: { store, player, today in
            // A store read only, of a version before learn mode, has no learning to show.
            // Counted by SQLite, deck by deck and day by day: no card is read into the arcade.
            guard let decks = try? store.learnDecks(player: player, on: today, scale: LearningRecord.scale),
                  let days = try? store.reviewTotals(player: player, from: today - (LearnStatistics.days - 1))
            else { return nil }
            return LearnStatistics(decks: decks, days: days, today: today)
        })

    /// The most deck lines the tab shows; past them one line says how many more.
    static let maximumDeckLines = 4

    init(accuracy: [Int], correct: Int, incorrect: Int) {
        self.accuracy = accuracy
        self.correct = correct
        self.incorrect = incorrect
    }

    init(recent: [FinishedGame]) {
        let figures = recent.compactMap { TempleFigures(stored: $0.figures) }
        self.init(accuracy: recent.map(\.score), correct: figures.map(\.correct).total,
                  incorrect: figures.map(\.incorrect).total)
    }

    func lines(for shown: GameStatistics) -> [String] {
        let count = StatisticsScreen.count
        let matches = shown.played > 0
            ? ["Matches  \(correct) correct · \(incorrect) incorrect", "(over \(StatisticsScreen.lastGames(shown)))"] : []
        let decks = shown.learning?.decks ?? []
        let shownDecks = decks.prefix(decks.count > Self.maximumDeckLines ? Self.maximumDeckLines - 1 : Self.maximumDeckLines)
        return matches + (shown.learning.map { [StatisticsScreen.learnSummary($0)] } ?? []) + shownDecks.map { deck in
            "\(deck.title): \(count(deck.cards, "card", nil)) · \(deck.due) due · \(deck.learning) learning · "
                + "\(deck.known) known" + (deck.leeches > 0 ? " · \(count(deck.leeches, "leech", "leeches"))" : "")
        } + (decks.count > shownDecks.count
            ? ["(and \(decks.count - shownDecks.count) more decks: arcade stats --json lists them)"] : [])
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: StatisticsJSON.Key.self)
        try container.encode(accuracy, forKey: "accuracy")
        try container.encode(correct, forKey: "correct")
        try container.encode(incorrect, forKey: "incorrect")
    }
}
