import ArcadeUI
import CArcadeShim
import CNcursesw
import Glibc

/// The ncurses backend: takes over the terminal, draws grids, reads keys and mice.
///
/// Only this module calls ncurses (ArcadeUI does not depend on curses, so the compiler
/// keeps it that way), and in it only this file. Everything it draws goes
/// through `present`, which writes only the cells that differ from the previous
/// grid and lets `doupdate` send the minimum bytes.
public final class NcursesTerminal: TerminalDevice {
    public private(set) var theme: Theme
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>
    private var shown: CellGrid?
    private var consecutiveErrors = 0
    private var isOpen = true
    /// Whether the cursor is shown (following focus) rather than hidden.
    private var cursorShown = false
    /// The terminal's input, read and decoded by the arcade.
    private let input: TerminalInput
    /// The pipe ncurses is given as its input: nothing is ever written to it.
    private let cursesInput: (read: Int32, write: Int32)
    /// The size the screens were last told of.
    private var reportedSize = Size(width: 0, height: 0)
    /// The size terminfo gives (newterm's, which asks nothing else): what a dimension the
    /// terminal reports as 0, with no `COLUMNS`/`LINES` to stand in, falls back to.
    private var terminfoSize = Size(width: 80, height: 24)
    /// `COLUMNS` and `LINES` as the arcade was started with them (see `TerminalSize.toDraw`).
    private var sizeVariables: [String: String] = [:]
    /// Whether ncurses reads the size from `LINES` and `COLUMNS`, which then always hold the
    /// size it was last given (a terminal type whose terminfo entry gives none).
    private var sizeInEnvironment = false
    /// Reads to return before any other: an input decoded while a signal came (after the
    /// signal's read), a resize found on a continue.
    private var queued: [TerminalRead] = []

    /// Take over the terminal on standard input and output.
    ///
    /// Checks first that both are terminals and `TERM` is set, installs the signal
    /// handlers that restore the terminal on every way out, then enters full-screen mode
    /// (`newterm` reads the terminal's description once; only when it refuses is the
    /// description read again, to say why).
    public init(noColor: Bool, forceASCII: Bool, environment: [String: String]) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        let utf8 = DisplayWidth.prepareLocale()


