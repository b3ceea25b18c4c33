import ArcadeTestSupport
import ArcadeUI
import Foundation
import Testing

@testable import ArcadeApp

/// README.md's picture of the menu is the menu itself: the arcade's own catalog drawn at
/// 80×24 on a first start (no scores yet). When the menu changes, this test fails until the
/// picture is written again (`RECORD_SNAPSHOTS=1 swift test --filter ReadmeTests`, then
/// review the README's diff), so the first thing a reader sees cannot go stale.
@Suite struct ReadmeTests {
    init() { prepareForDrawing() }

    /// The line that comes before the picture's fenced block.
    static let marker = "<!-- menu picture: made by Tests/ArcadeAppTests/ReadmeTests.swift -->"

    static var readme: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
    }

    /// The menu a first start shows at 80×24, each line without its trailing blanks.
    static func menu() -> String {
        let shell = ArcadeShell(games: GameCatalog.games, seed: { 1 })
        var grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        return grid.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
    }

    /// `text` split around the picture: what comes before its first line, the picture, and
    /// what comes from its closing fence on; nil when the marker or the fences are missing.
    static func picture(in text: String) -> (before: String, picture: String, after: String)? {
        guard let markerRange = text.range(of: marker + "\n```text\n") else { return nil }
        let rest = text[markerRange.upperBound...]
        // The picture's lines, up to the first line that is the closing fence.
        var end = rest.startIndex
        while end < rest.endIndex, !rest[end...].hasPrefix("```\n") {
            guard let newline = rest[end...].firstIndex(of: "\n") else { return nil }
            end = rest.index(after: newline)
        }
        guard end < rest.endIndex else { return nil }
        let picture = rest[..<end].dropLast()  // the newline before the fence
        return (String(text[..<markerRange.upperBound]), String(picture), "\n" + String(rest[end...]))
    }

    @Test func theReadmesPictureOfTheMenuIsTheMenu() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        try #require(!text.contains("\r"), "README.md has carriage returns: keep its lines ending in LF")
        let parts = try #require(Self.picture(in: text), """
            README.md has no picture: the line \(Self.marker), then a fence of ```text, the \
            picture, and a closing ``` on a line of its own
            """)
        let menu = Self.menu()
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try (parts.before + menu + parts.after).write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(parts.picture == menu, """
            README.md's menu picture differs from the menu (RECORD_SNAPSHOTS=1 swift test \
            --filter ReadmeTests writes it; review the diff):
            \(lineDiff(expected: parts.picture, actual: menu))
            """)
    }

    /// The lines of `expected` and `actual` that differ, numbered.
    private func lineDiff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        return (0..<max(old.count, new.count)).compactMap { index -> String? in
            let was = index < old.count ? String(old[index]) : nil
            let now = index < new.count ? String(new[index]) : nil
            guard was != now else { return nil }
            return "line \(index + 1):\n- \(was ?? "(none)")\n+ \(now ?? "(none)")"
        }.joined(separator: "\n")
    }
}
