import ArcadeHarness
import ArcadeTestSupport
import Foundation
import SetModel
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Set with friends between real arcades, each in a pseudo-terminal of its own with a store of
/// its own, on the loopback interface only (issue 48): a host (`arcade set --host`) and players
/// (`arcade set --join`). The test plays along on a `SetFriendsGame` of the host's seed (a
/// mirror: the same cards dealt), chooses who claims what, clicks the cards where each screen
/// shows them, and waits until every screen shows what the mirror says.
extension EndToEnd {
    @Suite
    struct SetFriendsEndToEndTests {
        /// A table with the host, Ann and Bob seated, the game started; the mirror started too.
        func threeAtATable(seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation) async throws
            -> (ArcadesAtATable, SetFriendsGame) {
            let table = try await ArcadesAtATable(seed: seed, sourceLocation: sourceLocation)
            do {
                try await table.join("Ann", sourceLocation: sourceLocation)
                try await table.join("Bob", sourceLocation: sourceLocation)
            } catch {
                table.close()
                throw error
            }
            var game = SetFriendsGame(seed: seed)
            await table.start(&game, sourceLocation: sourceLocation)
            return (table, game)
        }

        /// Seat `seat` claims `trio` (clicks each card on its own screen); the mirror too.
        func claim(_ trio: [Card], by seat: Int, at table: ArcadesAtATable, in game: inout SetFriendsGame,
                   sourceLocation: SourceLocation = #_sourceLocation) async throws {
            for card in trio {
                try await table.click(card, on: table.sessions[seat], sourceLocation: sourceLocation)
                _ = game.select(card, by: seat, at: 0)
            }
        }

        /// Three cards of the board that are not a set.
        func notASet(on board: [Card?]) -> [Card]? {
            let cards = board.compactMap { $0 }
            for i in cards.indices {
                for j in cards.indices where j > i {
                    for k in cards.indices where k > j && !SetGame.isSet(cards[i], cards[j], cards[k]) {
                        return [cards[i], cards[j], cards[k]]
                    }
                }
            }
            return nil
        }

        @Test func aHostAndTwoPlayersPlayASeededGameToItsEndAndAgreeOnEveryScore() async throws {
            // Seed 68, the first set on the table taken each time, runs out of sets twice before
            // the deck is out: Ann and Bob vote for 3 more twice.
            let (table, start) = try await threeAtATable(seed: 68)
            defer { table.close() }
            var game = start
            // Who takes the next set, in turn: Bob most, the host least, so the scores differ.
            let takers = [2, 1, 2, 0, 2, 1]
            var sets = 0, deals = 0, missed = false
            while game.phase == .playing {
                let claim: (seat: Int, text: String)?
                if !missed && sets == 2, let wrong = notASet(on: game.table.board) {
                    // Bob selects three cards that are not a set: −4 for Bob, every screen says so.
                    try await self.claim(wrong, by: 2, at: table, in: &game)
                    missed = true
                    claim = (2, "not a set, −\(SetGame.mismatchPenalty)")
                } else if let set = game.table.setsOnBoard().first {
                    let seat = takers[sets % takers.count]
                    try await self.claim(set, by: seat, at: table, in: &game)
                    sets += 1
                    claim = (seat, "SET! +\(SetGame.setReward)")
                } else {
                    // No set on the table and cards in the deck: Ann asks for 3 more, and every
                    // screen counts her vote; Bob's makes two of three, and the cards are dealt.
                    #expect(game.table.canDealMore)
                    table.sessions[1].type("d")
                    let dealtForOne = game.askForMore(by: 1, at: 0)
                    #expect(!dealtForOne)
                    guard await table.waitUntilScreensShow(game, "Ann's vote", also: "1 of 3 ask for 3 more.") else { return }
                    #expect(await table.sessions[1].waitFor("[ Deal 3 More: asked ]"))
                    table.sessions[2].type("d")
                    let dealtForTwo = game.askForMore(by: 2, at: 0)
                    #expect(dealtForTwo)
                    deals += 1
                    claim = nil
                }
                // The last set ends the game: the result box comes over the cards (checked below).
                if game.phase == .over { break }
                guard await table.waitUntilScreensShow(game, "the table after \(sets) sets, \(deals) deals", claim: claim) else { return }
            }
            #expect(sets >= 20 && deals == 2 && missed, "a whole game: \(sets) sets, \(deals) deals")

            // The result: the same standings on every screen, the winner's own saying "You win!".
            let standings = game.standings.enumerated().map { "\($0.offset + 1). \($0.element.name) \($0.element.score) (\($0.element.sets) sets)" }
            let winners = game.winners
            var times: [String] = []
            for (seat, session) in table.sessions.enumerated() {
                let title = winners.count > 1 ? "A tie: " + winners.joined(separator: ", ")
                    : winners == [table.names[seat]] ? "You win!" : "\(winners[0]) wins"
                #expect(await session.waitUntil("seat \(seat + 1)'s result: \(title), \(standings)") { screen in
                    screen.contains(title) && screen.contains("Menu (m)") && standings.allSatisfy(screen.contains)
                })
                // The standings in order, one under the other.
                let rows = standings.compactMap { line in session.lines().firstIndex { $0.contains(line) } }
                #expect(rows.count == standings.count && rows == rows.sorted(), "seat \(seat + 1): \(session.capture())")
                times += session.lines().compactMap { line in line.range(of: "Time ").map { String(line[$0.upperBound...].prefix(5)) } }
            }
            #expect(Set(times).count == 1 && times.count == 3, "every screen shows the game's time: \(times)")

