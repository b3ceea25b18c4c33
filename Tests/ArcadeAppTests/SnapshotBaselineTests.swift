import ArcadeTestSupport
import Foundation
import Testing

/// The snapshot baselines themselves: none is left behind by a test that no longer records
/// it, and a failing snapshot says which lines differ.
@Suite struct SnapshotBaselineTests {
    /// The checkout's `Tests` folder, found from this file's path.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

    @Test func everyBaselineIsOneATestRecords() {
        let unused = snapshotBaselinesNoTestRecords(testsFolder: Self.testsFolder)
        #expect(unused.isEmpty, "baselines no test records (remove them, or the test that lost them): \(unused)")
        let baselines = (try? FileManager.default.contentsOfDirectory(atPath: Self.testsFolder + "/ArcadeAppTests/Snapshots")) ?? []
        #expect(baselines.count > 50, "the baselines were found where the tests keep them")
    }

    @Test func aBaselineNoTestNamesIsFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arcade-snapshots-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/SomeTests/Snapshots", withIntermediateDirectories: true)
        try """
            @Test(arguments: ["listed-40x10"]) func one(name: String) { assertSnapshot(text, named: name) }
            @Test func two() { assertSnapshot(text, named: "menu-\\(theme)-80x24") }
            @Test func three() { assertSnapshot(text, named: "plain") }
            """.write(toFile: folder + "/SomeTests/SomeTests.swift", atomically: true, encoding: .utf8)
        for name in ["listed-40x10", "menu-dark-80x24", "plain", "menu-dark-60x20", "gone"] {
            try "x\n".write(toFile: folder + "/SomeTests/Snapshots/\(name).txt", atomically: true, encoding: .utf8)
        }
        #expect(snapshotBaselinesNoTestRecords(testsFolder: folder)
                == ["SomeTests/Snapshots/gone.txt", "SomeTests/Snapshots/menu-dark-60x20.txt"])
    }

    @Test func aDifferenceIsShownAsTheLinesThatDifferWithTheirNumbers() {
        let expected = "title\none\ntwo\nthree\nfour\n"
        let actual = "title\none\n2\nthree\nfour\nfive\n"
        #expect(lineDiff(expected: expected, actual: actual) == """
            - 3│two
            + 3│2
            + 6│five
            """)
        #expect(lineDiff(expected: "same\n", actual: "same\n").isEmpty)
    }
}
