import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

/// What a cursor move costs on the wire: only the cells that change are written, far less
/// than a full redraw. (The bytes each move writes are a budget, reported per screen by
/// `arcade-bench` — "bytes per cursor move" — not pinned here: they are ncurses' to choose.)
extension EndToEnd {
    @Suite
    struct OutputEconomyEndToEndTests {
        /// The bytes the arcade wrote in reply to `bytes`, once it has read them and gone idle.
        static func reply(to bytes: [UInt8], in session: PtySession) async -> [UInt8] {
            await session.waitUntilIdle()
            let mark = session.process.output.count
            session.sendBytes(bytes)
            await session.waitForInputRead()
            await session.waitUntilIdle()
            return Array(session.process.output[mark...])
        }

        /// The menu's bar moving down and back rewrites a small part of what a full redraw
        /// (Ctrl-L) writes, and "1  Set" goes out as one run (the spaces between the number
        /// and the name take the bold) instead of an attribute change around every gap.
        @Test func aMoveOnTheMenuWritesFarLessThanARedraw() async throws {
            let session = try PtySession.arcade(["--theme", "dark"])
            defer { session.close() }
            try #require(await session.waitFor("q quit"))
            let redraw = await Self.reply(to: [0x0C], in: session)
            var moves: [[UInt8]] = []
            for key in ["Down", "Up", "Down", "Up"] {
                moves.append(await Self.reply(to: PtySession.bytes(forKey: key), in: session))
            }
            for (index, move) in moves.enumerated() {
                #expect(!move.isEmpty && move.count * 5 < redraw.count,
                        "move \(index) wrote \(move.count) bytes, a redraw \(redraw.count): \(escaped(move))")
            }
            let down = String(decoding: moves[0], as: UTF8.self)
            #expect(down.contains("1  Set"), "the number and the name in one run: \(escaped(moves[0]))")
            #expect(down.contains("Memory"))
            await session.quitFromMenu()
        }

        /// Memory's focus (the card's whole frame, in reverse video) moving right and back
        /// writes the two frames' edges and nothing inside them: no card is drawn again.
        @Test func aMoveOnMemorysBoardWritesOnlyTheTwoFrames() async throws {
            let session = try PtySession.arcade(["memory", "--seed", "1", "--theme", "dark"])
            defer { session.close() }
            try #require(await session.waitFor("M E M O R Y"))
            session.sendKeys("Enter")
            try #require(await session.waitFor("Pairs 0/8"))
            let redraw = await Self.reply(to: [0x0C], in: session)
            for (index, key) in ["Right", "Left", "Right", "Left"].enumerated() {
                let move = await Self.reply(to: PtySession.bytes(forKey: key), in: session)
                #expect(!move.isEmpty && move.count * 4 < redraw.count,
                        "move \(index) wrote \(move.count) bytes, a redraw \(redraw.count): \(escaped(move))")
                #expect(!String(decoding: move, as: UTF8.self).contains("▒"), "move \(index) repainted a card's inside")
            }
            session.type("q")  // nothing played: back without a question
            #expect(await session.waitFor("ARCADE"))
            await session.quitFromMenu()
        }
    }
}
