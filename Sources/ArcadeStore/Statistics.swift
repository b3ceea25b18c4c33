import ArcadeRecords


extension ArcadeStore {
    /// How many of a game's last results the statistics screen shows.
    public static let recentLimit = 30

    /// The first schema version with totals per mode (older stores are read by `stats --json`
    /// only, counted row by row).
    static let modeTotalsVersion = 8

    /// The modes `game` has results of (nil: results kept without a mode), in no set order.
    public func modes(of game: String) throws(StoreError) -> [String?] {
        let perMode = try version() >= Self.modeTotalsVersion
        do {
            let rows = try perMode
                ? database.rows("SELECT mode FROM game_totals WHERE game = ? AND played > 0", [.text(game)])
                : database.rows("SELECT DISTINCT coalesce(mode, '') FROM finished_games WHERE game = ?", [.text(game)])
            return rows.map { row in row[0].text.flatMap { $0.isEmpty ? nil : $0 } }
        } catch {
            throw .sqlite(error)
        }
    }

    /// `game`'s history: the count, best and average over every game kept (from the totals
    /// the triggers keep and the score index), and its last `limit` games with their
    /// figures (the time index).
    /// Never more than `limit` rows are read, so a store of a million games answers at once.
    /// With a `mode`, the same over that mode's games only.
    public func history(of game: String, mode: ModeFilter = .every, higherIsBetter: Bool = true,
                        recent limit: Int = ArcadeStore.recentLimit) throws(StoreError) -> GameHistory {
        let perMode = try version() >= Self.modeTotalsVersion
        do {
            // The totals the triggers keep (a row per mode); the best alone, so the score index
            // answers it in one step.
            let totals: [SQLiteValue]?
            switch mode {
            case .every:
                totals = try database.rows(
                    "SELECT sum(played), total(score_total) FROM game_totals WHERE game = ?", [.text(game)]).first
            case .only(let named) where perMode:
                totals = try database.rows("SELECT played, score_total FROM game_totals WHERE game = ? AND mode = ?",
                                           [.text(game), .text(named ?? "")]).first
            case .only:
                totals = try database.rows("SELECT count(*), total(score) FROM finished_games WHERE game = ?\(mode.condition)",
                                           [.text(game)] + mode.values).first
            }
            let played = Int(totals?[0].integer ?? 0)
            // Over the numbers only: `score < ''` leaves out a score edited into text (text
            // sorts after every number) and still lets the score index answer in one step.
            let best = try database.rows("""
                SELECT \(higherIsBetter ? "max" : "min")(score) FROM finished_games
                WHERE game = ?\(mode.condition) AND score < ''
                """, [.text(game)] + mode.values).first?.first?.score
            let last = """
                SELECT id FROM finished_games WHERE game = ?\(mode.condition) ORDER BY finished_at DESC, id DESC LIMIT ?
                """
            let bound: [SQLiteValue] = [.text(game)] + mode.values + [.integer(Int64(max(0, limit)))]
            let rows = try database.rows("""
                SELECT id, mode, score, duration, seed, player, finished_at FROM finished_games
                WHERE id IN (\(last)) ORDER BY finished_at ASC, id ASC
                """, bound)
            var figures: [Int64: [String: String]] = [:]
            for figure in try database.rows(
                "SELECT game_id, name, value FROM game_figures WHERE game_id IN (\(last))", bound) {
                if let id = figure[0].integer, let name = figure[1].text, let value = figure[2].text {
                    figures[id, default: [:]][name] = value
                }
            }
            let recent = rows.map { row in
                FinishedGame(game: game, mode: row[1].text, score: row[2].score ?? 0,
                             figures: figures[row[0].integer ?? 0] ?? [:], duration: row[3].real,
                             seed: row[4].integer.map { UInt64(bitPattern: $0) },
                             player: row[5].text ?? "", finishedAt: row[6].text ?? "")
            }
            return GameHistory(game: game, played: played, best: played > 0 ? best : nil,
                               average: played > 0 ? (totals?[1].real).map { $0 / Double(played) } : nil,
                               recent: recent)
        } catch {
            throw .sqlite(error)
        }
    }
}

extension SQLiteValue {
    /// A score as an `Int`, whatever an edited file or an old import put in the column: an
    /// integer as it is, a real rounded and held to `Int`'s range (1e300 is `Int.max`), and
    /// nil for text or nothing.
    var score: Int? {
        switch self {
        case .integer(let value): return Int(value)
        case .real(let value):
            guard !value.isNaN else { return nil }
            // 2^63 is the first Double above `Int.max`; every Double below it (and ≥ -2^63) converts.
            return value >= 0x1p63 ? .max : value < -0x1p63 ? .min : Int(value.rounded())
        case .null, .text: return nil
        }
    }
}

extension ModeFilter {
    /// The condition's SQL after `WHERE game = ?`, and the value it binds.
    var condition: String { self == .every ? "" : " AND mode IS ?" }
    var values: [SQLiteValue] {
        switch self {
        case .every: return []
        case .only(let mode): return [mode.map(SQLiteValue.text) ?? .null]
        }
    }
}
