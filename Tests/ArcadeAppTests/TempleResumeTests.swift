import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import ArcadeUI
import Foundation
import TempleModel
import Testing

@testable import ArcadeApp

/// Temples left half-way and resumed: the saved state, read back through the catalog, gives
/// the screen the player left once its deck is loaded again.
@Suite struct TempleResumeTests {
    init() { prepareForDrawing() }

    private static let small = Size(width: 80, height: 23)
    private static let large = Size(width: 120, height: 40)
    private static let assets = AssetLocator(roots: [TempleScreenTests.assets])

    /// The deck `source` holds, loaded as the effect runtime loads it.
    private static func load(_ source: DeckSource) -> Result<TempleDeck, DeckError> {
        switch source {
        case .builtIn: return TempleDeck.builtIn(assets: assets)
        case .folder(let path): return DeckLoader.folder(path).waitUntilFinished()
        }
    }

    /// `screen` opened in a frame of `size` as the shell opens it: the deck its `start` asks
    /// for is loaded and given to it as the runtime's report.
    private static func open(_ screen: TempleScreen, size: Size = small) -> TempleTable {
        var screen = screen
        let frame = Frame(size: size)
        for case .deck(.load(let source)) in screen.start(in: frame) {
            _ = screen.received(.deck(.temples, DeckReport(.finished(load(source)))), in: frame)
        }
        return TempleTable(screen, size: size)
    }

    /// The screen the catalog's Temples entry resumes from `state`, as a temples screen.
    private static func resumed(_ state: String, options: [String: String] = [:]) -> TempleScreen? {
        let temples = GameCatalog.games.first { $0.id == .temples }!
        let context = GameContext(seed: 99, options: options, assets: assets)
        guard let screen = temples.resume!(state, context) else { return nil }
        return try? #require(screen as? TempleScreen)
    }

    private static func text(_ table: TempleTable) -> String {
        table.screen.text(in: table.frame)
    }

    private static func focus(_ pane: TempleGame.Pane, on table: inout TempleTable) {
        if table.focus != pane { _ = table.update(.key(.tab)) }
    }

    /// Pick the picture shown at `index`, then the name `name`.
    private static func match(picture index: Int, name: String, on table: inout TempleTable) {
        focus(.pictures, on: &table)
        _ = table.update(.key(.home))
        for _ in 0..<index { _ = table.update(.key(.right)) }
        _ = table.update(.key(.enter))
        focus(.names, on: &table)
        let target = table.game!.remainingNames.firstIndex { $0.name == name }!
        _ = table.update(.key(.home))
        for _ in 0..<target { _ = table.update(.key(.down)) }
        _ = table.update(.key(.enter))
    }

    /// A built-in game part-way in a frame of `size`: one right match, one wrong, time
    /// played, the pictures scrolled to a picture near the end, which is picked, and the
    /// names list moved to near its end.
    private static func playedPartWay(size: Size = small) -> TempleTable {
        var table = open(TempleScreen(source: .builtIn, seed: 5), size: size)
        _ = table.update(.tick(2))  // before the first pick: not played yet
        let first = table.game!.visiblePictures[0]
        Self.match(picture: 0, name: first.name, on: &table)
        let second = table.game!.visiblePictures[1]
        let wrong = table.game!.remainingNames.first { $0.id != second.id }!
        match(picture: 1, name: wrong.name, on: &table)
        for _ in 0..<3 { _ = table.update(.tick(1.5)) }
        focus(.pictures, on: &table)
        _ = table.update(.key(.end))
        _ = table.update(.key(.left))
        _ = table.update(.key(.enter))  // a picture picked; the focus goes to the names
        _ = table.update(.key(.end))
        for _ in 0..<3 { _ = table.update(.key(.up)) }
        return table
    }

