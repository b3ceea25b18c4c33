// swift-tools-version:6.0
import PackageDescription

// SQLite and ncurses come from pkg-config and are linked as shared libraries in every build,
// `swift build` and `swift test` among them, except `make build` (README, "Performance"),
// which sets ARCADE_STATIC_LIBS to a folder of their archives and links them into the arcade
// from there: the loader then maps, relocates and looks up symbols for none of them. That
// build leaves pkg-config out, since its -l flags brought the shared libraries back (seen: lld
// takes the .so in the system folder first). Their modulemaps name no library, so a target
// that imports CSQLite or CNcursesw must depend on ArcadeStore or CArcadeShim, which link
// them. libpng (and zlib) stay shared in every build: the release binary is not
// position-independent, and the code that reads players' own PNG files should keep the
// random addresses a shared library gets. The arcade loads libpng at its first picture
// (Sources/CArcadePNG), so a start that shows none maps neither.
let staticLibs = Context.environment["ARCADE_STATIC_LIBS"] ?? ""
func pkgConfig(_ name: String) -> String? { staticLibs.isEmpty ? name : nil }
func linking(_ libraries: String...) -> [LinkerSetting] {
    staticLibs.isEmpty
        ? libraries.map { .linkedLibrary($0) }
        : [.unsafeFlags(libraries.flatMap { ["-Xlinker", "\(staticLibs)/lib\($0).a"] })]
}
// SQLite's extension modules the store does not use, left out where SQLite is linked in
// (Sources/CSQLiteModules/modules.c says why).
let leftOutSQLiteModules = ["sqlite3Fts3Init", "sqlite3Fts5Init", "sqlite3RtreeInit",
                            "sqlite3DbstatRegister", "sqlite3StmtVtabInit"]
func linkingSQLite() -> [LinkerSetting] {
    linking("sqlite3") + (staticLibs.isEmpty ? [] : [
        .unsafeFlags(leftOutSQLiteModules.flatMap { ["-Xlinker", "--wrap=\($0)"] }),
    ])
}

let package = Package(
    name: "Arcade",
    // What the package offers: the game, and the tools (run with `swift run <name>`)
    products: [
        .executable(name: "arcade", targets: ["arcade"]),
        .executable(name: "arcade-bench", targets: ["arcade-bench"]),
        .executable(name: "make-temple-art", targets: ["make-temple-art"]),
        .executable(name: "arcade-floor", targets: ["arcade-floor"]),
        .executable(name: "arcade-floor-store", targets: ["arcade-floor-store"]),
    ],
    targets: [
        // C boundary
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: pkgConfig("ncursesw"),
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "CArcadeShim", dependencies: ["CNcursesw"], linkerSettings: linking("ncursesw", "tinfo")),
        // libc's wcwidth for ArcadeUI, without curses
        .target(name: "CArcadeWidth"),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libpng's classic, row-by-row API, whose longjmp never leaves this C target. It
        // loads libpng itself at the first picture (dlopen), so it does not link it; png.h
        // is the system's.
        .target(name: "CArcadePNG"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: pkgConfig("sqlite3"),
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
        .target(name: "CSQLiteModules"),
        .target(name: "ArcadeStore", dependencies: ["CSQLite", "CSQLiteModules"], linkerSettings: linkingSQLite()),

        // App: menu, screens, the data it keeps (through ArcadeStore), options
        .target(
            name: "ArcadeApp",
            dependencies: [
                "ArcadeUI", "ArcadeTerminal", "ArcadeCore", "ArcadeStore", "ArcadeJSON", "CArcadePNG",
                "SetModel", "MemoryModel", "SlotModel", "TempleModel", "BlackjackModel",
            ]
        ),
        // The command line kept before Swift starts, so that the runtime does not read
        // /proc/self/maps to find it (Sources/CArcadeStart/arcade_start.c).
        .target(name: "CArcadeStart"),
        .executableTarget(name: "arcade", dependencies: ["ArcadeApp", "CArcadeStart"]),

        // Tools, outside the product (Tools/): the harness that drives a program in a
        // pseudo-terminal (shared with the end-to-end tests), the benchmark and torture run
        // built on it, and the generator of the temple pictures' PNGs from their text sources
        .target(name: "ArcadeHarness", dependencies: ["ArcadeCore", "ArcadeStore"], path: "Tools/ArcadeHarness"),
        .executableTarget(name: "arcade-bench", dependencies: ["ArcadeHarness"], path: "Tools/ArcadeBench"),
        .executableTarget(name: "make-temple-art", dependencies: ["CLibPNG"], path: "Tools/MakeTempleArt"),
        // The floor the benchmark holds the arcade against: the smallest Swift ncurses program
        // of the same kind (a title, a row of items with a cursor, a key line), and a hello
        .executableTarget(name: "arcade-floor", dependencies: ["CNcursesw", "CArcadeShim"], path: "Tools/CursesFloor"),
        // The same program (its main.swift a link to the floor's) opening a SQLite file and
        // reading its schema first, SQLite linked in as the arcade links it
        .executableTarget(name: "arcade-floor-store", dependencies: ["CNcursesw", "CArcadeShim", "CSQLite", "CSQLiteModules"],
                          path: "Tools/CursesFloorStore", swiftSettings: [.define("FLOOR_STORE")],
                          linkerSettings: linkingSQLite()),
        // Writes games into a store from a process of its own, for the store's process tests
        .executableTarget(name: "arcade-store-writer", dependencies: ["ArcadeStore"], path: "Tools/StoreWriter"),

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
            dependencies: ["ArcadeJSON", "ArcadeApp", "ArcadeStore", "ArcadeCore", "ArcadeUI", "SetModel", "MemoryModel",
                           "SlotModel", "TempleModel", "BlackjackModel"]
        ),
        .testTarget(name: "SetModelTests", dependencies: ["SetModel"]),
        .testTarget(name: "MemoryModelTests", dependencies: ["MemoryModel"]),
        .testTarget(name: "SlotModelTests", dependencies: ["SlotModel"]),
        .testTarget(name: "TempleModelTests", dependencies: ["TempleModel"]),
        .testTarget(name: "BlackjackModelTests", dependencies: ["BlackjackModel"]),
        .testTarget(name: "ArcadeUITests", dependencies: ["ArcadeUI", "ArcadeTestSupport", "CArcadeWidth"]),
        .testTarget(name: "ArcadeTerminalTests", dependencies: ["ArcadeTerminal", "ArcadeUI"]),
        .testTarget(name: "ArcadeStoreTests", dependencies: ["ArcadeStore", "CSQLite"]),
        .testTarget(
            name: "ArcadeAppTests",
            dependencies: ["ArcadeApp", "ArcadeStore", "CSQLite", "ArcadeTestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ArcadeTestSupport", "ArcadeHarness", "arcade", "arcade-store-writer", "ArcadeCore", "ArcadeStore", "SetModel", "SlotModel", "TempleModel", "BlackjackModel"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
