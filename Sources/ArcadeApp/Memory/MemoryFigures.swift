import ArcadeRecords

/// What a Memory score is kept with: the level, the time played (m:ss), won or lost, and
/// the moves and pairs (nil in entries kept without them).
struct MemoryFigures: ScoreFigures, Equatable {
    var level: String?
    var time: String?
    /// True for a game won, false for one lost (time ran out); nil when not known.
    var won: Bool?
    var moves: Int?
    var pairs: Int?
    /// The seconds played, kept beside the score (not among the figures).
    var duration: Double?
    /// The level is the mode the store keeps the game under.
    var mode: String? { level }

    var stored: [String: String] {
        var figures: [String: String] = [:]
        if let level { figures["level"] = level }
        if let time { figures["time"] = time }
        if let won { figures["result"] = won ? "won" : "lost" }
        if let moves { figures["moves"] = String(moves) }
        if let pairs { figures["pairs"] = String(pairs) }
        return figures
    }

    init(level: String?, time: String?, won: Bool?, moves: Int?, pairs: Int?) {
        self.level = level
        self.time = time
        self.won = won
        self.moves = moves
        self.pairs = pairs
    }

    /// Whatever figures `stored` has (a hand-edited file may lack some).
    init(stored: [String: String]) {
        let result = stored["result"]
        self.init(level: stored["level"], time: stored["time"],
                  won: result == "won" ? true : result == "lost" ? false : nil,
                  moves: stored["moves"].flatMap { Int($0) }, pairs: stored["pairs"].flatMap { Int($0) })
    }
}

/// The best result kept of each Memory level, by the level it is kept under
/// (`MemoryBoardPage.keptLevel`): what a game's result is a new best against.
///
/// It comes from the store (`GameContext.bests`, and the kept results, `GameContext.scores`
/// then each `RuntimeReport.scoresRecorded`), and takes each game the screen finishes.
struct MemoryBests: Equatable {
    private(set) var byLevel: [String: Int]

    /// `bests` by level, with the kept results `entries` (of any level) in them.
    init(_ bests: [String: Int] = [:], with entries: [ScoreEntry] = []) {
        byLevel = bests
        take(entries)
    }

    /// Take the kept results `entries` (of any level): a level's best is at least the best
    /// of its results kept there.
    mutating func take(_ entries: [ScoreEntry]) {
        for entry in entries {
            guard let level = MemoryFigures(stored: entry.figures).level else { continue }
            byLevel[level] = max(byLevel[level] ?? entry.score, entry.score)
        }
    }

    /// Whether `score` beats the best kept result of `level`; with none of the level kept,
    /// any score above 0 does. Results of other levels never count.
    func isNewBest(_ score: Int, level: String) -> Bool {
        score > (byLevel[level] ?? 0)
    }

    /// Keep `score` as the best of `level` when it is a new best; whether it was.
    mutating func record(_ score: Int, level: String) -> Bool {
        guard isNewBest(score, level: level) else { return false }
        byLevel[level] = score
        return true
    }
}