    @Test func aMatchPlayedPartWayResumesAsItWasLeftAtEverySize() throws {
        var original = Self.playedPartWay()
        #expect(original.game!.correctCount == 1 && original.game!.incorrectCount == 1)
        #expect(original.game!.pickedPicture != nil && original.focus == .names)
        #expect(original.pictureScroll > 0)  // the scroll is part of what must come back
        #expect(original.clock.elapsed == 4.5)
        let save = try #require(original.screen.savedState())
        #expect(save.summary == "1 of 20 matched")

        var resumed = try #require(Self.resumed(save.state))
        #expect(resumed.isLoading)  // it loads its deck again, as a new screen does
        #expect(resumed.savedState() == save)  // left again before the deck is there: still the game
        resumed = Self.open(resumed).screen
        var restored = TempleTable(resumed, size: Self.small)
        #expect(Self.text(restored) == Self.text(original))
        #expect(Self.text(restored).contains("Correct 1   Incorrect 1   Left 19   Time 0:04"))
        #expect(restored.game == original.game && restored.clock == original.clock)
        #expect(restored.message == "Picture picked: now pick its name.")

        _ = original.update(.resize(Self.large))
        _ = restored.update(.resize(Self.large))
        #expect(Self.text(restored) == Self.text(original))

        // The clock goes on from the time played; the time away is not counted.
        _ = restored.update(.tick(1))
        #expect(restored.clock.elapsed == 5.5 && restored.isInProgress)
        // And play goes on: the picked picture's name completes the match.
        let picked = restored.game!.pickedPicture!
        let row = restored.game!.remainingNames.firstIndex { $0.id == picked }!
        _ = restored.update(.key(.home))
        for _ in 0..<row { _ = restored.update(.key(.down)) }
        _ = restored.update(.key(.enter))
        #expect(restored.game!.correctCount == 2 && restored.game!.matchedCount == 2)
    }

