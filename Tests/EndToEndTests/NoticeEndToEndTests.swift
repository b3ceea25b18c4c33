import ArcadeTestSupport
import Foundation
import Testing

/// Score-file notices naming a long `XDG_DATA_HOME` path, at 80 columns: the menu wraps
/// them onto the lines below, so the whole path (where the corrupt file went, the folder
/// that could not be made) can be read and copied.
extension EndToEnd {
    @Suite
    struct NoticeEndToEndTests {
        /// A fresh folder with a path of at least 150 characters, however short the
        /// temporary folder it is made in.
        private func longFolder() throws -> (base: URL, path: String) {
            let base = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-notice")
            var path = base.path
            var level = 0
            while path.count < 150 {
                level += 1
                path += "/a-rather-long-folder-name-\(level)"
            }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return (base, path)
        }

        /// `text` without blanks or line breaks: a wrapped notice matches its one-line form.
        private static func unbroken(_ text: String) -> String {
            text.filter { !$0.isWhitespace }
        }

        /// Whether the screen shows `notice` whole (wrapped, but nothing cut).
        private static func shows(_ notice: String, in session: PtySession) -> Bool {
            unbroken(session.capture()).contains(unbroken(notice))
        }

        @Test func aCorruptScoreFileMovedAsideIsNamedInFull() async throws {
            let (base, dataHome) = try longFolder()
            defer { try? FileManager.default.removeItem(at: base) }
            try FileManager.default.createDirectory(atPath: dataHome + "/arcade", withIntermediateDirectories: true)
            try "not json".write(toFile: dataHome + "/arcade/scores.json", atomically: true, encoding: .utf8)

            let session = try PtySession.arcade(configuration: .init(environment: ["XDG_DATA_HOME": dataHome]))
            defer { session.close() }
            #expect(await session.waitFor("Score file was unreadable"))
            let moved = try FileManager.default.contentsOfDirectory(atPath: dataHome + "/arcade")
                .filter { $0.hasPrefix("scores.json.corrupt-") }
            try #require(moved.count == 1, "\(moved)")
            let notice = "Score file was unreadable; moved it to \(dataHome)/arcade/\(moved[0]) and started afresh."
            #expect(notice.count > 3 * 80, "the notice needs several lines")
            #expect(Self.shows(notice, in: session), "\(session.report())")
            session.type("q")
            #expect(await session.waitForExit() == 0)
        }

        @Test func aScoreThatCannotBeSavedSaysWhyInFullAndOnce() async throws {
            let (base, folder) = try longFolder()
            defer { try? FileManager.default.removeItem(at: base) }
            let dataHome = folder + "/a-file-where-a-folder-should-be"
            try "".write(toFile: dataHome, atomically: true, encoding: .utf8)

            let session = try PtySession.arcade(["slots", "--seed", "59"],
                                                     configuration: .init(environment: ["XDG_DATA_HOME": dataHome]))
            defer { session.close() }
            #expect(await session.waitFor("Score: 100"))
            session.sendKeys("Space")  // seed 59: three eights, +150
            #expect(await session.waitFor("Score: 248"))
            session.type("q")
            #expect(await session.waitFor("Leave this game? (y/n)"))
            session.type("y")  // leaving keeps the machine's best: a score to record
            #expect(await session.waitFor("Score not saved"))
            let notice = "Score not saved: could not create the folder \(dataHome)/arcade (Not a directory)."
            #expect(Self.shows(notice, in: session), "\(session.report())")
            #expect(session.capture().components(separatedBy: "Score not saved").count == 2, "said once")
            session.type("q")
            #expect(await session.waitForExit() == 0)
        }
    }
}
