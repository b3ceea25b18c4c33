import CArcadeShim
import CNcursesw
import Glibc

/// The ncurses backend: takes over the terminal, draws grids, reads keys and mice.
///
/// Only this file and `KeyDecoding.swift` call ncurses. Everything it draws goes
/// through `present`, which writes only the cells that differ from the previous
/// grid and lets `doupdate` send the minimum bytes.
public final class NcursesTerminal: TerminalDevice {
    public private(set) var theme: Theme
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>
    private var shown: CellGrid?
    private var consecutiveErrors = 0
    private var isOpen = true

    /// Take over the terminal on standard input and output.
    ///
    /// Checks first that both are terminals and that `TERM` is known (ncurses would
    /// otherwise exit on its own), installs the signal handlers that restore the
    /// terminal on every way out, then enters full-screen mode.
    public init(noColor: Bool, forceASCII: Bool, environment: [String: String]) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        let utf8 = DisplayWidth.prepareLocale()

        switch arcade_terminal_known(term, STDOUT_FILENO) {
        case 1: break
        case 2: throw .cannotMoveCursor(term)
        default: throw .unknownTerminal(term)
        }

        // Before newterm: ncurses then leaves SIGINT and SIGTERM to us.
        guard arcade_safety_install(STDIN_FILENO, STDOUT_FILENO) == 0 else { throw .cursesFailed("sigaction") }
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else {
            throw .cursesFailed("fdopen")
        }
        guard let newScreen = newterm(term, output, input) else { throw .unknownTerminal(term) }
        _ = set_term(newScreen)
        guard let standardScreen = arcade_stdscr() else { throw .cursesFailed("newterm") }
        screen = newScreen
        window = standardScreen

        _ = raw()
        _ = noecho()
        _ = nonl()
        _ = keypad(window, true)
        _ = meta(window, true)
        _ = curs_set(0)
        _ = set_escdelay(25)
        _ = leaveok(window, true)

