import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp

@Suite struct ShellTests {
    init() { prepareForDrawing() }

    private static let games = [
        GameInfo(id: .set, summary: "Find sets of three among the cards on the table",
                 make: { context in TestGame(seed: context.seed) }),
        GameInfo(id: .slots, summary: "A 3-digit and a 5-digit slot machine",
                 make: { context in TestGame(seed: context.seed) }),
        GameInfo(id: .blackjack, summary: "Five hands against the dealer, with bets",
                 make: { context in TestGame(seed: context.seed) }),
    ]

    private let size = Size(width: 80, height: 24)

    private func shell(notice: String? = nil) -> TestShell {
        let best = ScoreEntry(score: 412, date: "2026-11-30 10:00", player: "ann")
        return TestShell(games: Self.games, scores: [.slots: [best]], notice: notice, size: size, seed: { 99 })
    }

    private func screen(_ shell: TestShell, size: Size? = nil, theme: Theme = Theme()) -> CellGrid {
        var grid = CellGrid(size: size ?? self.size, theme: theme)
        shell.render(into: &grid)
        return grid
    }

    private func send(_ shell: inout TestShell, _ inputs: Input...) -> [AppEffect] {
        inputs.flatMap { shell.update($0) }
    }

    private func key(_ character: Character) -> Input { .key(.character(character)) }

    @Test func menuShowsEveryGameWithItsNumberAndBestScore() {
        assertSnapshot(screen(shell()).text, named: "menu-80x24")
    }

    @Test func homeAndEndGoToTheFirstAndLastGame() {
        var shell = shell()
        _ = send(&shell, .key(.end))
        #expect(shell.menu.selected == 2)
        _ = send(&shell, .key(.home))
        #expect(shell.menu.selected == 0)
    }

    @Test func aWideMenuShowsWholeDescriptionsAndBestScores() {
        let long = ScoreEntry(score: 31, date: "2026-11-30 10:00", player: "ann", figures: ["level": "Normal"])
        let games = Self.games + [GameInfo(id: .memory, summary: "Find the pairs of cards before the clock runs out",
                                           make: { _ in TestGame() }, describeBest: { "best \($0.score) (Normal, 0:42)" })]
        let shell = TestShell(games: games, scores: [.memory: [long]], size: Size(width: 120, height: 30), seed: { 1 })
        let wide = screen(shell, size: Size(width: 120, height: 30)).text
        #expect(wide.contains("Find the pairs of cards before the clock runs out"))
        #expect(wide.contains("best 31 (Normal, 0:42)"))
        let narrow = screen(shell, size: Size(width: 80, height: 24)).text
        #expect(!narrow.contains("…"), "at 80 columns the description is whole, its best on the line under it")
        #expect(narrow.contains("Find the pairs of cards before the clock runs out"))
        #expect(narrow.contains("best 31 (Normal, 0:42)"))
    }

    @Test func menuWithoutGamesSaysSoInsteadOfShowingPlaceholders() {
        let empty = TestShell(games: [], size: size, seed: { 1 })
        let text = screen(empty).text
        #expect(text.contains("No games are installed yet."))
        #expect(!text.contains("Slots"))
    }