        // Before newterm: ncurses then leaves SIGINT and SIGTERM to us. From here on
        // SIGTERM, SIGHUP, SIGINT and the other leaving signals are only noted and reach the first `read` as
        // `.terminated`: one arriving while the screen is being set up (before the reset
        // sequence is known) must not end the arcade half-way into full-screen mode.
        guard arcade_safety_install(STDIN_FILENO, STDOUT_FILENO) == 0 else { throw .cursesFailed("sigaction") }
        arcade_safety_set_graceful(1)
        var isSetUp = false
        defer { if !isSetUp { arcade_safety_set_graceful(0) } }
        // The arcade reads the terminal's input itself (see TerminalInput); ncurses is given a
        // pipe nobody writes to, so that it never takes a byte of it.
        var unused: [Int32] = [-1, -1]
        guard pipe(&unused) == 0 else { throw .cursesFailed("pipe") }
        for end in unused { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        cursesInput = (unused[0], unused[1])
        input = TerminalInput(descriptor: STDIN_FILENO, wakeDescriptor: arcade_safety_wake_fd(),
                              shouldStop: { arcade_safety_exit_signal() != 0 })
        guard let output = fdopen(STDOUT_FILENO, "w"), let cursesInputFile = fdopen(unused[0], "r") else {
            throw .cursesFailed("fdopen")
        }
        sizeVariables = environment.filter { $0.key == "COLUMNS" || $0.key == "LINES" }
        // ncurses takes terminfo's size and never asks the terminal, nor reads COLUMNS and
        // LINES: it would keep three windows of whatever size it found (gigabytes for a
        // terminal that says 10,000 × 10,000), and let COLUMNS and LINES win over the
        // terminal's own size and its resizes. The arcade asks and tells it (`followTerminalSize`).
        use_env(false)
        var started = newterm(term, output, cursesInputFile)
        if started == nil {
            // Only a terminal type terminfo knows is blamed on the type.
            switch arcade_terminal_known(term, STDOUT_FILENO) {
            case 0: throw .unknownTerminal(term)
            case 2: throw .cannotMoveCursor(term)
            default: break
            }
            // A type terminfo knows and that can move the cursor, whose entry gives no size
            // (`linux`, the Linux console; `cygwin`): ncurses had none to start with. It is given
            // the size to draw for in LINES and COLUMNS, which it reads with use_env on, then
            // and whenever it looks at the size again (see `resize`).
            sizeInEnvironment = true
            use_env(true)
            Self.publish(TerminalSize.toDraw(reported: TerminalSize.reported(by: STDOUT_FILENO),
                                             environment: sizeVariables, fallback: terminfoSize))
            errno = 0
            started = newterm(term, output, cursesInputFile)
            guard started != nil else { throw .screenFailure(call: "newterm", terminalType: term, errorNumber: errno) }
        }
        guard let newScreen = started else { throw .cursesFailed("newterm") }
        _ = set_term(newScreen)
        guard arcade_can_move_cursor() != 0 else {
            // Nothing was drawn yet: the terminal's modes are given back as they were.
            _ = endwin()
            delscreen(newScreen)
            throw .cannotMoveCursor(term)
        }
        guard let standardScreen = arcade_stdscr() else { throw .cursesFailed("newterm") }
        // Terminfo's size, for a dimension the terminal reports as 0 (80 × 24 for an entry without one).
        if !sizeInEnvironment { terminfoSize = Self.size(of: standardScreen) }
        errno = 0
        guard Self.resize(standardScreen, to: TerminalSize.toDraw(reported: TerminalSize.reported(by: STDOUT_FILENO),
                                                                  environment: sizeVariables, fallback: terminfoSize),
                          publishing: sizeInEnvironment) else {
            let failure = errno
            _ = endwin()
            delscreen(newScreen)
            throw .screenFailure(call: "resizeterm", terminalType: term, errorNumber: failure)
        }
        screen = newScreen
        window = standardScreen
        _ = arcade_safety_watch_resize()  // newterm installed ncurses' handler; ours wraps it
        _ = arcade_safety_watch_stop()  // and its SIGTSTP handler: reports off before stopping

        _ = raw()
        _ = noecho()
        _ = nonl()
        // No keypad(): it only matters to ncurses' own reading of keys, which the arcade
        // never asks for, and it would build ncurses' table of key sequences at every start
        // for nothing. The terminal stays in its normal cursor-key mode (ESC [ A), which the
        // arcade's decoder reads as it reads the application mode (ESC O A).
        // Nor does ncurses look for typed keys while it writes a frame (typeahead): its input
        // is the pipe nobody writes to, so that look would be two polls of it on every frame.
        _ = typeahead(-1)
        // Nor meta(): all it does is send the terminal `smm` (xterm's eight-bit input,
        // ESC [ ? 1034 h), which ncurses never switches off again. The arcade reads the
        // terminal's bytes and decodes UTF-8 itself; how the terminal sends Alt stays the
        // player's choice.
        _ = curs_set(0)
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
        setReportingModes(true)
        prepareResetSequence(mouse: hasMouse)
        // Nothing written to standard error may scribble over the screen; it is shown after.
        _ = arcade_stderr_capture()
        reportedSize = size
        isSetUp = true
    }

    deinit { close() }

    /// Leave full-screen mode and give the terminal back as it was.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        _ = mousemask(0, nil)
        _ = curs_set(1)
        _ = endwin()
        setReportingModes(false)
        if !hasAlternateScreen, let clear = capability("clear") {
            // Without an alternate screen the last frame would stay on the terminal.
            let bytes = Array(clear.utf8)
            _ = bytes.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        arcade_safety_end()
        arcade_safety_set_graceful(0)
        if let screen { delscreen(screen) }
        screen = nil
    }

    /// The signal (SIGTERM, SIGHUP, SIGINT, SIGXCPU…) that asked the arcade to leave, if one did.
    public var pendingExitSignal: Int32? {
        let signal = arcade_safety_exit_signal()
        return signal == 0 ? nil : signal
    }

    /// Have an audio player's watcher (`PlayerProcess`) asked to end its player, and what the
    /// player started, when a signal ends the arcade at once (a crash, SIGQUIT);
    /// `forgetChild` before it is collected, so that a reused number is never signalled.
    public static func trackChild(_ pid: Int32) { arcade_safety_track_child(pid) }
    public static func forgetChild(_ pid: Int32) { arcade_safety_forget_child(pid) }

