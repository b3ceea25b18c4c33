import ArcadeHarness
import Glibc

// arcade-bench: measures the arcade in a pseudo-terminal, or tortures it with random input.

let usage = """
    Usage: arcade-bench [--binary PATH] [--only SCREENS] [--quick] [--json]
                        [--launches N] [--idle SECONDS] [--unanswered-background]
           arcade-bench --compare CMD [--compare-keys KEYS] [--arcade-keys KEYS]
                        [--floor PATH] [--hello PATH] [--binary PATH] [--launches N] [--quick] [--json]
                        [--unanswered-background] [--instructions]
           arcade-bench --torture [--binary PATH] [--only GAMES] [--count N] [--seed S]
                        [--signal-trials N] [--json]
           arcade-bench --flood [--binary PATH] [--only SCREENS] [--bytes N] [--json]

    Drives the arcade binary (default .build/release/arcade; build it as users install it:
    make build) in a pseudo-terminal at 100×30 with
    TERM=xterm-256color and LANG=C.UTF-8, the score file in a temporary XDG_DATA_HOME. For
    the benchmark and --compare the pseudo-terminal answers the queries xterm answers: device
    attributes (DA1) and the background colour (OSC 11, a black background, chosen: the dark
    theme an unanswered start takes too), so a first start asks once and keeps the theme, as
    on xterm; --unanswered-background leaves OSC 11 unanswered, as the Linux console does
    (then every start asks, and learns from the DA1 reply that no answer is coming). The
    torture answers DA1 only.

    Benchmark (default; the binary first dropped from the page cache and launched once, not
    counted): for the menu and each game, launch → first complete frame (median and
    range of --launches, default 7), bytes written per cursor move and per action key, CPU and
    wakeups over --idle seconds (default 10) without input, on the turn-based screen and with a
    clock running, bytes and time to redraw after resizes, key → reply latency (median and max
    over the session's cursor moves and action keys, animations apart), peak RSS, and the
    animations' output (slot spin, the dealer's play, the Temples slide, running clocks:
    bytes, duration, bytes/s). Sound is off (ARCADE_SOUND=off).

    Comparison (--compare CMD): the arcade's menu against CMD (a path or a name on PATH; its
    arguments in the same string, split on spaces, e.g. --compare /usr/games/nbmemoblocks) and
    the floor (--floor PATH, default .build/release/arcade-floor if it is there: the smallest
    Swift ncurses program of the kind, built the arcade's way with make floor; and the floor again
    as "floor + store", arcade-floor-store beside it, which opens a copy of the arcade's kept
    store and reads its schema before its first frame, the least a start that shows the store's
    figures must do), launched in turn
    --launches times each (default 7), the arcade both in a fresh data folder and in one kept
    from an earlier launch. Each program is first dropped from the page cache and launched once
    uncounted, so that it is read from disk as after a reboot (a binary just copied is held in
    large folios, mapped whole: more resident for the same bytes). For each: launch →
    the end of the first burst of output, CPU and minor faults by then, key → reply latency
    and bytes over 20 cursor keys, peak RSS; the ratios arcade ÷ CMD, and the goals. Also the
    peak RSS and CPU of the statically linked Swift hello the memory goal is 1.5 times (--hello
    PATH, default .build/arcade-hello, which make floor builds with swiftc -O -static-stdlib;
    without it, `arcade-floor --hello`, which also loads ncurses).
    --compare-keys KEYS  the keys sent to CMD (the floor gets right,left), comma-separated: right, left, up,
                         down, enter, space, tab, esc, or characters (l,h); default right,left
    --arcade-keys KEYS   the keys sent to the arcade's menu; default down,up (its cursor move:
                         the menu is a column, → and ← do nothing there)
    --instructions       also run the arcade (kept), CMD and both floors once each under valgrind's
                         callgrind: the instructions from exec to the idle first frame, and per
                         cursor key (20 keys). Needs valgrind, callgrind_control and strip on PATH
                         and ptrace allowed (valgrind's vgdb wakes the idle program to dump).

    --quick       3 launches and 2 s idle windows (for trying things out)
    --only LIST   comma-separated: menu, set, memory, slots, temples, blackjack
    --json        print JSON instead of the tables

    Torture (--torture): for each game, --count random inputs (default 20000) from --seed (default 1):
    keys, escape sequences, mouse clicks, random bytes, resizes down to 1×1, SIGSTOP/SIGCONT; then
    quit and check exit status 0, the terminal restored and the score file valid. Then signals at
    random moments (SIGTERM, SIGHUP, SIGINT, the Ctrl-C byte; --signal-trials rounds, default 3)
    and closed input (terminal hang-up; end of file on standard input). Exit status 1 if a defect
    was found.

    Text flood (--flood): at 80×24, on the menu and each game's first screen (temples also with
    --learn, blackjack also after Enter), --bytes of text (default 1048576) in 4 KiB writes, then
    Ctrl-C; once as prose, once as seeded random printable ASCII (never q, Q, y or Y, which would
    leave). Per row: seconds from the first byte to the exit, the arcade's CPU seconds, its exit
    status (130 expected). Exit status 1 if a row took 2 s or more (a paste, then Ctrl-C, must
    not wait), or did not end with 130.
    """

