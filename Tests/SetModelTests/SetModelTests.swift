import Testing
import SetModel

// MARK: - Helpers (public API only: what a screen could see and do)

private func card(
    _ number: Card.Number, _ symbol: Card.Symbol, _ shading: Card.Shading, _ color: Card.Color
) -> Card {
    Card(number: number, symbol: symbol, shading: shading, color: color)
}

private extension SetGame {
    /// The cards on the board, skipping empty places.
    var cardsInPlay: [Card] { board.compactMap { $0 } }

    /// Selects each card in turn.
    mutating func select(all cards: [Card]) {
        for card in cards { select(card) }
    }

    /// Three cards on the board that are not a set, if any.
    func someMismatch() -> [Card]? {
        let cards = cardsInPlay
        for i in cards.indices {
            for j in cards.indices where j > i {
                for k in cards.indices where k > j && !SetGame.isSet(cards[i], cards[j], cards[k]) {
                    return [cards[i], cards[j], cards[k]]
                }
            }
        }
        return nil
    }

    /// A card on the board outside `cards`.
    func cardInPlay(outside cards: [Card]) -> Card? {
        cardsInPlay.first { !cards.contains($0) }
    }

    /// One move of a simple player: select the first set on the board, or else deal.
    mutating func playOneMove() {
        if let set = setsOnBoard().first {
            select(all: set)
        } else {
            dealThreeMore()
        }
    }
}

/// The game of the first seed (counting from `start`) for which `condition` holds.
private func seededGame(fromSeed start: UInt64 = 1, where condition: (SetGame) -> Bool) -> SetGame? {
    (start..<start + 500).lazy.map { SetGame(seed: $0) }.first(where: condition)
}

/// Checks that no card is lost or duplicated: deck + board + matched = the 81 cards.
private func expectEveryCardAccountedFor(_ game: SetGame, sourceLocation: SourceLocation = #_sourceLocation) {
    let seen = game.cardsInPlay + game.matchedCards
    #expect(Set(seen).count == seen.count, "a card is shown twice", sourceLocation: sourceLocation)
    #expect(seen.count + game.deckCount == 81, sourceLocation: sourceLocation)
}

// MARK: - The rule

@Test(arguments: [
    // All the same in three features, all different in the fourth.
    (card(.one, .circle, .solid, .red), card(.two, .circle, .solid, .red), card(.three, .circle, .solid, .red)),
    (card(.two, .triangle, .open, .green), card(.two, .circle, .open, .green), card(.two, .square, .open, .green)),
    // All different in every feature.
    (card(.one, .triangle, .solid, .red), card(.two, .circle, .striped, .green), card(.three, .square, .open, .purple)),
    // Two features the same, two all different.
    (card(.three, .square, .solid, .red), card(.three, .circle, .solid, .green), card(.three, .triangle, .solid, .purple)),
])
func threeCardsWhoseEveryFeatureIsAllSameOrAllDifferentAreASet(a: Card, b: Card, c: Card) {
    #expect(SetGame.isSet(a, b, c))
    #expect(SetGame.isSet(c, a, b), "order does not matter")
}

@Test(arguments: [
    // Each feature in turn is "two of one, one of another"; everything else would pass.
    (card(.one, .triangle, .solid, .red), card(.one, .circle, .striped, .green), card(.three, .square, .open, .purple)),
    (card(.one, .triangle, .solid, .red), card(.two, .triangle, .striped, .green), card(.three, .square, .open, .purple)),
    (card(.one, .triangle, .solid, .red), card(.two, .circle, .solid, .green), card(.three, .square, .open, .purple)),
    (card(.one, .triangle, .solid, .red), card(.two, .circle, .striped, .red), card(.three, .square, .open, .purple)),
    // Mixed in every feature.
    (card(.one, .triangle, .solid, .red), card(.one, .triangle, .solid, .green), card(.two, .circle, .open, .green)),
])
func oneMixedFeatureMeansNotASet(a: Card, b: Card, c: Card) {
    #expect(!SetGame.isSet(a, b, c))
    #expect(!SetGame.isSet(b, c, a))
}

@Test func theFullDeckHoldsEach81CardOnce() {
    let deck = SetGame.fullDeck
    #expect(deck.count == 81)
    #expect(Set(deck).count == 81)
    for number in Card.Number.allCases {
        #expect(deck.filter { $0.number == number }.count == 27)
    }
    #expect(Card.Number.allCases.map(\.rawValue) == [1, 2, 3], "the number is the symbol count")
}