    @Test func menuInASCIIAndMonochromeUsesNoOtherGlyphs() {
        let grid = screen(shell(), theme: Theme(colorMode: .monochrome, ascii: true))
        assertSnapshot(grid.text, named: "menu-80x24-ascii")
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func movingTheCursorMovesTheHighlightBarAndNothingElse() {
        var shell = shell()
        let before = screen(shell)
        #expect(send(&shell, .key(.down)).isEmpty)
        let after = screen(shell)
        let lines = before.text.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = [lines.firstIndex { $0.contains("Set") }!, lines.firstIndex { $0.contains("Slots") }!]
        let changed = (0..<size.height).flatMap { y in (0..<size.width).map { (x: $0, y: y) } }
            .filter { before[$0.x, $0.y] != after[$0.x, $0.y] }
        #expect(Set(changed.map(\.y)) == Set(rows))
        #expect(changed.count <= 2 * MenuScreen.nameColumns)
        // The bar: the selected game's number and name in reverse video, the others plain.
        let slots = lines[rows[1]].firstIndex(of: "S").map { lines[rows[1]].distance(from: lines[rows[1]].startIndex, to: $0) }!
        #expect(after[slots, rows[1]].style.reverse && !before[slots, rows[1]].style.reverse)
        #expect(after[slots - 3, rows[1]].scalar == "2" && after[slots - 3, rows[1]].style.reverse)
        #expect(shell.menu.selected == 1)
        _ = send(&shell, key("j"), key("j"), key("j"))
        #expect(shell.menu.selected == 2)  // stops at the last game
        _ = send(&shell, key("k"), .key(.up), .key(.up))
        #expect(shell.menu.selected == 0)
    }

    /// A game's number is its place in the catalog: here Set, Slots and Blackjack are 1–3.
    @Test func digitsOpenTheirOwnGameAndOnlyThat() {
        var shell = shell()
        _ = send(&shell, key("4"))  // no fourth game
        #expect(shell.activeGame == nil)
        _ = send(&shell, key("3"))
        #expect(shell.activeGame == .blackjack)
        #expect(screen(shell).text.contains("Test game: 0 presses"))
    }

    @Test func enterOpensTheChosenGameAndAClickOpensTheRowClicked() {
        var shell = shell()
        _ = send(&shell, .key(.down), .key(.enter))
        #expect(shell.activeGame == .slots)

        var clicked = self.shell()
        let text = screen(clicked).text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = text.firstIndex { $0.contains("Blackjack") }!
        _ = send(&clicked, .mouse(MouseEvent(.press, at: Point(x: 40, y: row))))
        #expect(clicked.activeGame == .blackjack)
    }

    @Test func qQuitsFromTheMenu() {
        var shell = shell()
        #expect(send(&shell, key("q")) == [.quit])
    }

    @Test func qLeavesAnUntouchedGameAtOnce() {
        var shell = shell()
        _ = send(&shell, key("1"))
        _ = send(&shell, key("q"))
        #expect(shell.activeGame == nil)
        #expect(shell.overlay == nil)
    }

    @Test func leavingAGameInProgressAsksFirst() {
        var shell = shell()
        _ = send(&shell, key("1"), key("x"), .key(.escape))
        #expect(shell.overlay == .confirmLeave)
        assertSnapshot(screen(shell).text, named: "leave-question")
        _ = send(&shell, key("n"))
        #expect(shell.overlay == nil)
        #expect(shell.activeGame == .set)
        #expect(screen(shell).text.contains("Test game: 1 presses"))  // the game is as it was
        _ = send(&shell, key("q"), key("y"))
        #expect(shell.activeGame == nil)
    }

    @Test func aGameAsksItsQuestionThroughTheShellAndHearsTheYes() {
        var shell = shell()
        _ = send(&shell, key("1"), key("x"), key("x"), key("n"))
        #expect(shell.overlay == .confirm(.newGame))
        #expect(screen(shell).text.contains("New game? This one will be lost. (y/n)"))
        #expect(!shell.wantsTicks)  // the clock stands still while it asks
        #expect(send(&shell, key("n")).isEmpty)
        #expect(screen(shell).text.contains("Test game: 2 presses"))  // no: nothing changed
        _ = send(&shell, key("n"))
        #expect(send(&shell, key("y")) == [.game(.set, .sound(.cardDrawn))])
        #expect(shell.overlay == nil)
        #expect(screen(shell).text.contains("Test game: 0 presses"))
    }

    @Test func escOnTheMenuAsksBeforeQuitting() {
        var shell = shell()
        #expect(send(&shell, .key(.escape)).isEmpty)
        #expect(shell.overlay == .confirmQuit)
        #expect(screen(shell).text.contains("Quit the arcade? (y/n)"))
        #expect(send(&shell, .key(.escape)).isEmpty)  // Esc answers no
        #expect(shell.overlay == nil)
        _ = send(&shell, .key(.escape))
        #expect(send(&shell, key("y")) == [.quit])
    }

    @Test func behindTheTooSmallMessageOnlyQAndTheAnswersToAQuestionAct() {
        var shell = shell()
        _ = send(&shell, key("1"), key("x"))
        let tiny = Size(width: 12, height: 4)
        #expect(!shell.fits(tiny))
        for key in [Key.character("x"), .space, .enter, .character("n"), .character("?"), .escape, .character("y")] {
            #expect(!shell.acceptsWhileTooSmall(key), "\(key)")
        }
        #expect(shell.acceptsWhileTooSmall(.character("q")))
        #expect(shell.tooSmallHint == "q: back to the menu")
        _ = send(&shell, key("q"))
        #expect(shell.overlay == .confirmLeave)
        #expect(shell.tooSmallHint == "Leave this game? (y/n)")
        #expect(shell.acceptsWhileTooSmall(.character("y")) && shell.acceptsWhileTooSmall(.escape))
        _ = send(&shell, key("y"))
        #expect(shell.activeGame == nil)
        #expect(shell.tooSmallHint == "q: quit")
    }

    @Test func tooSmallKeysChangeNothingInARunningArcade() {
        var shell = shell()
        _ = send(&shell, key("1"), key("x"))
        let device = FakeTerminal(size: Size(width: 12, height: 4), script: [
            .input(.key(.character("x"))), .input(.key(.space)), .input(.key(.character("n"))),
            .input(.resize(size)),
        ])
        _ = RunLoop<ArcadeShell>(device: device).run(&shell.shell) { _, _ in .proceed }
        #expect(device.presented.count == 2)  // the keys drew nothing
        #expect(device.presented[0].text.contains("need 30×7"))
        #expect(device.presented.last?.text.contains("Test game: 1 presses") == true)
        #expect(shell.overlay == nil)
    }

    @Test func helpOnAShortTerminalMarksWhatItCannotShow() {
        var shell = TestShell(games: GameCatalog.games, size: Size(width: 60, height: 12), seed: { 1 })
        _ = send(&shell, key("?"))
        let lines = screen(shell, size: Size(width: 60, height: 12)).text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("1–") && $0.contains(" of ") })  // the footer says which rows show
        #expect(lines.contains { $0.hasSuffix("▼║") })  // and the hidden rows are marked
        #expect(lines.contains { $0.contains("choose a game") })
    }

    @Test func aLongNoticeOnTheMenuWrapsInsteadOfBeingCut() {
        let notice = "scores.json could not be read and was moved to scores.json.corrupt-20261201-0930; a new one is kept."
        let shell = TestShell(games: Self.games, notice: notice, size: Size(width: 60, height: 24), seed: { 1 })
        let text = flowed(screen(shell, size: Size(width: 60, height: 24)).text)
        #expect(text.contains("scores.json.corrupt-20261201-0930; a new one is kept."))
    }

    @Test func menuHelpNamesTheFolderScoresAreReallyKeptIn() {
        var shell = TestShell(games: Self.games, size: size, dataDirectory: "/tmp/xdg/arcade", seed: { 1 })
        _ = send(&shell, key("?"))
        #expect(flowed(screen(shell).text).contains("/tmp/xdg/arcade/arcade.sqlite3"))
        #expect(!screen(shell).text.contains("~/.local/share"))
    }

    @Test func helpOverlayListsTheGameKeysAndAnyKeyClosesIt() {
        var shell = shell()
        _ = send(&shell, key("1"), key("?"))
        #expect(shell.overlay == .help)
        let text = screen(shell).text
        #expect(text.contains("Help: Test"))
        #expect(text.contains("A game for tests."))
        _ = send(&shell, key("x"))  // closes help, does not reach the game
        #expect(shell.overlay == nil)
        #expect(screen(shell).text.contains("Test game: 0 presses"))
    }

    @Test func menuHelpSnapshot() {
        var shell = shell()
        _ = send(&shell, key("?"))
        assertSnapshot(screen(shell).text, named: "menu-help")
    }

    @Test func theGameClockStandsStillWhileAnOverlayIsOpen() {
        var shell = shell()
        _ = send(&shell, key("1"), key("t"))
        #expect(shell.wantsTicks)
        _ = send(&shell, .tick(0.5), key("?"))
        #expect(!shell.wantsTicks)
        _ = send(&shell, .tick(3), key("?"))
        _ = send(&shell, .tick(0.25))
        #expect(screen(shell).text.contains("clock 0.75"))
    }

    @Test func aNarrowKeyLineDropsTheScreensKeysFromTheEndAndKeepsTheSharedOnes() {
        let hints = [KeyHint("↑↓", "move"), KeyHint("Enter", "open"), KeyHint("1-5", "game"), KeyHint("s", "stats")]
        let always = [KeyHint("?", "help"), KeyHint("q", "quit")]
        var lines: [Int: String] = [:]
        for width in [8, 12, 19, 20, 30, 31, 40, 44, 45, 60, 100] {
            for ascii in [false, true] {
                var grid = CellGrid(size: Size(width: width, height: 2), theme: Theme(ascii: ascii))
                KeyLine.draw(hints, always: always, into: &grid)
                // What fits, worked out hint by hint: each takes its keys, a space, its words
                // and three columns to the next; the screen's own are dropped from the end first.
                let glyphs = Glyphs(theme: grid.theme)
                let pieces = (hints + always).map { "\(glyphs.keys($0.keys)) \($0.action)" }
                var shown = hints.count
                while shown > 0 && (pieces[..<shown] + pieces[hints.count...]).map(DisplayWidth.of).reduce(0, { $0 + $1 + 3 }) - 2 > width - 1 {
                    shown -= 1
                }
                var expected = " ", x = 1
                for piece in pieces[..<shown] + pieces[hints.count...] {
                    guard x + DisplayWidth.of(piece) < width else { break }
                    expected += piece + "   "
                    x += DisplayWidth.of(piece) + 3
                }
                while expected.last == " " { expected.removeLast() }
                let line = grid.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                #expect(line == expected, "width \(width), ascii \(ascii)")
                if !ascii { lines[width] = line }
            }
        }
        #expect(lines[100] == " ↑↓ move   Enter open   1-5 game   s stats   ? help   q quit")
        #expect(lines[30] == " ↑↓ move   ? help   q quit")
        #expect(lines[12] == " ? help")
    }

    @Test func theKeyLineShowsTheGameKeysAndClicksOnItDoNotReachTheGame() {
        var shell = shell()
        _ = send(&shell, key("1"))
        let lastLine = screen(shell).text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        #expect(lastLine.contains("x press"))
        #expect(lastLine.contains("? help"))
        #expect(lastLine.contains("q menu"))
        _ = send(&shell, .mouse(MouseEvent(.press, at: Point(x: 3, y: 23))))
        #expect(screen(shell).text.contains("Test game: 0 presses"))
        _ = send(&shell, .mouse(MouseEvent(.press, at: Point(x: 3, y: 5))))
        #expect(screen(shell).text.contains("Test game: 1 presses"))
    }

    @Test func gameEffectsBecomeAppEffectsNamingTheGame() {
        var shell = shell()
        _ = send(&shell, key("2"), key("x"))
        #expect(send(&shell, key("e")) == [.recordScore(.slots, ScoreRecord(score: 10, figures: ["time": "0:42"], seed: 99)), .game(.slots, .sound(.handWon))])
        _ = send(&shell, key("b"))
        #expect(shell.activeGame == nil)
    }

    @Test func newBestScoresAndNoticesShowOnTheMenu() {
        var shell = shell(notice: "Score file was unreadable; moved it aside.")
        shell.showScores([ScoreEntry(score: 7, date: "2026-11-30 11:00", player: "bo")], for: .set)
        let text = screen(shell).text
        #expect(text.contains("best 7"))
        #expect(text.contains("best 412"))
        #expect(text.contains("Score file was unreadable; moved it aside."))
    }

    @Test func theGameIsToldItsSizeWithoutTheKeyLineAndSeeded() {
        var shell = shell()
        shell.open(.set)
        #expect(shell.minimumSize == Size(width: 30, height: 7))
        #expect(TestShell(games: Self.games, size: size, seed: { 1 }).minimumSize == MenuScreen.minimumSize)
    }
}

