import ArcadeRecords
import TempleModel

/// What the temples screen keeps of its deck's learning from one learn session to the next:
/// each card's progress as the store keeps it (by card key, in step with every answer), the
/// keys, the day, and how many sessions have opened (each has a seed of its own).
struct TempleLearning {
    /// The deck's key (`LearningRecord`).
    let deckKey: String
    /// Each card's key, by card id (`TempleDeck.Entry.key`), once the deck is there.
    private(set) var cardKeys: [String: String] = [:]
    /// What is kept of this deck's learning, by card key.
    private(set) var kept: [String: StoredCardProgress]
    /// The day it is, as the learn mode counts days (`CalendarDay.dayNumber`).
    let today: Int
    /// Learn sessions opened so far.
    private(set) var sessions = 0

    /// What `record` keeps for the deck from `source`, on `today`.
    init(source: DeckSource, record: LearningRecord, today: Int) {
        deckKey = LearningRecord.key(of: source)
        kept = record.cards[deckKey] ?? [:]
        self.today = today
    }

    /// The deck's cards and their keys (`TempleDeck.Entry.key`), and what the store keeps of
    /// them, read with the deck (`learned`): the answers of this run stay.
    mutating func take(_ entries: [TempleDeck.Entry], learned: (deck: String, cards: [String: StoredCardProgress])?) {
        for entry in entries { cardKeys[entry.card.id] = entry.key }
        if let learned, learned.deck == deckKey {
            kept = learned.cards.merging(kept) { _, thisRun in thisRun }
        }
    }

    /// Keep the answers among `effects`.
    mutating func note(_ effects: [GameEffect]) {
        for case .learned(_, let card, let progress, _, _) in effects { kept[card] = progress }
    }

    /// A new session of `cards`: what is due today, with a seed from `seed` and the sessions before.
    mutating func session(of cards: [Flashcard], seed: UInt64) -> TempleLearn {
        sessions += 1
        return TempleLearn(cards: cards, keys: cardKeys, deckKey: deckKey, kept: kept, day: today,
                           seed: seed &+ UInt64(sessions) &* 7919)
    }
}
