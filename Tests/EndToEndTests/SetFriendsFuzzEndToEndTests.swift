import ArcadeCore
import ArcadeHarness
import ArcadeTestSupport
import Foundation
import SetModel
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A Set table for friends under attack (issue 48): a real host arcade in a pseudo-terminal on
/// 127.0.0.1, two honest players (wire clients, `FriendsTableRun`) playing a seeded game to
/// its end, and hostile clients connecting all the while. Whatever they send, the host stays
/// up and answering, and the honest game is the game the model plays with the same moves.
extension EndToEnd {
    @Suite
    struct SetFriendsFuzzEndToEndTests {
        static let seed: UInt64 = 48
        static let code = "FUZ234"

        /// The game the honest players play, played by the model alone: each claim (seat,
        /// cards, whether a set) and the final scores and sets, seat by seat.
        static func replay(seed: UInt64) -> (claims: [String], scores: [Int], sets: [Int]) {
            var game = SetFriendsGame(seed: seed)
            for name in ["Host", "Ann", "Bob"] { _ = game.seat(name, at: 0) }
            game.start(at: 0)
            var claims: [String] = []
            var turn = 0
            while game.phase == .playing {
                let cards = game.table.board.compactMap { $0.flatMap { SetGame.fullDeck.firstIndex(of: $0) } }
                if let set = FriendsTable.firstSet(in: cards) {
                    let seat = 1 + turn % 2
                    var verdict: SetFriendsGame.Verdict?
                    for card in set { verdict = game.select(SetGame.fullDeck[card], by: seat, at: 1) }
                    if case .set? = verdict { claims.append("seat \(seat) \(set) set") } else { claims.append("seat \(seat) \(set) not a set") }
                    turn += 1
                } else {
                    game.askForMore(by: 1, at: 1)
                    guard game.askForMore(by: 2, at: 1) else { break }
                }
            }
            return (claims, game.players.map(\.score), game.players.map(\.sets))
        }

