/// The line style of a frame drawn by `Box`.
///
/// Only styles whose glyphs render well in common terminal fonts (see GLYPHS.md) are
/// offered; a heavy style (`┏━┓`) is left out on purpose. In ASCII mode every style
/// draws with `+`, `-` and `|`, except `.double`, whose horizontal lines use `=`.
public enum BoxStyle: Hashable, Sendable, CaseIterable {
    /// `┌─┐ │ └─┘` — the everyday frame.
    case single
    /// `╔═╗ ║ ╚═╝` — for things that stand out, such as a modal dialog.
    case double
    /// `╭─╮ │ ╰─╯` — a softer frame, for cards.
    case rounded
}

/// The glyphs of one frame style: corners, edges and the joints of dividers.
///
/// Tees and the cross are single-line in every style (`├ ┤ ┬ ┴ ┼`): the double-line
/// joints are not in the set of glyphs known to render well, so a divider inside a
/// double frame is a single line.
public struct FrameGlyphs: Hashable, Sendable {
    public var topLeft: Unicode.Scalar
    public var top: Unicode.Scalar
    public var topRight: Unicode.Scalar
    public var left: Unicode.Scalar
    public var right: Unicode.Scalar
    public var bottomLeft: Unicode.Scalar
    public var bottom: Unicode.Scalar
    public var bottomRight: Unicode.Scalar
    /// `├`: where a horizontal divider meets the left edge.
    public var leftTee: Unicode.Scalar
    /// `┤`: where a horizontal divider meets the right edge.
    public var rightTee: Unicode.Scalar
    /// `┬`: where a vertical divider meets the top edge.
    public var topTee: Unicode.Scalar
    /// `┴`: where a vertical divider meets the bottom edge.
    public var bottomTee: Unicode.Scalar
    /// `┼`: where two dividers cross.
    public var cross: Unicode.Scalar
    /// `─`: the line a divider is drawn with.
    public var divider: Unicode.Scalar
}

/// The glyphs widgets draw with, Unicode or ASCII-only as the theme asks.
///
/// Every glyph here is one column wide in both modes, except `ellipsis`, which is
/// `…` (one column) in Unicode and `...` (three columns) in ASCII. Focus markers
/// (`>` and `<`) are ASCII in both modes: they read well everywhere and keep widths equal.
public struct Glyphs: Hashable, Sendable {
    /// True when only ASCII may be drawn.
    public var ascii: Bool

    public init(ascii: Bool) {
        self.ascii = ascii
    }

    /// The glyphs for the terminal a theme describes.
    public init(theme: Theme) {
        self.init(ascii: theme.ascii)
    }

    /// The frame glyphs of `style`.
    public func frame(_ style: BoxStyle) -> FrameGlyphs {
        if ascii {
            let line: Unicode.Scalar = style == .double ? "=" : "-"
            return FrameGlyphs(topLeft: "+", top: line, topRight: "+", left: "|", right: "|",
                               bottomLeft: "+", bottom: line, bottomRight: "+",
                               leftTee: "+", rightTee: "+", topTee: "+", bottomTee: "+", cross: "+",
                               divider: "-")
        }
        let joints: (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)
            = ("├", "┤", "┬", "┴", "┼")
        switch style {
        case .single:
            return FrameGlyphs(topLeft: "┌", top: "─", topRight: "┐", left: "│", right: "│",
                               bottomLeft: "└", bottom: "─", bottomRight: "┘",
                               leftTee: joints.0, rightTee: joints.1, topTee: joints.2, bottomTee: joints.3,
                               cross: joints.4, divider: "─")
        case .double:
            return FrameGlyphs(topLeft: "╔", top: "═", topRight: "╗", left: "║", right: "║",
                               bottomLeft: "╚", bottom: "═", bottomRight: "╝",
                               leftTee: joints.0, rightTee: joints.1, topTee: joints.2, bottomTee: joints.3,
                               cross: joints.4, divider: "─")
        case .rounded:
            return FrameGlyphs(topLeft: "╭", top: "─", topRight: "╮", left: "│", right: "│",
                               bottomLeft: "╰", bottom: "─", bottomRight: "╯",
                               leftTee: joints.0, rightTee: joints.1, topTee: joints.2, bottomTee: joints.3,
                               cross: joints.4, divider: "─")
        }
    }

    /// `unicode`, or `ascii` on a terminal that shows only ASCII: the one way every screen
    /// falls back to ASCII for a glyph or a word of its own (`pick("★", ascii: "*")`).
    public func pick(_ unicode: String, ascii fallback: String) -> String {
        ascii ? fallback : unicode
    }

    /// Keys as the key line and help spell them: as given, or in ASCII with the arrows
    /// as words (`← →` as `Lt Rt`).
    public func keys(_ keys: String) -> String {
        guard ascii else { return keys }
        var result = ""
        for character in keys {
            switch character {
            case "↑": result += "Up"
            case "↓": result += "Dn"
            case "←": result += "Lt"
            case "→": result += "Rt"
            case "…": result += "..."
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` for this terminal: on an ASCII one, each one-column mark with an ASCII
    /// look-alike (`—` `·` `…` `★`, arrows) is spelled with it, as `CellGrid.write` draws
    /// them, so a label reads "Score 100 - Hand 1" rather than showing `?`; other text is
    /// left as it is. The one fallback for words a screen builds itself.
    public func plain(_ text: String) -> String {
        guard ascii else { return text }
        var spelled = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let lookalike = scalar.isASCII || DisplayWidth.of(scalar) != 1 ? scalar : CellGrid.asciiLookalike(scalar)
            spelled.append(lookalike == "?" ? scalar : lookalike)
        }
        return String(spelled)
    }

    /// What replaces the cut-off end of truncated text: `…` or `...`.
    public var ellipsis: String { ascii ? "..." : "…" }
    /// The multiplication sign of sizes such as `40×12` (`x` in ASCII).
    public var times: String { ascii ? "x" : "×" }
    /// Shown in a list's last column when rows are hidden above: `▲` or `^`.
    public var moreAbove: Unicode.Scalar { ascii ? "^" : "▲" }
    /// Shown in a list's last column when rows are hidden below: `▼` or `v`.
    public var moreBelow: Unicode.Scalar { ascii ? "v" : "▼" }
    /// A check mark: `✓` or `+`.
    public var check: Unicode.Scalar { ascii ? "+" : "✓" }
    /// A cross mark: `✗` or `x`.
    public var cross: Unicode.Scalar { ascii ? "x" : "✗" }
    /// A filled star: `★` or `*`.
    public var star: Unicode.Scalar { ascii ? "*" : "★" }
    /// An empty star: `☆` or `.`.
    public var emptyStar: Unicode.Scalar { ascii ? "." : "☆" }
    /// Left of a focused button or list row: `>` in both modes.
    public var focusStart: Unicode.Scalar { ">" }
    /// Right of a focused button: `<` in both modes.
    public var focusEnd: Unicode.Scalar { "<" }
}
