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

        // UI
        .target(name: "ArcadeUI", dependencies: ["CNcursesw", "CArcadeShim"]),

        // App: menu, screens, scores, options
        .target(
            name: "ArcadeApp",
            dependencies: [
                "ArcadeUI", "ArcadeCore", "CArcadePNG",
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
