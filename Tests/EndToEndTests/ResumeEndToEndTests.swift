import ArcadeHarness
import ArcadeTestSupport
import Foundation
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

        @Test func setPlayedPartWayAndHungUpIsResumedAsItWas() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-resume")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let configuration = TerminalSession.Configuration(environment: ["XDG_DATA_HOME": dataHome.path])

            let first = try TerminalSession.arcade(["set", "--seed", "7"], configuration: configuration)
            defer { first.close() }
            #expect(await first.waitFor("Score 0"))
            let cursor = SetEndToEndTests.selectFirstSet(in: first)
            #expect(await first.waitFor("SET! +3"))
            first.sendKeys("d")  // the set replaced from the deck
            #expect(await first.waitFor("The set was replaced."))
            first.sendKeys(SetEndToEndTests.keys(from: cursor, to: 0) + ["Space"])  // one card selected
            #expect(await first.waitFor("1 of 3 selected"))
            let before = Self.table(first.lines())
            #expect(await first.signal(SIGHUP))
            #expect(await first.waitForExit() == 129)
            let store = StoreCheck.check(dataHome: dataHome.path)
            #expect(store.isGood && store.savedGames == ["set"], "the game was saved: \(store.summary)")

            let second = try TerminalSession.arcade(["set"], configuration: configuration)
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
