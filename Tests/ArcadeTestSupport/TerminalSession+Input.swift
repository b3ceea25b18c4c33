import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Typing into the session: tmux key names, text, raw bytes and mouse reports.
extension TerminalSession {
    // MARK: Input

    /// tmux key names, sent in order: `"Down"`, `"Enter"`, `"Escape"`, `"C-c"`, `"C-z"`,
    /// `"F5"`, `"IC"` (Insert), `"BSpace"`, `"Space"`, `"Tab"`, `"PageUp"`... A string that is
    /// not a key name is typed as text (prefer `type(_:)` for text).
    public func sendKeys(_ keys: String...) { sendKeys(keys) }

    /// tmux key names, sent in order (see `sendKeys(_:...)`).
    public func sendKeys(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        run(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (`send-keys -l`), as if pasted key by key.
    public func type(_ text: String) {
        guard !text.isEmpty else { return }
        run(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Writes raw bytes to the program's input in one go (`send-keys -H`): escape sequences,
    /// garbage, control bytes.
    public func sendBytes(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        run(["send-keys", "-t", target, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Writes the raw bytes of `text` (UTF-8) to the program's input (`sendBytes`).
    public func sendBytes(_ text: String) { sendBytes(Array(text.utf8)) }

    /// The encoding `click` would use now (resolves `.automatic` through tmux's view of the pane).
    public func resolvedMouseEncoding(_ encoding: MouseEncoding = .automatic) -> MouseEncoding {
        guard encoding == .automatic else { return encoding }
        return format("#{mouse_sgr_flag}") == "1" ? .sgr : .x10
    }

    /// A mouse press at a cell (0-based `column`, `row`); `button` 0 = left, 1 = middle, 2 = right.
    public func mousePress(column: Int, row: Int, button: Int = 0, encoding: MouseEncoding = .automatic) {
        sendBytes(Self.mouseReport(column: column, row: row, button: button, press: true,
                                   encoding: resolvedMouseEncoding(encoding)))
    }

    /// A mouse release at a cell (see `mousePress`).
    public func mouseRelease(column: Int, row: Int, button: Int = 0, encoding: MouseEncoding = .automatic) {
        sendBytes(Self.mouseReport(column: column, row: row, button: button, press: false,
                                   encoding: resolvedMouseEncoding(encoding)))
    }

    /// A click at a cell (0-based `column`, `row`), the way a person clicks: the press, then —
    /// once the program has read it — the release. With `singleWrite`, both reports go in one
    /// write (ncurses then merges them into one `BUTTON1_CLICKED` event, which a program
    /// whose `mousemask` lacks the CLICKED bits never sees).
    public func click(
        column: Int, row: Int, button: Int = 0, encoding: MouseEncoding = .automatic, singleWrite: Bool = false
    ) async {
        let resolved = resolvedMouseEncoding(encoding)
        let press = Self.mouseReport(column: column, row: row, button: button, press: true, encoding: resolved)
        let release = Self.mouseReport(column: column, row: row, button: button, press: false, encoding: resolved)
        if singleWrite {
            sendBytes(press + release)
            return
        }
        sendBytes(press)
        await waitForInputRead()
        sendBytes(release)
    }

    /// Waits (at most `timeout`) until no typed byte is left unread in the terminal's input
    /// queue — the program has read everything sent so far. Returns false on timeout, silently.
    @discardableResult
    public func waitForInputRead(timeout: Duration = .seconds(2)) async -> Bool {
        let tty = format("#{pane_tty}") ?? ""
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (Self.inputQueueLength(ttyPath: tty) ?? 0) == 0 { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// The bytes a terminal sends for one mouse press or release.
    public static func mouseReport(column: Int, row: Int, button: Int, press: Bool,
                                   encoding: MouseEncoding) -> [UInt8] {
        switch encoding {
        case .sgr, .automatic:
            return Array("\u{1B}[<\(button);\(column + 1);\(row + 1)\(press ? "M" : "m")".utf8)
        case .x10:
            let code = press ? button : 3
            return [0x1B, 0x5B, 0x4D, UInt8(clamping: 32 + code),
                    UInt8(clamping: 33 + column), UInt8(clamping: 33 + row)]
        }
    }

    /// Bytes typed into the terminal that no process has read yet (`FIONREAD` on the tty).
    static func inputQueueLength(ttyPath: String) -> Int? {
        guard !ttyPath.isEmpty else { return nil }
        let fd = open(ttyPath, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var count: Int32 = 0
        guard ioctl(fd, UInt(FIONREAD), &count) == 0 else { return nil }
        return Int(count)
    }
}
