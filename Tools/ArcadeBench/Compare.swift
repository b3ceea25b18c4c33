import ArcadeHarness
import Glibc

/// One program of a comparison and how it is driven.
struct Contender {
    /// The column's name: "arcade (fresh)", "nbmemoblocks"…
    var label: String
    var binary: String
    var arguments: [String]
    /// The cursor keys sent in turn after the first frame.
    var keys: [[UInt8]]
    var keyNames: String
    /// The arcade quits by its keys (q/y rounds), the others by SIGTERM.
    var isArcade: Bool
    /// A data folder shared by every launch (the arcade "kept"); nil: a fresh empty one each time.
    var keptDataHome: String? = nil
}

/// What one launch of a contender measured.
struct LaunchFigures {
    /// Spawn → the last byte of the first burst of output.
    var frameMilliseconds: Double
    var frameBytes: Int
    /// Whether that burst had put a key line ("? help" … "q quit") on the bottom row.
    var keyLine: Bool
    /// Whether the screen stayed as the first burst left it until the keys (the burst was the whole frame).
    var frameWhole = false
    /// Whether the program had turned the terminal's application cursor keys on (keypad mode).
    var keypadMode: Bool
    /// CPU (schedstat, all threads) and minor faults when the frame was over (read 50 ms after its last byte).
    var cpuMilliseconds: Double?
    var minorFaults: Int?
    /// Each key: the bytes of its reply and key → its last byte (nil: no reply).
    var replies: [(bytes: Int, milliseconds: Double?, glyphs: Int)] = []
    var peakRSSKB: Int?
    var exit = "?"
}

/// Why a launch measured nothing.
struct LaunchFailure: Error, CustomStringConvertible {
    var description: String
}

/// Every launch of one contender.
struct ContenderResult {
    var contender: Contender
    var launches: [LaunchFigures] = []
    var failures: [String] = []

    var frames: [Double] { launches.map(\.frameMilliseconds) }
    var replyMilliseconds: [Double] { launches.flatMap { $0.replies.compactMap(\.milliseconds) } }
    var replyBytes: [Double] { launches.flatMap { $0.replies.map { Double($0.bytes) } } }
    /// The characters each reply put on screen: every one costs a byte at least, so this many
    /// bytes (and the cursor moves between them) is what the look of the move costs.
    var replyGlyphs: [Double] { launches.flatMap { $0.replies.map { Double($0.glyphs) } } }
    var unanswered: Int { launches.reduce(0) { $0 + $1.replies.filter { $0.milliseconds == nil }.count } }
    var peakRSSMegabytes: [Double] { launches.compactMap(\.peakRSSKB).map { Double($0) / 1024 } }
    var cpuMilliseconds: [Double] { launches.compactMap(\.cpuMilliseconds) }
    var minorFaults: [Double] { launches.compactMap(\.minorFaults).map(Double.init) }
    var keyLines: Int { launches.filter(\.keyLine).count }
    var wholeFrames: Int { launches.filter(\.frameWhole).count }
}

/// `arcade-bench --compare CMD`: the arcade's menu beside another program, launched in turn
/// through the same harness, the same figures for each.
struct Comparison {
    var launcher: ArcadeLauncher
    var contenders: [Contender]
    var launches: Int
    var keysPerLaunch = Comparison.defaultKeysPerLaunch
    static let defaultKeysPerLaunch = 20

    static let frameQuiet = 0.05
    static let replyQuiet = 0.1

    func run() -> [ContenderResult] {
        var results = contenders.map { ContenderResult(contender: $0) }
        // Round 0 is not counted: it reads each program back into the page cache, as a start
        // from disk leaves it, after main dropped it (dropFromPageCache).
        // Interleaved, so that whatever else the machine does falls on every column alike.
        for round in 0...launches {
            note("compare: round \(round) of \(launches)\(round == 0 ? " (not counted)" : "")…")
            for index in results.indices {
                let launched = launch(results[index].contender)
                guard round > 0 else { continue }
                switch launched {
                case .success(let figures): results[index].launches.append(figures)
                case .failure(let failure): results[index].failures.append(failure.description)
                }
            }
        }
        return results
    }

    /// A data folder as one launch of the arcade leaves it: the store created, with whatever the
    /// launch keeps in it (what a player has after the first start).
    static func preparedDataHome(_ launcher: ArcadeLauncher) -> String {
        let dataHome = makeTemporaryDirectory("arcade-compare-kept")
        if let process = try? launcher.launch([], dataHome: dataHome) {
            _ = process.waitUntil(limit: 10) { keyLineShown(process) }
            process.waitQuiet(0.3, limit: 3)
            if quitArcade(process) == nil { _ = process.kill9() }
        }
        return dataHome
    }

