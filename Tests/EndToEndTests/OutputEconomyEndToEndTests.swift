import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

/// What a cursor move costs on the wire: only the cells that change are written, and spaces
/// whose colour and weight do not show are not given attribute changes of their own.
extension EndToEnd {
    @Suite(.serialized)
    struct OutputEconomyEndToEndTests {
        /// The bytes each of `keys` made the arcade write, once it was quiet after `arguments`.
        func replies(_ arguments: [String], setup: [[UInt8]] = [], keys: [[UInt8]]) throws -> [[UInt8]] {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-economy")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let launcher = try #require(ArcadeLauncher.forTests())
            let pty = try launcher.start(arguments + ["--theme", "dark"], dataHome: dataHome, quiet: 0.3)
            for key in setup {
                pty.send(key)
                pty.waitQuiet(0.3, limit: 3)
            }
            var replies: [[UInt8]] = []
            for key in keys {
                let mark = pty.output.count
                pty.send(key)
                pty.waitQuiet(0.2, limit: 3)
                replies.append(Array(pty.output[mark...]))
            }
            #expect(quitArcade(pty)?.exit == .exited(0))
            return replies
        }

        /// The menu's bar moving down and back: two rows of the bar, and "1  Set" written as one
        /// bold run (the spaces between the number and the name take the bold) instead of an
        /// attribute change around every gap, which would take the move over its bound.
        @Test func aMoveOnTheMenuRewritesTwoRowsInFewAttributeChanges() throws {
            let moves = try replies([], keys: [Keys.down, Keys.up, Keys.down, Keys.up])
            for (index, move) in moves.enumerated() {
                #expect(!move.isEmpty && move.count <= 92, "move \(index) wrote \(move.count) bytes: \(String(decoding: move, as: UTF8.self))")
            }
            let down = String(decoding: moves[0], as: UTF8.self)
            #expect(down.contains("1  Set"), "the number and the name in one run: \(down)")
            #expect(down.contains("Memory"))
        }

        /// Memory's focus (the card's whole frame, in reverse video) moving right and back
        /// writes the two frames' edges and nothing inside them: no card is drawn again.
        @Test func aMoveOnMemorysBoardWritesOnlyTheTwoFrames() throws {
            let moves = try replies(["memory", "--seed", "1"], setup: [Keys.enter],
                                    keys: [Keys.right, Keys.left, Keys.right, Keys.left])
            for (index, move) in moves.enumerated() {
                #expect(!move.isEmpty && move.count <= 700, "move \(index) wrote \(move.count) bytes: \(String(decoding: move, as: UTF8.self))")
                #expect(!String(decoding: move, as: UTF8.self).contains("▒"), "move \(index) repainted a card's inside")
            }
        }
    }
}
