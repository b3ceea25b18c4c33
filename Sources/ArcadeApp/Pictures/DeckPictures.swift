import ArcadeUI

/// A deck's pictures as a screen holds them: where the deck is, from asking the effect
/// runtime for it to its arrival, then its pictures by card id and their copies scaled for
/// the frame.
///
/// The screen asks for the deck (`ask(from:)`), checks on its ticks how far the loading is
/// while the runtime loads it on a thread (`check`), takes each report (`receive`), and
/// stops the loading when it is left (`cancel`). The deck's pictures are kept by card id
/// (`original(_:)`), and the ones on screen scaled for the frame (`keep`), so drawing finds
/// them made (`picture(_:pixelHeight:)`).
struct DeckPictures {
    /// Where the deck is.
    enum State: Equatable {
        /// Not asked for yet.
        case notAsked
        /// Asked for; `isPolling` once the runtime said it loads on a thread (ticks ask how far).
        case loading(isPolling: Bool)
        /// Here: its pictures are kept.
        case ready
        /// No deck, and why, in words for the player.
        case unavailable(String)
    }

    /// How often a screen asks how far the loading is: ten times a second.
    static let checkInterval = 0.1

    private(set) var state = State.notAsked
    /// The deck's pictures by card id, as read.
    private var originals: [String: RGBAImage] = [:]
    /// The pictures on screen, scaled for the last frame (see `keep`).
    private(set) var scaled = ScaledPictures()

    /// True while the runtime loads the deck on a thread, and ticks ask how far it is.
    var isPolling: Bool { state == .loading(isPolling: true) }

    /// Ask for the deck from `source`, the first time only.
    mutating func ask(from source: DeckSource) -> [GameEffect] {
        guard state == .notAsked else { return [] }
        state = .loading(isPolling: false)
        return [.deck(.load(source))]
    }

    /// What a tick asks: how far the loading is, while the runtime loads on a thread.
    var check: [GameEffect] { isPolling ? [.deck(.check)] : [] }

    /// What leaving asks: stop the loading, while it runs.
    var cancel: [GameEffect] { isPolling ? [.deck(.cancel)] : [] }

    /// Take what the runtime says of the deck asked for: how far it is, or the deck, whose
    /// entries come back for the screen to deal (a deck of none is `emptyReason`), or why
    /// there is none. A report about a deck not asked for, or already here, changes nothing.
    mutating func receive<Facts>(_ report: PictureDeckLoader<Facts>.State,
                                 emptyReason: String) -> [PictureDeck<Facts>.Entry]? {
        guard case .loading = state else { return nil }
        switch report {
        case .loading:
            state = .loading(isPolling: true)
            return nil
        case .finished(.success(let deck)):
            originals = Dictionary(deck.entries.map { ($0.id, $0.picture) }, uniquingKeysWith: { first, _ in first })
            state = deck.entries.isEmpty ? .unavailable(emptyReason) : .ready
            return deck.entries
        case .finished(.failure(let error)):
            state = .unavailable(error.description)
            return nil
        }
    }

    /// True when the deck has pictures to show.
    var hasPictures: Bool { !originals.isEmpty }

    /// The picture of card `id` as the deck holds it.
    func original(_ id: String) -> RGBAImage? {
        originals[id]
    }

    /// Card `id`'s picture `pixelHeight` pixels high: the kept copy, or one scaled now; nil
    /// when the deck has no such card.
    func picture(_ id: String, pixelHeight: Int) -> RGBAImage? {
        originals[id].map { scaled.picture(id, $0, pixelHeight: pixelHeight) }
    }

    /// Keep `shown` scaled at their heights (see `ScaledPictures.keep`).
    mutating func keep(_ shown: [ScaledPictures.Wanted], drawingFor theme: Theme? = nil) {
        scaled.keep(shown, drawingFor: theme)
    }
}
