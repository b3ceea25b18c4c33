import ArcadeUI

/// A picture's name as lines of a label: on the picture, or on a card in its place.
enum PictureLabel {
    /// A name as label lines `width` columns wide, at most `maxLines`: the whole name wrapped
    /// at spaces, or, when it needs more lines, its start with the last line ending in "…".
    ///
    /// The end of a name alone ("China Temple" for "Hong Kong China Temple") is never shown:
    /// it reads as another picture's name.
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
}
