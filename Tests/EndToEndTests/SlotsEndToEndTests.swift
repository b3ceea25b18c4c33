import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

/// A slot machine's best kept by the real arcade in its store when the game is left.
extension EndToEnd {
    @Suite
    struct SlotsEndToEndTests {
        private func start(_ arguments: [String], waitingFor text: String) async throws -> PtySession {
            let session = try PtySession.arcade(arguments)
            guard await session.waitFor(text) else {
                session.close()
                throw NotShown(text: text)
            }
            return session
        }

        struct NotShown: Error { var text: String }

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
