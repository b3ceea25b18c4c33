import ArcadeTestSupport
import ArcadeUI
import CLibPNG
import Foundation
import TempleModel
import Testing

@testable import ArcadeApp

@Suite struct TempleScreenTests {
    init() { prepareForDrawing() }

    /// The checkout's built-in pictures (Tests/ArcadeAppTests → Assets/Temples).
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets").path

    private let gameSize = Size(width: 100, height: 29)

    private func screen(seed: UInt64 = 5, size: Size? = nil, theme: Theme = Theme()) -> TempleTable {
        TempleTable(TempleScreen(deck: TempleDeck.builtIn(assets: AssetLocator(roots: [Self.assets])), seed: seed),
                    size: size ?? gameSize, theme: theme)
    }

    private func text(_ screen: TempleTable, size: Size? = nil, theme: Theme? = nil) -> String {
        screen.screen.text(in: Frame(size: size ?? screen.frame.size, theme: theme ?? screen.frame.theme))
    }

    /// Put the keyboard focus on `pane`.
    private func focus(_ pane: TempleGame.Pane, on screen: inout TempleTable) {
        if screen.focus != pane { _ = screen.update(.key(.tab)) }
    }

    /// Move the names cursor to `name` and pick it.
    private func pickName(_ name: String, on screen: inout TempleTable) {
        focus(.names, on: &screen)
        let target = screen.game!.remainingNames.firstIndex { $0.name == name }!
        _ = screen.update(.key(.home))
        for _ in 0..<target { _ = screen.update(.key(.down)) }
        _ = screen.update(.key(.enter))
    }

    @Test func theBuiltInDeckHasTwentyTemplesWithPicturesOfOneHeight() throws {
        let deck = try TempleDeck.builtIn(assets: AssetLocator(roots: [Self.assets])).get()
        #expect(deck.entries.count >= 16)
        #expect(deck.notices.isEmpty)
        #expect(Set(deck.entries.map(\.picture.height)).count == 1)
        #expect(Set(deck.entries.map(\.picture.width)).count > 3)  // proportions differ
        #expect(deck.entries.allSatisfy { $0.year != nil && !$0.card.location.isEmpty })
    }

    @Test func matchModeAt100x30() {
        assertSnapshot(text(screen()), named: "temples-match-100x30")
    }

