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
        default:
            for n in 1...12 where code == arcade_key_f(Int32(n)) { return .function(n) }
            return .unknown(UInt32(bitPattern: code))
        }
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

extension Input {
    /// Decode what follows an ESC that ncurses did not take as a key: a mouse report, or
    /// else Esc with the bytes that were read to look (to be read again, in order).
    ///
    /// Reports are xterm's SGR form `ESC [ < b ; x ; y M` (press) / `m` (release) and the
    /// X10 form `ESC [ M b x y` (tmux and screen terminal types). ncurses decodes them too,
    /// but waits without a timeout for the end of a report that was cut short, taking every
    /// key typed meanwhile (Ctrl-C included); here `next` waits a few milliseconds per
    /// byte, and a cut report costs nothing but itself.
    public static func decodeEscape(next: () -> UInt8?) -> (input: Input, unread: [UInt8]) {
        guard let first = next() else { return (.key(.escape), []) }
        guard first == UInt8(ascii: "[") else { return (.key(.escape), [first]) }
        guard let second = next() else { return (.key(.escape), [first]) }
        switch second {
        case UInt8(ascii: "<"): return decodeSGRMouse(next: next)
        case UInt8(ascii: "M"): return decodeX10Mouse(next: next)
        default: return (.key(.escape), [first, second])
        }
    }

    /// `b ; x ; y` then `M` or `m`, after `ESC [ <`.
    private static func decodeSGRMouse(next: () -> UInt8?) -> (input: Input, unread: [UInt8]) {
        var numbers = [0]
        var digits = 0
        while digits < 16, let byte = next() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: ";") where numbers.count < 3:
                numbers.append(0)
            case UInt8(ascii: "M"), UInt8(ascii: "m"):
                guard numbers.count == 3 else { return (.key(.unknown(27)), []) }
                let action = mouseAction(button: numbers[0], released: byte == UInt8(ascii: "m"))
                let point = Point(x: numbers[1] - 1, y: numbers[2] - 1)
                return (action.map { .mouse(MouseEvent($0, at: point)) } ?? .key(.unknown(27)), [])
            default:
                return (.key(.unknown(27)), [byte])  // not a report after all: read the byte again
            }
        }
        return (.key(.unknown(27)), [])  // cut short: drop it
    }

    /// Three bytes (button + 32, column + 33, row + 33) after `ESC [ M`.
    private static func decodeX10Mouse(next: () -> UInt8?) -> (input: Input, unread: [UInt8]) {
        guard let button = next(), let column = next(), let row = next(),
              button >= 32, column >= 33, row >= 33 else { return (.key(.unknown(27)), []) }
        let code = Int(button) - 32
        let action = code & 3 == 3 && code < 64 ? MouseAction.release : mouseAction(button: code, released: false)
        let point = Point(x: Int(column) - 33, y: Int(row) - 33)
        return (action.map { .mouse(MouseEvent($0, at: point)) } ?? .key(.unknown(27)), [])
    }

    /// The action a report's button code means (shift, alt and ctrl bits ignored; motion is nil).
    private static func mouseAction(button: Int, released: Bool) -> MouseAction? {
        let code = button & ~(4 | 8 | 16)
        switch code {
        case 0: return released ? .release : .press
        case 2: return released ? nil : .rightPress
        case 64: return .wheelUp
        case 65: return .wheelDown
        default: return nil
        }
    }
}