    /// A resumed game knows the best kept before it: clearing the deck below that best is
    /// no "New best!".
    @Test func aResumedMatchClearedBelowTheKeptBestIsNoNewBest() throws {
        let state = try #require(Self.playedPartWay().screen.savedState()).state
        let temples = GameCatalog.games.first { $0.id == .temples }!
        let context = GameContext(seed: 99, scores: [ScoreEntry(score: 100, date: "2026-01-01", player: "")],
                                  assets: Self.assets)
        var table = Self.open(try #require(temples.resume!(state, context) as? TempleScreen))
        _ = table.update(.key(.escape))
        while let next = table.game!.visiblePictures.first {
            Self.match(picture: 0, name: next.name, on: &table)
            _ = table.update(.tick(1))
        }
        #expect(table.game!.isComplete && table.game!.incorrectCount == 1)
        #expect(!table.screen.isNewBest)
        let over = try #require(table.screen.gameOver(in: table.frame))
        #expect(over.message.contains("Accuracy 95%"), "\(over.message)")
        #expect(!over.message.contains("New best"), "\(over.message)")
    }

    @Test func aResumedMatchLearnsFromWhatIsKeptOnTheDayItIs() throws {
        let state = try #require(Self.playedPartWay().screen.savedState()).state
        let temples = GameCatalog.games.first { $0.id == .temples }!
        let december2 = CalendarDay(year: 2026, month: 12, day: 2)
        let kept = StoredCardProgress(box: 2, dueDay: december2.dayNumber, reviews: 2, misses: 0, lastMissDay: nil)
        let context = GameContext(seed: 99, assets: Self.assets,
                                  learning: LearningRecord(cards: [LearningRecord.builtInKey: ["salt-lake.png": kept]]),
                                  today: december2)
        var table = Self.open(try #require(temples.resume!(state, context) as? TempleScreen))
        _ = table.update(.key(.character("l")))
        let session = try #require(table.learn?.session)
        #expect(session.day == december2.dayNumber)
        #expect(session.counts.due == 1 && session.counts.new == 19)
        #expect(session.queue.contains("salt-lake.png"))
    }

    @Test func aNamesListScrolledInASmallFrameComesBackScrolledTheSame() throws {
        let size = Size(width: 60, height: 16)
        let original = Self.playedPartWay(size: size)
        #expect(original.names.scrollOffset > 0 && original.names.selectedIndex > original.names.scrollOffset)
        let save = try #require(original.screen.savedState())
        let restored = Self.open(try #require(Self.resumed(save.state)), size: size)
        #expect(Self.text(restored) == Self.text(original))
        #expect(restored.names == original.names)
    }

    @Test func aSlideStillRunningWhenLeftIsSavedFinished() throws {
        var table = Self.playedPartWay()
        _ = table.update(.key(.character("s")))
        _ = table.update(.tick(0.1))
        _ = table.update(.key(.character("m")))  // back to matching, the names pane sliding in
        #expect(table.transition != nil && table.isInProgress)
        let save = try #require(table.screen.savedState())
        let restored = Self.open(try #require(Self.resumed(save.state)))
        #expect(restored.transition == nil && restored.namesFraction == 1)
        #expect(restored.game == table.game && restored.clock == table.clock)
        _ = table.update(.tick(1))  // the original's slide ends (and its clock runs on)
        #expect(Self.text(restored).replacingOccurrences(of: "Time 0:04", with: "Time 0:05") == Self.text(table))
    }

    @Test func aFolderGameResumesFromItsFolderWhateverTheDeckOptionSays() throws {
        let folder = try Self.deckFolder(["kirtland.png", "nauvoo-illinois.png", "manti-utah.png", "logan-utah.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var table = Self.open(TempleScreen(source: .folder(folder.path), seed: 3))
        #expect(table.game!.totalCount == 4)
        let first = table.game!.visiblePictures[0]
        Self.match(picture: 0, name: first.name, on: &table)
        let save = try #require(table.screen.savedState())
        #expect(save.summary == "1 of 4 matched")

        let resumed = try #require(Self.resumed(save.state, options: ["--deck": "/some/other/folder"]))
        #expect(resumed.source == .folder(folder.path))
        let restored = Self.open(resumed)
        #expect(Self.text(restored) == Self.text(table))
        #expect(restored.game == table.game)
    }

    @Test func aDeckThatLostTheSavedPicturesGivesANewGameAndSaysSo() throws {
        let folder = try Self.deckFolder(["kirtland.png", "nauvoo-illinois.png", "manti-utah.png", "logan-utah.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var table = Self.open(TempleScreen(source: .folder(folder.path), seed: 3))
        let first = table.game!.visiblePictures[0]
        Self.match(picture: 0, name: first.name, on: &table)
        let save = try #require(table.screen.savedState())
        try FileManager.default.removeItem(at: folder.appendingPathComponent(table.game!.remainingPictures[0].id))

        let restored = Self.open(try #require(Self.resumed(save.state)))
        #expect(restored.phase == .playing)
        #expect(restored.game!.totalCount == 3 && restored.game!.attemptCount == 0)
        #expect(!restored.clock.hasStarted && !restored.isInProgress)
        #expect(restored.message == "The saved game's pictures are no longer all in the deck: this is a new game.")
        #expect(Self.text(restored).contains("Correct 0   Incorrect 0   Left 3"))
    }

    @Test func studyModeAndAnUntouchedOrClearedGameSaveNothing() {
        var table = Self.open(TempleScreen(source: .builtIn, seed: 5))
        #expect(table.screen.savedState() == nil)  // untouched
        _ = table.update(.tick(3))
        #expect(table.screen.savedState() == nil)  // time alone is not play
        let first = table.game!.visiblePictures[0]
        Self.match(picture: 0, name: first.name, on: &table)
        #expect(table.screen.savedState() != nil)
        _ = table.update(.key(.character("s")))
        _ = table.update(.tick(1))
        #expect(table.screen.savedState() == nil)  // studying is never in progress

        let deck = try! TempleDeck.builtIn(assets: Self.assets).get()
        var one = TempleTable(TempleScreen(deck: .success(TempleDeck(entries: Array(deck.entries.prefix(1)), notices: [])),
                                           seed: 1), size: Self.small)
        _ = one.update(.key(.enter))
        _ = one.update(.key(.enter))
        #expect(one.game!.isComplete && one.screen.savedState() == nil)  // a cleared deck is over
    }

    @Test func garbageAnotherVersionOrAnImpossibleGameReadsAsNil() throws {
        let save = try #require(Self.playedPartWay().screen.savedState())
        #expect(Self.resumed(save.state) != nil)
        #expect(Self.resumed("") == nil)
        #expect(Self.resumed("not json at all") == nil)
        #expect(Self.resumed("{\"version\":1,\"state\":{}}") == nil)
        #expect(save.state.hasSuffix("\"version\":1}"))
        #expect(Self.resumed(save.state.replacingOccurrences(of: "\"version\":1}", with: "\"version\":2}")) == nil)
        // A game no play reaches: more correct answers than cards matched.
        #expect(save.state.contains("\"correctCount\":1,"))
        #expect(Self.resumed(save.state.replacingOccurrences(of: "\"correctCount\":1,", with: "\"correctCount\":7,")) == nil)
    }

    /// A folder holding copies of the built-in pictures `files`, removed by the caller.
    private static func deckFolder(_ files: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(atPath: TempleScreenTests.assets + "/Temples/" + file,
                                             toPath: folder.appendingPathComponent(file).path)
        }
        return folder
    }
}
