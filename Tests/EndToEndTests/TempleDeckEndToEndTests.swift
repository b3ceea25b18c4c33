import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

/// `arcade temples --deck DIR` in a real terminal: a hostile deck's memory and loading
/// screen, special files, and the scores a deck game keeps.
extension EndToEnd {
    @Suite
    struct TempleDeckEndToEndTests {
        /// A fresh folder, removed by the caller.
        static func folder() throws -> URL {
            try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-deck")
        }

        /// A folder of `count` 5792 × 5792 solid-colour PNGs: 33 KB each on disk, 128 MB each
        /// as RGBA. One file is written; the others are hard links to it, which the arcade
        /// reads as files of their own.
        /// The arcade playing Temples from the folder `deck`, in a `width`×`height` terminal
        /// (the session's usual size when not given).
        static func playing(_ deck: URL, width: Int? = nil, height: Int? = nil) throws -> PtySession {
            guard let width, let height else { return try PtySession.arcade(["temples", "--deck", deck.path]) }
            return try PtySession.arcade(["temples", "--deck", deck.path],
                                              configuration: .init(width: width, height: height))
        }

        /// Run `body` on the arcade playing a hostile deck of `count` pictures in a
        /// `width`×`height` terminal, with the program's pid; the deck is removed afterwards.
        static func withHostileDeck(count: Int, width: Int, height: Int,
                                    _ body: (PtySession, Int32) async throws -> Void) async throws {
            let deck = try hostileDeck(count: count)
            defer { try? FileManager.default.removeItem(at: deck) }
            let session = try playing(deck, width: width, height: height)
            defer { session.close() }
            try await body(session, session.programPID)
        }

        static func hostileDeck(count: Int) throws -> URL {
            let folder = try folder()
            let first = folder.appendingPathComponent("solid-001.png").path
            try TestPNG.writeSolid(to: first, width: 5792, height: 5792, red: 200, green: 60, blue: 30)
            for index in stride(from: 2, through: count, by: 1) {
                try FileManager.default.linkItem(atPath: first,
                                                 toPath: folder.appendingPathComponent(String(format: "solid-%03d.png", index)).path)
            }
            return folder
        }

        /// `q` back to the menu, `q` again to quit: the arcade ends with status 0.
        static func leaveAndQuit(_ session: PtySession, sourceLocation: SourceLocation = #_sourceLocation) async {
            session.type("q")
            #expect(await session.waitFor("ARCADE"), sourceLocation: sourceLocation)
            session.type("q")
            #expect(await session.waitForExit() == 0, sourceLocation: sourceLocation)
        }

        /// The arcade's peak resident memory so far is under 100 MB.
        static func expectPeakUnderOneHundredMegabytes(_ pid: pid_t, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let peak = try #require(ProcSample.read(pid), sourceLocation: sourceLocation).peakResidentBytes
            #expect(peak < 100_000_000, "peak resident memory \(peak / 1_000_000) MB", sourceLocation: sourceLocation)
        }

        /// The built-in Kirtland picture, copied into `folder` as `name`.
        static func addPicture(_ name: String, to folder: URL) throws {
            let temples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Assets/Temples")
            try FileManager.default.copyItem(at: temples.appendingPathComponent("kirtland.png"),
                                             to: folder.appendingPathComponent(name))
        }

