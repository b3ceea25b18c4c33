import ArcadeUI
import Glibc
import Testing

@testable import ArcadeTerminal

/// The terminal and a game's sockets waited on together: when both are ready they take turns.
@Suite struct TerminalInputNetworkTests {
    /// A pipe standing in for the terminal, with `bytes` already written to it.
    func terminal(_ bytes: String) -> (input: TerminalInput, write: Int32) {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        _ = Array(bytes.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        return (TerminalInput(descriptor: ends[0], wakeDescriptor: -1, shouldStop: { false }), ends[1])
    }

    /// A readable socket: one end of a pair, with a byte waiting.
    func readySocket() -> Int32 {
        var pair: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair)
        _ = [UInt8(ascii: "x")].withUnsafeBytes { write(pair[1], $0.baseAddress, 1) }
        return pair[0]
    }

    @Test func keysAndABusySocketTakeTurns() {
        let (input, _) = terminal("abcdef")
        let socket = readySocket()
        let watched = [WatchedDescriptor(socket)]
        var seen: [String] = []
        for _ in 0..<6 {
            switch input.wait(timeout: 0, watching: watched) {
            case .ready: seen.append(input.decode().map { "\($0)" } ?? "nil")
            case .network(let ready): seen.append(ready == [socket] ? "socket" : "?")
            case let other: seen.append("\(other)")
            }
        }
        // The socket is never drained here, so it stays ready: it still gets every other turn.
        #expect(seen.filter { $0 == "socket" }.count == 3, "\(seen)")
        #expect(seen.filter { $0.contains("character") }.count == 3, "\(seen)")
    }

    @Test func withNoSocketsTheTerminalIsReadAsEver() {
        let (input, _) = terminal("q")
        #expect(input.wait(timeout: 0) == .ready)
        #expect(input.decode() == .key(.character("q")))
        #expect(input.wait(timeout: 0) == .timedOut)
    }
}
