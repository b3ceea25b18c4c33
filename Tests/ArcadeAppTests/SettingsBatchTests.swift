import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp
import ArcadeRecords

@testable import ArcadeStore

/// A setting chosen again and again within one batch of input (a flood of `c`, the coach on
/// and off, in a paste) is written once, with its last value, when the batch is applied, and
/// never lost: whatever waits is written as the arcade quits.
@Suite struct SettingsBatchTests {
    init() { prepareForDrawing() }

    static let frame = Frame(size: Size(width: 80, height: 24))

    /// Rows the store's connection has written since it opened.
    private static func writes(_ store: ArcadeStore) throws -> Int {
        Int(try store.database.rows("SELECT total_changes()").first?.first?.integer ?? -1)
    }

    /// A shell with Blackjack open (seed 7), past its new-game alert.
    private static func blackjack() -> ArcadeShell {
        var shell = ArcadeShell(games: GameCatalog.games, seed: { 7 })
        _ = shell.open(.blackjack, in: frame)
        _ = shell.update(.key(.character("s")), in: frame)  // Start
        return shell
    }

    @Test func settingsChangedInABatchAreWrittenOnceWithTheirLastValue() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let data = ArcadeData(directory: folder)
            let runtime = EffectRuntime(games: GameCatalog.games, data: data, player: "ann", device: device,
                                        sound: nil, isMuted: true)
            let store = try #require(data.store)
            var shell = Self.blackjack()
            // 1,001 presses of c in one batch: the coach ends on, written once.
            let before = try Self.writes(store)
            for _ in 0...1000 {
                for effect in shell.update(.key(.character("c")), in: Self.frame) {
                    _ = runtime.performInBatch(effect, on: &shell, in: Self.frame)
                }
            }
            #expect(ArcadeData(directory: folder).settings()[BlackjackCoach.setting] == nil, "not before the batch is applied")
            runtime.applied(on: &shell, in: Self.frame)
            #expect(try Self.writes(store) - before == 1)
            #expect(ArcadeData(directory: folder).settings()[BlackjackCoach.setting] == "on")
            // The next batch's last value is written with it; nothing waiting, nothing written.
            for effect in shell.update(.key(.character("c")), in: Self.frame) {
                _ = runtime.performInBatch(effect, on: &shell, in: Self.frame)
            }
            runtime.applied(on: &shell, in: Self.frame)
            runtime.applied(on: &shell, in: Self.frame)
            #expect(try Self.writes(store) - before == 2)
            #expect(ArcadeData(directory: folder).settings()[BlackjackCoach.setting] == "off")
            // Quitting in the middle of a batch (Ctrl-C, a signal) still writes what waits.
            for effect in shell.update(.key(.character("c")), in: Self.frame) {
                _ = runtime.performInBatch(effect, on: &shell, in: Self.frame)
            }
            _ = runtime.quit(&shell)
            #expect(ArcadeData(directory: folder).settings()[BlackjackCoach.setting] == "on")
        }
    }

    @Test func theRunLoopWritesASettingAtMostOnceAFrame() throws {
        try withTemporaryDirectory { folder in
            let toggles = Array(repeating: TerminalRead.input(.key(.character("c"))), count: 1001)
            let device = FakeTerminal(script: [.input(.key(.character("s")))] + toggles)
            device.inputsArriveTogether = true
            let data = ArcadeData(directory: folder)
            let runtime = EffectRuntime(games: GameCatalog.games, data: data, player: "ann", device: device,
                                        sound: nil, isMuted: true)
            let store = try #require(data.store)
            var shell = ArcadeShell(games: GameCatalog.games, seed: { 7 })
            _ = shell.open(.blackjack, in: Self.frame)
            let before = try Self.writes(store)
            runtime.run(&shell, on: device, in: Self.frame)
            let written = try Self.writes(store) - before
            #expect(written >= 1 && written < device.presented.count, "\(written) writes, \(device.presented.count) frames")
            #expect(ArcadeData(directory: folder).settings()[BlackjackCoach.setting] == "on", "written before the frame")
        }
    }

    @Test func bellsAskedForInOneBatchRingOnceWhenItIsApplied() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let runtime = EffectRuntime(games: GameCatalog.games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: false)
            var shell = Self.blackjack()
            for _ in 0..<5 { _ = runtime.performInBatch(.game(.blackjack, .bell), on: &shell, in: Self.frame) }
            _ = runtime.performInBatch(.game(.blackjack, .sound(.cardDrawn)), on: &shell, in: Self.frame)
            #expect(device.bellCount == 0, "not before the batch is applied")
            runtime.applied(on: &shell, in: Self.frame)
            #expect(device.bellCount == 1)
            runtime.applied(on: &shell, in: Self.frame)
            #expect(device.bellCount == 1, "a batch that asked for none rings none")
            // Outside a batch (the first game opened from the command line) it rings at once.
            _ = runtime.perform(.game(.blackjack, .bell), on: &shell, in: Self.frame)
            #expect(device.bellCount == 2)
        }
    }

    @Test func aPasteThatPlaysManyHandsRingsAtMostOnceAFrame() throws {
        try withTemporaryDirectory { folder in
            // Forty hands: every card dealt asks for its sound.
            let hands = (0..<40).flatMap { _ in RecordBatchTests.hand.map { TerminalRead.input(.key($0)) } }
            let (device, _) = runBlackjack([.input(.key(.character("s")))] + hands, storeIn: folder, isMuted: false)
            #expect(device.bellCount >= 1, "the cards dealt were heard")
            #expect(device.bellCount <= device.presented.count, "\(device.bellCount) bells, \(device.presented.count) frames")
        }
    }
}
