// swift-tools-version:6.0
import PackageDescription

// SQLite, ncurses and libpng are the system's shared libraries, linked normally in every build
// (SQLite and libpng found by pkg-config, ncurses linked by name: see CNcursesw), so that a
// security update of any of them reaches the arcade without building it again.
//
// Hardening, as distributions build C code and link programs: the C targets with the stack
// protector and glibc's checked string and memory functions (which need optimisation, so
// -O2 in every configuration), and executables position-independent (the toolchain's
// default on Linux) with full RELRO (the GOT read-only after start, every symbol bound then)
// and a stack that cannot be executed. Tools/check-release.sh checks the release binary for
// each of these, and `.ci/run` runs it.
let hardenedC: [CSetting] = [
    .unsafeFlags(["-fstack-protector-strong", "-D_FORTIFY_SOURCE=2", "-O2"]),
]
let hardenedLink: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
                  "-Xlinker", "-z", "-Xlinker", "noexecstack"]),
]

let package = Package(
    name: "Arcade",
    // What the package offers: the game, and the tools (run with `swift run <name>`)
    products: [
        .executable(name: "arcade", targets: ["arcade"]),
        .executable(name: "arcade-bench", targets: ["arcade-bench"]),
        .executable(name: "make-temple-art", targets: ["make-temple-art"]),
    ],
    targets: [
        // C boundary
        // ncurses without pkg-config: ncursesw.pc's only cflags are -D_DEFAULT_SOURCE and
        // -D_XOPEN_SOURCE=600, which SwiftPM will not pass on (it warns of them in every build)
        // and the arcade does not need (shim.h defines what the wide-character API needs). Its
        // module map links ncursesw and tinfo, as ncursesw.pc's libs say; the headers are in
        // the compiler's own search path (<ncursesw/curses.h>). On Debian: libncurses-dev.
        .systemLibrary(name: "CNcursesw"),
        // C for what Swift cannot do with ncurses, the terminal's safety in signal handlers, and
        // the process made fit to run the arcade before its Swift code runs (arcade_start.c)
        .target(name: "CArcadeShim", dependencies: ["CNcursesw"], cSettings: hardenedC),
        // libc's wcwidth for ArcadeUI, without curses
        .target(name: "CArcadeWidth", cSettings: hardenedC),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libpng's classic, row-by-row API, whose longjmp never leaves this C target
        .target(name: "CArcadePNG", dependencies: ["CLibPNG"], cSettings: hardenedC),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // Rules shared by every game
        .target(name: "ArcadeCore"),
        // JSON for Codable values, written as FoundationEssentials' JSONEncoder wrote it,
        // so the product needs no Foundation
        .target(name: "ArcadeJSON"),

        // Models: rules only, no UI, no I/O, no clocks
        .target(name: "SetModel", dependencies: ["ArcadeCore"]),
        .target(name: "MemoryModel", dependencies: ["ArcadeCore"]),
        .target(name: "SlotModel", dependencies: ["ArcadeCore"]),
        .target(name: "TempleModel", dependencies: ["ArcadeCore"]),
        .target(name: "BlackjackModel", dependencies: ["ArcadeCore"]),

        // UI: pure (cells, grid, widgets, layout, input values, run loop). It must not depend
        // on CNcursesw or CArcadeShim: without the dependency an `import CNcursesw` in it
        // fails to build, so the compiler keeps curses out of it.
        .target(name: "ArcadeUI", dependencies: ["CArcadeWidth"]),
        // The ncurses backend, the only code that calls curses: NcursesTerminal, reading and
        // decoding the terminal's input, terminal safety
        .target(name: "ArcadeTerminal", dependencies: ["ArcadeUI", "CNcursesw", "CArcadeShim"]),

        // The store: one SQLite database (history, saved games), schema versions, migrations
        // What the store keeps, as plain values the screens read too
        .target(name: "ArcadeRecords"),
        .target(name: "ArcadeStore", dependencies: ["ArcadeRecords", "CSQLite"]),

        // App: menu, screens, the data it keeps (through ArcadeStore), options
        .target(
            name: "ArcadeApp",
            dependencies: [
                "ArcadeUI", "ArcadeTerminal", "ArcadeCore", "ArcadeRecords", "ArcadeStore", "ArcadeJSON", "CArcadePNG",
                "SetModel", "MemoryModel", "SlotModel", "TempleModel", "BlackjackModel",
            ]
        ),
        .executableTarget(name: "arcade", dependencies: ["ArcadeApp", "CArcadeShim"], linkerSettings: hardenedLink),

        // Tools, outside the product (Tools/): the harness that drives a program in a
        // pseudo-terminal (shared with the end-to-end tests), the benchmark and torture run
        // built on it, and the generator of the temple pictures' PNGs from their text sources
        .target(name: "ArcadeHarness", dependencies: ["ArcadeCore", "ArcadeRecords", "ArcadeStore", "ArcadeJSON", "SetModel"], path: "Tools/ArcadeHarness"),
        .executableTarget(name: "arcade-bench", dependencies: ["ArcadeHarness", "ArcadeRecords", "ArcadeStore", "ArcadeTerminal", "CSQLite"], path: "Tools/ArcadeBench"),
        .executableTarget(name: "make-temple-art", dependencies: ["CLibPNG"], path: "Tools/MakeTempleArt"),
        // Writes games into a store from a process of its own, for the store's process tests
        .executableTarget(name: "arcade-store-writer", dependencies: ["ArcadeRecords", "ArcadeStore"], path: "Tools/StoreWriter"),

        // Tests
        .target(name: "CArcadeTestPNG", dependencies: ["CLibPNG"], path: "Tests/CArcadeTestPNG"),
        .target(
            name: "ArcadeTestSupport",
            dependencies: ["ArcadeUI", "ArcadeHarness", "CArcadeTestPNG"],
            path: "Tests/ArcadeTestSupport"
        ),
        .testTarget(name: "ArcadeCoreTests", dependencies: ["ArcadeCore"]),
        // ArcadeJSON against FoundationEssentials' JSONEncoder, over the app's own values
        .testTarget(
            name: "ArcadeJSONTests",
            dependencies: ["ArcadeJSON", "ArcadeApp", "ArcadeRecords", "ArcadeStore", "ArcadeCore", "ArcadeUI", "SetModel", "MemoryModel",
                           "SlotModel", "TempleModel", "BlackjackModel"]
        ),
        .testTarget(name: "SetModelTests", dependencies: ["SetModel"]),
        .testTarget(name: "MemoryModelTests", dependencies: ["MemoryModel"]),
        .testTarget(name: "SlotModelTests", dependencies: ["SlotModel"]),
        .testTarget(name: "TempleModelTests", dependencies: ["TempleModel"]),
        .testTarget(name: "BlackjackModelTests", dependencies: ["BlackjackModel"]),
        .testTarget(name: "ArcadeUITests", dependencies: ["ArcadeUI", "ArcadeTestSupport", "CArcadeWidth"]),
        .testTarget(name: "ArcadeTerminalTests", dependencies: ["ArcadeTerminal", "ArcadeUI"]),
        .testTarget(name: "ArcadeStoreTests", dependencies: ["ArcadeRecords", "ArcadeStore", "CSQLite"]),
        .testTarget(
            name: "ArcadeAppTests",
            dependencies: ["ArcadeApp", "ArcadeRecords", "ArcadeStore", "CSQLite", "ArcadeTestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ArcadeTestSupport", "ArcadeHarness", "arcade", "arcade-store-writer", "ArcadeCore", "ArcadeRecords", "ArcadeStore", "SetModel", "SlotModel", "TempleModel", "BlackjackModel"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
