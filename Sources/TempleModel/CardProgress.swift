/// What the learn mode knows of one card: its Leitner box, when it is due, and how it went.
///
/// The scheduler is Leitner's: a card climbs one box for every day it is answered right and
/// falls back to the first box when it is missed, and each box has a fixed interval
/// (`LeitnerSchedule.intervals`). Days are whole days numbered by the caller (the app counts
/// local days since 1970), so the model needs no clock and a test names the days it means.
///
/// A card answered wrong is due again the same day, so it comes back in the session; once it
/// is answered right that day it waits one day, however high it had climbed.
public struct CardProgress: Sendable, Equatable, Hashable, Codable {
    /// The box: 0 until the card is first answered, then 1…`LeitnerSchedule.topBox`.
    public var box: Int
    /// The day the card is next due (meaningless while `box` is 0).
    public var dueDay: Int
    /// Answers given, right and wrong.
    public var reviews: Int
    /// Days on which the card was missed (a card missed again the same day, as it comes back
    /// in the session, is not missed once more: a small deck would make a leech in a day).
    public var misses: Int
    /// The last day the card was missed, or nil when it never was.
    public var lastMissDay: Int?

    /// A card never answered.
    public static let new = CardProgress(box: 0, dueDay: 0, reviews: 0, misses: 0, lastMissDay: nil)

    public init(box: Int, dueDay: Int, reviews: Int, misses: Int, lastMissDay: Int? = nil) {
        self.box = box
        self.dueDay = dueDay
        self.reviews = reviews
        self.misses = misses
        self.lastMissDay = lastMissDay
    }

    /// How far along a card is, as the progress counts name it.
    public enum Stage: Sendable, Equatable, CaseIterable, CustomStringConvertible {
        /// Never answered.
        case new
        /// In the first boxes: intervals of days.
        case learning
        /// In `LeitnerSchedule.knownBox` or higher: a week or more between reviews.
        case known

        public var description: String {
            switch self {
            case .new: return "new"
            case .learning: return "learning"
            case .known: return "known"
            }
        }
    }

    public var stage: Stage {
        reviews == 0 ? .new : box >= LeitnerSchedule.knownBox ? .known : .learning
    }

    /// True when a card that has been answered is due on `day` (a new card never is: new
    /// cards are introduced a few at a time, see `LearnSession`).
    public func isDue(on day: Int) -> Bool { reviews > 0 && dueDay <= day }

    /// True when the card has been missed on `LeitnerSchedule.leechMisses` days or more: one
    /// the player keeps getting wrong, which the screens mark.
    public var isLeech: Bool { misses >= LeitnerSchedule.leechMisses }

    /// The card after an answer on `day`.
    public func answered(right: Bool, on day: Int) -> CardProgress {
        var next = self
        next.reviews += 1
        if right {
            // Missed earlier today: it waits a day. Otherwise one box up.
            next.box = lastMissDay == day ? 1 : min(max(box, 0) + 1, LeitnerSchedule.topBox)
            next.dueDay = day + LeitnerSchedule.interval(ofBox: next.box)
        } else {
            next.box = 1
            if lastMissDay != day { next.misses += 1 }
            next.lastMissDay = day
            next.dueDay = day
        }
        return next
    }

    /// True when the numbers are ones answering could give: a box in range, at least as many
    /// reviews as misses, and a box of 0 only before any answer. A store read back through
    /// this keeps a damaged row from scheduling a card nonsensically.
    public var isSound: Bool {
        (0...LeitnerSchedule.topBox).contains(box) && reviews >= 0 && misses >= 0 && misses <= reviews
            && (box == 0) == (reviews == 0) && abs(dueDay) < 10_000_000
    }
}

/// The intervals of the Leitner boxes, and the thresholds the screens name.
public enum LeitnerSchedule {
    /// Days between reviews for boxes 1…6: 1, 3, 7, 14, 30 and 60 days.
    public static let intervals = [1, 3, 7, 14, 30, 60]
    /// The highest box.
    public static var topBox: Int { intervals.count }
    /// From this box on a card counts as known (a week between reviews).
    public static let knownBox = 3
    /// A card missed on this many days is a leech.
    public static let leechMisses = 8

    /// The days a card in `box` waits after a right answer.
    public static func interval(ofBox box: Int) -> Int {
        intervals[min(max(box, 1), topBox) - 1]
    }
}

/// How a deck stands on a day: what the menu row, the start of a session and the
/// statistics say.
public struct LearnCounts: Sendable, Equatable {
    /// Answered before and due on the day.
    public var due = 0
    /// Never answered.
    public var new = 0
    public var learning = 0
    public var known = 0
    public var leeches = 0
    /// The first day after the given one on which a card falls due, or nil when none waits.
    public var nextDueDay: Int?

    public init() {}

    /// The counts of `cards` (ids) with `progress` (by id; a card missing from it is new) on `day`.
    public init(cards: [String], progress: [String: CardProgress], on day: Int) {
        for id in cards {
            let card = progress[id] ?? .new
            switch card.stage {
            case .new: new += 1
            case .learning: learning += 1
            case .known: known += 1
            }
            if card.isLeech { leeches += 1 }
            if card.isDue(on: day) {
                due += 1
            } else if card.reviews > 0 {
                nextDueDay = min(nextDueDay ?? card.dueDay, card.dueDay)
            }
        }
    }
}
