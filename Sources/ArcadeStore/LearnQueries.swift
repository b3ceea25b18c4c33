import ArcadeRecords
/// The numbers the learn-mode queries count cards by: TempleModel's Leitner schedule, which
/// the store does not depend on, handed in by the app.
public struct LearnScale: Hashable, Sendable {
    /// The highest box a card can be in.
    public var topBox: Int
    /// From this box on a card counts as known.
    public var knownBox: Int
    /// A card missed on this many days is a leech.
    public var leechMisses: Int
    /// A sound card is due on a day nearer to 1970 than this, either side.
    public var dayLimit: Int

    public init(topBox: Int, knownBox: Int, leechMisses: Int, dayLimit: Int) {
        self.topBox = topBox
        self.knownBox = knownBox
        self.leechMisses = leechMisses
        self.dayLimit = dayLimit
    }

    /// A `learn_cards` row that answering could have left, in SQL: whole numbers, a box in
    /// range that is 0 exactly before the first answer, no more misses than reviews, a due
    /// day in range. A damaged row is not counted, as a learn session does not ask it.
    var soundCard: String {
        """
        typeof(card) = 'text' AND typeof(box) = 'integer' AND typeof(due_day) = 'integer' \
        AND typeof(reviews) = 'integer' AND typeof(misses) = 'integer' \
        AND box BETWEEN 0 AND \(topBox) AND (box = 0) = (reviews = 0) AND misses >= 0 AND misses <= reviews \
        AND reviews < \(ArcadeStore.largestTally) AND due_day > -\(dayLimit) AND due_day < \(dayLimit)
        """
    }
}


extension ArcadeStore {
    // MARK: - Learning, counted where the cards are

    /// `player`'s progress on the cards of `deck` alone, by card: what a Temples screen that
    /// opens the deck learns from. The other decks' cards are not read.
    public func learnProgress(player: String, deck: String) throws(StoreError) -> [String: StoredCardProgress] {
        do {
            var result: [String: StoredCardProgress] = [:]
            for row in try database.rows("""
                SELECT card, box, due_day, reviews, misses, last_miss_day FROM learn_cards WHERE deck = ? AND player = ?
                """, [.text(deck), .text(player)]) {
                guard let card = row[0].text, let box = row[1].integer, let due = row[2].integer,
                      let reviews = row[3].integer, let misses = row[4].integer,
                      [box, due, reviews, misses].allSatisfy(Self.isTallySized) else { continue }
                let lastMiss = row[5].integer.flatMap { Self.isTallySized($0) ? Int($0) : nil }
                result[card] = StoredCardProgress(box: Int(box), dueDay: Int(due), reviews: Int(reviews),
                                                  misses: Int(misses), lastMissDay: lastMiss)
            }
            return result
        } catch {
            throw .sqlite(error)
        }
    }

    /// True for a number no larger than a tally counts, either side of 0 (`abs` would trap on
    /// the smallest Int64, which an edited file may hold).
    private static func isTallySized(_ value: Int64) -> Bool {
        value > -Int64(largestTally) && value < Int64(largestTally)
    }

    /// How many of `player`'s cards of `deck` that were answered before are due on `day` (the
    /// menu's "3 due"): one count over the deck's rows, which the primary key finds, so a store
    /// of a million cards in other decks answers at once.
    public func learnDueCount(player: String, deck: String, on day: Int, scale: LearnScale) throws(StoreError) -> Int {
        do {
            return Int(try database.rows("""
                SELECT count(*) FROM learn_cards
                WHERE deck = ? AND player = ? AND \(scale.soundCard) AND reviews > 0 AND due_day <= ?
                """, [.text(deck), .text(player), .integer(Int64(day))]).first?.first?.integer ?? 0)
        } catch {
            throw .sqlite(error)
        }
    }

    /// Each of `player`'s decks as it stands on `day` (the statistics page), summed by SQLite in
    /// one pass: no card is read into the arcade. Decks with no card answered are absent; in no
    /// set order.
    ///
    /// The table is read in its own order (`NOT INDEXED`): through the primary key, which would
    /// spare the sort, every row is a lookup of its own, slower than one pass over the table.
    public func learnDecks(player: String, on day: Int, scale: LearnScale) throws(StoreError) -> [LearnDeckCounts] {
        do {
            return try database.rows("""
                SELECT deck, count(*), total(due_day <= ?), total(box >= ?), total(misses >= ?) FROM learn_cards NOT INDEXED
                WHERE player = ? AND typeof(deck) = 'text' AND \(scale.soundCard) AND reviews > 0 GROUP BY deck
                """, [.integer(Int64(day)), .integer(Int64(scale.knownBox)), .integer(Int64(scale.leechMisses)),
                      .text(player)]).compactMap { row in
                guard let deck = row[0].text, let cards = row[1].integer else { return nil }
                let known = Int(row[3].real ?? 0)
                return LearnDeckCounts(deck: deck, cards: Int(cards), due: Int(row[2].real ?? 0),
                                       learning: Int(cards) - known, known: known, leeches: Int(row[4].real ?? 0))
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// `player`'s reviews of every deck together, by day, from `firstDay` on (days with none
    /// are absent): the statistics page's chart, summed by SQLite. A day's row of a deck that
    /// makes no sense (more right than reviewed, negative) is left out.
    public func reviewTotals(player: String, from firstDay: Int) throws(StoreError) -> [Int: Tally] {
        do {
            var result: [Int: Tally] = [:]
            for row in try database.rows("""
                SELECT day, total(correct), total(reviews) FROM learn_days
                WHERE player = ? AND typeof(day) = 'integer' AND day >= ? AND day < \(Self.largestTally)
                    AND typeof(deck) = 'text' AND typeof(correct) = 'integer' AND typeof(reviews) = 'integer'
                    AND correct >= 0 AND reviews >= correct AND reviews < \(Self.largestTally)
                GROUP BY day
                """, [.text(player), .integer(Int64(firstDay))]) {
                guard let day = row[0].integer, let right = row[1].real, let total = row[2].real,
                      total < 0x1p62 else { continue }
                result[Int(day)] = Tally(right: Int(right), total: Int(total))
            }
            return result
        } catch {
            throw .sqlite(error)
        }
    }
}
