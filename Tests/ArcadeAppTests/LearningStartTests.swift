import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp
import ArcadeRecords

@testable import ArcadeStore

/// A store holding many learn-mode cards across decks: the start counts the built-in deck's
/// cards due with one query and reads no card, Temples reads the one deck it opens, and the
/// statistics page's figures are SQLite's counts, right for every deck.
@Suite struct LearningStartTests {
    init() { prepareForDrawing() }

    private static let today = CalendarDay(year: 2026, month: 12, day: 2)
    private static let assets = AssetLocator(roots: [TempleScreenTests.assets])
    private static let frame = Frame(size: Size(width: 80, height: 24))

    /// A store of ann's cards: the built-in deck's twenty, three of them due today and the
    /// rest in a week; `extra` cards due today over three folder decks; and bo's twenty, all due.
    private func withStore(extra: Int, _ body: (ArcadeData) throws -> Void) throws {
        try withTemporaryDirectory { folder in
            _ = try ArcadeStore(directory: folder)
            let keys = try TempleDeck.builtIn(assets: Self.assets).get().entries.map(\.key)
            let day = Self.today.dayNumber
            let file = try SQLiteDatabase(path: folder + "/" + ArcadeStore.fileName)
            try file.execute("BEGIN")
            for (index, key) in keys.enumerated() {
                try file.execute("""
                    INSERT INTO learn_cards VALUES ('built-in', 'ann', '\(key)', 2, \(index < 3 ? day : day + 7), 2, 0, NULL);
                    INSERT INTO learn_cards VALUES ('built-in', 'bo', '\(key)', 1, \(day), 1, 0, NULL);
                    """)
            }
            try file.execute("""
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(extra))
                INSERT INTO learn_cards SELECT 'folder:/photos/' || (i % 3), 'ann', 'png:' || i, 1 + i % 6, \(day),
                    1 + i % 6, 0, NULL FROM n;
                COMMIT;
                """)
            try body(ArcadeData(directory: folder))
        }
    }

    private func shell(_ data: ArcadeData, player: String = "ann") -> ArcadeShell {
        ArcadeShell(games: GameCatalog.games, assets: Self.assets, seed: { 1 },
                    learning: data.learning(player: player, today: Self.today.dayNumber), today: { Self.today })
    }

    private func note(_ shell: ArcadeShell) -> String? {
        shell.menu.rows.first { $0.id == .temples }?.note
    }

    @Test func theMenuCountsTheBuiltInDecksCardsDueWithoutReadingAnyCard() throws {
        try withStore(extra: 60_000) { data in
            let record = data.learning(player: "ann", today: Self.today.dayNumber)
            #expect(record.cards.isEmpty, "no card is read at start")
            #expect(note(shell(data)) == "3 due", "the built-in deck's only: the folders' 60,000 due are not its")
            #expect(note(shell(data, player: "bo")) == "20 due")
            #expect(note(shell(data, player: "cy")) == nil)
        }
    }

    @Test func openingTemplesReadsTheCardsOfItsDeckAloneAndTheMenuFollowsTheAnswers() throws {
        try withStore(extra: 3_000) { data in
            let runtime = EffectRuntime(games: GameCatalog.games, data: data, player: "ann",
                                        device: FakeTerminal(script: []), sound: nil, isMuted: true, assets: Self.assets)
            var shell = shell(data)
            for effect in shell.open(.temples, options: ["--learn": ""], in: Self.frame) {
                _ = runtime.perform(effect, on: &shell, in: Self.frame)
            }
            let screen = try #require(shell.activeScreen as? TempleScreen)
            #expect(screen.learning.kept.count == 20, "the built-in deck's cards, none of the folders'")
            let session = try #require(screen.learn?.session)
            #expect(session.counts.due == 3 && session.counts.new == 0)
            let question = try #require(screen.learn?.question)
            let key: Key = question.kind == .typedName ? .enter : .character(Character("\(question.answerIndex! + 1)"))
            for effect in shell.update(.key(key), in: Self.frame) { _ = runtime.perform(effect, on: &shell, in: Self.frame) }
            #expect(note(shell) == (question.kind == .typedName ? "3 due" : "2 due"))
        }
    }