    /// End the process by `signal`'s default action, as if it had not been caught
    /// (the shell sees 128 + n), once the game was left and the terminal given back.
    public static func end(bySignal signal: Int32) -> Never {
        arcade_safety_finish_signal(signal)
        exit(ExitStatus.terminated(by: signal))
    }

    /// The size drawn for: the terminal's, within `CellGrid.largestSize` (see `TerminalSize`).
    public var size: Size { Self.size(of: window) }

    private static func size(of window: UnsafeMutablePointer<WINDOW>) -> Size {
        var rows: Int32 = 0, cols: Int32 = 0
        arcade_getmaxyx(window, &rows, &cols)
        return Size(width: Int(cols), height: Int(rows))
    }

    /// Give ncurses `wanted` as the terminal's size (its windows follow); false when it could not.
    ///
    /// `publishing`: put it in `LINES` and `COLUMNS` first. With use_env on, ncurses looks at
    /// the size again by itself after a resize signal and after a stop, taking those variables
    /// over the terminal's answer: holding the size just given, they leave it as it is.
    private static func resize(_ window: UnsafeMutablePointer<WINDOW>, to wanted: Size, publishing: Bool) -> Bool {
        guard size(of: window) != wanted else { return true }
        if publishing { publish(wanted) }
        return resizeterm(Int32(wanted.height), Int32(wanted.width)) == OK
    }

    /// `size` in `LINES` and `COLUMNS`, for ncurses (see `resize`).
    ///
    /// First set while the arcade has one thread (in `init`); after that glibc replaces each
    /// value in place, never moving the environment, so a `getenv` on another thread meanwhile
    /// reads the old value or the new one.
    private static func publish(_ size: Size) {
        _ = setenv("LINES", String(size.height), 1)
        _ = setenv("COLUMNS", String(size.width), 1)
    }

    /// Give ncurses the size to draw for, from the terminal's answer now: ncurses never finds
    /// it by itself (`use_env(false)`, or `LINES` and `COLUMNS` holding the size it has); this
    /// is its only way to a new size.
    private func followTerminalSize() {
        let wanted = TerminalSize.toDraw(reported: TerminalSize.reported(by: STDOUT_FILENO),
                                         environment: sizeVariables, fallback: terminfoSize)
        _ = Self.resize(window, to: wanted, publishing: sizeInEnvironment)
    }

    public func read(timeout milliseconds: Int?) -> TerminalRead {
        read(timeout: milliseconds, watching: [])
    }

    public func read(timeout milliseconds: Int?, watching watched: [WatchedDescriptor]) -> TerminalRead {
        if !queued.isEmpty { return queued.removeFirst() }
        if let signalled = signalled() { return signalled }
        // With sockets watched, buffered bytes still go through `wait`, which lets the
        // terminal and the network take turns.
        if !input.isInPaste && (!input.hasBufferedBytes || !watched.isEmpty) {
            switch input.wait(timeout: milliseconds, watching: watched) {
            case .ready: break
            case .network(let ready): return .network(ready)
            case .timedOut: return .timedOut
            case .closed: return .inputClosed
            case .interrupted:
                // Woken by a signal handler's byte: every flag it set is looked at now (a
                // byte left by a flag taken earlier wakes the loop once, for nothing).
                arcade_safety_drain_wakeups()
                return signalled() ?? .ignored
            }
        }
        let decoded: TerminalRead = input.decode().map { .input($0) } ?? .ignored
        // A signal that came while the rest of a sequence was awaited goes first: a leaving
        // one instead of the input (an Esc cut short by it means nothing), a stop before it
        // (so the time stopped never reaches the tick that comes with the input).
        if let signal = pendingExitSignal { return .terminated(signal: signal) }
        if let signalled = signalled() {
            queued.append(decoded)
            return signalled
        }
        return decoded
    }

    public var hasWaitingInput: Bool { !queued.isEmpty || input.hasWaitingInput }

    public var wasStoppedSinceLastRead: Bool { arcade_safety_continued_pending() == 1 }

