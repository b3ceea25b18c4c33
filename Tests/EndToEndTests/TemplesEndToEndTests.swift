import ArcadeTestSupport
import Foundation
import TempleModel
import Testing

/// Temples in a real terminal: one correct match, one incorrect, study mode and back.
extension EndToEnd {
    @Suite(.serialized)
    struct TemplesEndToEndTests {
        /// The built-in deck as the arcade builds it (temples.json order), shuffled by `seed`.
        static func game(seed: UInt64) throws -> TempleGame {
            struct Description: Decodable { var file: String; var name: String; var location: String }
            let json = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Assets/Temples/temples.json")
            let list = try JSONDecoder().decode([Description].self, from: Data(contentsOf: json))
            return TempleGame(cards: list.map { Flashcard(id: $0.file, name: $0.name, location: $0.location) }, seed: seed)
        }

        @Test func oneCorrectOneIncorrectThenStudyAndBack() async throws {
            var game = try Self.game(seed: 5)
            let session = try TerminalSession.arcade(["temples", "--seed", "5"], configuration: .init(width: 100, height: 30))
            defer { session.close() }
            #expect(await session.waitFor("Correct 0   Incorrect 0   Left 20"))

            // The first picture, then its name in the alphabetical list.
            let first = game.visiblePictures[0]
            session.sendKeys("Enter")
            #expect(await session.waitFor("now pick its name"))
            let row = game.remainingNames.firstIndex { $0.id == first.id }!
            session.sendKeys(Array(repeating: "Down", count: row) + ["Enter"])
            #expect(await session.waitFor("Correct — \(first.name)"))
            #expect(await session.waitFor("Correct 1   Incorrect 0   Left 19"))
            game.pickPicture(first.id)
            game.pickName(first.id)

            // The next picture with a name that is not its own.
            let second = game.visiblePictures[0]
            let wrongRow = game.remainingNames.firstIndex { $0.id != second.id }!
            session.sendKeys("Tab", "Enter")
            #expect(await session.waitFor("now pick its name"))
            // Up to the top (tmux's Home is not xterm's), then down to the wrong name.
            session.sendKeys(Array(repeating: "Up", count: 20) + Array(repeating: "Down", count: wrongRow) + ["Enter"])
            #expect(await session.waitFor("Correct 1   Incorrect 1   Left 19"))
            #expect(await session.waitFor("Incorrect — that was \(second.name)"))

            session.type("s")
            #expect(await session.waitFor("Study mode: every temple"))
            #expect(await session.waitForAbsence(of: "─ Names"))
            #expect(await session.waitFor("[ Match ]"))
            session.type("m")
            #expect(await session.waitFor("─ Names"))
            #expect(session.lines().first?.contains("Correct 1   Incorrect 1   Left 19") == true)  // tallies survive

            await session.leaveGameAndQuit()
        }

        @Test func learnThreeCardsQuitAndTheDueCountsHaveMoved() async throws {
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-learn")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let configuration = TerminalSession.Configuration(width: 80, height: 24,
                                                              environment: ["XDG_DATA_HOME": dataHome.path])
            let first = try TerminalSession.arcade(["temples", "--learn", "--seed", "5"], configuration: configuration)
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

            let second = try TerminalSession.arcade(["temples", "--learn"], configuration: configuration)
            defer { second.close() }
            #expect(await second.waitFor("Learn · Due \(wrong)  New 17  Learning 3  Known 0"), "\(second.report())")
            // Esc, not q: a card due again may be asked by its typed name, where q is a letter.
            second.sendKeys("Escape")
            #expect(await second.waitFor("\(wrong) due"))
            await second.quitFromMenu()
        }
    }
}