    func launch(_ contender: Contender) -> Result<LaunchFigures, LaunchFailure> {
        let dataHome = contender.keptDataHome ?? makeTemporaryDirectory("arcade-compare")
        defer { if contender.keptDataHome == nil { removeTree(dataHome) } }
        let process: PtyProcess
        do {
            process = try PtyProcess(binary: contender.binary, arguments: contender.arguments,
                                     environment: launcher.environment(dataHome: dataHome),
                                     width: launcher.width, height: launcher.height)
            process.answersBackgroundQuery = launcher.answersBackgroundQuery
        } catch {
            return .failure(LaunchFailure(description: "\(error)"))
        }
        defer { if process.isRunning { _ = process.kill9() } }

        // The first burst: from the first byte until 50 ms pass without output.
        guard process.waitUntil(limit: 10, { process.totalBytes > 0 || !process.isRunning }), process.totalBytes > 0 else {
            return .failure(LaunchFailure(description: "no output within 10 s"))
        }
        process.waitQuiet(Self.frameQuiet, limit: 10)
        // A program that printed something and ended (a usage line, an error) drew no frame.
        if !process.isRunning {
            let bytes = escaped(process.tail(200))
            return .failure(LaunchFailure(description: "exited before a first frame (\(process.exitInfo?.description ?? "?")): \(bytes)"))
        }
        let sample = ProcSample.read(process.pid)  // the program is idle: its CPU is what the frame cost
        var figures = LaunchFigures(
            frameMilliseconds: (process.lastOutputTime - process.launchTime) * 1000,
            frameBytes: process.totalBytes, keyLine: keyLineShown(process),
            keypadMode: process.terminal.applicationCursorKeys,
            cpuMilliseconds: sample.map { Double($0.cpuNanoseconds) / 1e6 }, minorFaults: sample?.minorFaults)

        // Key → reply, once whatever followed the first burst is over.
        let firstScreen = process.terminal.lines()
        process.waitQuiet(0.3, limit: 3)
        figures.frameWhole = process.terminal.lines() == firstScreen
        for index in 0..<keysPerLaunch {
            let mark = process.output.count
            let start = monotonicNow()
            process.send(contender.keys[index % contender.keys.count])
            let (bytes, last) = process.waitQuiet(Self.replyQuiet, limit: 5)
            let glyphs = process.output.count >= mark ? glyphsWritten(process.output[mark...]) : 0
            figures.replies.append((bytes, last.map { ($0 - start) * 1000 }, glyphs))
        }
        figures.peakRSSKB = ProcSample.read(process.pid)?.peakRSSKB

        figures.exit = Self.end(process, contender, within: 2)
        return .success(figures)
    }

    /// Quits the program as `contender` says (the arcade by its q/y rounds, others by SIGTERM,
    /// SIGKILL when that is not enough); how it ended.
    static func end(_ process: PtyProcess, _ contender: Contender, within seconds: Double) -> String {
        if contender.isArcade {
            // quitArcade waits 3 s at most; a slow program gets `seconds` more.
            return (quitArcade(process) ?? process.waitFor(exitWithin: seconds))?.description
                ?? "did not exit after q/y rounds"
        }
        process.signal(SIGTERM)
        if let exit = process.waitFor(exitWithin: seconds) { return exit.description }
        return (process.kill9()?.description ?? "?") + " (after SIGTERM was ignored for \(fixed(seconds, 0)) s)"
    }
}

/// The files under `root` with their sizes ("arcade/arcade.sqlite 24576"), for the report to
/// say what the kept data folder holds.
func filesUnder(_ root: String, _ prefix: String = "") -> [String] {
    listDirectory(root).flatMap { name -> [String] in
        var info = stat()
        guard lstat(root + "/" + name, &info) == 0 else { return [] }
        if info.st_mode & S_IFMT == S_IFDIR { return filesUnder(root + "/" + name, prefix + name + "/") }
        return ["\(prefix)\(name) \(info.st_size)"]
    }
}

/// Keys named on the command line: `right,left`, `up`, `down`, `enter`, `space`, `tab`,
/// `esc`, or the characters themselves (`l,h`). Nil if the list is empty.
func parseKeys(_ list: String) -> [[UInt8]]? {
    let keys = list.split(separator: ",").map { name -> [UInt8] in
        switch name.lowercased() {
        case "right": return Keys.right
        case "left": return Keys.left
        case "up": return Keys.up
        case "down": return Keys.down
        case "enter": return Keys.enter
        case "space": return Keys.space
        case "tab": return Keys.tab
        case "esc": return Keys.escape
        default: return Keys.text(String(name))
        }
    }
    return keys.isEmpty ? nil : keys
}

/// A program named as on a command line: a path, or a name found on PATH.
func resolveProgram(_ name: String) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
        return "\(directory)/\(name)"
    }
    return nil
}
