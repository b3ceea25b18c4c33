import ArcadeUI
import Foundation
import Testing

@testable import ArcadeTerminal

/// Raw-mode characters as the backend reads them.
@Suite struct InputDecodingTests {
    @Test(arguments: [
        (UInt32(3), Key.controlC), (26, .controlZ), (12, .controlL), (9, .tab), (13, .enter), (10, .enter),
        (27, .escape), (32, .space), (127, .backspace), (8, .backspace),
        (UInt32(("q" as Unicode.Scalar).value), .character("q")),
        (UInt32(("7" as Unicode.Scalar).value), .character("7")),
        (UInt32(("?" as Unicode.Scalar).value), .character("?")),
        (UInt32(("♠" as Unicode.Scalar).value), .character("♠")),
        (1, .unknown(1)), (0x85, .unknown(0x85)),
    ])
    func charactersDecodeToKeys(code: UInt32, key: Key) {
        #expect(Key.decode(character: code) == key)
    }
}

@Suite struct ByteDecodingTests {
    /// Decode `bytes` into keys the way the backend reads them, one key per call.
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var queue = bytes
        var result: [Key] = []
        while !queue.isEmpty {
            let first = queue.removeFirst()
            let (key, unread) = Key.decode(byte: first) { queue.isEmpty ? nil : queue.removeFirst() }
            if let unread { queue.insert(unread, at: 0) }
            result.append(key)
        }
        return result
    }

    @Test func utf8SequencesBecomeOneKey() {
        #expect(keys(Array("♠".utf8)) == [.character("♠")])
        #expect(keys(Array("é🍒q".utf8)) == [.character("é"), .character("🍒"), .character("q")])
    }

    @Test func anInvalidByteCostsOneKeyNotTheKeysAfterIt() {
        #expect(keys([0xFF, UInt8(ascii: "q")]) == [.unknown(0xFF), .character("q")])
        #expect(keys([0xC3, 0x28, 3]) == [.unknown(0xC3), .character("("), .controlC])
        #expect(keys([0xE2, 0x99]) == [.unknown(0xE2)])  // cut short
        #expect(keys([0xC0, 0xAF]) == [.unknown(0xC0), .unknown(0xAF)])  // overlong
        #expect(keys([0xED, 0xA0, 0x80]) == [.unknown(0xED)])  // a surrogate is no character
    }
}

@Suite struct MouseReportDecodingTests {
    /// Decode the bytes after an ESC; returns what they meant and the bytes left to read again.
    private func decode(_ text: String) -> (EscapeDecoding, [UInt8]) {
        var queue = Array(text.utf8)
        let meaning = Input.decodeEscape { queue.isEmpty ? nil : queue.removeFirst() }
        return (meaning, queue)
    }

    private func mouse(_ action: MouseAction, _ x: Int, _ y: Int) -> EscapeDecoding {
        .input(.mouse(MouseEvent(action, at: Point(x: x, y: y))))
    }

    @Test func sgrReportsBecomeClicksAtZeroBasedCells() {
        #expect(decode("[<0;10;5M").0 == mouse(.press, 9, 4))
        #expect(decode("[<0;10;5m").0 == mouse(.release, 9, 4))
        #expect(decode("[<2;1;1M").0 == mouse(.rightPress, 0, 0))
        #expect(decode("[<64;3;4M").0 == mouse(.wheelUp, 2, 3))
        #expect(decode("[<65;3;4M").0 == mouse(.wheelDown, 2, 3))
        #expect(decode("[<16;3;4M").0 == mouse(.press, 2, 3))  // ctrl-click
        #expect(decode("[<35;3;4M") == (.ignored(unread: []), []))  // motion
    }

    @Test func x10ReportsAsTmuxSendsThem() {
        let press = "[M" + String(UnicodeScalar(32)) + String(UnicodeScalar(33 + 9)) + String(UnicodeScalar(33 + 4))
        #expect(decode(press).0 == mouse(.press, 9, 4))
        let release = "[M" + String(UnicodeScalar(35)) + "!!"
        #expect(decode(release).0 == mouse(.release, 0, 0))
    }

    @Test func aReportCutShortCostsOnlyItself() {
        #expect(decode("[<0;1") == (.ignored(unread: []), []))
        #expect(decode("[<") == (.ignored(unread: []), []))
        #expect(decode("[<0;1\u{03}") == (.ignored(unread: [3]), []))  // Ctrl-C typed after the cut: read again
        #expect(decode("[M!") == (.ignored(unread: []), []))
    }
}

