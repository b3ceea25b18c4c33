import ArcadeRecords

/// The loader of the temple decks, the one kind of deck the effect runtime loads (for Temples
/// and Memory).
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

/// The decks the games ask the effect runtime for (`GameEffect.deck`). The built-in twenty
/// small pictures are read at once, so the first frame drawn shows them; a folder may hold
/// anything, so it loads on a thread of its own, and the game asks how far it is (`check`)
/// until its deck is there. The finished deck comes with the learn mode's cards of that deck
/// alone.
struct DeckLoading {
    /// The decks loading on threads of their own, by the game that asked, with where from.
    private var loaders: [GameID: (loader: DeckLoader, source: DeckSource)] = [:]
    /// Starts loading a `--deck` folder (tests give loaders they hold back).
    var loadFolder: (String) -> DeckLoader = DeckLoader.folder

    /// Carry out `request` of game `id`, the built-in deck found with `assets`; `learned`
    /// reads the learn mode's cards of a deck (by its key) from the store.
    mutating func carryOut(_ request: DeckRequest, for id: GameID, assets: AssetLocator,
                           learned: (String) -> [String: StoredCardProgress]?) -> [RuntimeReport] {
        switch request {
        case .load(.builtIn):
            loaders.removeValue(forKey: id)?.loader.cancel()
            return [.deck(id, Self.finished(TempleDeck.builtIn(assets: assets), from: .builtIn, learned: learned))]
        case .load(.folder(let directory)):
            loaders.removeValue(forKey: id)?.loader.cancel()
            loaders[id] = (loadFolder(directory), .folder(directory))
            return carryOut(.check, for: id, assets: assets, learned: learned)
        case .check:
            guard let (loader, source) = loaders[id] else { return [] }
            let state = loader.state
            guard case .finished(let result) = state else { return [.deck(id, DeckReport(state))] }
            loaders[id] = nil
            return [.deck(id, Self.finished(result, from: source, learned: learned))]
        case .cancel:
            loaders.removeValue(forKey: id)?.loader.cancel()
            return []
        }
    }

    /// The report of a deck loaded from `source`, with its cards as the store keeps them.
    private static func finished(_ result: Result<TempleDeck, DeckError>, from source: DeckSource,
                                 learned: (String) -> [String: StoredCardProgress]?) -> DeckReport {
        let key = LearningRecord.key(of: source)
        return DeckReport(.finished(result), learned: learned(key).map { (key, $0) })
    }
}
