@testable import ArcadeApp
import SetModel
import Testing

/// A host and its players wired together without sockets: the host's outputs are the
/// players' input, the players' lines the host's.
@Suite struct FriendsPlayerTests {
    struct Table {
        var host: FriendsHost
        var players: [Int: FriendsPlayer] = [:]

        init(seed: UInt64) {
            host = FriendsHost(seed: seed, code: "K7QX2M", hostName: "Hal", at: 0)
        }

        /// Deliver what the host asked for to the players it names.
        mutating func deliver(_ outputs: [FriendsHost.Output], at time: Double) {
            for output in outputs {
                switch output {
                case .send(let connection, let bytes): players[connection]?.received(Array(bytes.dropLast()), at: time)
                case .close(let connection): players[connection]?.closed("the connection was closed")
                }
            }
        }

        mutating func join(_ name: String, on connection: Int, at time: Double) {
            players[connection] = FriendsPlayer(code: "K7QX2M", name: name, at: time)
            deliver(host.accepted(connection, at: time), at: time)
            let hello = players[connection]!.connected(at: time)
            deliver(host.received(Array(hello.dropLast()), from: connection, at: time), at: time)
        }

        mutating func send(_ line: [UInt8]?, from connection: Int, at time: Double) {
            guard let line else { return }
            deliver(host.received(Array(line.dropLast()), from: connection, at: time), at: time)
        }
    }

    func firstSet(in cards: [Card]) -> [Card]? {
        for i in cards.indices { for j in cards.indices where j > i { for k in cards.indices where k > j {
            if SetGame.isSet(cards[i], cards[j], cards[k]) { return [cards[i], cards[j], cards[k]] }
        } } }
        return nil
    }

    @Test func aHostAndTwoPlayersPlayASeededGameToItsEndAndAgreeOnEveryScore() {
        var table = Table(seed: 33)
        table.join("Ada", on: 1, at: 0)
        table.join("Bo", on: 2, at: 0)
        #expect(table.players[1]?.seat == 1 && table.players[2]?.seat == 2)
        table.deliver(table.host.start(at: 1), at: 1)
        var time = 1.0, turn = 0
        while table.host.game.phase == .playing && time < 500 {
            time += 1
            // Each player plays from the table it was sent, not the host's own.
            guard let shown = table.players[1]?.table else { break }
            if let set = firstSet(in: shown.board.compactMap { $0 }.compactMap(FriendsWire.card)) {
                let connection = turn % 3 == 0 ? nil : turn % 3
                for card in set {
                    if let connection {
                        table.send(table.players[connection]?.select(card, at: time), from: connection, at: time)
                    } else {
                        table.deliver(table.host.select(card, at: time), at: time)
                    }
                }
                turn += 1
            } else {
                table.send(table.players[1]?.askForMore(true, at: time), from: 1, at: time)
                table.send(table.players[2]?.askForMore(true, at: time), from: 2, at: time)
            }
        }
        let final = table.host.game.players.map(\.score)
        #expect(table.host.game.phase == .over)
        #expect(final.reduce(0, +) == 3 * turn && final.allSatisfy { $0 > 0 })
        for connection in [1, 2] {
            #expect(table.players[connection]?.table?.players.map(\.score) == final)
            #expect(table.players[connection]?.table?.phase == "over")
        }
    }

    @Test func aPlayerLeavingBeforeTheStartMovesTheOthersUpASeatAndTheyPlayOn() throws {
        var table = Table(seed: 33)
        table.join("Ada", on: 1, at: 0)
        table.join("Bo", on: 2, at: 0)
        table.join("Cy", on: 3, at: 0)
        table.deliver(table.host.closed(1, at: 1), at: 1)
        #expect(table.players[2]?.seat == 1 && table.players[3]?.seat == 2)
        #expect(table.players[3]?.table?.players.map(\.name) == ["Hal", "Bo", "Cy"])
        table.join("Di", on: 4, at: 2)
        #expect(table.players[4]?.seat == 3 && table.players[2]?.seat == 1, "a newcomer takes the next seat, not Bo's")
        table.deliver(table.host.start(at: 3), at: 3)
        let set = try #require(table.host.game.table.setsOnBoard().first)
        for card in set { table.send(table.players[2]?.select(card, at: 4), from: 2, at: 4) }
        #expect(table.players[3]?.table?.players.map(\.score) == [0, 3, 0, 0], "Bo's set is Bo's")
    }

    @Test func aHostThatSendsWhatCannotBeShownIsLeftWithAReason() {
        var player = FriendsPlayer(code: "K7QX2M", name: "Ada", at: 0)
        _ = player.connected(at: 0)
        player.received(Array("{\"v\":1,\"kind\":\"welcome\",\"seat\":1}".utf8), at: 1)
        #expect(player.seat == 1)
        player.received(Array("{\"v\":1,\"kind\":\"table\",\"table\":{\"phase\":\"playing\",\"board\":[99],\"deck\":0,\"elapsed\":0,\"players\":[]}}".utf8), at: 2)
        #expect(player.state == .left("The host sent a table this arcade cannot show."))

        var refused = FriendsPlayer(code: "K7QX2M", name: "Ada", at: 0)
        _ = refused.connected(at: 0)
        refused.received(Array("{\"v\":1,\"kind\":\"refused\",\"reason\":\"no\\u001b[2J room\"}".utf8), at: 1)
        #expect(refused.state == .left("no[2J room"), "the host's words cannot reach the terminal as commands")
    }

    @Test func aSeatedPlayerPingsWhenQuietAndLeavesASilentHost() {
        var player = FriendsPlayer(code: "K7QX2M", name: "Ada", at: 0)
        _ = player.connected(at: 0)
        player.received(Array("{\"v\":1,\"kind\":\"welcome\",\"seat\":2}".utf8), at: 0)
        #expect(player.tick(at: 4) == nil)
        #expect(player.tick(at: 5) != nil, "five seconds quiet: a ping")
        #expect(player.tick(at: 6) == nil)
        _ = player.tick(at: 15.5)
        #expect(player.state == .left("The host has not answered for 15 seconds."))
    }
}
