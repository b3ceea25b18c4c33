import Foundation
import Testing

@testable import SetModel

/// Playing the day's puzzle: six sets to find on twelve cards that never change.
@Suite struct SetDailyGameTests {
    /// Every set among the puzzle's cards, in table order.
    private func sets(in game: SetDailyGame) -> [[Card]] {
        let cards = game.cards
        var result: [[Card]] = []
        for i in cards.indices {
            for j in cards.indices where j > i {
                for k in cards.indices where k > j && SetGame.isSet(cards[i], cards[j], cards[k]) {
                    result.append([cards[i], cards[j], cards[k]])
                }
            }
        }
        return result
    }

    /// Three cards of the puzzle that are not a set.
    private func mismatch(in game: SetDailyGame) throws -> [Card] {
        let cards = game.cards
        for i in cards.indices {
            for j in cards.indices where j > i {
                for k in cards.indices where k > j && !SetGame.isSet(cards[i], cards[j], cards[k]) {
                    return [cards[i], cards[j], cards[k]]
                }
            }
        }
        throw CancellationError()
    }

    @Test func findingAllSixSetsFinishesWithTheTimeFromTheFirstSelectionAndTheMisses() throws {
        var game = SetDailyGame(year: 2026, month: 12, day: 1)
        #expect(game.cards == SetGame.dailyPuzzle(year: 2026, month: 12, day: 1) && game.setCount == 6)
        #expect(game.elapsed(at: 50) == 0, "the clock waits for the first selection")
        let all = sets(in: game)
        let wrong = try mismatch(in: game)
        game.select(wrong[0], at: 10)
        game.select(wrong[1], at: 11)
        #expect(game.select(wrong[2], at: 12) == .miss(wrong))
        #expect(game.selectedCards.isEmpty && game.misses == 1, "deselected after the try")
        for (index, set) in all.enumerated() {
            let time = 20 + Double(index) * 20
            game.select(set[2], at: time)
            game.select(set[0], at: time)
            #expect(game.select(set[1], at: time) == .found(set), "found in table order whatever the order chosen")
            #expect(game.found.count == index + 1)
        }
        #expect(game.isFinished && game.finishedAt == 120)
        #expect(game.elapsed(at: 500) == 110, "from the first selection at 10 to the last set at 120")
        game.select(game.cards[0], at: 130)
        #expect(game.selectedCards.isEmpty, "a finished puzzle takes no more selections")
        #expect(game.cards == SetGame.dailyPuzzle(year: 2026, month: 12, day: 1), "the cards never move")
    }

    @Test func aSetFoundAgainIsNeitherASecondFindNorAMiss() {
        var game = SetDailyGame(year: 2027, month: 3, day: 14)
        let set = sets(in: game)[0]
        for card in set { game.select(card, at: 1) }
        for card in set { game.select(card, at: 2) }
        #expect(game.lastTry == .alreadyFound(set))
        #expect(game.found == [set] && game.misses == 0)
    }

    @Test func deselectingIsFreeAndTheNextSelectionClearsTheLastTry() throws {
        var game = SetDailyGame(year: 2026, month: 12, day: 1)
        let wrong = try mismatch(in: game)
        for card in wrong { game.select(card, at: 0) }
        #expect(game.lastTry != nil)
        game.select(wrong[0], at: 1)
        #expect(game.lastTry == nil && game.selectedCards == [wrong[0]])
        game.select(wrong[0], at: 2)
        #expect(game.selectedCards.isEmpty && game.misses == 1, "deselecting costs nothing")
        let other = SetGame.fullDeck.first { !game.cards.contains($0) }!
        game.select(other, at: 3)
        #expect(game.selectedCards.isEmpty, "a card not in the puzzle is ignored")
    }

    @Test func aPuzzleHalfPlayedReadsBackTheSame() throws {
        var game = SetDailyGame(year: 2026, month: 12, day: 1)
        let set = sets(in: game)[1]
        for card in set { game.select(card, at: 4) }
        game.select(game.cards[0], at: 9)
        let copy = try JSONDecoder().decode(SetDailyGame.self, from: JSONEncoder().encode(game))
        #expect(copy == game)
    }
}
