import ArcadeStore

/// The loader of the temple decks, the one kind of deck the effect runtime loads.
typealias DeckLoader = PictureDeckLoader<TempleFacts>

/// What the effect runtime says about a deck it loads (`RuntimeReport.deck`): how far it
/// is, or the deck, or why there is none.
public struct DeckReport: Sendable {
    let state: DeckLoader.State
    /// With the finished deck: its key and the learn mode's cards of it, as the store keeps
    /// them (nil when they could not be read). Only the deck opened is read, never every deck.
    let learned: (deck: String, cards: [String: StoredCardProgress])?

    init(_ state: DeckLoader.State, learned: (deck: String, cards: [String: StoredCardProgress])? = nil) {
        self.state = state
        self.learned = learned
    }
}