    @Test func theStatisticsPageCountsEveryDeckInTheStore() throws {
        try withStore(extra: 60_000) { data in
            let all = try GameStatistics.all(from: data.store, games: GameCatalog.games, player: "ann",
                                             today: Self.today.dayNumber)
            let learning = try #require(all.first { $0.game == .temples }?.learning)
            typealias Deck = LearnStatistics.Deck
            #expect(learning.decks == [
                Deck(key: "built-in", cards: 20, due: 3, learning: 20, known: 0, leeches: 0),
                Deck(key: "folder:/photos/0", cards: 20_000, due: 20_000, learning: 10_000, known: 10_000, leeches: 0),
                Deck(key: "folder:/photos/1", cards: 20_000, due: 20_000, learning: 10_000, known: 10_000, leeches: 0),
                Deck(key: "folder:/photos/2", cards: 20_000, due: 20_000, learning: 0, known: 20_000, leeches: 0),
            ])
            let shown = StatisticsScreen.figureLines(try #require(all.first { $0.game == .temples }))
            #expect(shown.contains("Built-in deck: 20 cards · 3 due · 20 learning · 0 known"), "\(shown)")
        }
    }

    /// The menu's count of the cards due is the store's for the day it was made: once the day
    /// changes, the next return to the menu has the store count again.
    @Test func theMenusCountIsMadeAgainWhenTheDayChanges() throws {
        try withStore(extra: 0) { data in
            let runtime = EffectRuntime(games: GameCatalog.games, data: data, player: "ann",
                                        device: FakeTerminal(script: []), sound: nil, isMuted: true, assets: Self.assets)
            let day = Locked(Self.today)
            var shell = ArcadeShell(games: GameCatalog.games, assets: Self.assets, seed: { 1 },
                                    learning: data.learning(player: "ann", today: Self.today.dayNumber),
                                    today: { day.value })
            #expect(note(shell) == "3 due")
            day.value = CalendarDay(dayNumber: Self.today.dayNumber + 7)  // a week on: all twenty due
            for effect in shell.open(.slots, in: Self.frame) { _ = runtime.perform(effect, on: &shell, in: Self.frame) }
            for effect in shell.update(.key(.character("q")), in: Self.frame) {
                _ = runtime.perform(effect, on: &shell, in: Self.frame)
            }
            #expect(shell.activeGame == nil)
            #expect(note(shell) == "20 due")
        }
    }

    /// An answer in a deck whose cards the store could not give (the read failed) leaves the
    /// menu's count the store's, to be made again, not a count of this run's answers alone.
    @Test func anAnswerInADeckNeverReadKeepsTheStoresCount() {
        let day = Self.today.dayNumber
        var record = LearningRecord(storedDue: [LearningRecord.builtInKey: StoredDue(day: day, count: 3)])
        let answered = StoredCardProgress(box: 2, dueDay: day + 3, reviews: 2, misses: 0, lastMissDay: nil)
        record.record(deck: LearningRecord.builtInKey, card: "bern.png", progress: answered, right: true, day: day)
        #expect(record.dueCount(of: LearningRecord.builtInKey, on: day) == 3, "not 0: the other cards are still due")
        #expect(record.decksToCount(on: day) == [LearningRecord.builtInKey], "the store counts it again")
        record.counted(2, of: LearningRecord.builtInKey, on: day)
        #expect(record.dueCount(of: LearningRecord.builtInKey, on: day) == 2)
        #expect(record.decksToCount(on: day).isEmpty)
    }
}

/// A value a test changes while a closure reads it.
private final class Locked<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
