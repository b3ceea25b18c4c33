import ArcadeHarness
import Foundation
import Testing

/// Driving an `interactiveShell()` session: prompts, commands, their status and termios.
extension PtySession {
    /// Waits until the shell shows an empty prompt on its last non-blank line (it is ready
    /// for a command).
    @discardableResult
    public func waitForShellPrompt(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await waitUntil("an empty shell prompt \"\(Self.shellPrompt)\"", timeout: timeout,
                        sourceLocation: sourceLocation) { screen in
            let last = screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return last?.trimmingCharacters(in: .whitespaces) == Self.shellPrompt
        }
    }

    /// Types a command line and presses Enter.
    public func runInShell(_ commandLine: String) {
        type(commandLine + "\r")
    }

    /// The exit status of the shell's last command (`echo $?`), or nil (with a recorded
    /// failure) when the shell does not answer in time.
    public func shellExitStatus(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async -> Int32? {
        shellCounter += 1
        let marker = "E2E-STATUS-\(shellCounter)="
        runInShell("echo \"\(marker)$?\"")
        var found: Int32?
        _ = await waitUntil("the shell to print \(marker)<status>", timeout: timeout, sourceLocation: sourceLocation) { screen in
            for line in screen.components(separatedBy: "\n") {
                // The echoed command holds the marker too, followed by `$?`, not digits.
                if let range = line.range(of: marker), let value = Int32(line[range.upperBound...].prefix { $0.isNumber }) {
                    found = value
                    return true
                }
            }
            return false
        }
        return found
    }

    /// The shell's current `stty -g`, or nil (with a recorded failure) when it does not
    /// answer in time.
    public func shellTermios(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
        shellCounter += 1
        let file = path("shell-stty-\(shellCounter)")
        let quoted = TerminalProcess.shellQuote(file)
        runInShell("stty -g > \(quoted).tmp && mv \(quoted).tmp \(quoted)")
        var text: String?
        if await poll(timeout: timeout, { text = try? String(contentsOfFile: file, encoding: .utf8); return text != nil }) {
            return text?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        Issue.record(Comment(rawValue: "the shell did not run stty\n" + report()), sourceLocation: sourceLocation)
        return nil
    }
}

extension PtySession {
    /// Leave a game in progress (q, then y to "Leave this game? (y/n)"), quit from the menu,
    /// and check the arcade exits 0 with the terminal restored.
    public func leaveGameAndQuit(sourceLocation: SourceLocation = #_sourceLocation) async {
        type("q")
        #expect(await waitFor("Leave this game? (y/n)", sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        type("y")
        #expect(await waitFor("ARCADE", sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        await quitFromMenu(sourceLocation: sourceLocation)
    }

    /// `q` on the menu: the arcade exits 0 with the terminal restored.
    public func quitFromMenu(sourceLocation: SourceLocation = #_sourceLocation) async {
        type("q")
        #expect(await waitForExit(sourceLocation: sourceLocation) == 0, sourceLocation: sourceLocation)
        expectRestored(sourceLocation: sourceLocation)
    }
}