@Suite struct ShellEdgeTests {
    init() { prepareForDrawing() }

    private static let games = [
        GameInfo(id: .slots, summary: "Slots", make: { context in TestGame(seed: context.seed) }),
    ]

    @Test func aResizeWhileHelpIsOpenStillReachesTheGame() {
        var shell = TestShell(games: SlotsResizeProbe.games, size: Size(width: 80, height: 24), seed: { 1 })
        shell.open(.slots)
        _ = shell.update(.key(.character("?")))
        _ = shell.update(.resize(Size(width: 120, height: 40)))
        _ = shell.update(.key(.character("?")))
        var grid = CellGrid(size: Size(width: 120, height: 40))
        shell.render(into: &grid)
        #expect(grid.text.contains("size 120×39"))
    }

    @Test func effectsAfterALeaveStillNameTheGame() {
        var shell = TestShell(games: SlotsResizeProbe.games, size: Size(width: 80, height: 24), seed: { 1 })
        shell.open(.slots)
        #expect(shell.update(.key(.character("z"))) == [.recordScore(.slots, ScoreRecord(score: 5, seed: 1)), .refreshMenu])
        #expect(shell.activeGame == nil)
    }
}

/// A game that shows the size it was last told, and leaves while recording on `z`.
private struct SlotsResizeProbe: GameScreen {
    static let games = [GameInfo(id: .slots, summary: "probe", make: { _ in SlotsResizeProbe() })]
    /// The size the last resize told of (a probe's record, not a layout).
    var resizedTo: Size?

