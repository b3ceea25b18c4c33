import ArcadeRecords
import ArcadeStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the arcade keeps, as the app uses it: the SQLite store (`ArcadeStore`) in the data
/// folder, the high-score lists as queries over its history, and the saved games.
///
/// It is opened only after the terminal checks have passed, so a run that ends before the
/// first frame touches nothing on disk. Whatever goes wrong — no home folder, a read-only
/// or full disk, a damaged store, a damaged `scores.json` — the arcade stays playable and
/// `notices` says what happened, for the menu.
public final class ArcadeData {
    /// The data folder (`$XDG_DATA_HOME/arcade`...), nil when there is none to be found.
    public let directory: String?
    /// The store; nil when it could not be opened (nothing is kept this run).
    private(set) var store: ArcadeStore?
    /// How long a write waits for another arcade's, in milliseconds (`shortenBusyTimeout`).
    private var busyTimeout = ArcadeStore.busyTimeoutMilliseconds
    /// Seconds since 1970, for the name of a damaged store moved aside.
    private let now: () -> Double
    /// What the last write found that the player should be told (a damaged store replaced),
    /// taken by the effect runtime for the menu.
    private var laterNotice: String?
    /// What opening found, one sentence each, for the menu.
    public private(set) var notices: [String] = []
    /// Why there is no store, worded for the end of a sentence.
    private var unavailable = "there is no store"

    /// The name of the mark that `scores.json` was imported.
    static let importMark = "import scores.json"

    /// Open the data in `directory` (created with its parents), importing `scores.json`
    /// once. `now` is seconds since 1970.
    public init(directory: String?, now: @escaping () -> Double = { Double(time(nil)) }) {
        self.directory = directory
        self.now = now
        guard let directory else {
            store = nil
            unavailable = "no home folder was found (HOME is unset)"
            notices = ["No home folder was found (HOME is unset); scores and saved games will not be kept."]
            return
        }
        do {
            try ScoreFiles.makeDirectories(directory)
        } catch {
            store = nil
            unavailable = error.description
            notices = ["Scores and saved games will not be kept: \(error)."]
            return
        }
        do {
            let store = try ArcadeStore(directory: directory, now: { Int(Self.wholeSeconds(now())) })
            self.store = store
            notices += store.notice.map { [$0] } ?? []
            if !store.isReadOnly { notices += ScoreImport.run(into: store, directory: directory, now: now) }
        } catch {
            store = nil
            unavailable = error.description
            notices = ["Scores and saved games will not be kept: \(error)."]
        }
    }

    /// Data kept in `store`, opened already (tests hand in a store that may only be read).
    init(store: ArcadeStore, directory: String) {
        self.directory = directory
        self.store = store
        now = { 0 }
        notices = store.notice.map { [$0] } ?? []
    }

    /// The notices as one line for the menu, or nil.
    public var notice: String? { notices.isEmpty ? nil : notices.joined(separator: " ") }

    // MARK: - Where

