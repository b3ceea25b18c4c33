extension String {
    /// How many characters of a quoted value a message shows before cutting it with "…".
    public static let messageValueLimit = 64
    /// The same for a folder's path, which is often longer and worth showing whole.
    public static let messagePathLimit = 256

    /// This value, which came from outside the arcade (an argument, `TERM`, a path), made
    /// safe to quote in a message.
    ///
    /// Control characters would act on the terminal the message is printed to (an `ESC ]`
    /// retitles the window, a `BEL` rings), so they are shown escaped: `\e` for Esc, `\t`,
    /// `\n` and `\r`, `\x07` for the other C0 controls and DEL, `\u{9B}` for C1 controls and
    /// the invisible format characters that reorder or hide text (`\u{202E}`, `\u{200B}`), and
    /// a backslash as `\\`. A value longer than `limit` code points (after escaping) is cut
    /// there and ends in "…", so a 100,000-character argument is not printed whole.
    public func escapedForMessage(limit: Int = String.messageValueLimit) -> String {
        var result = ""
        var length = 0
        for scalar in unicodeScalars {
            let shown = Self.escaped(scalar)
            guard length + shown.unicodeScalars.count <= limit else { return result + "…" }
            result += shown
            length += shown.unicodeScalars.count
        }
        return result
    }

    /// One code point as `escapedForMessage` shows it.
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\u{1B}": return "\\e"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        default: break
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        if scalar.value < 0x20 || scalar.value == 0x7F {
            return "\\x" + (hex.count < 2 ? "0" : "") + hex
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            return "\\u{" + hex + "}"
        default:
            return String(scalar)
        }
    }
}
