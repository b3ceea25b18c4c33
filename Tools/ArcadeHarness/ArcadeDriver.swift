import Glibc

/// Key bytes as a terminal in keypad mode sends them (`TERM=xterm-256color`: the arrows are
/// the application-mode `kcuu1`… = `ESC O A`…), which programs that call ncurses' `keypad`
/// (nbmemoblocks) turn on. The arcade leaves keypad mode off, so a terminal sends it
/// `ESC [ A`…; its decoder reads both forms alike (InputDecodingTests).
public enum Keys {
    public static let up: [UInt8] = [0x1B, 0x4F, 0x41]
    public static let down: [UInt8] = [0x1B, 0x4F, 0x42]
    public static let right: [UInt8] = [0x1B, 0x4F, 0x43]
    public static let left: [UInt8] = [0x1B, 0x4F, 0x44]
    public static let enter: [UInt8] = [0x0D]
    public static let space: [UInt8] = [0x20]
    public static let tab: [UInt8] = [0x09]
    public static let escape: [UInt8] = [0x1B]
    public static let controlL: [UInt8] = [0x0C]
    public static let controlC: [UInt8] = [0x03]

    public static func text(_ string: String) -> [UInt8] { Array(string.utf8) }
}

/// How the arcade is started: which binary, at what size, in what environment.
public struct ArcadeLauncher: Sendable {
    public var binary: String
    public var width = 100
    public var height = 30
    /// Extra variables (e.g. `ARCADE_SOUND=off`).
    public var extraEnvironment: [String: String] = [:]
    /// Whether the terminal answers the background colour query as xterm does
    /// (`PtyProcess.answersBackgroundQuery`).
    public var answersBackgroundQuery = false

    public init(binary: String, extraEnvironment: [String: String] = [:]) {
        self.binary = binary
        self.extraEnvironment = extraEnvironment
    }

    /// A clean environment: TERM=xterm-256color, LANG=C.UTF-8, the score file in `dataHome`,
    /// nothing that changes how the arcade draws (NO_COLOR, COLUMNS, LINES, ESCDELAY, LC_*).
    public func environment(dataHome: String) -> [String] {
        var variables: [String: String] = [
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "XDG_DATA_HOME": dataHome,
        ]
        for name in ["PATH", "HOME", "USER", "LOGNAME", "ARCADE_ASSETS"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        if variables["PATH"] == nil { variables["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        for (key, value) in extraEnvironment { variables[key] = value }
        return variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    public func launch(_ arguments: [String], dataHome: String, tracksGrid: Bool = true,
                       separateInput: Bool = false, closing: [Int32] = [],
                       limits: [PtyProcess.ResourceLimit] = []) throws -> PtyProcess {
        let process = try PtyProcess(binary: binary, arguments: arguments, environment: environment(dataHome: dataHome),
                                     width: width, height: height, separateInput: separateInput, tracksGrid: tracksGrid,
                                     closing: closing, limits: limits)
        process.answersBackgroundQuery = answersBackgroundQuery
        return process
    }

    /// The games the binary offers, from `arcade --help` (in menu order).
    public func games() -> [String] {
        let dataHome = makeTemporaryDirectory("arcade-bench-help")
        defer { removeTree(dataHome) }
        guard let process = try? launch(["--help"], dataHome: dataHome) else { return [] }
        _ = process.waitFor(exitWithin: 5)
        let text = String(decoding: process.output.filter { $0 != 0x0D }, as: UTF8.self)
        var games: [String] = []
        var inGames = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Games") { inGames = true; continue }
            guard inGames else { continue }
            if line.isEmpty || !line.hasPrefix(" ") { if !games.isEmpty { break } else { continue } }
            // "  set         Find sets…" (game lines are indented by two; their options by six).
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
            if let name = line.split(separator: " ").first, name.allSatisfy({ $0.isLetter || $0.isNumber }) {
                games.append(String(name))
            }
        }
        return games
    }
}

/// Whether the bottom line shows the shell's key line (`? help` and `q quit`/`q menu`).
public func keyLineShown(_ process: PtyProcess) -> Bool {
    let line = process.terminal.line(process.terminal.height - 1)
    return line.contains("help") && (line.contains("menu") || line.contains("quit"))
}

/// What checking the terminal after the arcade exited found.
public struct RestoreCheck: Sendable {
    public var problems: [String]

    public init(problems: [String]) { self.problems = problems }
    public var isRestored: Bool { problems.isEmpty }
    public var summary: String { isRestored ? "restored" : "NOT restored: " + problems.joined(separator: "; ") }

    /// Terminal modes (alternate screen, cursor, mouse, keypad) as the output left them, the
    /// last bytes holding `ESC [ ? 1049 l` and `ESC [ ? 25 h`, and termios as before the start.
    public static func check(_ process: PtyProcess, expectOutput: Bool = true) -> RestoreCheck {
        var problems = process.terminal.restoreProblems
        let tail = Array(process.tail(4096))
        if expectOutput {
            if !tail.contains(subsequence: Array("\u{1B}[?1049l".utf8)) {
                problems.append("no ESC[?1049l in the last bytes")
            }
            if !tail.contains(subsequence: Array("\u{1B}[?25h".utf8)) {
                problems.append("no ESC[?25h in the last bytes")
            }
        }
        switch process.modesRestored {
        case false?: problems.append("termios not restored (raw mode left on)")
        case nil: problems.append("termios could not be read")
        default: break
        }
        return RestoreCheck(problems: problems)
    }
}

/// Leaves whatever is on screen and quits: rounds of `q` then `y` (q leaves a game or asks
/// "Leave this game? (y/n)", y answers it; q on the menu quits; q also closes help and the
/// question itself, which the next round handles). Returns how it ended, or nil if it did not.
public func quitArcade(_ process: PtyProcess, rounds: Int = 12) -> ExitInfo? {
    if process.size.width != 100 || process.size.height != 30 {
        process.resize(width: 100, height: 30)
    }
    process.waitQuiet(0.08, limit: 1)
    for _ in 0..<rounds {
        guard process.isRunning else { break }
        process.send(Keys.text("q"))
        process.waitQuiet(0.06, limit: 1)
        guard process.isRunning else { break }
        process.send(Keys.text("y"))
        process.waitQuiet(0.06, limit: 1)
    }
    return process.waitFor(exitWithin: 3)
}
