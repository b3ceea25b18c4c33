import Glibc

/// Where a deck of pictures comes from.
public enum DeckSource: Equatable, Sendable, Codable {
    /// The game's built-in deck, found among the assets.
    case builtIn
    /// A `--deck` folder.
    case folder(String)
}

/// What a game asks the effect runtime to do about its deck (`GameEffect.deck`).
public enum DeckRequest: Equatable, Sendable {
    /// Start loading the deck; the runtime reports how far it is, or the deck.
    case load(DeckSource)
    /// Ask how far the loading is (a loading screen asks on its ticks).
    case check
    /// The game is left: stop loading.
    case cancel
}

/// Loads a deck on a thread of its own, so the arcade keeps drawing and listening meanwhile.
///
/// A folder of large pictures takes seconds to read. The loading runs on a new thread; the
/// effect runtime holds the loader and asks its `state` when the screen showing the deck
/// checks on its ticks, and leaving the screen calls `cancel()`, which stops the reading
/// between two rows of a picture. Everything the two threads share is behind one lock.
final class PictureDeckLoader<Facts: Decodable & Sendable>: @unchecked Sendable {
    /// Where the loading is.
    enum State: Sendable {
        /// Still loading; nil until the folder is read and the first picture starts.
        case loading(DeckProgress?)
        case finished(Result<PictureDeck<Facts>, DeckError>)
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var current = State.loading(nil)
    private var cancelled = false

    /// Start `work` on a new thread; it reports through the loader it is given (`report`)
    /// and its result becomes the `finished` state.
    init(work: @escaping @Sendable (PictureDeckLoader) -> Result<PictureDeck<Facts>, DeckError>) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        let started = startBackgroundThread { [self] in finish(work(self)) }
        if !started {
            // No thread to be had: load here and now (the screen waits, but the deck loads).
            finish(work(self))
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// A loader reading the PNG folder at `directory` (see `PictureDeck.load`).
    static func folder(_ directory: String) -> PictureDeckLoader {
        PictureDeckLoader { loader in
            PictureDeck.load(directory: directory, progress: { loader.report($0) }, isCancelled: { loader.isCancelled })
        }
    }

    /// The latest progress, or the result once the work has finished.
    var state: State {
        locked { current }
    }

    /// True once `cancel()` was called.
    var isCancelled: Bool {
        locked { cancelled }
    }

    /// Ask the work to stop; it does at its next `report`.
    func cancel() {
        locked { cancelled = true }
    }

    /// The work's progress; false once cancelled, when the work should stop.
    func report(_ progress: DeckProgress) -> Bool {
        locked {
            if case .loading = current { current = .loading(progress) }
            return !cancelled
        }
    }

    /// Wait until the work has finished, and its result. Only tests wait: the screen polls.
    func waitUntilFinished() -> Result<PictureDeck<Facts>, DeckError> {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if case .finished(let result) = current { return result }
            pthread_cond_wait(condition, mutex)
        }
    }

    private func finish(_ result: Result<PictureDeck<Facts>, DeckError>) {
        locked {
            current = .finished(result)
            pthread_cond_broadcast(condition)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