func runMain() -> Int32 {
    var binary = ".build/release/arcade"
    var json = false
    var quick = false
    var only: [String]?
    var torture = false
    var count = 20_000
    var seed: UInt64 = 1
    var signalTrials = 3
    var launchCount: Int?
    var idleSeconds: Double?
    var compare: String?
    var compareKeys = "right,left"
    var arcadeKeys = "down,up"
    var floor: String?
    var hello: String?
    var answersBackground = true
    var instructions = false
    var flood = false
    var floodBytes = 1 << 20

    func fail(_ message: String) -> Never {
        note("arcade-bench: \(message)")
        exit(2)
    }

    let arguments = Array(CommandLine.arguments.dropFirst())
    var index = 0
    func value(_ name: String) -> String {
        index += 1
        guard index < arguments.count else { fail("\(name) needs a value") }
        return arguments[index]
    }
    while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "--binary": binary = value(argument)
        case "--json": json = true
        case "--quick": quick = true
        case "--only": only = value(argument).split(separator: ",").map { String($0).lowercased() }
        case "--torture": torture = true
        case "--count":
            guard let n = Int(value(argument)), n > 0 else { fail("--count needs a positive whole number") }
            count = n
        case "--seed":
            guard let n = UInt64(value(argument)) else { fail("--seed needs a whole number") }
            seed = n
        case "--signal-trials":
            guard let n = Int(value(argument)), n >= 0 else { fail("--signal-trials needs a whole number") }
            signalTrials = n
        case "--launches":
            guard let n = Int(value(argument)), n > 0 else { fail("--launches needs a positive whole number") }
            launchCount = n
        case "--idle":
            guard let n = Double(value(argument)), n > 0 else { fail("--idle needs seconds") }
            idleSeconds = n
        case "--compare": compare = value(argument)
        case "--compare-keys": compareKeys = value(argument)
        case "--arcade-keys": arcadeKeys = value(argument)
        case "--floor": floor = value(argument)
        case "--hello": hello = value(argument)
        case "--unanswered-background": answersBackground = false
        case "--instructions": instructions = true
        case "--flood": flood = true
        case "--bytes":
            guard let n = Int(value(argument)), n > 0 else { fail("--bytes needs a positive whole number") }
            floodBytes = n
        case "--help", "-h":
            print(usage)
            return 0
        default:
            fail("unknown argument '\(argument)'\n\(usage)")
        }
        index += 1
    }

    _ = setlocale(LC_ALL, "C.UTF-8")
    signal(SIGPIPE, SIG_IGN)

    guard access(binary, X_OK) == 0 else {
        fail("no arcade binary at \(binary): build it with `make build` or pass --binary PATH")
    }

    var launcher = ArcadeLauncher(binary: binary)
    let games = launcher.games()
    guard !games.isEmpty else { fail("\(binary) --help lists no games") }

    if torture {
        launcher.extraEnvironment = ["ARCADE_SOUND_CMD": "true"]  // cues start /bin/true: the player path runs, silently
        let chosen = only.map { names in games.filter { names.contains($0) } } ?? games
        guard !chosen.isEmpty else { fail("--only names none of the games: \(games.joined(separator: ", "))") }
        let runner = TortureRunner(launcher: launcher, count: count, seed: seed, signalTrials: signalTrials)
        runner.run(games: chosen)
        print(json ? renderedJSON(runner.json()) : runner.markdown())
        return runner.defects.isEmpty ? 0 : 1
    }

    launcher.extraEnvironment = ["ARCADE_SOUND": "off"]
    launcher.answersBackgroundQuery = answersBackground  // the torture keeps the terminal that does not say
    if flood {
        (launcher.width, launcher.height) = (80, 24)
        var screens = FloodScreen.screens(games: games)
        if let only {
            screens = screens.filter { only.contains($0.name) }
            guard !screens.isEmpty else { fail("--only names none of: menu, \(games.joined(separator: ", "))") }
        }
        let machine = Machine.current()
        let results = Flood(launcher: launcher, bytes: floodBytes).run(screens: screens)
        let report = FloodReport(binary: binary, bytes: floodBytes, launcher: launcher, machine: machine, results: results)
        print(json ? renderedJSON(report) : report.markdown())
        return report.missed == 0 ? 0 : 1
    }
    if let compare {
        let words = compare.split(separator: " ").map(String.init)
        guard let name = words.first, let program = resolveProgram(name) else { fail("--compare: no program '\(compare)'") }
        guard let otherKeys = parseKeys(compareKeys), let menuKeys = parseKeys(arcadeKeys) else { fail("empty key list") }
        let floorBinary = floor ?? (access(".build/release/arcade-floor", X_OK) == 0 ? ".build/release/arcade-floor" : nil)
        if let floorBinary, access(floorBinary, X_OK) != 0 { fail("no floor binary at \(floorBinary)") }
        let helloBinary = hello ?? (access(".build/arcade-hello", X_OK) == 0 ? ".build/arcade-hello" : nil)
        if let helloBinary, access(helloBinary, X_OK) != 0 { fail("no hello binary at \(helloBinary)") }
        // The tools --instructions needs, looked for before anything is made or timed (fail
        // exits at once, without the clean-ups below).
        var counter: InstructionCounter?
        if instructions {
            switch InstructionCounter.make(launcher: launcher, keys: Comparison.defaultKeysPerLaunch) {
            case .success(let made): counter = made
            case .failure(let failure): fail(failure.description)
            }
        }
        // "floor + store": arcade-floor-store, next to the floor (make floor builds both).
        let floorStoreBinary: String? = floorBinary.map { $0 + "-store" }.flatMap { access($0, X_OK) == 0 ? $0 : nil }
        if let floorBinary, floorStoreBinary == nil {
            note("compare: no \(floorBinary)-store (make floor builds it): no floor + store column")
        }
        let machine = Machine.current()
        // Every program read from disk anew (see dropFromPageCache), the arcade by the launch
        // that prepares its kept folder, the others by Comparison.run's first round, uncounted.
        for path in [binary, program, floorBinary, floorStoreBinary, helloBinary].compactMap({ $0 }) { dropFromPageCache(path) }
        let kept = Comparison.preparedDataHome(launcher)
        defer { removeTree(kept) }
        let keptFiles = filesUnder(kept)
        let otherName = String(program.split(separator: "/").last ?? Substring(program))
        var contenders = [
            Contender(label: CompareReport.freshLabel, binary: binary, arguments: [], keys: menuKeys,
                      keyNames: arcadeKeys, isArcade: true),
            Contender(label: CompareReport.keptLabel, binary: binary, arguments: [], keys: menuKeys,
                      keyNames: arcadeKeys, isArcade: true, keptDataHome: kept),
            Contender(label: otherName, binary: program, arguments: Array(words.dropFirst()), keys: otherKeys,
                      keyNames: compareKeys, isArcade: false),
        ]
        // The floor moves its highlight with the arrows, whatever CMD takes. "floor + store" is
        // the same program, that first opens a copy of the kept store and reads its schema: its
        // own copy, so that the arcade's kept launches find their store as only they left it.
        let floorStore = floorStoreBinary.flatMap { _ in copyKeptStore(kept) }
        if floorStoreBinary != nil && floorStore == nil {
            note("compare: the kept store could not be copied: no floor + store column")
        }
        defer { if let floorStore { removeTree(floorStore.folder) } }
        if let floorBinary {
            let floor = Contender(label: CompareReport.floorLabel, binary: floorBinary, arguments: [],
                                  keys: [Keys.right, Keys.left], keyNames: "right,left", isArcade: false,
                                  quitKeys: Keys.text("q"))
            contenders.append(floor)
            if let floorStoreBinary, let floorStore {
                var withStore = floor
                (withStore.label, withStore.binary, withStore.arguments) = (CompareReport.floorStoreLabel, floorStoreBinary, [floorStore.path])
                contenders.append(withStore)
            }
        }
        let comparison = Comparison(launcher: launcher, contenders: contenders,
                                    launches: launchCount ?? (quick ? 3 : 7), floor: floorBinary,
                                    hello: helloBinary.map { HelloProgram(path: $0, arguments: []) }
                                        ?? floorBinary.map { HelloProgram(path: $0, arguments: ["--hello"]) })
        let (results, hello) = comparison.run()
        let counts = counter.map { counter in
            contenders.filter { $0.label != CompareReport.freshLabel }.map { contender in
                note("compare: \(contender.label) under callgrind…")
                return counter.count(contender)
            }
        }
        let report = CompareReport(other: compare, launches: comparison.launches, keysPerLaunch: comparison.keysPerLaunch,
                                   machine: machine, results: results, hello: hello,
                                   keptFiles: keptFiles, backgroundAnswered: answersBackground,
                                   instructions: counts)
        print(json ? renderedJSON(report.json()) : report.markdown())
        return 0
    }
    var plans = ScreenPlan.plans(games: games)
    if let only {
        plans = plans.filter { only.contains($0.name) }
        guard !plans.isEmpty else { fail("--only names none of: menu, \(games.joined(separator: ", "))") }
    }
    let benchmark = Benchmark(launcher: launcher, launches: launchCount ?? (quick ? 3 : 7),
                              idleSeconds: idleSeconds ?? (quick ? 2 : 10))
    let load = loadAverage()
    let machine = Machine.current()
    // Read from disk anew (see dropFromPageCache), by a launch that is not counted.
    dropFromPageCache(binary)
    removeTree(Comparison.preparedDataHome(launcher))
    let results = benchmark.run(plans: plans)
    let report = BenchReport(binary: binary, launches: benchmark.launches, idleSeconds: benchmark.idleSeconds,
                             load: load, machine: machine, results: results, backgroundAnswered: answersBackground)
    print(json ? renderedJSON(report.json()) : report.markdown())

    return 0
}

/// A copy of the store in the kept data folder, in a folder of its own (its write-ahead log
/// too, should the launch that made it have left one); nil if there is none.
func copyKeptStore(_ kept: String) -> (folder: String, path: String)? {
    let source = kept + "/arcade/arcade.sqlite3"
    guard fileExists(source) else { return nil }
    let folder = makeTemporaryDirectory("arcade-compare-floor-store")
    let path = folder + "/arcade.sqlite3"
    for suffix in ["", "-wal"] where suffix.isEmpty || fileExists(source + suffix) {
        guard let bytes = readFile(source + suffix), writeFile(path + suffix, bytes) else {
            removeTree(folder)
            return nil
        }
    }
    return (folder, path)
}

/// Writes `bytes` to a new file at `path`; false if it could not.
func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    let file = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard file >= 0 else { return false }
    defer { close(file) }
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        if n <= 0 { return false }
        written += n
    }
    return true
}

exit(runMain())