    /// What a signal that came meanwhile means: leaving, a continue after a stop, a resize.
    /// A continue that also changed the size queues that resize right after it.
    private func signalled() -> TerminalRead? {
        if let signal = pendingExitSignal { return .terminated(signal: signal) }
        if arcade_safety_take_continued() == 1 {
            // Stopped (Ctrl-Z, `kill -STOP`): the time it was stopped must not reach a tick.
            // Taking the screen back is when a size changed meanwhile is found (the resize
            // went to the shell then).
            resume()
            if let resize = resizeIfChanged() { queued.insert(resize, at: 0) }
            return .continued
        }
        if arcade_safety_take_resized() == 1 {
            // ncurses' SIGWINCH handler only took note, and finds no new size by itself: the
            // terminal is asked here.
            followTerminalSize()
            // Resized and back (A → B → A) between two reads: the terminal may have cut
            // what it showed, so it is repainted whole.
            return resizeIfChanged() ?? .redraw
        }
        return resizeIfChanged()
    }

    /// A resize input when the size differs from the one the screens were last told of.
    private func resizeIfChanged() -> TerminalRead? {
        let now = size
        guard now != reportedSize else { return nil }
        reportedSize = now
        return .input(.resize(now))
    }

    public func present(_ grid: CellGrid, cursor: Point?) {
        // Another size or theme: every cell is written again.
        let previous = shown.flatMap { $0.size == grid.size && $0.theme == grid.theme ? $0 : nil }
        // Written afresh, the window is erased first: a plain space in the terminal's own
        // colours is then already there, and is not copied in again (most of a frame).
        let fresh = previous == nil
        if fresh {
            _ = clearok(window, true)
            _ = werase(window)
        }
        // A space in the last style's attributes: each cell written is a copy with its glyph.
        // Neighbouring cells mostly share a style, so it is resolved and looked up again only
        // when the style changes.
        var template = cchar_t()
        var templateIsErased = false  // the template is what werase left: no attributes, no colour
        var lastStyle: Style?
        var lastIsPlain = false  // lastStyle is `Style.plain`, byte for byte
        // On a fresh frame most cells are spaces in the plain style. When the theme leaves
        // that style to the terminal's colours, such a space is what werase left, and it is
        // passed over at once, leaving the state as the full walk below would leave it.
        let plain = Style.plain
        let plainIsErased = fresh && Self.isErased(attributes(for: grid.theme.resolve(plain)))
        // A row of such spaces, to pass a whole blank row of a fresh frame over with one memcmp.
        let blankRow = plainIsErased && grid.size.width > 0
            ? [Cell](repeating: Cell(" ", style: plain), count: grid.size.width) : []
        var gap = BlankGap()
        var lastWritten = -2
        let width = grid.size.width
        let before = previous?.cells ?? []
        // Every cell is compared with the one shown (most are the same), so the comparison
        // runs over the buffers themselves. Changed cells that follow one another on a row
        // are copied into the window together (wadd_wchnstr), not one call per cell: a full
        // frame is 3,000 cells.
        grid.cells.withUnsafeBufferPointer { now in
          blankRow.withUnsafeBufferPointer { blank in
            before.withUnsafeBufferPointer { shown in
                withUnsafeTemporaryAllocation(of: cchar_t.self, capacity: max(width, 1)) { run in
                    var count = 0
                    var start = 0  // the run's first column
                    var next = 0  // the column after its last glyph
                    func flush(_ y: Int) {
                        guard count > 0 else { return }
                        _ = wmove(window, Int32(y), Int32(start))
                        _ = wadd_wchnstr(window, run.baseAddress, Int32(count))
                        count = 0
                    }
                    for y in 0..<grid.size.height {
                        let row = y * width
                        // A row whose bytes are the bytes of the row shown is that row (a cell
                        // holds no references, so equal bytes are equal cells), and nothing in
                        // it is written: one memcmp instead of a comparison per cell. Most rows
                        // are unchanged by a key (a menu move changes two of thirty).
                        if !shown.isEmpty, let nowRow = now.baseAddress?.advanced(by: row),
                           let shownRow = shown.baseAddress?.advanced(by: row),
                           memcmp(nowRow, shownRow, width * MemoryLayout<Cell>.stride) == 0 { continue }
                        // A fresh frame's row of plain spaces, on the terms of the cell-by-cell
                        // pass below: left as that pass leaves it (the run is empty here).
                        // (An empty array's buffer still has an address: the emptiness is checked.)
                        if plainIsErased, !blank.isEmpty, let blankStart = blank.baseAddress,
                           let nowRow = now.baseAddress?.advanced(by: row),
                           lastIsPlain || lastWritten != row - 1,
                           memcmp(nowRow, blankStart, width * MemoryLayout<Cell>.stride) == 0 {
                            lastWritten = row + width - 1
                            Self.takePlain(&lastStyle, &lastIsPlain, &template, &templateIsErased)
                            continue
                        }
                        // The row's unchanged ends are passed over by the bytes of each cell, as the loop
                        // below passes over a cell that looks the same, without its field-by-field
                        // comparison (a cell holds no references, so equal bytes are equal cells):
                        // a menu move changes 16 cells of each of its two rows of 100.
                        var first = 0, last = width - 1
                        if !shown.isEmpty, let nowRow = now.baseAddress?.advanced(by: row),
                           let shownRow = shown.baseAddress?.advanced(by: row) {
                            while first < width && Self.sameCell(nowRow + first, shownRow + first) { first += 1 }
                            while last > first && Self.sameCell(nowRow + last, shownRow + last) { last -= 1 }
                        }
                        for x in first ..< max(first, last + 1) {
                            let current = now[row + x]
                            if !shown.isEmpty && Self.looksSame(shown[row + x], current) { continue }
                            // A plain space on a fresh frame, unless it follows a cell just
                            // written in another style (then it may take that style, below).
                            if plainIsErased && current.scalar.value == 0x20 && current.width == 1
                                && Self.sameBytes(current.style, plain) && (lastIsPlain || lastWritten != row + x - 1) {
                                lastWritten = row + x
                                Self.takePlain(&lastStyle, &lastIsPlain, &template, &templateIsErased)
                                flush(y)
                                continue
                            }
                            // A changed right half is repainted by writing its wide glyph (once:
                            // not again when the glyph itself changed too).
                            let head = current.isContinuation && x > 0 ? x - 1 : x
                            if row + head == lastWritten { continue }
                            let glyph = head == x ? current : now[row + head]
                            if glyph.isContinuation { continue }
                            var style = glyph.style
                            var styleIsLast = false
                            if Self.isPlainBlank(glyph), lastWritten == row + head - 1, let last = lastStyle,
                               !last.reverse, !last.underline, Self.same(last.background, style.background) {
                                if !gap.holds(x, y) { gap = BlankGap(from: x, y: y, in: now, width: width) }
                                if let next = gap.next, Self.same(next, last) {
                                    style = last
                                    styleIsLast = true
                                }
                            }
                            lastWritten = row + head
                            if !styleIsLast, lastStyle.map({ !Self.same($0, style) }) ?? true {
                                lastStyle = style
                                lastIsPlain = Self.sameBytes(style, plain)
                                let attributes = attributes(for: grid.theme.resolve(style))
                                template = Self.space(with: attributes)
                                templateIsErased = Self.isErased(attributes)
                            }
                            let scalar = glyph.scalar.value
                            if fresh && scalar == 0x20 && templateIsErased {
                                flush(y)
                                continue
                            }
                            var cell = template
                            cell.chars.0 = wchar_t(bitPattern: scalar)
                            if count > 0 && head != next { flush(y) }
                            if count == 0 { start = head }
                            run[count] = cell
                            count += 1
                            next = head + Int(glyph.width)
                        }
                        flush(y)
                    }
                }
            }
          }
        }
        placeCursor(cursor)
        _ = wnoutrefresh(window)
        _ = doupdate()
        shown = grid
    }

