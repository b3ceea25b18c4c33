import ArcadeHarness
import ArcadeTestSupport
import BlackjackModel
import Foundation
import SlotModel
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a new player meets, checked on the real binary: escape sequences taken whole (never as
/// Esc and letters), no last frame left behind without an alternate screen, and a game ended
/// by a signal.
extension EndToEnd {
    @Suite
    struct PlayTestEndToEndTests {
        private func start(_ arguments: [String], waitingFor text: String,
                           configuration: PtySession.Configuration = .init()) async throws -> PtySession {
            let session = try PtySession.arcade(arguments, configuration: configuration)
            guard await session.waitFor(text) else {
                session.close()
                throw NotShown(text: text)
            }
            return session
        }

        struct NotShown: Error { var text: String }

        @Test func homeAndEndInTheirEscapeFormsNeverLeaveOrOpenAGame() async throws {
            let session = try await start([], waitingFor: "ARCADE")
            defer { session.close() }
            session.sendKeys("End")  // ESC [ 4 ~
            #expect(await session.waitUntil("the bar on Blackjack") { screen in
                screen.split(separator: "\n").contains { $0.contains("▶ 5") }
            })
            #expect(await session.waitUntilIdle())
            #expect(session.lines().contains { $0.contains("ARCADE") }, "End opened nothing\n\(session.report())")
            session.sendKeys("Home")
            #expect(await session.waitUntil("the bar on Set") { screen in
                screen.split(separator: "\n").contains { $0.contains("▶ 1") }
            })
            // Home in both other forms, an unknown key, a focus report and a paste: still the menu.
            session.sendBytes("\u{1B}[H\u{1B}OH\u{1B}[1;5C\u{1B}[I\u{1B}[200~3\u{1B}[201~\u{1B}[99~")
            #expect(await session.waitUntilIdle())
            #expect(session.lines().contains { $0.contains("ARCADE") }, "\(session.report())")

            session.type("3")
            #expect(await session.waitFor("[1 3-digit]"))
            session.sendKeys("Home")
            session.sendKeys("End")
            #expect(await session.waitUntilIdle())
            #expect(session.lines().contains { $0.contains("3-digit") }, "Home and End stay in Slots\n\(session.report())")
            #expect(!session.lines().contains { $0.contains("Deck 69") }, "and never open Set")
            session.type("q")
            #expect(await session.waitFor("ARCADE"))

            // A seed whose first hand is no natural, so the hand is still in play.
            let seed = try #require((UInt64(1)...1_000).first { seed in
                var game = BlackjackGame(seed: seed)
                game.deal()
                return game.isHandInProgress
            })
            session.type("q")
            #expect(await session.waitForExit() == 0)
            let table = try await start(["blackjack", "--seed", String(seed)], waitingFor: "New game")
            defer { table.close() }
            await playEndMidHand(table)
        }

        private func playEndMidHand(_ session: PtySession) async {
            session.sendKeys("Enter")  // close the new-game alert
            session.sendKeys("Enter")  // deal: a hand in progress
            #expect(await session.waitFor("You have"))
            session.sendKeys("End")
            #expect(await session.waitUntilIdle())
            #expect(!flowed(session.capture()).contains("Leave this game?"), "\(session.report())")
            await session.leaveGameAndQuit()
        }

        @Test func withoutAnAlternateScreenTheLastFrameIsClearedOnTheWayOut() async throws {
            let session = try await start([], waitingFor: "ARCADE", configuration: .init(term: "vt100"))
            defer { session.close() }
            #expect(!session.terminal.alternateScreen)  // vt100 has none
            session.type("q")
            #expect(await session.waitForExit() == 0)
            let left = session.capture()
            #expect(!left.contains("ARCADE") && !left.contains("Blackjack"), "the menu stayed behind:\n\(left)")
        }

        /// A seed whose 3-digit machine pays on its first spin.
        private static func seedThatPaysAtOnce() -> UInt64? {
            (UInt64(1)...10_000).first { seed in
                var machine = SlotMachineGame(3, seed: seed)
                machine.spin()
                return (machine.lastPayout ?? 0) > 0
            }
        }

        @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
        func aGameEndedByASignalKeepsWhatLeavingWouldKeep(signal: Int32, status: Int32) async throws {
            let seed = try #require(Self.seedThatPaysAtOnce())
            let session = try await start(["slots", "--seed", String(seed)], waitingFor: "Score: 100")
            defer { session.close() }
            session.sendKeys("Space")
            #expect(await session.waitUntil("the first spin paid") { !$0.contains("Score: 100") && !$0.contains("Spinning") })
            #expect(session.signal(signal))
            #expect(await session.waitForExit() == status)
            session.expectRestored()
            let store = StoreCheck.check(dataHome: session.dataHome.path)
            #expect(store.isGood && store.figures["slots"]?.first?["machine"] == "3-digit",
                    "the best was kept: \(store.summary)")
        }

        /// A logout sends SIGTERM and SIGHUP back to back: the second must not cut the first short.
        @Test func aSecondSignalStillLetsTheGameBeLeftAsQWould() async throws {
            let seed = try #require(Self.seedThatPaysAtOnce())
            let session = try await start(["slots", "--seed", String(seed)], waitingFor: "Score: 100")
            defer { session.close() }
            session.sendKeys("Space")
            #expect(await session.waitUntil("the first spin paid") { !$0.contains("Score: 100") && !$0.contains("Spinning") })
            let pid = session.programPID
            kill(pid, SIGTERM)
            kill(pid, SIGHUP)
            // Both may be pending when the arcade next runs; the lower-numbered one comes first.
            let status = await session.waitForExit()
            #expect(status == 143 || status == 129, "\(String(describing: status))")
            session.expectRestored()
            let store = StoreCheck.check(dataHome: session.dataHome.path)
            #expect(store.isGood && store.figures["slots"]?.first?["machine"] == "3-digit",
                    "the best was kept: \(store.summary)")
        }
    }
}
