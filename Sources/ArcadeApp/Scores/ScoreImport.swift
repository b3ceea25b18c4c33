import ArcadeJSON
import ArcadeRecords
import ArcadeStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-time move of the old `scores.json` (ten best entries per game) into the store.
///
/// Every entry is imported, with the mark that the import happened, in one transaction;
/// only then is the file renamed `scores.json.imported`. Killed in between, the next start
/// finds the mark and only renames. A file that cannot be parsed is moved aside to
/// `scores.json.corrupt-<time>` and reported, never deleted; a FIFO or a link to a device
/// in its place is never read (`RegularFile`).
enum ScoreImport {
    /// The most bytes the old file may have (ten entries for each of five games take a few KiB).
    static let readLimit = 4 << 20

    /// The file's shape, as the JSON store wrote it.
    private struct ScoreFile: Decodable {
        var version: Int
        var games: [String: [ScoreEntry]]
    }

    /// Import `directory/scores.json` into `store` if it is there; the notices for the menu.
    static func run(into store: ArcadeStore, directory: String, now: () -> Double) -> [String] {
        let path = directory + "/scores.json"
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile.readIfPresent(path, limit: readLimit) else { return [] }
            bytes = read
        } catch {
            return ["The old score file \(path) was not imported (\(error)); it was left as it is."]
        }
        guard let file = try? JSON.decode(ScoreFile.self, from: bytes), file.version == 1 else {
            return moveAside(path, now: now)
        }
        let games = file.games.sorted { $0.key < $1.key }.flatMap { game, entries in
            entries.map { entry in
                FinishedGame(game: game, score: entry.score, figures: entry.figures, player: entry.player,
                             finishedAt: entry.date)
            }
        }
        // The mark names this file's bytes: a second scores.json (an old arcade still running
        // wrote one) is imported too, and the same one never twice.
        do {
            _ = try store.importOnce(games, marker: ArcadeData.importMark + " " + fingerprint(bytes))
        } catch {
            return ["The old score file \(path) could not be imported (\(error)); it was left as it is."]
        }
        guard rename(path, freeName(path + ".imported")) == 0 else {
            let reason = String(cString: strerror(errno))
            return ["The old scores were imported, but \(path) could not be renamed (\(reason))."]
        }
        return []
    }

    /// `base`, or `base-1`, `base-2`... the first name nothing has: nothing is ever renamed
    /// over an earlier copy.
    private static func freeName(_ base: String) -> String {
        var name = base
        var suffix = 1
        while access(name, F_OK) == 0 {
            name = base + "-\(suffix)"
            suffix += 1
        }
        return name
    }

    /// The file's bytes as 16 hex digits (FNV-1a, 64 bits).
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add(bytes)
        return fingerprint.text
    }

    private static func moveAside(_ path: String, now: () -> Double) -> [String] {
        let aside = freeName(path + ".corrupt-\(ArcadeData.wholeSeconds(now()))")
        guard rename(path, aside) == 0 else {
            return ["The old score file \(path) is unreadable and could not be moved aside (\(String(cString: strerror(errno))))."]
        }
        return ["Score file was unreadable; moved it to \(aside) and started afresh."]
    }
}