// MARK: - A new game

@Test func aNewGameDeals12CardsFromAShuffledDeck() {
    let game = SetGame(seed: 1)
    #expect(game.board.count == 12)
    #expect(game.cardsInPlay.count == 12)
    #expect(game.deckCount == 69)
    #expect(game.score == 0)
    #expect(game.selectedCards.isEmpty)
    #expect(game.matchedCards.isEmpty)
    #expect(game.selectionIsSet == nil)
    #expect(game.setsFound == 0)
    #expect(game.canDealMore)
    #expect(!game.isOver)
    #expect(game.cardsInPlay != Array(SetGame.fullDeck.prefix(12)), "the deck is shuffled")
}

@Test func theSameSeedReplaysTheSameGame() {
    var first = SetGame(seed: 42)
    var second = SetGame(seed: 42)
    #expect(first == second)
    for _ in 0..<10 {
        first.playOneMove()
        second.playOneMove()
    }
    #expect(first == second)
    #expect(first.board != SetGame(seed: 43).board, "another seed, another deal")
    let random = SetGame()
    #expect(SetGame(seed: random.seed) == random, "a random game can be replayed from its seed")
}

// MARK: - Selecting and scoring

@Test func findingASetScoresThreeTheMomentTheThirdCardIsSelected() throws {
    var game = try #require(seededGame { !$0.setsOnBoard().isEmpty })
    let set = try #require(game.setsOnBoard().first)
    let board = game.board
    game.select(set[0])
    game.select(set[1])
    #expect(game.score == 0)
    #expect(game.selectionIsSet == nil)
    game.select(set[2])
    #expect(game.score == 3)
    #expect(game.selectionIsSet == true)
    #expect(game.selectedCards == set)
    #expect(game.setsFound == 1)
    // Still shown until the next selection or deal, and no longer a set to find.
    #expect(game.board == board)
    #expect(game.matchedCards.isEmpty)
    #expect(!game.setsOnBoard().contains(set))
}

@Test func aMismatchCostsFourTheMomentTheThirdCardIsSelected() throws {
    var game = SetGame(seed: 3)
    let trio = try #require(game.someMismatch())
    game.select(all: Array(trio.prefix(2)))
    #expect(game.score == 0)
    game.select(trio[2])
    #expect(game.score == -4)
    #expect(game.selectionIsSet == false)
    #expect(game.selectedCards == trio)
    #expect(game.setsFound == 0)
}

@Test func selectingASelectedCardDeselectsItForOnePoint() {
    var game = SetGame(seed: 5)
    let cards = game.cardsInPlay
    game.select(cards[0])
    game.select(cards[0])
    #expect(game.selectedCards.isEmpty)
    #expect(game.score == -1)
    game.select(all: [cards[1], cards[2]])
    game.select(cards[1])
    #expect(game.selectedCards == [cards[2]])
    #expect(game.score == -2)
}

@Test func aCardChosenAfterAMismatchReplacesTheSelectionForFree() throws {
    let start = SetGame(seed: 6)
    let trio = try #require(start.someMismatch())
    let other = try #require(start.cardInPlay(outside: trio))
    var game = start
    game.select(all: trio)
    game.select(other)
    #expect(game.selectedCards == [other])
    #expect(game.score == -4, "clearing a mismatch costs nothing more")
    #expect(game.board == start.board)
    #expect(game.matchedCards.isEmpty)

    var again = start
    again.select(all: trio)
    again.select(trio[1])
    #expect(again.selectedCards == [trio[1]], "one of the three is selected alone")
    #expect(again.score == -4)
}

@Test func aCardChosenAfterASetReplacesTheSetInItsPlacesAndIsSelected() throws {
    var game = try #require(seededGame { !$0.setsOnBoard().isEmpty })
    let set = try #require(game.setsOnBoard().first)
    let other = try #require(game.cardInPlay(outside: set))
    let before = game.board
    game.select(all: set)
    game.select(other)

    #expect(game.matchedCards == set)
    #expect(game.selectedCards == [other])
    #expect(game.score == 3)
    #expect(game.setsFound == 1)
    #expect(game.deckCount == 66)
    #expect(game.board.count == 12)
    for place in before.indices {
        if let old = before[place], set.contains(old) {
            let new = try #require(game.board[place], "a replaced place is filled from the deck")
            #expect(!before.contains(new))
        } else {
            #expect(game.board[place] == before[place], "other cards never move")
        }
    }
    expectEveryCardAccountedFor(game)
}

