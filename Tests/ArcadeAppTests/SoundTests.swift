import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Foundation
import Synchronization
import Testing

@testable import ArcadeApp

/// The sound cues: the WAV files in `Assets/Sounds/`, and `SoundHelper` playing them through
/// a player command (real processes through `ARCADE_SOUND_CMD`, or a scripted launcher).
@Suite struct SoundTests {
    /// The checkout, found from this file's path.
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// The checkout's `Assets` folder.
    static let assetsRoot = checkout + "/Assets"
    static let soundsFolder = assetsRoot + "/Sounds"
    /// The generator of the cues (a tool, outside the product's sources).
    static let soundScript = checkout + "/Tools/make-sounds.py"

    // MARK: - The WAV files

    @Test(arguments: SoundCue.allCases)
    func eachCueIsAShortNonSilentMonoPCMFile(_ cue: SoundCue) throws {
        let path = Self.soundsFolder + "/" + SoundHelper.fileName(of: cue)
        let bytes = try #require(WAVFile.readFile(path), "cannot read \(path)")
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE")
        let riffSize = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize == bytes.count - 8)
        #expect(bytes.count < 16_000)

        let wav = try #require(WAVFile(bytes: bytes))
        #expect(wav.format == WAVFile.pcmFormat)
        #expect(wav.channels == 1)
        #expect(wav.bitsPerSample == 16)
        #expect(wav.sampleRate == 22050)
        #expect(wav.duration > 0.02 && wav.duration < 0.5)
        let peak = wav.samples16.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 8000)  // clearly audible
        #expect(peak < 32767)  // and never clipped
    }

    @Test func theCuesSoundDifferent() throws {
        let lengths = try SoundCue.allCases.map { cue in
            try #require(WAVFile(contentsOf: Self.soundsFolder + "/" + SoundHelper.fileName(of: cue))).data.count
        }
        #expect(Set(lengths).count == lengths.count)
    }

    @Test(.enabled(if: TerminalProcess.which("python3") != nil, "needs python3"))
    func theScriptRegeneratesTheSameCues() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await TerminalProcess.run(
            TerminalProcess.which("python3")!, arguments: [Self.soundScript, folder])
        #expect(result.status == 0, "\(result)")
        for cue in SoundCue.allCases {
            let name = SoundHelper.fileName(of: cue)
            let made = try #require(WAVFile(contentsOf: folder + "/" + name))
            let kept = try #require(WAVFile(contentsOf: Self.soundsFolder + "/" + name))
            #expect(made.sampleRate == kept.sampleRate && made.data.count == kept.data.count, "\(name)")
            // Allow a rounding step per sample, in case another libm rounds a sine differently.
            let differing = zip(made.samples16, kept.samples16).filter { abs(Int($0) - Int($1)) > 1 }.count
            #expect(differing == 0, "\(name): \(differing) samples differ")
        }
    }

    // MARK: - Real players through ARCADE_SOUND_CMD

    /// A sound helper whose player is `player` (ARCADE_SOUND_CMD), with the checkout's cues.
    static func helper(playing player: String, environment: [String: String] = [:],
                       launcher: PlayerLauncher = .posix) -> SoundHelper {
        SoundHelper(settings: SoundSettings(
            environment: environment.merging(["ARCADE_SOUND_CMD": player]) { _, new in new },
            assets: AssetLocator(roots: [assetsRoot]), launcher: launcher))
    }

    @Test func aScriptedHandPlaysItsCuesInOrderThroughTheSoundCommand() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/cues.log"
        let player = try writeScript(in: folder, body: "echo \"$1\" >> \(log)")
        let helper = Self.helper(playing: player, environment: ["PATH": "/usr/bin:/bin"])

        // Player 5♠ 6♥ against 9♣ 8♦: hit 4♣ (15), hit K♥ (25, bust).
        typealias Card = BlackjackModel.Card
        let game = BlackjackGame(seed: 3, stackedCards: [
            Card(.five, of: .spades), Card(.nine, of: .clubs), Card(.six, of: .hearts), Card(.eight, of: .diamonds),
            Card(.four, of: .clubs), Card(.king, of: .hearts),
        ])
        var screen = BlackjackScreen(game: game, showsNewGameAlert: false)
        var played: [SoundCue] = []
        for key in [Key.enter, .character("h"), .character("h")] {
            for case .sound(let cue) in screen.update(.key(key)) {
                #expect(helper.play(cue) == .played)
                played.append(cue)
                // Players run side by side; wait for each line so the log keeps the order asked.
                let logged = await waitUntil { lines(of: log).count == played.count }
                #expect(logged, "the player did not log \(cue)")
            }
        }
        #expect(played == [.cardDrawn, .cardDrawn, .cardDrawn, .cardDrawn, .handLost])
        let names = lines(of: log).map { ($0 as NSString).lastPathComponent }
        #expect(names == ["card-drawn.wav", "card-drawn.wav", "card-drawn.wav", "card-drawn.wav", "hand-lost.wav"])
        let allFromTheAssets = lines(of: log).allSatisfy { $0.hasPrefix(Self.soundsFolder) }
        #expect(allFromTheAssets)
        #expect(await waitUntil { helper.runningPlayers == 0 })
        #expect(!helper.hasPlayerFailed)
    }

    @Test func aPlayerThatFailsFallsBackToTheBellAndIsNotTriedAgain() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/cues.log"
        let player = try writeScript(in: folder, body: "echo \"$1\" >> \(log)\nexit 1")
        let spawns = Recorder()
        let helper = Self.helper(playing: player, launcher: recordingPosixLauncher(spawns))

        #expect(helper.playDrawCardSound() == .played)  // nobody knows yet that it will fail
        #expect(await waitUntil { helper.runningPlayers == 0 })
        #expect(helper.hasPlayerFailed)
        #expect(helper.playWinSound() == .bell)
        #expect(helper.playLoseSound() == .bell)
        #expect(spawns.count == 1)
        #expect(lines(of: log).count == 1)
    }

    @Test func aPlayerThatEndsIsCollectedAtOnceWithoutWaitingForAnotherCue() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pids = PIDs()
        let helper = Self.helper(playing: try writeScript(in: folder, body: "exit 0"),
                                 launcher: recordingPosixLauncher(Recorder(), pids: pids))

        #expect(helper.playWinSound() == .played)
        let pid = try #require(pids.all.first)
        #expect(await waitUntil { !processExists(pid) }, "player \(pid) is left a zombie")
        #expect(helper.runningPlayers == 0)
        #expect(!helper.hasPlayerFailed)
    }

    @Test func aPlayerRunsInASessionOfItsOwnWithoutTheTerminalOrTheArcadesDescriptors() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A descriptor the arcade left inheritable (as a copy of the terminal may be).
        let marker = folder + "/inheritable-descriptor"
        let descriptor = open(marker, O_RDONLY | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let player = try writeScript(in: folder, body: """
            cd \(folder)
            awk '{ print $6 }' /proc/$$/stat > session
            echo $$ > pid
            ls -l /proc/$$/fd/ > descriptors
            if (: > /dev/tty) 2>/dev/null; then echo opened > tty; else echo refused > tty; fi
            : > done
            """)
        let pids = PIDs()
        let helper = Self.helper(playing: player, launcher: recordingPosixLauncher(Recorder(), pids: pids))

        #expect(helper.playLoseSound() == .played)
        #expect(await waitUntil { FileManager.default.fileExists(atPath: folder + "/done") })
        // The session its watcher leads (the pid the launcher returned), not the arcade's.
        let started = try #require(pids.all.first)
        #expect(lines(of: folder + "/session") == ["\(started)"], "the player runs in the session started for it")
        #expect(lines(of: folder + "/session") != ["\(getsid(0))"], "the player is not in the arcade's session")
        #expect(lines(of: folder + "/tty") == ["refused"], "the player has no terminal to write on")
        let inherited = lines(of: folder + "/descriptors").filter { $0.contains("inheritable-descriptor") }
        #expect(inherited.isEmpty, "\(inherited)")
        #expect(await waitUntil { helper.runningPlayers == 0 })
    }

    @Test func endingThePlayersEndsAStuckOneAndWhatItStarted() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = folder + "/pids"
        let player = try writeScript(in: folder, body: "sleep 1000 &\necho $! >> \(started)\necho $$ >> \(started)\nwait")
        let helper = Self.helper(playing: player)
        #expect(helper.playDrawCardSound() == .played)
        #expect(await waitUntil { lines(of: started).count == 2 })
        let pids = lines(of: started).compactMap { Int32($0) }
        defer { for pid in pids where processRuns(pid) { kill(pid, SIGKILL) } }

        helper.endPlayers()
        #expect(await waitUntil { !pids.contains(where: processRuns) }, "still running: \(pids.filter(processRuns))")
        #expect(await waitUntil { helper.runningPlayers == 0 })
        #expect(helper.playWinSound() == .skipped)
    }

    @Test func aPlayerThatCannotBeExecutedIsNotStarted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(PlayerLauncher.posix.spawn(folder, [folder]) == nil, "a folder is no program")
        #expect(PlayerLauncher.posix.spawn(folder + "/missing", ["missing"]) == nil)
    }

    @Test func aSoundCommandThatDoesNotExistRingsTheBell() {
        let helper = Self.helper(playing: "/nonexistent/player")
        #expect(helper.playDrawCardSound() == .bell)
    }

    // MARK: - Scripted launchers

    /// A helper whose players are recorded, not run; `exit` says how each player ends
    /// (nil: it runs until the helper ends it).
    private func scriptedHelper(environment: [String: String] = [:], isMuted: Bool = false,
                                players: Set<String> = ["aplay"], exit: PlayerExit? = .exited(0),
                                spawnWorks: Bool = true, spawns: Recorder, fake: FakePlayers? = nil) -> SoundHelper {
        SoundHelper(settings: SoundSettings(
            environment: environment, isMuted: isMuted, assets: AssetLocator(roots: [Self.assetsRoot]),
            findExecutable: { name, _ in
                if name.hasPrefix("/") { return name }
                return players.contains(name) ? "/usr/bin/" + name : nil
            },
            launcher: (fake ?? FakePlayers(exit: exit)).launcher(spawnWorks: spawnWorks, spawns: spawns)))
    }

    @Test func theThreeMethodsPlayTheirOwnCue() {
        let spawns = Recorder()
        let helper = scriptedHelper(spawns: spawns)
        #expect(helper.playDrawCardSound() == .played)
        #expect(helper.playWinSound() == .played)
        #expect(helper.playLoseSound() == .played)
        #expect(spawns.calls.map { ($0.last! as NSString).lastPathComponent }
                == ["card-drawn.wav", "hand-won.wav", "hand-lost.wav"])
        let allThroughAplay = spawns.calls.allSatisfy { $0.first == "/usr/bin/aplay" && $0.count == 2 }
        #expect(allThroughAplay)
    }

    @Test func theFirstKnownPlayerOnThePathIsUsed() {
        let spawns = Recorder()
        _ = scriptedHelper(players: ["afplay", "pw-play", "aplay"], spawns: spawns).playWinSound()
        #expect(spawns.calls.first?.first == "/usr/bin/pw-play")
        #expect(SoundSettings.knownPlayers == ["paplay", "pw-play", "aplay", "afplay"])
    }

    @Test func theSoundCommandWinsOverThePathAndKeepsItsArguments() {
        let spawns = Recorder()
        let helper = scriptedHelper(environment: ["ARCADE_SOUND_CMD": "/opt/bin/play --quiet"], players: ["paplay"],
                                    spawns: spawns)
        #expect(helper.playLoseSound() == .played)
        #expect(spawns.calls.first?.dropLast() == ["/opt/bin/play", "--quiet"])
    }

    @Test func noPlayerOnThePathRingsTheBell() {
        let spawns = Recorder()
        let helper = scriptedHelper(players: [], spawns: spawns)
        #expect(helper.playDrawCardSound() == .bell)
        #expect(spawns.count == 0)
    }

    /// A cue file everyone can write, in a `Sounds/` folder found from the binary's location,
    /// is not played (the folder rule, applied to the files it holds): that cue rings the bell.
    @Test func aCueFileEveryoneCanWriteInAFolderFoundFromTheBinaryRingsTheBell() throws {
        let base = URL(fileURLWithPath: try temporaryFolder()).resolvingSymlinksInPath().path
        defer { try? FileManager.default.removeItem(atPath: base) }
        chmod(base, 0o700)
        let sounds = base + "/prefix/share/arcade/Sounds"
        try FileManager.default.createDirectory(atPath: sounds, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        for cue in SoundCue.allCases {
            let name = SoundHelper.fileName(of: cue)
            try FileManager.default.copyItem(atPath: Self.soundsFolder + "/" + name, toPath: sounds + "/" + name)
            chmod(sounds + "/" + name, cue == .cardDrawn ? 0o666 : 0o664)
        }
        let spawns = Recorder()
        let helper = SoundHelper(settings: SoundSettings(
            environment: ["ARCADE_SOUND_CMD": "/bin/true"],
            assets: AssetLocator(environment: [:], executablePath: base + "/prefix/bin/arcade", checkout: nil,
                                 safety: FolderSafety(executablePath: nil)),
            launcher: FakePlayers(exit: nil).launcher(spawns: spawns)))
        #expect(helper.playDrawCardSound() == .bell)
        #expect(helper.playWinSound() == .played, "a file the group may write is used, as such folders are")
        #expect(spawns.count == 1)
    }

    @Test func missingCueFilesRingTheBell() {
        let spawns = Recorder()
        let helper = SoundHelper(settings: SoundSettings(
            environment: ["ARCADE_SOUND_CMD": "/bin/true"], assets: AssetLocator(roots: ["/nonexistent"]),
            launcher: FakePlayers(exit: nil).launcher(spawns: spawns)))
        #expect(helper.playWinSound() == .bell)
        #expect(spawns.count == 0)
    }

    @Test(arguments: [PlayerExit.exited(1), .signaled(9)])
    func aPlayerThatEndsBadlyStopsThePlayer(_ exit: PlayerExit) async {
        let spawns = Recorder()
        let helper = scriptedHelper(exit: exit, spawns: spawns)
        #expect(helper.playDrawCardSound() == .played)
        #expect(await waitUntil { helper.hasPlayerFailed })  // learnt as it ends, without another cue
        #expect(helper.runningPlayers == 0)
        #expect(helper.playDrawCardSound() == .bell)
        #expect(helper.playWinSound() == .bell)
        #expect(spawns.count == 1)
    }

    @Test func aPlayerThatCannotStartStopsThePlayer() {
        let spawns = Recorder()
        let helper = scriptedHelper(spawnWorks: false, spawns: spawns)
        #expect(helper.playDrawCardSound() == .bell)
        #expect(helper.playDrawCardSound() == .bell)
        #expect(spawns.count == 1)
    }

    @Test func muteSilencesEverythingEvenTheBell() {
        for (environment, isMuted) in [([String: String](), true), (["ARCADE_SOUND": "off"], false),
                                       (["ARCADE_SOUND": "OFF"], false)] {
            let spawns = Recorder()
            let helper = scriptedHelper(environment: environment, isMuted: isMuted, spawns: spawns)
            #expect(helper.playDrawCardSound() == .muted)
            #expect(helper.playWinSound() == .muted)
            #expect(spawns.count == 0)
        }
        let spawns = Recorder()
        #expect(scriptedHelper(players: [], spawns: spawns).playWinSound() == .bell)  // not muted: the bell
    }

    @Test func configureAppliesTheAppsEnvironmentAndMute() {
        let spawns = Recorder()
        let helper = scriptedHelper(spawns: spawns)
        helper.configure(environment: ["ARCADE_ASSETS": Self.assetsRoot], isMuted: true)
        #expect(helper.playDrawCardSound() == .muted)
        helper.configure(environment: ["ARCADE_ASSETS": Self.assetsRoot, "ARCADE_SOUND_CMD": "/bin/x"], isMuted: false)
        #expect(helper.playDrawCardSound() == .played)
        #expect(spawns.calls.first?.first == "/bin/x")
    }

    @Test func aStuckPlayerDoesNotPileUpProcessesAndIsEndedAtExit() async {
        let spawns = Recorder()
        let fake = FakePlayers(exit: nil)  // players never end by themselves
        let helper = scriptedHelper(spawns: spawns, fake: fake)
        for _ in 0..<SoundHelper.maximumRunningPlayers { #expect(helper.playDrawCardSound() == .played) }
        #expect(helper.playDrawCardSound() == .skipped)
        #expect(spawns.count == SoundHelper.maximumRunningPlayers)

        helper.endPlayers()
        #expect(fake.ended.count == SoundHelper.maximumRunningPlayers)
        #expect(await waitUntil { helper.runningPlayers == 0 })
        #expect(fake.reaped == fake.ended, "every player ended is collected")
        #expect(!helper.hasPlayerFailed, "a player the arcade ended did not fail")
        #expect(helper.playWinSound() == .skipped, "no player starts once the arcade is exiting")
        #expect(spawns.count == SoundHelper.maximumRunningPlayers)
    }

    @Test func thereIsOneSharedHelper() {
        #expect(SoundHelper.shared === SoundHelper.shared)
    }

    @Test func theWAVReaderRejectsOtherFiles() {
        #expect(WAVFile(bytes: Array("RIFF....WAVEjunk".utf8)) == nil)
        #expect(WAVFile(bytes: Array("not a sound at all".utf8)) == nil)
        #expect(WAVFile(contentsOf: "/nonexistent.wav") == nil)
    }
}

// MARK: - Helpers

/// The arguments of every spawn, safe to record from the helper's lock.
private final class Recorder: Sendable {
    private let state = Mutex<[[String]]>([])

    func record(_ arguments: [String]) { state.withLock { $0.append(arguments) } }
    var calls: [[String]] { state.withLock { $0 } }
    var count: Int { calls.count }
}

/// Players that exist only as pids: each ends as `exit` says, or — when `exit` is nil —
/// runs until the helper ends it. Records which pids were ended and which were collected.
private final class FakePlayers: Sendable {
    private struct State {
        var nextPID: Int32 = 1000
        var gates: [Int32: DispatchSemaphore] = [:]
        var ended: Set<Int32> = []
        var reaped: Set<Int32> = []
    }
    private let exit: PlayerExit?
    private let state = Mutex(State())

    init(exit: PlayerExit?) { self.exit = exit }

    var ended: Set<Int32> { state.withLock { $0.ended } }
    var reaped: Set<Int32> { state.withLock { $0.reaped } }

    func launcher(spawnWorks: Bool = true, spawns: Recorder) -> PlayerLauncher {
        PlayerLauncher(
            spawn: { _, arguments in
                spawns.record(arguments)
                guard spawnWorks else { return nil }
                return self.state.withLock { state in
                    state.nextPID += 1
                    state.gates[state.nextPID] = DispatchSemaphore(value: 0)
                    return state.nextPID
                }
            },
            waitForExit: { pid in
                if let exit = self.exit { return exit }
                self.state.withLock { $0.gates[pid] }?.wait()
                return .signaled(SIGKILL)
            },
            reap: { pid in self.state.withLock { _ = $0.reaped.insert(pid) } },
            end: { pid in
                let gate = self.state.withLock { state in
                    state.ended.insert(pid)
                    return state.gates[pid]
                }
                gate?.signal()
            })
    }
}

/// Real players, with the arguments and pid of each spawn recorded.
private func recordingPosixLauncher(_ spawns: Recorder, pids: PIDs = PIDs()) -> PlayerLauncher {
    PlayerLauncher(spawn: { executable, arguments in
        spawns.record(arguments)
        let pid = PlayerLauncher.posix.spawn(executable, arguments)
        if let pid { pids.record(pid) }
        return pid
    }, waitForExit: PlayerLauncher.posix.waitForExit, reap: PlayerLauncher.posix.reap, end: PlayerLauncher.posix.end)
}

/// The pids of the players a launcher started.
private final class PIDs: Sendable {
    private let state = Mutex<[Int32]>([])

    func record(_ pid: Int32) { state.withLock { $0.append(pid) } }
    var all: [Int32] { state.withLock { $0 } }
}

/// Whether process `pid` exists in any state, a zombie included (`/proc/<pid>` is there).
private func processExists(_ pid: Int32) -> Bool {
    access("/proc/\(pid)/stat", F_OK) == 0
}

/// Whether process `pid` is running: it exists and is not a zombie.
private func processRuns(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return false }
    return !["Z", "X"].contains(stat[stat.index(after: close)...].dropFirst().first)
}

/// A new empty folder under the temporary directory.
private func temporaryFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("arcade-sound-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// A player command running `body` as a `/bin/sh` script written to `folder`.
///
/// The command is `/bin/sh <script>` rather than the script itself: executing a file that was
/// just written can fail with ETXTBSY while a test running in parallel spawns a process that
/// briefly inherits the descriptor it was written through.
private func writeScript(in folder: String, body: String) throws -> String {
    let path = folder + "/player.sh"
    try (body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return "/bin/sh " + path
}

/// The lines of the file at `path` (none when it does not exist yet).
private func lines(of path: String) -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init)
}

/// Poll `condition` every few milliseconds until it holds or `timeout` passes; returns whether it held.
private func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}
