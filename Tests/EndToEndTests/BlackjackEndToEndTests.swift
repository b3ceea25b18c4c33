import ArcadeTestSupport
import Foundation
import Testing

/// Blackjack in a real terminal: one hand played with keys, and the sound cues it asked for.
extension EndToEnd {
    @Suite(.serialized)
    struct BlackjackEndToEndTests {
        @Test func playAHandWithKeysAndHearItsCues() async throws {
            let log = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-cues").appendingPathComponent("cues.log")
            defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
            let session = try TerminalSession.arcade(
                ["blackjack", "--seed", "11"],
                configuration: .init(environment: ["ARCADE_SOUND_CMD": "sh cue.sh"],
                                     files: ["cue.sh": "echo \"$1\" >> \(log.path)\n"]))
            defer { session.close() }
            #expect(await session.waitFor("New game"))
            session.sendKeys("Enter")  // past the new-game alert
            #expect(await session.waitFor("press Enter to deal"))
            session.sendKeys("Enter")  // deal: seed 11 gives the player 10♦ 7♦ against J♠ and a hidden card
            #expect(await session.waitFor("You: 17"))
            #expect(await session.waitFor("You can Hit, Stand, Double down or Surrender"))
            #expect(session.capture().contains("Dealer: 10 + ?"))

            session.type("s")
            #expect(await session.waitFor("Dealer busts — you win 50"))
            #expect(session.lines().first?.contains("Score 150 · Hand 1 of 5") == true)

            #expect(await session.waitUntil("three cues logged") { _ in
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count >= 3
            })
            let cues = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
                URL(fileURLWithPath: String($0)).lastPathComponent
            }
            #expect(cues == ["card-drawn.wav", "card-drawn.wav", "hand-won.wav"])

            await session.leaveGameAndQuit()
        }
    }
}