        /// Polls `condition` every 20 ms until it holds or `timeout` passes.
        private func eventually(_ timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + timeout
            while !condition() {
                if ContinuousClock.now >= deadline { return false }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return true
        }

        /// 5792 × 5792 pictures are 128 MB each as RGBA at full size: each is read straight to
        /// at most 512 pixels a side, the deck within a budget that even one picture read whole
        /// would break (three show it as well as twelve, in a quarter of the time).
        @Test func hugePicturesStayUnderOneHundredMegabytes() async throws {
            try await Self.withHostileDeck(count: 3, width: 200, height: 60) { session, pid in
                #expect(await session.waitFor("Correct 0   Incorrect 0   Left 3", timeout: .seconds(120)))
                // Every picture drawn, large: study mode on a big terminal, then a bigger one.
                session.type("s")
                #expect(await session.waitFor("Study mode"))
                #expect(session.resize(width: 300, height: 100))
                #expect(await session.waitFor("Study: every temple"))
                await session.waitUntilIdle()
                try Self.expectPeakUnderOneHundredMegabytes(pid)
                await Self.leaveAndQuit(session)
                session.expectRestored()
            }
        }

        /// A small picture whose text chunks unpack to 120 MB, more than the budget (30 chunks of
        /// 4 MB, within what libpng would keep: 8 MB a chunk and a thousand chunks a file): they
        /// are skipped unread.
        @Test func picturesFullOfCompressedTextStayUnderOneHundredMegabytes() async throws {
            let deck = try Self.folder()
            defer { try? FileManager.default.removeItem(at: deck) }
            try TestPNG.write(to: deck.appendingPathComponent("text.png").path, width: 8, height: 8,
                              colorType: .rgb, textChunks: 30, textSize: 4 << 20) { _, bytes in
                bytes.update(repeating: 90)
            }
            let session = try Self.playing(deck)
            defer { session.close() }
            let pid = session.programPID
            #expect(await session.waitFor("Left 1", timeout: .seconds(60)))
            try Self.expectPeakUnderOneHundredMegabytes(pid)
            await Self.leaveAndQuit(session)
        }

        /// A picture two million pixels wide is too large, not damaged.
        @Test func aPictureWiderThanAMillionPixelsIsTooLargeNotDamaged() async throws {
            let deck = try Self.folder()
            defer { try? FileManager.default.removeItem(at: deck) }
            try TestPNG.write(to: deck.appendingPathComponent("wide.png").path, width: 2_000_000, height: 1,
                              colorType: .gray, bitDepth: 1) { _, bytes in bytes.update(repeating: 0) }
            try Self.addPicture("kirtland.png", to: deck)
            let session = try Self.playing(deck)
            defer { session.close() }
            #expect(await session.waitFor("Left 1"))
            #expect(await session.waitFor("Skipped wide.png: 2000000×1 pixels is more than a picture may have"))
            await Self.leaveAndQuit(session)
        }

        /// A heavy deck takes seconds to load: meanwhile the screen says how far it is, follows
        /// resizes, and q stops the loading and goes back to the menu. (Two hundred pictures,
        /// hard links of one: the loading lasts far longer than the test, even on a loaded
        /// machine where the test's own turns come late.)
        @Test func loadingShowsProgressFollowsResizesAndQGoesBackToTheMenu() async throws {
            try await Self.withHostileDeck(count: 200, width: 100, height: 30) { session, pid in
                #expect(await session.waitUntil("the loading screen naming a picture") {
                    Self.loaded($0) != nil && $0.contains("solid-") && $0.contains("q: back to the menu")
                })
                // The count goes up as pictures are read.
                let shown = Self.loaded(session.capture()) ?? 0
                #expect(await session.waitUntil("more than \(shown) pictures loaded", timeout: .seconds(30)) {
                    (Self.loaded($0) ?? 0) > shown
                })
                // A smaller terminal: the loading screen is laid out anew, still whole.
                #expect(session.resize(width: 64, height: 17))
                #expect(await session.waitUntil("the loading frame within 64 columns") { screen in
                    screen.contains("Loading pictures") && screen.split(separator: "\n").contains { $0.hasPrefix("╭─ Temples") }
                })
                #expect((ProcSample.read(pid)?.threads ?? 0) >= 2, "the loading runs on a thread of its own")
                session.type("q")
                #expect(await session.waitFor("ARCADE"))
                // The loading stopped: its thread is gone, long before two hundred pictures could be read.
                #expect(await eventually { ProcSample.read(pid)?.threads == 1 }, "the loader's thread is still running")
                #expect(session.lines().contains { $0.contains("Temples") && !$0.contains("best") })
                await session.quitFromMenu()
            }
        }

        /// How many of the pictures the loading screen says are read.
        static func loaded(_ screen: String) -> Int? {
            guard let range = screen.range(of: #"Loading pictures \d+/\d+"#, options: .regularExpression) else { return nil }
            return Int(screen[range].dropFirst("Loading pictures ".count).prefix { $0.isNumber })
        }

        @Test func ctrlCWhileLoadingEndsTheArcadeAtOnce() async throws {
            let deck = try Self.hostileDeck(count: 30)
            defer { try? FileManager.default.removeItem(at: deck) }
            let session = try Self.playing(deck)
            defer { session.close() }
            #expect(await session.waitFor("Loading pictures"))
            session.sendKeys("C-c")
            #expect(await session.waitForExit() == 130)
            session.expectRestored()
        }

        /// A file name with a character no terminal can print (U+0378, unassigned: wcwidth
        /// says -1) takes one column in the notice, and the words after it stay in theirs:
        /// the screen is copied into ncurses a run of cells at a time, such a glyph with them.
        @Test func anUnprintableCharacterInAFileNameKeepsTheWordsAfterItInPlace() async throws {
            let deck = try Self.folder()
            defer { try? FileManager.default.removeItem(at: deck) }
            try Data("not a png".utf8).write(to: deck.appendingPathComponent("a\u{0378}bad.png"))
            try Self.addPicture("kirtland.png", to: deck)
            let session = try Self.playing(deck, width: 100, height: 30)
            defer { session.close() }
            #expect(await session.waitFor("Left 1"))
            #expect(await session.waitUntil("the notice with one column between \"Skipped a\" and \"bad.png\"") { screen in
                screen.components(separatedBy: "\n").contains { line in
                    guard let start = line.range(of: "Skipped a") else { return false }
                    let after = line[start.upperBound...].unicodeScalars.dropFirst()
                    return String(String.UnicodeScalarView(after)).hasPrefix("bad.png: not a PNG file")
                }
            })
            await Self.leaveAndQuit(session)
        }

        /// A FIFO named x.png would hang the arcade for ever if opened, and z.png linked to
        /// /dev/zero would be read without end: both are skipped with a notice and the deck loads.
        @Test func aFIFOAndALinkToDevZeroAreSkippedAndTheDeckLoads() async throws {
            let deck = try Self.folder()
            defer { try? FileManager.default.removeItem(at: deck) }
            try #require(mkfifo(deck.appendingPathComponent("x.png").path, 0o600) == 0)
            try FileManager.default.createSymbolicLink(atPath: deck.appendingPathComponent("z.png").path,
                                                       withDestinationPath: "/dev/zero")
            try Self.addPicture("kirtland.png", to: deck)
            let session = try Self.playing(deck, width: 100, height: 30)
            defer { session.close() }
            #expect(await session.waitFor("Correct 0   Incorrect 0   Left 1"))
            #expect(await session.waitFor("Skipped x.png: not a regular file (and 1 more: press ?)"))
            session.type("?")
            #expect(await session.waitFor("- Skipped z.png: not a regular file"))
            session.type("x")  // any key closes help
            #expect(await session.waitForAbsence(of: "Help: Temples"))
            await Self.leaveAndQuit(session)
        }

        /// A one-card deck's 100% in 0:00 went into the built-in temples' table, and so onto
        /// the menu as Temples' best: a deck game keeps no score.
        @Test func aDeckGameLeavesTheTemplesScoresAndTheMenuAlone() async throws {
            let deck = try Self.folder()
            defer { try? FileManager.default.removeItem(at: deck) }
            try Self.addPicture("only-card.png", to: deck)
            let session = try Self.playing(deck, width: 100, height: 30)
            defer { session.close() }
            #expect(await session.waitFor("Left 1"))
            session.sendKeys("Enter")  // the picture, then (the focus moves) its name
            #expect(await session.waitFor("now pick its name"))
            session.sendKeys("Enter")
            #expect(await session.waitFor("All 1 matched"))
            session.type("q")
            #expect(await session.waitFor("ARCADE"))
            let temples = session.lines().first { $0.contains("Temples") } ?? ""
            #expect(!temples.contains("best"), "the menu shows a best for Temples: \(temples)")
            session.type("q")
            #expect(await session.waitForExit() == 0)
            let store = StoreCheck.check(dataHome: session.dataHome.path)
            #expect(store.isGood && store.scores["temples"] == nil, "the store: \(store.summary)")
        }
    }
}