@Test func choosingACardOfTheFoundSetLeavesNothingSelected() throws {
    var game = try #require(seededGame { !$0.setsOnBoard().isEmpty })
    let set = try #require(game.setsOnBoard().first)
    game.select(all: set)
    game.select(set[1])
    #expect(game.selectedCards.isEmpty)
    #expect(game.matchedCards == set)
    #expect(game.score == 3)
    #expect(!game.board.contains(set[1]))
}

@Test func aCardNotOnTheBoardIsIgnored() throws {
    var game = SetGame(seed: 8)
    let absent = try #require(SetGame.fullDeck.first { !game.board.contains($0) })
    let before = game
    game.select(absent)
    #expect(game == before)
    // Not even a found set is cleared by it.
    var withSet = try #require(seededGame { !$0.setsOnBoard().isEmpty })
    let set = try #require(withSet.setsOnBoard().first)
    withSet.select(all: set)
    let shown = withSet
    let stranger = try #require(SetGame.fullDeck.first { !withSet.board.contains($0) })
    withSet.select(stranger)
    #expect(withSet == shown)
}

@Test func scoreFollowsEveryRuleExactly() throws {
    var game = try #require(seededGame { !$0.setsOnBoard().isEmpty })
    let mismatch = try #require(game.someMismatch())
    var scores: [Int] = []
    let hint = game.hint(); scores.append(game.score)                  // hint −2
    let hinted = try #require(hint)
    game.select(all: mismatch); scores.append(game.score)              // mismatch −4
    game.select(mismatch[0]); scores.append(game.score)                // cleared, reselected: free
    game.select(mismatch[0]); scores.append(game.score)                // deselect −1
    game.select(all: hinted); scores.append(game.score)                // set +3
    #expect(scores == [-2, -6, -6, -7, -4])
}

// MARK: - Deal 3 More

@Test func dealingAddsThreePlacesAndKeepsASelectionOfOneOrTwo() {
    var game = SetGame(seed: 9)
    let before = game.board
    let kept = Array(game.cardsInPlay.prefix(2))
    game.select(all: kept)
    game.dealThreeMore()
    #expect(game.board.count == 15)
    #expect(Array(game.board.prefix(12)) == before, "other cards never move")
    #expect(game.board.suffix(3).allSatisfy { $0 != nil && !before.contains($0) })
    #expect(game.deckCount == 66)
    #expect(game.selectedCards == kept)
    #expect(game.score == 0)
    expectEveryCardAccountedFor(game)
}

@Test func dealingAfterAMismatchDeselectsForFreeAndAddsThree() throws {
    var game = SetGame(seed: 10)
    let trio = try #require(game.someMismatch())
    game.select(all: trio)
    game.dealThreeMore()
    #expect(game.selectedCards.isEmpty)
    #expect(game.board.count == 15)
    #expect(game.score == -4)
    #expect(game.matchedCards.isEmpty)
}

@Test func dealingAfterASetReplacesItEvenWith24Cards() throws {
    var game = try #require(seededGame {
        var dealt = $0
        for _ in 0..<4 { dealt.dealThreeMore() }
        return !dealt.setsOnBoard().isEmpty
    })
    for _ in 0..<4 { game.dealThreeMore() }
    #expect(game.board.count == 24)
    let set = try #require(game.setsOnBoard().first)
    let before = game.board
    game.select(all: set)
    game.dealThreeMore()
    #expect(game.board.count == 24, "the set is replaced, not added to")
    #expect(game.matchedCards == set)
    #expect(game.selectedCards.isEmpty)
    #expect(game.deckCount == 81 - 24 - 3)
    #expect(game.score == 3)
    for place in before.indices where !set.contains(where: { $0 == before[place] }) {
        #expect(game.board[place] == before[place])
    }
    expectEveryCardAccountedFor(game)
}

@Test func theModelHasNoLimitOf24Cards() {
    var game = SetGame(seed: 11)
    for _ in 0..<23 { game.dealThreeMore() }
    #expect(game.board.count == 81)
    #expect(game.deckCount == 0)
    #expect(!game.canDealMore)
}