    func bindings(in frame: Frame) -> [Binding<Bool>] { [Binding([.character("z")], true)] }

    mutating func perform(_ leave: Bool, in frame: Frame) -> [GameEffect] {
        [.leave, .recordScore(5, figures: [:])]
    }

    mutating func resized(to frame: Frame) -> [GameEffect] {
        resizedTo = frame.size
        return []
    }

    func render(into grid: inout CellGrid) {
        grid.write("size \(resizedTo.map { "\($0)" } ?? "unknown")", at: Point(x: 0, y: 0))
    }

    func minimumSize(in frame: Frame) -> Size { Size(width: 10, height: 3) }
    var wantsTicks: Bool { false }
    var isInProgress: Bool { false }
    var helpTitle: String { "Probe" }
}

@Suite struct ShellScoresTests {
    init() { prepareForDrawing() }

    /// A game that shows how many recorded scores it knows and the best.
    private struct ScoresProbe: GameScreen {
        var scores: [ScoreEntry]
        func bindings(in frame: Frame) -> [Binding<Never>] { [] }
        mutating func perform(_ action: Never, in frame: Frame) -> [GameEffect] {}
        func render(into grid: inout CellGrid) {
            grid.write("\(scores.count) scores, best \(scores.first?.score ?? 0)", at: Point(x: 0, y: 0))
        }
        mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
            if case .scoresRecorded(_, let entries) = report { scores = entries }
            return []
        }
        func minimumSize(in frame: Frame) -> Size { Size(width: 10, height: 3) }
        var wantsTicks: Bool { false }
        var isInProgress: Bool { false }
        var helpTitle: String { "Probe" }
    }

    @Test func aGameStartsWithItsScoresAndHearsOfNewOnes() {
        let games = [GameInfo(id: .blackjack, summary: "probe", make: { context in ScoresProbe(scores: context.scores) })]
        let old = ScoreEntry(score: 150, date: "2026-11-29 20:00", player: "ann")
        var shell = TestShell(games: games, scores: [.blackjack: [old]], size: Size(width: 80, height: 24), seed: { 1 })
        shell.open(.blackjack)
        var grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        #expect(grid.text.hasPrefix("1 scores, best 150"))
        shell.showScores([ScoreEntry(score: 250, date: "2026-11-30 12:00", player: "ann"), old], for: .blackjack)
        grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        #expect(grid.text.hasPrefix("2 scores, best 250"))
        _ = shell.update(.key(.character("q")))
        grid = CellGrid(size: Size(width: 80, height: 24))
        shell.render(into: &grid)
        #expect(grid.text.contains("best 250"))  // the menu row
    }
}

