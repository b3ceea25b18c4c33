/// The themes a player can choose: which background the colours are picked for.
public enum ThemeName: String, CaseIterable, Sendable {
    /// For a dark background (the arcade's first look).
    case dark
    /// For dark text on a light background: no yellow or pale text, grey for dim text.
    case light
    /// Bold white on black, reverse video for focus, and full-strength colours only.
    case contrast
}

/// The colours that carry meaning: the usual ones, or ones kept apart for colour-blind eyes.
public enum PaletteName: String, CaseIterable, Sendable {
    case standard
    /// Colours that stay apart under protanopia, deuteranopia and tritanopia, with the
    /// colour also written (Set's colour letter, Slots' initial, ✓ and ✗ on results).
    case cvd
}

/// What a colour means on screen; the theme and palette decide how it looks.
public enum ColorRole: Hashable, Sendable, CaseIterable {
    /// Titles, key names, focus frames and chart bars (cyan on a dark background).
    case accent
    /// Marks and picks: a saved game, a picked card, figures to notice (yellow).
    case highlight
    /// The tones of results: it went well, it went badly, look here.
    case good, bad, warning
    /// Card backs and the chosen Set card's frame (blue).
    case cool
    /// Hearts and diamonds.
    case suitRed
    /// Set's three card colours.
    case setRed, setGreen, setPurple
    /// Slots' four digit colours.
    case slotRed, slotBlue, slotGreen, slotPurple

    /// The roles whose colours must tell apart, as the palette test checks them.
    public static let groups: [(name: String, roles: [ColorRole])] = [
        ("Set's colours", [.setRed, .setGreen, .setPurple]),
        ("Slots' colours", [.slotRed, .slotBlue, .slotGreen, .slotPurple]),
        ("result tones and Memory's bonus bar", [.good, .bad, .warning]),
    ]
}

extension Color {
    /// Titles, key names and focus frames.
    public static let accent = Color.role(.accent)
    /// Marks and picks.
    public static let highlight = Color.role(.highlight)
    public static let good = Color.role(.good)
    public static let bad = Color.role(.bad)
    public static let warning = Color.role(.warning)
    /// Card backs and chosen frames.
    public static let cool = Color.role(.cool)
}

extension Theme {
    /// True when colour must not carry meaning alone: no colour at all, the colour-blind
    /// palette, or a light background on eight colours (too few read there): the screens
    /// then write what the colour says as well.
    public var namesColors: Bool { !hasColor || palette == .cvd || (name == .light && colorMode == .color8) }

    /// `style` as this theme draws it: roles turned into terminal colours, and the theme's
    /// own changes (light: grey instead of dim; contrast: bold on black, dim as plain).
    ///
    /// Screens draw with roles and attributes; only the terminal (and tests that check
    /// what the player sees) resolve them, so a grid drawn once reads the same in every theme.
    public func resolve(_ style: Style) -> Style {
        var resolved = style
        if case .role(let role) = style.foreground { resolved.foreground = color(for: role) }
        if case .role(let role) = style.background { resolved.background = color(for: role) }
        switch name {
        case .dark:
            break
        case .light:
            // Dim text on white turns pale in most terminals: a grey that stays readable.
            if resolved.dim && colorMode == .color256 {
                resolved.dim = false
                resolved.foreground = Palette.lightDimGrey
            }
        case .contrast:
            // Everything bold but what was dim, which is drawn plain: still readable, and
            // still apart from the rest.
            resolved.bold = !resolved.dim
            resolved.dim = false
            if colorMode.hasColor {
                if resolved.foreground == .terminalDefault {
                    resolved.foreground = colorMode == .color256 ? Palette.contrastWhite : .ansi(.white, bright: true)
                }
                if resolved.background == .terminalDefault {
                    resolved.background = colorMode == .color256 ? Palette.contrastBlack : .black
                }
            }
        }
        return resolved
    }