    /// Whether two styles are equal, by their bytes first: most cells have the style of the
    /// one before, and comparing the colours case by case, cell after cell, would be most of
    /// a full frame's work.
    /// Equal bytes are equal styles (a style holds no references); other bytes may still be
    /// equal styles, which `==` decides.
    @inline(__always)
    private static func same(_ left: Style, _ right: Style) -> Bool {
        sameBytes(left, right) || left == right
    }

    /// `same` for one colour.
    @inline(__always)
    private static func same(_ left: Color, _ right: Color) -> Bool {
        sameBytes(left, right) || left == right
    }

    /// Whether two values hold the same bytes: one load each for the sizes a style and a
    /// colour have (the size is known when this is compiled).
    @inline(__always)
    private static func sameBytes<Value>(_ left: Value, _ right: Value) -> Bool {
        withUnsafeBytes(of: left) { a in
            withUnsafeBytes(of: right) { b in
                switch a.count {
                case 8: a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                case 2: a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
                default: memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
                }
            }
        }
    }

    /// Whether two cells hold the same bytes (every byte of a cell is a field): two loads
    /// each while a cell is 16 bytes, which the compiler knows, and `memcmp` otherwise.
    @inline(__always)
    private static func sameCell(_ left: UnsafePointer<Cell>, _ right: UnsafePointer<Cell>) -> Bool {
        let a = UnsafeRawPointer(left), b = UnsafeRawPointer(right)
        guard MemoryLayout<Cell>.size == 16 else { return memcmp(a, b, MemoryLayout<Cell>.size) == 0 }
        return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
            && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    }

