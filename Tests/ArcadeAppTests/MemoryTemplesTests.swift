import ArcadeTestSupport
import ArcadeUI
import Foundation
import MemoryModel
import Testing

@testable import ArcadeApp

/// Memory's Temples set: the choice offers it, its deck comes through the effect runtime,
/// and the cards show the temples' pictures and names as the level and card size allow.
@Suite struct MemoryTemplesTests {
    init() { prepareForDrawing() }

    /// The checkout's built-in temples, and a deck from a folder that holds none.
    private static let builtIn = TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets]))
    private static let missing = TempleDeck.builtIn(assets: AssetLocator(roots: ["/nowhere/at/all"]))
    private static let asciiTheme = Theme(colorMode: .monochrome, ascii: true)

    // MARK: - Helpers

    /// Memory with `level` (its key) and the Temples set chosen, as the keys choose them, and
    /// `deck` handed back as the runtime hands it; the effects the choosing asked for.
    private func chosen(_ level: Character = "2", deck: Result<TempleDeck, DeckError>? = builtIn,
                        frame: Frame = .game80x23) -> (MemoryScreen, [GameEffect]) {
        var screen = MemoryScreen(seed: 3)
        var effects = screen.update(.key(.character(level)), in: frame)
        effects += screen.update(.key(.down), in: frame)
        for _ in 0..<3 { effects += screen.update(.key(.right), in: frame) }
        if let deck { effects += screen.received(.deck(.memory, DeckReport(.finished(deck))), in: frame) }
        return (screen, effects)
    }

    /// A Temples board of `level` dealt in `frame`.
    private func started(_ level: Character = "2", frame: Frame = .game80x23) -> MemoryScreen {
        var (screen, _) = chosen(level, frame: frame)
        _ = screen.update(.key(.enter), in: frame)
        return screen
    }

    private func render(_ screen: MemoryScreen, in frame: Frame = .game80x23) -> CellGrid {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        screen.render(into: &grid)
        return grid
    }

    /// Where card `index` is drawn in `frame`.
    private func cardFrame(_ index: Int, of screen: MemoryScreen, in frame: Frame = .game80x23) -> Rect {
        screen.board!.layout(size: frame.size).card(at: index)!
    }

    /// The cells inside card `index` (its picture or name), row by row.
    private func faceCells(_ index: Int, of screen: MemoryScreen, in grid: CellGrid,
                           frame: Frame = .game80x23) -> [Cell] {
        let face = MemoryBoardLayout.templeFace(of: cardFrame(index, of: screen, in: frame))
        return (face.y..<face.maxY).flatMap { y in (face.x..<face.maxX).map { grid[$0, y] } }
    }

    /// The text of card `index`'s whole frame, one string per row.
    private func cardText(_ index: Int, of screen: MemoryScreen, in grid: CellGrid,
                          frame: Frame = .game80x23) -> [String] {
        let rect = cardFrame(index, of: screen, in: frame)
        return (rect.y..<rect.maxY).map { y in
            var row = ""
            for x in rect.x..<rect.maxX where !grid[x, y].isContinuation { row.unicodeScalars.append(grid[x, y].scalar) }
            return row
        }
    }

    /// The words written inside card `index`, in reading order.
    private func words(_ index: Int, of screen: MemoryScreen, in grid: CellGrid, frame: Frame = .game80x23) -> String {
        let face = MemoryBoardLayout.templeFace(of: cardFrame(index, of: screen, in: frame))
        let rows = cardText(index, of: screen, in: grid, frame: frame).dropFirst().prefix(face.height)
        return rows.map { String($0.dropFirst().dropLast()) }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
    }

    /// True when card `index` shows half-block picture cells in colour.
    private func showsPicture(_ index: Int, of screen: MemoryScreen, in grid: CellGrid, frame: Frame = .game80x23) -> Bool {
        faceCells(index, of: screen, in: grid, frame: frame).contains { cell in
            (cell.scalar == "▀" || cell.scalar == "▄") && cell.style.foreground != .terminalDefault
        }
    }

    /// `effects` without the settings kept (the level and symbols chosen are kept as they change).
    private func withoutSettings(_ effects: [GameEffect]) -> [GameEffect] {
        effects.filter { if case .remember = $0 { false } else { true } }
    }

    /// Turn the cards at `indices`, one after the other.
    private func turn(_ indices: [Int], _ screen: inout MemoryScreen, frame: Frame = .game80x23) {
        for index in indices { _ = screen.perform(.turnCard(index), in: frame) }
    }

    // MARK: - The choice

    @Test func theChoiceOffersTemplesAndAsksForTheDeckOnlyOnceItIsChosen() {
        var screen = MemoryScreen(seed: 3)
        #expect(render(screen).text.contains("[Animals] Fruit  Sports  Temples"))
        #expect(screen.start(in: .game80x23).isEmpty)  // no deck read for the emoji sets

        let (waiting, asked) = chosen(deck: nil)
        #expect(withoutSettings(asked) == [.deck(.load(.builtIn))])
        let loading = render(waiting).text
        #expect(loading.contains("[Temples]"))
        #expect(loading.contains("Loading the temple pictures…"))
        _ = screen.update(.key(.enter))  // Animals still deals at once
        #expect(screen.phase == .playing)

        var (ready, again) = chosen("2")
        #expect(withoutSettings(again) == [.deck(.load(.builtIn))])
        #expect(render(ready).text.contains("20 temples: picture and name"))
        _ = ready.update(.key(.character("1")))
        #expect(render(ready).text.contains("20 temples: two of each picture"))
        // Round the sets and back: the deck is not asked for again.
        var more: [GameEffect] = []
        _ = ready.update(.key(.down))
        for _ in 0..<4 { more += ready.update(.key(.right)) }
        #expect(withoutSettings(more).isEmpty)
        #expect(ready.symbolSet.isTemples)

        _ = ready.update(.key(.enter))
        let cards = ready.game!.cards
        #expect(cards.count == 12)
        let temples = Set(cards.compactMap(\.content.temple))
        #expect(temples.count == 6)
        #expect(render(ready).text.contains("Easy, Temples"))
    }

    @Test func theNarrowestChoiceShowsEverySetWithItsRowNamesAbove() {
        let frame = Frame(size: Size(width: 40, height: 14))
        let text = render(MemoryScreen(seed: 3), in: frame).text
        #expect(text.contains("[Animals] Fruit  Sports  Temples"))
        #expect(text.contains("1 Easy [2 Normal] 3 Hard"))
        #expect(text.contains("Symbols") && text.contains("Level"))
        let wide = render(MemoryScreen(seed: 3)).text
        #expect(wide.contains("Symbols  [Animals] Fruit  Sports  Temples"))

        // A click on the tab picks the set (and asks for its deck) at either width.
        for frame in [frame, Frame.game80x23] {
            var screen = MemoryScreen(seed: 3)
            let rows = render(screen, in: frame).text.split(separator: "\n", omittingEmptySubsequences: false)
            let y = rows.firstIndex { $0.contains("Temples") }!
            let x = rows[y][..<rows[y].range(of: "Temples")!.lowerBound].unicodeScalars
                .reduce(0) { $0 + DisplayWidth.of($1) }
            let effects = screen.update(.mouse(MouseEvent(.press, at: Point(x: x + 2, y: y))), in: frame)
            #expect(screen.symbolSet.isTemples, "\(frame.size)")
            #expect(withoutSettings(effects) == [.deck(.load(.builtIn))])
        }
    }

    // MARK: - The cards

    @Test func atEasyBothCardsOfAPairShowTheSamePicture() {
        var screen = started("1")
        let pair = pairs(in: screen)[0]
        turn(pair, &screen)
        #expect(screen.foundPair?.cards == pair)
        let grid = render(screen)
        #expect(showsPicture(pair[0], of: screen, in: grid))
        #expect(faceCells(pair[0], of: screen, in: grid) == faceCells(pair[1], of: screen, in: grid))
        #expect(words(pair[0], of: screen, in: grid).allSatisfy { !$0.isLetter })  // no name

        // Another temple's picture is another picture.
        let other = pairs(in: screen)[1]
        turn([other[0]], &screen)
        let later = render(screen)
        #expect(showsPicture(other[0], of: screen, in: later))
        #expect(faceCells(other[0], of: screen, in: later) != faceCells(pair[0], of: screen, in: grid))
    }

    @Test func atNormalOneCardOfAPairShowsThePictureAndTheOtherTheName() {
        for level: Character in ["2", "3"] {
            var screen = started(level)
            let pair = pairs(in: screen)[0]
            let name = screen.game!.cards[pair[0]].content.word
            turn(pair, &screen)
            #expect(screen.game!.cards[pair[0]].isMatched, "the model pairs picture and name")
            let grid = render(screen)
            let faces = pair.map { screen.board!.face(of: screen.game!.cards[$0]) }
            #expect(Set(faces) == [.picture, .name])
            let picture = faces[0] == .picture ? pair[0] : pair[1]
            let named = faces[0] == .picture ? pair[1] : pair[0]
            #expect(showsPicture(picture, of: screen, in: grid))
            #expect(!showsPicture(named, of: screen, in: grid))
            let face = MemoryBoardLayout.templeFace(of: cardFrame(named, of: screen))
            let expected = MemoryBoardLayout.nameLines(name, width: face.width, rows: face.height, ascii: false)
            #expect(!expected.isEmpty)
            #expect(words(named, of: screen, in: grid) == expected.joined(separator: " "), "\(name)")
            #expect(name.hasPrefix(expected[0].replacingOccurrences(of: "…", with: "")), "\(expected)")
        }
    }

    @Test func namesWrapInTheCardAndLoseTempleOrAnEllipsisOnlyWhenTheyMust() {
        #expect(MemoryBoardLayout.nameLines("Salt Lake Temple", width: 9, rows: 5, ascii: false)
                == ["Salt Lake", "Temple"])
        #expect(MemoryBoardLayout.nameLines("Salt Lake Temple", width: 9, rows: 1, ascii: false) == ["Salt Lake"])
        #expect(MemoryBoardLayout.nameLines("Los Angeles California Temple", width: 6, rows: 4, ascii: false)
                == ["Los", "Angel…", "Calif…"])
        #expect(MemoryBoardLayout.nameLines("Los Angeles California Temple", width: 6, rows: 2, ascii: true)
                == ["Los", "Ang..."])
        #expect(MemoryBoardLayout.nameLines("Kirtland Temple", width: 0, rows: 3, ascii: false).isEmpty)
    }

    @Test func smallCardsAndTerminalsWithoutColourShowTheNameMarkedAsThePicture() {
        let small = Frame(size: Size(width: 40, height: 14))
        let ascii = Frame(size: Size(width: 80, height: 23), theme: Self.asciiTheme)
        let mono = Frame(size: Size(width: 80, height: 23), theme: Theme(colorMode: .monochrome, ascii: false))
        for frame in [small, ascii, mono] {
            var screen = started("2", frame: frame)
            let pair = pairs(in: screen)[0]
            let picture = pair.first { screen.board!.face(of: screen.game!.cards[$0]) == .picture }!
            let name = screen.game!.cards[picture].content.word
            turn([picture], &screen, frame: frame)
            let grid = render(screen, in: frame)
            #expect(!showsPicture(picture, of: screen, in: grid, frame: frame))
            let face = MemoryBoardLayout.templeFace(of: cardFrame(picture, of: screen, in: frame))
            let expected = MemoryBoardLayout.nameLines(name, width: face.width, rows: face.height, ascii: frame.theme.ascii)
            #expect(words(picture, of: screen, in: grid, frame: frame) == expected.joined(separator: " "),
                    "\(frame.size) \(name)")
            let top = cardText(picture, of: screen, in: grid, frame: frame)[0]
            #expect(top.contains(MemoryCardView.pictureMark) == (face.width >= 5), "\(top)")
            if frame.theme.ascii { #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII }) }
        }
        // At 80×23 in colour every level's cards are large enough for pictures.
        for level: Character in ["1", "2", "3"] {
            var screen = started(level)
            let picture = screen.game!.cards.indices.first { screen.board!.face(of: screen.game!.cards[$0]) == .picture }!
            turn([picture], &screen)
            let grid = render(screen)
            #expect(showsPicture(picture, of: screen, in: grid), "level \(level)")
            #expect(!cardText(picture, of: screen, in: grid)[0].contains(MemoryCardView.pictureMark))
            // Every temple on the board, the widest (Mesa's) too, has room for its picture.
            for temple in Set(screen.game!.cards.compactMap(\.content.temple)) {
                #expect(MemoryBoardLayout.picturePixelHeight(screen.deck.original(temple)!, onCard: cardFrame(0, of: screen)) != nil,
                        "level \(level): \(temple)")
            }
        }
    }

    @Test func aHardTemplesBoardNeedsCardsWideEnoughToTellTheNamesApart() {
        var hard = started("3")
        #expect(hard.minimumSize(in: .game80x23) == Size(width: 43, height: 14))
        #expect(started("2").minimumSize(in: .game80x23) == Size(width: 40, height: 14))
        // At 43 columns the cards show three letters and "…", which tell every temple apart.
        let frame = Frame(size: Size(width: 43, height: 14))
        _ = hard.update(.resize(frame.size), in: frame)
        let face = MemoryBoardLayout.templeFace(of: cardFrame(0, of: hard, in: frame))
        #expect(face.width >= 4)
        let shown = Set(hard.game!.cards.compactMap(\.content.temple).map { temple in
            MemoryBoardLayout.nameLines(hard.game!.cards.first { $0.content.temple == temple }!.content.word,
                                   width: face.width, rows: face.height, ascii: false).joined(separator: " ")
        })
        #expect(shown.count == 12, "\(shown)")
    }

    @Test func theBoardKeepsItsPicturesScaledForTheFrameAndRescalesOnResize() {
        var screen = started("1")
        let temples = Set(screen.game!.cards.compactMap(\.content.temple))
        #expect(screen.deck.scaled.byteCount > 0)
        let card = cardFrame(0, of: screen)
        for temple in temples {
            let original = screen.deck.original(temple)!
            let height = MemoryBoardLayout.picturePixelHeight(original, onCard: card)!
            #expect(screen.deck.scaled.copy(of: temple, pixelHeight: height) != nil, "\(temple)")
        }
        let large = Frame(size: Size(width: 120, height: 40))
        _ = screen.update(.resize(large.size), in: large)
        let bigger = cardFrame(0, of: screen, in: large)
        for temple in temples {
            let height = MemoryBoardLayout.picturePixelHeight(screen.deck.original(temple)!, onCard: bigger)!
            #expect(screen.deck.scaled.copy(of: temple, pixelHeight: height) != nil)
        }
    }

    // MARK: - Without the deck

    @Test func missingPicturesSayWhyDealNothingAndLeaveTheOtherSetsPlayable() {
        var (screen, _) = chosen("2", deck: Self.missing)
        let text = render(screen).text
        #expect(text.contains("No temple pictures were found."))
        #expect(text.contains("Could not find the Temples assets."))
        #expect(text.contains("ARCADE_ASSETS"))
        let notes = screen.help(in: .game80x23).notes.joined(separator: " ")
        #expect(screen.help(in: .game80x23).notes.first?.hasPrefix("Temples is not available: Could not find") == true)
        #expect(notes.contains("ARCADE_ASSETS"))
        _ = screen.update(.key(.enter))
        #expect(screen.phase == .choosing)
        #expect(screen.game == nil)
        #expect(render(screen).text.contains("No temple pictures were found."))
        // The deck is not asked for again and again, and Animals plays as ever.
        _ = screen.update(.key(.up))
        var effects: [GameEffect] = []
        for _ in 0..<4 { effects += screen.update(.key(.right)) }
        #expect(withoutSettings(effects).isEmpty)
        _ = screen.update(.key(.right))
        #expect(screen.symbolSet == .animals)
        _ = screen.update(.key(.enter))
        #expect(screen.phase == .playing)
        #expect(screen.game!.cards.allSatisfy { $0.content.temple == nil })
    }

    @Test func aDeckStillLoadingIsAskedAfterOnTicksAndCancelledOnLeaving() {
        var (screen, _) = chosen(deck: nil)
        #expect(!screen.wantsTicks)  // the built-in deck comes at once: nothing to poll for
        _ = screen.received(.deck(.memory, DeckReport(.loading(nil))), in: .game80x23)
        #expect(screen.wantsTicks)
        #expect(screen.update(.tick(0.1)) == [.deck(.check)])
        _ = screen.update(.key(.enter))
        #expect(screen.phase == .choosing)  // nothing to deal yet
        var leaving = screen
        #expect(leaving.willLeave() == [.deck(.cancel)])
        _ = screen.received(.deck(.memory, DeckReport(.finished(Self.builtIn))), in: .game80x23)
        #expect(!screen.wantsTicks)
        _ = screen.update(.key(.enter))
        #expect(screen.phase == .playing)
    }

    // MARK: - Saved games

    private func resume(_ state: String) -> MemoryScreen? {
        let info = GameCatalog.games.first { $0.id == .memory }!
        return info.resume!(state, GameContext(seed: 999)) as? MemoryScreen
    }

    @Test func aSavedTemplesGameResumesWithItsPicturesOrWithNamesWithoutThem() throws {
        var screen = started("2")
        let pair = pairs(in: screen)[1]
        let picture = pair.first { screen.board!.face(of: screen.game!.cards[$0]) == .picture }!
        turn([pairs(in: screen)[0][0]], &screen)  // the clock runs: a game worth keeping
        let save = try #require(screen.savedState())
        #expect(save.state.contains("\"temple\""))

        var restored = try #require(resume(save.state))
        #expect(restored.symbolSet.isTemples)
        #expect(restored.game?.cards == screen.game?.cards)
        #expect(restored.start(in: .game80x23) == [.deck(.load(.builtIn))])
        // Before the pictures come, and without them, the picture card shows the name.
        var withoutDeck = restored
        _ = withoutDeck.received(.deck(.memory, DeckReport(.finished(Self.missing))), in: .game80x23)
        _ = withoutDeck.perform(.turnCard(picture), in: .game80x23)
        let names = render(withoutDeck)
        #expect(!showsPicture(picture, of: withoutDeck, in: names))
        #expect(cardText(picture, of: withoutDeck, in: names)[0].contains(MemoryCardView.pictureMark))
        #expect(words(picture, of: withoutDeck, in: names).hasPrefix(
            String(withoutDeck.game!.cards[picture].content.word.prefix(4))))

        _ = restored.received(.deck(.memory, DeckReport(.finished(Self.builtIn))), in: .game80x23)
        _ = restored.perform(.turnCard(picture), in: .game80x23)
        _ = screen.perform(.turnCard(picture), in: .game80x23)
        #expect(showsPicture(picture, of: restored, in: render(restored)))
        #expect(render(restored) == render(screen))

        // A new board with no deck goes back to the choice, which says why.
        _ = withoutDeck.update(.tick(2))
        _ = withoutDeck.confirmed(.newGame, in: .game80x23)
        #expect(withoutDeck.phase == .choosing)
        #expect(render(withoutDeck).text.contains("No temple pictures were found."))
    }

    @Test func savesOfEmojiSymbolsKeepTheirFormAndStillDecode() throws {
        let dog = MemorySymbol("🐶", "dog")
        let encoded = String(decoding: try JSONEncoder().encode(dog), as: UTF8.self)
        #expect(!encoded.contains("temple"))
        #expect(try JSONDecoder().decode(MemorySymbol.self, from: Data(#"{"emoji":"🐶","word":"dog"}"#.utf8)) == dog)
        let temple = MemorySymbol(temple: "kirtland.png", name: "Kirtland Temple")
        #expect(try JSONDecoder().decode(MemorySymbol.self, from: JSONEncoder().encode(temple)) == temple)
        #expect(DisplayWidth.of(MemorySymbol.templeEmoji) == 2)
    }

    // MARK: - What a player sees

    @Test func aTemplesBoardAt80x24() {
        var screen = started("2")
        let all = pairs(in: screen)
        let picture = all[0].first { screen.board!.face(of: screen.game!.cards[$0]) == .picture }!
        let name = all[1].first { screen.board!.face(of: screen.game!.cards[$0]) == .name }!
        turn([picture, name], &screen)
        var shell = TestShell.hosting(screen, as: .memory)
        shell.update(.tick(0.5))
        let text = shell.text
        assertSnapshot(text, named: "memory-temples-normal-80x24")
        #expect(text.contains("Normal, Temples"))
        #expect(text.contains("No match."))
        #expect(text.contains("▀"))
    }
}
