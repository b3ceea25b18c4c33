import ArcadeTestSupport
import Foundation
import Testing

/// `arcade temples --deck DIR` in a real terminal: a hostile deck's memory.
extension EndToEnd {
    @Suite(.serialized)
    struct TempleDeckEndToEndTests {
        /// A fresh folder, removed by the caller.
        static func folder() throws -> URL {
            try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-deck")
        }

        /// A folder of `count` 5792 × 5792 solid-colour PNGs: 33 KB each on disk, 128 MB each
        /// as RGBA. One file is written; the others are hard links to it, which the arcade
        /// reads as files of their own.
        static func hostileDeck(count: Int) throws -> URL {
            let folder = try folder()
            let first = folder.appendingPathComponent("solid-01.png").path
            try TestPNG.writeSolid(to: first, width: 5792, height: 5792, red: 200, green: 60, blue: 30)
            for index in stride(from: 2, through: count, by: 1) {
                try FileManager.default.linkItem(atPath: first,
                                                 toPath: folder.appendingPathComponent(String(format: "solid-%02d.png", index)).path)
            }
            return folder
        }

        /// Twelve 5792 × 5792 pictures took 1.6 GB resident (thirty could not be allocated):
        /// each is now read straight to at most 512 pixels a side, the deck within a budget.
        @Test func twelveHugePicturesStayUnderOneHundredMegabytes() async throws {
            let deck = try Self.hostileDeck(count: 12)
            defer { try? FileManager.default.removeItem(at: deck) }
            let session = try TerminalSession.arcade(["temples", "--deck", deck.path],
                                                     configuration: .init(width: 200, height: 60))
            defer { session.close() }
            let pid = try #require(await session.waitForProgramPID())
            #expect(await session.waitFor("Correct 0   Incorrect 0   Left 12", timeout: .seconds(120)))
            // Every picture drawn, large: study mode on a big terminal, then a bigger one.
            session.type("s")
            #expect(await session.waitFor("Study mode"))
            #expect(await session.resize(width: 300, height: 100))
            #expect(await session.waitFor("Study: every temple"))
            await session.waitUntilIdle()
            let status = try #require(ProcessStatus(pid: pid))
            #expect(status.peakResidentBytes < 100_000_000,
                    "peak resident memory \(status.peakResidentBytes / 1_000_000) MB")
            session.type("q")
            #expect(await session.waitFor("ARCADE"))
            session.type("q")
            #expect(await session.waitForExit() == 0)
            session.expectRestored()
        }
    }
}