    /// A space whose colour and weight do not show: neither reversed nor underlined.
    private static func isPlainBlank(_ cell: Cell) -> Bool {
        cell.scalar == " " && cell.width == 1 && !cell.style.reverse && !cell.style.underline
    }

    /// Whether the two cells look the same: equal, or two plain spaces on one background
    /// (their colour and weight do not show, so changing them is not worth a byte).
    private static func looksSame(_ shown: Cell, _ cell: Cell) -> Bool {
        shown == cell || (isPlainBlank(shown) && isPlainBlank(cell) && shown.style.background == cell.style.background)
    }

    /// A run of plain spaces on one background and the cell after it. A space written right
    /// after a cell of some style (neither reversed nor underlined, on the same background)
    /// takes that style when its run ends in a cell of that style too: nobody can tell, and a
    /// row such as "1  Set" in bold costs one attribute change instead of three. Spaces at
    /// the end of a row keep their own style, so ncurses can still erase them.
    private struct BlankGap {
        var y = -1
        var end = -1
        /// The style of the cell that ends the run (nil at the end of the row).
        var next: Style?

        init() {}

        init(from x: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int) {
            let row = y * width
            let background = cells[row + x].style.background
            var end = x + 1
            while end < width && NcursesTerminal.isPlainBlank(cells[row + end])
                && cells[row + end].style.background == background { end += 1 }
            self.y = y
            self.end = end
            next = end < width ? cells[row + end].style : nil
        }

        /// Whether column `x` of row `y` is in this run (columns are visited left to right).
        func holds(_ x: Int, _ y: Int) -> Bool { y == self.y && x < end }
    }

    /// Show the cursor at `point`, or hide it; only a change costs bytes.
    private func placeCursor(_ point: Point?) {
        if (point != nil) != cursorShown {
            cursorShown = point != nil
            _ = curs_set(cursorShown ? 1 : 0)
            _ = leaveok(window, !cursorShown)
        }
        if let point { _ = wmove(window, Int32(point.y), Int32(point.x)) }
    }

    /// Whether the terminal's background is dark or light: `COLORFGBG` where it says, else
    /// the terminal asked (`BackgroundQuery`); nil when neither answered. Keys typed while
    /// the question was out are kept for the next `read`.
    public func background(environment: [String: String]) -> TerminalBackground? {
        if let answer = BackgroundQuery.fromColorFGBG(environment["COLORFGBG"]) { return answer }
        var received: [UInt8] = []
        let answer = BackgroundQuery.ask(input: STDIN_FILENO, output: STDOUT_FILENO, timeoutMilliseconds: 150,
                                         received: &received)
        input.unread(received)
        return answer
    }

    public func setLook(_ name: ThemeName, palette: PaletteName) {
        theme.name = name
        theme.palette = palette
    }

    public func invalidate() {
        shown = nil
    }

