import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

/// The classic card faces (diamonds, ovals, squiggles drawn as shapes) and the layouts
/// that give them room.
@Suite struct SetCardFaceTests {
    init() { prepareForDrawing() }

    private static let small = Size(width: 80, height: 24), large = Size(width: 120, height: 40)
    private static let mono = Theme(colorMode: .monochrome, ascii: false)

    /// The whole terminal with a Set table of `seed` in `style`, after `keys`.
    private func shell(_ style: SetCardStyle, size: Size = small, theme: Theme = Theme(), seed: UInt64 = 7,
                       keys: [Key] = []) -> TestShell {
        var shell = TestShell.hosting(SetScreen(seed: seed, cardStyle: style), size: size)
        shell.frame.theme = theme
        for key in keys { shell.update(.key(key)) }
        return shell
    }

    /// The game frame of a terminal of `size` (the key line taken off).
    private func gameFrame(_ size: Size, theme: Theme = Theme()) -> Frame {
        Frame(size: Size(width: size.width, height: size.height - 1), theme: theme)
    }

    /// The screen drawn in the game frame of `size`.
    private func grid(_ screen: SetScreen, size: Size, theme: Theme = Theme()) -> CellGrid {
        var grid = CellGrid(size: gameFrame(size).size, theme: theme)
        screen.render(into: &grid)
        return grid
    }

    // MARK: - Pixels read back from the screen

    /// The quadrant pixels of `rows` (two across and two down a cell), lit or not.
    private func pixels(of rows: [String]) -> [[Bool]] {
        rows.flatMap { row -> [[Bool]] in
            // A shaded cell is dark here: the outline around it makes the shape.
            let bits = row.unicodeScalars.map { SetCardFace.quadrants.firstIndex(of: $0) ?? 0 }
            return [bits.flatMap { [$0 & 1 != 0, $0 & 2 != 0] }, bits.flatMap { [$0 & 4 != 0, $0 & 8 != 0] }]
        }
    }

    /// The separate shapes among `pixels` (lit pixels touching, corners included), each as
    /// its pixels' coordinates, left to right.
    private func shapes(in pixels: [[Bool]]) -> [[Point]] {
        var seen = Set<Point>(), found: [[Point]] = []
        let height = pixels.count, width = pixels.first?.count ?? 0
        for y in 0..<height { for x in 0..<width where pixels[y][x] && !seen.contains(Point(x: x, y: y)) {
            var shape: [Point] = [], queue = [Point(x: x, y: y)]
            seen.insert(queue[0])
            while let point = queue.popLast() {
                shape.append(point)
                for dy in -1...1 { for dx in -1...1 {
                    let next = Point(x: point.x + dx, y: point.y + dy)
                    guard next.x >= 0, next.x < width, next.y >= 0, next.y < height, pixels[next.y][next.x],
                          !seen.contains(next) else { continue }
                    seen.insert(next)
                    queue.append(next)
                } }
            }
            found.append(shape)
        } }
        return found.sorted { $0.map(\.x).min()! < $1.map(\.x).min()! }
    }

