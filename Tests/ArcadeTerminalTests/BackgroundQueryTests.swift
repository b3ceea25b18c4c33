import Glibc
import Testing

@testable import ArcadeTerminal

/// Reading the terminal's reply to OSC 11, and deciding dark or light from it.
@Suite struct BackgroundQueryReplyTests {
    private static let escape: [UInt8] = [0x1B]
    private static let terminator: [UInt8] = [0x1B, 0x5C]  // ESC \
    private static let bell: [UInt8] = [0x07]
    private static let deviceAttributes: [UInt8] = [0x1B] + Array("[?62;22c".utf8)

    private func reply(_ body: String, ending: [UInt8] = terminator) -> [UInt8] {
        Self.escape + Array("]11;\(body)".utf8) + ending
    }

    private func colour(_ bytes: [UInt8]) -> [Int]? {
        BackgroundQuery.parseReply(bytes).map { [$0.red, $0.green, $0.blue] }
    }

    private func decision(_ bytes: [UInt8]) -> TerminalBackground? {
        BackgroundQuery.parseReply(bytes).map { BackgroundQuery.background(red: $0.red, green: $0.green, blue: $0.blue) }
    }

    @Test func blackEndedByStringTerminatorIsDark() {
        let bytes = reply("rgb:0000/0000/0000")
        #expect(colour(bytes) == [0, 0, 0])
        #expect(decision(bytes) == .dark)
    }

    @Test func whiteEndedByBellIsLight() {
        let bytes = reply("rgb:ffff/ffff/ffff", ending: Self.bell)
        #expect(colour(bytes) == [255, 255, 255])
        #expect(decision(bytes) == .light)
    }

    @Test func twoDigitSolarizedLightIsLight() {
        let bytes = reply("rgb:fd/f6/e3")
        #expect(colour(bytes) == [0xFD, 0xF6, 0xE3])
        #expect(decision(bytes) == .light)
    }

    @Test func solarizedDarkIsDark() {
        let bytes = reply("rgb:0000/2b2b/3636", ending: Self.bell)
        #expect(colour(bytes) == [0, 0x2B, 0x36])
        #expect(decision(bytes) == .dark)
    }

    @Test func everyDigitCountScalesToEightBits() {
        #expect(colour(reply("rgb:f/8/0")) == [255, 136, 0])
        #expect(colour(reply("rgb:fff/800/000")) == [255, 128, 0])
        #expect(colour(reply("rgb:FFFF/8080/0000")) == [255, 128, 0])
        #expect(colour(reply("rgba:ffff/ffff/ffff/0000")) == [255, 255, 255])
        #expect(decision(reply("rgba:2828/2c2c/3434/ffff", ending: Self.bell)) == .dark)
    }

    @Test func otherBytesAroundTheReplyAreSkipped() {
        let bytes = Self.deviceAttributes + reply("rgb:eeee/eeee/eeee") + Self.deviceAttributes + Array("xyz".utf8)
        #expect(colour(bytes) == [0xEE, 0xEE, 0xEE])
        #expect(decision(bytes) == .light)
        let afterNoise = Array("q".utf8) + Self.escape + Array("[A".utf8) + reply("rgb:1e1e/1e1e/2e2e", ending: Self.bell)
        #expect(decision(afterNoise) == .dark)
    }

    @Test(arguments: [
        "",
        "hello, world",
        "\u{1B}[?62;22c",  // DA1 alone
        "\u{1B}]11;rgb:ffff/ffff/ffff",  // not ended
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}",  // ESC without its backslash
        "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}",  // the foreground, not the background
        "\u{1B}]11;rgb:ffff/ffff\u{07}",  // a channel missing
        "\u{1B}]11;rgb:fffff/ffff/ffff\u{07}",  // five digits
        "\u{1B}]11;rgb:ffff//ffff\u{07}",  // an empty channel
        "\u{1B}]11;rgb:gggg/ffff/ffff\u{07}",  // not hex
        "\u{1B}]11;?\u{1B}\\",  // our own query, echoed
        "\u{1B}]11;#ffffff\u{07}",
        "]11;rgb:ffff/ffff/ffff\u{07}",  // no ESC
    ])
    func garbageIsNoColour(text: String) {
        #expect(BackgroundQuery.parseReply(Array(text.utf8)) == nil)
    }

    /// The threshold is L* 50, not luminance 0.5 (L* ≈ 76).
    @Test func theThresholdIsPerceivedMiddleGrey() {
        #expect(BackgroundQuery.background(red: 0x76, green: 0x76, blue: 0x76) == .dark)  // L* ≈ 49.7
        #expect(BackgroundQuery.background(red: 0x77, green: 0x77, blue: 0x77) == .light)  // L* ≈ 50.0
        #expect(BackgroundQuery.background(red: 0xA0, green: 0xA0, blue: 0xA0) == .light)  // luminance ≈ 0.35
        #expect(BackgroundQuery.background(red: 0, green: 0, blue: 0xFF) == .dark)  // pure blue: L* ≈ 32
        #expect(BackgroundQuery.background(red: 0, green: 0xFF, blue: 0) == .light)
        #expect(BackgroundQuery.background(red: 0xFF, green: 0, blue: 0) == .light)  // L* ≈ 53
        #expect(BackgroundQuery.lightness(luminance: 0.18419) > 49.99)
        #expect(BackgroundQuery.lightness(luminance: 0.18419) < 50.01)
    }
}

