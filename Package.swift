// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Arcade",
    targets: [
        // C boundary
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "CArcadeShim", dependencies: ["CNcursesw"]),
        // libc's wcwidth for ArcadeUI, without curses
        .target(name: "CArcadeWidth"),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libpng's classic, row-by-row API, whose longjmp never leaves this C target
        .target(name: "CArcadePNG", dependencies: ["CLibPNG"]),

        // Rules shared by every game
        .target(name: "ArcadeCore"),

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

        // App: menu, screens, scores, options
        .target(
            name: "ArcadeApp",
            dependencies: [
                "ArcadeUI", "ArcadeTerminal", "ArcadeCore", "CArcadePNG",
                "SetModel", "MemoryModel", "SlotModel", "TempleModel", "BlackjackModel",
            ]
        ),
        .executableTarget(name: "arcade", dependencies: ["ArcadeApp"]),

        // Tools: turns the reviewable text sources of the temple pictures into PNGs,
        // and measures the release binary in a pseudo-terminal
        .executableTarget(name: "make-temple-art", dependencies: ["CLibPNG"], path: "Sources/MakeTempleArt"),
        .executableTarget(name: "arcade-bench", dependencies: ["ArcadeCore"], path: "Sources/ArcadeBench"),

        // Tests
        .target(name: "CArcadeTestPNG", dependencies: ["CLibPNG"], path: "Tests/CArcadeTestPNG"),
        .target(
            name: "ArcadeTestSupport",
            dependencies: ["ArcadeUI", "CArcadeTestPNG"],
            path: "Tests/ArcadeTestSupport"
        ),
        .testTarget(name: "ArcadeCoreTests", dependencies: ["ArcadeCore"]),
        .testTarget(name: "SetModelTests", dependencies: ["SetModel"]),
        .testTarget(name: "MemoryModelTests", dependencies: ["MemoryModel"]),
        .testTarget(name: "SlotModelTests", dependencies: ["SlotModel"]),
        .testTarget(name: "TempleModelTests", dependencies: ["TempleModel"]),
        .testTarget(name: "BlackjackModelTests", dependencies: ["BlackjackModel"]),
        .testTarget(name: "ArcadeUITests", dependencies: ["ArcadeUI", "ArcadeTestSupport"]),
        .testTarget(name: "ArcadeTerminalTests", dependencies: ["ArcadeTerminal", "ArcadeUI"]),
        .testTarget(
            name: "ArcadeAppTests",
            dependencies: ["ArcadeApp", "ArcadeTestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ArcadeTestSupport", "arcade", "ArcadeCore", "SetModel", "SlotModel", "TempleModel", "BlackjackModel"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
