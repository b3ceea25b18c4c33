/// The message shown instead of a screen when the terminal is smaller than it needs.
///
/// In full: `Terminal too small: need 40×12, have 30×8` (`x` for `×` in ASCII), centred.
/// When that does not fit, shorter wordings are tried in turn — broken over lines, then
/// `Too small` / `need 40×12` / `have 30×8`, down to `need 40×12` or `Too small` alone —
/// and the first that fits without cutting a word is drawn. On a grid too small for any
/// of them, `Too small` is truncated to the first row, and a 1×1 grid shows `!`.
/// A hint (what the keys that still work do, e.g. `q: back to the menu`) goes under the
/// message after a blank row, or right under it, when there is room for it whole.
public enum TooSmallMessage {
    /// The message on one line.
    public static func text(need: Size, have: Size, ascii: Bool) -> String {
        let (needed, present) = sizes(need: need, have: have, ascii: ascii)
        return "Terminal too small: need \(needed), have \(present)"
    }

    /// The lines drawn for a grid of `size`: the first wording that fits.
    public static func lines(need: Size, have: Size, fitting size: Size, ascii: Bool) -> [String] {
        guard size.width > 0, size.height > 0 else { return [] }
        let (needed, present) = sizes(need: need, have: have, ascii: ascii)
        let wordings: [[String]] = [
            ["Terminal too small: need \(needed), have \(present)"],
            ["Terminal too small:", "need \(needed), have \(present)"],
            ["Terminal too small", "need \(needed)", "have \(present)"],
            ["Too small: need \(needed), have \(present)"],
            ["Too small", "need \(needed)", "have \(present)"],
            ["need \(needed)", "have \(present)"],
            ["need \(needed)"],
            ["Too small"],
        ]
        let fits = wordings.first { lines in
            lines.count <= size.height && lines.allSatisfy { DisplayWidth.of($0) <= size.width }
        }
        if let fits { return fits }
        if size.width < 2 { return ["!"] }
        return [TextLayout.truncated("Too small", toWidth: size.width, ascii: ascii)]
    }

    /// Clear `grid` and draw the message centred in it, with `hint` under it when it fits.
    public static func render(need: Size, have: Size, hint: String? = nil, into grid: inout CellGrid) {
        grid.clear()
        var lines = lines(need: need, have: have, fitting: grid.size, ascii: grid.theme.ascii)
        let messageCount = lines.count
        if let hint, DisplayWidth.of(hint) <= grid.size.width {
            if lines.count + 2 <= grid.size.height {
                lines += ["", hint]
            } else if lines.count + 1 <= grid.size.height {
                lines.append(hint)
            }
        }
        let top = max(0, (grid.size.height - lines.count) / 2)
        for (row, line) in lines.enumerated() {
            let style: Style = row == 0 ? .bold : row >= messageCount ? Style.bold.foreground(.yellow) : .plain
            Label(line, alignment: .center, style: style)
                .draw(into: &grid, in: Rect(x: 0, y: top + row, width: grid.size.width, height: 1))
        }
    }

    private static func sizes(need: Size, have: Size, ascii: Bool) -> (String, String) {
        let times = Glyphs(ascii: ascii).times
        return ("\(need.width)\(times)\(need.height)", "\(have.width)\(times)\(have.height)")
    }
}
