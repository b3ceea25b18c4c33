import Foundation

/// The state of `$XDG_DATA_HOME/arcade/scores.json`: absent, valid, or what is wrong.
public struct ScoreFileCheck: Sendable {
    public var exists: Bool
    public var problem: String?
    public var size: Int
    /// Other files in the directory (a temporary file left behind, a corrupt file moved aside).
    public var otherFiles: [String]

    public var isGood: Bool { problem == nil }

    public var summary: String {
        var text = !exists ? "absent" : (problem.map { "BAD: \($0)" } ?? "valid JSON (\(size) B)")
        if !otherFiles.isEmpty { text += "; also: " + otherFiles.joined(separator: ", ") }
        return text
    }

    public static func check(dataHome: String) -> ScoreFileCheck {
        let directory = dataHome + "/arcade"
        let path = directory + "/scores.json"
        let others = listDirectory(directory).filter { $0 != "scores.json" && $0 != "scores.json.lock" }
        var check = ScoreFileCheck(exists: fileExists(path), problem: nil, size: 0, otherFiles: others)
        guard check.exists else { return check }
        guard let bytes = readFile(path) else {
            check.problem = "unreadable"
            return check
        }
        check.size = bytes.count
        check.problem = bytes.isEmpty ? "empty file" : jsonProblem(in: bytes)
        return check
    }

    /// Nil when `bytes` are one valid JSON object (the score file's shape), else what is wrong.
    public static func jsonProblem(in bytes: [UInt8]) -> String? {
        do {
            guard try JSONSerialization.jsonObject(with: Data(bytes)) is [String: Any] else {
                return "not a JSON object: " + String(decoding: bytes.prefix(300), as: UTF8.self)
            }
            return nil
        } catch {
            return "not valid JSON (\(error.localizedDescription)): "
                + String(decoding: bytes.prefix(300), as: UTF8.self)
        }
    }
}
