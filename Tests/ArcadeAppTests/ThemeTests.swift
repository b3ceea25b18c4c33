import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp

/// Every screen in every theme and palette, as the player sees it: no text drawn in a colour
/// too close to its background (WCAG contrast ≥ 3), and the menu and Set recorded in colour.
@Suite struct ThemeTests {
    static let themes: [Theme] = [ColorMode.color256, .color8].flatMap { mode in
        ThemeName.allCases.flatMap { name in PaletteName.allCases.map { Theme(colorMode: mode, name: name, palette: $0) } }
    }

    /// The screens a player meets, each as (name, shell showing it).
    static func screens(in theme: Theme) -> [(String, TestShell)] {
        let assets = AssetLocator(roots: [TempleScreenTests.assets])
        func shell() -> TestShell {
            TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), theme: theme, assets: assets,
                      seed: { 5 })
        }
        var result: [(String, TestShell)] = []
        var menu = shell()
        menu.showNotice("The score file was damaged; it was moved aside.")
        result.append(("menu", menu))
        var help = shell()
        help.update(.key(.character("?")))
        result.append(("menu help", help))
        var settings = shell()
        settings.update(.key(.character("o")))
        result.append(("settings", settings))
        var quit = shell()
        quit.update(.key(.escape))
        result.append(("quit question", quit))
        for id in GameCatalog.games.map(\.id) {
            var game = shell()
            game.open(id)
            if id == .temples {
                _ = game.shell.receive(.deck(.temples, DeckReport(.finished(TempleDeck.builtIn(assets: assets)))),
                                       in: game.frame)
            }
            result.append(("\(id) start", game))
            // A few keys in: a level chosen, a spin, a hand dealt, a card picked.
            for key in [Key.enter, .right, .enter, .space, .down, .enter] { game.update(.key(key)) }
            game.update(.tick(2))
            result.append(("\(id) played", game))
            var leaving = game
            leaving.update(.key(.character("?")))
            result.append(("\(id) help", leaving))
        }
        var learn = shell()
        learn.open(.temples)
        _ = learn.shell.receive(.deck(.temples, DeckReport(.finished(TempleDeck.builtIn(assets: assets)))), in: learn.frame)
        learn.update(.key(.character("l")))
        result.append(("temples learn", learn))
        learn.update(.key(.character("1")))
        result.append(("temples learn answered", learn))
        var rules = shell()
        rules.open(.blackjack, options: ["--rules": ""])
        result.append(("blackjack rules", rules))
        return result
    }

    /// The cells of `grid` that show text (a picture's half blocks are pixels, not text).
    static func textProblems(in grid: CellGrid) -> [String] {
        var problems: [String] = []
        for y in 0..<grid.size.height {
            for x in 0..<grid.size.width {
                let cell = grid[x, y]
                guard cell.scalar != " ", !cell.isContinuation else { continue }
                if cell.scalar == "▀" || cell.scalar == "▄", case .xterm = cell.style.foreground { continue }
                let shown = grid.theme.shownColors(of: cell.style)
                let ratio = ColorScience.contrastRatio(shown.foreground, shown.background)
                if ratio < 3 {
                    problems.append("'\(cell.scalar)' at \(x),\(y): \(shown.foreground) on \(shown.background) (\(ratio))")
                }
            }
        }
        return problems
    }

    @Test(arguments: themes)
    func noTextIsDrawnTooFaintForItsBackground(_ theme: Theme) {
        for (name, shell) in Self.screens(in: theme) {
            var grid = CellGrid(size: shell.frame.size, theme: theme)
            shell.render(into: &grid)
            let problems = Self.textProblems(in: grid)
            #expect(problems.isEmpty, "\(name) in \(theme.testDescription): \(problems.prefix(5))\n\(grid.text)")
        }
    }

    /// The check can fail: yellow text on a light background is caught.
    @Test func paleTextOnALightBackgroundIsCaught() {
        var grid = CellGrid(size: Size(width: 10, height: 1), theme: Theme(colorMode: .color256, name: .light))
        grid.write("warning", at: Point(x: 0, y: 0), style: Style(foreground: .yellow))
        #expect(Self.textProblems(in: grid).count == 7)
    }

    static func menu(in theme: Theme) -> TestShell {
        TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), theme: theme, seed: { 5 })
    }

    @Test(arguments: [ThemeName.light, .contrast])
    func theMenuInColour(_ name: ThemeName) {
        let shell = Self.menu(in: Theme(colorMode: .color256, name: name))
        assertSnapshot(colorSnapshot(of: shell), named: "menu-80x24-\(name)")
    }

    @Test(arguments: [ThemeName.light, .contrast])
    func setInColour(_ name: ThemeName) {
        var shell = Self.menu(in: Theme(colorMode: .color256, name: name))
        shell.open(.set)
        shell.update(.key(.right))
        shell.update(.key(.enter))
        assertSnapshot(colorSnapshot(of: shell), named: "set-80x24-\(name)")
    }

    @Test func setInTheColourBlindPaletteWritesEachCardsColour() {
        var shell = Self.menu(in: Theme(colorMode: .color256, palette: .cvd))
        shell.open(.set)
        let text = shell.text
        #expect(text.contains("red") || text.contains("grn") || text.contains("green"), "\(text)")
        assertSnapshot(colorSnapshot(of: shell), named: "set-80x24-dark-cvd")
    }

    /// The grid as text, then each cell's resolved style as a letter, with a legend.
    func colorSnapshot(of shell: TestShell) -> String {
        var grid = CellGrid(size: shell.frame.size, theme: shell.frame.theme)
        shell.render(into: &grid)
        return grid.colorSnapshot
    }
}
