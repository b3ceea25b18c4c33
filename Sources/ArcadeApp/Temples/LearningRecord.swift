import ArcadeRecords
import ArcadeStore
import TempleModel

/// What the Temples learn mode has kept: each deck's cards and its reviews day by day.
///
/// A deck is named by `key(of:)`: "built-in", or "folder:" and the folder's full path. A card
/// is named by `TempleDeck.Entry.key`: the built-in deck's file names, and a folder's picture
/// bytes, so a renamed file keeps its history. The store keeps the same (`learn_cards`,
/// `learn_days`); the shell keeps this copy in step within a run (`GameEffect.learned`).
///
/// No card is read at start: the menu's note is one count the store makes (`storedDue`), and
/// a deck's cards are read when a Temples screen opens that deck (`DeckReport.learned`,
/// `adopt`). No game reads the days, and the statistics page counts both in the store.
public struct LearningRecord: Sendable, Equatable {
    /// Deck → card → progress, for the decks read so far (the ones opened this run) and the
    /// cards answered this run.
    public var cards: [String: [String: StoredCardProgress]]
    /// Deck → day (days since 1970, local) → reviews that day and how many were right.
    public var days: [String: [Int: Tally]]
    /// Deck → how many of its cards the store counted due, and on which day (the menu's
    /// "3 due"), for a deck whose cards were not read (`adopt`): the count stands until the
    /// day changes or a card of the deck is answered (`decksToCount`), then the store counts again.
    public var storedDue: [String: StoredDue]

    public init(cards: [String: [String: StoredCardProgress]] = [:], days: [String: [Int: Tally]] = [:],
                storedDue: [String: StoredDue] = [:]) {
        self.cards = cards
        self.days = days
        self.storedDue = storedDue
    }

    /// TempleModel's schedule, as the store's learn queries count by it (the day bound is
    /// `CardProgress.isSound`'s).
    public static let scale = LearnScale(topBox: LeitnerSchedule.topBox, knownBox: LeitnerSchedule.knownBox,
                                         leechMisses: LeitnerSchedule.leechMisses, dayLimit: 10_000_000)

    /// The key the built-in deck is kept under.
    public static let builtInKey = "built-in"

    /// The key `source`'s deck is kept under (a folder by its full path, so `--deck ~/x` and
    /// `--deck /home/me/x` are one deck).
    public static func key(of source: DeckSource) -> String {
        switch source {
        case .builtIn: return builtInKey
        case .folder(let path): return "folder:" + ArcadeStore.resolved(path)
        }
    }

    /// One answer kept: the card's progress after it, and one more review on `day`. In a deck
    /// whose cards were never read (the store could not give them) the store's count stays the
    /// menu's, to be counted again (this run's answers alone are not the deck).
    public mutating func record(deck: String, card: String, progress: StoredCardProgress, right: Bool, day: Int) {
        cards[deck, default: [:]][card] = progress
        days[deck, default: [:]][day, default: Tally()].count(right: right)
        storedDue[deck]?.day = nil
    }

    /// The decks whose count the store should make again for `day`: counted for another
    /// day, or answered since.
    public func decksToCount(on day: Int) -> [String] {
        storedDue.filter { $0.value.day != day }.keys.sorted()
    }

    /// The store's `count` of `deck`'s cards due on `day` (`decksToCount`), unless its cards
    /// were read meanwhile.
    public mutating func counted(_ count: Int, of deck: String, on day: Int) {
        guard storedDue[deck] != nil else { return }
        storedDue[deck] = StoredDue(day: day, count: count)
    }

    /// Take `stored`, the store's cards of `deck` read when a screen opened it, as the deck's
    /// cards; what this run answered stays (it is as new as the store's, or newer when the
    /// store could not take it).
    public mutating func adopt(_ stored: [String: StoredCardProgress], of deck: String) {
        cards[deck] = stored.merging(cards[deck] ?? [:]) { _, thisRun in thisRun }
        storedDue[deck] = nil
    }

    /// How many of `deck`'s cards answered before are due on `day` (a record answering could
    /// not have left is not counted, as a session does not ask it): counted over the deck's
    /// cards once they are read, else the store's count.
    public func dueCount(of deck: String, on day: Int) -> Int {
        if let stored = storedDue[deck] { return stored.count }
        return (cards[deck] ?? [:]).values.filter { stored in
            let progress = stored.progress
            return progress.isSound && progress.isDue(on: day)
        }.count
    }
}

/// The store's count of a deck's cards due on `day` (nil: to be counted again).
public struct StoredDue: Sendable, Equatable {
    public var day: Int?
    public var count: Int

    public init(day: Int?, count: Int) {
        self.day = day
        self.count = count
    }
}

extension StoredCardProgress {
    /// The card's progress as the scheduler reads it (`TempleModel.CardProgress`).
    var progress: CardProgress {
        CardProgress(box: box, dueDay: dueDay, reviews: reviews, misses: misses, lastMissDay: lastMissDay)
    }

    /// A card's progress as the store keeps it.
    init(_ progress: CardProgress) {
        self.init(box: progress.box, dueDay: progress.dueDay, reviews: progress.reviews, misses: progress.misses,
                  lastMissDay: progress.lastMissDay)
    }
}

extension CalendarDay {
    /// The days from 1970-01-01 to this day (negative before it), the day numbers the learn
    /// mode schedules by.
    public var dayNumber: Int {
        // Howard Hinnant's days-from-civil: years counted from March, so February's leap day ends a year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `number` days after 1970-01-01.
    public init(dayNumber number: Int) {
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