/// A key changes the game on screen in place: a copy kept by the shell while the game
/// changes would copy every array of the game's state, every key.
@Suite struct ShellInPlaceTests {
    private final class Storage: @unchecked Sendable {}

    private struct Probe: GameScreen, @unchecked Sendable {
        var storage = Storage()
        var uniqueAtEachKey: [Bool] = []
        func bindings(in frame: Frame) -> [Binding<Bool>] { [Binding([.character("z")], true)] }
        mutating func perform(_ action: Bool, in frame: Frame) -> [GameEffect] {
            uniqueAtEachKey.append(isKnownUniquelyReferenced(&storage))
            return []
        }
        func render(into grid: inout CellGrid) {}
        func minimumSize(in frame: Frame) -> Size { Size(width: 1, height: 1) }
        var wantsTicks: Bool { false }
        var isInProgress: Bool { false }
        var helpTitle: String { "Probe" }
    }

    @Test func aKeyChangesTheGameOnScreenWithoutCopyingIt() {
        let info = GameInfo(id: .set, summary: "probe", make: { _ in Probe() })
        var shell = TestShell(games: [info], size: Size(width: 80, height: 24), seed: { 1 })
        shell.open(.set)
        _ = shell.update(.key(.character("z")))
        _ = shell.update(.key(.character("Z")))
        #expect(shell.screen(as: Probe.self)?.uniqueAtEachKey == [true, true])
    }

