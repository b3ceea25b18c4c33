/// The message shown instead of a screen when the terminal is smaller than it needs.
///
/// In full: `Terminal too small: need 40×12, have 30×8` (`x` for `×` in ASCII), centred.
/// When that does not fit, shorter wordings are tried in turn — broken over lines, then
/// `Too small` / `need 40×12` / `have 30×8`, down to `need 40×12` or `Too small` alone —
/// and the first that fits without cutting a word is drawn. On a grid too small for any
/// of them, `Too small` is truncated to the first row, and a 1×1 grid shows `!`.
/// A hint (what the keys that still work do, e.g. `q: back to the menu`, or an open
/// question) goes under the message, wrapped, after a blank row when there is room; the
/// message takes a shorter wording to make room, and gives way to the hint on a tiny grid.
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

    /// Clear `grid` and draw the message centred in it, with `hint` under it.
    public static func render(need: Size, have: Size, hint: String? = nil, into grid: inout CellGrid) {
        grid.clear()
        let size = grid.size
        var lines = lines(need: need, have: have, fitting: size, ascii: grid.theme.ascii)
        var messageCount = lines.count
        let hintLines = hint.map { TextLayout.wrapped($0, toWidth: size.width) } ?? []
        if !hintLines.isEmpty && hintLines.count <= size.height {
            let room = size.height - hintLines.count
            var message = lines
            if message.count > room {
                message = room > 0 ? Self.lines(need: need, have: have, fitting: Size(width: size.width, height: room),
                                                ascii: grid.theme.ascii) : []
            }
            if message.count + hintLines.count > size.height { message = [] }  // what the keys do matters more
            let gap = !message.isEmpty && message.count + 1 + hintLines.count <= size.height ? [""] : []
            lines = message + gap + hintLines
            messageCount = message.count
        }
        let top = max(0, (size.height - lines.count) / 2)
        for (row, line) in lines.enumerated() {
            let style: Style = row >= messageCount ? Style.bold.foreground(.warning) : row == 0 ? .bold : .plain
            Label(line, alignment: .center, style: style)
                .draw(into: &grid, in: Rect(x: 0, y: top + row, width: size.width, height: 1))
        }
    }

    private static func sizes(need: Size, have: Size, ascii: Bool) -> (String, String) {
        let times = Glyphs(ascii: ascii).times
        return ("\(need.width)\(times)\(need.height)", "\(have.width)\(times)\(have.height)")
    }
}
