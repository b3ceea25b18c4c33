import ArcadeUI

/// A temple's name as lines written on a picture or a card: wrapped at spaces, and when it
/// needs more lines than there are, its start with the last line ending in "…".
enum TempleLabel {
    /// How many lines a name label may cover on a picture `pictureRows` high: up to three,
    /// never more than half the picture (one on the smallest pictures).
    static func lineLimit(pictureRows: Int) -> Int {
        max(1, min(3, pictureRows / 2))
    }

    /// A name as label lines `width` columns wide, at most `maxLines`: the whole name wrapped
    /// at spaces, or, when it needs more lines, its start with the last line ending in "…".
    ///
    /// The end of a name alone ("China Temple" for "Hong Kong China Temple") is never shown:
    /// it reads as another temple's name.
    static func lines(_ name: String, width: Int, maxLines: Int, ascii: Bool) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        let lines = TextLayout.wrapped(name, toWidth: width)
        guard lines.count > maxLines else { return lines }
        let kept = Array(lines.prefix(maxLines - 1))
        // What the kept lines leave of the name (wrapping drops the spaces it breaks at).
        var rest = Substring(name)
        for character in kept.joined() {
            while rest.first == " " && character != " " { rest.removeFirst() }
            if rest.first == character { rest.removeFirst() }
        }
        return kept + [shortened(String(rest.drop { $0 == " " }), toWidth: width, ascii: ascii)]
    }

    /// `text` cut to `width` columns with "…", after a whole word when at least one fits.
    private static func shortened(_ text: String, toWidth width: Int, ascii: Bool) -> String {
        guard TextLayout.width(of: text) > width else { return text }
        let ellipsis = Glyphs(ascii: ascii).ellipsis
        let words = text.split(separator: " ")
        var fitting = ""
        for word in words {
            let longer = fitting.isEmpty ? String(word) : fitting + " " + word
            guard TextLayout.width(of: longer + ellipsis) <= width else { break }
            fitting = longer
        }
        return fitting.isEmpty ? TextLayout.truncated(text, toWidth: width, ascii: ascii) : fitting + ellipsis
    }

    /// A temple's name written across the bottom of its picture, in white on black (study
    /// mode).
    static func draw(_ name: String, in frame: Rect, clip: Rect, pictureRows: Int, into grid: inout CellGrid) {
        let inner = Box.inner(of: frame)
        let lines = Self.lines(name, width: inner.width, maxLines: lineLimit(pictureRows: pictureRows),
                               ascii: grid.theme.ascii)
        let style = Style(foreground: .white, background: .black, bold: true)
        for (offset, line) in lines.enumerated() {
            let y = inner.maxY - lines.count + offset
            let row = Rect(x: inner.x, y: y, width: inner.width, height: 1).intersection(clip)
            guard !row.isEmpty else { continue }
            grid.fill(row, style: style)
            let x = inner.x + max(0, (inner.width - DisplayWidth.of(line)) / 2)
            grid.write(line, at: Point(x: x, y: y), style: style, clip: row)
        }
    }
}
