import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import Foundation
import Testing

/// `arcade stats` and `arcade stats --json` on the real binary, over a store in a private
/// data folder.
extension EndToEnd {
    @Suite
    struct StatisticsEndToEndTests {
        /// A data folder holding `arcade/arcade.sqlite3` with a few games of Set and Blackjack.
        func dataWithHistory() throws -> URL {
            let data = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-e2e-stats")
            let folder = data.appendingPathComponent("arcade").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let store = try ArcadeStore(directory: folder)
            try store.record(all: [
                FinishedGame(game: "set", score: 12, figures: ["sets": "4", "time": "1:00"], player: "ann",
                             finishedAt: "2026-12-01 10:00"),
                FinishedGame(game: "set", score: 30, figures: ["sets": "10", "time": "2:30"], player: "ann",
                             finishedAt: "2026-12-01 11:00"),
                FinishedGame(game: "blackjack", score: 150, figures: ["hands": "5", "won": "3", "pushed": "1", "lost": "1"],
                             player: "ann", finishedAt: "2026-12-01 12:00"),
            ])
            return data
        }

        func statsJSON(data: URL) async throws -> (TerminalProcess.Result, [String: Any]?) {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let result = try await TerminalProcess.run(
                binary, arguments: ["stats", "--json"], environment: ["XDG_DATA_HOME": data.path, "TERM": nil],
                standardInput: .devNull, timeout: .seconds(5))
            let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (result, document)
        }

        @Test func statsJSONPrintsEveryGamesFiguresWithoutATerminal() async throws {
            let data = try dataWithHistory()
            defer { try? FileManager.default.removeItem(at: data) }
            let (result, document) = try await statsJSON(data: data)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            let games = try #require(document?["games"] as? [[String: Any]], "\(result)")
            #expect(games.map { $0["game"] as? String } == ["set", "memory", "slots", "temples", "blackjack"])
            #expect(games[0]["played"] as? Int == 2 && games[0]["best"] as? Int == 30 && games[0]["average"] as? Double == 21)
            #expect((games[0]["figures"] as? [String: Any])?["setsPerGame"] as? Double == 7)
            #expect((games[4]["figures"] as? [String: Any])?["handsWon"] as? Int == 3)
            #expect(games[1]["played"] as? Int == 0)
        }

        @Test func statsJSONWithoutADatabaseCreatesNothing() async throws {
            let data = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-e2e-stats-empty")
            defer { try? FileManager.default.removeItem(at: data) }
            let (result, document) = try await statsJSON(data: data)
            #expect(result.status == 0, "\(result)")
            let games = try #require(document?["games"] as? [[String: Any]], "\(result)")
            #expect(games.count == 5 && games.allSatisfy { $0["played"] as? Int == 0 })
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).isEmpty, "no folder or file made")
        }

        @Test func statsJSONOnADamagedStoreSaysSoAndLeavesTheFileForTheArcade() async throws {
            let data = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-e2e-stats-damaged")
            defer { try? FileManager.default.removeItem(at: data) }
            let folder = data.appendingPathComponent("arcade").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let garbage = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            #expect(FileManager.default.createFile(atPath: folder + "/" + ArcadeStore.fileName, contents: garbage))
            let (result, _) = try await statsJSON(data: data)
            #expect(result.status == 1 && result.stderr.contains("arcade.sqlite3"), "\(result)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [ArcadeStore.fileName],
                    "nothing moved aside or made: the arcade does that, and says so on its menu")
            #expect(FileManager.default.contents(atPath: folder + "/" + ArcadeStore.fileName) == garbage)
        }

        @Test func arcadeStatsOpensThePageAndQGoesToTheMenu() async throws {
            let data = try dataWithHistory()
            defer { try? FileManager.default.removeItem(at: data) }
            let session = try PtySession.arcade(["stats"], configuration: .init(environment: ["XDG_DATA_HOME": data.path]))
            defer { session.close() }
            #expect(await session.waitUntil("the statistics page") { $0.contains("Statistics") && $0.contains("Played 2") })
            #expect(session.lines().contains { $0.contains("Sets per game  7.0") })
            session.sendKeys("5")
            #expect(await session.waitUntil("Blackjack's figures") { $0.contains("Hands  3 won · 1 pushed · 1 lost") })
            session.sendKeys("q")
            #expect(await session.waitUntil("the menu") { $0.contains("ARCADE") && $0.contains("s stats") })
            session.sendKeys("s")
            #expect(await session.waitUntil("the page again") { $0.contains("Statistics") && $0.contains("[1 Set]") })
        }
    }
}
