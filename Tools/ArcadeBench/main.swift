import ArcadeHarness
import Glibc

// arcade-bench: measures the arcade in a pseudo-terminal, or tortures it with random input.

let usage = """
    Usage: arcade-bench [--binary PATH] [--only SCREENS] [--quick] [--json]
                        [--launches N] [--idle SECONDS] [--unanswered-background]
           arcade-bench --compare CMD [--compare-keys KEYS] [--arcade-keys KEYS]
                        [--binary PATH] [--launches N] [--quick] [--json] [--unanswered-background]
           arcade-bench --torture [--binary PATH] [--only GAMES] [--count N] [--seed S]
                        [--signal-trials N] [--json]
           arcade-bench --flood [--binary PATH] [--only SCREENS] [--bytes N] [--json]
           arcade-bench --parts [--json]
           arcade-bench --friends [--binary PATH] [--claims N] [--seed S] [--idle SECONDS] [--json]

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
    bytes, duration, bytes/s). Sound is off (ARCADE_SOUND=off). Without --only (and --json),
    the --friends report follows (30 claims each way with --quick).

    Comparison (--compare CMD): the arcade's menu against CMD (a path or a name on PATH; its
    arguments in the same string, split on spaces, e.g. --compare /usr/games/nbmemoblocks),
    launched in turn --launches times each (default 7), the arcade both in a fresh data folder and in one kept
    from an earlier launch. Each program is first dropped from the page cache and launched once
    uncounted, so that it is read from disk as after a reboot (a binary just copied is held in
    large folios, mapped whole: more resident for the same bytes). For each: launch →
    the end of the first burst of output, CPU and minor faults by then, key → reply latency
    and bytes over 20 cursor keys, peak RSS; the ratios arcade ÷ CMD, and the goals.
    --compare-keys KEYS  the keys sent to CMD, comma-separated: right, left, up,
                         down, enter, space, tab, esc, or characters (l,h); default right,left
    --arcade-keys KEYS   the keys sent to the arcade's menu; default down,up (its cursor move:
                         the menu is a column, → and ← do nothing there)

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
    --learn, blackjack also after Enter, on its rules page and at its game-over box), --bytes of text (default 1048576) in 4 KiB writes, then
    Ctrl-C; once as prose, once as seeded random printable ASCII (never q, Q, y or Y, which would
    leave). Per row: seconds from the first byte to the exit, the arcade's CPU seconds, its exit
    status (130 expected). Exit status 1 if a row took 2 s or more (a paste, then Ctrl-C, must
    not wait), or did not end with 130.

    Set with friends (--friends): a host arcade on 127.0.0.1 (a free port) in a pseudo-terminal,
    two wire clients seated, the host's s to start; the two claim sets in turn (both ask for 3
    more when the table has none), a new host with the next seed (from --seed, default 1) for
    each game that runs out, until --claims claims (default 100) are judged; twice: the
    claimant's three cards sent back to back, then each of the first two waited for until both
    players see it marked (as a player sees a card marked before the next key). Per claim: the
    third card sent → both players have the table with its verdict (monotonic clock); the
    median (goal under 50 ms), p90 and max. Then the host's CPU and wakeups over --idle seconds
    (default 1) with the finished table idle, both players connected. Exit status 1 if a
    median missed its goal or a run failed.

    Parts (--parts): the arcade's parts in this process, no binary: the store on a million
    finished games (a start with its five high-score lists, one game recorded, the statistics
    page's five histories) and the start's question to the terminal for its background
    (answered, device attributes alone, silence, a colour alone). Exit status 1 if a figure
    missed its goal (the goals the tests kept before they became figures).
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
    var answersBackground = true
    var flood = false
    var floodBytes = 1 << 20
    var parts = false
    var friends = false
    var claims = 100

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
        case "--unanswered-background": answersBackground = false
        case "--flood": flood = true
        case "--parts": parts = true
        case "--friends": friends = true
        case "--claims":
            guard let n = Int(value(argument)), n > 0 else { fail("--claims needs a positive whole number") }
            claims = n
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

    if parts {
        let report = PartsReport(machine: Machine.current(), figures: Parts.run())
        print(json ? renderedJSON(report) : report.markdown())
        return report.missed == 0 && !report.figures.isEmpty ? 0 : 1
    }

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
    if friends {
        let machine = Machine.current()
        let result = FriendsBench(launcher: launcher, claims: claims, idleSeconds: idleSeconds ?? 1, seed: seed).run()
        let report = FriendsReport(binary: binary, machine: machine, result: result)
        print(json ? renderedJSON(report) : report.markdown())
        return result.met ? 0 : 1
    }
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
        let machine = Machine.current()
        // Every program read from disk anew (see dropFromPageCache), the arcade by the launch
        // that prepares its kept folder, the others by Comparison.run's first round, uncounted.
        for path in [binary, program] { dropFromPageCache(path) }
        let kept = Comparison.preparedDataHome(launcher)
        defer { removeTree(kept) }
        let keptFiles = filesUnder(kept)
        let otherName = String(program.split(separator: "/").last ?? Substring(program))
        let contenders = [
            Contender(label: CompareReport.freshLabel, binary: binary, arguments: [], keys: menuKeys,
                      keyNames: arcadeKeys, isArcade: true),
            Contender(label: CompareReport.keptLabel, binary: binary, arguments: [], keys: menuKeys,
                      keyNames: arcadeKeys, isArcade: true, keptDataHome: kept),
            Contender(label: otherName, binary: program, arguments: Array(words.dropFirst()), keys: otherKeys,
                      keyNames: compareKeys, isArcade: false),
        ]
        let comparison = Comparison(launcher: launcher, contenders: contenders, launches: launchCount ?? (quick ? 3 : 7))
        let results = comparison.run()
        let report = CompareReport(other: compare, launches: comparison.launches, keysPerLaunch: comparison.keysPerLaunch,
                                   machine: machine, results: results,
                                   keptFiles: keptFiles, backgroundAnswered: answersBackground)
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
    // Set with friends too, when every screen is measured (its own report: --friends).
    if only == nil && !json {
        let friends = FriendsBench(launcher: launcher, claims: quick ? 30 : 100, idleSeconds: 1).run()
        print(FriendsReport(binary: binary, machine: machine, result: friends).markdown())
    }

    return 0
}

exit(runMain())
