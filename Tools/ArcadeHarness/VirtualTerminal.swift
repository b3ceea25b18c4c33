/// A small model of the terminal the arcade draws on: enough of xterm (as ncurses drives
/// it with `TERM=xterm-256color`) to know what text is on screen and which modes are on.
///
/// It understands UTF-8 text (wide glyphs by `wcwidth`), the DEC line-drawing set, cursor
/// addressing and movement, erasing, inserting and deleting characters and lines, `rep`,
/// scroll regions, the alternate screen (`?1049`), cursor visibility (`?25`), mouse
/// reporting modes, bracketed paste, application cursor keys and keypad, and any other private
/// mode left on. Colours and attributes are ignored.
/// With `tracksGrid == false` only the modes are followed (cheap enough for the torture).
public final class VirtualTerminal {
    public private(set) var width: Int
    public private(set) var height: Int
    public let tracksGrid: Bool

    // Modes the restore check looks at.
    public private(set) var alternateScreen = false
    public private(set) var cursorVisible = true
    public private(set) var mouseModes: Set<Int> = []
    public private(set) var applicationCursorKeys = false
    public private(set) var applicationKeypad = false
    /// Bracketed paste (`?2004`), and whether it was ever switched on.
    public private(set) var bracketedPaste = false
    public private(set) var sawBracketedPaste = false
    /// Focus reporting (`?1004`), and whether it was ever switched on.
    public private(set) var focusReporting = false
    public private(set) var sawFocusReporting = false
    /// Every other private mode (`ESC [ ? n h`) switched on and not off again, such as xterm's
    /// eight-bit meta input (`?1034`, terminfo `smm`); autowrap (`?7`) and auto-repeat (`?8`),
    /// which a terminal starts with on, are not counted.
    public private(set) var otherPrivateModes: Set<Int> = []
    /// How many times the alternate screen was entered and left.
    public private(set) var alternateScreenEntries = 0
    public private(set) var alternateScreenExits = 0

    // Screen.
    private var cells: [UInt32]
    private var otherScreen: [UInt32]
    public private(set) var cursorX = 0
    public private(set) var cursorY = 0
    private var wrapPending = false
    private var savedCursor = (x: 0, y: 0)
    private var scrollTop = 0
    private var scrollBottom: Int
    private var lastGraphic: UInt32 = 32
    private var lineDrawing = false
    private var insertMode = false

    // Parser.
    private enum State { case ground, escape, escapeIntermediate, csi, osc, oscEscape, string, stringEscape }
    private var state = State.ground
    private var params: [Int] = []
    private var currentParam = -1
    private var privateMarker: UInt8 = 0
    private var intermediate: UInt8 = 0
    private var utf8Value: UInt32 = 0
    private var utf8Remaining = 0

