import ArcadeHarness
import Glibc

// `arcade-bench --compare CMD --instructions`: each program of the comparison once more,
// under valgrind's callgrind, for the instructions it runs from exec to the idle first frame
// and for each cursor key. Times move from run to run by more than most changes; instruction
// counts do not (the same binary, input and environment give the same count, whatever else
// the machine is doing), so they show where each program's start and keys stand against the
// floor in a way that a rerun on another day reproduces.

/// The instructions one program ran: from exec until it sat idle after its first frame, and
/// over the cursor keys sent after that.
struct InstructionCount: Encodable {
    var label: String
    var startInstructions: Int?
    var keyInstructions: Int? {
        didSet { perKey = keyInstructions.map { Double($0) / Double(max(keys, 1)) } }
    }
    var keys: Int
    var failure: String?
    /// `keyInstructions` over the keys.
    private(set) var perKey: Double?

    init(label: String, keys: Int) {
        self.label = label
        self.keys = keys
    }
}

/// Runs programs under callgrind and reads its counts at two moments, through
/// `callgrind_control --dump PID` (valgrind's gdbserver: the program is woken by ptrace
/// while it waits for a key). A dump holds what ran since the last one. The two meet through
/// pipes named from a prefix and the user's and host's names in the environment: both get
/// the same environment and a prefix in the run's own folder, which goes with the folder
/// however the program ends.
struct InstructionCounter {
    var launcher: ArcadeLauncher
    var keys: Int
    private let valgrind: String
    private let control: String
    private let strip: String

    /// Nil, with what is missing, when valgrind, callgrind_control or strip is not on PATH.
    static func make(launcher: ArcadeLauncher, keys: Int) -> Result<InstructionCounter, LaunchFailure> {
        let tools = ["valgrind", "callgrind_control", "strip"].map { ($0, resolveProgram($0)) }
        let missing = tools.filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let valgrind = tools[0].1, let control = tools[1].1, let strip = tools[2].1 else {
            return .failure(LaunchFailure(description: "--instructions needs " + missing.joined(separator: ", ") + " on PATH"))
        }
        return .success(InstructionCounter(launcher: launcher, keys: keys, valgrind: valgrind, control: control, strip: strip))
    }

    func count(_ contender: Contender) -> InstructionCount {
        var result = InstructionCount(label: contender.label, keys: keys)
        let folder = makeTemporaryDirectory("arcade-instructions")
        defer { removeTree(folder) }
        // A copy without its debug sections: valgrind 3.19 gives up on the DWARF 5 the Swift
        // toolchain writes. The copy is also not set-group-ID (nbmemoblocks is, and valgrind
        // will not run such a program). The code, and what it runs, are the same.
        let copy = folder + "/" + (contender.binary.split(separator: "/").last.map(String.init) ?? "program")
        guard runQuietly(strip, ["--strip-debug", "-o", copy, contender.binary]) == 0 else {
            result.failure = "strip --strip-debug could not copy \(contender.binary)"
            return result
        }
        let dataHome = contender.keptDataHome ?? folder + "/data"
        _ = mkdir(dataHome, 0o700)
        let out = folder + "/callgrind.out"
        let environment = launcher.environment(dataHome: dataHome)
        let prefix = "--vgdb-prefix=" + folder + "/vgdb"
        let process: PtyProcess
        do {
            process = try PtyProcess(binary: valgrind,
                                     arguments: ["-q", "--tool=callgrind", prefix, "--callgrind-out-file=" + out, copy]
                                         + contender.arguments,
                                     environment: environment,
                                     width: launcher.width, height: launcher.height)
            process.answersBackgroundQuery = launcher.answersBackgroundQuery
        } catch {
            result.failure = "\(error)"
            return result
        }
        defer { if process.isRunning { _ = process.kill9() } }

        // Under valgrind a program runs some fifty times slower: its first frame is over when
        // a second passes without output.
        guard process.waitUntil(limit: 60, { process.totalBytes > 0 || !process.isRunning }), process.totalBytes > 0 else {
            result.failure = "no output within 60 s under valgrind"
            return result
        }
        process.waitQuiet(1.0, limit: 60)
        result.startInstructions = dump(process, out + ".1", prefix: prefix, environment: environment)
        for index in 0..<keys {
            process.send(contender.keys[index % contender.keys.count])
            process.waitQuiet(0.5, limit: 10)
        }
        result.keyInstructions = dump(process, out + ".2", prefix: prefix, environment: environment)
        if result.startInstructions == nil || result.keyInstructions == nil {
            result.failure = "callgrind_control --dump wrote no counts (is ptrace allowed? see valgrind's vgdb)"
        }
        _ = Comparison.end(process, contender, within: 10)
        return result
    }

    /// Asks callgrind for a dump and reads the instructions in it from `file`, which it names
    /// by the dump's number (callgrind_control says 0 even when it found no such program: the
    /// file is what tells).
    private func dump(_ process: PtyProcess, _ file: String, prefix: String, environment: [String]) -> Int? {
        _ = runQuietly(control, [prefix, "--dump", String(process.pid)], environment: environment)
        var total: Int?
        _ = process.waitUntil(limit: 10) {
            total = readText(file).flatMap(Self.totalInstructions)
            return total != nil
        }
        return total
    }

    /// The "totals:" (or, failing it, "summary:") line of a callgrind profile: the
    /// instructions the dump counted. Nil until the file is whole.
    static func totalInstructions(_ profile: String) -> Int? {
        var summary: Int?
        for line in profile.split(separator: "\n") {
            if line.hasPrefix("totals:") { return Int(line.dropFirst(7).split(separator: " ").first ?? "") }
            if line.hasPrefix("summary:") { summary = Int(line.dropFirst(8).split(separator: " ").first ?? "") }
        }
        return summary
    }
}

/// Runs a program to its end, its output and errors thrown away; its exit code (nil if it
/// could not start or was killed). Without `environment`, PATH, HOME and TMPDIR only.
func runQuietly(_ path: String, _ arguments: [String], environment given: [String]? = nil) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var environment = given ?? []
    if given == nil {
        for name in ["PATH", "HOME", "TMPDIR"] {
            if let value = getenv(name) { environment.append(name + "=" + String(cString: value)) }
        }
    }
    guard let pid = try? Spawn.program(path, arguments: arguments, environment: environment, actions: &actions) else {
        return nil
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exit = Spawn.exitStatus(fromWaitStatus: status)
    return exit.signaled ? nil : exit.status
}