    /// The terminal colour that stands for `role` in this theme and palette.
    public func color(for role: ColorRole) -> Color {
        let table = Palette.table(name, palette, colorMode)
        return table[role] ?? .terminalDefault
    }
}

/// The colour tables of every theme and palette, and what they assume of the terminal.
///
/// 256-colour terminals get palette indexes from 16 up (the colour cube and the greys),
/// whose colours every terminal agrees on; the dark theme keeps the eight basic colours it
/// always had (a dark terminal's own palette is tuned for them). Eight-colour terminals get
/// basic colours, leaving out yellow, cyan and white on a light background.
public enum Palette {
    static let lightDimGrey = Color.xterm(243)
    static let contrastWhite = Color.xterm(231)
    static let contrastBlack = Color.xterm(16)

    static func table(_ name: ThemeName, _ palette: PaletteName, _ mode: ColorMode) -> [ColorRole: Color] {
        let full = mode == .color256
        switch (name, palette, full) {
        case (.dark, .standard, true): return darkStandard
        case (.dark, .standard, false): return darkBasic
        case (.dark, .cvd, true), (.contrast, .cvd, true): return darkCVD
        case (.dark, .cvd, false), (.contrast, .cvd, false): return basicCVD
        case (.light, .standard, true): return lightStandard
        case (.light, .cvd, true): return lightCVD
        case (.light, _, false): return lightBasic
        case (.contrast, .standard, true): return contrastStandard
        case (.contrast, .standard, false): return contrastBasic
        }
    }

    private static func cube(_ pairs: [ColorRole: UInt8]) -> [ColorRole: Color] {
        pairs.mapValues { Color.xterm($0) }
    }

    /// The look the arcade always had. Card backs are bright blue (plain blue on black is
    /// too dark to read: a contrast of 2.2).
    static let darkStandard: [ColorRole: Color] = [
        .accent: .cyan, .highlight: .yellow, .good: .green, .bad: .red, .warning: .yellow,
        .cool: .ansi(.blue, bright: true), .suitRed: .red,
        .setRed: .red, .setGreen: .green, .setPurple: .magenta,
        .slotRed: .red, .slotBlue: .ansi(.blue, bright: true), .slotGreen: .green, .slotPurple: .magenta,
    ]

    /// The same on eight colours, which have no bright blue: cyan for blue, which plain blue
    /// on black is too dark to be.
    static let darkBasic: [ColorRole: Color] = darkStandard.merging([.cool: .cyan, .slotBlue: .cyan]) { $1 }

    /// Dark text colours for a white background, every one at least 4.5 : 1 against it.
    static let lightStandard: [ColorRole: Color] = cube([
        .accent: 31, .highlight: 130, .good: 28, .bad: 124, .warning: 130, .cool: 20, .suitRed: 160,
        .setRed: 160, .setGreen: 28, .setPurple: 91,
        .slotRed: 160, .slotBlue: 20, .slotGreen: 28, .slotPurple: 91,
    ])

    /// Full-strength colours on black.
    static let contrastStandard: [ColorRole: Color] = cube([
        .accent: 51, .highlight: 226, .good: 46, .bad: 196, .warning: 226, .cool: 39, .suitRed: 196,
        .setRed: 196, .setGreen: 46, .setPurple: 201,
        .slotRed: 196, .slotBlue: 39, .slotGreen: 46, .slotPurple: 201,
    ])

    /// Colours chosen (by searching the colour cube) so that each group stays apart as
    /// people with protanopia, deuteranopia and tritanopia see it, on a dark background.
    /// Good is blue and bad vermilion, as in Okabe and Ito's palette.
    static let darkCVD: [ColorRole: Color] = cube([
        .accent: 51, .highlight: 226, .good: 33, .bad: 166, .warning: 226, .cool: 39, .suitRed: 202,
        .setRed: 196, .setGreen: 50, .setPurple: 135,
        .slotRed: 166, .slotBlue: 63, .slotGreen: 157, .slotPurple: 225,
    ])

