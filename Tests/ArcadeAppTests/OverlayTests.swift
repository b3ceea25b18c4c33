import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import SetModel
import Testing

@testable import ArcadeApp

/// The shell's overlays as a player meets them: help read to its end however long it is,
/// and the pause of a timed game (by `p`, by the terminal losing focus, by a minute away).
@Suite struct OverlayTests {
    /// Every question takes the same keys, answered without building its box (a paste read
    /// while one is up): y and Y say yes; n, N and Esc say no; nothing else answers.
    @Test func everyQuestionAnswersYNAndEscapeAndNothingElse() {
        let asked = YesNoQuestion(title: "New game", message: "Start a new game? The one on the table is lost. (y/n)")
        let expected: [(Key, Bool?)] = [(.character("y"), true), (.character("Y"), true), (.character("n"), false),
                                        (.character("N"), false), (.escape, false), (.enter, nil), (.space, nil),
                                        (.character("x"), nil), (.character("q"), nil), (.tab, nil)]
        for (key, answer) in expected {
            #expect(YesNoQuestion.answer(to: key) == answer, "\(key)")
            #expect(asked.dialog.buttonIndex(for: key).map { $0 == 0 } == answer, "the box itself, \(key)")
        }
    }

    init() { prepareForDrawing() }

    private let size = Size(width: 80, height: 24)

    /// The screen's words, flowed into one line, the frame's edges and scroll marks left out:
    /// what a player reads, whatever rows it was wrapped to.
    private func words(_ text: String) -> String {
        flowed(text.map { "║▲▼".contains($0) ? " " : String($0) }.joined())
    }

    /// Help opened over the game of `shell` and paged through to its end with PgDn (and
    /// then End): every screen of it, as text (one, when it all shows at once).
    private func helpPages(_ shell: inout TestShell) -> [String] {
        shell.update(.key(.character("?")))
        var pages = [shell.text]
        if shell.text.contains("Press any key to close") { return pages }  // it all shows: nothing to scroll
        for _ in 0..<10 {
            shell.update(.key(.pageDown))
            if pages.last == shell.text { break }
            pages.append(shell.text)
        }
        shell.update(.key(.end))
        pages.append(shell.text)
        return pages
    }