    @Test func thePlayersHistoryIsReadWhenTheFirstGameOpensAndTheGameHasIt() {
        final class Reads { var count = 0 }
        let reads = Reads()
        let games = [GameInfo(id: .set, summary: "Test", make: { TestGame(context: $0) }),
                     GameInfo(id: .slots, summary: "Test", make: { TestGame(context: $0) })]
        let kept = DailyOutcome(seconds: 30, misses: 0, found: 6)
        var shell = ArcadeShell(games: games, seed: { 1 }, history: {
            reads.count += 1
            return PlayerHistory(daily: [.set: ["2026-11-30": kept]])
        })
        let size = Size(width: 80, height: 24)
        let frame = Frame(size: size)
        var grid = CellGrid(size: size)
        shell.render(into: &grid)
        _ = shell.update(.key(.down), in: frame)
        #expect(reads.count == 0, "the menu is drawn and answers keys before the history is read")
        _ = shell.open(.set, in: frame)
        grid = CellGrid(size: size)
        shell.render(into: &grid)
        #expect(grid.text.contains("daily: 2026-11-30"), "the game opens with the day it was played")
        _ = shell.leaveGame()
        _ = shell.open(.slots, in: frame)
        _ = shell.leaveGame()
        _ = shell.open(.set, in: frame)
        #expect(reads.count == 1, "read once a run")
    }

    // MARK: - Each mode's best