        /// Two honest players finish a seeded game while hostile clients send random bytes, an
        /// endless line, a hello a byte at a time, thousands of connections in waves, half-open
        /// sockets, wrong codes and a hello without one: the host neither crashes nor stalls
        /// (its screen follows the game, it refuses a wrong code at the end as at the start), and
        /// the game is the one the model plays with the same moves, to the same scores.
        @Test func hostileClientsLeaveTheHonestGameAlone() async throws {
            let launcher = try #require(ArcadeLauncher.forTests())
            let dataHome = try TerminalProcess.makeTemporaryDirectory(prefix: "arcade-fuzz")
            defer { try? FileManager.default.removeItem(at: dataHome) }
            let began = monotonicNow()
            let run = try FriendsTableRun(launcher: launcher, seed: Self.seed, code: Self.code, dataHome: dataHome.path)
            defer { run.close() }
            let crowd = HostileCrowd(port: run.port, code: Self.code, seed: Self.seed)
            defer { crowd.closeAll() }

            // Before anyone sits down: a wrong code and a missing one are refused in words.
            crowd.expectRefusedHellos(run)
            let opened = monotonicNow()
            try run.seat(["Ann", "Bob"])
            try run.start()
            let started = monotonicNow()

            var moves = 0
            var deckChecks = 0
            run.afterEachMove = {
                moves += 1
                crowd.step(moves)
                // The host's own screen follows the game: its status line shows the deck the
                // players see (checked every few moves, waiting for its redraw).
                if moves % 6 == 0, let deck = run.players[0].table?.deck {
                    let shown = run.wait(timeout: 5) { run.hostScreen.contains { $0.contains("Deck \(deck) ") } }
                    #expect(shown, "the host's screen shows Deck \(deck) after move \(moves):\n\(run.hostScreen.joined(separator: "\n"))")
                    deckChecks += 1
                }
            }
            try run.play()
            let played = monotonicNow()
            crowd.finish(run)
            let finished = monotonicNow()

            // The honest game reached its end, as the model plays it with the same moves.
            let expected = Self.replay(seed: Self.seed)
            #expect(run.isOver, "the game is over for both players")
            #expect(run.claims.map(\.description) == expected.claims, "the claims and their verdicts")
            for player in run.players {
                #expect(player.table?.players.map(\.score) == expected.scores, "seat \(player.seat ?? -1)'s final scores")
                #expect(player.table?.players.map(\.sets) == expected.sets, "seat \(player.seat ?? -1)'s final sets")
                #expect(player.refusal == nil && !player.isClosed, "seat \(player.seat ?? -1) was never dropped: \(player.refusal ?? "closed")")
            }
            #expect(deckChecks >= 2, "the host's screen was checked during the game (\(deckChecks) times)")

            // The host is up, shows the result, and still answers a newcomer.
            #expect(run.host.isRunning, "the host is running: \(run.host.tailDescription)")
            let ann = "Ann \(expected.scores[1]) (\(expected.sets[1]) sets)", bob = "Bob \(expected.scores[2]) (\(expected.sets[2]) sets)"
            let result = run.wait(timeout: 5) { let screen = run.hostScreen; return screen.contains { $0.contains(ann) } && screen.contains { $0.contains(bob) } }
            #expect(result, "the host's screen shows \(ann) and \(bob):\n\(run.hostScreen.joined(separator: "\n"))")
            crowd.expectRefusedHellos(run, impostor: true)
            // The real Ann is still at the table, her score as it was.
            run.wait(timeout: 0.2) { false }
            #expect(run.players[0].refusal == nil && !run.players[0].isClosed, "Ann is still connected")
            #expect(run.players[1].table?.players.map(\.score) == expected.scores, "the scores after the impostor")

            #expect(crowd.connectionsOpened >= 2000, "thousands of connections were opened (\(crowd.connectionsOpened))")
            #expect(crowd.endlessBytesSent >= 1 << 20, "the endless lines went out (\(crowd.endlessBytesSent) bytes)")
            let cut = crowd.endlessCut.count
            #expect(crowd.endlessLinesCut, "the host closed every endless line's connection (\(cut) closed, \(crowd.endlessBytesSent) bytes sent)")
            #expect(crowd.partialLineClosed, "the host closed the connection that shut down its side after half a line")
            #expect(crowd.slowBytesSent >= 10, "the slow hello went out byte by byte (\(crowd.slowBytesSent) bytes)")
            let seconds = monotonicNow() - began
            let phases = [opened - began, started - opened, played - started, finished - played, monotonicNow() - finished]
                .map { String(format: "%.2f", $0) }.joined(separator: " / ")
            let latencies = run.claims.map(\.latency).sorted()
            let middle = latencies.isEmpty ? 0 : latencies[latencies.count / 2]
            print("fuzz: \(run.claims.count) claims, \(run.deals) deals, \(moves) moves, \(crowd.summary); "
                  + "claim → verdict median \(String(format: "%.1f", middle * 1000)) ms, "
                  + "max \(String(format: "%.1f", (latencies.last ?? 0) * 1000)) ms; "
                  + "s: host up / seated+started / played / finish / checks \(phases), \(String(format: "%.2f", seconds)) s")
        }
    }
}

/// The hostile clients, each step paced by the honest game's moves (never by a clock).
final class HostileCrowd {
    let port: Int
    let code: String
    var generator: SeededGenerator

    /// Connections opened in all (the waves, and every other hostile client).
    private(set) var connectionsOpened = 0
    private var wave: [Int32] = []
    /// How many connections a wave opens, and the most in all: thousands, and never near
    /// this process's limit on open files.
    let waveSize: Int
    let connectionTarget = 3000

