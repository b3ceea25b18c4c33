import ArcadeUI

/// What the bytes after an ESC turned out to be.
///
/// The grammar (this file and `KeyDecoding.swift`) is pure: bytes in, `Input` out, no
/// curses, no file descriptors. It still lives in the backend, not in ArcadeUI, because
/// it is the wire format of a real terminal and nothing else reads it: screens, the run
/// loop and the fake terminal of the tests deal in `Input` values only, and the one
/// reader of bytes is `TerminalInput`. Its tests (ArcadeTerminalTests) call these
/// functions directly and need no terminal. A second backend speaking ECMA-48 would
/// move it into a module of its own, not into ArcadeUI.
public enum EscapeDecoding: Equatable, Sendable {
    /// A key or a mouse event.
    case input(Input)
    /// Esc pressed alone; `unread` holds the bytes read while looking, to be read again in order.
    case escape(unread: [UInt8])
    /// A whole sequence that means nothing to a screen (an unknown key, mouse motion, a
    /// terminal's answer), or one cut short; `unread` holds a byte that was
    /// read but is not part of it (the start of the next key), to be read again.
    case ignored(unread: [UInt8])
    /// `ESC [ 200 ~`: a bracketed paste begins. Its text, up to `ESC [ 201 ~`, is for
    /// no screen and is to be dropped.
    case pasteStart
}

extension Input {
    /// Decode what follows an ESC by the ECMA-48 grammar, consuming a sequence whole.
    ///
    /// `next` returns the following byte if it arrives within a few milliseconds. The
    /// forms read:
    ///
    /// - CSI, `ESC [` parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F) and one
    ///   final byte (0x40–0x7E): arrows (also with modifiers, `ESC [ 1 ; 5 C`), Home and
    ///   End (`ESC [ H` / `F`, `ESC [ 1 ~` / `4 ~`, rxvt's `7 ~` / `8 ~`), Insert, Delete,
    ///   Page Up and Down, F1–F12 (xterm and VT220/rxvt numbers, the Linux console's
    ///   `ESC [ [ A`), Shift-Tab (`ESC [ Z`), and mouse reports, xterm's SGR form `ESC [ < b ; x ; y M` (press) / `m`
    ///   (release) and the X10 form `ESC [ M b x y` (tmux and screen terminal types), and
    ///   focus reports, `ESC [ I` (focus in) and `ESC [ O` (focus out).
    /// - SS3, `ESC O` and one final byte (xterm's application-mode arrows, Home, End,
    ///   F1–F4 and keypad keys).
    /// - Control strings, `ESC ]` (OSC), `ESC P` (DCS), `ESC _`, `ESC ^`, `ESC X`, up to
    ///   their terminator (BEL, or `ESC \`): always ignored.
    /// - A sequence after a second ESC (rxvt's Alt-arrows, `ESC ESC [ A`): the key alone.
    ///
    /// Anything else after ESC is a lone Esc followed by that byte, as a quick Esc and a
    /// key arrive together (tmux sends them in one write). A known sequence becomes its
    /// key; an unknown one (mouse motion, a terminal's answer…) is ignored
    /// whole; a sequence cut short costs only itself. A control byte (Ctrl-C, Ctrl-Z…)
    /// cannot belong to a sequence: it ends one and is handed back, so it still counts.
    /// ncurses decodes mouse reports too, but waits without a timeout for the end of one
    /// that was cut short, taking every key typed meanwhile.
    public static func decodeEscape(next: () -> UInt8?) -> EscapeDecoding {
        guard let first = next() else { return .escape(unread: []) }
        switch first {
        case UInt8(ascii: "["):
            return decodeControlSequence(next: next)
        case UInt8(ascii: "O"):
            return decodeSingleShift(next: next)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            return skipControlString(bellEnds: first == UInt8(ascii: "]"), next: next)
        case 0x1B:
            // Alt with a key that is itself a sequence; two Escs otherwise.
            guard let second = next() else { return .escape(unread: [0x1B]) }
            switch second {
            case UInt8(ascii: "["): return decodeControlSequence(next: next)
            case UInt8(ascii: "O"): return decodeSingleShift(next: next)
            default: return .escape(unread: [0x1B, second])
            }
        default:
            return .escape(unread: [first])
        }
    }

