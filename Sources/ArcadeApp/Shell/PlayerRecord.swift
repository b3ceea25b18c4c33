import ArcadeRecords

/// The player's record, as the games are opened with it (`GameContext`): each game's recorded
/// scores (best first), daily results, tallies of decisions and best score of each mode, and
/// what the learn mode has kept.
///
/// It is kept as the store has it, changed only by what the effect runtime reports
/// (`ArcadeShell.receive`): the lists, the learn-mode counts, and each result it has carried
/// out (`RuntimeReport.carriedOut`, noted by `note(_:of:)`), so that the next game opened in
/// the run is judged against it. The daily results, tallies and bests are read when the first game opens
/// (`readHistory`): the menu's first frame shows none of them.
struct PlayerRecord {
    /// Each game's recorded scores, best first.
    private(set) var scores: [GameID: [ScoreEntry]]
    /// Each game's daily results, by day.
    private(set) var daily: [GameID: [String: DailyOutcome]] = [:]
    /// Each game's tallies of decisions, by kind.
    private(set) var tallies: [GameID: [String: Tally]] = [:]
    /// Each game's best score of each mode.
    private(set) var bests: [GameID: [String: Int]] = [:]
    /// What the learn mode has kept: the store's count for the menu, the cards of the decks
    /// opened this run and this run's answers (the statistics page counts in the store).
    private(set) var learning: LearningRecord
    /// Reads the rest of the player's history; called once (`readHistory`).
    private var unreadHistory: (() -> PlayerHistory)?

    init(scores: [GameID: [ScoreEntry]], learning: LearningRecord, history: @escaping () -> PlayerHistory) {
        self.scores = scores
        self.learning = learning
        unreadHistory = history
    }

    /// Read the player's history the first time a game opens (every game, resumed, started
    /// anew or played again, enters through `ArcadeShell.open`).
    mutating func readHistory() {
        guard let read = unreadHistory else { return }
        unreadHistory = nil
        let history = read()
        daily = history.daily
        tallies = history.tallies
        bests = history.bests
    }

    /// Take what the runtime reports of the store: a game's list, every game's lists, the
    /// count of a deck's cards due, a deck's cards read. True when the menu's notes follow it
    /// (the learn mode's record changed).
    mutating func take(_ report: RuntimeReport, of games: [GameInfo]) -> Bool {
        switch report {
        case .scoresRecorded(let id, let entries):
            scores[id] = entries
        case .stored(let lists, _):
            for info in games { scores[info.id] = lists[info.id] ?? [] }
        case .learnDue(let deck, let day, let count):
            learning.counted(count, of: deck, on: day)
            return true
        case .deck(_, let deck):
            // A deck's cards are read when a screen opens it: from now on the menu counts them.
            guard let learned = deck.learned else { return false }
            learning.adopt(learned.cards, of: learned.deck)
            return true
        case .notice, .notKept, .network, .statistics, .carriedOut:
            break
        }
        return false
    }

    /// Whether `note` takes `effect`: a result the record follows.
    static func notes(_ effect: AppEffect) -> Bool {
        switch effect {
        case .recordScore, .game(_, .recordDaily), .game(_, .tally), .game(_, .learned): true
        default: false
        }
    }

    /// Note `effect`, which the runtime has carried out, as the store keeps it: a score that
    /// beats its mode's best is the best, the first result of a day is the day's, a decision
    /// counts in its tally, a learn answer moves its card. True when the learn mode's record
    /// changed (the menu's count of the cards due follows it).
    mutating func note(_ effect: AppEffect, of games: [GameInfo]) -> Bool {
        switch effect {
        case .recordScore(let id, let record):
            let lowerIsBetter = games.first { $0.id == id }?.scoreOrder == .lowerIsBetter
            keepBest(record.score, mode: record.mode ?? "", of: id, lowerIsBetter: lowerIsBetter)
        case .game(let id, .recordDaily(let day, let outcome)):
            if daily[id]?[day] == nil { daily[id, default: [:]][day] = outcome }
        case .game(let id, .tally(let key, let right)):
            tallies[id, default: [:]][key, default: Tally()].count(right: right)
        case .game(_, .learned(let deck, let card, let progress, let right, let day)):
            learning.record(deck: deck, card: card, progress: progress, right: right, day: day)
            return true
        default:
            break
        }
        return false
    }

    /// `score` of `mode` as game `id`'s best of that mode when it beats the one kept.
    private mutating func keepBest(_ score: Int, mode: String, of id: GameID, lowerIsBetter: Bool) {
        if let best = bests[id]?[mode], lowerIsBetter ? best <= score : best >= score { return }
        bests[id, default: [:]][mode] = score
    }

    /// Ask the store to count again the learn-mode cards due whose count is of another day
    /// than `day`, or whose deck was answered since (`LearningRecord.decksToCount`).
    func countsDue(on day: Int) -> [AppEffect] {
        learning.decksToCount(on: day).map { .countDue(deck: $0, day: day) }
    }
}