@Suite struct BackgroundQueryColorFGBGTests {
    @Test(arguments: [
        ("15;0", TerminalBackground?.some(.dark)), ("0;15", .light), ("12;8;0", .dark), ("0;8", .dark),
        ("0;7", .light), ("7;6", .dark), ("0;9", .light), ("15;default;0", .dark), ("7", .light),
    ])
    func theLastFieldIsTheBackground(value: String, expected: TerminalBackground?) {
        #expect(BackgroundQuery.fromColorFGBG(value) == expected)
    }

    @Test(arguments: ["default;default", "", ";", "0;", "0;16", "0;-1", "0;x", "15;0 ", "0;1.5"])
    func anythingElseIsNil(value: String) {
        #expect(BackgroundQuery.fromColorFGBG(value) == nil)
    }

    @Test func unsetIsNil() {
        #expect(BackgroundQuery.fromColorFGBG(nil) == nil)
    }

    @Test func detectTakesTheEnvironmentFirst() {
        // No terminal at all: only the environment can answer.
        #expect(BackgroundQuery.detect(environment: ["COLORFGBG": "0;15"], input: -1, output: -1) == .light)
        #expect(BackgroundQuery.detect(environment: ["COLORFGBG": "15;0"], input: -1, output: -1) == .dark)
        #expect(BackgroundQuery.detect(environment: ["COLORFGBG": "default;default"], input: -1, output: -1) == nil)
        #expect(BackgroundQuery.detect(environment: [:], input: -1, output: -1) == nil)
    }
}

/// `ask` on a real pseudo-terminal: the test plays the terminal on the master side.
@Suite struct BackgroundQueryAskTests {
    private static let query: [UInt8] = [0x1B] + Array("]11;?".utf8) + [0x1B, 0x5C, 0x1B] + Array("[c".utf8)
    private static let deviceAttributes: [UInt8] = [0x1B] + Array("[?62;22c".utf8)

    private struct Pty: ~Copyable {
        let master: Int32
        let slave: Int32

        init() throws {
            var master: Int32 = -1
            var slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw PtyError(errno: errno) }
            self.master = master
            self.slave = slave
        }

        deinit {
            close(master)
            close(slave)
        }

