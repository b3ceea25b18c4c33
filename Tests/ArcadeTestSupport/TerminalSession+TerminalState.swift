import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the program gave the terminal back as it found it.
extension TerminalSession {
    // MARK: Terminal state

    /// What tmux knows about the pane's modes, plus the wrapper's `stty -g` records.
    public struct TerminalState: Sendable, CustomStringConvertible {
        /// False when tmux could not be asked (server gone): the flags below are then unknown.
        public var queried: Bool
        public var alternateScreen: Bool
        public var cursorVisible: Bool
        public var mouseAny: Bool
        public var mouseStandard: Bool
        public var mouseButton: Bool
        public var mouseAll: Bool
        public var mouseSGR: Bool
        public var mouseUTF8: Bool
        /// Application cursor keys (`smkx`); informational, not part of `problems`.
        public var keypadCursor: Bool
        /// Application keypad; informational, not part of `problems`.
        public var keypad: Bool
        /// `stty -g` before the program started / after it ended (nil when not recorded yet).
        public var termiosBefore: String?
        public var termiosAfter: String?

        public var mouseReporting: Bool { mouseAny || mouseStandard || mouseButton || mouseAll || mouseSGR || mouseUTF8 }

        /// Everything that shows the terminal was not given back as it was found.
        public var problems: [String] {
            var problems: [String] = []
            if !queried { problems.append("tmux could not report the pane's modes") }
            if alternateScreen { problems.append("still on the alternate screen (alternate_on=1)") }
            if !cursorVisible { problems.append("cursor hidden (cursor_flag=0)") }
            if mouseReporting {
                problems.append("mouse reporting still on (any=\(mouseAny.bit) standard=\(mouseStandard.bit) "
                                + "button=\(mouseButton.bit) all=\(mouseAll.bit) sgr=\(mouseSGR.bit) utf8=\(mouseUTF8.bit))")
            }
            if let before = termiosBefore, let after = termiosAfter, before != after {
                problems.append("termios changed: stty -g before \(before), after \(after)")
            }
            return problems
        }

        public var isRestored: Bool { problems.isEmpty }

        public var description: String {
            (queried ? "" : "(tmux did not answer) ") + "alternate_on=\(alternateScreen.bit) cursor_flag=\(cursorVisible.bit) "
                + "mouse(any=\(mouseAny.bit) standard=\(mouseStandard.bit) button=\(mouseButton.bit) "
                + "all=\(mouseAll.bit) sgr=\(mouseSGR.bit) utf8=\(mouseUTF8.bit)) "
                + "keypad_cursor=\(keypadCursor.bit) keypad=\(keypad.bit) "
                + "stty before=\(termiosBefore ?? "-") after=\(termiosAfter ?? "-")"
        }
    }

    /// The pane's current modes and the termios records.
    public func terminalState() -> TerminalState {
        let names = ["alternate_on", "cursor_flag", "mouse_any_flag", "mouse_standard_flag", "mouse_button_flag",
                     "mouse_all_flag", "mouse_sgr_flag", "mouse_utf8_flag", "keypad_cursor_flag", "keypad_flag"]
        let answer = format(names.map { "#{\($0)}" }.joined(separator: " "))
        let values = (answer ?? "").split(separator: " ").map { $0 == "1" }
        func flag(_ index: Int) -> Bool { index < values.count ? values[index] : false }
        func record(_ name: String) -> String? {
            (try? String(contentsOfFile: path(name), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return TerminalState(
            queried: values.count == names.count,
            alternateScreen: flag(0), cursorVisible: flag(1),
            mouseAny: flag(2), mouseStandard: flag(3), mouseButton: flag(4), mouseAll: flag(5),
            mouseSGR: flag(6), mouseUTF8: flag(7), keypadCursor: flag(8), keypad: flag(9),
            termiosBefore: record("stty-before"), termiosAfter: exitStatus == nil ? nil : record("stty-after"))
    }

    /// Records a failure for each way the terminal is not restored (see
    /// `TerminalState.problems`): alternate screen left, cursor visible, mouse reporting off,
    /// termios as before. Call after the program exited. Returns true when restored.
    @discardableResult
    public func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let state = terminalState()
        let problems = state.problems
        for problem in problems {
            Issue.record(Comment(rawValue: "terminal not restored: \(problem)\n" + report()), sourceLocation: sourceLocation)
        }
        return problems.isEmpty
    }

    /// A multi-line account of the session for failure messages: screen, state, status, stderr.
    public func report(screen: String? = nil) -> String {
        let shown = screen ?? capture()
        var lines = shown.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var text = "--- screen \(width)x\(height) (\(command.joined(separator: " ")))\n"
        for (index, line) in lines.enumerated() {
            text += String(format: "%2d|", index) + line + "\n"
        }
        text += "--- terminal: \(terminalState())\n"
        text += "--- exit status: \(exitStatus.map(String.init) ?? "still running")"
        if configuration.standardError == .file { text += "\n--- stderr:\n\(standardError)" }
        return text
    }
}

private extension Bool {
    var bit: Int { self ? 1 : 0 }
}