@Suite struct EscapeSequenceTests {
    /// What the bytes after an ESC mean, and every byte not consumed (handed back, then unread).
    private func decode(_ text: String) -> (EscapeDecoding, [UInt8]) {
        var queue = Array(text.utf8)
        let meaning = Input.decodeEscape { queue.isEmpty ? nil : queue.removeFirst() }
        return (meaning, queue)
    }

    private func key(_ text: String) -> Key? {
        let (meaning, rest) = decode(text)
        guard rest.isEmpty, case .input(.key(let key)) = meaning else { return nil }
        return key
    }

    @Test(arguments: [
        // Home and End in every form: xterm, xterm application mode, VT220 (tmux, PuTTY), rxvt.
        ("[H", Key.home), ("OH", .home), ("[1~", .home), ("[7~", .home),
        ("[F", .end), ("OF", .end), ("[4~", .end), ("[8~", .end),
        ("[2~", .insert), ("[3~", .delete), ("[5~", .pageUp), ("[6~", .pageDown),
        ("[A", .up), ("[B", .down), ("[C", .right), ("[D", .left),
        ("OA", .up), ("OB", .down), ("OC", .right), ("OD", .left),
        ("[1;5C", .right), ("[1;2A", .up), ("[1;3D", .left), ("[1;5H", .home), ("[3;5~", .delete),
        ("[a", .up), ("Od", .left),  // rxvt's Shift- and Ctrl-arrows
        ("[Z", .backTab), ("OM", .enter),
    ])
    func editingAndCursorKeys(sequence: String, expected: Key) {
        #expect(key(sequence) == expected)
    }

    @Test func functionKeysInXtermVT220AndRxvtForms() {
        let xterm = ["OP", "OQ", "OR", "OS", "[15~", "[17~", "[18~", "[19~", "[20~", "[21~", "[23~", "[24~"]
        #expect(xterm.map(key) == (1...12).map { .function($0) })
        let vt220 = ["[11~", "[12~", "[13~", "[14~"]
        #expect(vt220.map(key) == (1...4).map { .function($0) })
        #expect(["[[A", "[[B", "[[E"].map(key) == [.function(1), .function(2), .function(5)])  // Linux console
        #expect(key("[1;2P") == .function(1))  // Shift-F1
        #expect(key("[15;5~") == .function(5))  // Ctrl-F5
    }

    @Test func unknownSequencesAreConsumedWholeAndIgnored() {
        for sequence in ["[1I", "[2O", "[99~", "[201~", "[?1;2c", "[1;5Y", "[12;40R", "[>0;95;0c", "[5u", "Oz"] {
            #expect(decode(sequence) == (.ignored(unread: []), []), "\(sequence)")
        }
        // A sequence with many parameters is still one, however long.
        #expect(decode("[" + String(repeating: "1;", count: 500) + "~") == (.ignored(unread: []), []))
    }

    @Test func controlStringsAreSkippedToTheirTerminator() {
        #expect(decode("]11;rgb:0000/0000/0000\u{07}q") == (.ignored(unread: []), Array("q".utf8)))
        #expect(decode("]0;title\u{1B}\\q") == (.ignored(unread: []), Array("q".utf8)))
        #expect(decode("P1$r0m\u{1B}\\") == (.ignored(unread: []), []))
        // An ESC that starts something else ends the string and is read again.
        #expect(decode("]0;cut\u{1B}[A") == (.ignored(unread: [0x1B, UInt8(ascii: "[")]), Array("A".utf8)))
    }

    @Test func focusReportsSayTheWindowGainedOrLostFocus() {
        #expect(decode("[I") == (.input(.focus(.gained)), []))
        #expect(decode("[O") == (.input(.focus(.lost)), []))
        #expect(decode("[Oq") == (.input(.focus(.lost)), Array("q".utf8)), "the key after it is read next")
    }

    @Test func bracketedPasteIsAnnounced() {
        #expect(decode("[200~") == (.pasteStart, []))
    }

    @Test func aByteThatCannotBelongEndsTheSequenceAndIsReadAgain() {
        #expect(decode("[1\u{03}") == (.ignored(unread: [3]), []))  // Ctrl-C in a cut sequence still counts
        #expect(decode("[12") == (.ignored(unread: []), []))  // cut short: nothing else lost
    }

    @Test func altWithASequenceIsTheKeyAlone() {
        #expect(key("\u{1B}[A") == .up)  // rxvt's Alt-↑: ESC ESC [ A
        #expect(key("\u{1B}OB") == .down)
        #expect(decode("\u{1B}q") == (.escape(unread: [0x1B, UInt8(ascii: "q")]), []))  // two Escs, then q
    }