    /// The most bytes of a sequence kept for decoding; longer ones are read to their end and ignored.
    private static let longestSequence = 64

    /// Everything after `ESC [`.
    private static func decodeControlSequence(next: () -> UInt8?) -> EscapeDecoding {
        var parameters: [UInt8] = []
        var intermediates: [UInt8] = []
        var length = 0
        while true {
            guard let byte = next() else {
                // rxvt ends Shift-modified keys with `$` (`ESC [ 3 $`), an intermediate byte.
                if intermediates == [UInt8(ascii: "$")], let key = tildeKey(parameters) { return .input(.key(key)) }
                return .ignored(unread: [])  // cut short
            }
            length += 1
            switch byte {
            case 0x30...0x3F where intermediates.isEmpty:
                if length <= longestSequence { parameters.append(byte) }
            case 0x20...0x2F:
                if length <= longestSequence { intermediates.append(byte) }
            case 0x40...0x7E:
                guard length <= longestSequence else { return .ignored(unread: []) }
                return controlSequence(parameters: parameters, intermediates: intermediates, final: byte,
                                       next: next)
            default:
                return .ignored(unread: [byte])  // not part of a sequence: read it again
            }
        }
    }

    /// The meaning of a complete control sequence.
    private static func controlSequence(parameters: [UInt8], intermediates: [UInt8], final: UInt8,
                                        next: () -> UInt8?) -> EscapeDecoding {
        if parameters.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return decodeSGRMouse(parameters.dropFirst(), released: final == UInt8(ascii: "m"))
        }
        if parameters.isEmpty, intermediates.isEmpty, final == UInt8(ascii: "M") { return decodeX10Mouse(next: next) }
        if parameters.isEmpty, intermediates.isEmpty, final == UInt8(ascii: "[") {
            // The Linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`.
            guard let letter = next() else { return .ignored(unread: []) }
            guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) else { return .ignored(unread: [letter]) }
            return .input(.key(.function(Int(letter - UInt8(ascii: "A")) + 1)))
        }
        // Keys have plain numeric parameters; `<`, `=`, `>` or `?` mark a terminal's reports.
        guard intermediates.isEmpty, parameters.allSatisfy({ (0x30...0x3B).contains($0) })
        else { return .ignored(unread: []) }
        let key: Key?
        switch Unicode.Scalar(final) {
        case "~", "^", "@":
            // `ESC [ 200 ~` opens a bracketed paste; `201 ~` closes one (met here only stray).
            if numbers(parameters).first == 200 { return .pasteStart }
            key = tildeKey(parameters)
        case "Z": key = .backTab
        case "P"..."S":
            // xterm's modified F1–F4 (`ESC [ 1 ; 2 P`); `ESC [ 12 ; 40 R` is a cursor report.
            key = numbers(parameters).count == 2 && numbers(parameters)[0] == 1
                ? .function(Int(final - UInt8(ascii: "P")) + 1) : nil
        case "I" where parameters.isEmpty: return .input(.focus(.gained))
        case "O" where parameters.isEmpty: return .input(.focus(.lost))
        default: key = letterKey(final)
        }
        return key.map { .input(.key($0)) } ?? .ignored(unread: [])
    }

    /// Everything after `ESC O`: one final byte, after parameters in some terminals' modified forms.
    private static func decodeSingleShift(next: () -> UInt8?) -> EscapeDecoding {
        var length = 0
        while let byte = next() {
            length += 1
            switch byte {
            case 0x30...0x3F where length < longestSequence:
                continue  // `ESC O 5 A`: a modifier, ignored
            case 0x40...0x7E:
                let key: Key?
                switch Unicode.Scalar(byte) {
                case "P"..."S": key = .function(Int(byte - UInt8(ascii: "P")) + 1)
                case "M": key = .enter  // the keypad's Enter
                case "p"..."y": key = .character(Character(Unicode.Scalar(byte - UInt8(ascii: "p") + UInt8(ascii: "0"))))
                default: key = letterKey(byte)
                }
                return key.map { .input(.key($0)) } ?? .ignored(unread: [])
            default:
                return .ignored(unread: [byte])
            }
        }
        return .ignored(unread: [])
    }

    /// Read a control string (OSC, DCS, APC, PM, SOS) to its end and drop it.
    ///
    /// It ends at `ESC \` (or BEL for OSC). An ESC followed by anything else ends it too,
    /// and that ESC starts the next input; so does a control byte a string never holds
    /// (Ctrl-C, say), handed back. A string that stops arriving ends where it stops.
    private static func skipControlString(bellEnds: Bool, next: () -> UInt8?) -> EscapeDecoding {
        while let byte = next() {
            if bellEnds && byte == 0x07 { return .ignored(unread: []) }
            if byte == 0x1B {
                guard let after = next() else { return .ignored(unread: []) }
                return .ignored(unread: after == UInt8(ascii: "\\") ? [] : [0x1B, after])
            }
            if isStrayControl(byte) { return .ignored(unread: [byte]) }
        }
        return .ignored(unread: [])
    }

    /// A C0 control byte that no report or string holds: a key typed meanwhile.
    private static func isStrayControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && ![0x07, 0x08, 0x09, 0x0A, 0x0D, 0x1B].contains(byte)
    }

    /// Arrows, Home and End as final letters: `A`–`D`, `H`, `F`, and rxvt's modified `a`–`d`.
    private static func letterKey(_ final: UInt8) -> Key? {
        switch Unicode.Scalar(final) {
        case "A", "a": return .up
        case "B", "b": return .down
        case "C", "c": return .right
        case "D", "d": return .left
        case "H": return .home
        case "F": return .end
        default: return nil
        }
    }

    /// The key of a VT220-style `ESC [ n ~` (modifiers after `;` are ignored).
    private static func tildeKey(_ parameters: [UInt8]) -> Key? {
        switch numbers(parameters).first ?? 0 {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case let n where (11...15).contains(n): return .function(n - 10)  // F1–F5
        case let n where (17...21).contains(n): return .function(n - 11)  // F6–F10
        case 23: return .function(11)
        case 24: return .function(12)
        default: return nil
        }
    }

    /// The numbers of a parameter string such as `1;5` (an empty field is 0).
    private static func numbers(_ parameters: some Collection<UInt8>) -> [Int] {
        var result = [0]
        for byte in parameters {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                result[result.count - 1] = min(99_999, result[result.count - 1] * 10 + Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: ";"), UInt8(ascii: ":"):
                result.append(0)
            default:
                break
            }
        }
        return result
    }

    /// `b ; x ; y` of an SGR report (after `ESC [ <`, before its final `M` or `m`).
    private static func decodeSGRMouse(_ parameters: some Collection<UInt8>, released: Bool) -> EscapeDecoding {
        guard parameters.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") }) else {
            return .ignored(unread: [])
        }
        let fields = numbers(parameters)
        guard fields.count == 3, let action = mouseAction(button: fields[0], released: released) else {
            return .ignored(unread: [])  // motion, other buttons, a malformed report
        }
        return .input(.mouse(MouseEvent(action, at: Point(x: fields[1] - 1, y: fields[2] - 1))))
    }

    /// Three bytes (button + 32, column + 33, row + 33) after `ESC [ M`; a control byte
    /// among them (below 32, so no part of a report) ends it and is handed back.
    private static func decodeX10Mouse(next: () -> UInt8?) -> EscapeDecoding {
        var bytes: [UInt8] = []
        while bytes.count < 3 {
            guard let byte = next() else { return .ignored(unread: []) }
            if byte < 32 { return .ignored(unread: [byte]) }
            bytes.append(byte)
        }
        let (button, column, row) = (bytes[0], bytes[1], bytes[2])
        guard column >= 33, row >= 33 else { return .ignored(unread: []) }
        let code = Int(button) - 32
        let action = code & 3 == 3 && code < 64 ? MouseAction.release : mouseAction(button: code, released: false)
        let point = Point(x: Int(column) - 33, y: Int(row) - 33)
        return action.map { .input(.mouse(MouseEvent($0, at: point))) } ?? .ignored(unread: [])
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