    static let endlessChunk = 256 << 10
    /// Endless lines under way (the connection, the bytes sent), and those the host closed.
    private var endless: [(Int32, Int)] = []
    private var endlessBytesQueued = 0
    private(set) var endlessBytesSent = 0
    private(set) var endlessCut: [Int32] = []
    /// Every endless line was cut by the host.
    var endlessLinesCut: Bool { endless.isEmpty && !endlessCut.isEmpty }

    private var slow: Int32?
    private let slowLine: [UInt8]
    private(set) var slowBytesSent = 0

    private var partial: Int32?
    private(set) var partialLineClosed = false
    /// Connections that say nothing and never read, kept to the end.
    private var silent: [Int32] = []
    /// Connections that sent random bytes, read (and closed once the host closes them).
    private var noisy: [Int32] = []
    private(set) var randomBytesSent = 0

    init(port: Int, code: String, seed: UInt64) {
        self.port = port
        self.code = code
        generator = SeededGenerator(seed: seed)
        waveSize = max(16, min(150, (LoopbackSocket.descriptorLimit - 200) / 4))
        slowLine = Array(#"{"v":1,"n":0,"kind":"hello","code":"ZZZZZZ","name":"Slow"}"#.utf8) + [0x0A]
    }

    var summary: String {
        "\(connectionsOpened) connections, \(randomBytesSent) random bytes, \(endlessBytesSent) bytes of \(endlessCut.count) endless lines, "
            + "\(slowBytesSent) slow bytes (dropped \(slowDrops) times)"
    }

    /// A connection to the host, never waited for: a flood fills the host's queue of
    /// connections, and a connection then completes when the system tries again, later. The
    /// clients that write try again at each move (`LoopbackSocket.write` takes nothing until
    /// the connection is open).
    private func open() -> Int32? {
        guard let descriptor = LoopbackSocket.connect(port: port) else { return nil }
        connectionsOpened += 1
        return descriptor
    }

    /// Random bytes still to send, by connection.
    private var randomLeft: [(Int32, [UInt8])] = []
    /// Times the host dropped the slow hello (it is sent again from its first byte).
    private(set) var slowDrops = 0
    private var slowPosition = 0
    private var partialSent = false

    /// What the hostile clients do after the honest game's move number `move`.
    func step(_ move: Int) {
        // Random bytes on a new connection, every other move; what did not go yet goes later.
        if move % 2 == 1, let descriptor = open() {
            randomLeft.append((descriptor, (0..<16_384).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        randomLeft = randomLeft.compactMap { descriptor, bytes in
            guard let sent = LoopbackSocket.write(descriptor, bytes) else {
                noisy.append(descriptor)
                return nil
            }
            randomBytesSent += sent
            guard sent < bytes.count else {
                noisy.append(descriptor)
                return nil
            }
            return (descriptor, Array(bytes[sent...]))
        }
        noisy.removeAll { descriptor in
            guard LoopbackSocket.read(descriptor) == nil else { return false }
            Glibc.close(descriptor)
            return true
        }
        // Endless lines: at each move a new connection sends a quarter of a mebibyte without a
        // newline (4 MiB in all), each until the host closes it.
        if endlessBytesQueued < 4 << 20, let descriptor = open() {
            endless.append((descriptor, 0))
            endlessBytesQueued += Self.endlessChunk
        }
        endless = endless.compactMap { descriptor, sent in
            var sent = sent
            if sent < Self.endlessChunk {
                guard let more = LoopbackSocket.write(descriptor, [UInt8](repeating: UInt8(ascii: "a"), count: Self.endlessChunk - sent)) else {
                    endlessCut.append(descriptor)
                    return nil
                }
                sent += more
                endlessBytesSent += more
            }
            if sent > 0, LoopbackSocket.read(descriptor) == nil {
                endlessCut.append(descriptor)
                return nil
            }
            return (descriptor, sent)
        }
        // A hello with a wrong code, a byte at each move; dropped (a flood of connections
        // waiting pushes out the one waiting longest), it starts again on a new connection.
        if move == 1 { slow = open() }
        if move > 0, let descriptor = slow {
            if let sent = LoopbackSocket.write(descriptor, [slowLine[slowPosition]]) {
                slowBytesSent += sent
                slowPosition = (slowPosition + sent) % slowLine.count
            } else {
                Glibc.close(descriptor)
                slowDrops += 1
                slowPosition = 0
                slow = open()
            }
        }
        // Half-open: half a line, then this side shut; and connections that never speak.
        if move == 2 { partial = open() }
        if let descriptor = partial, !partialSent {
            let half = Array(#"{"v":1,"n":0,"kind":"hel"#.utf8)
            if LoopbackSocket.write(descriptor, half) == half.count {
                shutdown(descriptor, Int32(SHUT_WR))
                partialSent = true
            }
        }
        if let descriptor = partial, partialSent, !partialLineClosed, LoopbackSocket.read(descriptor) == nil { partialLineClosed = true }
        if move % 5 == 3, silent.count < 8, let descriptor = open() { silent.append(descriptor) }
        // A wave of connections opened and left (never read, never written), the last wave closed.
        for descriptor in wave { Glibc.close(descriptor) }
        wave = []
        if connectionsOpened < connectionTarget {
            for _ in 0..<waveSize { if let descriptor = open() { wave.append(descriptor) } }
        }
    }

    /// After the game: the waves that are left to reach their count, the last one closed, and
    /// the clients that wait on the host's answer given their last chance (up to 3 s) to see it.
    func finish(_ run: FriendsTableRun) {
        var move = 1000
        while connectionsOpened < connectionTarget {
            move += 1
            step(move)
        }
        for descriptor in wave { Glibc.close(descriptor) }
        wave = []
        _ = run.wait(timeout: 3) {
            step(0)  // no new clients: only what is under way
            return endlessLinesCut && partialLineClosed
        }
    }

    /// A hello with a wrong code, and one without a code, are refused in words; so is a select
    /// before any hello.
    /// With `impostor`, the room's code with the name of a player at the table is refused too.
    func expectRefusedHellos(_ run: FriendsTableRun, impostor: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        let wrong = try? FriendsClient(port: port)
        #expect(wrong?.join(code: "ZZZZZZ", name: "Mallory") == nil, sourceLocation: sourceLocation)
        #expect(wrong?.refusal?.contains("wrong room code") == true, "a wrong code: \(wrong?.refusal ?? "no answer")",
                sourceLocation: sourceLocation)
        let none = try? FriendsClient(port: port)
        #expect(none?.join(code: nil, name: "Eve") == nil, sourceLocation: sourceLocation)
        #expect(none?.refusal != nil, "no code: \(none?.refusal ?? "no answer")", sourceLocation: sourceLocation)
        let rude = try? FriendsClient(port: port)
        rude?.select(3)
        rude?.wait(timeout: 5) { $0.refusal != nil }
        #expect(rude?.refusal?.contains("no hello first") == true, "a select first: \(rude?.refusal ?? "no answer")",
                sourceLocation: sourceLocation)
        connectionsOpened += 3
        for client in [wrong, none, rude] { client?.close() }
        guard impostor else { return }
        let ann = try? FriendsClient(port: port)
        #expect(ann?.join(code: code, name: "Ann") == nil, "an impostor is not seated", sourceLocation: sourceLocation)
        #expect(ann?.refusal?.contains("Ann is at the table already") == true, "an impostor: \(ann?.refusal ?? "no answer")",
                sourceLocation: sourceLocation)
        connectionsOpened += 1
        ann?.close()
    }

    func closeAll() {
        for descriptor in wave + silent + noisy + endless.map(\.0) + endlessCut + [slow, partial].compactMap({ $0 }) {
            Glibc.close(descriptor)
        }
        wave = []
        silent = []
        noisy = []
        endless = []
        endlessCut = []
        slow = nil
        partial = nil
    }
}
