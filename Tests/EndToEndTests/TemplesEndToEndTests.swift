import ArcadeTestSupport
import Foundation
import Testing

/// Temples' learning in a real terminal: what was learnt in one run is due in the next.
extension EndToEnd {
    @Suite
    struct TemplesEndToEndTests {
        @Test func learnThreeCardsQuitAndTheDueCountsHaveMoved() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-learn")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let configuration = PtySession.Configuration(width: 80, height: 24,
                                                              environment: ["XDG_DATA_HOME": dataHome.path])
            let first = try PtySession.arcade(["temples", "--learn", "--seed", "5"], configuration: configuration)
            defer { first.close() }
            #expect(await first.waitFor("Learn · Due 0  New 20  Learning 0  Known 0"), "\(first.report())")
            #expect(await first.waitFor("Which temple is this?"))
            // Three answers with the 1 key; a wrong one waits for Enter.
            var wrong = 0
            for answered in 1...3 {
                first.type("1")
                #expect(await first.waitFor(" of \(answered)"), "\(first.report())")  // the header's "Right 1 of 2"
                if first.lines()[1].contains("✗") {
                    wrong += 1
                    #expect(first.lines()[1].contains("Enter: next"))
                    first.sendKeys("Enter")
                    #expect(await first.waitForAbsence(of: "Enter: next"))
                }
            }
            #expect(wrong >= 1, "seed 5 answers one of its first three cards wrong with 1, so the menu has a count to show")
            first.sendKeys("Escape")
            #expect(await first.waitFor("ARCADE"))
            // The menu's Temples row: the cards missed today are due again today.
            #expect(await first.waitFor("\(wrong) due"), "\(first.report())")
            await first.quitFromMenu()

            let second = try PtySession.arcade(["temples", "--learn"], configuration: configuration)
            defer { second.close() }
            #expect(await second.waitFor("Learn · Due \(wrong)  New 17  Learning 3  Known 0"), "\(second.report())")
            // Esc, not q: a card due again may be asked by its typed name, where q is a letter.
            second.sendKeys("Escape")
            #expect(await second.waitFor("\(wrong) due"))
            await second.quitFromMenu()
        }
    }
}
