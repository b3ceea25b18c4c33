import ArcadeHarness
import Glibc

// arcade-bench: measures the arcade in a pseudo-terminal, or tortures it with random input.

let usage = """
    Usage: arcade-bench [--binary PATH] [--only SCREENS] [--quick] [--json]
                        [--launches N] [--idle SECONDS]
           arcade-bench --torture [--binary PATH] [--only GAMES] [--count N] [--seed S]
                        [--signal-trials N] [--json]

    Drives the arcade binary (default .build/release/arcade; build it as users install it:
    swift build -c release --static-swift-stdlib) in a pseudo-terminal at 100×30 with
    TERM=xterm-256color and LANG=C.UTF-8, the score file in a temporary XDG_DATA_HOME.

    Benchmark (default): for the menu and each game, launch → first complete frame (median and
    range of --launches, default 7), bytes written per cursor move and per action key, CPU and
    wakeups over --idle seconds (default 10) without input, on the turn-based screen and with a
    clock running, bytes and time to redraw after resizes, peak RSS. Sound is off (ARCADE_SOUND=off).

    --quick       3 launches and 2 s idle windows (for trying things out)
    --only LIST   comma-separated: menu, set, memory, slots, temples, blackjack
    --json        print JSON instead of the tables

    Torture (--torture): for each game, --count random inputs (default 20000) from --seed (default 1):
    keys, escape sequences, mouse clicks, random bytes, resizes down to 1×1, SIGSTOP/SIGCONT; then
    quit and check exit status 0, the terminal restored and the score file valid. Then signals at
    random moments (SIGTERM, SIGHUP, SIGINT, the Ctrl-C byte; --signal-trials rounds, default 3)
    and closed input (terminal hang-up; end of file on standard input). Exit status 1 if a defect
    was found.
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
        fail("no arcade binary at \(binary): build it with `swift build -c release --static-swift-stdlib` or pass --binary PATH")
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
    var plans = ScreenPlan.plans(games: games)
    if let only {
        plans = plans.filter { only.contains($0.name) }
        guard !plans.isEmpty else { fail("--only names none of: menu, \(games.joined(separator: ", "))") }
    }
    let benchmark = Benchmark(launcher: launcher, launches: launchCount ?? (quick ? 3 : 7),
                              idleSeconds: idleSeconds ?? (quick ? 2 : 10))
    let load = loadAverage()
    let results = benchmark.run(plans: plans)
    let report = BenchReport(binary: binary, launches: benchmark.launches, idleSeconds: benchmark.idleSeconds,
                             load: load, results: results)
    print(json ? renderedJSON(report.json()) : report.markdown())

    return 0
}

exit(runMain())