    /// The same for a white background.
    static let lightCVD: [ColorRole: Color] = cube([
        .accent: 31, .highlight: 130, .good: 25, .bad: 88, .warning: 136, .cool: 20, .suitRed: 160,
        .setRed: 88, .setGreen: 23, .setPurple: 165,
        .slotRed: 88, .slotBlue: 19, .slotGreen: 29, .slotPurple: 171,
    ])

    /// Eight colours on a light background, where only red, blue and magenta read (green,
    /// yellow, cyan and white are too pale on white): green is drawn blue, or black where
    /// blue is taken, and the colours are written too (`namesColors`).
    static let lightBasic: [ColorRole: Color] = [
        .accent: .blue, .highlight: .magenta, .good: .blue, .bad: .red, .warning: .magenta,
        .cool: .blue, .suitRed: .red,
        .setRed: .red, .setGreen: .blue, .setPurple: .magenta,
        .slotRed: .red, .slotBlue: .blue, .slotGreen: .terminalDefault, .slotPurple: .magenta,
    ]

    /// Eight colours, bold on black.
    static let contrastBasic: [ColorRole: Color] = [
        .accent: .cyan, .highlight: .yellow, .good: .green, .bad: .red, .warning: .yellow,
        .cool: .cyan, .suitRed: .red,
        .setRed: .red, .setGreen: .green, .setPurple: .magenta,
        .slotRed: .red, .slotBlue: .cyan, .slotGreen: .green, .slotPurple: .magenta,
    ]

    /// Eight colours for colour-blind eyes: the blue–yellow axis, which all three keep.
    static let basicCVD: [ColorRole: Color] = [
        .accent: .cyan, .highlight: .yellow, .good: .cyan, .bad: .red, .warning: .yellow,
        .cool: .cyan, .suitRed: .red,
        .setRed: .red, .setGreen: .cyan, .setPurple: .magenta,
        .slotRed: .red, .slotBlue: .cyan, .slotGreen: .green, .slotPurple: .magenta,
    ]
}

extension Theme {
    /// The background the theme is made for, as the contrast checks assume it: black for
    /// dark and contrast, white for light.
    public var assumedBackground: RGB { name == .light ? RGB(255, 255, 255) : RGB(0, 0, 0) }

    /// The text colour of a terminal with that background: xterm's light grey on black,
    /// black on white, white in the contrast theme.
    public var assumedForeground: RGB {
        switch name {
        case .dark: return RGB(229, 229, 229)
        case .light: return RGB(0, 0, 0)
        case .contrast: return RGB(255, 255, 255)
        }
    }

    /// The red, green and blue a resolved colour shows: the basic sixteen as xterm's
    /// defaults, the rest as the xterm palette has them; the terminal's own colours as assumed.
    public func rgb(of color: Color, foreground: Bool) -> RGB {
        switch color {
        case .terminalDefault, .role:
            return foreground ? assumedForeground : assumedBackground
        case .ansi(let basic, let bright):
            let index = basic.rawValue + (bright && colorMode == .color256 ? 8 : 0)
            return Palette.basicRGB[index]
        case .xterm(let index):
            if index < 16 { return Palette.basicRGB[Int(index)] }
            let (r, g, b) = Color.rgb(ofXterm: index)
            return RGB(UInt8(r), UInt8(g), UInt8(b))
        }
    }

    /// The foreground and background a cell of `style` shows, once resolved: reverse video
    /// swaps them, and dim text is taken as halfway to the background (as xterm draws it).
    public func shownColors(of style: Style) -> (foreground: RGB, background: RGB) {
        let resolved = resolve(style)
        var foreground = rgb(of: resolved.foreground, foreground: true)
        var background = rgb(of: resolved.background, foreground: false)
        if resolved.reverse { swap(&foreground, &background) }
        if resolved.dim { foreground = foreground.mixed(with: background) }
        return (foreground, background)
    }
}

extension Palette {
    /// xterm's default colours 0–15.
    static let basicRGB: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]
}