    @Test func studyModeAt100x30WritesNamesOnThePictures() {
        var screen = screen()
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.tick(1))
        #expect(screen.transition == nil)
        let shown = text(screen)
        assertSnapshot(shown, named: "temples-study-100x30")
        #expect(!shown.contains("─ Names"))
        #expect(shown.contains("[ Match ]") && shown.contains("( Reset )"))
        let first = screen.game!.visiblePictures[0].name
        #expect(shown.contains(first) || shown.contains(first.split(separator: " ").first!))
    }

    /// The animations setting: off switches at once, fast slides in half the time.
    @Test func theAnimationsSettingSetsTheSlide() {
        var off = screen()
        off.screen.match.pace = .off
        _ = off.update(.key(.character("s")))
        #expect(off.transition == nil && off.layout().namesPane.width == 0)
        var fast = screen()
        fast.screen.match.pace = .fast
        _ = fast.update(.key(.character("s")))
        _ = fast.update(.tick(TempleMatchPage.transitionDuration / 2 + 0.01))
        #expect(fast.transition == nil)
        var normal = screen()
        _ = normal.update(.key(.character("s")))
        _ = normal.update(.tick(TempleMatchPage.transitionDuration / 2 + 0.01))
        #expect(normal.transition != nil)
    }

    @Test func theSwitchSlidesTheNamesPaneAwayInFramesAndCanTurnBack() {
        var screen = screen()
        _ = screen.update(.key(.character("s")))
        #expect(screen.wantsTicks && screen.tickInterval < 0.05)
        var widths: [Int] = []
        for _ in 0..<10 {
            widths.append(screen.layout().namesPane.width)
            _ = screen.update(.tick(1.0 / 30.0))
        }
        #expect(widths.first == 38 && screen.layout().namesPane.width == 0)
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 >= $1 })  // it only shrinks
        #expect(Set(widths).count >= 6)  // at 30 frames per second there are many steps
        _ = screen.update(.key(.character("m")))
        _ = screen.update(.tick(0.1))
        assertSnapshot(text(screen), named: "temples-transition-frame")
        _ = screen.update(.key(.character("s")))  // a second press mid-way turns it around
        let turning = screen.layout().namesPane.width
        _ = screen.update(.tick(0.05))
        #expect(screen.layout().namesPane.width < turning)
        _ = screen.update(.tick(1))
        #expect(screen.game!.mode == .study)
        #expect(screen.layout().namesPane.width == 0)
    }

    @Test func aCorrectMatchRemovesBothAndCountsIt() {
        var screen = screen()
        let picture = screen.game!.visiblePictures[0]
        _ = screen.update(.key(.enter))
        #expect(screen.message == "Picture picked: now pick its name.")
        pickName(picture.name, on: &screen)
        #expect(screen.game!.correctCount == 1)
        #expect(screen.message.hasPrefix("Correct — \(picture.name)"))
        #expect(!screen.game!.visiblePictures.contains(picture))
        #expect(!screen.names.rows.contains(picture.name))
        #expect(text(screen).contains("Correct 1   Incorrect 0   Left 19"))
    }

    @Test func anIncorrectMatchClearsBothPicksAndCountsIt() {
        var screen = screen()
        let picture = screen.game!.visiblePictures[0]
        let wrong = screen.game!.remainingNames.first { $0.id != picture.id }!
        _ = screen.update(.key(.enter))
        pickName(wrong.name, on: &screen)
        #expect(screen.game!.incorrectCount == 1)
        #expect(screen.game!.pickedPicture == nil && screen.game!.pickedName == nil)
        #expect(screen.message == "Incorrect — that was \(picture.name). Both picks cleared; try again.",
                "the miss names the temple the picture really was")
        #expect(screen.game!.visiblePictures.count == 20)
    }

    @Test func studyModeRefusesPicksAndResetButKeepsTallies() {
        var screen = screen()
        let picture = screen.game!.visiblePictures[0]
        _ = screen.update(.key(.enter))
        pickName(picture.name, on: &screen)
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.tick(1))
        #expect(screen.game!.visiblePictures.count == 20)  // study shows every temple
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.character("r")))
        #expect(screen.game!.correctCount == 1)
        _ = screen.update(.key(.character("m")))
        _ = screen.update(.tick(1))
        #expect(screen.game!.visiblePictures.count == 19)
        #expect(screen.game!.correctCount == 1)
        _ = screen.update(.key(.character("r")))
        #expect(screen.game!.correctCount == 0)
        #expect(screen.game!.visiblePictures.count == 20)
    }

    @Test func clicksPickPicturesAndNames() {
        var screen = screen()
        let picture = screen.game!.visiblePictures[1]
        let frame = screen.layout().pictureFrame(1)!
        _ = screen.update(.mouse(MouseEvent(.press, at: Point(x: frame.x + 3, y: frame.y + 2))))
        #expect(screen.game!.pickedPicture == picture.id)
        let row = screen.game!.remainingNames.firstIndex { $0.id == picture.id }!
        let list = screen.layout().namesList
        _ = screen.update(.mouse(MouseEvent(.press, at: Point(x: list.x + 2, y: list.y + row))))
        #expect(screen.game!.correctCount == 1)
    }

    @Test func at80x24MatchModeShowsTwoPicturesAndEightNames() {
        let small = Size(width: 80, height: 23)
        let screen = screen(size: small)
        let layout = screen.layout()
        let whole = (0..<layout.flow.count).compactMap(layout.pictureFrame)
            .filter { Box.inner(of: layout.picturesPane).insetBy(dx: -1, dy: -1).contains(Point(x: $0.maxX - 1, y: $0.maxY - 1)) && $0.y >= layout.picturesPane.y }
        #expect(whole.count >= 2)
        #expect(layout.namesList.height >= 8)
        assertSnapshot(text(screen, size: small), named: "temples-match-80x24")
    }

    @Test func clearingTheDeckRecordsAccuracyAndTime() {
        var screen = screen()
        var effects: [GameEffect] = []
        for _ in 0..<20 {
            let picture = screen.game!.visiblePictures[0]
            focus(.pictures, on: &screen)
            while screen.pictureCursor > 0 { _ = screen.update(.key(.left)) }
            _ = screen.update(.tick(1))
            effects += screen.update(.key(.enter))
            focus(.names, on: &screen)
            let target = screen.game!.remainingNames.firstIndex { $0.id == picture.id }!
            _ = screen.update(.key(.home))
            for _ in 0..<target { _ = screen.update(.key(.down)) }
            effects += screen.update(.key(.enter))
        }
        #expect(screen.game!.isComplete)
        // 20 one-second ticks, the first before any pick: the clock starts at the first pick.
        #expect(effects == [.recordScore(100, figures: ["accuracy": "100%", "time": "0:19", "correct": "20",
                                                        "incorrect": "0", "deck": "temples"], duration: 19)])
        #expect(screen.message.hasPrefix("All 20 matched — accuracy 100%"))
    }

    /// Finishing match mode showed one line over two empty panes: the shell's result box says
    /// how it went, and plays again, learns or goes back to the menu.
    @Test func clearingTheDeckShowsAResultBoxWithTheTalliesTheTimeAndPlayAgain() throws {
        let frame = Frame(size: Size(width: 80, height: 24))
        let assets = AssetLocator(roots: [Self.assets])
        var shell = ArcadeShell(games: GameCatalog.games, assets: assets, seed: { 5 })
        _ = shell.open(.temples, options: [:], in: frame)
        let deck = try TempleDeck.builtIn(assets: assets).get()
        let four = TempleDeck(entries: Array(deck.entries.prefix(4)), notices: [])
        _ = shell.receive(.deck(.temples, DeckReport(.finished(.success(four)))), in: frame)
        func screen() throws -> TempleScreen { try #require(shell.activeScreen as? TempleScreen) }
        func shown() -> String {
            var grid = CellGrid(size: frame.size, theme: frame.theme)
            shell.render(into: &grid)
            return grid.text
        }
        func press(_ key: Key) {
            _ = shell.update(.key(key), in: frame)
            shell.presented()
        }
        for round in 0..<4 {
            if try screen().focus != .pictures { press(.tab) }
            press(.home)
            let picture = try screen().game!.visiblePictures[0]
            _ = shell.update(.tick(1), in: frame)
            press(.enter)
            let names = try screen().game!.remainingNames
            let target = try #require(names.firstIndex { $0.id == picture.id })
            // One wrong name on the first round.
            for index in round == 0 ? [(target + 1) % names.count, target] : [target] {
                if try screen().focus != .names { press(.tab) }
                if try screen().game!.pickedPicture == nil {
                    press(.tab)
                    press(.home)
                    press(.enter)
                }
                press(.home)
                for _ in 0..<index { press(.down) }
                press(.enter)
            }
        }
        #expect(try screen().game!.isComplete)
        let result = shown()
        for words in ["Deck cleared", "All 4 matched in 0:03.", "Correct 4 · Incorrect 1 · Accuracy 80%",
                      "Play again (n)", "[ Learn (l) ]", "[ Menu (m) ]",
                      "n: new order · r: same order again."] {
            #expect(result.contains(words), "\(words) in\n\(result)")
        }
        assertSnapshot(result, named: "temples-cleared-80x24")
        // Play again: a new order, tallies cleared, the box gone.
        press(.character("n"))
        let again = try screen().game!
        #expect(!again.isComplete && again.remainingCount == 4 && again.correctCount == 0 && again.incorrectCount == 0)
        #expect(!shown().contains("Deck cleared"))
        #expect(shell.activeGame == .temples)
    }

    @Test func theResultBoxSaysANewBestAndItsMenuButtonLeaves() throws {
        let deck = try TempleDeck.builtIn(assets: AssetLocator(roots: [Self.assets])).get()
        let context = GameContext(seed: 1, scores: [ScoreEntry(score: 50, date: "2026-01-01", player: "")])
        var screen = TempleTable(TempleScreen(context: context), size: gameSize)
        _ = screen.screen.received(.deck(.temples, DeckReport(.finished(.success(TempleDeck(entries: Array(deck.entries.prefix(1)),
                                                                                              notices: []))))),
                                   in: screen.frame)
        _ = screen.update(.key(.enter))
        _ = screen.update(.key(.enter))
        let over = try #require(screen.screen.gameOver(in: screen.frame))
        #expect(over.message.contains("New best!"), "\(over.message)")
        // The message line names the box's keys as the box does: n a new order, r the same.
        #expect(screen.message.contains("n: new order · r: same order again."), "\(screen.message)")
        #expect(!screen.message.contains("play again"))
        let menu = try #require(over.buttons.firstIndex { $0.title.hasPrefix("Menu") })
        #expect(screen.perform(over.actions[menu]) == [.leave])
    }

    /// The cursor among the pictures is the picture's whole frame, in reverse video, as on
    /// Set's table (plain to see, as a mark in a corner is not), while the pictures pane has
    /// the keys.
    @Test func theFocusedPictureIsMarkedByItsWholeFrame() {
        var screen = screen(size: Size(width: 80, height: 23))
        func framesInReverse() -> [Int] {
            var grid = CellGrid(size: screen.frame.size, theme: screen.frame.theme)
            screen.render(into: &grid)
            let layout = screen.layout()
            return (0..<layout.flow.count).filter { index in
                guard layout.isShown(index), let frame = layout.pictureFrame(index) else { return false }
                let border = (frame.x..<frame.maxX).flatMap { [Point(x: $0, y: frame.y), Point(x: $0, y: frame.maxY - 1)] }
                    + (frame.y..<frame.maxY).flatMap { [Point(x: frame.x, y: $0), Point(x: frame.maxX - 1, y: $0)] }
                return border.allSatisfy { grid[$0.x, $0.y].style.reverse }
            }
        }
        #expect(framesInReverse() == [0])
        #expect(!text(screen).contains("◆"))
        _ = screen.update(.key(.right))
        #expect(framesInReverse() == [1])
        _ = screen.update(.key(.enter))  // picked: the names have the keys now
        #expect(framesInReverse() == [])
        _ = screen.update(.key(.tab))
        #expect(framesInReverse() == [1], "picked and under the cursor")
    }

    /// The pictures take the room a bigger terminal gives them, the focus frame drawn
    /// around them: more rows at each larger size, and at least seven at 80×24.
    @Test func thePicturesGrowWithTheTerminal() {
        let rows = [Size(width: 80, height: 23), Size(width: 100, height: 29), Size(width: 120, height: 39)].map {
            screen(size: $0).layout().pictureRows
        }
        #expect(rows == rows.sorted() && Set(rows).count == 3, "\(rows)")
        #expect(rows.first.map { $0 >= 7 } == true, "\(rows)")
    }

    /// A `--deck` game's 100% went into the built-in temples' table, so a one-card deck put
    /// "best 100% in 0:00" on the menu: a folder's deck says how it went and keeps no score.
    @Test func clearingAFolderDeckSaysHowItWentAndKeepsNoScore() throws {
        let deck = try TempleDeck.builtIn(assets: AssetLocator(roots: [Self.assets])).get()
        var screen = TempleTable(TempleScreen(deck: .success(TempleDeck(entries: Array(deck.entries.prefix(1)), notices: [])),
                                              source: .folder("/cards"), seed: 1), size: gameSize)
        var effects = screen.update(.key(.enter))  // the picture; the focus moves to the names
        effects += screen.update(.key(.enter))
        #expect(screen.game!.isComplete)
        #expect(effects.isEmpty)
        #expect(screen.message.hasPrefix("All 1 matched — accuracy 100% in 0:00"))
    }

    @Test func aDeckFolderSkipsUnreadableFilesAndNamesCardsFromFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.assets + "/Temples/kirtland.png",
                                         toPath: folder.appendingPathComponent("old-stone_church.png").path)
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
        let deck = try TempleDeck.load(directory: folder.path).get()
        #expect(deck.entries.map(\.card.name) == ["Old Stone Church"])
        #expect(deck.notices.count == 1 && deck.notices[0].hasPrefix("Skipped broken.png"))
        let screen = TempleTable(TempleScreen(deck: .success(deck), seed: 1), size: gameSize)
        #expect(text(screen).contains("Skipped broken.png"))
    }

    @Test func aMissingDeckOrAssetsSaysWhyAndEnterGoesBack() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: empty) }
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var noPictures = TempleTable(TempleScreen(deck: TempleDeck.load(directory: empty.path), seed: 1), size: gameSize)
        #expect(text(noPictures).contains("No pictures in"))
        #expect(noPictures.consumes(.enter))
        #expect(noPictures.update(.key(.enter)) == [.leave])

        let missing = TempleTable(TempleScreen(deck: TempleDeck.load(directory: "/no/such/folder"), seed: 1), size: gameSize)
        #expect(text(missing).contains("/no/such/folder does not exist"))

        let noAssets = TempleTable(TempleScreen(deck: TempleDeck.builtIn(assets: AssetLocator(roots: ["/nowhere"])), seed: 1), size: gameSize)
        #expect(TempleScreenTests.flowed(text(noAssets)).contains("Looked in: /nowhere/Temples"))
    }

    /// Screen text with the dialog's frame and line breaks taken out, to find wrapped sentences.
    static func flowed(_ text: String) -> String {
        text.split(separator: "\n").map { line in
            line.trimmingCharacters(in: CharacterSet(charactersIn: " ║│"))
        }.joined(separator: " ")
    }

    @Test func monochromeAndASCIIShadeThePictures() {
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        let shown = text(screen(theme: ascii), theme: ascii)
        #expect(shown.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(shown.contains("@") || shown.contains("%") || shown.contains("#"))
    }

    // MARK: - Name labels, study mode, and pictures fitted to the pane

    /// The text of the name label written on the picture in `frame`: its rows, trimmed, joined by spaces.
    private static func label(in frame: Rect, of grid: CellGrid) -> String {
        let labelStyle = Style(foreground: .white, background: .black, bold: true)
        let inner = Box.inner(of: frame)
        var lines: [String] = []
        for y in inner.y..<inner.maxY {
            var line = ""
            for x in inner.x..<inner.maxX where grid[x, y].style == labelStyle && !grid[x, y].isContinuation {
                line.unicodeScalars.append(grid[x, y].scalar)
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { lines.append(trimmed) }
        }
        return lines.joined(separator: " ")
    }

    @Test func studyLabelsShowTheWholeNameOrItsStartNeverItsEndAlone() {
        for size in [Size(width: 60, height: 15), Size(width: 80, height: 23), gameSize] {
            var screen = screen(size: size)
            _ = screen.update(.key(.character("s")))
            _ = screen.update(.tick(1))
            var checked = 0
            var lastScroll = -1
            while screen.pictureScroll != lastScroll {
                lastScroll = screen.pictureScroll
                var grid = CellGrid(size: size, theme: Theme())
                screen.render(into: &grid)
                let layout = screen.layout()
                let inner = Box.inner(of: layout.picturesPane)
                for (index, card) in screen.game!.visiblePictures.enumerated() {
                    guard let frame = layout.pictureFrame(index), inner.contains(frame.origin),
                          inner.contains(Point(x: frame.maxX - 1, y: frame.maxY - 1)) else { continue }
                    let shown = Self.label(in: frame, of: grid)
                    // A word too long for the label is split between lines: compare without spaces.
                    func letters(_ text: some StringProtocol) -> String { String(text.filter { $0 != " " }) }
                    let whole = letters(shown) == letters(card.name)
                    let start = shown.hasSuffix("…") && shown.count > 1
                        && letters(card.name).hasPrefix(letters(shown.dropLast()))
                    #expect(whole || start, "at \(size.width)×\(size.height) \(card.name) is labelled \"\(shown)\"")
                    checked += 1
                }
                _ = screen.update(.key(.down))
            }
            #expect(checked >= 20, "at \(size.width)×\(size.height) only \(checked) labels were seen")
        }
    }

    @Test func labelLinesKeepTheStartOfALongName() {
        #expect(PictureLabel.lines("Hong Kong China Temple", width: 11, maxLines: 3, ascii: false)
                == ["Hong Kong", "China", "Temple"])
        #expect(PictureLabel.lines("Hong Kong China Temple", width: 11, maxLines: 2, ascii: false)
                == ["Hong Kong", "China…"])
        #expect(PictureLabel.lines("Hong Kong China Temple", width: 11, maxLines: 1, ascii: true)
                == ["Hong..."])
        #expect(PictureLabel.lines("Bern Switzerland Temple", width: 8, maxLines: 2, ascii: false)
                == ["Bern", "Switzer…"])
        #expect(PictureLabel.lines("Switzerland", width: 4, maxLines: 2, ascii: false) == ["Swit", "zer…"])
        #expect(PictureLabel.lines("Any", width: 0, maxLines: 2, ascii: false).isEmpty)
        #expect(PictureLabel.lines("Any", width: 5, maxLines: 0, ascii: false).isEmpty)
    }

    @Test func studyModeAt80x24() {
        let small = Size(width: 80, height: 23)
        var screen = screen(size: small)
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.tick(1))
        assertSnapshot(text(screen, size: small), named: "temples-study-80x24")
        for _ in 0..<4 { _ = screen.update(.key(.down)) }
        assertSnapshot(text(screen, size: small), named: "temples-study-80x24-scrolled")
    }

    /// A folder holding `pictures` (file name → picture) written as PNG files, removed by the caller.
    private static func deckFolder(_ pictures: [String: RGBAImage]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, picture) in pictures {
            var png = png_image()
            png.version = UInt32(PNG_IMAGE_VERSION)
            png.width = UInt32(picture.width)
            png.height = UInt32(picture.height)
            png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            let status = picture.bytes.withUnsafeBytes { raw in
                png_image_write_to_file(&png, folder.appendingPathComponent(file).path, 0, raw.baseAddress,
                                        Int32(picture.width * 4), nil)
            }
            png_image_free(&png)
            #expect(status != 0, "could not write \(file)")
        }
        return folder
    }

    /// A `width` × `height` picture of coloured stripes, so its scaled copy is not one flat colour.
    private static func stripes(width: Int, height: Int) -> RGBAImage {
        let pixels = (0..<(width * height)).map { i in
            (i % width) / 10 % 2 == 0 ? Pixel(r: 200, g: 40, b: 40) : Pixel(r: 40, g: 40, b: 200)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }

    @Test func aWidePictureIsScaledDownToFitThePaneAndKeepsItsBorder() throws {
        let kirtland = try PNGDecoder.decode(path: Self.assets + "/Temples/kirtland.png")
        let folder = try Self.deckFolder(["wide.png": Self.stripes(width: 200, height: 50), "kirtland.png": kirtland])
        defer { try? FileManager.default.removeItem(at: folder) }
        let deck = try TempleDeck.load(directory: folder.path).get()
        var screen = TempleTable(TempleScreen(deck: .success(deck), seed: 1), size: gameSize)
        for mode in ["match", "study"] {
            if mode == "study" {
                _ = screen.update(.key(.character("s")))
                _ = screen.update(.tick(1))
            }
            var grid = CellGrid(size: gameSize, theme: Theme())
            screen.render(into: &grid)
            let layout = screen.layout()
            let inner = Box.inner(of: layout.picturesPane)
            let wide = try #require(screen.game!.visiblePictures.firstIndex { $0.id == "wide.png" })
            let frame = try #require(layout.pictureFrame(wide))
            #expect(frame.x >= inner.x && frame.maxX <= inner.maxX, "\(mode): \(frame) runs past \(inner)")
            // The picture's own frame is whole: corners and sides on screen.
            let right = frame.maxX - 1, bottom = frame.maxY - 1
            #expect(grid[right, frame.y].scalar == "╮" && grid[right, bottom].scalar == "╯", "\(mode)")
            #expect((frame.y + 1..<bottom).allSatisfy { grid[right, $0].scalar == "│" }, "\(mode)")
            // The pane's border is untouched.
            #expect((layout.picturesPane.y..<layout.picturesPane.maxY).allSatisfy { y in
                let scalar = grid[layout.picturesPane.maxX - 1, y].scalar
                return "│║┐┘╗╝▲▼".unicodeScalars.contains(scalar)
            }, "\(mode)")
            // Scaled down, not cut: the picture reaches its frame's right side.
            let picture = Box.inner(of: frame)
            #expect(grid[picture.maxX - 1, picture.y + picture.height / 2].scalar == "▀", "\(mode)")
            assertSnapshot(grid.text, named: "temples-wide-picture-\(mode)-100x30")
        }
    }

    @Test func bigTerminalsUseTheSpaceUpToTheArtsOwnResolution() {
        for size in [Size(width: 80, height: 23), Size(width: 100, height: 29), Size(width: 120, height: 39),
                     Size(width: 160, height: 49), Size(width: 220, height: 69), Size(width: 300, height: 99)] {
            var screen = screen(size: size)
            for mode in ["match", "study"] {
                if mode == "study" {
                    _ = screen.update(.key(.character("s")))
                    _ = screen.update(.tick(1))
                }
                let where_ = "\(mode) at \(size.width)×\(size.height)"
                let layout = screen.layout()
                let inner = Box.inner(of: layout.picturesPane)
                // The built-in art is 40 pixels high: 20 rows of half blocks, never more.
                #expect(layout.pictureRows <= 20, "\(where_): \(layout.pictureRows) rows")
                var grid = CellGrid(size: size, theme: Theme())
                screen.render(into: &grid)
                // No picture is cut by the pane's edge: one that does not fit wholly is not drawn at all.
                for index in 0..<layout.flow.count {
                    guard let frame = layout.pictureFrame(index) else { continue }
                    let visible = frame.intersection(inner)
                    guard !visible.isEmpty, visible != frame else { continue }
                    let drawn = (visible.y..<visible.maxY).contains { y in
                        (visible.x..<visible.maxX).contains { grid[$0, y].scalar != " " }
                    }
                    #expect(!drawn, "\(where_): picture \(index) is cut at \(frame)")
                }
                // When pictures are hidden below, the rows shown fill the pane: no band of empty rows.
                if layout.flow.rowCount > layout.visibleRows {
                    let unused = inner.height - layout.visibleRows * layout.flow.height
                    #expect(unused < layout.visibleRows, "\(where_): \(unused) rows unused")
                }
            }
        }
        // At 220×70 the pictures grow well past the old 12 rows.
        var big = screen(size: Size(width: 220, height: 69))
        #expect(big.layout().pictureRows >= 19)
        _ = big.update(.key(.character("s")))
        _ = big.update(.tick(1))
        #expect(big.layout().pictureRows >= 19)
    }

    /// Where a layout puts everything a player sees or clicks.
    private static func placing(_ layout: TempleLayout) -> String {
        let frames = (0..<layout.flow.count).map { layout.pictureFrame($0).map { "\($0)" } ?? "-" }
        return "\(layout.buttonRow) \(layout.tallies) \(layout.message) \(layout.picturesPane) \(layout.namesPane) "
            + "\(layout.namesList) \(layout.pictureRows) \(layout.pixelHeights) \(layout.scroll)/\(layout.visibleRows) "
            + "\(frames) \((0..<layout.flow.count).map(layout.isShown)) "
            + "\(layout.buttons.row.buttons.map { "\($0.title) \($0.isEnabled)" })"
    }

    @Test func theKeptLayoutIsTheOneWorkedOutAfreshWhateverWasAskedBefore() {
        let tall = Size(width: 40, height: 60), wide = Size(width: 90, height: 20)
        let many = Array(repeating: tall, count: 12) + [nil, wide]  // rows enough to scroll at 80×24
        let asked: [(TempleLayoutCache.Inputs, Int)] = [
            (.init(size: Size(width: 100, height: 29), namesFraction: 1, pictures: [tall, wide, nil, tall], mode: .match, canReset: false), 0),
            (.init(size: Size(width: 100, height: 29), namesFraction: 1, pictures: [tall, wide, nil, tall], mode: .match, canReset: false), 5),
            (.init(size: Size(width: 80, height: 24), namesFraction: 1, pictures: many, mode: .match, canReset: false), 1),
            (.init(size: Size(width: 80, height: 24), namesFraction: 1, pictures: many, mode: .match, canReset: false), 3),
            (.init(size: Size(width: 80, height: 24), namesFraction: 1, pictures: many, mode: .match, canReset: false), 99),
            (.init(size: Size(width: 80, height: 24), namesFraction: 1, pictures: [tall, wide, nil, tall], mode: .match, canReset: false), 1),
            (.init(size: Size(width: 80, height: 24), namesFraction: 0.5, pictures: [tall, wide, nil, tall], mode: .match, canReset: false), 1),
            (.init(size: Size(width: 80, height: 24), namesFraction: 0.5, pictures: [tall, wide, nil, tall], mode: .study, canReset: false), 1),
            (.init(size: Size(width: 80, height: 24), namesFraction: 0.5, pictures: [tall, wide, nil, tall], mode: .study, canReset: true), 1),
            (.init(size: Size(width: 80, height: 24), namesFraction: 0.5, pictures: [wide, nil, tall], mode: .study, canReset: true), 1),
            (.init(size: Size(width: 80, height: 24), namesFraction: 0.5, pictures: [wide, wide, tall], mode: .study, canReset: true), -3),
            (.init(size: Size(width: 100, height: 29), namesFraction: 1, pictures: [tall, wide, nil, tall], mode: .match, canReset: false), 2),
        ]
        var cache = TempleLayoutCache()
        for (inputs, scroll) in asked + asked.reversed() {
            let afresh = TempleLayout(size: inputs.size, namesFraction: inputs.namesFraction, pictures: inputs.pictures,
                                      scroll: scroll, mode: inputs.mode, canReset: inputs.canReset)
            // Asked without keeping (as drawing asks), then kept, then asked again of the kept one.
            let kept = cache.kept?.inputs
            #expect(Self.placing(cache.layout(for: inputs, scroll: scroll)) == Self.placing(afresh), "\(inputs) \(scroll)")
            #expect(cache.kept?.inputs == kept, "asking without keeping keeps nothing")
            #expect(Self.placing(cache.keep(inputs, scroll: scroll)) == Self.placing(afresh), "\(inputs) \(scroll)")
            #expect(cache.kept?.inputs == inputs)
            #expect(Self.placing(cache.layout(for: inputs, scroll: scroll)) == Self.placing(afresh), "\(inputs) \(scroll)")
        }
    }

    @Test func aCopyOfTheScreenPlayedOnDrawsItsOwnGame() {
        var played = screen()
        let kept = played
        let before = text(kept)
        let first = played.game!.visiblePictures[0].name
        _ = played.perform(.match(.pickPicture(0)))
        pickName(first, on: &played)
        #expect(played.game!.matchedCount == 1)
        let after = text(played)
        #expect(after != before)
        #expect(text(kept) == before)  // each keeps its own layout, as it keeps its own game
        #expect(text(played) == after)
    }

    /// Drawing changes nothing, so the layout it draws with must already be kept: every key,
    /// tick and resize leaves the layout of its frame and of the screen as it is kept.
    @Test func everyKeyTickAndResizeLeavesTheLayoutOfItsFrameKept() {
        var played = screen()
        func expectKept(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(played.screen.layoutCache.kept?.inputs == played.screen.match.layoutInputs(in: played.frame), "\(step)",
                    sourceLocation: sourceLocation)
        }
        expectKept("opened")
        let first = played.game!.visiblePictures[0].name
        _ = played.update(.key(.right))
        expectKept("→")
        _ = played.perform(.match(.pickPicture(0)))
        pickName(first, on: &played)
        expectKept("a match")
        _ = played.update(.key(.pageDown))
        expectKept("Page Down")
        _ = played.update(.resize(Size(width: 100, height: 30)))
        expectKept("a resize")
        _ = played.update(.key(.character("s")))
        expectKept("study")
        _ = played.update(.tick(TempleMatchPage.transitionDuration / 3))
        expectKept("the names pane sliding")
        _ = played.update(.tick(1))
        expectKept("study, slid")
        _ = played.update(.key(.end))
        expectKept("End")
        _ = played.update(.key(.character("m")))
        _ = played.update(.tick(1))
        _ = played.update(.key(.character("r")))
        expectKept("a reset")
    }

    @Test func aSmallDeckShowsItsPicturesAtTheirOwnSizeWhenTheyFit() throws {
        let kirtland = try PNGDecoder.decode(path: Self.assets + "/Temples/kirtland.png")
        let bern = try PNGDecoder.decode(path: Self.assets + "/Temples/bern-switzerland.png")
        let folder = try Self.deckFolder(["kirtland.png": kirtland, "bern.png": bern])
        defer { try? FileManager.default.removeItem(at: folder) }
        var screen = TempleTable(TempleScreen(deck: TempleDeck.load(directory: folder.path), seed: 1), size: gameSize)
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.tick(1))
        let layout = screen.layout()
        #expect(layout.pictureRows == 20)
        #expect(layout.flow.rowCount <= layout.visibleRows)
    }

    @Test func brokenFilesAndMissingEntriesAreReportedInWords() throws {
        let kirtland = try Data(contentsOf: URL(fileURLWithPath: Self.assets + "/Temples/kirtland.png"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try kirtland.write(to: folder.appendingPathComponent("kirtland.png"))
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
        try kirtland.prefix(kirtland.count / 2).write(to: folder.appendingPathComponent("cut.png"))
        try (kirtland.prefix(8) + Data("this is just words and more words".utf8))
            .write(to: folder.appendingPathComponent("words.png"))
        try Data("a note".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data(#"""
            [{"file": "kirtland.png", "name": "Kirtland Temple"}, {"file": "gone.png", "name": "Gone"},
             {"file": "notes.txt", "name": "Notes"}]
            """#.utf8).write(to: folder.appendingPathComponent("deck.json"))
        let deck = try TempleDeck.load(directory: folder.path).get()
        #expect(deck.entries.map(\.card.name) == ["Kirtland Temple"])
        #expect(deck.notices == [
            "deck.json names gone.png, which is not in the folder",
            "deck.json names notes.txt, which is not a .png file",
            "Skipped broken.png: not a PNG file",
            "Skipped cut.png: damaged PNG (the data is cut short)",
            "Skipped words.png: damaged PNG (its contents are garbled)",
        ])
        // The screen shows the first, says how many more, and the help lists them all.
        for width in [100, 60] {
            let size = Size(width: width, height: 29)
            let screen = TempleTable(TempleScreen(deck: .success(deck), seed: 1), size: size)
            let line = text(screen, size: size).split(separator: "\n")[1]
            #expect(line.hasSuffix("(and 4 more: press ?)"), "\(width): \(line)")
            #expect(line.hasPrefix(" deck.json names gone.png"), "\(width): \(line)")
            #expect(deck.notices.allSatisfy { notice in screen.help.notes.contains { $0.contains(notice) } })
        }
        // And the help as drawn shows them, first among its notes, on the smallest table too.
        for size in [Size(width: 80, height: 24), Size(width: 60, height: 17)] {
            let screen = TempleTable(TempleScreen(deck: .success(deck), seed: 1), size: size)
            var grid = CellGrid(size: size)
            HelpOverlay.draw(screen.help, into: &grid)
            let shown = ArcadeTestSupport.flowed(grid.text.replacingOccurrences(of: "║", with: " "))
            let visible = deck.notices.filter { shown.contains($0) }
            #expect(size.width < 80 ? !visible.isEmpty : visible == deck.notices, "\(size): \(shown)")
        }
    }

    @Test func homeAndEndGoToTheFirstAndLastPictureNameAndScroll() {
        var screen = screen(size: Size(width: 80, height: 23))
        _ = screen.update(.key(.end))
        #expect(screen.pictureCursor == 19)
        let layout = screen.layout()
        #expect(screen.pictureScroll == layout.flow.rowCount - layout.visibleRows)  // the cursor's row is shown
        _ = screen.update(.key(.home))
        #expect(screen.pictureCursor == 0 && screen.pictureScroll == 0)
        focus(.names, on: &screen)
        _ = screen.update(.key(.end))
        #expect(screen.names.selectedIndex == 19)
        _ = screen.update(.key(.home))
        #expect(screen.names.selectedIndex == 0)
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.tick(1))
        _ = screen.update(.key(.end))
        let study = screen.layout()
        #expect(screen.pictureScroll > 0 && screen.pictureScroll == study.flow.rowCount - study.visibleRows)
        _ = screen.update(.key(.home))
        #expect(screen.pictureScroll == 0)
        #expect(screen.help.keys.contains { $0.keys.contains("Home") && $0.keys.contains("End") })
    }

    /// True unless `shown` is `full` cut short without a mark: the whole text, a cut ending in "…",
    /// or another (shorter) wording.
    private static func isNotCutSilently(_ shown: String, from full: String) -> Bool {
        shown == full || shown.hasSuffix("…") || !full.hasPrefix(shown)
    }

    @Test func textThatDoesNotFitEndsInAnEllipsisOrIsShortened() {
        let narrow = Size(width: 60, height: 15)
        var screen = screen(size: narrow)
        func line(_ row: Int, before x: Int = 60) -> String {
            let row = text(screen, size: narrow).split(separator: "\n", omittingEmptySubsequences: false)[row]
            return String(row.prefix(x)).trimmingCharacters(in: .whitespaces)
        }
        // The tallies, left of the buttons.
        let tallies = line(0, before: screen.layout().buttonRow.x)
        #expect(Self.isNotCutSilently(tallies, from: "Correct 0   Incorrect 0   Left 20   Time 0:00"), "\(tallies)")
        #expect(tallies == "0 of 0 right, 20 left", "\(tallies)")
        // Every message of a whole game, at the narrowest width the game plays in.
        for _ in 0..<20 {
            let picture = screen.game!.visiblePictures[0]
            focus(.pictures, on: &screen)
            while screen.pictureCursor > 0 { _ = screen.update(.key(.left)) }
            _ = screen.update(.key(.enter))
            #expect(Self.isNotCutSilently(line(1), from: screen.message), "\(line(1))")
            pickName(picture.name, on: &screen)
            #expect(Self.isNotCutSilently(line(1), from: screen.message), "\(line(1))")
        }
        #expect(screen.game!.isComplete)
        #expect(line(1).contains("n: new order · r: same order"), "the way on is kept: \(line(1))")
    }

    @Test func theKeyLineFollowsTheModeAndHelpListsEveryKeyInBoth() {
        var screen = screen()
        #expect(screen.keyHints == [KeyHint("Tab", "pane"), KeyHint("Enter", "pick"), KeyHint("s", "study"),
                                    KeyHint("r", "reset"), KeyHint("l", "learn"), KeyHint("n", "shuffle")])
        let matchHelp = screen.help
        #expect(matchHelp.keys.map(\.keys) == ["Tab  Shift-Tab", "← → ↑ ↓", "Enter  Space", "click",
                                               "PgUp  PgDn  wheel", "Home  End", "s  m", "r", "l", "n"])
        _ = screen.perform(.match(.toggleMode))
        #expect(screen.keyHints == [KeyHint("↑↓", "scroll"), KeyHint("m", "match"), KeyHint("l", "learn")])
        #expect(screen.help == matchHelp)
        // Either case of a letter, once, in the table: S switches back.
        _ = screen.update(.tick(1))
        _ = screen.update(.key(.character("S")))
        #expect(screen.game!.mode == .match)
    }

    @Test func theWheelScrollsWhatItIsOver() {
        var screen = screen(size: Size(width: 80, height: 23))
        let list = screen.layout().namesList, pane = Box.inner(of: screen.layout().picturesPane)
        _ = screen.update(.mouse(MouseEvent(.wheelDown, at: Point(x: list.x + 1, y: list.y + 1))))
        #expect(screen.names.selectedIndex == 1 && screen.pictureScroll == 0)
        _ = screen.update(.mouse(MouseEvent(.wheelDown, at: Point(x: pane.x + 1, y: pane.y + 1))))
        #expect(screen.pictureScroll == 1 && screen.names.selectedIndex == 1)
        _ = screen.update(.mouse(MouseEvent(.wheelUp, at: Point(x: pane.x + 1, y: pane.y + 1))))
        #expect(screen.pictureScroll == 0)
    }

    @Test func nDealsBothPanesInANewOrderAndResetKeepsIt() {
        var screen = screen()
        let pictures = screen.game!.pictureOrder.map(\.id)
        let alphabetical = screen.game!.remainingNames.map(\.name)
        #expect(alphabetical == alphabetical.sorted { $0.lowercased() < $1.lowercased() })
        pickName(alphabetical[0], on: &screen)
        _ = screen.update(.key(.character("n")))
        #expect(screen.message.hasPrefix("New order"))
        #expect(screen.game!.pictureOrder.map(\.id) != pictures)
        #expect(screen.game!.remainingNames.map(\.name) != alphabetical, "the names are shuffled too")
        #expect(Set(screen.game!.remainingNames.map(\.name)) == Set(alphabetical))
        #expect(screen.names.rows == screen.game!.remainingNames.map(\.name), "the list shows the new order")
        #expect(screen.game!.pickedName == nil && screen.game!.attemptCount == 0)
        let dealt = screen.game!.pictureOrder
        // Not the old order moved along by one: few pictures keep the place their neighbour had.
        let shifted = zip(pictures.dropFirst(), dealt.map(\.id)).filter { $0 == $1 }.count
        #expect(shifted <= 3, "\(shifted) of 19 follow the old order one place on")
        _ = screen.update(.key(.character("r")))
        #expect(screen.game!.pictureOrder == dealt, "Reset restores the order dealt")
        // Another n deals yet another order (it did repeat itself after a resume).
        _ = screen.update(.key(.character("n")))
        #expect(screen.game!.pictureOrder != dealt)
        _ = screen.update(.key(.character("r")))
        let second = screen.game!.pictureOrder
        // Not in study mode.
        _ = screen.update(.key(.character("s")))
        _ = screen.update(.key(.character("n")))
        #expect(screen.game!.pictureOrder == second)
    }

    @Test func theButtonsCarryTheirActions() {
        var screen = screen()
        let layout = screen.layout()
        #expect(layout.buttons.buttons.map(\.action) == [.match(.toggleMode), .openLearn, .match(.reset)])
        _ = screen.update(.mouse(MouseEvent(.press, at: layout.buttonRow.origin)))
        #expect(screen.game!.mode == .study)
    }

    @Test func theScoreFiguresAreTypedAndTheMenuReadsThem() {
        let figures = TempleFigures(accuracy: 95, time: "1:12", correct: 20, incorrect: 1)
        #expect(figures.stored == ["accuracy": "95%", "time": "1:12", "correct": "20", "incorrect": "1",
                                   "deck": "temples"])
        #expect(TempleFigures(stored: figures.stored) == figures)
        let entry = ScoreEntry(score: 95, date: "2026-12-01 10:00", player: "p", figures: figures.stored)
        let temples = GameCatalog.games.first { $0.id == .temples }!
        #expect(temples.describeBest(entry) == "best 95% in 1:12")
        // Games kept before the deck was named read as games of the temples.
        var older = figures.stored
        older["deck"] = nil
        #expect(TempleFigures(stored: older) == figures)
        #expect(temples.describeBest(ScoreEntry(score: 80, date: "2026-12-01 10:00", player: "p")) == "best 80%")
    }

    @Test func theStatusLineTakesTheFirstWordingThatFitsAndKeepsItsTail() {
        /// The line as drawn `width` columns wide.
        func drawn(_ line: StatusLine, _ width: Int, ascii: Bool = false) -> String {
            var grid = CellGrid(size: Size(width: max(1, width), height: 1), theme: Theme(ascii: ascii))
            line.draw(into: &grid, in: Rect(x: 0, y: 0, width: max(0, width), height: 1))
            return grid.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let text = StatusLine(["Reset: all pictures and names are back.", "Reset: all back."])
        #expect(drawn(text, 80) == "Reset: all pictures and names are back.")
        #expect(drawn(text, 20) == "Reset: all back.")
        #expect(drawn(text, 10) == "Reset: al…")
        #expect(drawn(text, 10, ascii: true) == "Reset: ...")
        let notice = StatusLine("Skipped broken.png: not a PNG file", tail: "(and 2 more: press ?)")
        #expect(notice.wording(fitting: .max) == "Skipped broken.png: not a PNG file (and 2 more: press ?)")
        #expect(drawn(notice, 40) == "Skipped broken.pn… (and 2 more: press ?)")
        #expect(drawn(notice, 22) == "Skipped broken.png: n…")  // no room for both
        for width in -1...3 { #expect(TextLayout.width(of: drawn(notice, width)) <= max(0, width)) }
    }

    /// An unchanged screen drawn again is the same bytes row for row, not only the same
    /// cells: the terminal passes over a row whose bytes are the bytes shown and compares
    /// the others cell by cell, so a cell's padding left as the memory happened to be
    /// (another frame's bytes) would make rows of an unchanged screen be compared cell by cell.
    @Test func aScreenDrawnAgainUnchangedIsTheSameBytesRowForRow() {
        let frame = Frame(size: Size(width: 100, height: 30), theme: Theme())
        var shell = ArcadeShell(games: GameCatalog.games, assets: AssetLocator(roots: [Self.assets]), seed: { 5 })
        _ = shell.open(.temples, options: [:], in: frame)
        _ = shell.receive(.deck(.temples, DeckReport(.finished(TempleDeck.builtIn(assets: AssetLocator(roots: [Self.assets]))))), in: frame)
        var drawn: [CellGrid] = []
        for _ in 0..<3 {
            var grid = CellGrid(size: frame.size, theme: frame.theme)
            shell.render(into: &grid)
            drawn.append(grid)
        }
        #expect(drawn[0].text.contains("Tab pane"), "the Temples screen, its deck loaded")
        let rowBytes = 100 * MemoryLayout<Cell>.stride
        for later in drawn.dropFirst() {
            #expect(later == drawn[0])
            drawn[0].cells.withUnsafeBytes { first in
                later.cells.withUnsafeBytes { again in
                    let differing = (0..<30).filter { row in
                        !first[row * rowBytes ..< (row + 1) * rowBytes].elementsEqual(again[row * rowBytes ..< (row + 1) * rowBytes])
                    }
                    #expect(differing.isEmpty, "rows whose bytes differ: \(differing)")
                }
            }
        }
    }
}

/// A temples screen and the frame it is shown in, as the shell holds them: inputs reach the
/// screen with the frame (a resize changes it), and the screen's state is read through it.
@dynamicMemberLookup
struct TempleTable {
    var screen: TempleScreen
    var frame: Frame

    /// `screen` opened in a game frame of `size`.
    init(_ screen: TempleScreen, size: Size, theme: Theme = Theme()) {
        self.screen = screen
        frame = Frame(size: size, theme: theme)
        _ = self.screen.start(in: frame)
    }

    subscript<Value>(dynamicMember path: KeyPath<TempleScreen, Value>) -> Value {
        screen[keyPath: path]
    }

    mutating func update(_ input: Input) -> [GameEffect] {
        if case .resize(let size) = input { frame.size = size }
        return screen.update(input, in: frame)
    }

    mutating func perform(_ action: TempleScreen.Action) -> [GameEffect] {
        screen.perform(action, in: frame)
    }

    func render(into grid: inout CellGrid) { screen.render(into: &grid) }
    func layout() -> TempleLayout { screen.match.layout(in: frame) }
    var help: HelpSheet { screen.help(in: frame) }
    var keyHints: [KeyHint] { screen.keyHints(in: frame) }
    func consumes(_ key: Key) -> Bool { screen.consumes(key, in: frame) }
}