@Test func nothingIsDealtOnceTheDeckIsEmpty() throws {
    var game = try #require(gameWithTheDeckOutAndASetLeft())
    #expect(game.deckCount == 0)
    #expect(!game.canDealMore)
    let idle = game
    game.dealThreeMore()
    #expect(game == idle)
    let set = try #require(game.setsOnBoard().first)
    game.select(all: set)
    let shown = game
    game.dealThreeMore()
    #expect(game == shown, "Deal 3 More is disabled: a found set waits for the next selection")
}

@Test func aHintShowsASetAtACostOfTwoAndIsFreeWhenThereIsNone() throws {
    var game = try #require(seededGame { !$0.setsOnBoard().isEmpty })
    let hint = game.hint()
    let hinted = try #require(hint)
    #expect(game.setsOnBoard().contains(hinted))
    #expect(game.score == -2)

    var noSet = try #require(seededGame { $0.setsOnBoard().isEmpty })
    #expect(!noSet.isOver, "no set, but the deck still has cards")
    let noHint = noSet.hint()
    #expect(noHint == nil)
    #expect(noSet.score == 0)
}

// MARK: - The end of the game

/// A seeded game played until the deck is empty, with a set still on the table.
private func gameWithTheDeckOutAndASetLeft() -> SetGame? {
    guard var game = seededGame(where: {
        var late = $0
        while late.canDealMore { late.playOneMove() }
        return !late.setsOnBoard().isEmpty
    }) else { return nil }
    while game.canDealMore { game.playOneMove() }
    return game
}

@Test func aSetFoundAfterTheDeckRunsOutLeavesItsPlacesEmpty() throws {
    var game = try #require(gameWithTheDeckOutAndASetLeft())
    if game.selectionIsSet == true {
        // Clear the set found while the deck ran out, so the next one starts from nothing.
        game.select(game.selectedCards[0])
    }
    let set = try #require(game.setsOnBoard().first)
    game.select(all: set)
    let before = game.board
    let other = try #require(game.cardInPlay(outside: set))
    game.select(other)
    #expect(game.board.count == before.count, "places are kept, not removed")
    for place in before.indices {
        if let old = before[place], set.contains(old) {
            #expect(game.board[place] == nil)
        } else {
            #expect(game.board[place] == before[place], "other cards never move")
        }
    }
    #expect(game.selectedCards == [other])
    expectEveryCardAccountedFor(game)
}

@Test(arguments: [1, 2, 3, 7, 13, 21, 99, 2024, 31337, UInt64.max] as [UInt64])
func aGamePlayedToTheEndLosesNoCardAndEndsWhenNoSetRemains(seed: UInt64) {
    var game = SetGame(seed: seed)
    var moves = 0
    expectEveryCardAccountedFor(game)
    while !game.isOver && moves < 200 {
        // The simple player's move, one touch at a time, checked after every touch.
        if let set = game.setsOnBoard().first {
            for card in set {
                game.select(card)
                expectEveryCardAccountedFor(game)
            }
        } else {
            game.dealThreeMore()
            expectEveryCardAccountedFor(game)
        }
        moves += 1
    }
    #expect(game.isOver)
    #expect(game.deckCount == 0)
    #expect(!game.canDealMore)
    #expect(game.setsOnBoard().isEmpty)
    #expect(game.score == 3 * game.setsFound, "a player who never errs only gains")
    #expect(game.setsFound >= 20)

    // Once over, moves change nothing.
    let final = game
    for card in game.cardsInPlay { game.select(card) }
    game.dealThreeMore()
    let lateHint = game.hint()
    #expect(lateHint == nil)
    #expect(game == final)
}

@Test func aSetIsOnTheBoardExactlyWhenOneIsListed() {
    // Whole games played by the simple player, every state on the way: boards with sets,
    // boards without one (where it deals), a set just found, and the end.
    var boardsWithout = 0
    for seed in UInt64(1)...20 {
        var game = SetGame(seed: seed)
        for _ in 0..<60 where !game.isOver {
            #expect(game.hasSetOnBoard == !game.setsOnBoard().isEmpty, "seed \(seed)")
            if !game.hasSetOnBoard { boardsWithout += 1 }
            game.playOneMove()
        }
        #expect(game.isOver && !game.hasSetOnBoard && game.setsOnBoard().isEmpty, "seed \(seed) ends with no set left")
    }
    #expect(boardsWithout > 0)
}
