import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

/// The menu opening a game, and the slot machines played with keys in a real terminal.
extension EndToEnd {
    @Suite(.serialized)
    struct SlotsEndToEndTests {
        private func start(_ arguments: [String], waitingFor text: String) async throws -> TerminalSession {
            let session = try TerminalSession.arcade(arguments)
            guard await session.waitFor(text) else {
                session.close()
                throw NotShown(text: text)
            }
            return session
        }

        struct NotShown: Error { var text: String }

        /// The line of the screen holding `text`, if any.
        private func line(containing text: String, in session: TerminalSession) -> String? {
            session.lines().first { $0.contains(text) }
        }

        @Test func digitAndEnterAndClickOpenSlotsFromTheMenu() async throws {
            let session = try await start([], waitingFor: "Slots")
            defer { session.close() }
            session.type("3")
            #expect(await session.waitFor("[1 3-digit]"))
            session.type("q")  // nothing played: back without a question
            #expect(await session.waitFor("ARCADE"))

            session.sendKeys("Enter")  // the menu came back on Slots, the game just left
            #expect(await session.waitFor("[1 3-digit]"))
            session.sendKeys("Escape")
            #expect(await session.waitFor("ARCADE"))

            let row = session.lines().firstIndex { $0.contains("Slots") }!
            await session.click(column: 10, row: row)
            #expect(await session.waitFor("[1 3-digit]"))
            session.type("q")
            #expect(await session.waitFor("ARCADE"))
            await session.quitFromMenu()
        }

        @Test func spinSwitchTabsAndResetWithKeys() async throws {
            let session = try await start(["slots", "--seed", "1"], waitingFor: "Score: 100")
            defer { session.close() }

            session.sendKeys("Space")
            #expect(await session.waitFor("No match. −2"))  // seed 1's first spin pays nothing
            #expect(line(containing: "Score:", in: session)?.contains("Score: 98") == true)
            session.sendKeys("Space")
            #expect(await session.waitUntil("the second spin settled") { !$0.contains("Spinning") && !$0.contains("Score: 98") })
            let threeDigitScore = line(containing: "Score:", in: session) ?? ""

            session.sendKeys("Tab")
            #expect(await session.waitFor("[2 5-digit]"))
            #expect(line(containing: "Score:", in: session)?.contains("Score: 100") == true)
            session.sendKeys("Space")
            #expect(await session.waitUntil("the 5-digit spin settled") { !$0.contains("Spinning") && !$0.contains("Score: 100") })

            session.type("1")
            #expect(await session.waitFor("[1 3-digit]"))
            #expect(line(containing: "Score:", in: session) == threeDigitScore, "the 3-digit machine kept its score")

            session.type("r")
            #expect(await session.waitFor("Score reset to 100."))
            #expect(line(containing: "Score:", in: session)?.contains("Score: 100") == true)

            session.type("q")
            #expect(await session.waitFor("Leave this game? (y/n)"))  // the 5-digit machine was played
            session.type("y")
            #expect(await session.waitFor("3  Slots"))
            // Neither machine went above the 100 it started with: no "best" to show or keep.
            #expect(line(containing: "3  Slots", in: session)?.contains("best") == false)
            await session.quitFromMenu()
            let store = StoreCheck.check(dataHome: session.dataHome.path)
            #expect(store.isGood && store.scores["slots"] == nil, "\(store.summary)")
        }

        @Test func aMachineThatWentAbove100KeepsItsBest() async throws {
            let session = try await start(["slots", "--seed", "5144"], waitingFor: "Score: 100")
            defer { session.close() }
            session.sendKeys("Space")
            #expect(await session.waitFor("+300 — all digits and colours match"))  // seed 5144's jackpot
            session.type("q")
            #expect(await session.waitFor("Leave this game? (y/n)"))
            session.type("y")
            #expect(await session.waitFor("best 398 (3-digit)"))
            await session.quitFromMenu()
            let store = StoreCheck.check(dataHome: session.dataHome.path)
            #expect(store.scores["slots"] == [398] && store.figures["slots"]?.first?["machine"] == "3-digit",
                    "only the 3-digit machine's best is kept: \(store.summary)")
        }
    }
}
