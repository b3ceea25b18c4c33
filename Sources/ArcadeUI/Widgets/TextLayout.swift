/// Horizontal placement of text or widgets within a rectangle.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case left, center, right

    /// The column offset that places something `width` wide in `available` columns.
    ///
    /// Never negative: something too wide starts at the left edge and is clipped on the right.
    public func offset(for width: Int, in available: Int) -> Int {
        switch self {
        case .left: return 0
        case .center: return max(0, (available - width) / 2)
        case .right: return max(0, available - width)
        }
    }
}

/// Measuring, truncating and wrapping text by display width.
///
/// Widths follow `DisplayWidth` (emoji and CJK count two columns, combining marks none),
/// so a layout is the same in Unicode and ASCII mode. In ASCII mode a non-ASCII glyph is
/// drawn as `?` padded with spaces to its Unicode width (see `CellGrid.drawWidgetText`).
public enum TextLayout {
    /// Columns `text` takes on screen.
    public static func width(of text: String) -> Int {
        DisplayWidth.of(text)
    }

    /// `text` cut to at most `width` columns, ending in `…` (`...` in ASCII) when cut.
    ///
    /// Whole characters only: a wide glyph that would straddle the limit is dropped.
    /// When not even the ellipsis fits, as much of the ellipsis as fits is returned.
    public static func truncated(_ text: String, toWidth width: Int, ascii: Bool) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let ellipsis = Glyphs(ascii: ascii).ellipsis
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        if width <= ellipsisWidth { return String(ellipsis.prefix(width)) }
        return prefix(of: text, width: width - ellipsisWidth) + ellipsis
    }

    /// The longest leading part of `text` that takes at most `width` columns.
    public static func prefix(of text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(String(character))
            if used + characterWidth > width { break }
            result.append(character)
            used += characterWidth
        }
        return result
    }

    /// `text` broken into lines of at most `width` columns, at spaces where possible.
    ///
    /// A newline starts a new line (an empty paragraph stays an empty line); a word wider
    /// than `width` is split between characters. A width of zero or less gives no lines.
    public static func wrapped(_ text: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        // Text in ASCII (but CR, which with LF makes one character) is a column a byte, and
        // is wrapped by its bytes: splitting it into characters would be most of a dialog's
        // frame.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return wrappedASCII(Array(text.utf8), toWidth: width) }
        return wrappedCharacters(text, toWidth: width)
    }

    /// `wrapped` for any text, a character at a time.
    static func wrappedCharacters(_ text: String, toWidth width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            var paragraphLines: [String] = []
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    paragraphLines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    var piece = prefix(of: word, width: width)
                    if piece.isEmpty, let first = word.first { piece = String(first) }  // a wide glyph in 1 column
                    paragraphLines.append(piece)
                    word.removeFirst(piece.count)
                    wordWidth = DisplayWidth.of(word)
                }
                line = word
                lineWidth = wordWidth
            }
            if lineWidth > 0 || paragraphLines.isEmpty { paragraphLines.append(line) }
            lines += paragraphLines
        }
        return lines
    }

    /// `wrapped` for text in ASCII without CR, as `wrappedCharacters` wraps it: the same
    /// steps, a byte for a character and a column.
    private static func wrappedASCII(_ bytes: [UInt8], toWidth width: Int) -> [String] {
        func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }
        var lines: [String] = []
        for paragraph in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line: [UInt8] = []
            var paragraphLines: [String] = []
            for whole in paragraph.split(separator: 0x20) {
                var word = whole[...]
                if !line.isEmpty && line.count + 1 + word.count <= width {
                    line.append(0x20)
                    line.append(contentsOf: word)
                    continue
                }
                if !line.isEmpty {
                    paragraphLines.append(string(line))
                    line = []
                }
                while word.count > width {
                    paragraphLines.append(string(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                line = Array(word)
            }
            if !line.isEmpty || paragraphLines.isEmpty { paragraphLines.append(string(line)) }
            lines += paragraphLines
        }
        return lines
    }
}

extension CellGrid {
    /// Write `text` so that it takes exactly `TextLayout.width(of:)` columns in both modes.
    ///
    /// Unlike `write`, a non-ASCII glyph in ASCII mode becomes `?` followed by spaces up
    /// to its Unicode width, so widget layouts and hit tests need not know the mode.
    /// Returns the columns advanced.
    @discardableResult
    mutating func drawWidgetText(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let limit = (clip ?? bounds).intersection(bounds).maxX
        // Printable ASCII (most labels): as `write` draws it, and counted up to the limit.
        if let count = writeASCII(text, at: point, style: style, clip: clip) {
            return min(count, max(0, limit - point.x))
        }
        var x = point.x
        for scalar in text.unicodeScalars {
            let width = DisplayWidth.of(scalar)
            if width == 0 { continue }
            if x >= limit { break }
            if theme.ascii && !scalar.isASCII {
                put("?", at: Point(x: x, y: point.y), style: style, clip: clip)
                for pad in 1..<max(1, width) {
                    put(" ", at: Point(x: x + pad, y: point.y), style: style, clip: clip)
                }
            } else {
                put(scalar, at: Point(x: x, y: point.y), style: style, clip: clip)
            }
            x += width
        }
        return x - point.x
    }
}
