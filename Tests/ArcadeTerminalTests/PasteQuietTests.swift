import ArcadeUI
import Glibc
import Testing

@testable import ArcadeTerminal

/// What counts as a pause in a paste (whose end, if it never comes, is taken as lost after
/// half a second of quiet): only time spent waiting for its next byte. A stop of the process
/// (Ctrl-Z, `kill -STOP`), which wakes the wait when it is continued, is not quiet.
@Suite struct PasteQuietTests {
    /// A clock the test moves: each reading adds `step`; reading number `stopAt` also finds
    /// 0.8 s gone (the process was stopped meanwhile).
    final class SteppingClock: @unchecked Sendable {
        var now = 100.0
        var step = 0.01
        var reads = 0
        var stopAt: Int?
        func read() -> Double {
            reads += 1
            if reads == stopAt { now += 0.8 }
            now += step
            return now
        }
    }

    struct Pipes {
        let input: TerminalInput
        let terminal: Int32
        let wake: Int32

        func type(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
        }

        func wakeUp() {
            _ = [UInt8(1)].withUnsafeBytes { write(wake, $0.baseAddress, 1) }
        }

        /// Decode what is waiting: the keys typed (the paste's bytes are dropped).
        func keys() -> [Input] {
            var keys: [Input] = []
            while input.hasWaitingInput {
                if !input.isInPaste { guard input.wait(timeout: 0) == .ready else { break } }
                if let key = input.decode() { keys.append(key) }
            }
            return keys
        }
    }

    func pipes(_ clock: SteppingClock) -> Pipes {
        var terminal: [Int32] = [0, 0], wake: [Int32] = [0, 0]
        _ = pipe(&terminal)
        _ = pipe(&wake)
        _ = fcntl(wake[0], F_SETFL, fcntl(wake[0], F_GETFL) | O_NONBLOCK)
        let input = TerminalInput(descriptor: terminal[0], wakeDescriptor: wake[0], shouldStop: { false }, clock: clock.read)
        return Pipes(input: input, terminal: terminal[1], wake: wake[1])
    }

    @Test func aStopInTheMiddleOfAPasteIsNotAPauseInIt() {
        let clock = SteppingClock()
        let pty = pipes(clock)
        pty.type("\u{1b}[200~5")
        #expect(pty.input.wait(timeout: 0) == .ready)
        #expect(pty.input.decode() == nil, "the paste's 5 opens no game")
        #expect(pty.input.isInPaste)
        // Stopped for longer than the paste's gap while waiting for the paste's next byte,
        // then continued: SIGCONT wakes the wait, and any reading after it finds the time gone.
        clock.stopAt = clock.reads + 3
        pty.wakeUp()
        #expect(pty.input.decode() == nil)
        #expect(pty.input.isInPaste, "the stop was not quiet: the paste goes on")
        pty.type("2\n\u{1b}[201~x")
        #expect(pty.keys() == [.key(.character("x"))], "what came after the stop was still the paste")
    }

    @Test func halfASecondOfQuietEndsAPasteWhoseEndWasLost() {
        let clock = SteppingClock()
        let pty = pipes(clock)
        pty.type("\u{1b}[200~5")
        _ = pty.input.wait(timeout: 0)
        #expect(pty.input.decode() == nil && pty.input.isInPaste)
        clock.step = 0.03  // each wait for the paste's next byte lasts 0.03 s on this clock
        for _ in 0..<40 where pty.input.isInPaste { _ = pty.input.decode() }
        #expect(!pty.input.isInPaste, "the paste ended after half a second of waiting in vain")
        pty.type("x")
        #expect(pty.keys() == [.key(.character("x"))], "after the gap, keys are keys again")
    }
}