    /// `$XDG_DATA_HOME/arcade`, else `$HOME/.local/share/arcade`, else the home folder the
    /// password database names for this user; nil when there is none. Only absolute paths
    /// count: a relative one would put the data wherever the arcade happened to start.
    public static func directory(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return trimmingTrailingSlashes(data) + "/arcade"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return trimmingTrailingSlashes(home) + "/.local/share/arcade"
        }
        if let home = passwordDatabaseHome(), home.hasPrefix("/") {
            return trimmingTrailingSlashes(home) + "/.local/share/arcade"
        }
        return nil
    }

    /// This user's home folder from the password database (`getpwuid_r`), or nil.
    static func passwordDatabaseHome() -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil,
              let home = entry.pw_dir else { return nil }
        let path = String(cString: home)
        return path.isEmpty ? nil : path
    }

    /// The name to record: `$USER`, else `$LOGNAME`, else "player".
    public static func playerName(environment: [String: String]) -> String {
        for key in ["USER", "LOGNAME"] {
            if let name = environment[key], !name.isEmpty { return name }
        }
        return "player"
    }

    // MARK: - Scores

    /// How many entries a high-score list shows.
    public static let listLength = 10

    /// Everything the menu shows, read again (another arcade may have kept games meanwhile);
    /// nil when there is no store or any of it could not be read, so the menu keeps what it has.
    func reread(for games: [GameInfo]) -> (scores: [GameID: [ScoreEntry]], saved: [SavedGame])? {
        guard let store else { return nil }
        var lists: [GameID: [ScoreEntry]] = [:]
        for game in games {
            guard let list = try? scores(for: game) else { return nil }
            lists[game.id] = list
        }
        guard let rows = try? store.savedGames() else { return nil }
        return (lists, Self.saved(rows))
    }

    /// Waits for another arcade's write at most `milliseconds` from now on.
    public func shortenBusyTimeout(milliseconds: Int) {
        busyTimeout = milliseconds
        store?.setBusyTimeout(milliseconds: milliseconds)
    }

    /// Each game's high-score list, best first.
    public func scores(for games: [GameInfo]) -> [GameID: [ScoreEntry]] {
        var lists: [GameID: [ScoreEntry]] = [:]
        for game in games {
            if let list = try? scores(for: game) { lists[game.id] = list }
        }
        return lists
    }

    /// `game`'s high-score list, best first: a query over the games it finished (of the mode
    /// its list is of, `GameInfo.listMode`: Set's is the classic game's).
    func scores(for game: GameInfo) throws(StoreError) -> [ScoreEntry] {
        guard let store else { return [] }
        return try store.best(of: game.id.rawValue, mode: game.listMode, limit: Self.listLength,
                              higherIsBetter: game.scoreOrder == .higherIsBetter).map { finished in
            ScoreEntry(score: finished.score, date: finished.finishedAt, player: finished.player,
                       figures: finished.figures)
        }
    }

    /// Keep a finished game (and forget its saved game, in the same transaction); returns
    /// its list after it. Throws the words for the player when it could not be kept.
    func record(_ record: ScoreRecord, of game: GameInfo, player: String,
                now: Double) throws(ScoreSaveError) -> [ScoreEntry] {
        guard let store else { throw ScoreSaveError("Score not saved: \(unavailable).") }
        let finished = FinishedGame(game: game.id.rawValue, mode: record.mode, score: record.score,
                                    figures: record.figures, duration: record.duration, seed: record.seed,
                                    player: player, finishedAt: Self.localMinute(now), run: record.run)
        do {
            return try writing(store) { store throws(StoreError) in
                try store.record(finished, forgettingSavedGame: record.savedGameMode)
                guard batchStore === store else { return try scores(for: game) }
                if let list = batchLists[game.id], !Self.mayChange(list, with: finished, of: game) { return list }
                let list = try scores(for: game)
                batchLists[game.id] = list
                return list
            }
        } catch {
            throw ScoreSaveError("Score not saved: \(reason(error)).")
        }
    }

    /// True while the effects of a batch of input are carried out: the results written
    /// meanwhile (games finished, daily results, the coach's tallies, learn-mode answers)
    /// join one transaction, opened by the first, which `commitBatch` commits once the batch
    /// is applied. A paste that finishes forty games writes the disk once, not forty times,
    /// and what is read meanwhile (a game's list) already holds them.
    var batching = false

    /// The store whose transaction holds the results written in the batch of input being
    /// applied (`batching`), until `commitBatch`.
    private var batchStore: ArcadeStore?

    /// Each game's list as read inside the batch's transaction: no other arcade writes while
    /// it is open, so a game that cannot enter the list leaves it as it was read.
    private var batchLists: [GameID: [ScoreEntry]] = [:]

    /// Whether `finished` can change `list` (`game`'s list, best first): it is of the list's
    /// mode and better than the last of a full list, or it replaces a run's earlier result.
    static func mayChange(_ list: [ScoreEntry], with finished: FinishedGame, of game: GameInfo) -> Bool {
        if finished.run != nil { return true }
        if case .only(let mode) = game.listMode, finished.mode != mode { return false }
        guard list.count >= listLength, let last = list.last else { return true }
        // Ties go to the earlier game: equal to the last is not in.
        return game.scoreOrder == .higherIsBetter ? finished.score > last.score : finished.score < last.score
    }

    /// Why the batch's transaction ended before its commit (SQLite rolled it back on a
    /// failure), losing the results written in it before.
    private var batchLost: String?

    /// The coach's decisions in the batch, summed by game, player and kind (in the order
    /// first made), and where each is in that list.
    private var batchTallies: [TallyCount] = []
    private var batchTallyIndex: [String: Int] = [:]

    /// Whether results written in a batch wait for `commitBatch`, or were lost from it.
    var hasBatch: Bool { batchStore != nil || batchLost != nil || !batchTallies.isEmpty }

    /// Commit the results written in the batch of input just applied, the coach's tallies
    /// with them. Throws the words for the player when they could not be kept.
    func commitBatch() throws(ScoreSaveError) {
        var failure = batchLost
        batchLost = nil
        let tallies = batchTallies
        batchTallies = []
        batchTallyIndex = [:]
        if !tallies.isEmpty, let store {
            do {
                try repairing(batchStore ?? store) { store throws(StoreError) in try store.add(tallies) }
            } catch {
                failure = failure ?? reason(error)
            }
        }
        if let store = batchStore {
            batchStore = nil
            batchLists = [:]
            do {
                try store.commit()
            } catch {
                failure = reason(error)
            }
        }
        if let failure { throw ScoreSaveError("What was just played was not kept: \(failure).") }
    }

    /// What the last write found that the player should be told, once.
    func takeNotice() -> String? {
        defer { laterNotice = nil }
        return laterNotice
    }

    /// Write a result with `body`: within a batch (`batching`), in the batch's transaction.
    private func writing<T>(_ store: ArcadeStore, _ body: (ArcadeStore) throws(StoreError) -> T) throws(StoreError) -> T {
        let joining = batchStore != nil
        do {
            return try repairing(store) { store throws(StoreError) in
                if batching && batchStore !== store {
                    try store.begin()
                    batchStore = store
                }
                return try body(store)
            }
        } catch {
            if let open = batchStore, !open.isInTransaction {
                // The failure took the batch's transaction with it, and what was written before.
                batchStore = nil
                batchLists = [:]
                if joining { batchLost = reason(error) }
            }
            throw error
        }
    }

    /// Run `body` on the store; when it finds the file damaged (damage that came after it was
    /// opened), the file is moved aside, what can be read of it recovered into a new store,
    /// and `body` run again on that.
    private func repairing<T>(_ store: ArcadeStore, _ body: (ArcadeStore) throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            return try body(store)
        } catch .sqlite(let error) where error.isCorrupt {
            guard let directory else { throw .sqlite(error) }
            // The games of the batch so far go in first, if the damaged file still takes
            // them, so that what is recovered from it holds them.
            if batchStore === store {
                batchStore = nil
                batchLists = [:]
                do { try store.commit() } catch { batchLost = reason(error) }
            }
            // Another arcade may already have moved the damaged file aside and started a new
            // one: then this one only opens the new one, never moves it.
            if store.isStillAtItsPath {
                laterNotice = try ArcadeStore.recover(store.path, now: { Int(Self.wholeSeconds(now())) })
            }
            let fresh = try ArcadeStore(directory: directory, now: { Int(Self.wholeSeconds(now())) })
            self.store = fresh
            return try body(fresh)
        }
    }

    // MARK: - Saved games

    /// Every saved game, of every game and mode; a row of a game this arcade does not know
    /// is left in the store untouched (the shell offers only its games': `SavedGameShelf`).
    public func savedGames() -> [SavedGame] {
        guard let rows = try? store?.savedGames() else { return [] }
        return Self.saved(rows)
    }

    private static func saved(_ rows: [StoredSave]) -> [SavedGame] {
        rows.map { row in
            SavedGame(game: GameID(rawValue: row.game), mode: row.mode,
                      save: GameSave(state: row.state, summary: row.summary),
                      seed: row.seed, session: row.session, savedAt: row.savedAt)
        }
    }

    /// Keep `saved` as its game's saved game of its mode (and forget the save of mode
    /// `replacing`, in the same transaction). Throws why not, in words for the end of a
    /// sentence (`reason`); without a store, why there is none.
    ///
    /// A save written again after the store refused it (`retrying`) never replaces a newer
    /// one another arcade left since, and waits for another arcade's write no longer than
    /// `waiting` milliseconds (nil: as long as any write waits).
    func keep(_ saved: SavedGame, replacing other: String? = nil, retrying: Bool = false,
              waiting: Int? = nil) throws(ScoreSaveError) {
        guard let store else { throw ScoreSaveError(unavailable) }
        let row = StoredSave(game: saved.game.rawValue, mode: saved.mode, state: saved.save.state,
                             summary: saved.save.summary, seed: saved.seed, session: saved.session,
                             savedAt: saved.savedAt)
        if let waiting { store.setBusyTimeout(milliseconds: min(waiting, busyTimeout)) }
        defer { if waiting != nil { self.store?.setBusyTimeout(milliseconds: busyTimeout) } }
        do {
            try repairing(store) { store throws(StoreError) in
                try store.save(row, replacing: other, keepingNewer: retrying)
            }
        } catch {
            throw ScoreSaveError(reason(error))
        }
    }

    /// True when the store holds a saved game of `slot` (false when it cannot be read).
    func hasSavedGame(_ slot: SaveSlot) -> Bool {
        savedGames().contains { $0.slot == slot }
    }

    /// True when the store was opened only for reading: no write of this run can reach it.
    var isReadOnly: Bool { store?.isReadOnly == true }

    /// Why a write did not reach the store, in words for the end of a sentence, naming the
    /// store's file once: the one wording of every notice of a write refused (a score, a
    /// saved game, a setting...). A refusal (`WriteRefusal`) reads the same whichever way
    /// SQLite reported it; anything else is in `StoreError`'s words.
    func reason(_ error: StoreError) -> String {
        guard let refusal = error.writeRefusal else { return error.description }
        guard case .sqlite(let failure) = error, !failure.file.isEmpty else {
            let path = store?.path ?? (directory ?? "the data folder") + "/" + ArcadeStore.fileName
            return refusal.words(naming: "the store \(path)")
        }
        return refusal.words(naming: "the store \(failure.file)")
    }

    /// Forget `game`'s saved game of `mode`. Throws the words for the player.
    func forgetSavedGame(_ game: GameInfo, mode: String = "") throws(ScoreSaveError) {
        guard let store else { return }
        do {
            try repairing(store) { store throws(StoreError) in try store.forgetSavedGame(game.id.rawValue, mode: mode) }
        } catch {
            throw ScoreSaveError("The saved \(game.title) game could not be removed: \(reason(error)).")
        }
    }

    // MARK: - Settings and daily results

    /// Every setting kept (empty when there is no store or it cannot be read).
    public func settings() -> [String: String] {
        guard let store else { return [:] }
        return (try? store.settings()) ?? [:]
    }

    /// Keep `value` for setting `key`. Throws the words for the player.
    func remember(_ key: String, _ value: String) throws(ScoreSaveError) {
        guard let store else { return }
        do {
            try repairing(store) { store throws(StoreError) in try store.setSetting(key, to: value) }
        } catch {
            throw ScoreSaveError("The setting could not be kept: \(reason(error)).")
        }
    }

    /// `player`'s daily results, by game and day (empty when they cannot be read).
    public func dailyResults(for games: [GameInfo], player: String) -> [GameID: [String: DailyOutcome]] {
        guard let store, let rows = try? store.dailyResults(player: player) else { return [:] }
        var results: [GameID: [String: DailyOutcome]] = [:]
        for row in rows {
            let id = GameID(rawValue: row.game)
            guard games.contains(where: { $0.id == id }),
                  results[id]?[row.day] == nil else { continue }
            results[id, default: [:]][row.day] = DailyOutcome(seconds: row.seconds, misses: row.misses, found: row.found)
        }
        return results
    }

    /// Keep `outcome` as `player`'s result of `game` on `day`, unless one is kept already.
    /// Throws the words for the player.
    func recordDaily(_ outcome: DailyOutcome, day: String, of game: GameInfo, player: String,
                     now: Double) throws(ScoreSaveError) {
        guard let store else { return }
        let result = DailyResult(game: game.id.rawValue, day: day, player: player, seconds: outcome.seconds,
                                 misses: outcome.misses, found: outcome.found, finishedAt: Self.localMinute(now))
        do {
            _ = try writing(store) { store throws(StoreError) in try store.recordDaily(result) }
        } catch {
            throw ScoreSaveError("Today's \(game.title) result was not kept: \(reason(error)).")
        }
    }

    /// `player`'s tallies of decisions, by game and kind (empty when they cannot be read).
    public func tallies(for games: [GameInfo], player: String) -> [GameID: [String: Tally]] {
        guard let store, let rows = try? store.tallies(player: player) else { return [:] }
        var result: [GameID: [String: Tally]] = [:]
        for game in games {
            if let tallies = rows[game.id.rawValue], !tallies.isEmpty { result[game.id] = tallies }
        }
        return result
    }

    /// Count one more decision of kind `key` for `player` in `game`. Throws the words for the
    /// player. Within a batch (`batching`), the decisions of each kind are summed and added
    /// when the batch is committed.
    func addTally(_ key: String, right: Bool, of game: GameInfo, player: String) throws(ScoreSaveError) {
        guard let store else { return }
        if batching {
            let name = game.id.rawValue + "\u{1F}" + player + "\u{1F}" + key
            if let index = batchTallyIndex[name] {
                batchTallies[index].tally.count(right: right)
            } else {
                batchTallyIndex[name] = batchTallies.count
                batchTallies.append(TallyCount(game: game.id.rawValue, player: player, key: key,
                                               tally: Tally(right: right ? 1 : 0, total: 1)))
            }
            return
        }
        do {
            try writing(store) { store throws(StoreError) in
                try store.addTally(game: game.id.rawValue, player: player, key: key, right: right)
            }
        } catch {
            throw ScoreSaveError("The \(game.title) coach's record was not kept: \(reason(error)).")
        }
    }

    /// What the start knows of `player`'s learning: how many cards of the built-in deck (the
    /// one the menu opens) are due on `today`, one count the store makes. No card is read: a
    /// deck's cards are read when a screen opens it (`learnCards`).
    public func learning(player: String, today: Int) -> LearningRecord {
        let key = LearningRecord.builtInKey
        guard let due = learnDue(of: key, player: player, on: today) else { return LearningRecord() }
        return LearningRecord(storedDue: [key: StoredDue(day: today, count: due)])
    }

    /// How many of `player`'s cards of `deck` answered before are due on `day`, one count the
    /// store makes (nil when there is no store or it cannot be read).
    func learnDue(of deck: String, player: String, on day: Int) -> Int? {
        try? store?.learnDueCount(player: player, deck: deck, on: day, scale: LearningRecord.scale)
    }

    /// `player`'s cards of `deck`, as kept (nil when there is no store or they cannot be read).
    func learnCards(of deck: String, player: String) -> [String: StoredCardProgress]? {
        try? store?.learnProgress(player: player, deck: deck)
    }

    /// The rest of `player`'s past that the games open with: daily results, tallies and each
    /// mode's best.
    public func history(for games: [GameInfo], player: String) -> PlayerHistory {
        PlayerHistory(daily: dailyResults(for: games, player: player), tallies: tallies(for: games, player: player),
                      bests: bests(for: games))
    }

    /// Each game's best score of each mode ("" for results kept without one), by its
    /// `scoreOrder`; a game whose bests cannot be read has none.
    public func bests(for games: [GameInfo]) -> [GameID: [String: Int]] {
        guard let store else { return [:] }
        var result: [GameID: [String: Int]] = [:]
        for game in games {
            guard let modes = try? store.modes(of: game.id.rawValue) else { continue }
            for mode in modes {
                guard let best = try? store.best(of: game.id.rawValue, mode: .only(mode), limit: 1,
                                                 higherIsBetter: game.scoreOrder == .higherIsBetter).first else { continue }
                result[game.id, default: [:]][mode ?? ""] = best.score
            }
        }
        return result
    }

    /// Keep one answer of a learn session. Throws the words for the player.
    func recordReview(deck: String, card: String, progress: StoredCardProgress, right: Bool, day: Int,
                      player: String) throws(ScoreSaveError) {
        guard let store else { return }
        do {
            try writing(store) { store throws(StoreError) in
                try store.recordReview(deck: deck, player: player, card: card, progress: progress, right: right, day: day)
            }
        } catch {
            throw ScoreSaveError("The Temples answer was not kept: \(reason(error)).")
        }
    }

    // MARK: - Helpers

    /// `seconds` since 1970 in local time as "YYYY-MM-DD HH:MM".
    static func localMinute(_ seconds: Double) -> String {
        var clock = time_t(wholeSeconds(seconds))
        var parts = tm()
        guard localtime_r(&clock, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The local calendar day at `seconds` since 1970.
    public static func localDay(_ seconds: Double) -> CalendarDay {
        var clock = time_t(wholeSeconds(seconds))
        var parts = tm()
        guard localtime_r(&clock, &parts) != nil else { return CalendarDay(year: 1970, month: 1, day: 1) }
        return CalendarDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    /// `seconds` rounded down; 0 for a clock reading too wild to convert without a trap.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        return Int(seconds.rounded(.down))
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "/" : String(path)
    }
}

/// A finished game's result as a game reports it: the score, its typed figures (as the
/// store's named strings), the mode or level, the seconds played and the seed.
public struct ScoreRecord: Equatable, Sendable {
    public var score: Int
    public var figures: [String: String]
    public var mode: String?
    public var duration: Double?
    public var seed: UInt64?
    /// The run of play it belongs to, across leaving and resuming: a later result of the
    /// same run replaces the earlier one in the store.
    public var run: String?
    /// The mode of the saved game this result ends (the save the finished game was resumed
    /// from), forgotten with it in one transaction; nil: none.
    public var savedGameMode: String?

    public init(score: Int, figures: [String: String] = [:], mode: String? = nil, duration: Double? = nil,
                seed: UInt64? = nil, run: String? = nil, savedGameMode: String? = nil) {
        self.savedGameMode = savedGameMode
        self.score = score
        self.figures = figures
        self.mode = mode
        self.duration = duration
        self.seed = seed
        self.run = run
    }
}

/// Why a score or a game could not be kept, in words a player can act on.
public struct ScoreSaveError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
