import Foundation
import SetModel
import Testing

@Suite struct SetFriendsGameTests {
    /// A table of `names`, started at time 0.
    func table(_ names: [String] = ["Ada", "Bo", "Cy"], seed: UInt64 = 42) -> SetFriendsGame {
        var game = SetFriendsGame(seed: seed)
        for name in names { _ = game.seat(name, at: 0) }
        game.start(at: 0)
        return game
    }

    /// Two cards on the board that make no set with `card`... any three cards that are not a set.
    func notASet(on game: SetFriendsGame) -> [Card] {
        let cards = game.table.board.compactMap { $0 }
        for i in cards.indices { for j in cards.indices where j > i { for k in cards.indices where k > j {
            if !SetGame.isSet(cards[i], cards[j], cards[k]) { return [cards[i], cards[j], cards[k]] }
        } } }
        return []
    }

    @Test func friendsSeeTheCardsASoloGameOfTheSameSeedDeals() {
        let game = table(seed: 7)
        #expect(game.table.board == SetGame(seed: 7).board)
        #expect(game.table.board.count == 12 && game.phase == .playing)
    }

    @Test func eightSeatsOneNameEachAndNoNewSeatOnceStarted() {
        var game = SetFriendsGame(seed: 1)
        for index in 0..<8 { #expect(game.seat("P\(index)", at: 0) == .seated(index)) }
        #expect(game.seat("P8", at: 0) == .full)
        #expect(game.seat("P3", at: 0) == .nameTaken)
        game.leave(3, at: 1)  // before the start, leaving gives the seat up
        #expect(game.players.count == 7 && game.seat("Late", at: 2) == .seated(7))
        game.start(at: 3)
        game.leave(0, at: 4)
        #expect(game.seat("Newcomer", at: 5) == .closed, "no new seat once the game has begun")
        #expect(game.seat("P0", at: 5) == .rejoined(0), "an away player sits down again")
    }

    @Test func aSetScoresThreeAndIsReplacedAsInTheSoloGame() throws {
        var game = table()
        let set = try #require(game.table.setsOnBoard().first)
        var solo = SetGame(seed: 42)
        for card in set { solo.select(card) }
        solo.dealThreeMore()  // a found set is replaced by the next deal, in its places
        // Bo holds one card of the set; Ada takes it.
        #expect(game.select(set[0], by: 1, at: 1) == nil)
        #expect(game.select(set[0], by: 0, at: 2) == nil)
        #expect(game.select(set[1], by: 0, at: 3) == nil)
        #expect(game.select(set[2], by: 0, at: 4) == .set(player: 0, cards: set))
        #expect(game.players[0].score == 3 && game.players[0].sets == 1)
        #expect(game.table.board == solo.board, "the same new cards in the same places")
        #expect(game.players[1].selection.isEmpty, "a card taken leaves every other selection")
        #expect(game.lastVerdict == .set(player: 0, cards: set))
    }

    @Test func threeCardsThatAreNotASetCostFourAndADeselectIsFree() {
        var game = table()
        let wrong = notASet(on: game)
        _ = game.select(wrong[0], by: 2, at: 1)
        _ = game.select(wrong[0], by: 2, at: 2)  // touched again: deselected, free
        #expect(game.players[2].score == 0 && game.players[2].selection.isEmpty)
        for card in wrong.dropLast() { _ = game.select(card, by: 2, at: 3) }
        #expect(game.select(wrong[2], by: 2, at: 4) == .notASet(player: 2, cards: wrong))
        #expect(game.players[2].score == -4 && game.players[2].selection.isEmpty)
        #expect(game.table.board == SetGame(seed: 42).board, "nothing leaves the table")
    }

    @Test func ofTwoClaimsOfOneSetTheFirstReceivedTakesItAndTheOtherCostsNothing() throws {
        var game = table()
        let set = try #require(game.table.setsOnBoard().first)
        for player in [0, 1] { for card in set.prefix(2) { _ = game.select(card, by: player, at: 1) } }
        // Both touch the third card "at once": the table judges them in the order received.
        #expect(game.select(set[2], by: 1, at: 2) == .set(player: 1, cards: set))
        #expect(game.select(set[2], by: 0, at: 2) == .tooLate(player: 0))
        #expect(game.players.map(\.score) == [0, 3, 0])
        #expect(game.players[0].selection.isEmpty)
    }

    @Test func threeMoreAreDealtWhenMoreThanHalfOfThosePresentAsk() {
        var game = table(["Ada", "Bo", "Cy", "Di"])
        let first = game.askForMore(by: 0, at: 0), second = game.askForMore(by: 1, at: 0)
        #expect(!first && !second, "two of four is not more than half")
        let third = game.askForMore(by: 2, at: 0)
        #expect(third && game.table.board.count == 15)
        #expect(game.players.allSatisfy { !$0.wantsMore }, "a deal starts the votes again")
        game.leave(3, at: 5)  // three present: two asks are enough
        let alone = game.askForMore(by: 0, at: 0)
        #expect(!alone)
        let takenBack = game.askForMore(by: 0, false, at: 0)
        #expect(!takenBack && !game.players[0].wantsMore, "a request taken back")
        _ = game.askForMore(by: 0, at: 0)
        let second2 = game.askForMore(by: 1, at: 0)
        #expect(second2 && game.table.board.count == 18)
    }

    @Test func anAwayPlayerKeepsTheScoreForFiveMinutes() throws {
        var game = table()
        let set = try #require(game.table.setsOnBoard().first)
        for card in set { _ = game.select(card, by: 1, at: 10) }
        game.leave(1, at: 100)
        #expect(game.players[1].isAway && game.presentCount == 2)
        _ = game.select(game.table.board[0]!, by: 1, at: 101)
        #expect(game.players[1].selection.isEmpty, "an away player plays no card")
        var late = game
        #expect(game.seat("Bo", at: 400) == .rejoined(1) && game.players[1].score == 3)
        #expect(late.seat("Bo", at: 400.5) == .closed, "after five minutes the seat is not kept")
    }

    /// Seeds 7059 and 12245 end on a deal: the last three cards leave no set.
    @Test(arguments: [3, 7059, 12245] as [UInt64])
    func theGameEndsAsTheSoloGameDoesAndTheBestScoreWins(seed: UInt64) {
        var game = table(["Ada", "Bo"], seed: seed)
        var time = 0.0
        var turn = 0
        while game.phase == .playing {
            time += 1
            if let set = game.table.setsOnBoard().first {
                for card in set { _ = game.select(card, by: turn % 2, at: time) }
                turn += 1
            } else {
                _ = game.askForMore(by: 0, at: time)
                _ = game.askForMore(by: 1, at: time)
            }
            #expect(time < 200, "the game ends")
            if time >= 200 { break }
        }
        #expect(game.phase == .over && game.table.isOver && game.endedAt == time)
        #expect(game.players.map(\.sets).reduce(0, +) == turn)
        #expect(game.elapsed(at: time + 50) == time, "the clock stops at the end")
        let (ada, bo) = (game.players[0].score, game.players[1].score)
        #expect(game.winners == (ada > bo ? ["Ada"] : ada < bo ? ["Bo"] : ["Ada", "Bo"]))
        #expect(game.standings.map(\.name) == (bo > ada ? ["Bo", "Ada"] : ["Ada", "Bo"]))
        // Once over, a player who left does not sit down again (their result is kept once).
        game.leave(1, at: time + 1)
        #expect(game.seat("Bo", at: time + 2) == .closed)
    }

    @Test func aTableIsKeptAndReadBackTheSame() throws {
        var game = table()
        let set = try #require(game.table.setsOnBoard().first)
        for card in set { _ = game.select(card, by: 2, at: 1) }
        _ = game.select(game.table.board[0]!, by: 0, at: 2)
        let data = try JSONEncoder().encode(game)
        #expect(try JSONDecoder().decode(SetFriendsGame.self, from: data) == game)
    }
}
