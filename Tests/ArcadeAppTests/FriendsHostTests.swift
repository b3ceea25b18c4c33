import ArcadeCore
import ArcadeJSON
@testable import ArcadeApp
import SetModel
import Testing

/// The host's table, fed as the network would feed it: no sockets, every time an argument.
@Suite struct FriendsHostTests {
    static let code = "K7QX2M"

    /// A player's side of the wire: it numbers its messages.
    struct Player {
        let connection: Int
        var number = 0

        mutating func line(_ kind: PlayerMessage.Kind, code: String? = nil, name: String? = nil,
                           card: Int? = nil, wants: Bool? = nil) -> [UInt8] {
            defer { number += 1 }
            return Array(FriendsWire.line(PlayerMessage(n: number, kind: kind, code: code, name: name, card: card,
                                                        wants: wants)).dropLast())
        }
    }

    /// What `outputs` sent to `connection`, read back.
    func sent(_ outputs: [FriendsHost.Output], to connection: Int) -> [HostMessage] {
        outputs.compactMap { output in
            guard case .send(connection, let bytes) = output else { return nil }
            return try? JSON.decode(HostMessage.self, from: Array(bytes.dropLast()))
        }
    }

    func seat(_ host: inout FriendsHost, _ name: String, on connection: Int, at time: Double) -> Player {
        var player = Player(connection: connection)
        _ = host.accepted(connection, at: time)
        _ = host.received(player.line(.hello, code: Self.code, name: name), from: connection, at: time)
        return player
    }

    @Test func playersSitDownSeeTheTableAndTheFirstClaimTakesTheSet() throws {
        var host = FriendsHost(seed: 9, code: Self.code, hostName: "Hal", at: 0)
        var ada = Player(connection: 1)
        _ = host.accepted(1, at: 1)
        let welcome = host.received(ada.line(.hello, code: Self.code, name: "Ada"), from: 1, at: 1)
        #expect(sent(welcome, to: 1).map(\.kind) == [.welcome, .table])
        #expect(sent(welcome, to: 1).first?.seat == 1)
        var bo = seat(&host, "Bo", on: 2, at: 2)
        let started = host.start(at: 3)
        #expect(Set(sent(started, to: 1).compactMap(\.table?.phase) + sent(started, to: 2).compactMap(\.table?.phase)) == ["playing"])

        let set = try #require(host.game.table.setsOnBoard().first).map(FriendsWire.index(of:))
        for card in set.prefix(2) {
            _ = host.received(ada.line(.select, card: card), from: 1, at: 4)
            _ = host.received(bo.line(.select, card: card), from: 2, at: 4)
        }
        let claim = host.received(bo.line(.select, card: set[2]), from: 2, at: 5)
        _ = host.received(ada.line(.select, card: set[2]), from: 1, at: 5)
        let table = try #require(sent(claim, to: 1).last?.table)
        #expect(table.players.map(\.name) == ["Hal", "Ada", "Bo"])
        #expect(table.players.map(\.score) == [0, 0, 3] && table.claimBy == 2 && table.claimWasSet == true)
        #expect(host.game.players.map(\.score) == [0, 0, 3], "Ada's claim came second: too late, no cost")
    }

    @Test func aWrongCodeAFullTableAndATakenNameAreRefusedInWords() {
        var host = FriendsHost(seed: 9, code: Self.code, hostName: "Hal", at: 0)
        var wrong = Player(connection: 1)
        _ = host.accepted(1, at: 0)
        let refused = host.received(wrong.line(.hello, code: "AAAAAA", name: "Eve"), from: 1, at: 0)
        #expect(sent(refused, to: 1).map(\.reason) == ["wrong room code"] && refused.last == .close(connection: 1))
        #expect(host.drops == ["wrong room code"] && host.game.players.count == 1)

        var twin = Player(connection: 2)
        _ = host.accepted(2, at: 0)
        let taken = host.received(twin.line(.hello, code: Self.code, name: "Hal"), from: 2, at: 0)
        #expect(sent(taken, to: 2).first?.reason == "Hal is at the table already: if that is you, join again in a few seconds; else choose another name.")
        #expect(taken.last == .close(connection: 2))

        for index in 0..<7 { _ = seat(&host, "P\(index)", on: 10 + index, at: 1) }
        var late = Player(connection: 30)
        _ = host.accepted(30, at: 2)
        let full = host.received(late.line(.hello, code: Self.code, name: "Late"), from: 30, at: 2)
        #expect(sent(full, to: 30).first?.reason == "The table is full (8 players).")
    }

