import ArcadeCore
import ArcadeJSON
@testable import ArcadeApp
import SetModel
import Testing

@Suite struct FriendsWireTests {
    func line(_ message: PlayerMessage) -> [UInt8] {
        Array(FriendsWire.line(message).dropLast())
    }

    func hello(_ code: String = "K7QX2M", name: String = "Ada") -> [UInt8] {
        line(PlayerMessage(n: 0, kind: .hello, code: code, name: name))
    }

    @Test func aPlayerIsSeatedOnlyByAHelloWithTheRoomCode() {
        var guardian = PeerGuard(code: "K7QX2M", openedAt: 0)
        #expect(guardian.receive(hello(), at: 1) == .accept(.hello(name: "Ada")))
        #expect(guardian.receive(line(PlayerMessage(n: 1, kind: .select, card: 80)), at: 2)
            == .accept(.select(SetGame.fullDeck[80])))

        var wrong = PeerGuard(code: "K7QX2M", openedAt: 0)
        #expect(wrong.receive(hello("K7QX2N"), at: 1) == .drop("wrong room code"))
        var rude = PeerGuard(code: "K7QX2M", openedAt: 0)
        #expect(rude.receive(line(PlayerMessage(n: 0, kind: .select, card: 3)), at: 1) == .drop("no hello first"))
        var twice = PeerGuard(code: "K7QX2M", openedAt: 0)
        _ = twice.receive(hello(), at: 1)
        #expect(twice.receive(line(PlayerMessage(n: 1, kind: .hello, code: "K7QX2M", name: "Ada")), at: 2) == .drop("a second hello"))
    }

    @Test func aMessageReplayedSkippedOrOfAnotherVersionDropsTheConnection() {
        var replayed = PeerGuard(code: "K7QX2M", openedAt: 0)
        _ = replayed.receive(hello(), at: 1)
        #expect(replayed.receive(line(PlayerMessage(n: 1, kind: .ping)), at: 2) == .accept(.ping))
        #expect(replayed.receive(line(PlayerMessage(n: 1, kind: .ping)), at: 3) == .drop("message 1 where 2 was due"))
        var skipped = PeerGuard(code: "K7QX2M", openedAt: 0)
        _ = skipped.receive(hello(), at: 1)
        #expect(skipped.receive(line(PlayerMessage(n: 5, kind: .ping)), at: 2) == .drop("message 5 where 1 was due"))
        var future = PeerGuard(code: "K7QX2M", openedAt: 0)
        #expect(future.receive(line(PlayerMessage(v: 2, n: 0, kind: .hello, code: "K7QX2M", name: "Ada")), at: 1)
            == .drop("protocol version 2, not 1"))
        var garbage = PeerGuard(code: "K7QX2M", openedAt: 0)
        #expect(garbage.receive(Array("{\"v\":1,".utf8), at: 1) == .drop("a message that does not read"))
        var noCard = PeerGuard(code: "K7QX2M", openedAt: 0)
        _ = noCard.receive(hello(), at: 1)
        #expect(noCard.receive(line(PlayerMessage(n: 1, kind: .select, card: 81)), at: 2) == .drop("no such card"))
    }

    @Test func aBurstOverTheLimitDropsAndAnEvenPaceDoesNot() {
        var flood = PeerGuard(code: "K7QX2M", openedAt: 0)
        _ = flood.receive(hello(), at: 0)
        var verdicts: [PeerGuard.Verdict] = []
        for number in 1...40 { verdicts.append(flood.receive(line(PlayerMessage(n: number, kind: .ping)), at: 0)) }
        #expect(verdicts.dropLast().allSatisfy { $0 == .accept(.ping) })
        #expect(verdicts.last == .drop("too many messages"), "the burst is 40 messages, hello included")

        var steady = PeerGuard(code: "K7QX2M", openedAt: 0)
        _ = steady.receive(hello(), at: 0)
        for number in 1...400 {
            #expect(steady.receive(line(PlayerMessage(n: number, kind: .ping)), at: Double(number) / 20) == .accept(.ping))
        }
    }

    @Test func aSilentConnectionExpires() {
        var guardian = PeerGuard(code: "K7QX2M", openedAt: 10)
        #expect(guardian.expired(at: 15) == nil)
        #expect(guardian.expired(at: 15.5) == "no hello in 5 seconds")
        _ = guardian.receive(hello(), at: 12)
        #expect(guardian.expired(at: 26) == nil)
        #expect(guardian.expired(at: 27.5) == "silent for 15 seconds")
    }

    @Test func namesAreWhatEveryScreenCanShow() {
        for good in ["Ada", "José", "Mary-Jo", "o'Neil 2"] { #expect(PeerGuard.name(good) == good) }
        for bad in ["", " Ada", "Ada ", "a\u{1b}[2J", "ABCDEFGHIJKLMNOPQ", "李", "e\u{301}", "tab\there", "\u{345}abc", "שלום"] {
            #expect(PeerGuard.name(bad) == nil, "\(bad.debugDescription)")
        }
        var rude = PeerGuard(code: "K7QX2M", openedAt: 0)
        #expect(rude.receive(hello(name: "\u{1b}]0;owned\u{7}"), at: 1) == .drop("a name that cannot be shown"))
    }

    @Test func theTableEveryPlayerSeesReadsBackTheSameAndFitsTheLimit() throws {
        var game = SetFriendsGame(seed: 5)
        for index in 0..<8 { _ = game.seat("Player \(index) abc", at: 0) }
        game.start(at: 0)
        while game.table.board.count < 21 { for index in 0..<5 { _ = game.askForMore(by: index, at: 0) } }
        let set = try #require(game.table.setsOnBoard().first)
        for card in set { _ = game.select(card, by: 3, at: 4) }
        for index in 0..<8 { _ = game.select(game.table.board[index]!, by: index, at: 5) }
        let table = WireTable(game, at: 9.5)
        let bytes = FriendsWire.line(HostMessage(kind: .table, table: table))
        #expect(bytes.count < FriendsWire.hostLineLimit / 2)
        let read = try JSON.decode(HostMessage.self, from: Array(bytes.dropLast()))
        #expect(read.table == table && table.isSound)
        #expect(table.board.count == 21 && table.claimBy == 3 && table.claimWasSet == true && table.elapsed == 9.5)

        var hostile = table
        hostile.board[0] = 81
        #expect(!hostile.isSound)
        hostile = table
        hostile.players[0].name = "\u{1b}[2J"
        #expect(!hostile.isSound)
        hostile = table
        hostile.players.append(hostile.players[0])
        #expect(!hostile.isSound, "nine players")
        hostile = table
        hostile.elapsed = 1e300
        #expect(!hostile.isSound, "a clock no screen can show")
        hostile = table
        hostile.claimBy = -7
        #expect(!hostile.isSound, "a claim by nobody at the table")
    }

    /// A valid hello with random bytes changed: the guard never crashes, and seats only a
    /// hello that still carries the room's code and a name that can be shown.
    @Test func damagedHellosSeatOnlyWithTheCodeAndAShowableName() {
        var generator = SeededGenerator(seed: 48)
        var seated = 0
        for _ in 0..<3000 {
            var bytes = hello()
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes[Int.random(in: bytes.indices, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            var guardian = PeerGuard(code: "K7QX2M", openedAt: 0)
            if case .accept(.hello(let name)) = guardian.receive(bytes, at: 1) {
                seated += 1
                #expect(String(decoding: bytes, as: UTF8.self).contains("\"code\":\"K7QX2M\""))
                #expect(PeerGuard.name(name) == name)
            }
        }
        #expect(seated > 0 && seated < 3000, "some changes leave a valid hello (a letter of the name), most do not")
    }

    @Test func roomCodesAreSixLettersWithoutLookAlikes() {
        var generator = SeededGenerator(seed: 1)
        let codes = (0..<200).map { _ in PeerGuard.roomCode(using: &generator) }
        #expect(codes.allSatisfy { $0.count == 6 && $0.allSatisfy(PeerGuard.codeAlphabet.contains) })
        #expect(Set(codes).count == 200)
        #expect(!codes.joined().contains { "01OI".contains($0) })
        #expect(PeerGuard.sameCode("K7QX2M", "K7QX2M") && !PeerGuard.sameCode("K7QX2", "K7QX2M"))
    }
}