    /// Every note of `sheet` can be read whole on one of `pages`, and the last one on the last page.
    private func expectReadWhole(_ sheet: HelpSheet, on pages: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let last = words(pages.last ?? "")
        #expect(last.contains(words(sheet.notes.last ?? "")), "the last note at the end:\n\(pages.last ?? "")",
                sourceLocation: sourceLocation)
        for note in sheet.notes {
            #expect(pages.contains { words($0).contains(words(note)) }, "readable whole: \(note)", sourceLocation: sourceLocation)
        }
        #expect(!pages.contains { $0.contains("║ … ║") || $0.contains("║ ... ║") }, "never cut to an ellipsis",
                sourceLocation: sourceLocation)
    }

    /// Temples at 80×24 with its deck loaded, in learn mode or matching.
    private func temples(learn: Bool) -> TestShell {
        let assets = AssetLocator(roots: [TempleScreenTests.assets])
        var shell = TestShell(games: GameCatalog.games, size: size, assets: assets, seed: { 4 })
        shell.open(.temples, options: learn ? ["--learn": ""] : [:])
        _ = shell.shell.receive(.deck(.temples, DeckReport(.finished(TempleDeck.builtIn(assets: assets)))), in: shell.frame)
        return shell
    }

    @Test func templesHelpCanBeScrolledToTheEndOfItsLearnModeNoteAt80x24() throws {
        // Matching, the learn mode's note comes last, and is read to its end, not cut short.
        var shell = temples(learn: false)
        let sheet = try #require(shell.activeScreen?.help(in: shell.frame.droppingBottom(1)))
        #expect(sheet.notes.contains { $0.contains("A card missed on eight days is a leech") })
        let pages = helpPages(&shell)
        expectReadWhole(sheet, on: pages)
        let end = pages.last ?? ""
        #expect(end.contains("▲") && !end.contains("▼"), "the end says more is above:\n\(end)")
        #expect(!pages[0].contains("▲") && pages[0].contains("▼"), "the top says more is below:\n\(pages[0])")
        // The footer says where the sheet is: at the end, its last line shown.
        let place = try #require(words(end).firstMatch(of: /lines (\d+)–(\d+) of (\d+)/), "\(end)")
        #expect(place.output.2 == place.output.3)
        // Home goes back to the top; any other key closes it, as before.
        shell.update(.key(.home))
        #expect(shell.text == pages[0])
        shell.update(.key(.character("x")))
        #expect(!shell.text.contains("Help: "))

        // In learn mode the learn note comes first, and the whole sheet fits.
        var learning = temples(learn: true)
        let learnSheet = try #require(learning.activeScreen?.help(in: learning.frame.droppingBottom(1)))
        #expect(learnSheet.notes.first?.contains("A card missed on eight days is a leech") == true)
        expectReadWhole(learnSheet, on: helpPages(&learning))
    }

    @Test func setVersusHelpCanBeScrolledToItsLastLineAt80x24() throws {
        let versus = SetScreen(context: GameContext(seed: 4, options: ["--versus": "", "--level": "hard"]))
        var shell = TestShell.hosting(versus, as: .set, size: size)
        let sheet = try #require(shell.activeScreen?.help(in: Frame(size: size).droppingBottom(1)))
        let pages = helpPages(&shell)
        expectReadWhole(sheet, on: pages)
        // The footer says where the sheet is; the wheel scrolls it back up, a click closes it.
        #expect(words(pages[0]).contains("lines 1–"), "\(pages[0])")
        shell.update(.mouse(MouseEvent(.wheelUp, at: Point(x: 40, y: 10))))
        #expect(shell.text != pages.last && shell.text.contains("Help: "))
        shell.update(.mouse(MouseEvent(.press, at: Point(x: 40, y: 10))))
        #expect(!shell.text.contains("Help: "))
    }

    // MARK: - Pause

    /// Set at 80×24 with its clock running (a card chosen).
    private func playingSet() -> TestShell {
        var shell = TestShell.hosting(SetScreen(seed: 3), as: .set, size: size)
        shell.update(.key(.space))  // the first card starts the clock
        return shell
    }

    private func clock(_ shell: TestShell) -> Double {
        shell.screen(as: SetScreen.self)?.clock.elapsed ?? -1
    }

    @Test func pStopsTheClockAndHidesTheCardsUntilAnyKey() {
        var shell = playingSet()
        shell.update(.tick(5))
        #expect(clock(shell) == 5)
        #expect(shell.text.contains("╭") && shell.text.contains("p pause"), "cards on the table, and p offered:\n\(shell.text)")
        let table = shell.screen(as: SetScreen.self).map { ($0.game.board, $0.game.selectedCards) }

        shell.update(.key(.character("p")))
        let paused = shell.text
        #expect(paused.contains("Paused — press any key to go on"), "\(paused)")
        #expect(!paused.contains("╭") && !paused.contains("Time 0:05"), "the table is hidden:\n\(paused)")
        #expect(!shell.wantsTicks)
        shell.update(.tick(30))  // even a stray tick does not reach the game
        #expect(clock(shell) == 5)

        shell.update(.key(.character("d")))  // any key goes on, and does nothing else (d deals)
        #expect(shell.text.contains("╭") && !shell.text.contains("Paused"))
        let after = shell.screen(as: SetScreen.self).map { ($0.game.board, $0.game.selectedCards) }
        #expect(after?.0 == table?.0 && after?.1 == table?.1 && after?.1.count == 1)
        #expect(shell.wantsTicks)
        shell.update(.tick(1))
        #expect(clock(shell) == 6)
    }

    @Test func aClockLeftRunningCountsOnlyTheFirstMinuteWithoutInputThenPauses() {
        var shell = playingSet()
        for _ in 0..<5 { shell.update(.tick(20)) }  // 100 s and nobody plays
        #expect(clock(shell) == 60, "only the first minute without input counts")
        #expect(shell.text.contains("Paused — press any key to go on"))
        shell.update(.key(.enter))
        // A key is play: the next minute counts again.
        for _ in 0..<2 { shell.update(.tick(20)) }
        #expect(clock(shell) == 100)
        shell.update(.key(.right))
        for _ in 0..<2 { shell.update(.tick(20)) }
        #expect(clock(shell) == 140 && !shell.text.contains("Paused"))
    }

    @Test func losingFocusPausesATimedGameAndOnlyAKeyGoesOn() {
        var shell = playingSet()
        shell.update(.tick(2))
        shell.update(.focus(.lost))
        #expect(shell.overlay == .paused && !shell.wantsTicks)
        #expect(shell.text.contains("Paused — press any key to go on") && !shell.text.contains("╭"))
        shell.update(.focus(.gained))
        #expect(shell.overlay == .paused, "coming back does not go on by itself")
        shell.update(.mouse(MouseEvent(.press, at: Point(x: 40, y: 12))))  // a click goes on too
        #expect(shell.overlay == nil && shell.wantsTicks)
        shell.update(.tick(1))
        #expect(clock(shell) == 3)
    }

    @Test func losingFocusLeavesAGameWithoutARunningClockAndTheMenuAlone() {
        var waiting = TestShell.hosting(SetScreen(seed: 3), as: .set, size: size)  // no card chosen: no clock
        waiting.update(.focus(.lost))
        #expect(waiting.overlay == nil && !waiting.text.contains("Paused") && !waiting.text.contains("p pause"))
        waiting.update(.key(.character("p")))
        #expect(waiting.overlay == nil, "p pauses only a clock that runs")
        var menu = TestShell(games: GameCatalog.games, size: size, seed: { 1 })
        menu.update(.focus(.lost))
        #expect(menu.overlay == nil && menu.activeGame == nil)
        // Help is open: its clock already stands still, and help stays.
        var helped = playingSet()
        helped.update(.key(.character("?")))
        helped.update(.focus(.lost))
        #expect(helped.overlay == .help)
    }

    @Test func pIsInTheHelpOfATimedGame() {
        var shell = playingSet()
        shell.update(.key(.character("?")))
        #expect(shell.shell.helpSheet(in: shell.frame).keys.contains { $0.keys == "p" && $0.action.hasPrefix("pause") })
        #expect(words(shell.text).contains("p pause: the clock stops, the table is hidden"), "\(shell.text)")
    }

    @Test func memoryPausesOnPToo() {
        var shell = TestShell.hosting(MemoryScreen(seed: 2), as: .memory, size: size)
        shell.update(.key(.enter))  // the level chosen: the board
        shell.update(.key(.space))  // a card turned: the clock runs
        #expect(shell.wantsTicks && shell.text.contains("p pause"), "\(shell.text)")
        shell.update(.key(.character("p")))
        #expect(shell.text.contains("Paused — press any key to go on") && !shell.wantsTicks, "\(shell.text)")
        shell.update(.key(.character("p")))
        #expect(!shell.text.contains("Paused") && shell.wantsTicks)
    }

    @Test func blackjackKeepsPForSplitAndIsNotPaused() {
        let eights = [Card(.eight, of: .spades), Card(.six, of: .clubs), Card(.eight, of: .hearts), Card(.ten, of: .diamonds),
                      Card(.two, of: .clubs), Card(.three, of: .clubs)]
        let table = BlackjackScreen(game: BlackjackGame(seed: 11, stackedCards: eights), showsNewGameAlert: false)
        var shell = TestShell.hosting(table, as: .blackjack, size: size)
        shell.update(.key(.enter))  // deal
        #expect(!shell.text.contains("p pause"))
        shell.update(.key(.character("p")))
        #expect(shell.screen(as: BlackjackScreen.self)?.game.playerHands.count == 2, "p split the eights")
        #expect(!shell.text.contains("Paused"))
    }
}
