import ArcadeTerminal
import ArcadeUI
import Glibc
import Testing

/// The sockets of a game over the network, on the loopback interface only (127.0.0.1, ::1).
@Suite struct SocketNetworkTests {
    /// Serve `networks` as the run loop would (one `poll` over all their sockets) until `done`
    /// holds for what arrived, or 5 seconds pass; returns what arrived, network by network.
    func pump(_ networks: [SocketNetwork], until done: ([[NetworkInput]]) -> Bool) -> [[NetworkInput]] {
        var arrived = Array(repeating: [NetworkInput](), count: networks.count)
        let deadline = RunLoopClock.monotonicSeconds() + 5
        while !done(arrived) && RunLoopClock.monotonicSeconds() < deadline {
            let watched = networks.map(\.watched)
            var descriptors = watched.flatMap { $0 }.map {
                pollfd(fd: $0.descriptor, events: Int16($0.forWriting ? POLLIN | POLLOUT : POLLIN), revents: 0)
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), 50)
            let ready = descriptors.filter { $0.revents != 0 }.map(\.fd)
            for (index, network) in networks.enumerated() {
                let mine = ready.filter { fd in watched[index].contains { $0.descriptor == fd } }
                if !mine.isEmpty { arrived[index] += network.serve(mine, at: 0) }
            }
        }
        return arrived
    }

    func events(_ inputs: [NetworkInput]) -> [NetworkInput.Event] { inputs.map(\.event) }

    @Test(arguments: ["127.0.0.1", "::1"])
    func aPlayerConnectsToAHostAndEachReadsTheOthersLines(host: String) throws {
        let table = SocketNetwork(), player = SocketNetwork()
        let port = try table.listen(host: host, port: 0, lineLimit: 512).get()
        #expect(port > 0)
        let connection = try player.connect(host: host, port: port, lineLimit: 8192).get()
        var arrived = pump([table, player]) { $0[0].count >= 1 && $0[1].count >= 1 }
        #expect(events(arrived[0]) == [.accepted] && events(arrived[1]) == [.connected])
        let seat = try #require(arrived[0].first?.connection)

        #expect(player.send(Array("{\"hello\":1}\nsecond li".utf8), to: connection))
        player.send(Array("ne\n".utf8), to: connection)
        arrived = pump([table, player]) { $0[0].count >= 2 }
        #expect(events(arrived[0]) == [.line(Array("{\"hello\":1}".utf8)), .line(Array("second line".utf8))])
        #expect(arrived[0].allSatisfy { $0.connection == seat })

        table.send(Array("welcome\n".utf8), to: seat)
        arrived = pump([table, player]) { $0[1].count >= 1 }
        #expect(events(arrived[1]) == [.line(Array("welcome".utf8))])

        player.close(connection)
        arrived = pump([table, player]) { $0[0].count >= 1 }
        #expect(events(arrived[0]) == [.closed("the connection was closed")])
        #expect(table.openConnections.isEmpty)
    }

    /// A player who says hello at once is read as its connection is accepted, before the host
    /// hears of any connection accepted after it (a flood of idle ones cannot push it out first).
    @Test func whatANewConnectionSentAtOnceArrivesWithItsAcceptance() throws {
        let table = SocketNetwork(), player = SocketNetwork(), idle = SocketNetwork()
        let port = try table.listen(host: "127.0.0.1", port: 0, lineLimit: 512).get()
        let connection = try player.connect(host: "127.0.0.1", port: port, lineLimit: 512).get()
        _ = pump([player]) { $0[0].count >= 1 }
        #expect(player.send(Array("hello\n".utf8), to: connection))
        for _ in 0..<3 { _ = idle.connect(host: "127.0.0.1", port: port, lineLimit: 512) }
        _ = pump([idle]) { $0[0].count >= 3 }
        let arrived = pump([table]) { $0[0].count >= 5 }[0]
        #expect(events(Array(arrived.prefix(2))) == [.accepted, .line(Array("hello".utf8))], "\(arrived)")
        #expect(events(Array(arrived.dropFirst(2))) == [.accepted, .accepted, .accepted])
    }

    @Test func aLineLongerThanTheLimitClosesThatConnectionOnly() throws {
        let table = SocketNetwork(), rude = SocketNetwork(), polite = SocketNetwork()
        let port = try table.listen(host: "127.0.0.1", port: 0, lineLimit: 64).get()
        let long = try rude.connect(host: "127.0.0.1", port: port, lineLimit: 64).get()
        _ = pump([table, rude]) { $0[0].count >= 1 }
        let fine = try polite.connect(host: "127.0.0.1", port: port, lineLimit: 64).get()
        _ = pump([table, polite]) { $0[0].count >= 1 }
        rude.send([UInt8](repeating: UInt8(ascii: "x"), count: 100), to: long)
        polite.send(Array("still here\n".utf8), to: fine)
        let arrived = pump([table, rude, polite]) { $0[0].count >= 2 }
        #expect(Set(events(arrived[0])) == [.closed("a line longer than 64 bytes"), .line(Array("still here".utf8))])
        #expect(table.openConnections.count == 1)
    }

    @Test func connectionsOverTheLimitAreClosedAtOnce() throws {
        let table = SocketNetwork(connectionLimit: 3)
        let port = try table.listen(host: "127.0.0.1", port: 0, lineLimit: 64).get()
        let players = (0..<5).map { _ in SocketNetwork() }
        for player in players { _ = try player.connect(host: "127.0.0.1", port: port, lineLimit: 64).get() }
        let arrived = pump([table] + players) { arrived in
            arrived[0].count == 3 && arrived.dropFirst().filter { $0.contains { $0.event == .closed("the connection was closed") } }.count == 2
        }
        #expect(events(arrived[0]) == Array(repeating: .accepted, count: 3))
        #expect(table.openConnections.count == 3)
    }

    @Test func aPeerThatReadsNothingIsClosedRatherThanFillingMemory() throws {
        let table = SocketNetwork(), sleeper = SocketNetwork()
        let port = try table.listen(host: "127.0.0.1", port: 0, lineLimit: 64).get()
        _ = try sleeper.connect(host: "127.0.0.1", port: port, lineLimit: 64).get()
        let arrived = pump([table, sleeper]) { $0[0].count >= 1 }
        let seat = try #require(arrived[0].first?.connection)
        // The sleeper never serves its socket: the kernel's buffers fill, then the table's own.
        var sent = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 16 * 1024)
        while table.send(chunk, to: seat) && sent < 64 * 1024 * 1024 { sent += chunk.count }
        #expect(table.openConnections.isEmpty, "closed after \(sent) bytes")
        #expect(sent < 64 * 1024 * 1024)
    }

    @Test func aRefusedConnectionSaysWhy() throws {
        // A port listened on, then closed: nobody listens there now.
        let gone = SocketNetwork()
        let port = try gone.listen(host: "127.0.0.1", port: 0, lineLimit: 64).get()
        gone.closeAll()
        let player = SocketNetwork()
        _ = try player.connect(host: "127.0.0.1", port: port, lineLimit: 64).get()
        let arrived = pump([player]) { !$0[0].isEmpty }
        #expect(events(arrived[0]) == [.closed("Connection refused")])
        #expect(throws: NetworkError.self) { try player.listen(host: "not an address", port: 1, lineLimit: 64).get() }
        #expect(throws: NetworkError.self, "names are not looked up (a lookup could stall the game)") {
            try player.connect(host: "example.org", port: 1, lineLimit: 64).get()
        }
    }

    @Test func localhostIsTheLoopbackAddress() throws {
        let table = SocketNetwork(), player = SocketNetwork()
        let port = try table.listen(host: "127.0.0.1", port: 0, lineLimit: 64).get()
        _ = try player.connect(host: "localhost", port: port, lineLimit: 64).get()
        let arrived = pump([table, player]) { $0[0].count >= 1 && $0[1].count >= 1 }
        #expect(events(arrived[0]) == [.accepted] && events(arrived[1]) == [.connected])
    }
}
