import Testing
import ArcadeTestSupport

@testable import ArcadeUI

/// The themes' and palettes' colours, checked as a player's eyes would: text readable against
/// the theme's background (WCAG contrast ≥ 3), and the colours that carry meaning still apart
/// under protanopia, deuteranopia and tritanopia (CIEDE2000 ≥ 20) in the colour-blind palette.
@Suite struct PaletteTests {
    /// Every theme and palette on 256 colours, whose RGB every terminal agrees on.
    static let themes: [Theme] = ThemeName.allCases.flatMap { name in
        PaletteName.allCases.map { Theme(colorMode: .color256, name: name, palette: $0) }
    }
    /// The same on eight colours, taken as xterm shows them.
    static let basicThemes: [Theme] = ThemeName.allCases.flatMap { name in
        PaletteName.allCases.map { Theme(colorMode: .color8, name: name, palette: $0) }
    }

    /// The shown RGB of `role` in `theme`.
    static func rgb(_ role: ColorRole, _ theme: Theme) -> RGB {
        theme.shownColors(of: Style(foreground: .role(role))).foreground
    }

    @Test(arguments: themes + basicThemes)
    func everyRoleReadsAgainstTheBackground(_ theme: Theme) {
        for role in ColorRole.allCases {
            let shown = theme.shownColors(of: Style(foreground: .role(role)))
            let ratio = ColorScience.contrastRatio(shown.foreground, shown.background)
            #expect(ratio >= 3, "\(theme.testDescription): \(role) is \(shown.foreground) on \(shown.background), \(ratio)")
        }
        for style in [Style.plain, .dim, .bold, Style.dim.foreground(.accent)] {
            let shown = theme.shownColors(of: style)
            #expect(ColorScience.contrastRatio(shown.foreground, shown.background) >= 3,
                    "\(theme.name) \(theme.palette): \(style) is \(shown.foreground) on \(shown.background)")
        }
    }

    @Test(arguments: themes.filter { $0.palette == .cvd })
    func theColourBlindPaletteKeepsEachGroupApart(_ theme: Theme) {
        for group in ColorRole.groups {
            let colors = group.roles.map { Self.rgb($0, theme) }
            #expect(ColorScience.minimumDistance(colors) >= 20, "\(theme.name): \(group.name) \(colors)")
            for deficiency in ColorVisionDeficiency.allCases {
                let distance = ColorScience.minimumDistance(colors, as: deficiency)
                #expect(distance >= 20, "\(theme.name): \(group.name) under \(deficiency): ΔE \(distance) \(colors)")
            }
        }
    }

    /// Why the palette exists: the standard colours fall together for some eyes.
    @Test func theStandardColoursDoNotStayApartForEveryone() {
        let light = Theme(colorMode: .color256, name: .light)
        let set = [ColorRole.setRed, .setGreen, .setPurple].map { Self.rgb($0, light) }
        #expect(ColorScience.minimumDistance(set, as: .deuteranopia) < 10)
        let dark = Theme(colorMode: .color256)
        let tones = [ColorRole.good, .bad, .warning].map { Self.rgb($0, dark) }
        #expect(ColorScience.minimumDistance(tones, as: .protanopia) < 10)
    }

    @Test func theDarkStandardThemeDrawsAsTheArcadeAlwaysHas() {
        let theme = Theme(colorMode: .color256)
        let style = Style.bold.foreground(.yellow).background(.blue)
        #expect(theme.resolve(style) == style)
        #expect(theme.resolve(Style.bold.foreground(.accent)) == Style.bold.foreground(.cyan))
        #expect(theme.resolve(Style(foreground: .role(.setPurple))) == Style(foreground: .magenta))
        #expect(theme.resolve(.dim) == .dim)
    }

    @Test func theLightThemeHasNoPaleText() {
        let full = Theme(colorMode: .color256, name: .light)
        #expect(full.resolve(.dim) == Style(foreground: .xterm(243)))
        for palette in PaletteName.allCases {
            let basic = Theme(colorMode: .color8, name: .light, palette: palette)
            for role in ColorRole.allCases {
                let color = basic.color(for: role)
                #expect(![Color.yellow, .cyan, .white].contains(color), "\(role) is \(color) on a light background")
            }
        }
    }

    @Test func theContrastThemeIsBoldOnBlackAndDrawsDimAsPlain() {
        let theme = Theme(colorMode: .color256, name: .contrast)
        #expect(theme.resolve(.plain) == Style(foreground: .xterm(231), background: .xterm(16), bold: true))
        #expect(theme.resolve(.dim) == Style(foreground: .xterm(231), background: .xterm(16)))
        #expect(theme.resolve(Style.reverse.foreground(.accent)).reverse)
        let mono = Theme(colorMode: .monochrome, name: .contrast)
        #expect(mono.resolve(.plain) == .bold)
    }

    @Test func colourCarriesMeaningAloneOnlyInTheStandardPalette() {
        #expect(!Theme(colorMode: .color256).namesColors)
        #expect(Theme(colorMode: .color256, palette: .cvd).namesColors)
        #expect(Theme(colorMode: .monochrome).namesColors)
        #expect(Theme(colorMode: .color8, name: .light).namesColors, "on eight colours only red, blue and magenta read on white")
        #expect(!Theme(colorMode: .color8).namesColors)
    }

    @Test func aGoodOrBadLineIsMarkedInTheColourBlindPalette() {
        var grid = CellGrid(size: Size(width: 30, height: 2), theme: Theme(palette: .cvd))
        StatusLine("A pair! +4 points.", tone: .good).draw(into: &grid, in: Rect(x: 0, y: 0, width: 30, height: 1))
        StatusLine("\u{2717} Not a set", tone: .bad).draw(into: &grid, in: Rect(x: 0, y: 1, width: 30, height: 1))
        #expect(grid.text == "\u{2713} A pair! +4 points.\n\u{2717} Not a set")
        var standard = CellGrid(size: Size(width: 30, height: 1))
        StatusLine("A pair! +4 points.", tone: .good).draw(into: &standard, in: standard.bounds)
        #expect(standard.text == "A pair! +4 points.")
    }
}
