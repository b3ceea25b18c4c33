import ArcadeCore
import ArcadeJSON
import ArcadeUI
import BlackjackModel
import FoundationEssentials
import Glibc
import MemoryModel
import SetModel
import SlotModel
import Testing
import TempleModel

@testable import ArcadeApp
import ArcadeRecords

@testable import ArcadeStore

/// The arcade's own values, written by ArcadeJSON and by FoundationEssentials' JSONEncoder:
/// the same bytes, so stores written by the old arcade and scripts reading
/// `arcade stats --json` see no change; and JSONEncoder's text reads back as the same values.
@Suite struct AppValueTests {
    // MARK: - The models saved games hold

    @Test func setGamesAreTheSame() throws {
        var game = SetGame(seed: 7)
        try expectSameAsFoundation(game)
        for _ in 0..<4 {
            if let trio = game.hint() { _ = game.take(trio) } else { game.dealThreeMore() }
        }
        if let card = game.board.compactMap({ $0 }).first { game.select(card) }
        try expectSameAsFoundation(game)
        var versus = SetVersusGame(seed: 3, level: .hard)
        _ = versus.advance(to: 40.25)
        try expectSameAsFoundation(versus)
        var daily = SetDailyGame(year: 2026, month: 12, day: 2)
        if let card = daily.cards.first { _ = daily.select(card, at: 1.5) }
        try expectSameAsFoundation(daily)
    }

    @Test func blackjackGamesAndRulesAreTheSame() throws {
        var game = BlackjackGame(seed: 11, rules: TableRules())
        try expectSameAsFoundation(game)
        game.deal()
        if game.isHandInProgress { game.hit() }
        try expectSameAsFoundation(game)
        var rules = TableRules()
        try expectSameAsFoundation(rules)
        rules.decks = 2
        rules.dealerHitsSoft17 = true
        rules.blackjackPayout = .evenMoney
        try expectSameAsFoundation(rules)
        let drill = BlackjackDrill(seed: 5, rules: rules)
        #expect(try JSON.encode(drill, formatting: .sortedKeys) == foundationBytes(drill, .sortedKeys))
    }

    @Test func theRulesSettingIsWhatJSONEncoderKept() throws {
        var rules = TableRules()
        rules.lateSurrender = false
        rules.decks = 8
        let kept = BlackjackScreen.rulesJSON(rules)
        #expect(Array(kept.utf8) == (try foundationBytes(rules, .sortedKeys)))
        // A setting the old arcade wrote reads back as its rules.
        let old = String(decoding: try foundationBytes(rules, .sortedKeys), as: UTF8.self)
        #expect(BlackjackScreen.rememberedRules(in: [BlackjackScreen.rulesSetting: old]) == rules)
        #expect(BlackjackScreen.rememberedRules(in: [BlackjackScreen.rulesSetting: "{\"decks\":"]) == TableRules())
    }

    @Test func templeMemoryAndSlotsGamesAreTheSame() throws {
        let cards = (1...6).map { Flashcard(id: "t\($0)", name: "Temple \($0) / \"é\"", location: "City \($0)") }
        var temples = TempleGame(cards: cards, seed: 4)
        try expectSameAsFoundation(temples)
        _ = temples.pickPicture("t2")
        _ = temples.pickName("t2")
        _ = temples.pickPicture("t3")
        try expectSameAsFoundation(temples)
        var memory = MemoryGame(numberOfPairs: 6, timeLimit: 90, seed: 9) { "symbol \($0)" }
        memory.choose(memory.cards[0], now: 1.25)
        try expectSameAsFoundation(memory)
        try expectSameAsFoundation(SlotMachineGame(5, seed: 2).snapshot)
        try expectSameAsFoundation(SeededGenerator(seed: .max))
        var clock = PlayClock()
        clock.start()
        clock.advance(by: 12.375)
        try expectSameAsFoundation(clock)
        try expectSameAsFoundation(CalendarDay(year: 2026, month: 2, day: 28))
        try expectSameAsFoundation(ScoreEntry(score: 12, date: "2026-12-01 10:00", player: "ann",
                                              figures: ["time": "1:23", "machine": "5-digit"]))
    }

    // MARK: - Saved games, as the screens keep them

    /// The saved games a screen keeps along a scripted play (keys, clicks-free), looked at
    /// after every third input and the last (each is a whole game written as JSON): their
    /// texts, in order.
    private func savedStates(of info: GameInfo, seed: UInt64) -> [String] {
        let frame = Frame(size: Size(width: 100, height: 36))
        var screen = info.make(GameContext(seed: seed))
        _ = screen.start(in: frame)
        let keys: [Input] = [
            .key(.character("s")), .key(.enter), .key(.character("+")), .key(.space), .key(.right), .key(.down),
            .key(.character("1")), .key(.character("2")), .key(.character("3")), .key(.character("h")),
            .key(.character("d")), .key(.tab), .key(.left), .key(.up), .tick(0.75), .tick(2.5),
        ]
        var generator = SeededGenerator(seed: seed)
        var states: [String] = []
        for step in 1...200 {
            _ = screen.update(keys.randomElement(using: &generator)!, in: frame)
            guard step % 3 == 0 || step == 200 else { continue }
            if let save = screen.savedState(), states.last != save.state { states.append(save.state) }
        }
        return states
    }

