import ArcadeTestSupport
import ArcadeUI
import Foundation
import Dispatch
import Testing

@testable import ArcadeApp

/// Loading a `--deck` folder: memory bounds, odd file names, special files, order, progress.
@Suite struct TempleDeckTests {
    init() { prepareForDrawing() }

    /// The checkout's built-in pictures (Tests/ArcadeAppTests → Assets/Temples).
    static let temples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/Temples").path

    /// A fresh, empty folder, removed by the caller.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A hard link to the built-in Kirtland picture at `name` (raw bytes, which need not be
    /// UTF-8) inside `folder`.
    private func linkPicture(named name: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let linked = path.withUnsafeBytes { raw in
            link(Self.temples + "/kirtland.png", raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        try #require(linked == 0, "link failed: errno \(errno)")
    }

    @Test func aDeckOfHugePicturesHoldsEachAtMostItsShareOfTheBudget() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestPNG.writeSolid(to: folder.appendingPathComponent("huge-00.png").path, width: 1200, height: 800,
                               red: 200, green: 60, blue: 30)
        for index in 1..<40 {
            try FileManager.default.linkItem(atPath: folder.appendingPathComponent("huge-00.png").path,
                                             toPath: folder.appendingPathComponent("huge-\(index < 10 ? "0" : "")\(index).png").path)
        }
        let deck = try TempleDeck.load(directory: folder.path).get()
        #expect(deck.entries.count == 40 && deck.notices.isEmpty)
        let side = TempleDeck.longestSide(forDeckOf: 40)
        #expect(side < 512 && side >= 256)
        #expect(deck.entries.allSatisfy { max($0.picture.width, $0.picture.height) <= side })
        #expect(deck.entries.map { $0.picture.width * $0.picture.height * 4 }.reduce(0, +) <= TempleDeck.pictureBudget)
        #expect(deck.entries[0].picture[0, 0] == Pixel(r: 200, g: 60, b: 30))
        // Proportions are kept: 3 : 2.
        let picture = deck.entries[0].picture
        #expect(abs(Double(picture.width) / Double(picture.height) - 1.5) < 0.01)
        // Small decks keep the full 512; a thousand pictures still get 91.
        #expect(TempleDeck.longestSide(forDeckOf: 1) == 512 && TempleDeck.longestSide(forDeckOf: 32) == 512)
        #expect(TempleDeck.longestSide(forDeckOf: TempleDeck.maximumPictureCount) == 91)
    }

    @Test func aFoldersCardsAreKeptByTheirPicturesBytesSoARenamedFileKeepsItsHistory() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestPNG.writeSolid(to: folder.appendingPathComponent("red.png").path, width: 8, height: 8, red: 200, green: 0, blue: 0)
        try TestPNG.writeSolid(to: folder.appendingPathComponent("blue.png").path, width: 8, height: 8, red: 0, green: 0, blue: 200)
        try FileManager.default.copyItem(atPath: folder.appendingPathComponent("red.png").path,
                                         toPath: folder.appendingPathComponent("red-again.png").path)
        let before = try TempleDeck.load(directory: folder.path).get()
        let keys = Dictionary(uniqueKeysWithValues: before.entries.map { ($0.card.id, $0.key) })
        #expect(keys.values.allSatisfy { $0.hasPrefix("png:") })
        #expect(Set(keys.values).count == 3, "two files of the same bytes are still two cards: \(keys)")
        try FileManager.default.moveItem(atPath: folder.appendingPathComponent("blue.png").path,
                                         toPath: folder.appendingPathComponent("navy.png").path)
        let after = try TempleDeck.load(directory: folder.path).get()
        #expect(after.entries.first { $0.card.id == "navy.png" }?.key == keys["blue.png"])
        // The built-in deck keeps its cards by file name.
        let builtIn = try TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets])).get()
        #expect(builtIn.entries.allSatisfy { $0.key == $0.card.id })
    }

    @Test func aDeckOfMoreThanAThousandPicturesShowsTheFirstThousandAndSaysSo() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<1003 { try linkPicture(named: Array(String(format: "card-%04d.png", index).utf8), in: folder) }
        let deck = try TempleDeck.load(directory: folder.path).get()
        #expect(deck.entries.count == 1000)
        #expect(deck.entries.last?.card.id == "card-0999.png")
        #expect(deck.notices == ["Skipped the last 3 pictures: a deck shows at most 1000."])
    }

    /// A FIFO named like a picture would block the arcade for ever if opened, and a link to
    /// /dev/zero would be read without end: both are skipped with a notice and the rest of the
    /// deck loads.
    @Test func aFIFOAndALinkToADeviceAreSkippedWithANotice() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(mkfifo(folder.appendingPathComponent("x.png").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("z.png").path,
                                                   withDestinationPath: "/dev/zero")
        try linkPicture(named: Array("kirtland.png".utf8), in: folder)
        let deck = try TempleDeck.load(directory: folder.path).get()
        #expect(deck.entries.map(\.card.name) == ["Kirtland"])
        #expect(deck.notices == ["Skipped x.png: not a regular file", "Skipped z.png: not a regular file"])
        // A FIFO given as the folder itself is no folder, and is not waited for either.
        let fifo = folder.appendingPathComponent("x.png").path
        #expect(TempleDeck.load(directory: fifo).failure == .unreadableFolder(fifo))
    }

    /// A FIFO renamed over a picture while the picture is read never blocks loading: opening
    /// the name a second time (for the card's fingerprint) would wait for a writer for ever.
    /// The picture is read once, and its card is keyed by the bytes that were read.
    ///
    /// The rename is made between two of the picture's rows (from the progress callback).
    /// The loading runs on a thread of its own with a watchdog: if it is still waiting after
    /// 20 seconds, the test fails and opens the FIFO's other end, so it ends either way.
    @Test func aFIFORenamedOverAPictureWhileItIsReadIsNeverOpened() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try linkPicture(named: Array("kirtland.png".utf8), in: folder)
        let picture = folder.appendingPathComponent("kirtland.png").path
        let fifo = folder.appendingPathComponent("waiting").path
        try #require(mkfifo(fifo, 0o600) == 0)

        final class Outcome: @unchecked Sendable {
            var result: Result<TempleDeck, DeckError>?
            var renamed = false
        }
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        let directory = folder.path
        Thread.detachNewThread {
            outcome.result = TempleDeck.load(directory: directory) { progress in
                if progress.fraction > 0 && !outcome.renamed {
                    outcome.renamed = rename(fifo, picture) == 0
                }
                return true
            }
            finished.signal()
        }
        if finished.wait(timeout: .now() + 20) == .timedOut {
            Issue.record("loading still waits on the FIFO after 20 seconds")
            // Let the waiting open go on: a writer comes and goes, and the read sees the end.
            let writer = open(picture, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            finished.wait()
        }
        #expect(outcome.renamed, "the FIFO took the picture's name while it was read")
        let deck = try #require(try outcome.result?.get())
        #expect(deck.entries.map(\.card.name) == ["Kirtland"] && deck.notices.isEmpty)
        // The key is the fingerprint of the picture's bytes, as a folder's cards always had.
        var bytes = Fingerprint()
        bytes.add(try Data(contentsOf: URL(fileURLWithPath: Self.temples + "/kirtland.png")))
        #expect(deck.entries.first?.key == "png:" + bytes.text)
    }

    @Test func aFileNameThatIsNotUTF8IsLoadedAndShownWithTheBadBytesReplaced() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // "café.png" in Latin-1: 0xE9 alone is not UTF-8.
        try linkPicture(named: Array("caf".utf8) + [0xE9] + Array(".png".utf8), in: folder)
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
        try linkPicture(named: [0xFF] + Array("-broken.png".utf8), in: folder)
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("zz.png"))
        let deck = try TempleDeck.load(directory: folder.path).get()
        // Both odd names load: two cards whose names read alike apart from the replaced byte.
        #expect(Set(deck.entries.map(\.card.name)) == ["Caf\u{FFFD}", "\u{FFFD} Broken"])
        #expect(deck.entries.allSatisfy { !$0.picture.isEmpty })
        #expect(deck.notices == ["Skipped broken.png: not a PNG file", "Skipped zz.png: not a PNG file"])
    }

    @Test func aNameWithACombiningAccentKeepsItComposed() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Decomposed, as macOS writes names: "e" then U+0301 COMBINING ACUTE ACCENT.
        try linkPicture(named: Array("cafe\u{301}-e\u{301}te\u{301}.png".utf8), in: folder)
        try linkPicture(named: Array("described.png".utf8), in: folder)
        try Data(#"[{"file": "described.png", "name": "Sa\#u{0303}o Paulo", "location": "Brasi\#u{0301}l"}]"#.utf8)
            .write(to: folder.appendingPathComponent("deck.json"))
        let deck = try TempleDeck.load(directory: folder.path).get()
        let names = deck.entries.map(\.card.name)
        #expect(names.map { Array($0.unicodeScalars) } == [Array("São Paulo".unicodeScalars), Array("Café Été".unicodeScalars)])
        #expect(Array(deck.entries[0].card.location.unicodeScalars) == Array("Brasíl".unicodeScalars))
        // As the names list draws them: every accent on screen.
        let screen = TempleScreen(deck: .success(deck), seed: 1)
        var grid = CellGrid(size: Size(width: 100, height: 29))
        screen.render(into: &grid)
        #expect(grid.text.contains("Café Été") && grid.text.contains("São Paulo"))
    }

    /// Processor seconds this thread has used (not wall time, which a loaded machine stretches).
    private static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test func orderingTwentyThousandCardsTakesAMoment() {
        let count = 20_000
        let files = (0..<count).map { DeckFile(bytes: Array("card-\($0).png".utf8)) }
            + [DeckFile(bytes: Array("notes.txt".utf8))]
        // deck.json lists them in reverse, plus one missing file and one that is not a PNG.
        let described = (0..<count).reversed().map { "card-\($0).png" } + ["gone.png", "notes.txt", "card-7.png"]
        let start = Self.threadSeconds()
        let (pictures, notices) = DeckFile.ordered(files, describedAs: described, descriptions: "deck.json")
        let elapsed = Self.threadSeconds() - start
        #expect(pictures.count == count)
        #expect(pictures.map(\.name) == (0..<count).reversed().map { "card-\($0).png" })
        #expect(notices == ["deck.json names gone.png, which is not in the folder",
                            "deck.json names notes.txt, which is not a .png file"])
        // Names are looked up by hashing: searching the lists for each one would be quadratic,
        // some 200 million comparisons, far over this generous bound even in a debug build.
        #expect(elapsed < 10, "ordering took \(elapsed) s of processor time")
        // Pictures no description names follow, by name.
        let (mixed, _) = DeckFile.ordered(
            [DeckFile(bytes: Array("b.png".utf8)), DeckFile(bytes: Array("c.png".utf8)), DeckFile(bytes: Array("a.png".utf8))],
            describedAs: ["c.png"], descriptions: "deck.json")
        #expect(mixed.map(\.name) == ["c.png", "a.png", "b.png"])
    }

    /// A deck.json of 4 MiB naming files that are not there gets a few notices, not one a
    /// name held in memory: the first twenty are named, the rest counted in one line.
    @Test func aLongListOfMissingFilesBecomesAFewNoticesNotThousands() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try linkPicture(named: Array("a.png".utf8), in: folder)
        let missing = (0..<5000).map { #"{"file": "gone-\#($0).png"}"# }
        try Data(("[" + ([#"{"file": "a.png", "name": "Alpha"}"#] + missing).joined(separator: ",") + "]").utf8)
            .write(to: folder.appendingPathComponent("deck.json"))
        let deck = try TempleDeck.load(directory: folder.path).get()
        #expect(deck.entries.map(\.card.name) == ["Alpha"])
        #expect(deck.notices.count == 21)
        #expect(deck.notices.first == "deck.json names gone-0.png, which is not in the folder")
        #expect(deck.notices.last == "deck.json names 4980 more files that are not pictures in the folder.")
    }

    @Test func aFolderIsLookedAtOnlyUpToItsLimit() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.png", "b.png", "c.png", "d.png"] { try linkPicture(named: Array(name.utf8), in: folder) }
        let some = try #require(DeckFile.listing(of: folder.path, limit: 3))
        #expect(some.files.count == 3 && !some.complete)
        let all = try #require(DeckFile.listing(of: folder.path, limit: 4))
        #expect(Set(all.files.map(\.name)) == ["a.png", "b.png", "c.png", "d.png"] && all.complete)
        #expect(DeckFile.listing(of: folder.appendingPathComponent("a.png").path) == nil)  // not a folder
    }

    @Test func theNamesOfAFolderAreKeptWithinTheirByteLimitAndOtherFilesOnlyByName() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<10 { try linkPicture(named: Array(String(format: "picture-%02d.png", index).utf8), in: folder) }
        for index in 0..<5 {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("notes-\(index).txt").path, contents: nil))
        }
        // Each picture's name counts twice (as stored and as shown): 2 × 14 bytes.
        let listing = try #require(DeckFile.listing(of: folder.path, nameBytes: 5 * 28))
        #expect(listing.files.count == 5 && !listing.complete && listing.namesTooLong)
        #expect(listing.files.allSatisfy { $0.isPicture })
        #expect(listing.otherNames.isSubset(of: Set((0..<5).map { "notes-\($0).txt" })))
    }

    @Test func leavingWhileAFolderIsListedStopsTheListing() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<1100 {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("\(index).txt").path, contents: nil))
        }
        var asked = 0
        let result = TempleDeck.load(directory: folder.path, isCancelled: {
            asked += 1
            return true
        })
        guard case .failure(.cancelled) = result else {
            Issue.record("loading went on after leaving: \(result)")
            return
        }
        #expect(asked >= 1)
    }

    @Test func aDeckWithNoReadablePictureGivesTheFirstReasonsNotAThousand() {
        let notices = (1...1000).map { "Skipped \($0).png: not a PNG file" }
        let message = DeckError.noPictures("/d", notices).description
        #expect(message == "No pictures in /d: it has no readable PNG files. Skipped 1.png: not a PNG file "
                    + "Skipped 2.png: not a PNG file Skipped 3.png: not a PNG file (and 997 more)")
    }

    /// One scaled copy is kept per picture, within a byte limit: a copy per height ever
    /// drawn would add a set with every resize.
    @Test func scaledCopiesStayWithinTheirLimitThroughManyResizes() {
        var scaled = ScaledPictures()
        let pictures = (0..<3).map { RGBAImage(width: 32, height: 32, filledWith: Pixel(r: UInt8($0 * 80), g: 0, b: 0)) }
        // Many small sizes, then one so large that the three copies do not fit together.
        for height in Array(stride(from: 10, through: 200, by: 10)) + [850] {
            scaled.keep(pictures.enumerated().map { ScaledPictures.Wanted(id: "p\($0)", original: $1, pixelHeight: height) })
            for (index, picture) in pictures.enumerated() {
                let shown = scaled.picture("p\(index)", picture, pixelHeight: height)
                #expect(shown.height == height && shown[0, 0] == picture[0, 0])
            }
            #expect(scaled.byteCount <= ScaledPictures.byteLimit, "at \(height) pixels: \(scaled.byteCount) bytes")
            #expect(scaled.copy(of: "p0", pixelHeight: height) != nil, "the first picture shown is kept")
        }
        #expect(scaled.copy(of: "p2", pixelHeight: 850) == nil, "three copies of 850 pixels are over the limit")
        // Kept again at the last height: the same copies, not new ones.
        let kept = scaled.byteCount
        scaled.keep([ScaledPictures.Wanted(id: "p0", original: pictures[0], pixelHeight: 850)])
        #expect(scaled.byteCount <= kept && scaled.copy(of: "p0", pixelHeight: 850) != nil)
    }

    /// Kept for a theme, each copy is kept as cells too: they count against the limit, are
    /// drawn for that look only, and another look draws them again.
    @Test func scaledCopiesKeptAsCellsCountAndFollowTheLook() throws {
        var scaled = ScaledPictures()
        let picture = RGBAImage(width: 32, height: 32, filledWith: Pixel(r: 200, g: 0, b: 0))
        let wanted = [ScaledPictures.Wanted(id: "p0", original: picture, pixelHeight: 20)]
        scaled.keep(wanted)
        let pixelsOnly = scaled.byteCount
        let colour = Theme(), ascii = Theme(ascii: true)
        #expect(scaled.cells(of: "p0", pixelHeight: 20, theme: colour) == nil, "kept without a theme: no cells")
        scaled.keep(wanted, drawingFor: colour)
        let cells = try #require(scaled.cells(of: "p0", pixelHeight: 20, theme: colour))
        #expect(cells.size == Size(width: 20, height: 10) && cells[0, 0].scalar == "▀")
        #expect(scaled.byteCount == pixelsOnly + 20 * 10 * MemoryLayout<Cell>.stride)
        #expect(scaled.cells(of: "p0", pixelHeight: 20, theme: ascii) == nil, "drawn for colour, not for ASCII")
        #expect(scaled.cells(of: "p0", pixelHeight: 22, theme: colour) == nil, "another height has none")
        scaled.keep(wanted, drawingFor: ascii)
        let blocks = try #require(scaled.cells(of: "p0", pixelHeight: 20, theme: ascii))
        #expect(blocks[0, 0] == Cell(" ", style: Style(background: .xterm(160))), "a colour block")
        #expect(scaled.cells(of: "p0", pixelHeight: 20, theme: colour) == nil)
        let monochrome = Theme(colorMode: .monochrome, ascii: true)
        scaled.keep(wanted, drawingFor: monochrome)
        let shades = try #require(scaled.cells(of: "p0", pixelHeight: 20, theme: monochrome))
        #expect(shades[0, 0].scalar.isASCII && shades[0, 0].scalar != " ")
        #expect(scaled.cells(of: "p0", pixelHeight: 20, theme: ascii) == nil)
    }

    /// The screen scales the pictures when the frame or the pictures shown change, and
    /// drawing only reads them (no scaling inside a frame).
    @Test func thePicturesAreScaledWhenTheFrameChangesNotWhileDrawing() throws {
        let deck = try TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets])).get()
        var screen = TempleScreen(deck: .success(deck), seed: 1)
        let small = Frame(size: Size(width: 80, height: 23)), big = Frame(size: Size(width: 160, height: 49))
        _ = screen.start(in: small)
        let first = screen.game!.visiblePictures[0].id
        let smallHeight = screen.match.layout(in: small).pixelHeight(of: 0)
        #expect(screen.pictures.scaled.copy(of: first, pixelHeight: smallHeight) != nil)
        let before = screen.pictures.scaled.byteCount
        _ = screen.text(in: big)  // drawn at another size: scaled on the fly, nothing kept
        #expect(screen.pictures.scaled.byteCount == before)
        _ = screen.update(.resize(big.size), in: big)
        let bigHeight = screen.match.layout(in: big).pixelHeight(of: 0)
        #expect(bigHeight > smallHeight && screen.pictures.scaled.copy(of: first, pixelHeight: bigHeight) != nil)
        // The same picture either way: kept or scaled as it is drawn.
        var kept = screen
        _ = kept.update(.resize(small.size), in: small)
        #expect(kept.text(in: big) == screen.text(in: big))
    }

    /// A picture is drawn once, as cells, for the look the screen is drawn in: the screen
    /// from those cells is the screen drawn from the pixels, in colour, in shades and in ASCII.
    @Test func thePicturesKeptAsCellsDrawAsTheirPixelsDo() throws {
        let deck = try TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets])).get()
        let size = Size(width: 100, height: 29)
        for theme in [Theme(), Theme(colorMode: .monochrome), Theme(ascii: true)] {
            var kept = TempleScreen(deck: .success(deck), seed: 1)
            _ = kept.start(in: Frame(size: size, theme: theme))
            let first = kept.game!.visiblePictures[0].id
            let height = kept.match.layout(in: Frame(size: size, theme: theme)).pixelHeight(of: 0)
            #expect(kept.pictures.scaled.cells(of: first, pixelHeight: height, theme: theme) != nil)
            // Kept for another look: drawn from the pixels.
            var other = TempleScreen(deck: .success(deck), seed: 1)
            _ = other.start(in: Frame(size: size, theme: theme.ascii ? Theme() : Theme(ascii: true)))
            #expect(other.pictures.scaled.cells(of: first, pixelHeight: height, theme: theme) == nil)
            var fromCells = CellGrid(size: size, theme: theme)
            kept.render(into: &fromCells)
            var fromPixels = CellGrid(size: size, theme: theme)
            other.render(into: &fromPixels)
            #expect(fromCells == fromPixels, "\(theme.colorMode), ascii \(theme.ascii)")
        }
    }

    @Test func loadingReportsEachPictureAndStopsWhenAsked() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.png", "b.png", "c.png"] { try linkPicture(named: Array(name.utf8), in: folder) }
        var heard: [TempleDeck.Progress] = []
        let deck = try TempleDeck.load(directory: folder.path) { progress in
            heard.append(progress)
            return true
        }.get()
        #expect(deck.entries.count == 3)
        #expect(heard.first == TempleDeck.Progress(picture: 0, total: 3, file: "a.png", fraction: 0))
        #expect(heard.map(\.overall) == heard.map(\.overall).sorted() && heard.last?.overall == 1)
        #expect(Set(heard.map(\.file)) == ["a.png", "b.png", "c.png"])
        // Told to stop at the second picture: no deck, and no notice about any file.
        let stopped = TempleDeck.load(directory: folder.path) { $0.picture < 1 }
        #expect(stopped.failure == .cancelled)
    }
}

