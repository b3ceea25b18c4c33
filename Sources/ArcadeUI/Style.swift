/// The eight colours every colour terminal has.
public enum ANSIColor: Int, CaseIterable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
}

/// A colour as a screen asks for it; the backend maps it to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background (never repainted).
    case terminalDefault
    /// One of the eight basic colours, optionally the bright variant.
    case ansi(ANSIColor, bright: Bool)
    /// An index of the xterm 256-colour palette (16–231 the 6×6×6 cube, 232–255 greys).
    case xterm(UInt8)
    /// What the colour means (a title, a good result, Set's red); the theme picks the colour.
    case role(ColorRole)

    public static let red = Color.ansi(.red, bright: false)
    public static let green = Color.ansi(.green, bright: false)
    public static let yellow = Color.ansi(.yellow, bright: false)
    public static let blue = Color.ansi(.blue, bright: false)
    public static let magenta = Color.ansi(.magenta, bright: false)
    public static let cyan = Color.ansi(.cyan, bright: false)
    public static let white = Color.ansi(.white, bright: false)
    public static let black = Color.ansi(.black, bright: false)

    // Written out, and inlinable, because the terminal compares every cell of a frame with
    // the one before: the derived `==` is a call per colour that the backend cannot inline.
    @inlinable
    public static func == (left: Color, right: Color) -> Bool {
        switch (left, right) {
        case (.terminalDefault, .terminalDefault): true
        case let (.ansi(a, brightA), .ansi(b, brightB)): a == b && brightA == brightB
        case let (.xterm(a), .xterm(b)): a == b
        case let (.role(a), .role(b)): a == b
        default: false
        }
    }
}

/// How a cell looks: colours and attributes. Attributes survive monochrome.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: Color = .terminalDefault, background: Color = .terminalDefault,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()

    // Inlinable for the same reason as `Color`'s.
    @inlinable
    public static func == (left: Style, right: Style) -> Bool {
        left.bold == right.bold && left.dim == right.dim && left.reverse == right.reverse
            && left.underline == right.underline && left.foreground == right.foreground
            && left.background == right.background
    }
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)
    public static let underline = Style(underline: true)

    /// This style with its foreground replaced.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with its background replaced.
    public func background(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    /// This style made bold.
    public var bolded: Style {
        var copy = self
        copy.bold = true
        return copy
    }

    /// This style in reverse video.
    public var reversed: Style {
        var copy = self
        copy.reverse = true
        return copy
    }

    /// The frame of the card or picture under the cursor, from its own frame's style `frame`:
    /// bold, in reverse video, in the accent colour when it has none, so the cursor is the
    /// whole frame and reads without colour too (Set, Memory and Temples draw it alike).
    public static func focusFrame(_ frame: Style) -> Style {
        var style = frame.bolded.reversed
        if style.foreground == .terminalDefault { style.foreground = .accent }
        return style
    }
}

/// What the terminal can show, chosen once at start-up.
public enum ColorMode: String, Sendable, CaseIterable {
    case color256
    case color8
    case monochrome

    /// True when colours are drawn at all.
    public var hasColor: Bool { self != .monochrome }

    /// The capability probe, as a pure decision.
    ///
    /// `NO_COLOR` (any non-empty value) or `--no-color` forces monochrome; so does a
    /// terminal without colours (`TERM=vt100`). Otherwise 256 colours when the
    /// terminal reports at least 256, else 8.
    public static func choose(noColorRequested: Bool, terminalHasColors: Bool, colorCount: Int) -> ColorMode {
        if noColorRequested || !terminalHasColors || colorCount < 8 { return .monochrome }
        return colorCount >= 256 ? .color256 : .color8
    }
}

/// What every screen may ask of the terminal it is drawn for.
public struct Theme: Hashable, Sendable {
    public var colorMode: ColorMode
    /// Draw only ASCII (`--ascii`, or a locale that is not UTF-8).
    public var ascii: Bool
    /// The background the colours are chosen for (a setting, or `--theme`).
    public var name: ThemeName
    /// The colours that carry meaning (a setting, or `--palette`).
    public var palette: PaletteName

    public init(colorMode: ColorMode = .color256, ascii: Bool = false, name: ThemeName = .dark,
                palette: PaletteName = .standard) {
        self.colorMode = colorMode
        self.ascii = ascii
        self.name = name
        self.palette = palette
    }

    /// True when colours are shown; when false, screens must carry the same facts in text.
    public var hasColor: Bool { colorMode.hasColor }
}

extension Color {
    /// The basic colour nearest to an xterm palette index, for 8-colour terminals.
    public static func nearestBasic(toXterm index: UInt8) -> ANSIColor {
        if index < 16 { return ANSIColor(rawValue: Int(index % 8)) ?? .white }
        let (r, g, b) = rgb(ofXterm: index)
        // The basic colours as the common xterm defaults show them.
        let basics: [(ANSIColor, Int, Int, Int)] = [
            (.black, 0, 0, 0), (.red, 205, 0, 0), (.green, 0, 205, 0), (.yellow, 205, 205, 0),
            (.blue, 0, 0, 238), (.magenta, 205, 0, 205), (.cyan, 0, 205, 205), (.white, 229, 229, 229),
        ]
        var best = ANSIColor.white
        var bestDistance = Int.max
        for (color, br, bg, bb) in basics {
            let distance = (r - br) * (r - br) + (g - bg) * (g - bg) + (b - bb) * (b - bb)
            if distance < bestDistance {
                best = color
                bestDistance = distance
            }
        }
        return best
    }

    /// The red, green and blue (0–255) of an xterm palette index from 16 up.
    public static func rgb(ofXterm index: UInt8) -> (Int, Int, Int) {
        if index >= 232 {
            let level = 8 + 10 * (Int(index) - 232)
            return (level, level, level)
        }
        let cube = max(0, Int(index) - 16)
        let steps = [0, 95, 135, 175, 215, 255]
        return (steps[cube / 36 % 6], steps[cube / 6 % 6], steps[cube % 6])
    }
}
