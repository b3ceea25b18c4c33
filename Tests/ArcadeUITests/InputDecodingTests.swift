import CArcadeShim
import CNcursesw
import Testing

@testable import ArcadeUI

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

    @Test func keyCodesDecodeToKeys() {
        #expect(Key.decode(keyCode: KEY_UP) == .up)
        #expect(Key.decode(keyCode: KEY_DOWN) == .down)
        #expect(Key.decode(keyCode: KEY_LEFT) == .left)
        #expect(Key.decode(keyCode: KEY_RIGHT) == .right)
        #expect(Key.decode(keyCode: KEY_HOME) == .home)
        #expect(Key.decode(keyCode: KEY_END) == .end)
        #expect(Key.decode(keyCode: KEY_PPAGE) == .pageUp)
        #expect(Key.decode(keyCode: KEY_NPAGE) == .pageDown)
        #expect(Key.decode(keyCode: KEY_ENTER) == .enter)
        #expect(Key.decode(keyCode: KEY_BTAB) == .backTab)
        #expect(Key.decode(keyCode: KEY_BACKSPACE) == .backspace)
        #expect(Key.decode(keyCode: KEY_DC) == .delete)
        #expect(Key.decode(keyCode: KEY_F0 + 5) == .function(5))
        #expect(Key.decode(keyCode: KEY_IC) == .unknown(UInt32(KEY_IC)))
    }

    @Test func lettersStayLettersUnlessAScreenAsksForVimKeys() {
        #expect(Key.character("h").direction(vimKeys: false) == nil)
        #expect(Key.character("h").direction(vimKeys: true) == .left)
        #expect(Key.character("j").direction(vimKeys: true) == .down)
        #expect(Key.character("k").direction(vimKeys: true) == .up)
        #expect(Key.character("l").direction(vimKeys: true) == .right)
        #expect(Key.up.direction(vimKeys: false) == .up)
        #expect(Key.character("x").direction(vimKeys: true) == nil)
    }

    @Test func digitsAndActivationKeys() {
        #expect(Key.character("3").digit == 3)
        #expect(Key.character("a").digit == nil)
        #expect(Key.character("٣").digit == nil)  // only ASCII digits pick games
        #expect(Key.enter.isActivate && Key.space.isActivate)
        #expect(!Key.tab.isActivate)
    }

    @Test func mouseButtonStatesDecodeToActions() {
        #expect(MouseAction.decode(buttonState: arcade_mouse_button1_pressed()) == .press)
        #expect(MouseAction.decode(buttonState: arcade_mouse_button1_released()) == .release)
        #expect(MouseAction.decode(buttonState: arcade_mouse_button1_clicked()) == .press)
        #expect(MouseAction.decode(buttonState: arcade_mouse_button3_pressed()) == .rightPress)
        #expect(MouseAction.decode(buttonState: arcade_mouse_wheel_up()) == .wheelUp)
        #expect(MouseAction.decode(buttonState: arcade_mouse_wheel_down()) == .wheelDown)
        #expect(MouseAction.decode(buttonState: mmask_t(0)) == nil)
    }

    @Test func aClickIsALeftPress() {
        #expect(Input.mouse(MouseEvent(.press, at: Point(x: 3, y: 4))).clickPoint == Point(x: 3, y: 4))
        #expect(Input.mouse(MouseEvent(.release, at: Point(x: 3, y: 4))).clickPoint == nil)
        #expect(Input.key(.enter).clickPoint == nil)
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
    /// Decode the bytes after an ESC; returns the input and the bytes left to read again.
    private func decode(_ text: String) -> (Input, [UInt8]) {
        var queue = Array(text.utf8)
        let (input, unread) = Input.decodeEscape { queue.isEmpty ? nil : queue.removeFirst() }
        return (input, unread + queue)
    }

    @Test func sgrReportsBecomeClicksAtZeroBasedCells() {
        #expect(decode("[<0;10;5M").0 == .mouse(MouseEvent(.press, at: Point(x: 9, y: 4))))
        #expect(decode("[<0;10;5m").0 == .mouse(MouseEvent(.release, at: Point(x: 9, y: 4))))
        #expect(decode("[<2;1;1M").0 == .mouse(MouseEvent(.rightPress, at: Point(x: 0, y: 0))))
        #expect(decode("[<64;3;4M").0 == .mouse(MouseEvent(.wheelUp, at: Point(x: 2, y: 3))))
        #expect(decode("[<65;3;4M").0 == .mouse(MouseEvent(.wheelDown, at: Point(x: 2, y: 3))))
        #expect(decode("[<16;3;4M").0 == .mouse(MouseEvent(.press, at: Point(x: 2, y: 3))))  // ctrl-click
        #expect(decode("[<35;3;4M").0 == .key(.unknown(27)))  // motion
    }

    @Test func x10ReportsAsTmuxSendsThem() {
        let press = "[M" + String(UnicodeScalar(32)) + String(UnicodeScalar(33 + 9)) + String(UnicodeScalar(33 + 4))
        #expect(decode(press).0 == .mouse(MouseEvent(.press, at: Point(x: 9, y: 4))))
        let release = "[M" + String(UnicodeScalar(35)) + "!!"
        #expect(decode(release).0 == .mouse(MouseEvent(.release, at: Point(x: 0, y: 0))))
    }

    @Test func aReportCutShortCostsOnlyItself() {
        #expect(decode("[<0;1") == (.key(.unknown(27)), []))
        #expect(decode("[<") == (.key(.unknown(27)), []))
        let (input, rest) = decode("[<0;1q")  // a key typed after the cut: read again
        #expect(input == .key(.unknown(27)))
        #expect(rest == Array("q".utf8))
        #expect(decode("[M!").0 == .key(.unknown(27)))
    }

    @Test func otherSequencesGiveEscAndTheirBytesBack() {
        #expect(decode("") == (.key(.escape), []))
        #expect(decode("q") == (.key(.escape), Array("q".utf8)))
        #expect(decode("[Z") == (.key(.escape), Array("[Z".utf8)))
        #expect(decode("[") == (.key(.escape), Array("[".utf8)))
    }
}