extension Result {
    /// The error, or nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// The loading screen: the effect runtime loads a deck on its own thread and reports its
/// progress, and leaving stops it.
@Suite struct TempleLoadingTests {
    init() { prepareForDrawing() }

    private static let builtIn = TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets]))

    /// A shell showing Temples and the effect runtime carrying out its effects, as the run
    /// loop holds them; a `--deck` folder is loaded by `loader`.
    struct Arcade {
        var shell: TestShell
        let runtime: EffectRuntime
        let data: String

        init(size: Size = Size(width: 80, height: 24), loader: DeckLoader? = nil) {
            data = FileManager.default.temporaryDirectory.appendingPathComponent("temples-\(UUID().uuidString)").path
            shell = TestShell(games: GameCatalog.games.filter { $0.id == .temples }, size: size, seed: { 5 })
            runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: data), player: "tester",
                                    device: FakeTerminal(script: []), sound: nil, isMuted: true,
                                    assets: AssetLocator(roots: [TempleScreenTests.assets]))
            if let loader { runtime.loadFolder = { _ in loader } }
        }

        /// Carry out `effects` as the run loop does, answering the shell with what is learned.
        mutating func perform(_ effects: [AppEffect]) {
            for effect in effects { _ = runtime.perform(effect, on: &shell.shell, in: shell.frame) }
        }

        mutating func open(deck folder: String? = nil) {
            perform(shell.open(.temples, options: folder.map { ["--deck": $0] } ?? [:]))
        }

        mutating func update(_ input: Input) {
            perform(shell.update(input))
        }

        var screen: TempleScreen { shell.screen(as: TempleScreen.self)! }

        func removeData() { try? FileManager.default.removeItem(atPath: data) }
    }

    @Test func theBuiltInDeckIsThereInTheFirstFrameDrawn() {
        var arcade = Arcade(size: Size(width: 100, height: 30))
        defer { arcade.removeData() }
        arcade.open()
        #expect(arcade.shell.text.contains("Correct 0   Incorrect 0   Left 20"))
        #expect(!arcade.screen.isLoading && !arcade.shell.wantsTicks)
        // The pictures on screen are scaled already: drawing finds them made.
        let frame = Frame(size: Size(width: 100, height: 29))
        let first = arcade.screen.game!.visiblePictures[0].id
        #expect(arcade.screen.pictures.scaled.copy(of: first, pixelHeight: arcade.screen.match.layout(in: frame).pixelHeight(of: 0)) != nil)
    }

    @Test func whileLoadingTheScreenShowsHowFarItIsThenTheDeckAndThenStopsTicking() {
        let reported = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let deck = Self.builtIn
        let loader = DeckLoader { loader in
            _ = loader.report(TempleDeck.Progress(picture: 6, total: 12, file: "seventh.png", fraction: 0.5))
            reported.signal()
            gate.wait()
            return deck
        }
        var arcade = Arcade(size: Size(width: 100, height: 30), loader: loader)
        defer { arcade.removeData() }
        reported.wait()  // the progress is there before the screen is opened: the first check sees it
        var screen = TempleScreen(source: .folder("/cards"), seed: 5)
        #expect(screen.wantsTicks && screen.tickInterval == TempleScreen.loadingTickInterval)
        #expect(screen.text(in: .game80x23).contains("Reading the folder…"))
        #expect(screen.update(.tick(0.1)) == [.deck(.check)])

        arcade.open(deck: "/cards")
        #expect(arcade.shell.wantsTicks && arcade.shell.tickInterval == TempleScreen.loadingTickInterval)
        arcade.update(.tick(0.1))
        let shown = arcade.shell.text
        #expect(shown.contains("Loading pictures 7/12…") && shown.contains("seventh.png"), "\(shown)")
        #expect(shown.contains("54%") && shown.contains("q: back to the menu"))
        screen = arcade.screen
        #expect(screen.keyHints(in: .game80x23).isEmpty && !screen.isInProgress)  // q leaves without a question
        assertSnapshot(screen.text(in: .game80x23), named: "temples-loading-80x23")
        let ascii = screen.text(in: Frame(size: Size(width: 80, height: 23), theme: Theme(colorMode: .monochrome, ascii: true)))
        #expect(ascii.contains("Loading pictures 7/12...") && ascii.contains("######"))
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        // Keys and clicks do nothing yet; a resize lays the frame out anew.
        #expect(screen.update(.key(.enter)).isEmpty && screen.update(.key(.character("s"))).isEmpty)
        #expect(screen.update(.mouse(MouseEvent(.press, at: Point(x: 40, y: 12)))).isEmpty)
        arcade.update(.resize(Size(width: 60, height: 16)))
        let narrow = arcade.shell.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(narrow.contains { $0.contains("Loading pictures 7/12…") })
        #expect(narrow.contains { $0.hasPrefix("╭─ Temples") && $0.hasSuffix("╮") }, "\(narrow)")
        // Loaded: the deck is shown on the next tick, and the screen asks for no more ticks.
        gate.signal()
        _ = loader.waitUntilFinished()
        arcade.update(.resize(Size(width: 100, height: 30)))
        arcade.update(.tick(0.1))
        #expect(!arcade.screen.isLoading && arcade.screen.game?.totalCount == 20)
        #expect(arcade.shell.text.contains("Correct 0   Incorrect 0   Left 20"))
        #expect(!arcade.shell.wantsTicks)
        // The runtime let go of the loader: a check now learns nothing.
        #expect(arcade.runtime.perform(.game(.temples, .deck(.check))).reports.isEmpty)
    }

    @Test func qOrEscWhileLoadingGoesBackToTheMenuAndStopsTheLoading() throws {
        for key in [Key.character("q"), .escape] {
            let gate = DispatchSemaphore(value: 0)
            let deck = Self.builtIn
            let loader = DeckLoader { loader in
                gate.wait()
                let progress = TempleDeck.Progress(picture: 0, total: 20, file: "a.png", fraction: 0)
                return loader.report(progress) ? deck : .failure(.cancelled)
            }
            var arcade = Arcade(loader: loader)
            defer { arcade.removeData() }
            arcade.open(deck: "/cards")
            #expect(arcade.shell.text.contains("Reading the folder…") && arcade.shell.wantsTicks)
            #expect(arcade.shell.update(.key(key)) == [.game(.temples, .deck(.cancel)), .refreshMenu])
            #expect(arcade.shell.activeGame == nil && arcade.shell.overlay == nil, "\(key) did not go back to the menu")
            #expect(!loader.isCancelled)  // asked for, not yet done: the runtime does it
            arcade.perform([.game(.temples, .deck(.cancel))])
            #expect(loader.isCancelled)
            gate.signal()
            #expect(loader.waitUntilFinished().failure == .cancelled)
        }
    }

    @Test func aReportForAGameNoLongerShownIsDropped() {
        var arcade = Arcade()
        defer { arcade.removeData() }
        let late = RuntimeReport.deck(.temples, DeckReport(.loading(nil)))
        #expect(arcade.shell.shell.receive(late, in: arcade.shell.frame).isEmpty)
        #expect(arcade.shell.activeGame == nil)
        // A screen that has its deck ignores more news of loading.
        arcade.open()
        _ = arcade.shell.shell.receive(late, in: arcade.shell.frame)
        #expect(!arcade.screen.isLoading)
    }

    @Test func aFolderLoaderReadsTheFolderOnItsOwnThread() throws {
        let loader = DeckLoader.folder(TempleScreenTests.assets + "/Temples")
        let deck = try loader.waitUntilFinished().get()
        #expect(deck.entries.count == 20)
        guard case .finished = loader.state else {
            Issue.record("the loader is not finished after waiting for it")
            return
        }
    }
}