    public init(width: Int, height: Int, tracksGrid: Bool = true) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.tracksGrid = tracksGrid
        let count = tracksGrid ? self.width * self.height : 0
        cells = [UInt32](repeating: 32, count: count)
        otherScreen = cells
        scrollBottom = self.height - 1
    }

    /// The modes a program must have switched off when it gives the terminal back.
    public var restoreProblems: [String] {
        var problems: [String] = []
        if alternateScreen { problems.append("still on the alternate screen") }
        if !cursorVisible { problems.append("cursor hidden") }
        if !mouseModes.isEmpty { problems.append("mouse reporting on (\(mouseModes.sorted().map { "?\($0)" }.joined(separator: ",")))") }
        if applicationCursorKeys { problems.append("application cursor keys on") }
        if bracketedPaste { problems.append("bracketed paste on") }
        if focusReporting { problems.append("focus reporting on") }
        if applicationKeypad { problems.append("application keypad on") }
        if !otherPrivateModes.isEmpty {
            problems.append("private modes left on (\(otherPrivateModes.sorted().map { "?\($0)" }.joined(separator: ",")))")
        }
        return problems
    }

    // MARK: Screen text

    /// The screen as lines of text (trailing blanks kept).
    public func lines() -> [String] {
        guard tracksGrid else { return [] }
        var result: [String] = []
        for y in 0..<height {
            var line = String.UnicodeScalarView()
            for x in 0..<width {
                let value = cells[y * width + x]
                if value == 0 { continue }
                line.append(Unicode.Scalar(value) ?? " ")
            }
            result.append(String(line))
        }
        return result
    }

    public func line(_ y: Int) -> String {
        let all = lines()
        return y >= 0 && y < all.count ? all[y] : ""
    }

    public var text: String { lines().joined(separator: "\n") }

    // MARK: Size

    public func resize(width newWidth: Int, height newHeight: Int) {
        let w = max(1, newWidth), h = max(1, newHeight)
        if tracksGrid {
            func resized(_ old: [UInt32]) -> [UInt32] {
                var fresh = [UInt32](repeating: 32, count: w * h)
                for y in 0..<min(h, height) {
                    for x in 0..<min(w, width) { fresh[y * w + x] = old[y * width + x] }
                }
                return fresh
            }
            cells = resized(cells)
            otherScreen = resized(otherScreen)
        }
        width = w
        height = h
        cursorX = min(cursorX, w - 1)
        cursorY = min(cursorY, h - 1)
        scrollTop = 0
        scrollBottom = h - 1
        wrapPending = false
    }

    // MARK: Feeding

    public func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    public func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    @inline(__always)
    private func feed(_ byte: UInt8) {
        switch state {
        case .ground:
            if utf8Remaining > 0 {
                if byte & 0xC0 == 0x80 {
                    utf8Value = utf8Value << 6 | UInt32(byte & 0x3F)
                    utf8Remaining -= 1
                    if utf8Remaining == 0 { printScalar(utf8Value) }
                    return
                }
                utf8Remaining = 0
                printScalar(0xFFFD)
            }
            if byte < 0x20 {
                control(byte)
            } else if byte < 0x7F {
                printScalar(UInt32(byte))
            } else if byte == 0x7F {
                return
            } else if byte >= 0xC2 && byte <= 0xDF {
                utf8Value = UInt32(byte & 0x1F); utf8Remaining = 1
            } else if byte >= 0xE0 && byte <= 0xEF {
                utf8Value = UInt32(byte & 0x0F); utf8Remaining = 2
            } else if byte >= 0xF0 && byte <= 0xF4 {
                utf8Value = UInt32(byte & 0x07); utf8Remaining = 3
            } else {
                printScalar(0xFFFD)
            }
        case .escape:
            escape(byte)
        case .escapeIntermediate:
            if byte < 0x20 { controlInSequence(byte); return }
            if byte >= 0x30 && byte <= 0x7E {
                if intermediate == UInt8(ascii: "(") { lineDrawing = byte == UInt8(ascii: "0") }
                state = .ground
            }
        case .csi:
            csi(byte)
        case .osc:
            if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .oscEscape }
        case .oscEscape:
            state = .ground
        case .string:
            if byte == 0x1B { state = .stringEscape }
        case .stringEscape:
            state = byte == UInt8(ascii: "\\") ? .ground : .string
        }
    }

    private func controlInSequence(_ byte: UInt8) {
        switch byte {
        case 0x1B: startEscape()
        case 0x18, 0x1A: state = .ground
        default: control(byte)
        }
    }

    private func startEscape() {
        state = .escape
        params.removeAll(keepingCapacity: true)
        currentParam = -1
        privateMarker = 0
        intermediate = 0
    }

    private func control(_ byte: UInt8) {
        switch byte {
        case 0x1B: startEscape()
        case 0x0D: cursorX = 0; wrapPending = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: cursorX = max(0, cursorX - 1); wrapPending = false
        case 0x09: cursorX = min(width - 1, (cursorX / 8 + 1) * 8); wrapPending = false
        default: break
        }
    }

    private func escape(_ byte: UInt8) {
        switch byte {
        case 0x00..<0x20:
            controlInSequence(byte)
            return
        case UInt8(ascii: "["): state = .csi; return
        case UInt8(ascii: "]"): state = .osc; return
        case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): state = .string; return
        case 0x20...0x2F:
            intermediate = byte
            state = .escapeIntermediate
            return
        case UInt8(ascii: "7"): savedCursor = (cursorX, cursorY)
        case UInt8(ascii: "8"): moveTo(x: savedCursor.x, y: savedCursor.y)
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): cursorX = 0; lineFeed()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "="): applicationKeypad = true
        case UInt8(ascii: ">"): applicationKeypad = false
        case UInt8(ascii: "c"): fullReset()
        default: break
        }
        state = .ground
    }

    private func csi(_ byte: UInt8) {
        switch byte {
        case 0x00..<0x20:
            controlInSequence(byte)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            currentParam = min(100_000, max(0, currentParam) * 10 + Int(byte - UInt8(ascii: "0")))
        case UInt8(ascii: ";"), UInt8(ascii: ":"):
            params.append(currentParam)
            currentParam = -1
        case UInt8(ascii: "<")...UInt8(ascii: "?"):
            if params.isEmpty && currentParam < 0 { privateMarker = byte }
        case 0x20...0x2F:
            intermediate = byte
        case 0x40...0x7E:
            if currentParam >= 0 || !params.isEmpty { params.append(currentParam) }
            dispatch(byte)
            state = .ground
        default:
            state = .ground
        }
    }

    /// Parameter `index`, or `fallback` when missing or zero.
    private func param(_ index: Int, _ fallback: Int = 1) -> Int {
        index < params.count && params[index] > 0 ? params[index] : fallback
    }

    /// Parameter `index` as written (0 when missing).
    private func rawParam(_ index: Int) -> Int {
        index < params.count && params[index] > 0 ? params[index] : 0
    }

    private func dispatch(_ final: UInt8) {
        if privateMarker == UInt8(ascii: "?") {
            if final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
                let on = final == UInt8(ascii: "h")
                for mode in params where mode >= 0 { setPrivateMode(mode, on) }
            }
            return
        }
        if privateMarker != 0 || intermediate != 0 { return }
        switch final {
        case UInt8(ascii: "A"): moveTo(x: cursorX, y: max(cursorY >= scrollTop ? scrollTop : 0, cursorY - param(0)))
        case UInt8(ascii: "B"): moveTo(x: cursorX, y: min(cursorY <= scrollBottom ? scrollBottom : height - 1, cursorY + param(0)))
        case UInt8(ascii: "C"): moveTo(x: cursorX + param(0), y: cursorY)
        case UInt8(ascii: "D"): moveTo(x: cursorX - param(0), y: cursorY)
        case UInt8(ascii: "E"): moveTo(x: 0, y: cursorY + param(0))
        case UInt8(ascii: "F"): moveTo(x: 0, y: cursorY - param(0))
        case UInt8(ascii: "G"), UInt8(ascii: "`"): moveTo(x: param(0) - 1, y: cursorY)
        case UInt8(ascii: "d"): moveTo(x: cursorX, y: param(0) - 1)
        case UInt8(ascii: "H"), UInt8(ascii: "f"): moveTo(x: param(1) - 1, y: param(0) - 1)
        case UInt8(ascii: "J"): eraseDisplay(rawParam(0))
        case UInt8(ascii: "K"): eraseLine(rawParam(0))
        case UInt8(ascii: "X"): eraseCharacters(param(0))
        case UInt8(ascii: "P"): deleteCharacters(param(0))
        case UInt8(ascii: "@"): insertCharacters(param(0))
        case UInt8(ascii: "L"): insertLines(param(0))
        case UInt8(ascii: "M"): deleteLines(param(0))
        case UInt8(ascii: "S"): scrollUp(param(0))
        case UInt8(ascii: "T"): scrollDown(param(0))
        case UInt8(ascii: "b"):
            for _ in 0..<min(param(0), width * height) { printScalar(lastGraphic) }
        case UInt8(ascii: "r"):
            let top = param(0) - 1, bottom = param(1, height) - 1
            if top < bottom && bottom < height {
                scrollTop = top
                scrollBottom = bottom
                moveTo(x: 0, y: 0)
            }
        case UInt8(ascii: "s"): savedCursor = (cursorX, cursorY)
        case UInt8(ascii: "u"): moveTo(x: savedCursor.x, y: savedCursor.y)
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            if params.contains(4) { insertMode = final == UInt8(ascii: "h") }
        default: break
        }
    }

    private func setPrivateMode(_ mode: Int, _ on: Bool) {
        switch mode {
        case 1: applicationCursorKeys = on
        case 2004:
            bracketedPaste = on
            if on { sawBracketedPaste = true }
        case 1004:
            focusReporting = on
            if on { sawFocusReporting = true }
        case 25: cursorVisible = on
        case 9, 1000, 1001, 1002, 1003, 1005, 1006, 1015, 1016:
            if on { mouseModes.insert(mode) } else { mouseModes.remove(mode) }
        case 47, 1047, 1049:
            if on != alternateScreen {
                if mode == 1049 && on { savedCursor = (cursorX, cursorY) }
                swap(&cells, &otherScreen)
                alternateScreen = on
                if on {
                    alternateScreenEntries += 1
                    if tracksGrid { for index in cells.indices { cells[index] = 32 } }
                } else {
                    alternateScreenExits += 1
                }
                if mode == 1049 && !on { moveTo(x: savedCursor.x, y: savedCursor.y) }
            }
        case 7, 8: break  // on from the start
        default:
            if on { otherPrivateModes.insert(mode) } else { otherPrivateModes.remove(mode) }
        }
    }

    private func fullReset() {
        if alternateScreen { swap(&cells, &otherScreen) }
        alternateScreen = false
        cursorVisible = true
        mouseModes = []
        applicationCursorKeys = false
        applicationKeypad = false
        bracketedPaste = false
        focusReporting = false
        otherPrivateModes = []
        lineDrawing = false
        insertMode = false
        scrollTop = 0
        scrollBottom = height - 1
        eraseDisplay(2)
        moveTo(x: 0, y: 0)
    }

    // MARK: Grid operations

    private func moveTo(x: Int, y: Int) {
        cursorX = min(max(0, x), width - 1)
        cursorY = min(max(0, y), height - 1)
        wrapPending = false
    }

    private func lineFeed() {
        wrapPending = false
        if cursorY == scrollBottom {
            scrollUp(1)
        } else if cursorY < height - 1 {
            cursorY += 1
        }
    }

    private func reverseIndex() {
        wrapPending = false
        if cursorY == scrollTop {
            scrollDown(1)
        } else if cursorY > 0 {
            cursorY -= 1
        }
    }

    private static let lineDrawingMap: [UInt32] = {
        // `_` to `~` in the DEC special graphics set.
        let glyphs: [Character] = [" ", "◆", "▒", "␉", "␌", "␍", "␊", "°", "±", "␤", "␋", "┘", "┐", "┌", "└", "┼",
                                   "⎺", "⎻", "─", "⎼", "⎽", "├", "┤", "┴", "┬", "│", "≤", "≥", "π", "≠", "£", "·"]
        return glyphs.map { $0.unicodeScalars.first!.value }
    }()

    private func printScalar(_ raw: UInt32) {
        var scalar = raw
        if lineDrawing && scalar >= 0x5F && scalar <= 0x7E { scalar = Self.lineDrawingMap[Int(scalar - 0x5F)] }
        lastGraphic = scalar
        let measured = systemWcwidth(Int32(bitPattern: scalar))
        if measured == 0 { return }
        let glyphWidth = measured == 2 ? 2 : 1
        if wrapPending || (glyphWidth == 2 && cursorX == width - 1 && width > 1) {
            cursorX = 0
            lineFeed()
        }
        guard tracksGrid else {
            advance(glyphWidth)
            return
        }
        let row = cursorY * width
        if insertMode {
            var x = width - 1
            while x >= cursorX + glyphWidth {
                cells[row + x] = cells[row + x - glyphWidth]
                x -= 1
            }
        }
        // Writing over half of a wide glyph blanks its other half.
        if cells[row + cursorX] == 0 && cursorX > 0 { cells[row + cursorX - 1] = 32 }
        let end = cursorX + glyphWidth
        if end < width && cells[row + end] == 0 { cells[row + end] = 32 }
        cells[row + cursorX] = scalar
        if glyphWidth == 2 && cursorX + 1 < width { cells[row + cursorX + 1] = 0 }
        advance(glyphWidth)
    }

    private func advance(_ glyphWidth: Int) {
        cursorX += glyphWidth
        if cursorX >= width {
            cursorX = width - 1
            wrapPending = true
        }
    }

    private func clear(from start: Int, to end: Int) {
        guard tracksGrid, start < end else { return }
        for index in max(0, start)..<min(end, cells.count) { cells[index] = 32 }
    }

    private func eraseDisplay(_ mode: Int) {
        wrapPending = false
        switch mode {
        case 0: clear(from: cursorY * width + cursorX, to: width * height)
        case 1: clear(from: 0, to: cursorY * width + cursorX + 1)
        default: clear(from: 0, to: width * height)
        }
    }

    private func eraseLine(_ mode: Int) {
        wrapPending = false
        let row = cursorY * width
        switch mode {
        case 0: clear(from: row + cursorX, to: row + width)
        case 1: clear(from: row, to: row + cursorX + 1)
        default: clear(from: row, to: row + width)
        }
    }

    private func eraseCharacters(_ count: Int) {
        wrapPending = false
        let row = cursorY * width
        clear(from: row + cursorX, to: row + min(width, cursorX + count))
    }

    private func deleteCharacters(_ count: Int) {
        wrapPending = false
        guard tracksGrid else { return }
        let row = cursorY * width
        let n = min(count, width - cursorX)
        for x in cursorX..<width {
            cells[row + x] = x + n < width ? cells[row + x + n] : 32
        }
    }

    private func insertCharacters(_ count: Int) {
        wrapPending = false
        guard tracksGrid else { return }
        let row = cursorY * width
        let n = min(count, width - cursorX)
        var x = width - 1
        while x >= cursorX {
            cells[row + x] = x - n >= cursorX ? cells[row + x - n] : 32
            x -= 1
        }
    }

    private func insertLines(_ count: Int) {
        guard cursorY >= scrollTop && cursorY <= scrollBottom else { return }
        shiftLines(from: cursorY, to: scrollBottom, by: count)
        cursorX = 0
        wrapPending = false
    }

    private func deleteLines(_ count: Int) {
        guard cursorY >= scrollTop && cursorY <= scrollBottom else { return }
        shiftLines(from: cursorY, to: scrollBottom, by: -count)
        cursorX = 0
        wrapPending = false
    }

    private func scrollUp(_ count: Int) { shiftLines(from: scrollTop, to: scrollBottom, by: -count) }

    private func scrollDown(_ count: Int) { shiftLines(from: scrollTop, to: scrollBottom, by: count) }

    /// Moves rows `top...bottom` down by `offset` (up when negative), blanking what is uncovered.
    private func shiftLines(from top: Int, to bottom: Int, by offset: Int) {
        guard tracksGrid, top <= bottom, offset != 0 else { return }
        let rows = bottom - top + 1
        let n = min(abs(offset), rows)
        if offset < 0 {
            for y in top...bottom {
                let source = y + n
                for x in 0..<width { cells[y * width + x] = source <= bottom ? cells[source * width + x] : 32 }
            }
        } else {
            var y = bottom
            while y >= top {
                let source = y - n
                for x in 0..<width { cells[y * width + x] = source >= top ? cells[source * width + x] : 32 }
                y -= 1
            }
        }
    }
}