        let colors = has_colors()
        if colors && !noColor {
            _ = start_color()
            _ = use_default_colors()
        }
        let mode = ColorMode.choose(noColorRequested: noColor, terminalHasColors: colors,
                                    colorCount: Int(colors ? arcade_colors() : 0))
        theme = Theme(colorMode: mode, ascii: forceASCII || !utf8)
        enableMouse()
        prepareResetSequence(mouse: hasMouse)
        // Nothing written to standard error may scribble over the screen; it is shown after.
        _ = arcade_stderr_capture()
    }

    deinit { close() }

    /// Leave full-screen mode and give the terminal back as it was.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        _ = mousemask(0, nil)
        _ = curs_set(1)
        _ = endwin()
        arcade_safety_end()
        if let screen { delscreen(screen) }
        screen = nil
    }

    public var size: Size {
        var rows: Int32 = 0, cols: Int32 = 0
        arcade_getmaxyx(window, &rows, &cols)
        return Size(width: Int(cols), height: Int(rows))
    }

    public func read(timeout milliseconds: Int?) -> TerminalRead {
        if arcade_safety_take_continued() == 1 {
            resume()
            return .redraw
        }
        wtimeout(window, Int32(clamping: milliseconds ?? -1))
        errno = 0
        // Bytes, not wget_wch: ncurses' wide read swallows the keys typed after an
        // invalid UTF-8 byte. Key.decode(byte:next:) assembles code points instead.
        let result = wgetch(window)
        if result == ERR {
            return milliseconds == nil || inputLooksClosed() ? noInput(blocking: milliseconds == nil) : .timedOut
        }
        consecutiveErrors = 0
        switch result {
        case KEY_RESIZE:
            return .input(.resize(size))
        case KEY_MOUSE:
            return mouseInput().map { .input($0) } ?? .input(.key(.unknown(UInt32(KEY_MOUSE))))
        case KEY_MIN...:
            return .input(.key(Key.decode(keyCode: result)))
        case 27:
            let (input, unread) = Input.decodeEscape { nextWaitingByte() }
            for byte in unread.reversed() { _ = ungetch(Int32(byte)) }
            return .input(input)
        default:
            let (key, unread) = Key.decode(byte: UInt8(truncatingIfNeeded: result)) { nextWaitingByte() }
            if let unread { _ = ungetch(Int32(unread)) }
            return .input(.key(key))
        }
    }

    /// The next input byte if it arrives within a few milliseconds (the rest of a UTF-8 character).
    private func nextWaitingByte() -> UInt8? {
        wtimeout(window, 10)
        let byte = wgetch(window)
        guard byte != ERR else { return nil }
        guard byte < KEY_MIN else {
            _ = ungetch(byte)
            return nil
        }
        return UInt8(truncatingIfNeeded: byte)
    }

    public func present(_ grid: CellGrid) {
        let previous = shown.flatMap { $0.size == grid.size ? $0 : nil }
        if previous == nil { _ = clearok(window, true) }
        var cell = cchar_t()
        let width = grid.size.width
        for y in 0..<grid.size.height {
            for x in 0..<width {
                let current = grid[x, y]
                if let previous, previous[x, y] == current { continue }
                // A changed right half is repainted by writing its wide glyph.
                let head = current.isContinuation && x > 0 ? x - 1 : x
                let glyph = grid[head, y]
                if glyph.isContinuation { continue }
                var text: [wchar_t] = [wchar_t(bitPattern: glyph.scalar.value), 0]
                let (attributes, pair) = attributes(for: glyph.style)
                _ = arcade_setcchar(&cell, &text, attributes, pair)
                _ = mvwadd_wch(window, Int32(y), Int32(head), &cell)
            }
        }
        _ = wnoutrefresh(window)
        _ = doupdate()
        shown = grid
    }

    public func invalidate() {
        shown = nil
    }

    public func suspend() {
        // ncurses' own SIGTSTP handler leaves full-screen mode, stops the process and,
        // after `fg`, restores program mode (or returns at once without job control).
        raise(SIGTSTP)
        _ = arcade_safety_take_continued()
        resume()
    }

    public func bell() {
        _ = beep()
    }

    // MARK: - Private

    /// After the process was stopped and continued: take the terminal back and repaint all.
    ///
    /// A shell may have reset the terminal modes while we were stopped (SIGSTOP gives
    /// ncurses no chance to save them); ending and refreshing makes ncurses enter
    /// program mode, the alternate screen and keypad mode afresh.
    private func resume() {
        _ = endwin()
        _ = wrefresh(window)
        enableMouse()
        _ = curs_set(0)
        _ = clearok(arcade_curscr(), true)
        shown = nil
    }

    private var hasMouse: Bool { has_mouse() }

    private func enableMouse() {
        // CLICKED too: a press and release that arrive in one read are merged into a click.
        let mask = arcade_mouse_button1_pressed() | arcade_mouse_button1_released() | arcade_mouse_button1_clicked()
            | arcade_mouse_button3_pressed() | arcade_mouse_wheel_up() | arcade_mouse_wheel_down()
        _ = mousemask(mask, nil)
        _ = mouseinterval(0)
        // Reports are decoded by Input.decodeEscape: ncurses' own decoder waits forever
        // for the end of a report that was cut short, swallowing every key meanwhile.
        _ = keyok(KEY_MOUSE, false)
    }

    private func mouseInput() -> Input? {
        var event = MEVENT()
        guard getmouse(&event) == OK, let action = MouseAction.decode(buttonState: event.bstate) else { return nil }
        return .mouse(MouseEvent(action, at: Point(x: Int(event.x), y: Int(event.y))))
    }

    /// A read failed: decide between "nothing yet" and "input is gone" without spinning.
    private func noInput(blocking: Bool) -> TerminalRead {
        if errno == EINTR { return .timedOut }
        consecutiveErrors += 1
        if inputLooksClosed() || consecutiveErrors > 64 { return .inputClosed }
        return .timedOut
    }

    private func inputLooksClosed() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func attributes(for style: Style) -> (attr_t, Int32) {
        var attributes = arcade_attr_normal()
        if style.bold { attributes |= arcade_attr_bold() }
        if style.dim { attributes |= arcade_attr_dim() }
        if style.reverse { attributes |= arcade_attr_reverse() }
        if style.underline { attributes |= arcade_attr_underline() }
        guard theme.hasColor else { return (attributes, 0) }
        let foreground = colorNumber(style.foreground)
        let background = colorNumber(style.background)
        if foreground == -1 && background == -1 { return (attributes, 0) }
        // alloc_pair is itself a lookup, and it may recycle the least recently used pair
        // when the table is full, so its answer is never cached here.
        let pair = alloc_pair(foreground, background)
        return (attributes, pair < 0 ? 0 : pair)
    }

    private func colorNumber(_ color: Color) -> Int32 {
        switch color {
        case .terminalDefault: return -1
        case .ansi(let basic, let bright):
            let wantsBright = bright && theme.colorMode == .color256
            return Int32(basic.rawValue + (wantsBright ? 8 : 0))
        case .xterm(let index):
            return theme.colorMode == .color256 ? Int32(index) : Int32(Color.nearestBasic(toXterm: index).rawValue)
        }
    }

    /// The bytes a signal handler writes to undo full-screen mode, read from terminfo now.
    private func prepareResetSequence(mouse: Bool) {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if capability == "rmcup" && mouse {
                // Every mouse protocol ncurses may have switched on, off again.
                bytes += Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)
            }
            guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { continue }
            bytes += Array(String(cString: value).utf8)
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { arcade_safety_set_reset($0.baseAddress, $0.count) }
        }
    }
}
