import ArcadeHarness
import ArcadeTestSupport
import Foundation
import SetModel
import Testing

extension EndToEnd {
    /// Games that survive the terminal closing, in a real terminal: Set played part-way, the
    /// terminal hung up (SIGHUP), `arcade set` started again, the offer taken with Enter, and
    /// the same score and table are back.
    @Suite struct ResumeEndToEndTests {
        /// The table and score lines, without the clock (it runs while the test reads).
        private static func table(_ lines: [String]) -> [String] {
            lines.dropLast().map { line in
                line.contains("Time ") ? String(line[..<line.range(of: "Time ")!.lowerBound]) : line
            }
        }

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
        static func selectFirstSet(in session: PtySession) -> Int {
            let game = SetGame(seed: 7)  // the same seed deals the same table
            let set = game.setsOnBoard()[0].map { card in game.board.firstIndex(of: card)! }
            var cursor = 0
            for place in set {
                session.sendKeys(keys(from: cursor, to: place) + ["Space"])
                cursor = place
            }
            return cursor
        }

        @Test func setPlayedPartWayAndHungUpIsResumedAsItWas() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-resume")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let configuration = PtySession.Configuration(environment: ["XDG_DATA_HOME": dataHome.path])

            let first = try PtySession.arcade(["set", "--seed", "7"], configuration: configuration)
            defer { first.close() }
            #expect(await first.waitFor("Score 0"))
            let cursor = Self.selectFirstSet(in: first)
            #expect(await first.waitFor("SET! +3"))
            first.sendKeys("d")  // the set replaced from the deck
            #expect(await first.waitFor("The set was replaced."))
            first.sendKeys(Self.keys(from: cursor, to: 0) + ["Space"])  // one card selected
            #expect(await first.waitFor("1 of 3 selected"))
            let before = Self.table(first.lines())
            #expect(first.signal(SIGHUP))
            #expect(await first.waitForExit() == 129)
            let store = StoreCheck.check(dataHome: dataHome.path)
            #expect(store.isGood && store.savedGames == ["set"], "the game was saved: \(store.summary)")

            let second = try PtySession.arcade(["set"], configuration: configuration)
            defer { second.close() }
            #expect(await second.waitFor("Resume (score 3, just now)"), "\(second.report())")
            #expect(second.capture().contains("New game"))
            second.sendKeys("Enter")
            #expect(await second.waitFor("1 of 3 selected"))
            #expect(Self.table(second.lines()) == before, "\(second.report())")
            #expect(second.lines().first?.contains("Score 3   Sets 1   Deck 66") == true)
            await second.leaveGameAndQuit()
            #expect(StoreCheck.check(dataHome: dataHome.path).savedGames == ["set"], "left again: kept again")
        }
    }
}
