import ArcadeTestSupport
import Foundation
import Testing

/// Memory in a real terminal: turn two cards and see them flip back by themselves or vanish.
extension EndToEnd {
    @Suite(.serialized)
    struct MemoryEndToEndTests {
        @Test func turnTwoCardsAndSeeThemFlipBackOrVanish() async throws {
            let session = try TerminalSession.arcade(["memory", "--seed", "3"])
            defer { session.close() }
            #expect(await session.waitFor("M E M O R Y"))
            session.sendKeys("Enter")  // Normal: 8 pairs
            #expect(await session.waitFor("Pairs 0/8"))
            let faceDown = "│▒▒▒▒▒▒│"
            let firstCardRow = session.lines().firstIndex { $0.contains(faceDown) }!

            // Seed 3 deals a crab and a cow first: no match, both up for a second, then back down.
            session.sendKeys("Space", "Right", "Space")
            #expect(await session.waitFor("No match. Turn another card."))
            let judged = session.lines()[firstCardRow + 2]
            #expect(judged.contains("🦀") && judged.contains("🐮"))
            #expect(await session.waitUntil("the two cards face down again by themselves") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines[firstCardRow].hasPrefix(" " + faceDown + "  " + faceDown)
            })

            session.sendKeys("Right", "Space")  // the third card
            #expect(await session.waitFor("Now find its pair."))
            let row = session.lines()[firstCardRow + 2]
            #expect(row.hasPrefix(" " + faceDown + "  " + faceDown))
            #expect(row.contains("🐮") && !row.contains("🦀"))  // the third card is the other cow
            #expect(session.lines().first?.contains("Moves 1") == true)

            // The cow turned first is its pair: both show, marked, for a moment, then leave.
            session.sendKeys("Left", "Space")
            #expect(await session.waitFor("║✓ 🐮 ✓║  ║✓ 🐮 ✓║"))
            #expect(session.lines().first?.contains("Pairs 1/8") == true)
            #expect(await session.waitForAbsence(of: "🐮"))
            #expect(session.capture().contains("A pair! +"))

            await session.leaveGameAndQuit()
        }
    }
}
