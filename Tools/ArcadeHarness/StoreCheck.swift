import ArcadeRecords
import ArcadeStore
import Foundation

/// The state of `$XDG_DATA_HOME/arcade/arcade.sqlite3`: absent, sound, or what is wrong —
/// after an arcade was killed, hung up or flooded, the store must still open, pass SQLite's
/// integrity check, and hold what was recorded.
public struct StoreCheck: Sendable {
    public var exists: Bool
    public var problem: String?
    /// Each game's recorded scores, in the order recorded.
    public var scores: [String: [Int]]
    /// The figures of each of those games, in the same order.
    public var figures: [String: [[String: String]]] = [:]
    /// The games with a saved game.
    public var savedGames: [String]
    /// Other files in the folder besides the store and its journal (a file moved aside).
    public var otherFiles: [String]

    public var isGood: Bool { problem == nil }

    public var summary: String {
        let games = scores.values.map(\.count).reduce(0, +)
        var text = !exists ? "absent" : (problem.map { "BAD: \($0)" } ?? "sound (\(games) games kept)")
        if !savedGames.isEmpty { text += "; saved: " + savedGames.joined(separator: ", ") }
        if !otherFiles.isEmpty { text += "; also: " + otherFiles.joined(separator: ", ") }
        return text
    }

    /// The store in `dataHome/arcade`.
    public static func check(dataHome: String) -> StoreCheck {
        let directory = dataHome + "/arcade"
        let name = ArcadeStore.fileName
        let others = listDirectory(directory).filter { ![name, name + "-wal", name + "-shm"].contains($0) }
        guard let inspection = StoreInspection.inspect(path: directory + "/" + name) else {
            return StoreCheck(exists: false, problem: nil, scores: [:], savedGames: [], otherFiles: others)
        }
        var check = StoreCheck(exists: true, problem: inspection.problem, scores: inspection.scores,
                               savedGames: inspection.savedGames, otherFiles: others)
        check.figures = inspection.figures
        return check
    }
}
