import ArcadeUI

// The byte grammar of keys lives here, in the backend, beside the reader it serves; see
// `EscapeDecoding` for why.

extension Key {
    /// The key for a character read in raw mode (control bytes included).
    public static func decode(character code: UInt32) -> Key {
        switch code {
        case 3: return .controlC
        case 8, 127: return .backspace
        case 9: return .tab
        case 10, 13: return .enter
        case 12: return .controlL
        case 26: return .controlZ
        case 27: return .escape
        case 32: return .space
        case 0..<32: return .unknown(code)
        default:
            guard let scalar = Unicode.Scalar(code), !(0x7F..<0xA0).contains(code) else { return .unknown(code) }
            return .character(Character(scalar))
        }
    }
}

extension Key {
    /// Decode one key from raw input bytes: a control or ASCII byte, or a UTF-8 sequence.
    ///
    /// `next` returns the following byte if one is already waiting. An invalid or cut
    /// sequence gives `.unknown(firstByte)`, and a byte that was read but does not
    /// belong to the sequence comes back as `unread`, so one bad byte costs one key —
    /// never the keys typed after it (ncurses' `wget_wch` swallows up to 16 bytes
    /// after an invalid one, Ctrl-C included).
    public static func decode(byte first: UInt8, next: () -> UInt8?) -> (key: Key, unread: UInt8?) {
        let length: Int
        switch first {
        case 0x00..<0x80: return (decode(character: UInt32(first)), nil)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown(UInt32(first)), nil)
        }
        var value = UInt32(first) & (0xFF >> (length + 1))
        for _ in 1..<length {
            guard let byte = next() else { return (.unknown(UInt32(first)), nil) }
            guard byte & 0xC0 == 0x80 else { return (.unknown(UInt32(first)), byte) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= shortest, Unicode.Scalar(value) != nil else { return (.unknown(UInt32(first)), nil) }
        return (decode(character: value), nil)
    }
}

