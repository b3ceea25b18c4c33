/// `wcwidth` is not exported by the Glibc overlay.
@_silgen_name("wcwidth")
func systemWcwidth(_ character: Int32) -> Int32

/// The columns `text` takes on a terminal (`wcwidth` per scalar; the locale must be UTF-8).
public func displayWidth(_ text: String) -> Int {
    var width = 0
    for scalar in text.unicodeScalars {
        let w = systemWcwidth(Int32(bitPattern: scalar.value))
        width += w < 0 ? 1 : Int(w)
    }
    return width
}

/// Bytes shown with escapes: `ESC [ ? 2 5 h` → `\e[?25h`.
public func escaped<S: Sequence>(_ bytes: S, limit: Int = 400) -> String where S.Element == UInt8 {
    var text = ""
    var count = 0
    var utf8: [UInt8] = []
    func flushUTF8() {
        if !utf8.isEmpty { text += String(decoding: utf8, as: UTF8.self); utf8 = [] }
    }
    for byte in bytes {
        count += 1
        if count > limit { text += "…"; return text }  // a cut UTF-8 sequence is dropped
        if byte >= 0x80 { utf8.append(byte); continue }
        flushUTF8()
        switch byte {
        case 0x1B: text += "\\e"
        case 0x0D: text += "\\r"
        case 0x0A: text += "\\n"
        case 0x09: text += "\\t"
        case 0x08: text += "\\b"
        case 0x07: text += "\\a"
        case 0x5C: text += "\\\\"
        case 0..<0x20, 0x7F:
            let hex = String(byte, radix: 16)
            text += "\\x" + (hex.count < 2 ? "0" : "") + hex
        default: text += String(UnicodeScalar(byte))
        }
    }
    flushUTF8()
    return text
}

extension Array where Element == UInt8 {
    /// Whether these bytes hold `subsequence` somewhere.
    public func contains(subsequence: [UInt8]) -> Bool {
        guard !subsequence.isEmpty, subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<$0 + subsequence.count].elementsEqual(subsequence) }
    }
}
