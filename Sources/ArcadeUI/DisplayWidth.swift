import CArcadeWidth
import Glibc

/// How many terminal columns a code point takes, with `wcwidth` semantics.
public enum DisplayWidth {
    /// Make wcwidth answer for UTF-8: the user's locale, or C.UTF-8 when that is not UTF-8.
    ///
    /// Only the character type is taken from the environment: it is all that widths and
    /// ncurses' wide characters depend on, and each other category would be a file to open
    /// and read at every start.
    ///
    /// Call once before measuring or drawing (the app does it at start-up; tests through
    /// their support target). Returns true when the locale in force is UTF-8.
    @discardableResult
    public static func prepareLocale() -> Bool {
        setlocale(LC_CTYPE, "")
        if localeIsUTF8 { return true }
        // Not UTF-8: the app draws ASCII only, but widths are still measured in UTF-8.
        setlocale(LC_CTYPE, "C.UTF-8")
        return false
    }

    /// True when the character type locale is UTF-8.
    public static var localeIsUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Columns taken by `scalar`: 0 for combining marks, 2 for wide (emoji, CJK), else 1.
    /// Control characters, which the grid never stores, count as 1 (they are drawn as `?`).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return 1 }
        // Box drawing and block elements (U+2500–U+259F): every frame, and every cell of a
        // picture (▀ ▄), asked the C library, which says 1 for each in a UTF-8 locale and
        // cannot tell (−1, so 1) in any other.
        if (0x2500...0x259F).contains(scalar.value) { return 1 }
        let width = arcade_wcwidth(wchar_t(bitPattern: scalar.value))
        return width < 0 ? 1 : Int(width)
    }

    /// Columns taken by `text`, one code point at a time: a column a byte while the bytes
    /// are ASCII (most text), without decoding them.
    public static func of(_ text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? bytes.count : nil
        }
        if let columns = ascii ?? nil { return columns }
        return text.unicodeScalars.reduce(0) { $0 + of($1) }
    }
}