        /// Play the terminal's reply.
        func answer(_ bytes: [UInt8]) {
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                precondition(count > 0, "write to the pty master")
                written += count
            }
        }

        /// Everything the slave side has written so far (never waits).
        func drain() -> [UInt8] {
            var result: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                var waiting = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, 0) > 0, waiting.revents & Int16(POLLIN) != 0 else { return result }
                let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return result }
                result += chunk[..<count]
            }
        }

        /// The slave's termios, field by field.
        func attributes() -> [UInt64] {
            var current = termios()
            #expect(tcgetattr(slave, &current) == 0)
            var fields = [UInt64(current.c_iflag), UInt64(current.c_oflag), UInt64(current.c_cflag),
                          UInt64(current.c_lflag), UInt64(current.c_line),
                          UInt64(cfgetispeed(&current)), UInt64(cfgetospeed(&current))]
            withUnsafeBytes(of: current.c_cc) { fields += $0.map(UInt64.init) }
            return fields
        }
    }

    private struct PtyError: Error { let errno: Int32 }

    /// The test's clock, in milliseconds: each reading `step` after the one before, so that
    /// `ask` meets its deadline in a few readings and never waits for it. (How long a real
    /// terminal's question takes: `arcade-bench --parts`.)
    private final class SteppingClock {
        let step: Double
        private(set) var readings: [Double] = []

        init(step: Double) { self.step = step }

        func read() -> Double {
            readings.append(Double(readings.count) * step)
            return readings[readings.count - 1]
        }

        /// The time when `ask` last looked.
        var last: Double { readings.last ?? -1 }
    }

    /// Run `ask` on the slave, on `clock`.
    private func ask(_ pty: borrowing Pty, timeout: Int, clock: SteppingClock) -> TerminalBackground? {
        var received: [UInt8] = []
        return BackgroundQuery.ask(input: pty.slave, output: pty.slave, timeoutMilliseconds: timeout,
                                   received: &received, clock: clock.read)
    }

    @Test func silenceTimesOutAndOnlyTheQueryIsWritten() throws {
        let pty = try Pty()
        let before = pty.attributes()
        let clock = SteppingClock(step: 199.5)
        #expect(ask(pty, timeout: 200, clock: clock) == nil)
        #expect(clock.last >= 200, "it waits for the whole timeout")
        #expect(clock.readings.dropLast().allSatisfy { $0 < 200 }, "and stops once the timeout has passed")
        #expect(pty.drain() == Self.query)
        #expect(pty.attributes() == before)
    }

    @Test func aLightReplyIsReadWithoutWaiting() throws {
        let pty = try Pty()
        let before = pty.attributes()
        pty.answer([0x1B] + Array("]11;rgb:ffff/ffff/ffff".utf8) + [0x1B, 0x5C] + Self.deviceAttributes)
        let clock = SteppingClock(step: 1000)
        #expect(ask(pty, timeout: 5000, clock: clock) == .light)
        #expect(clock.last < 5000, "the reply ends the wait before the timeout")
        #expect(pty.attributes() == before)
    }

    @Test func aDarkReplyIsRead() throws {
        let pty = try Pty()
        let before = pty.attributes()
        pty.answer([0x1B] + Array("]11;rgb:0000/2b2b/3636".utf8) + [0x07] + Self.deviceAttributes)
        let clock = SteppingClock(step: 1000)
        #expect(ask(pty, timeout: 5000, clock: clock) == .dark)
        #expect(clock.last < 5000, "the reply ends the wait before the timeout")
        #expect(pty.attributes() == before)
    }

    @Test func deviceAttributesAloneEndTheWaitAtOnce() throws {
        let pty = try Pty()
        let before = pty.attributes()
        pty.answer(Self.deviceAttributes)
        let clock = SteppingClock(step: 1000)
        #expect(ask(pty, timeout: 5000, clock: clock) == nil)
        #expect(clock.last < 5000, "device attributes end the wait before the timeout")
        #expect(pty.attributes() == before)
    }

    /// A terminal that answers OSC 11 but not DA1: the colour counts, found when the time is up.
    @Test func aReplyWithoutDeviceAttributesCountsAtTheTimeout() throws {
        let pty = try Pty()
        let before = pty.attributes()
        pty.answer([0x1B] + Array("]11;rgb:fdfd/f6f6/e3e3".utf8) + [0x07])
        let clock = SteppingClock(step: 149.5)
        #expect(ask(pty, timeout: 150, clock: clock) == .light)
        #expect(clock.last >= 150, "the colour is taken when the timeout has passed, not before")
        #expect(clock.readings.dropLast().allSatisfy { $0 < 150 })
        #expect(pty.attributes() == before)
    }

    /// Termios that differ from the pty's defaults (raw already, odd VMIN/VTIME) come back as they were.
    @Test func unusualAttributesAreRestoredExactly() throws {
        let pty = try Pty()
        var unusual = termios()
        #expect(tcgetattr(pty.slave, &unusual) == 0)
        cfmakeraw(&unusual)
        withUnsafeMutableBytes(of: &unusual.c_cc) { characters in
            characters[Int(VMIN)] = 3
            characters[Int(VTIME)] = 7
        }
        unusual.c_lflag |= tcflag_t(ECHO)
        #expect(tcsetattr(pty.slave, TCSANOW, &unusual) == 0)
        let before = pty.attributes()
        pty.answer(Self.deviceAttributes)
        let clock = SteppingClock(step: 1000)
        #expect(ask(pty, timeout: 5000, clock: clock) == nil)
        #expect(clock.last < 5000)
        #expect(pty.attributes() == before)
    }

    @Test func notATerminalIsNilWithoutWriting() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let clock = SteppingClock(step: 1000)
        var received: [UInt8] = []
        #expect(BackgroundQuery.ask(input: ends[0], output: ends[1], timeoutMilliseconds: 5000, received: &received,
                                    clock: clock.read) == nil)
        #expect(clock.readings.isEmpty, "nil at once: not even the deadline is set")
        var waiting = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 0) == 0)  // nothing was written
        // A tty on one side only is not enough either.
        let pty = try Pty()
        #expect(BackgroundQuery.ask(input: pty.slave, output: ends[1], timeoutMilliseconds: 5000, received: &received,
                                    clock: clock.read) == nil)
        #expect(clock.readings.isEmpty)
        #expect(pty.drain().isEmpty)
        #expect(poll(&waiting, 1, 0) == 0)
    }
}