    /// A game opens with each of its modes' best from the store (read with the history), and
    /// a result the runtime has kept that beats one is the best the next game opens with; a
    /// worse one changes nothing.
    @Test func aGameOpensWithEachModesBestAndTheBetterResultsOfTheRun() {
        let games = [GameInfo(id: .set, summary: "Test", make: { TestGame(context: $0) })]
        var shell = TestShell(games: games, size: Size(width: 80, height: 24), seed: { 1 })
        shell.shell = ArcadeShell(games: games, seed: { 1 },
                                  history: { PlayerHistory(bests: [.set: ["": 25, "versus hard": 60]]) })
        func play(_ presses: Int, _ shell: inout TestShell) -> [String: Int] {
            shell.open(.set)
            let bests = shell.screen(as: TestGame.self)!.bests
            for _ in 0..<presses { shell.update(.key(.character("x"))) }
            // Records presses × 10, of no mode; the record follows what the runtime carried out.
            for effect in shell.update(.key(.character("e"))) {
                _ = shell.shell.receive(.carriedOut(effect), in: shell.frame)
            }
            _ = shell.leaveGame()
            return bests
        }
        #expect(play(3, &shell) == ["": 25, "versus hard": 60])
        #expect(play(1, &shell) == ["": 30, "versus hard": 60])
        #expect(play(0, &shell) == ["": 30, "versus hard": 60])
    }
}

/// The menu with every game's best and saved games showing: descriptions are whole (the
/// full one, the extras on the spare line under it, or the short one), never cut.
@Suite struct MenuDescriptionTests {
    init() { prepareForDrawing() }

    private func shell(size: Size) -> TestShell {
        let games = GameCatalog.games
        let scores: [GameID: [ScoreEntry]] = [
            .set: [ScoreEntry(score: 30, date: "2026-11-30 10:00", player: "ann")],
            .memory: [ScoreEntry(score: 31, date: "2026-11-30 10:00", player: "ann",
                                 figures: ["level": "Normal", "time": "0:42", "result": "won"])],
            .slots: [ScoreEntry(score: 412, date: "2026-11-30 10:00", player: "ann", figures: ["machine": "5-digit"])],
            .temples: [ScoreEntry(score: 85, date: "2026-11-30 10:00", player: "ann", figures: ["time": "1:10"])],
            .blackjack: [ScoreEntry(score: 240, date: "2026-11-30 10:00", player: "ann")],
        ]
        let saved = [GameID.set, .memory, .blackjack].map {
            SavedGame(game: $0, save: GameSave(state: "{}", summary: ""), savedAt: 0)
        }
        var shell = TestShell(games: games, size: size, seed: { 1 })
        shell.shell = ArcadeShell(games: games, scores: scores, saved: saved, seed: { 1 })
        return shell
    }

    @Test func descriptionsAreWholeBesideBestsAndSavedGamesAtEverySize() {
        for size in [Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 100, height: 30),
                     Size(width: 120, height: 40), Size(width: 60, height: 16), Size(width: 44, height: 12)] {
            let text = shell(size: size).text
            #expect(!text.contains("…"), "\(size): nothing cut\n\(text)")
            // With a spare line under each row (20 rows and more), every description shows.
            for info in GameCatalog.games where size.height >= 20 {
                #expect(text.contains(info.summary) || text.contains(info.shortSummary),
                        "\(size): \(info.title)'s description whole\n\(text)")
            }
            // Every name whole: the extras never cover it (a narrow terminal leaves out bests).
            for (index, info) in GameCatalog.games.enumerated() {
                let name = "\(index + 1)  \(info.title)"
                #expect(text.contains(name + " ") || text.contains(name + "\n"), "\(size): \(name) whole\n\(text)")
            }
            for words in ["best 30", "best 31 (Normal, 0:42)", "best 412 (5-digit)", "best 85%", "best 240"]
            where size.width >= 60 {
                #expect(text.contains(words), "\(size): \(words)\n\(text)")
            }
            #expect(text.components(separatedBy: "saved game").count == 4, "\(size): three marks\n\(text)")
        }
    }

    @Test func theMenuWithBestsAndSavedGamesSnapshots() {
        assertSnapshot(shell(size: Size(width: 80, height: 24)).text, named: "menu-saved-80x24")
        assertSnapshot(shell(size: Size(width: 60, height: 20)).text, named: "menu-saved-60x20")
    }
}
