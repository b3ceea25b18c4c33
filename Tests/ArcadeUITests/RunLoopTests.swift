import ArcadeTestSupport
import Testing

@testable import ArcadeUI

/// A screen that counts keys and ticks and can ask to quit.
private struct CounterScreen: Screen {
    enum Effect: Equatable { case quit, saw(Input) }
    var keys = 0
    var ticked: [Double] = []
    var wantsTicks = false
    var keepsTime = false
    var minimumSize = Size(width: 20, height: 5)
    var acceptedWhileTooSmall: [Key] = []
    var hint: String?
    /// The keys counted when each frame that showed the screen was presented.
    var presentedAt: [Int] = []

    mutating func presented() { presentedAt.append(keys) }

    func acceptsWhileTooSmall(_ key: Key) -> Bool { acceptedWhileTooSmall.contains(key) }
    var tooSmallHint: String? { hint }
    func minimumSize(in frame: Frame) -> Size { minimumSize }

    mutating func update(_ input: Input, in frame: Frame) -> [Effect] {
        switch input {
        case .key(.character("x")): return [.quit]
        case .key: keys += 1
        case .tick(let elapsed): ticked.append(elapsed)
        default: break
        }
        return [.saw(input)]
    }

    func render(into grid: inout CellGrid) {
        grid.write("keys \(keys) ticks \(ticked.count)", at: Point(x: 0, y: 0))
    }
}

@Suite struct RunLoopTests {
    init() { prepareForDrawing() }

    private func run(_ screen: inout CounterScreen, on device: FakeTerminal, clock: FakeClock = FakeClock(),
                     seen: inout [CounterScreen.Effect]) -> Int32 {
        var log: [CounterScreen.Effect] = []
        let status = RunLoop<CounterScreen>(device: device, clock: clock.reading).run(&screen) { effect, _ in
            log.append(effect)
            return effect == .quit ? .exit(0) : .proceed
        }
        seen = log
        return status
    }

    @Test func aScreenHearsOfEachFrameThatShowedItButNotOfTheTooSmallMessage() {
        var screen = CounterScreen()
        let device = FakeTerminal(script: [.input(.key(.character("a"))), .input(.key(.character("b"))),
                                           .input(.resize(Size(width: 10, height: 3))), .input(.key(.controlL)),
                                           .input(.resize(Size(width: 80, height: 24))), .input(.key(.character("x")))])
        var seen: [CounterScreen.Effect] = []
        #expect(run(&screen, on: device, seen: &seen) == 0)
        // The first frame, then one per key; none while the message stands in its place.
        #expect(screen.presentedAt == [0, 1, 2, 2])
        #expect(device.presented.count == 6)
    }

    @Test func idleScreensBlockForTheNextKeyInsteadOfPolling() {
        var screen = CounterScreen()
        let device = FakeTerminal(script: [.input(.key(.character("a"))), .input(.key(.character("x")))])
        var seen: [CounterScreen.Effect] = []
        #expect(run(&screen, on: device, seen: &seen) == 0)
        #expect(device.timeouts == [nil, nil])
        #expect(screen.keys == 1)
        #expect(device.screenText.hasPrefix("keys 1 ticks 0"))
    }

    @Test func tickingScreensWaitAtMostOneThirtiethOfASecondAndGetElapsedTime() {
        var screen = CounterScreen(wantsTicks: true)
        let clock = FakeClock(10)
        let device = FakeTerminal(script: [.timedOut, .timedOut, .input(.key(.character("x")))])
        device.beforeRead = { _ in clock.now += 0.0625 }  // exact in binary
        var seen: [CounterScreen.Effect] = []
        #expect(run(&screen, on: device, clock: clock, seen: &seen) == 0)
        #expect(device.timeouts.allSatisfy { ($0 ?? 1000) <= 34 })
        // Two timeouts, then a tick delivered just before the key.
        #expect(screen.ticked.count == 3)
        #expect(screen.ticked == [0.0625, 0.0625, 0.0625])
        #expect(seen.first == .saw(.tick(0.0625)))
    }

    @Test func controlCExitsWith130AndInputClosingWith1() {
        var screen = CounterScreen()
        var seen: [CounterScreen.Effect] = []
        let interrupted = FakeTerminal(script: [.input(.key(.character("a"))), .input(.key(.controlC))])
        #expect(run(&screen, on: interrupted, seen: &seen) == 130)
        let closed = FakeTerminal(script: [])
        #expect(run(&screen, on: closed, seen: &seen) == 1)
    }

