import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The high-score tables of every game, kept in `<directory>/scores.json`.
///
/// Recording reads, merges and rewrites the file under an exclusive `flock` on
/// `scores.json.lock`, so arcades running at the same time lose no score. The new file is
/// written beside the old one, flushed, then renamed over it: a crash leaves the old
/// table whole. A file that cannot be parsed is moved aside and reported, never emptied.
public struct ScoreStore: Sendable {
    /// How many entries each game keeps.
    public static let capacity = 10

    /// The folder holding `scores.json`; created (with parents) on the first record.
    public let directory: String
    private let now: @Sendable () -> Double
    private let beforeRename: @Sendable (_ temporaryPath: String) throws -> Void

    /// A store in `directory`.
    ///
    /// - Parameters:
    ///   - now: seconds since 1970, used to name a corrupt file moved aside.
    ///   - beforeRename: called with the flushed temporary file just before it replaces
    ///     `scores.json`; a test throws here to act out a crash mid-save.
    public init(
        directory: String,
        now: @escaping @Sendable () -> Double = { Double(time(nil)) },
        beforeRename: @escaping @Sendable (_ temporaryPath: String) throws -> Void = { _ in }
    ) {
        self.directory = directory
        self.now = now
        self.beforeRename = beforeRename
    }

    /// The path of the score file.
    public var filePath: String { directory + "/scores.json" }
    private var lockPath: String { filePath + ".lock" }
    private var temporaryPath: String { filePath + ".tmp" }

    /// `$XDG_DATA_HOME/arcade`, or `$HOME/.local/share/arcade` when that is unset or relative.
    ///
    /// Without a usable `HOME` either, the folder is relative to the working directory.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return trimmingTrailingSlashes(data) + "/arcade"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : trimmingTrailingSlashes($0) } ?? "."
        return home + "/.local/share/arcade"
    }

    /// The name to record: `$USER`, else `$LOGNAME`, else "player".
    public static func playerName(environment: [String: String]) -> String {
        for key in ["USER", "LOGNAME"] {
            if let name = environment[key], !name.isEmpty { return name }
        }
        return "player"
    }

    /// An entry dated `now` (seconds since 1970) in local time as "YYYY-MM-DD HH:MM".
    public static func makeEntry(
        score: Int, player: String, figures: [String: String] = [:], now: Double = Double(time(nil))
    ) -> ScoreEntry {
        ScoreEntry(score: score, date: localMinute(now), player: player, figures: figures)
    }

    /// Every game's table, best first; an unreadable file is moved aside and `notice` says so.
    public func load() -> ScoreBoard {
        do {
            guard let bytes = try ScoreFiles.readAll(filePath) else { return ScoreBoard() }
            if let games = Self.decode(bytes) { return ScoreBoard(games: games) }
            // Look again under the lock: a writer may have replaced it meanwhile.
            let (games, notice) = try ScoreFiles.withExclusiveLock(lockPath) {
                () throws(FileFailure) in try readMovingAsideIfCorrupt()
            }
            return ScoreBoard(games: games, notice: notice)
        } catch {
            return ScoreBoard(notice: "Scores could not be read: \(error).")
        }
    }

    /// Adds `entry` to `game`'s table on disk, keeping the best ``capacity`` entries.
    ///
    /// Ties keep the earlier entry ahead. Throws a message for the user when the score
    /// cannot be saved; the file on disk is then unchanged.
    @discardableResult
    public func record(
        _ entry: ScoreEntry, game: String, order: ScoreOrder = .higherIsBetter
    ) throws(ScoreStoreError) -> RecordedScores {
        do {
            try ScoreFiles.makeDirectories(directory)
            return try ScoreFiles.withExclusiveLock(lockPath) { () throws(FileFailure) in
                var (games, notice) = try readMovingAsideIfCorrupt()
                let (entries, rank) = Self.merge(games[game] ?? [], adding: entry, order: order)
                games[game] = entries
                try write(games)
                return RecordedScores(entries: entries, rank: rank, notice: notice)
            }
        } catch {
            throw ScoreStoreError("Score not saved: \(error).")
        }
    }

    // MARK: - Under the lock

    private struct ScoreFile: Codable {
        var version: Int
        var games: [String: [ScoreEntry]]
    }

    private func readMovingAsideIfCorrupt() throws(FileFailure) -> ([String: [ScoreEntry]], String?) {
        guard let bytes = try ScoreFiles.readAll(filePath) else { return ([:], nil) }
        if let games = Self.decode(bytes) { return (games, nil) }
        let base = filePath + ".corrupt-\(Self.wholeSeconds(now()))"
        var aside = base
        var suffix = 1
        while ScoreFiles.exists(aside) {
            aside = base + "-\(suffix)"
            suffix += 1
        }
        try ScoreFiles.replace(filePath, to: aside, in: directory)
        return ([:], "Score file was unreadable; moved it to \(aside) and started afresh.")
    }

    private func write(_ games: [String: [ScoreEntry]]) throws(FileFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(ScoreFile(version: 1, games: games))
        } catch {
            throw FileFailure(description: "could not encode the scores (\(error))")
        }
        try ScoreFiles.writeSynced(Array(data) + [UInt8(ascii: "\n")], to: temporaryPath)
        do {
            try beforeRename(temporaryPath)
        } catch {
            unlink(temporaryPath)
            throw FileFailure(description: "interrupted before replacing \(filePath) (\(error))")
        }
        try ScoreFiles.replace(temporaryPath, to: filePath, in: directory)
    }

    // MARK: - Pure helpers

    private static func decode(_ bytes: [UInt8]) -> [String: [ScoreEntry]]? {
        guard let file = try? JSONDecoder().decode(ScoreFile.self, from: Data(bytes)),
              file.version == 1 else { return nil }
        return file.games
    }

    /// `entries` plus `entry`, best first and cut to ``capacity``, and where `entry` landed.
    static func merge(
        _ entries: [ScoreEntry], adding entry: ScoreEntry, order: ScoreOrder
    ) -> (entries: [ScoreEntry], rank: Int?) {
        let ranked = (entries + [entry]).enumerated().sorted { a, b in
            if order.ranks(a.element.score, ahead: b.element.score) { return true }
            if order.ranks(b.element.score, ahead: a.element.score) { return false }
            return a.offset < b.offset
        }.prefix(capacity)
        return (ranked.map(\.element), ranked.firstIndex { $0.offset == entries.count })
    }

    private static func localMinute(_ seconds: Double) -> String {
        var clock = time_t(wholeSeconds(seconds))
        var parts = tm()
        guard localtime_r(&clock, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `seconds` rounded down; 0 for a clock reading too wild to convert without a trap.
    private static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        return Int(seconds.rounded(.down))
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.hasSuffix("/") { path.removeLast() }
        return String(path)
    }
}