            // Each arcade keeps its own player's result, with everyone's scores, and `arcade stats
            // --json` on its store counts it under Set's mode friends.
            let everyone = game.standings.map { "\($0.name) \($0.score)" }.joined(separator: ", ")
            for (seat, session) in table.sessions.enumerated() {
                let score = game.players[seat].score
                var store = StoreCheck.check(dataHome: session.dataHome.path)
                _ = await session.poll(timeout: .seconds(10)) {
                    store = StoreCheck.check(dataHome: session.dataHome.path)
                    return store.scores["set"] != nil
                }
                let figures = store.figures["set"]?.first ?? [:]
                #expect(store.scores["set"] == [score] && figures["table"] == everyone && figures["winner"] == winners.joined(separator: ", ")
                        && figures["sets"] == "\(game.players[seat].sets)",
                        "seat \(seat + 1)'s store keeps its result \(score) at the table \(everyone): \(store.summary) \(figures)")
                let (result, friends) = try await friendsStatistics(dataHome: session.dataHome)
                #expect(friends?["played"] as? Int == 1 && friends?["best"] as? Int == score,
                        "seat \(seat + 1): stats --json counts one game of Set with friends, \(score): \(result)")
            }
        }

        /// `arcade stats --json` on the store in `dataHome`, and its block for Set's mode friends.
        func friendsStatistics(dataHome: URL) async throws -> (TerminalProcess.Result, [String: Any]?) {
            let binary = try #require(TerminalProcess.requireArcadeBinary())
            let result = try await TerminalProcess.run(
                binary, arguments: ["stats", "--json"], environment: ["XDG_DATA_HOME": dataHome.path, "TERM": nil],
                standardInput: .devNull, timeout: .seconds(10))
            let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let set = (document?["games"] as? [[String: Any]])?.first { $0["game"] as? String == "set" }
            return (result, (set?["modes"] as? [[String: Any]])?.first { $0["mode"] as? String == "friends" })
        }

        @Test func twoPlayersClaimingOneSetAtOnceGiveItToExactlyOne() async throws {
            let (table, start) = try await threeAtATable(seed: 11)
            defer { table.close() }
            var game = start
            let set = try #require(game.table.setsOnBoard().first)
            let (ann, bob) = (table.players[0], table.players[1])
            // Both select the set's first two cards; the host's screen marks them with both seats.
            for card in set.prefix(2) {
                try await table.click(card, on: ann)
                try await table.click(card, on: bob)
                _ = game.select(card, by: 1, at: 0)
                _ = game.select(card, by: 2, at: 0)
            }
            #expect(await table.host.waitUntil("seats 2 and 3 marked on the two cards") { _ in
                let shown = FriendsScreen.cards(in: table.host.lines()).filter { set.prefix(2).contains($0.card) }
                return shown.count == 2 && shown.allSatisfy { $0.marks.contains(2) && $0.marks.contains(3) && !$0.selected }
            })
            for player in [ann, bob] {
                #expect(await player.waitUntil("its own two cards selected (double frames)") { _ in
                    FriendsScreen.cards(in: player.lines()).filter(\.selected).map(\.card).sorted { "\($0)" < "\($1)" }
                        == set.prefix(2).sorted { "\($0)" < "\($1)" }
                })
            }
            // The third card, on both screens at once.
            let annClick = try await table.clickBytes(set[2], on: ann)
            let bobClick = try await table.clickBytes(set[2], on: bob)
            ann.sendBytes(annClick)
            bob.sendBytes(bobClick)
            // Whoever the host heard first takes the set; the other's touch comes too late, free.
            var annFirst = game, bobFirst = game
            let annTakes = annFirst.select(set[2], by: 1, at: 0), bobTakes = bobFirst.select(set[2], by: 2, at: 0)
            let annLate = bobFirst.select(set[2], by: 1, at: 0), bobLate = annFirst.select(set[2], by: 2, at: 0)
            #expect(annTakes == .set(player: 1, cards: set) && bobTakes == .set(player: 2, cards: set))
            #expect(annLate == .tooLate(player: 1) && bobLate == .tooLate(player: 2))
            var winner: Int?
            #expect(await table.host.waitUntil("the host to give the set to Ann or Bob") { _ in
                let lines = table.host.lines()
                winner = ArcadesAtATable.shows(annFirst, seat: 0, lines) ? 1 : ArcadesAtATable.shows(bobFirst, seat: 0, lines) ? 2 : nil
                return winner != nil
            })
            let seat = try #require(winner)
            game = seat == 1 ? annFirst : bobFirst
            #expect(await table.waitUntilScreensShow(game, "the set taken by seat \(seat + 1)", claim: (seat, "SET! +3")))
            // Nothing more comes of the other claim: the players have sent all they will (idle
            // first), then the host has done all it will with it, and every screen has its answer.
            for session in table.players { await session.waitUntilIdle() }
            await table.host.waitUntilIdle()
            for session in table.players { await session.waitUntilIdle() }
            // The winner's selection went with the set. The other's third click may have landed on
            // the card dealt into that place (its screen had the new table by then): a touch
            // that selects it, free; so at most that one card is left marked, with the other's seat.
            let loser = 3 - seat
            let marked = FriendsScreen.cards(in: table.host.lines()).filter { !$0.marks.isEmpty }
            #expect(marked.count <= 1 && marked.allSatisfy { $0.marks == [loser + 1] }, "\(table.host.capture())")
            for (index, session) in table.sessions.enumerated() {
                #expect(ArcadesAtATable.shows(game, seat: index, session.lines()), "seat \(index + 1): \(session.capture())")
                #expect(FriendsScreen.cards(in: session.lines()).filter(\.selected).count <= (index == loser ? 1 : 0),
                        "seat \(index + 1)'s own selection: \(session.capture())")
            }
            #expect(game.players.map(\.score).sorted() == [0, 0, 3])
        }

        @Test func aPlayerKilledIsShownAwayAndRejoinsWithItsScore() async throws {
            let (table, start) = try await threeAtATable(seed: 21)
            defer { table.close() }
            var game = start
            // Ann takes a set: 3 points.
            try await claim(try #require(game.table.setsOnBoard().first), by: 1, at: table, in: &game)
            #expect(await table.waitUntilScreensShow(game, "Ann's set", claim: (1, "SET! +3")))
            let ann = table.players[0]
            #expect(ann.signal(SIGKILL))
            #expect(await ann.waitForExit() == 128 + SIGKILL)
            game.leave(1, at: 0)
            #expect(await table.waitUntilScreensShow(game, "Ann away", seats: [0, 2]))
            #expect(table.host.lines()[0].contains("2 Ann 3 (1) away"), "\(table.host.capture())")

            // The same join command, the same name (and store): back in seat 2 with 3 points.
            let again = try table.launch(name: "Ann", dataHome: ann.dataHome)
            table.replace(seat: 1, with: again)
            let seated = game.seat("Ann", at: 1)
            #expect(seated == .rejoined(1))
            #expect(await table.waitUntilScreensShow(game, "Ann back"))
            #expect(again.lines()[0].contains("2 Ann 3 (1) you"), "\(again.capture())")
            // And plays on: another set, 6 points.
            try await claim(try #require(game.table.setsOnBoard().first), by: 1, at: table, in: &game)
            #expect(await table.waitUntilScreensShow(game, "Ann's second set", claim: (1, "SET! +3")))
            #expect(game.players[1].score == 6)
        }

        @Test func theHostKilledClosesThePlayersTablesAndTheyLeaveCleanly() async throws {
            let (table, _) = try await threeAtATable(seed: 5)
            defer { table.close() }
            #expect(table.host.signal(SIGKILL))
            #expect(await table.host.waitForExit() == 128 + SIGKILL)
            for player in table.players {
                #expect(await player.waitUntil("the table closed, with the reason and the way back") { screen in
                    screen.contains("The table is closed") && screen.contains("Menu (m)")
                        && (screen.contains("connection to the host was lost") || screen.contains("The host left the table"))
                })
            }
            for player in table.players {
                player.type("m")
                #expect(await player.waitFor("ARCADE"))
                await player.quitFromMenu()
            }
        }

        @Test func aWrongRoomCodeIsRefusedAndTheLobbyStaysAsItWas() async throws {
            let table = try await ArcadesAtATable(seed: 3)
            defer { table.close() }
            let eve = try table.launch(name: "Eve", code: "ZZZ999")
            defer { eve.close() }
            #expect(await eve.waitUntil("the refusal") { $0.contains("The table is closed") && $0.contains("wrong room code") })
            await table.host.waitUntilIdle()
            let lobby = table.host.capture()
            #expect(lobby.contains("At the table (1 of 8):") && lobby.contains("  1 Host (you)") && !lobby.contains("Eve")
                    && !lobby.contains("  2 "), "\(lobby)")
            // The right code still seats a player.
            try await table.join("Ann")
            #expect(await table.host.waitFor("At the table (2 of 8):"))
            eve.type("m")
            #expect(await eve.waitFor("ARCADE"))
            await eve.quitFromMenu()
        }
    }
}