    @Test func aControlByteInACutReportOrStringStillCounts() {
        #expect(decode("[M\u{03}ab") == (.ignored(unread: [3]), Array("ab".utf8)))  // X10 report cut by Ctrl-C
        #expect(decode("]0;tit\u{03}le") == (.ignored(unread: [3]), Array("le".utf8)))
        #expect(decode("P1\u{1A}") == (.ignored(unread: [0x1A]), []))  // Ctrl-Z in a DCS string
    }

    @Test func aLoneEscStaysEsc() {
        #expect(decode("") == (.escape(unread: []), []))
        #expect(decode("q") == (.escape(unread: Array("q".utf8)), []))
        #expect(decode("\u{1B}") == (.escape(unread: [0x1B]), []))  // Esc twice
    }
}

/// The terminal's input as the arcade reads it: bytes through a pipe, decoded in order.
@Suite struct TerminalInputTests {
    /// Every input `bytes` decode to (nil for what is dropped), read through a pipe that is
    /// closed after them.
    private func inputs(_ bytes: [UInt8]) -> [Input?] { inputs(pieces: [bytes]) }

    /// The same, the bytes written in `pieces`, each after the one before was read whole (as
    /// a slow link delivers a sequence in parts).
    private func inputs(pieces: [[UInt8]]) -> [Input?] {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let writer = ends[1], reader = ends[0]
        let copy = pieces
        let thread = Thread { () in
            for piece in copy {
                // The next piece only once the reader has taken the last one.
                var waiting: Int32 = 0
                while ioctl(reader, UInt(FIONREAD), &waiting) == 0 && waiting > 0 { usleep(1000) }
                var offset = 0
                while offset < piece.count {
                    let count = piece[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    offset += count
                }
            }
            close(writer)
        }
        thread.start()
        defer { close(ends[0]) }
        let input = TerminalInput(descriptor: ends[0], wakeDescriptor: -1, shouldStop: { false })
        var result: [Input?] = []
        while input.wait(timeout: 5000) == .ready {
            result.append(input.decode())
        }
        return result
    }

    @Test func keysArrowsAndMiceComeOutInTheOrderTyped() {
        let bytes = Array("a\u{1B}OA\u{1B}[1;5C\u{1B}\u{1B}[B\u{1B}[<0;5;3M\u{1B}[3~é".utf8)
        #expect(inputs(bytes) == [.key(.character("a")), .key(.up), .key(.right), .key(.down),
                                  .mouse(MouseEvent(.press, at: Point(x: 4, y: 2))), .key(.delete),
                                  .key(.character("é"))])
    }

    @Test func aPasteIsDroppedWholeAndTheKeyAfterItCounts() {
        let paste = Array("\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "q"), count: 200_000)
            + Array("\u{1B}[201~x".utf8)
        #expect(inputs(paste).compactMap { $0 } == [.key(.character("x"))])
    }

    @Test func aFloodOfKeysIsReadWithoutLosingOne() {
        let flood = (0..<300_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        #expect(inputs(flood) == flood.map { Input.key(.character(Character(Unicode.Scalar($0)))) })
    }

    @Test func aSequenceOrCharacterThatComesInPiecesIsStillOneKey() {
        let arrow = inputs(pieces: [[0x1B, UInt8(ascii: "[")], [UInt8(ascii: "A")]])
        #expect(arrow == [.key(.up)])
        let accent = inputs(pieces: [[0xC3], [0xA9], [UInt8(ascii: "x")]])
        #expect(accent == [.key(.character("é")), .key(.character("x"))])
    }

    @Test func aPasteLongerThanAMebibyteIsNeverTypedAsKeys() {
        let paste = Array("\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "q"), count: (1 << 20) + 10)
            + Array("\u{1B}[201~x".utf8)
        #expect(inputs(paste).compactMap { $0 } == [.key(.character("x"))])
    }

    @Test func aPasteWhoseEndMarkerComesInTwoPiecesEndsThere() {
        let pieces = [Array("\u{1B}[200~1q\u{1B}[2".utf8), Array("01~y".utf8)]
        #expect(inputs(pieces: pieces).compactMap { $0 } == [.key(.character("y"))])
    }

    @Test func aFocusReportBetweenKeysIsAnInputOfItsOwn() {
        #expect(inputs(Array("a\u{1B}[Ob\u{1B}[I".utf8))
                == [.key(.character("a")), .focus(.lost), .key(.character("b")), .focus(.gained)])
    }

    @Test func aLoneEscAtTheEndIsTheEscKey() {
        #expect(inputs([UInt8(ascii: "j"), 0x1B]) == [.key(.character("j")), .key(.escape)])
    }
}