    @Test func savedGamesAreWhatJSONEncoderWroteAndResumeFromIt() throws {
        var games = 0
        for info in GameCatalog.games {
            guard let resume = info.resume else { continue }
            for seed: UInt64 in [1, 42] {
                let states = savedStates(of: info, seed: seed)
                // Six of them, from the first move to the last, keep the test quick: each is read
                // and written whole twice (a Blackjack shoe is 10 KB of JSON).
                let sample = stride(from: 0, to: states.count, by: max(1, states.count / 6)).map { states[$0] }
                for state in sample + states.suffix(1) {
                    // JSONEncoder, writing the values this text holds, writes this text.
                    #expect(try foundationRewritten(state, .sortedKeys) == state, "\(info.id)")
                    // The text resumes a game that keeps the same text.
                    let resumed = try #require(resume(state, GameContext(seed: 999)), "\(info.id): \(state)")
                    #expect(resumed.savedState()?.state == state, "\(info.id)")
                }
                if !states.isEmpty { games += 1 }
            }
        }
        #expect(games >= 6, "Set, Memory, Slots and Blackjack (at least) were saved part way")
    }

    // MARK: - arcade stats --json

    /// A store in a new temporary folder with a few games of each kind.
    private func withStore(_ body: (String) throws -> Void) throws {
        var template = Array("/tmp/arcade-json-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        let folder = try #require(made)
        defer {
            unlink(folder + "/" + ArcadeStore.fileName)
            for suffix in ["-wal", "-shm", "-journal"] { unlink(folder + "/" + ArcadeStore.fileName + suffix) }
            rmdir(folder)
        }
        let store = try ArcadeStore(directory: folder)
        var games: [FinishedGame] = []
        func add(_ game: GameID, _ score: Int, _ figures: [String: String], duration: Double? = nil) {
            games.append(FinishedGame(game: game.rawValue, mode: figures["level"], score: score, figures: figures,
                                      duration: duration, player: "ann / \"b\"",
                                      finishedAt: "2026-12-01 10:\(10 + games.count)"))
        }
        add(.set, 9, ["sets": "3", "time": "1:30"], duration: 90)
        add(.set, 16, ["sets": "5", "time": "2:05"], duration: 125.5)
        add(.set, 10, ["sets": "3", "time": "1:07"])
        add(.memory, 31, ["level": "Normal", "time": "0:42", "won": "yes", "moves": "20", "pairs": "8"])
        add(.slots, 650, ["machine": "3-digit", "spins": "61"])
        add(.slots, 180, ["machine": "5-digit", "spins": "25"])
        add(.temples, 85, ["accuracy": "85", "time": "1:11", "correct": "17", "incorrect": "3"])
        add(.blackjack, 150, ["hands": "5", "won": "3", "pushed": "0", "lost": "2"])
        try store.record(all: games)
        try body(folder)
    }

    @Test func theStatisticsReportIsWhatJSONEncoderWrote() throws {
        let formatting: JSON.Formatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try withStore { folder in
            let text = try StatisticsJSON.report(directory: folder, games: GameCatalog.games, player: "ann", today: 20_789)
            #expect(text.contains("\"average\" : 11.67"), "\(text)")
            #expect(try foundationRewritten(text, formatting) == text)
        }
        let empty = try StatisticsJSON.report(directory: "/tmp/arcade-json-none-\(getpid())", games: GameCatalog.games)
        #expect(empty.contains("\"recent\" : [\n\n      ]"), "an empty array as JSONEncoder pretty-prints it")
        #expect(try foundationRewritten(empty, formatting) == empty)
    }

    // MARK: - Reading

    /// What the built-in deck's `temples.json` says of one picture.
    struct Description: Codable, Equatable {
        var file: String
        var name: String?
        var location: String?
        var year: Int?
    }

    @Test func theBuiltInDescriptionsReadAsJSONDecoderReadsThem() throws {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        let bytes = try #require(try RegularFile.readIfPresent(path + "/Assets/Temples/temples.json", limit: 1 << 22))
        let ours = try JSON.decode([Description].self, from: bytes)
        #expect(ours.count > 10)
        #expect(ours == (try JSONDecoder().decode([Description].self, from: Data(bytes))))
    }

    @Test func theOldScoreFileReadsAsJSONDecoderReadsIt() throws {
        struct ScoreFile: Codable, Equatable {
            var version: Int
            var games: [String: [ScoreEntry]]
        }
        let file = ScoreFile(version: 1, games: [
            "set": [ScoreEntry(score: 30, date: "2026-11-30 09:15", player: "ann", figures: ["time": "3:20"])],
            "slots": [ScoreEntry(score: 650, date: "2026-11-29 21:00", player: "bo", figures: [:])],
        ])
        let old = try JSONEncoder().encode(file)
        #expect(try JSON.decode(ScoreFile.self, from: Array(old)) == file)
    }
}