    /// A shape's bounding box in pixels.
    private func box(_ shape: [Point]) -> Rect {
        let xs = shape.map(\.x), ys = shape.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()! + 1, height: ys.max()! - ys.min()! + 1)
    }

    /// The dark regions a shape's lit pixels enclose (unlit pixels of its box that cannot
    /// reach the box's edge): none for a filled shape, one inside an outline, several when
    /// the inside is shaded.
    private func enclosedRegions(_ shape: [Point]) -> Int {
        let frame = box(shape)
        let lit = Set(shape)
        // A border of dark pixels around the box, so the outside is one region.
        let area = Rect(x: frame.x - 1, y: frame.y - 1, width: frame.width + 2, height: frame.height + 2)
        var seen = Set<Point>(), regions = 0
        for y in area.y..<area.maxY { for x in area.x..<area.maxX {
            let start = Point(x: x, y: y)
            guard !lit.contains(start), !seen.contains(start) else { continue }
            var queue = [start], touchesEdge = false
            seen.insert(start)
            while let point = queue.popLast() {
                if point.x == area.x || point.y == area.y || point.x == area.maxX - 1 || point.y == area.maxY - 1 {
                    touchesEdge = true
                }
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let next = Point(x: point.x + dx, y: point.y + dy)
                    guard area.contains(next), !lit.contains(next), !seen.contains(next) else { continue }
                    seen.insert(next)
                    queue.append(next)
                }
            }
            if !touchesEdge { regions += 1 }
        } }
        return regions
    }

    /// The pixels of the shaded cells (`▒`) among `rows`.
    private func shaded(_ rows: [String]) -> Set<Point> {
        Set(rows.enumerated().flatMap { y, row in
            row.unicodeScalars.enumerated().filter { $0.element == SetCardFace.shade }.flatMap { x, _ in
                [Point(x: 2 * x, y: 2 * y), Point(x: 2 * x + 1, y: 2 * y), Point(x: 2 * x, y: 2 * y + 1),
                 Point(x: 2 * x + 1, y: 2 * y + 1)]
            }
        })
    }

    /// The rows of `rect` in `grid`.
    private func rows(of rect: Rect, in grid: CellGrid) -> [String] {
        (rect.y..<rect.maxY).map { y in
            String(String.UnicodeScalarView((rect.x..<rect.maxX).map { grid[$0, y].scalar }))
        }
    }

    /// The shading a shape reads as, from its cells alone (no colour): shaded inside, or
    /// else filled (no dark region inside) or an outline (one).
    private func shading(of shape: [Point], shaded: Set<Point>) -> SetCard.Shading? {
        if shaded.contains(where: box(shape).contains) { return .striped }
        switch enclosedRegions(shape) {
        case 0: return .solid
        case 1: return .open
        default: return nil
        }
    }

    /// The shape's lit width on each pixel row, top to bottom, and the middle of each row.
    private func rows(of shape: [Point]) -> [(width: Int, middle: Double)] {
        let frame = box(shape)
        return (frame.y..<frame.maxY).map { y in
            let xs = shape.filter { $0.y == y }.map(\.x)
            return (xs.max()! - xs.min()! + 1, Double(xs.min()! + xs.max()!) / 2)
        }
    }

    /// What a solid shape's outline says it is: a diamond narrows steadily to points at
    /// both ends, an oval keeps its full width down its middle, a squiggle's top and bottom
    /// halves lean to opposite sides.
    private func kind(of shape: [Point]) -> SetCardFace.Shape? {
        let rows = rows(of: shape)
        let widest = rows.map(\.width).max()!
        let half = rows.count / 2
        let top = rows[..<half].map(\.middle).reduce(0, +) / Double(half)
        let bottom = rows[(rows.count - half)...].map(\.middle).reduce(0, +) / Double(half)
        if abs(top - bottom) >= 1 { return .squiggle }
        let full = rows.filter { $0.width == widest }.count
        if full * 2 >= rows.count { return .oval }
        let pointed = rows.first!.width * 3 <= widest && rows.last!.width * 3 <= widest
        return pointed ? .diamond : nil
    }

    // MARK: - The faces

    @Test func everyShapeAndShadingReadsAsItselfAtEverySizeFromTheSmallest() {
        let sizes = [SetCardFace.minimumInner, Size(width: 15, height: 3), Size(width: 16, height: 4),
                     Size(width: 26, height: 10), Size(width: 46, height: 17)]
        for inner in sizes {
            for symbol in SetCard.Symbol.allCases {
                for shading in SetCard.Shading.allCases {
                    let card = SetCard(number: .three, symbol: symbol, shading: shading, color: .red)
                    guard let face = SetCardFace.rows(for: card, inner: inner) else {
                        Issue.record("no face at \(inner)")
                        continue
                    }
                    #expect(face.count == inner.height && face.allSatisfy { $0.unicodeScalars.count == inner.width })
                    let found = shapes(in: pixels(of: face))
                    #expect(found.count == 3, "\(symbol) \(shading) at \(inner)")
                    for shape in found {
                        #expect(self.shading(of: shape, shaded: self.shaded(face)) == shading, "\(symbol) \(shading) at \(inner)")
                        #expect(box(shape).width >= 2 * SetCardFace.minimumShape.width - 1
                                && box(shape).height >= 2 * SetCardFace.minimumShape.height - 1)
                    }
                    if shading == .solid {
                        #expect(found.allSatisfy { kind(of: $0) == SetCardFace.Shape(symbol) }, "\(symbol) at \(inner)")
                    }
                }
            }
        }
        // Below the smallest inside, no face: the card shows glyphs.
        #expect(SetCardFace.rows(for: SetCard(number: .one, symbol: .circle, shading: .open, color: .red),
                                 inner: Size(width: 13, height: 3)) == nil)
        #expect(!SetCardFace.fits(in: Size(width: 20, height: 2)))
    }

    // MARK: - What a player sees on every table

    /// The screen sizes the tests look at: everyday terminals and a sweep around them.
    private static let sweep: [Size] = [Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 120, height: 40)]
        + stride(from: 60, through: 200, by: 14).flatMap { width in
            stride(from: 20, through: 62, by: 7).map { Size(width: width, height: $0) }
        }

    /// The tables the sweep lays out (every size, 12 to 24 places, every style), one for each
    /// card cell they give: a card is drawn from its cell's size and whether the table shows
    /// faces, nothing else, so each cell is drawn once.
    private static let tables: [(size: Size, places: Int, style: SetCardStyle)] = {
        var seen: Set<String> = []
        var tables: [(size: Size, places: Int, style: SetCardStyle)] = []
        for style in SetCardStyle.allCases {
            for size in sweep {
                for places in stride(from: 12, through: 24, by: 3) {
                    let frame = Frame(size: Size(width: size.width, height: size.height - 1))
                    guard SetLayout.fits(frame.size, places: places, theme: frame.theme) else { continue }
                    let layout = SetLayout(frame: frame, places: places, style: style)
                    guard let cell = layout.cell(of: 0) else { continue }
                    if seen.insert("\(cell.width)×\(cell.height) \(layout.showsFaces)").inserted {
                        tables.append((size, places, style))
                    }
                }
            }
        }
        return tables
    }()

    /// The card of every shape and shading at `count` on a table laid out at `size` for
    /// `places` cards in `style`, as drawn: its inner rows; nil when the table does not fit.
    private func drawnFaces(_ size: Size, places: Int, style: SetCardStyle, count: SetCard.Number = .three)
        -> [(card: SetCard, rows: [String])]? {
        let frame = gameFrame(size)
        guard SetLayout.fits(frame.size, places: places, theme: frame.theme) else { return nil }
        let layout = SetLayout(frame: frame, places: places, style: style)
        guard let cell = layout.cell(of: 0) else { return nil }
        let inner = Box.inner(of: cell)
        return SetCard.Symbol.allCases.flatMap { symbol in
            SetCard.Shading.allCases.map { shading in
                let card = SetCard(number: count, symbol: symbol, shading: shading, color: .red)
                var grid = CellGrid(size: Size(width: cell.maxX, height: cell.maxY))  // as far as the cell reaches
                SetCardView.draw(card, in: cell, look: CardLook(), isCursor: false, faces: layout.showsFaces,
                                 into: &grid)
                let rows = (inner.y..<inner.maxY).map { y in
                    String(String.UnicodeScalarView((inner.x..<inner.maxX).map { grid[$0, y].scalar }))
                }
                return (card, rows)
            }
        }
    }

    /// The columns of `rows` split into the shapes drawn side by side (runs of columns that
    /// are not blank on every row), each as its rows.
    private func copies(in rows: [String]) -> [[String]] {
        let grid = rows.map { Array($0.unicodeScalars) }
        let width = grid.first?.count ?? 0
        let blank = (0..<width).map { x in grid.allSatisfy { $0[x] == " " } }
        var runs: [Range<Int>] = [], start: Int?
        for x in 0...width {
            if x < width && !blank[x] {
                if start == nil { start = x }
            } else if let begun = start {
                runs.append(begun..<x)
                start = nil
            }
        }
        return runs.map { run in grid.map { String(String.UnicodeScalarView($0[run])) } }
    }

    @Test func aCardsShapesAreIdenticalToEachOtherOnEveryTableTheLayoutGives() {
        for (size, places, style) in Self.tables {
            guard let faces = drawnFaces(size, places: places, style: style) else { continue }
            for (card, rows) in faces {
                let found = copies(in: rows)
                #expect(found.count == 3, "\(card) \(style) at \(size), \(places) cards:\n\(rows.joined(separator: "\n"))")
                #expect(Set(found).count == 1, "\(card) \(style) at \(size), \(places) cards:\n\(rows.joined(separator: "\n"))")
            }
        }
    }

    /// The rows of one shape, as drawn on a card of one.
    private func shape(_ faces: [(card: SetCard, rows: [String])], _ symbol: SetCard.Symbol,
                       _ shading: SetCard.Shading) -> [String] {
        faces.first { $0.card.symbol == symbol && $0.card.shading == shading }!.rows
    }

    @Test func solidStripedAndOpenAreToldApartOnEveryTableTheLayoutGives() {
        for (size, places, style) in Self.tables {
            guard let faces = drawnFaces(size, places: places, style: style, count: .one),
                  faces.contains(where: { $0.rows.joined().contains("█") }) else { continue }  // drawn as shapes
            for symbol in SetCard.Symbol.allCases {
                let solid = shape(faces, symbol, .solid), striped = shape(faces, symbol, .striped)
                let open = shape(faces, symbol, .open)
                let label = "\(symbol) \(style) at \(size), \(places) cards:\n"
                    + [solid, striped, open].map { $0.joined(separator: "\n") }.joined(separator: "\n--\n")
                // No filled row of the solid shape comes back in the striped or open one
                // (a striped shape with the solid one's bottom row reads as solid).
                for other in [striped, open] {
                    for (row, line) in solid.enumerated() where line.contains("█") {
                        #expect(other[row] != line, "row \(row) of \(label)")
                    }
                }
                // Striped differs from open on the inside, and is not filled there.
                let insideRows = solid.indices.filter { solid[$0].filter { $0 == "█" }.count >= 2 }
                #expect(insideRows.contains { striped[$0] != open[$0] }, "\(label)")
                #expect(insideRows.allSatisfy { striped[$0].filter { $0 == "█" }.count < 2 }, "\(label)")
                #expect(insideRows.allSatisfy { open[$0].filter { $0 == "█" }.count < 2 }, "\(label)")
            }
        }
    }

    /// How many rows of the card's inside its shapes take, as `style` draws them at `size`.
    private func faceRows(_ size: Size, places: Int = 12, style: SetCardStyle) -> [Int] {
        (drawnFaces(size, places: places, style: style) ?? []).map { face in
            face.rows.filter { !$0.allSatisfy { $0 == " " } }.count
        }
    }

    @Test func glyphCardsDrawTheirShapesLargeWhereThereIsRoomAndTheyGrowWithTheTerminal() {
        // At 80×24 the cards hold a line of glyphs.
        #expect(faceRows(Self.small, style: .glyphs).allSatisfy { $0 == 1 })
        // At 120×40 (cards 28×12) the shapes are drawn, four rows tall at least, in the
        // card's shading; more at a larger terminal.
        let large = faceRows(Self.large, style: .glyphs)
        #expect(large.allSatisfy { $0 >= 4 }, "\(large)")
        let larger = faceRows(Size(width: 180, height: 56), style: .glyphs)
        #expect(larger.allSatisfy { $0 > large.max()! }, "\(larger)")
        let shell = shell(.glyphs, size: Self.large)
        let screen = shell.screen(as: SetScreen.self)!
        let layout = SetLayout(frame: gameFrame(Self.large), places: 12)
        let drawn = grid(screen, size: Self.large)
        for (place, card) in screen.game.board.enumerated() {
            guard let card, let cell = layout.cell(of: place) else { continue }
            let inner = rows(of: Box.inner(of: cell), in: drawn)
            let found = shapes(in: pixels(of: inner))
            #expect(found.count == card.number.rawValue, "\(card)")
            #expect(found.allSatisfy { shading(of: $0, shaded: shaded(inner)) == card.shading }, "\(card)")
        }
        // A table too full for them keeps to glyphs, in the same columns.
        #expect(faceRows(Self.large, places: 24, style: .glyphs).allSatisfy { $0 == 1 })
    }

    @Test func theClassicTableAt80x24ShowsEveryShapeAndShadingInShapesAtLeastFourByThree() {
        let shell = shell(.classic)
        assertSnapshot(shell.text, named: "set-classic-12cards-80x24")
        let screen = shell.screen(as: SetScreen.self)!
        let cards = screen.game.board.compactMap { $0 }
        #expect(Set(cards.map(\.symbol)) == Set(SetCard.Symbol.allCases))
        #expect(Set(cards.map(\.shading)) == Set(SetCard.Shading.allCases))
        let sizes = faceSizes(screen, size: Self.small)
        #expect(sizes.allSatisfy { $0.width >= 4 && $0.height >= 3 }, "\(sizes)")
        #expect(!shell.text.contains("▲") && !shell.text.contains("●") && !shell.text.contains("■"))
    }

    @Test func theClassicTableAt120x40FillsTheScreenWithLargerShapes() {
        let shell = shell(.classic, size: Self.large)
        assertSnapshot(shell.text, named: "set-classic-12cards-120x40")
        let screen = shell.screen(as: SetScreen.self)!
        let small = faceSizes(screen, size: Self.small), large = faceSizes(screen, size: Self.large)
        let smallest = (small.map(\.width).min()!, small.map(\.height).min()!)
        #expect(large.allSatisfy { $0.width >= smallest.0 + 2 && $0.height >= 2 * smallest.1 }, "\(large) vs \(small)")
    }

    /// Each shape's size in cells on `screen`'s cards at `size` (the pixels it covers, halved,
    /// rounded up), checking the drawn shading matches the card's.
    private func faceSizes(_ screen: SetScreen, size: Size) -> [Size] {
        let frame = gameFrame(size)
        let layout = SetLayout(frame: frame, places: screen.game.board.count, style: screen.cardStyle)
        #expect(layout.showsFaces)
        let drawn = grid(screen, size: size)
        var sizes: [Size] = []
        for (place, card) in screen.game.board.enumerated() {
            guard let card, let cell = layout.cell(of: place) else { continue }
            let inner = rows(of: Box.inner(of: cell), in: drawn)
            let found = shapes(in: pixels(of: inner))
            #expect(found.count == card.number.rawValue)
            #expect(found.allSatisfy { shading(of: $0, shaded: shaded(inner)) == card.shading }, "\(card)")
            sizes += found.map { Size(width: (box($0).width + 1) / 2, height: (box($0).height + 1) / 2) }
        }
        return sizes
    }

    @Test func withoutColourEachCardWritesItsColourOnItsFrame() {
        let shell = shell(.classic, theme: Self.mono)
        let screen = shell.screen(as: SetScreen.self)!
        let frame = gameFrame(Self.small, theme: Self.mono)
        let layout = SetLayout(frame: frame, places: 12, style: .classic)
        let drawn = grid(screen, size: Self.small, theme: Self.mono)
        for (place, card) in screen.game.board.enumerated() {
            guard let card, let cell = layout.cell(of: place) else { continue }
            let top = String(String.UnicodeScalarView((cell.x..<cell.maxX).map { drawn[$0, cell.y].scalar }))
            #expect(top.contains(" \(SetCardView.words(for: card, theme: Self.mono)) "), "\(top)")
        }
        #expect(shell.text.contains("purple") && shell.text.contains("green") && shell.text.contains("red"))
        // In colour the frames are plain.
        #expect(!self.shell(.classic).text.contains("purple"))
    }

    @Test func tooManyCardsForFacesAt80x24ShowGlyphsWithoutMovingACard() {
        var classic = SetScreen(seed: 7, cardStyle: .classic)
        let frame = gameFrame(Self.small)
        // Fifteen cards still have faces; from eighteen on glyphs, in the same four columns:
        // every deal adds a row and no card leaves its row or column.
        var before = SetLayout(frame: frame, places: 12, style: .classic)
        #expect(before.showsFaces && before.columns == 4)
        for places in [15, 18, 21, 24] {
            _ = classic.update(.key(.character("d")), in: frame)
            #expect(classic.game.board.count == places)
            let after = SetLayout(frame: frame, places: places, style: .classic)
            #expect(after.showsFaces == (places == 15), "\(places) cards")
            #expect(after.columns == 4)
            #expect((0..<(places - 3)).allSatisfy { before.positions[$0]! == after.positions[$0]! }, "\(places) cards")
            before = after
        }
        let text = grid(classic, size: Self.small).text
        #expect(text.contains("▲") || text.contains("●") || text.contains("■"), "glyphs inside the cards")
        #expect(!text.contains("▟") && !text.contains("▜"), "no faces")
    }

    @Test func cPressedSwitchesBetweenGlyphsAndClassicFaces() {
        var screen = SetScreen(seed: 7)
        let glyphs = screen.text(in: gameFrame(Self.small))
        #expect(glyphs.contains("▲") || glyphs.contains("●") || glyphs.contains("■"))
        _ = screen.update(.key(.character("c")), in: gameFrame(Self.small))
        #expect(screen.cardStyle == .classic)
        let classic = screen.text(in: gameFrame(Self.small))
        #expect(classic != glyphs && classic.contains("█"))
        _ = screen.update(.key(.character("c")), in: gameFrame(Self.small))
        #expect(screen.cardStyle == .glyphs && screen.message == "Glyph cards.")
        let table = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) }
        #expect(table(screen.text(in: gameFrame(Self.small))) == table(glyphs), "the table as it was")
        // Nothing of the game changes.
        #expect(screen.game == SetScreen(seed: 7).game && screen.game.score == 0 && !screen.isInProgress)
        // The key line offers it; help explains the classic shapes.
        #expect(shell(.glyphs).text.contains("c cards"))
        let help = screen.helpNotes(in: gameFrame(Self.small)).joined(separator: " ")
        #expect(help.contains("▲ ● ■"))
        _ = screen.update(.key(.character("c")), in: gameFrame(Self.small))
        let classicHelp = screen.helpNotes(in: gameFrame(Self.small)).joined(separator: " ")
        #expect(classicHelp.contains("diamond is ▲") && classicHelp.contains("oval ●") && classicHelp.contains("squiggle ■"))
    }

    @Test func theStyleChosenIsRememberedAndTheNextGameOpensWithIt() throws {
        var shell = TestShell(games: GameCatalog.games, size: Self.small, seed: { 7 })
        shell.open(.set)
        #expect(shell.screen(as: SetScreen.self)?.cardStyle == .glyphs)
        #expect(shell.update(.key(.character("c"))) == [.remember(setting: "set.cardStyle", value: "classic")])
        #expect(shell.screen(as: SetScreen.self)?.cardStyle == .classic)
        // The shell keeps the choice: the next game it opens shows it, and c switches back.
        _ = shell.leaveGame()
        shell.open(.set)
        #expect(shell.screen(as: SetScreen.self)?.cardStyle == .classic)
        #expect(shell.update(.key(.character("c"))) == [.remember(setting: "set.cardStyle", value: "glyphs")])
        // A later run opens with what the store kept.
        var next = ArcadeShell(games: GameCatalog.games, seed: { 7 }, settings: [SetCardStyle.setting: "classic"])
        _ = next.open(.set, in: Frame(size: Self.small))
        #expect((next.activeScreen as? SetScreen)?.cardStyle == .classic)
        // A game left in progress keeps its table, not the style: resumed, it shows the one kept.
        var played = SetScreen(seed: 7, cardStyle: .classic)
        _ = played.update(.key(.space))
        let save = try #require(played.savedState())
        let set = try #require(GameCatalog.games.first { $0.id == .set })
        for style in SetCardStyle.allCases {
            let context = GameContext(seed: 1, settings: [SetCardStyle.setting: style.rawValue])
            #expect((set.make(context) as? SetScreen)?.cardStyle == style)
            let resumed = set.resume?(save.state, context) as? SetScreen
            #expect(resumed?.cardStyle == style && resumed?.game == played.game)
        }
        // Nothing kept, or a style this version does not know: glyphs.
        #expect((set.make(GameContext(seed: 1)) as? SetScreen)?.cardStyle == .glyphs)
        let unknown = GameContext(seed: 1, settings: [SetCardStyle.setting: "holograms"])
        #expect((set.make(unknown) as? SetScreen)?.cardStyle == .glyphs)
    }

    @Test func asciiKeepsItsLettersInEitherStyle() {
        let ascii = Theme(colorMode: .monochrome, ascii: true)
        for size in [Self.small, Self.large] {
            let classic = shell(.classic, size: size, theme: ascii).text
            #expect(classic == shell(.glyphs, size: size, theme: ascii).text)
            #expect(classic.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(classic.contains("^") || classic.contains("o") || classic.contains("#"))
        }
        #expect(!SetLayout(frame: gameFrame(Self.large, theme: ascii), places: 12, style: .classic).showsFaces)
    }

    // MARK: - Layout

    @Test func at120x40TwelveCardsFillTheTableInEitherStyle() {
        let frame = gameFrame(Self.large)
        let table = SetLayout.table(in: frame.size)
        for style in SetCardStyle.allCases {
            let layout = SetLayout(frame: frame, places: 12, style: style)
            let cells = layout.cells
            let top = cells.map(\.y).min()!, bottom = cells.map(\.maxY).max()!
            #expect(top - table.y <= 1 && table.maxY - bottom <= 1, "\(style): rows \(top)..<\(bottom) of \(table)")
            #expect(cells.allSatisfy { $0.width <= 4 * $0.height && $0.height * 2 <= $0.width })  // a card's aspect
            #expect(layout.showsFaces == (style == .classic))
        }
        assertSnapshot(shell(.glyphs, size: Self.large).text, named: "set-12cards-120x40")
    }

    @Test func onALargeScreenADealAddsARowAndNoCardChangesItsRowOrColumn() {
        for size in [Self.large, Size(width: 220, height: 69), Size(width: 160, height: 44)] {
            for style in SetCardStyle.allCases {
                let frame = gameFrame(size)
                var before = SetLayout(frame: frame, places: 12, style: style)
                for places in stride(from: 15, through: 24, by: 3) {
                    let after = SetLayout(frame: frame, places: places, style: style)
                    #expect(after.showsFaces == (style == .classic), "\(style) \(places) at \(size)")
                    #expect(after.columns == before.columns)
                    #expect((0..<places - 3).allSatisfy { before.positions[$0]! == after.positions[$0]! })
                    if after.plan == before.plan {  // the plan kept: every card in its very cell
                        #expect((0..<places - 3).allSatisfy { before.cell(of: $0) == after.cell(of: $0) })
                    }
                    let cells = after.cells
                    #expect(cells.count == places)
                    for (index, cell) in cells.enumerated() {
                        for other in cells[(index + 1)...] { #expect(cell.intersection(other).isEmpty) }
                    }
                    before = after
                }
            }
        }
        // 21 and 24 cards at 120×40 share a plan: the last deal moves nothing.
        let frame = gameFrame(Self.large)
        #expect(SetLayout(frame: frame, places: 21, style: .classic).plan == SetLayout(frame: frame, places: 24, style: .classic).plan)
    }

    @Test func atEverySizeTheClassicLayoutGivesEveryCardItsOwnCellAndFacesOnlyWhereTheyRead() {
        for theme in [Theme(), Self.mono] {
            for width in stride(from: 41, through: 161, by: 6) {
                for height in stride(from: 8, through: 44, by: 3) {
                    let size = Size(width: width, height: height)
                    for places in stride(from: 12, through: 24, by: 3) where SetLayout.fits(size, places: places, theme: theme) {
                        let layout = SetLayout(frame: Frame(size: size, theme: theme), places: places, style: .classic)
                        let cells = layout.cells
                        #expect(cells.count == places && layout.fitsMinimum)
                        let table = SetLayout.table(in: size)
                        #expect(cells.allSatisfy { table.contains($0.origin) && $0.maxX <= table.maxX && $0.maxY <= table.maxY })
                        if layout.showsFaces {
                            #expect(cells.allSatisfy { SetCardFace.fits(in: Box.inner(of: $0).size) }, "\(places) at \(size)")
                        } else {
                            // Glyphs: laid out as the glyph style does, or, when twelve cards had
                            // faces here, in the columns they had (so a deal moves no card).
                            let glyphs = SetLayout(frame: Frame(size: size, theme: theme), places: places)
                            let twelve = SetLayout(frame: Frame(size: size, theme: theme), places: 12, style: .classic)
                            #expect(glyphs.cells == cells || (twelve.showsFaces && layout.columns == twelve.columns),
                                    "\(places) at \(size)")
                        }
                        for (index, cell) in cells.enumerated() {
                            for other in cells[(index + 1)...] where !cell.intersection(other).isEmpty {
                                Issue.record("cards overlap at \(size) with \(places)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func at80x24TheCursorMovesOverTheClassicTableAsItIsDrawn() {
        var screen = SetScreen(seed: 7, cardStyle: .classic)
        let frame = gameFrame(Self.small)
        let layout = SetLayout(frame: frame, places: 12, style: .classic)
        #expect(layout.columns == 4 && SetLayout(frame: frame, places: 12).columns == 6, "the two styles differ here")
        _ = screen.update(.key(.down), in: frame)
        #expect(screen.cursor.index == 4, "down: the card under the first, four to a row")
        _ = screen.update(.key(.down), in: frame)
        _ = screen.update(.key(.right), in: frame)
        #expect(screen.cursor.index == 9)
        _ = screen.update(.key(.end), in: frame)
        #expect(screen.cursor.index == 11)
    }

    @Test func clicksAndTheCursorFollowTheClassicLayout() {
        var shell = shell(.classic, size: Self.large)
        let frame = gameFrame(Self.large)
        let layout = SetLayout(frame: frame, places: 12, style: .classic)
        let cell = layout.cell(of: 6)!
        shell.update(.mouse(MouseEvent(.press, at: Point(x: cell.x + cell.width / 2, y: cell.y + cell.height / 2))))
        var screen = shell.screen(as: SetScreen.self)!
        #expect(screen.cursor.index == 6)
        #expect(screen.game.selectedCards == [screen.game.board[6]!])
        _ = screen.update(.key(.down), in: frame)
        #expect(screen.cursor.index == 6 + layout.columns)
        _ = screen.update(.key(.end), in: frame)
        #expect(screen.cursor.index == 11)
    }
}
