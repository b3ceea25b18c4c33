import ArcadeTestSupport
import Foundation
import SetModel
import Testing

/// Set played with keys in a real terminal: find a set, see the score change.
extension EndToEnd {
    @Suite(.serialized)
    struct SetEndToEndTests {
        /// At 80×24 twelve cards are laid out four to a row (see the set-12cards snapshot).
        static let columns = 4

        /// The keys that move the cursor from one place to another.
        static func keys(from: Int, to: Int) -> [String] {
            let rows = to / columns - from / columns, steps = to % columns - from % columns
            return Array(repeating: rows > 0 ? "Down" : "Up", count: abs(rows))
                + Array(repeating: steps > 0 ? "Right" : "Left", count: abs(steps))
        }

        /// Select the first set on the table of `arcade set --seed 7` with keys; the cursor's
        /// place after.
        static func selectFirstSet(in session: TerminalSession) -> Int {
            let game = SetGame(seed: 7)  // the same seed deals the same table
            let set = game.setsOnBoard()[0].map { card in game.board.firstIndex(of: card)! }
            var cursor = 0
            for place in set {
                session.sendKeys(keys(from: cursor, to: place) + ["Space"])
                cursor = place
            }
            return cursor
        }

        @Test func findASetWithKeysAndSeeTheScoreChange() async throws {
            let session = try TerminalSession.arcade(["set", "--seed", "7"])
            defer { session.close() }
            #expect(await session.waitFor("Score 0"))
            _ = Self.selectFirstSet(in: session)
            #expect(await session.waitFor("SET! +3"))
            #expect(session.lines().first?.contains("Score 3   Sets 1") == true)

            session.sendKeys("d")  // the found set is replaced from the deck
            #expect(await session.waitFor("The set was replaced."))
            #expect(session.lines().first?.contains("Deck 66") == true)

            await session.leaveGameAndQuit()
        }
    }
}

extension EndToEnd {
    /// The day's puzzle in a real terminal: `arcade set --daily` and a set found with keys.
    @Suite(.serialized)
    struct SetDailyEndToEndTests {
        @Test func findASetOfTheDailyPuzzleWithKeys() async throws {
            let session = try TerminalSession.arcade(["set", "--daily", "--date", "2026-12-01"])
            defer { session.close() }
            #expect(await session.waitFor("Found 0 of 6"))
            // The day's cards, three to a row at this size (see the set-daily snapshots).
            let cards = SetGame.dailyPuzzle(year: 2026, month: 12, day: 1)
            let set = try #require(SetDailyGame(cards: cards).allSets.first).map { cards.firstIndex(of: $0)! }
            var cursor = 0
            for place in set {
                let rows = place / 3 - cursor / 3, steps = place % 3 - cursor % 3
                session.sendKeys(Array(repeating: rows > 0 ? "Down" : "Up", count: abs(rows))
                    + Array(repeating: steps > 0 ? "Right" : "Left", count: abs(steps)) + ["Space"])
                cursor = place
            }
            #expect(await session.waitFor("SET! 1 of 6 found."))
            #expect(session.lines().first?.contains("Found 1 of 6   Misses 0") == true)
            await session.leaveGameAndQuit()
        }
    }
}
