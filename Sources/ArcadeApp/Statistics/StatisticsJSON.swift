import ArcadeJSON
import ArcadeRecords
import ArcadeStore
import Glibc

/// `arcade stats --json`: the statistics screen's figures as JSON for scripts.
///
/// `{"games": [{"game": "set", "mode": "classic", "played": 3, "best": 30, "average": 21.33,
/// "recent": [{"score": 12, "finishedAt": "2026-12-01 15:30"}, …], "figures": {"setsPerGame":
/// 7.5, …}, "modes": [{"mode": "classic", "title": "Classic", "played": 3, …}, {"mode":
/// "versus hard", …}]}]}`; a figure not known yet (no game with a time) is `null`, averages
/// have two decimals. Each block is labelled with the games it counts (`mode`): a game's own
/// are those the menu shows the best of ("classic" for Set, "all" for a game whose bests
/// name their level or machine), and `modes` holds each mode or level on its own.
enum StatisticsJSON {
    static func text(_ statistics: [GameStatistics]) -> String {
        let document = Document(games: statistics.map(Game.init))
        return (try? JSON.string(document, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? "{}"
    }

    private struct Document: Encodable {
        var games: [Game]
    }

    private struct Game: Encodable {
        var game: String
        var mode: String
        var title: String
        var modes: [Game]
        var played: Int
        var best: Int?
        var average: Double?
        var recent: [Result]
        var figures: any GameFigures
        var learning: Learning?
        var hasLearning: Bool

        init(_ statistics: GameStatistics) {
            game = statistics.game.rawValue
            mode = statistics.modeName
            title = statistics.modeTitle
            modes = statistics.modes.map(Game.init)
            played = statistics.played
            best = statistics.best
            average = statistics.average.flatMap(StatisticsJSON.rounded)
            recent = statistics.recent.map { Result(score: $0.score, finishedAt: $0.finishedAt) }
            figures = statistics.figures
            learning = statistics.learning.map(Learning.init)
            hasLearning = statistics.labels.hasLearning
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(game, forKey: .game)
            try container.encode(mode, forKey: .mode)
            try container.encode(title, forKey: .title)
            try container.encode(played, forKey: .played)
            try container.encode(best, forKey: .best)  // null, not left out, before the first game
            try container.encode(average, forKey: .average)
            try container.encode(recent, forKey: .recent)
            try container.encode(figures, forKey: .figures)
            if hasLearning { try container.encode(learning, forKey: .learning) }  // null before any
            if !modes.isEmpty { try container.encode(modes, forKey: .modes) }
        }

        enum CodingKeys: String, CodingKey { case game, mode, title, played, best, average, recent, figures, learning, modes }
    }

    /// The learn mode: the days of the last 30 with reviews, and each deck.
    private struct Learning: Encodable {
        struct Day: Encodable {
            var day: String
            var reviews: Int
            var right: Int
        }

        struct Deck: Encodable {
            var deck: String
            var cards, due, learning, known, leeches: Int
        }

        var days: [Day]
        var decks: [Deck]

        init(_ learning: LearnStatistics) {
            days = learning.perDay.enumerated().compactMap { offset, tally in
                guard tally.total > 0 else { return nil }
                let day = learning.today - (learning.perDay.count - 1) + offset
                return Day(day: CalendarDay(dayNumber: day).text, reviews: tally.total, right: tally.right)
            }
            decks = learning.decks.map {
                Deck(deck: $0.key, cards: $0.cards, due: $0.due, learning: $0.learning, known: $0.known, leeches: $0.leeches)
            }
        }
    }

    private struct Result: Encodable {
        var score: Int
        var finishedAt: String
    }

    /// A member name of a JSON object.
    struct Key: CodingKey, ExpressibleByStringLiteral {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { stringValue = value }
    }
}

/// `value` to two decimals, as the JSON shows averages; nil (`null`) for infinity or NaN,
/// which JSON cannot write (only an edited store gives one).
extension StatisticsJSON {
    static func rounded(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        let hundredths = (value * 100).rounded() / 100
        return hundredths.isFinite ? hundredths : value  // beyond 1e306 there are no decimals to round
    }
}

extension StatisticsJSON {
    /// What `arcade stats --json` prints for the store in `directory`; with no store there
    /// yet, every game unplayed, and nothing is created on disk.
    /// With a `player` and `today` (`CalendarDay.dayNumber`), Temples' learning is in it too.
    static func report(directory: String?, games: [GameInfo], player: String? = nil,
                       today: Int? = nil) throws(StoreError) -> String {
        text(try GameStatistics.all(from: try directory.flatMap { directory throws(StoreError) in
            try ArcadeStore.existing(in: directory)
        }, games: games, player: player, today: today))
    }
}

extension ArcadeStore {
    /// The store in `directory` if its file is there, opened only to read: nothing is made,
    /// migrated or moved aside (a damaged store is an error, left for the arcade to deal with
    /// and say so); nil when there is no file.
    static func existing(in directory: String) throws(StoreError) -> ArcadeStore? {
        var status = stat()
        guard lstat(directory + "/" + ArcadeStore.fileName, &status) == 0 else { return nil }
        return try ArcadeStore(directory: directory, readingOnly: true)
    }
}