    @Test func aPlayerWhoseConnectionDropsIsAwayAndSitsDownAgainWithTheScore() throws {
        var host = FriendsHost(seed: 9, code: Self.code, hostName: "Hal", at: 0)
        var ada = seat(&host, "Ada", on: 1, at: 0)
        _ = host.start(at: 1)
        let set = try #require(host.game.table.setsOnBoard().first).map(FriendsWire.index(of:))
        for card in set { _ = host.received(ada.line(.select, card: card), from: 1, at: 2) }
        let lost = host.closed(1, at: 10)
        #expect(host.game.players[1].isAway && host.game.players[1].score == 3)
        #expect(lost.isEmpty, "nobody else is connected to tell")
        var back = Player(connection: 7)
        _ = host.accepted(7, at: 100)
        let welcome = host.received(back.line(.hello, code: Self.code, name: "Ada"), from: 7, at: 100)
        #expect(sent(welcome, to: 7).first?.seat == 1)
        #expect(sent(welcome, to: 7).last?.table?.players[1].score == 3 && !host.game.players[1].isAway)
    }

    @Test func silentConnectionsAreDroppedAndTheTableIsSentWhileNothingHappens() {
        var host = FriendsHost(seed: 9, code: Self.code, hostName: "Hal", at: 0)
        _ = host.accepted(1, at: 0)  // never says hello
        var ada = seat(&host, "Ada", on: 2, at: 0)
        #expect(host.tick(at: 4.9) == [])
        let later = host.tick(at: 5.5)
        #expect(later.contains(.close(connection: 1)) && !later.contains(.close(connection: 2)))
        #expect(sent(later, to: 2).map(\.kind) == [.table], "five seconds without news: the table again")
        _ = host.received(ada.line(.ping), from: 2, at: 10)
        #expect(!host.tick(at: 24).contains(.close(connection: 2)))
        #expect(host.tick(at: 25.5).contains(.close(connection: 2)), "fifteen seconds without a word")
        #expect(host.game.players.map(\.name) == ["Hal"], "before the start a silent player gives the seat up")
    }

    @Test func theHostLeavingEndsTheGameForEveryone() {
        var host = FriendsHost(seed: 9, code: Self.code, hostName: "Hal", at: 0)
        _ = seat(&host, "Ada", on: 1, at: 0)
        _ = seat(&host, "Bo", on: 2, at: 0)
        let end = host.end()
        #expect(sent(end, to: 1).map(\.kind) == [.ended] && sent(end, to: 2).first?.reason == "The host left the table.")
        #expect(end.filter { if case .close = $0 { true } else { false } }.count == 2)
    }

    /// Two players play a seeded game to its end while other connections send random bytes,
    /// endless lines, replays, floods and nothing at all: the two players' game is the same as
    /// without them.
    @Test func hostileConnectionsNeverChangeTheGameOfThePlayers() throws {
        func play(withNoise: Bool) throws -> [Int] {
            var host = FriendsHost(seed: 21, code: Self.code, hostName: "Hal", at: 0)
            var ada = seat(&host, "Ada", on: 1, at: 0)
            _ = host.start(at: 1)
            var noise = SeededGenerator(seed: 77)
            var time = 1.0
            var nextConnection = 100
            while host.game.phase == .playing && time < 400 {
                time += 0.5
                if withNoise {
                    for _ in 0..<3 {
                        let connection = nextConnection
                        nextConnection += 1
                        _ = host.accepted(connection, at: time)
                        var rogue = Player(connection: connection)
                        let bytes: [UInt8]
                        switch Int.random(in: 0..<5, using: &noise) {
                        case 0: bytes = (0..<Int.random(in: 0...300, using: &noise)).map { _ in UInt8.random(in: 0...255, using: &noise) }
                        case 1: bytes = rogue.line(.hello, code: "ZZZZZZ", name: "Eve")
                        case 2: bytes = rogue.line(.select, card: 5)
                        case 3: bytes = Array(repeating: UInt8(ascii: "{"), count: 600)
                        default: bytes = []  // half-open: says nothing
                        }
                        if !bytes.isEmpty { _ = host.received(bytes, from: connection, at: time) }
                    }
                    _ = host.tick(at: time)
                }
                if let set = host.game.table.setsOnBoard().first {
                    for card in set { _ = host.received(ada.line(.select, card: FriendsWire.index(of: card)), from: 1, at: time) }
                    _ = host.received(ada.line(.ping), from: 1, at: time)
                } else {
                    _ = host.received(ada.line(.more, wants: true), from: 1, at: time)
                    _ = host.askForMore(true, at: time)
                }
            }
            #expect(host.game.phase == .over)
            #expect(host.peers[1]?.seat == 1, "Ada was never dropped")
            return host.game.players.map(\.score) + [host.game.table.deckCount, host.game.players.count]
        }
        #expect(try play(withNoise: true) == play(withNoise: false))
    }
}
