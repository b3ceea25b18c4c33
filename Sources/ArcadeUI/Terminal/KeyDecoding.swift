import CArcadeShim
import CNcursesw

extension Key {
    /// The key for a character `wget_wch` returned with `OK` (raw mode: control bytes included).
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

    /// The key for a key code `wget_wch` returned with `KEY_CODE_YES` (not mouse or resize).
    public static func decode(keyCode code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_SR: return .up  // shifted arrows and keypad corners count as the plain keys
        case KEY_SF: return .down
        case KEY_SLEFT: return .left
        case KEY_SRIGHT: return .right
        case KEY_SHOME, KEY_A1: return .home
        case KEY_SEND, KEY_C1: return .end
        case KEY_A3: return .pageUp
        case KEY_C3: return .pageDown
        default:
            for n in 1...12 where code == arcade_key_f(Int32(n)) { return .function(n) }
            return extendedKey(code) ?? .unknown(UInt32(bitPattern: code))
        }
    }

    /// A key ncurses knows from the terminal description's extended names (`kUP5` is
    /// Ctrl-↑, `kRIT3` Alt-→, `kHOM2` Shift-Home…): the plain key, modifiers dropped.
    private static func extendedKey(_ code: Int32) -> Key? {
        guard code > KEY_MAX, let name = keyname(code) else { return nil }
        let text = String(cString: name)
        let keys: [(String, Key)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home),
            ("kEND", .end), ("kNXT", .pageDown), ("kPRV", .pageUp), ("kDC", .delete), ("kIC", .insert),
        ]
        return keys.first { prefix, _ in
            text.hasPrefix(prefix) && text.dropFirst(prefix.count).allSatisfy(\.isNumber)
        }?.1
    }
}

extension MouseAction {
    /// The action a button-state mask reports, or nil for motion and other buttons.
    public static func decode(buttonState state: mmask_t) -> MouseAction? {
        if state & arcade_mouse_button1_pressed() != 0 { return .press }
        if state & arcade_mouse_button1_clicked() != 0 { return .press }
        if state & arcade_mouse_button1_released() != 0 { return .release }
        if state & arcade_mouse_button3_pressed() != 0 { return .rightPress }
        if state & arcade_mouse_wheel_up() != 0 { return .wheelUp }
        let down = arcade_mouse_wheel_down()
        if down != 0 && state & down != 0 { return .wheelDown }
        return nil
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