    @Test func controlZSuspendsAndRepaintsAfterResuming() {
        var screen = CounterScreen()
        let device = FakeTerminal(script: [.input(.key(.controlZ)), .input(.key(.character("x")))])
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, seen: &seen)
        #expect(device.suspendCount == 1)
        #expect(device.presented.count == 2)  // first frame, then the repaint after `fg`
        #expect(screen.keys == 0)
    }

    @Test func tooSmallShowsTheMessageAndComesBackWithStateIntact() {
        var screen = CounterScreen()
        let device = FakeTerminal(script: [
            .input(.key(.character("a"))),
            .input(.resize(Size(width: 10, height: 3))),
            .input(.mouse(MouseEvent(.press, at: Point(x: 1, y: 1)))),  // not for a screen nobody can see
            .input(.resize(Size(width: 80, height: 24))),
            .input(.key(.character("x"))),
        ])
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, seen: &seen)
        let small = device.presented[2].text
        #expect(small.contains("small"))
        #expect(device.presented.count == 4)  // the click drew nothing
        #expect(device.presented[3].text.hasPrefix("keys 1 ticks 0"))
        #expect(!seen.contains(.saw(.mouse(MouseEvent(.press, at: Point(x: 1, y: 1))))))
    }

    @Test func behindTheTooSmallMessageOnlyTheKeysTheScreenAcceptsArrive() {
        // A key the player cannot see the effect of changes nothing; q still works.
        var screen = CounterScreen(acceptedWhileTooSmall: [.character("q")])
        let device = FakeTerminal(size: Size(width: 5, height: 2), script: [
            .input(.key(.character("a"))), .input(.key(.space)), .input(.key(.character("q"))),
            .input(.key(.controlL)),
        ])
        var seen: [CounterScreen.Effect] = []
        #expect(run(&screen, on: device, seen: &seen) == 1)
        #expect(screen.keys == 1)
        #expect(seen == [.saw(.key(.character("q")))])
        #expect(device.invalidateCount == 1)  // Ctrl-L still repaints
    }

    @Test func theTooSmallMessageSaysWhatTheAcceptedKeysDo() {
        var screen = CounterScreen(minimumSize: Size(width: 60, height: 10), hint: "q: back to the menu")
        let device = FakeTerminal(size: Size(width: 40, height: 6), script: [])
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, seen: &seen)
        #expect(device.screenText.contains("Terminal too small"))
        #expect(device.screenText.contains("q: back to the menu"))
    }

    @Test func aLeavingSignalEndsTheLoopWith128PlusItsNumber() {
        var screen = CounterScreen()
        var seen: [CounterScreen.Effect] = []
        let device = FakeTerminal(script: [.input(.key(.character("a"))), .terminated(signal: 15)])
        #expect(run(&screen, on: device, seen: &seen) == 143)
    }

    @Test func ignoredInputDrawsNothingAndReachesNoScreen() {
        var screen = CounterScreen()
        let device = FakeTerminal(script: [.ignored, .ignored, .input(.key(.character("x")))])
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, seen: &seen)
        #expect(device.presented.count == 1)  // the first frame only; x quits before drawing
        #expect(seen == [.quit])
    }

    @Test func theClockStandsStillWhileTheScreenIsTooSmall() {
        var screen = CounterScreen(wantsTicks: true)
        let clock = FakeClock(0)
        let device = FakeTerminal(script: [
            .input(.resize(Size(width: 10, height: 3))),
            .input(.key(.character("a"))),
            .input(.resize(Size(width: 80, height: 24))),
            .timedOut,
            .input(.key(.character("x"))),
        ])
        device.beforeRead = { _ in clock.now += 5 }  // five seconds pass before every read
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, clock: clock, seen: &seen)
        #expect(device.timeouts[1] == nil)  // blocked while too small: no ticks, no wakeups
        // 25 s pass in all; the 10 s behind the message never arrive as ticks.
        #expect(screen.ticked == [5, 5, 5])
    }

    @Test func fastInputDoesNotRaiseTheTickRateAbove30PerSecond() {
        var screen = CounterScreen(wantsTicks: true)
        let clock = FakeClock(0)
        var script: [TerminalRead] = Array(repeating: .input(.key(.character("a"))), count: 20)
        script.append(.input(.key(.character("x"))))
        let device = FakeTerminal(script: script)
        device.beforeRead = { _ in clock.now += 0.01 }  // a key every 10 ms
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, clock: clock, seen: &seen)
        // 0.21 s of keys at 100 per second: at most one tick per 1/30 s.
        #expect(screen.ticked.count <= 7)
        #expect(screen.ticked.count >= 5)
        #expect(abs(screen.ticked.reduce(0, +) - 0.2) < 0.05)
    }

    @Test func aContinuedProcessRepaintsEverything() {
        var screen = CounterScreen()
        let device = FakeTerminal(script: [.continued, .input(.key(.character("x")))])
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, seen: &seen)
        #expect(device.invalidateCount == 1)
        #expect(device.presented.count == 2)
    }

    @Test func timeSpentStoppedNeverReachesATick() {
        var screen = CounterScreen(wantsTicks: true)
        let clock = FakeClock(0)
        let device = FakeTerminal(script: [.timedOut, .continued, .timedOut, .input(.key(.character("x")))])
        var reads = 0
        device.beforeRead = { _ in
            reads += 1
            clock.now += reads == 2 ? 60 : 0.5  // stopped for a minute while waiting for the second read
        }
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, clock: clock, seen: &seen)
        #expect(screen.ticked == [0.5, 0.5, 0.5], "the minute stopped is paused time")
        #expect(device.invalidateCount == 1, "and the screen is repainted whole")
    }

    @Test(arguments: [false, true])
    func aScreenThatKeepsTimeIsTickedWhileTooSmallToShow(keepsTime: Bool) {
        var screen = CounterScreen(wantsTicks: true, keepsTime: keepsTime, minimumSize: Size(width: 500, height: 500),
                                   acceptedWhileTooSmall: [.character("x")])
        let clock = FakeClock(0)
        let device = FakeTerminal(script: [.timedOut, .timedOut, .input(.key(.character("x")))])
        device.beforeRead = { _ in clock.now += 0.5 }
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, clock: clock, seen: &seen)
        #expect(screen.ticked == (keepsTime ? [0.5, 0.5, 0.5] : []), "a clock out of sight stands still; a connection's time goes on")
    }

    @Test func inputThatArrivesTogetherIsAppliedThenDrawnOnce() {
        var screen = CounterScreen()
        var script: [TerminalRead] = Array(repeating: .input(.key(.character("a"))), count: 500)
        script.append(.input(.key(.character("x"))))
        let device = FakeTerminal(script: script)
        device.inputsArriveTogether = true
        var seen: [CounterScreen.Effect] = []
        #expect(run(&screen, on: device, seen: &seen) == 0)
        #expect(screen.keys == 500)
        #expect(device.presented.count == 1, "only the first frame: the quit came in the same batch")
    }

    @Test func aControlCBehindABacklogEndsTheLoopBeforeTheRestIsApplied() {
        var screen = CounterScreen()
        var script: [TerminalRead] = Array(repeating: .input(.key(.character("a"))), count: 100)
        script.append(.input(.key(.controlC)))
        script += Array(repeating: .input(.key(.character("a"))), count: 100)
        let device = FakeTerminal(script: script)
        device.inputsArriveTogether = true
        var seen: [CounterScreen.Effect] = []
        #expect(run(&screen, on: device, seen: &seen) == 130)
        #expect(screen.keys == 100)
    }

    @Test func eachInputOfABatchIsJudgedAtTheSizeItCameAt() {
        // A key typed behind the "too small" message, then a resize that makes room: the key
        // was typed where the player could not see, and is dropped.
        var hidden = CounterScreen(minimumSize: Size(width: 40, height: 10))
        let grown = FakeTerminal(size: Size(width: 20, height: 5),
                                 script: [.input(.key(.character("a"))), .input(.resize(Size(width: 80, height: 24))),
                                          .input(.key(.character("x")))])
        grown.inputsArriveTogether = true
        var seen: [CounterScreen.Effect] = []
        _ = run(&hidden, on: grown, seen: &seen)
        #expect(hidden.keys == 0)

        // A key typed while the screen fitted, then a resize too small: the key counts.
        var shown = CounterScreen(minimumSize: Size(width: 40, height: 10))
        let shrunk = FakeTerminal(size: Size(width: 80, height: 24),
                                  script: [.input(.key(.character("a"))), .input(.resize(Size(width: 20, height: 5)))])
        shrunk.inputsArriveTogether = true
        _ = run(&shown, on: shrunk, seen: &seen)
        #expect(shown.keys == 1)
    }

    @Test func aFloodOfIgnoredBytesStillLetsTheClockRun() {
        var screen = CounterScreen(wantsTicks: true)
        let clock = FakeClock(0)
        let device = FakeTerminal(script: Array(repeating: .ignored, count: 40))
        device.beforeRead = { _ in clock.now += 0.02 }
        var seen: [CounterScreen.Effect] = []
        _ = run(&screen, on: device, clock: clock, seen: &seen)
        #expect(screen.ticked.count >= 10, "0.8 s of ignored bytes brought \(screen.ticked.count) ticks")
    }
}
