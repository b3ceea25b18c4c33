import Foundation
import Testing

/// Compare `text` with the baseline `Snapshots/<name>.txt` beside the calling test file.
///
/// A missing baseline fails the test (it is never created silently). Set
/// `RECORD_SNAPSHOTS=1` to write the baseline instead; review it before committing.
public func assertSnapshot(
    _ text: String, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let actual = text + "\n"
    if recording {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try actual.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not record snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot at \(file.path); run with RECORD_SNAPSHOTS=1 to record it, then review it",
                     sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record("snapshot \(name) differs.\n--- expected\n\(expected)--- actual\n\(actual)",
                     sourceLocation: sourceLocation)
    }
}
