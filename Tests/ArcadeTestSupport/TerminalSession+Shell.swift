import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Driving an `interactiveShell()` session: prompts, commands, their status and termios.
extension TerminalSession {
    // MARK: Interactive shell helpers

    /// Waits until an `interactiveShell()` shows an empty prompt on its last non-blank line
    /// (the shell is ready for a command).
    @discardableResult
    public func waitForShellPrompt(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        await waitUntil("an empty shell prompt \"\(Self.shellPrompt)\"", timeout: timeout,
                        sourceLocation: sourceLocation) { screen in
            let last = screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return last?.trimmingCharacters(in: .whitespaces) == Self.shellPrompt
        }
    }

    /// Types a command line into an `interactiveShell()` and presses Enter.
    public func runInShell(_ commandLine: String) {
        type(commandLine)
        sendKeys("Enter")
    }

    /// In an `interactiveShell()`, the exit status of the last command (`echo $?`), or nil
    /// (with a recorded failure) when the shell does not answer in time.
    public func shellExitStatus(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Int32? {
        shellCounter += 1
        let marker = "E2E-STATUS-\(shellCounter)="
        runInShell("echo \"\(marker)$?\"")
        var found: Int32?
        _ = await waitUntil("the shell to print \(marker)<status>", timeout: timeout, sourceLocation: sourceLocation) { screen in
            for line in screen.components(separatedBy: "\n") {
                if let range = line.range(of: marker) {
                    let digits = line[range.upperBound...].prefix { $0.isNumber }
                    if let value = Int32(digits) { found = value; return true }
                }
            }
            return false
        }
        return found
    }

    /// In an `interactiveShell()`, the shell's current `stty -g`, or nil (with a recorded
    /// failure) when it does not answer in time.
    public func shellTermios(
        timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String? {
        shellCounter += 1
        let file = path("shell-stty-\(shellCounter)")
        runInShell("stty -g > \(TerminalProcess.shellQuote(file + ".tmp")) && mv \(TerminalProcess.shellQuote(file + ".tmp")) \(TerminalProcess.shellQuote(file))")
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(Comment(rawValue: "the shell did not run stty\n" + report()), sourceLocation: sourceLocation)
        return nil
    }
}
