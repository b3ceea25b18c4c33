import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the session's screen, waiting for what it shows, and resizing it.
extension TerminalSession {
    // MARK: Screen

    /// The visible pane text, one line per row (trailing blanks trimmed by tmux);
    /// with `escapes`, including SGR attribute/colour sequences (`capture-pane -e`).
    public func capture(escapes: Bool = false) -> String {
        var arguments = ["capture-pane", "-p", "-t", target]
        if escapes { arguments.insert("-e", at: 2) }
        return tmuxCommand(arguments).output
    }

    /// The visible pane as exactly `height` lines.
    public func lines() -> [String] {
        var rows = capture().components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        if rows.count < height { rows += Array(repeating: "", count: height - rows.count) }
        return rows
    }

    /// The screen text with every run of blanks and line breaks folded into one space, for
    /// matching a message the program wrapped over several lines (narrow terminals).
    public static func flowed(_ screen: String) -> String {
        screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// Waits (polling every ~20 ms) until `text` is on screen. On timeout records a test
    /// failure showing the last screen (unless `recordFailure` is false) and returns false.
    @discardableResult
    public func waitFor(
        _ text: String, timeout: Duration = .seconds(5), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        await waitUntil("\"\(text)\" on screen", timeout: timeout, recordFailure: recordFailure,
                        sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until `text` is no longer on screen; on timeout records a failure (see `waitFor`).
    @discardableResult
    public func waitForAbsence(of text: String, timeout: Duration = .seconds(5),
                               sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await waitUntil("\"\(text)\" gone from screen", timeout: timeout, sourceLocation: sourceLocation) {
            !$0.contains(text)
        }
    }

    /// Waits (polling every ~20 ms) until `condition` holds for the captured screen text.
    /// On timeout records a failure naming `description`, with the last screen.
    @discardableResult
    public func waitUntil(
        _ description: String, timeout: Duration = .seconds(5), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var screen = ""
        while true {
            screen = capture()
            if condition(screen) { return true }
            if ContinuousClock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        if recordFailure {
            Issue.record(Comment(rawValue: "timed out after \(timeout) waiting for \(description)\n"
                                 + report(screen: screen)),
                         sourceLocation: sourceLocation)
        }
        return false
    }

    /// Waits until the program has consumed all pending input and is asleep (blocked reading
    /// or waiting): the pane's input queue is empty and the process sleeps, for several
    /// consecutive samples. Use it before asserting that something did *not* happen.
    @discardableResult
    public func waitUntilIdle(
        timeout: Duration = .seconds(5), recordFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var calm = 0
        let tty = format("#{pane_tty}") ?? ""
        while ContinuousClock.now < deadline {
            let queued = Self.inputQueueLength(ttyPath: tty) ?? 0
            let pid = programPID
            let sleeping = pid.map { ProcessTable.state(of: $0).map { $0 == "S" || $0 == "Z" } ?? true } ?? true
            calm = (queued == 0 && sleeping) ? calm + 1 : 0
            if calm >= 5 { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        if recordFailure {
            Issue.record(Comment(rawValue: "the program did not become idle within \(timeout)\n" + report()),
                         sourceLocation: sourceLocation)
        }
        return false
    }

    // MARK: Size

    /// Resizes the terminal (`resize-window`) and waits until the pane has the new size.
    @discardableResult
    public func resize(width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let result = tmuxCommand(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
        if result.status != 0 {
            Issue.record(Comment(rawValue: "tmux resize-window failed: \(result.error)"), sourceLocation: sourceLocation)
            return false
        }
        let wanted = "\(width)x\(height)"
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if format("#{pane_width}x#{pane_height}") == wanted {
                self.width = width
                self.height = height
                return true
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(Comment(rawValue: "the pane did not become \(wanted)\n" + report()), sourceLocation: sourceLocation)
        return false
    }
}
