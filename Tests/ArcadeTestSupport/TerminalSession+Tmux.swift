import ArcadeHarness
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tmux server behind the session: commands, the config and the wrapper script.
extension TerminalSession {
    // MARK: tmux plumbing

    /// Expands a tmux format for the pane (`display-message -p`), e.g. `"#{cursor_flag}"`.
    public func format(_ format: String) -> String? {
        let result = tmuxCommand(["display-message", "-p", "-t", target, format])
        guard result.status == 0 else { return nil }
        return result.output.trimmingCharacters(in: .newlines)
    }

    /// Runs a tmux command against this session's server (`tmux -L <socketName> ...`).
    @discardableResult
    public func tmuxCommand(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let io = directory.appendingPathComponent("tmux-io", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
            let result = try TerminalProcess.runBlocking(
                tmuxURL, arguments: ["-L", socketName, "-f", path("tmux.conf")] + arguments,
                environment: ["TMUX": nil, "TMUX_PANE": nil], standardInput: .devNull,
                timeout: .seconds(10), directory: io)
            if result.timedOut { return (-1, result.stdout, "tmux timed out: \(result.stderr)") }
            return (result.status, result.stdout, result.stderr)
        } catch {
            return (-1, "", "could not run tmux: \(error)")
        }
    }

    func run(_ arguments: [String]) {
        let result = tmuxCommand(arguments)
        if result.status != 0 {
            Issue.record(Comment(rawValue: "tmux \(arguments.joined(separator: " ")) failed: \(result.error)"))
        }
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func writeConfig() throws {
        // `window-size manual` in a config crashes tmux 3.3a's server at new-session;
        // resize-window switches the window to manual size by itself.
        let config = """
            set -g status off
            set -g remain-on-exit on
            set -g default-size \(configuration.width)x\(configuration.height)
            set -g history-limit 100
            set -g default-terminal tmux-256color
            set -g escape-time 0

            """
        try config.write(toFile: path("tmux.conf"), atomically: true, encoding: .utf8)
    }

    func writeWrapper() throws {
        let q = TerminalProcess.shellQuote
        var environment: [String: String] = [
            "LANG": "C.UTF-8",
            "XDG_DATA_HOME": dataHome.path,
        ]
        if configuration.noColor { environment["NO_COLOR"] = "1" }
        for (key, value) in configuration.environment { environment[key] = value }
        let alwaysUnset = ["LC_ALL", "LC_CTYPE", "NO_COLOR", "COLUMNS", "LINES", "ESCDELAY"]
        let unset = (alwaysUnset + configuration.unsetEnvironment).filter { environment[$0] == nil && $0 != "TERM" }

        var script = "D=\(q(directory.path))\n"
        if !unset.isEmpty { script += "unset \(unset.joined(separator: " "))\n" }
        for key in environment.keys.sorted() where key != "TERM" {
            script += "export \(key)=\(q(environment[key]!))\n"
        }
        if let term = configuration.term {
            script += "export TERM=\(q(term))\n"
        } else {
            script += "unset TERM\n"
        }
        script += "cd \(q(configuration.workingDirectory ?? directory.path)) || exit 97\n"
        // A caught (not ignored) INT/QUIT keeps the wrapper alive if the terminal ever sends
        // them to the foreground group; exec resets caught signals, so the program gets defaults.
        script += "trap : INT QUIT\n"
        script += "stty -g >\"$D/stty-before\" 2>/dev/null\n"
        var redirections = ""
        switch configuration.standardInput {
        case .terminal: break
        case .devNull: redirections += " </dev/null"
        case .file: redirections += " <\"$D/stdin\""
        }
        switch configuration.standardOutput {
        case .terminal: break
        case .devNull: redirections += " >/dev/null"
        case .file: redirections += " >\"$D/stdout\""
        }
        switch configuration.standardError {
        case .terminal: break
        case .devNull: redirections += " 2>/dev/null"
        case .file: redirections += " 2>\"$D/stderr\""
        }
        if configuration.standardInput == .file {
            _ = FileManager.default.createFile(atPath: path("stdin"), contents: nil)
        }
        let words = command.map(q).joined(separator: " ")
        script += "/bin/sh -c 'echo $$ >\"$1/pid.tmp\" && mv \"$1/pid.tmp\" \"$1/pid\"; shift; exec \"$@\"' sh \"$D\" \(words)\(redirections)\n"
        script += "s=$?\n"
        script += "stty -g >\"$D/stty-after\" 2>/dev/null\n"
        script += "echo \"$s\" >\"$D/exit.tmp\" && mv \"$D/exit.tmp\" \"$D/exit\"\n"
        script += "exec sleep 86400\n"
        try script.write(toFile: path("run.sh"), atomically: true, encoding: .utf8)
    }
}