    public func suspend() {
        // ncurses' own SIGTSTP handler leaves full-screen mode, stops the process and,
        // after `fg`, restores program mode (or returns at once without job control).
        setReportingModes(false)  // the shell decides for itself while the arcade is stopped
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
    /// program mode and the alternate screen afresh.
    private func resume() {
        _ = endwin()
        followTerminalSize()
        _ = wrefresh(window)
        enableMouse()
        setReportingModes(true)
        _ = curs_set(0)
        _ = leaveok(window, true)
        cursorShown = false  // the next present shows it again where focus is
        _ = clearok(arcade_curscr(), true)
        shown = nil
    }

    private var hasMouse: Bool { has_mouse() }

    /// Whether the terminal has an alternate screen to draw on (`TERM=vt100` has none).
    private var hasAlternateScreen: Bool { capability("smcup") != nil }

    /// A terminfo string capability as bytes to write, if the terminal has it, without
    /// its padding (`$<50>`: delays for slow terminals, which only `tputs` understands).
    private func capability(_ name: String) -> String? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        var bytes = Array(String(cString: value).utf8)
        while let start = bytes.indices.first(where: { bytes[$0] == UInt8(ascii: "$") && $0 + 1 < bytes.count
                                                        && bytes[$0 + 1] == UInt8(ascii: "<") }),
              let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) {
            bytes.removeSubrange(start...end)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The terminal's reports the arcade asks for besides the mouse's, on or off; a terminal
    /// that does not know one ignores it.
    ///
    /// Bracketed paste (`ESC [ ? 2004 h`): pasted text comes marked, and `read` drops it
    /// whole instead of typing it as keys. Focus reporting (`ESC [ ? 1004 h`): the terminal
    /// says when its window loses and regains focus (`Input.focus`), so a timed game can
    /// pause when the player turns away.
    private func setReportingModes(_ on: Bool) {
        let bytes = Array((on ? Self.reportingOn : Self.reportingOff).utf8)
        _ = bytes.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    private static let reportingOn = "\u{1B}[?2004h\u{1B}[?1004h"
    private static let reportingOff = "\u{1B}[?1004l\u{1B}[?2004l"

    /// Switch mouse reporting on: ncurses sends the terminal's mode sequences for these
    /// buttons; the reports are read and decoded by `TerminalInput` like every other input.
    private func enableMouse() {
        let mask = arcade_mouse_button1_pressed() | arcade_mouse_button1_released()
            | arcade_mouse_button3_pressed() | arcade_mouse_wheel_up() | arcade_mouse_wheel_down()
        _ = mousemask(mask, nil)
    }

    /// Where `present`'s walk stands after passing over a plain space: the plain style is the
    /// last one, its template a plain space. (A function of its own, not one nested in
    /// `present`: capturing the walk's variables put them in boxes checked at every access.)
    @inline(__always)
    private static func takePlain(_ lastStyle: inout Style?, _ lastIsPlain: inout Bool, _ template: inout cchar_t,
                                  _ templateIsErased: inout Bool) {
        guard !lastIsPlain else { return }
        lastStyle = .plain
        lastIsPlain = true
        template = space(with: (arcade_attr_normal(), 0))
        templateIsErased = true
    }

    /// A space in `attributes` (attributes and colour pair), as ncurses holds a cell.
    private static func space(with attributes: (attr_t, Int32)) -> cchar_t {
        var cell = cchar_t()
        var space: (wchar_t, wchar_t) = (0x20, 0)
        withUnsafePointer(to: &space) { pair in
            pair.withMemoryRebound(to: wchar_t.self, capacity: 2) { characters in
                _ = arcade_setcchar(&cell, characters, attributes.0, attributes.1)
            }
        }
        return cell
    }

    /// Whether a cell in `attributes` is what werase leaves: no attributes, no colour.
    private static func isErased(_ attributes: (attr_t, Int32)) -> Bool {
        attributes.0 == arcade_attr_normal() && attributes.1 == 0
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
        case .role:
            return -1  // resolved before this: never reached
        }
    }

    /// The bytes a signal handler writes to undo full-screen mode, read from terminfo now.
    private func prepareResetSequence(mouse: Bool) {
        var bytes = Array(Self.reportingOff.utf8)
        // Without an alternate screen, `clear` wipes the last frame instead of `rmcup`.
        let leave = hasAlternateScreen ? "rmcup" : "clear"
        for name in ["sgr0", "cnorm", "rmkx", leave] {
            if name == leave && mouse {
                // Every mouse protocol ncurses may have switched on, off again.
                bytes += Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)
            }
            guard let value = capability(name) else { continue }
            bytes += Array(value.utf8)
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { arcade_safety_set_reset($0.baseAddress, $0.count) }
        }
    }
}
