import ArcadeCore
import MemoryModel
import Testing

// MARK: - Helpers

/// A game whose pair `i` shows the number `i`, so a test can find any pair on the board.
private typealias Game = MemoryGame<Int>

private func makeGame(pairs: Int = 8, timeLimit: Double = 60, seed: UInt64 = 7) -> Game {
    Game(numberOfPairs: pairs, timeLimit: timeLimit, seed: seed) { $0 }
}

/// The `copy`-th (0 or 1, in board order) card of pair `pair`, as the game holds it now.
private func card(_ pair: Int, _ copy: Int, in game: Game) -> Game.Card {
    game.cards.filter { $0.content == pair }[copy]
}

/// The ids of the cards in board order: where every card sits.
private func layout(_ game: Game) -> [Int] {
    game.cards.map(\.id)
}

// MARK: - Dealing

@Test func aNewBoardHoldsEveryPairFaceDown() {
    let game = makeGame(pairs: 8)
    #expect(game.cards.count == 16)
    #expect(Set(game.cards.map(\.id)).count == 16)
    for pair in 0..<8 {
        #expect(game.cards.count { $0.content == pair } == 2)
    }
    #expect(game.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched && !$0.hasBeenSeen })
    #expect(game.score == 0)
    #expect(game.moves == 0)
    #expect(game.faceUpCards.isEmpty)
    #expect(!game.isWon)
}

@Test(arguments: [(0, 1), (-3, 1), (1, 1), (12, 12), (Int.max, 1_000)])
func boardSizeIsClampedInsteadOfTrapping(requested: Int, pairs: Int) {
    let game = makeGame(pairs: requested)
    #expect(game.numberOfPairs == pairs)
    #expect(game.cards.count == 2 * pairs)
}

@Test func suggestedGameClockScalesWithTheBoard() {
    #expect(Game.gameClock(forPairs: 6) == 45)
    #expect(Game.gameClock(forPairs: 8) == 60)
    #expect(Game.gameClock(forPairs: 12) == 90)
}

// MARK: - Matching and disappearing

@Test func equalCardsAreMatchedAndLeaveTheBoardWithoutMovingOthers() {
    var game = makeGame()
    let before = layout(game)

    game.choose(card(0, 0, in: game), now: 0)
    #expect(game.faceUpCards.map(\.content) == [0])
    game.choose(card(0, 1, in: game), now: 2)

    #expect(card(0, 0, in: game).isMatched)
    #expect(card(0, 1, in: game).isMatched)
    #expect(game.faceUpCards.isEmpty)
    #expect(game.matchedPairs == 1)
    #expect(game.moves == 1)
    #expect(layout(game) == before)
    #expect(game.cards.filter { $0.content != 0 }.allSatisfy { !$0.isFaceUp && !$0.isMatched })
    // 2 for the match + floor(6 − 2) for the first card + floor(6 − 0) for the second.
    #expect(game.score == 12)
}

@Test func aMismatchStaysFaceUpUntilTheNextChoiceTurnsItBack() {
    var game = makeGame()
    let (b, c, d) = (card(1, 0, in: game), card(2, 0, in: game), card(3, 0, in: game))

    game.choose(b, now: 0)
    game.choose(c, now: 1)
    #expect(game.faceUpCards.map(\.id).sorted() == [b.id, c.id].sorted())
    #expect(!card(1, 0, in: game).isMatched && !card(2, 0, in: game).isMatched)
    #expect(game.moves == 1)
    #expect(game.score == 0)

    game.choose(d, now: 2)
    #expect(game.faceUpCards.map(\.id) == [d.id])
    #expect(!card(1, 0, in: game).isFaceUp)
    #expect(!card(2, 0, in: game).isFaceUp)
    #expect(game.moves == 1)
}

@Test func aMismatchCanBeTurnedFaceDownBeforeTheNextChoiceStoppingItsBonusClocks() {
    var game = makeGame()
    let (b, c, d) = (card(1, 0, in: game), card(2, 0, in: game), card(3, 0, in: game))

    game.turnMismatchFaceDown(now: 0)  // nothing face up: nothing to do
    game.choose(b, now: 0)
    game.turnMismatchFaceDown(now: 0.5)  // one card is no mismatch
    #expect(game.faceUpCards.map(\.id) == [b.id])
    #expect(!game.isShowingMismatch)

    game.choose(c, now: 1)
    #expect(game.isShowingMismatch)
    game.turnMismatchFaceDown(now: 2)
    #expect(game.faceUpCards.isEmpty)
    #expect(!game.isShowingMismatch)
    // The bonus clocks stopped at 2: b used 2 s, c 1 s, however long the next choice waits.
    #expect(game.faceUpTime(of: b, now: 30) == 2)
    #expect(game.faceUpTime(of: c, now: 30) == 1)
    #expect(game.moves == 1 && game.score == 0)
    #expect(card(1, 0, in: game).hasBeenSeen && card(2, 0, in: game).hasBeenSeen)

    // The next choice starts a new turn; the two cards can be chosen again.
    game.choose(d, now: 3)
    game.choose(b, now: 4)
    #expect(game.moves == 2)
    #expect(game.score == -1)  // b was seen before, d was not
    #expect(game.faceUpTime(of: b, now: 4.5) == 2.5)
}

@Test func aMismatchStaysFaceUpWhenTheGameIsOverOrTheTimeIsOdd() {
    var game = makeGame(timeLimit: 10)
    game.choose(card(1, 0, in: game), now: 0)
    game.choose(card(2, 0, in: game), now: 1)
    let before = game
    game.turnMismatchFaceDown(now: .nan)
    game.turnMismatchFaceDown(now: .infinity)
    game.turnMismatchFaceDown(now: 10)  // the clock ran out: the board is frozen as it ended
    #expect(game == before)
    #expect(game.isLost(now: 10))
}

@Test func choosingAFaceUpMatchedOrForeignCardDoesNothing() {
    var game = makeGame(pairs: 4)
    let stale = card(0, 0, in: game)
    game.choose(stale, now: 0)
    let afterOne = game

    game.choose(card(0, 0, in: game), now: 1)
    #expect(game == afterOne)
    game.choose(stale, now: 1)
    #expect(game == afterOne)

    let biggerGame = makeGame(pairs: 8)
    let foreign = biggerGame.cards.first { $0.id == 15 }!
    game.choose(foreign, now: 1)
    #expect(game == afterOne)

    game.choose(card(0, 1, in: game), now: 1)
    let afterMatch = game
    game.choose(card(0, 0, in: game), now: 2)
    game.choose(card(0, 1, in: game), now: 2)
    #expect(game == afterMatch)
}

// MARK: - Never more than two face up, over a long seeded random play

@Test func randomPlayKeepsTheRulesOnEveryChoice() {
    var rng = SeededGenerator(seed: 2_024)
    var game = makeGame(pairs: 8, timeLimit: 3_600, seed: 1)
    var now = 0.0
    var wins = 0

    for _ in 0..<3_000 {
        if game.isWon {
            wins += 1
            game = makeGame(pairs: 8, timeLimit: 3_600, seed: rng.next())
            now = 0
        }
        let before = game
        let chosen = game.cards[Int.random(in: 0..<game.cards.count, using: &rng)]
        now += Double.random(in: 0...2, using: &rng)
        if Bool.random(using: &rng) {
            // The screen turns a mismatch back by itself: that changes no score or move.
            game.turnMismatchFaceDown(now: now)
            #expect(game.faceUpCards.count <= 1)
            #expect(game.score == before.score && game.moves == before.moves)
        }

        // What the rules say this choice should do to the score.
        let current = game.cards.first { $0.id == chosen.id }!
        var expectedScoreChange = 0
        if !current.isFaceUp, !current.isMatched, game.faceUpCards.count == 1 {
            let other = game.faceUpCards[0]
            if other.content == current.content {
                expectedScoreChange = 2
                    + Int(game.bonusTimeRemaining(of: other, now: now).rounded(.down))
                    + Int(game.bonusTimeRemaining(of: current, now: now).rounded(.down))
            } else {
                expectedScoreChange = -[other, current].count(where: \.hasBeenSeen)
            }
        }

        game.choose(chosen, now: now)

        #expect(game.faceUpCards.count <= 2)
        #expect(layout(game) == layout(before), "cards never move")
        #expect(zip(game.cards, before.cards).allSatisfy { $0.content == $1.content })
        for pair in 0..<8 {
            let matched = game.cards.filter { $0.content == pair }.map(\.isMatched)
            #expect(matched == [true, true] || matched == [false, false], "pairs vanish together")
        }
        if game.faceUpCards.count == 2 {
            #expect(game.faceUpCards[0].content != game.faceUpCards[1].content)
        }
        #expect(game.score - before.score == expectedScoreChange)
    }
    #expect(wins > 0)
}

// MARK: - Bonus time, with explicit times

@Test func bonusTimeAccumulatesAcrossTurnsAndStopsOnMatch() {
    var game = makeGame(pairs: 4, timeLimit: 60, seed: 1)
    let (a0, a1, b0, c0) = (card(0, 0, in: game), card(0, 1, in: game), card(1, 0, in: game), card(2, 0, in: game))
    #expect(game.bonusTimeRemaining(of: a0, now: 0) == 6)
    #expect(game.bonusRemaining(of: a0, now: 0) == 1)

    game.choose(a0, now: 0)
    game.choose(b0, now: 1)
    #expect(game.faceUpTime(of: a0, now: 2) == 2)
    #expect(game.bonusTimeRemaining(of: a0, now: 2) == 4)
    #expect(game.isConsumingBonusTime(a0, now: 2))

    // Turned face down at 3: a0 has used 3 s and its bonus clock stops.
    game.choose(c0, now: 3)
    #expect(game.faceUpTime(of: a0, now: 9) == 3)
    #expect(game.bonusTimeRemaining(of: a0, now: 9) == 3)
    #expect(!game.isConsumingBonusTime(a0, now: 9))

    // Face up again from 10: the clock goes on from 3 s (c0 + a0 mismatch, a0 seen: −1).
    game.choose(a0, now: 10)
    #expect(game.score == -1)
    #expect(game.faceUpTime(of: a0, now: 10.5) == 3.5)
    #expect(game.bonusRemaining(of: a0, now: 10.5) == 2.5 / 6)

    // a1 at 11 turns a0 down at 4 s; a0 again at 12.5 matches a1, which has used 1.5 s.
    game.choose(a1, now: 11)
    game.choose(a0, now: 12.5)
    #expect(card(0, 0, in: game).isMatched)
    // −1 + 2 + floor(6 − 4) + floor(6 − 1.5)
    #expect(game.score == -1 + 2 + 2 + 4)

    // Matched: the bonus clocks have stopped for good.
    #expect(game.bonusTimeRemaining(of: a0, now: 50) == 2)
    #expect(game.bonusTimeRemaining(of: a1, now: 50) == 4.5)
    #expect(game.hasEarnedBonus(a0))
    #expect(game.hasEarnedBonus(a1))
    #expect(!game.isConsumingBonusTime(a0, now: 50))
}

@Test func aCardFaceUpPastItsBonusLimitEarnsNoBonus() {
    var game = makeGame(pairs: 2, timeLimit: 60, seed: 1)
    let (a0, a1, b0) = (card(0, 0, in: game), card(0, 1, in: game), card(1, 0, in: game))

    game.choose(a0, now: 0)
    game.choose(b0, now: 1)
    #expect(game.bonusTimeRemaining(of: a0, now: 7) == 0)
    #expect(game.bonusRemaining(of: a0, now: 7) == 0)
    #expect(!game.isConsumingBonusTime(a0, now: 7), "face up, but its bonus is used up")
    #expect(game.isConsumingBonusTime(b0, now: 6.5))

    game.choose(a1, now: 8)
    game.choose(a0, now: 8)
    // A match: 2 + 0 for a0 (8 s used) + 6 for a1 (just turned up).
    #expect(game.score == 2 + 0 + 6)
    #expect(!game.hasEarnedBonus(a0))
    #expect(game.hasEarnedBonus(a1))
}

@Test func aCustomBonusLimitIsUsedForScoring() {
    var game = Game(numberOfPairs: 2, timeLimit: 60, bonusTimeLimit: 10, seed: 3) { $0 }
    game.choose(card(0, 0, in: game), now: 0)
    game.choose(card(0, 1, in: game), now: 3.7)
    // 2 + floor(10 − 3.7) + 10
    #expect(game.score == 2 + 6 + 10)
    #expect(abs(game.bonusRemaining(of: card(0, 0, in: game), now: 99) - 0.63) < 1e-9)
}

// MARK: - Mismatch penalty

@Test func aMismatchCostsAPointOnlyForEachCardSeenBefore() {
    var game = makeGame(pairs: 4, seed: 5)
    let (a0, a1, b0, c0, d0) = (
        card(0, 0, in: game), card(0, 1, in: game), card(1, 0, in: game),
        card(2, 0, in: game), card(3, 0, in: game)
    )

    game.choose(a0, now: 0)
    game.choose(b0, now: 0)
    #expect(game.score == 0, "two new cards")

    game.choose(c0, now: 0)
    game.choose(a0, now: 0)
    #expect(game.score == -1, "a0 was seen, c0 is new")

    game.choose(b0, now: 0)
    game.choose(d0, now: 0)
    #expect(game.score == -2, "b0 was seen, d0 is new")

    game.choose(c0, now: 0)
    game.choose(b0, now: 0)
    #expect(game.score == -4, "both were seen")

    game.choose(a1, now: 0)
    game.choose(a0, now: 0)
    #expect(game.score == -4 + 2 + 6 + 6, "a match is never penalised, even of seen cards")
    #expect(game.moves == 5)
}

// MARK: - The game clock

@Test func theClockStartsAtTheFirstChoice() {
    var game = makeGame(timeLimit: 60)
    #expect(game.timeRemaining(now: 5_000) == 60)
    #expect(game.elapsed(now: 5_000) == 0)
    #expect(!game.isOver(now: 5_000))
    #expect(!game.isClockRunning(now: 5_000))

    game.choose(card(0, 0, in: game), now: 100)
    #expect(game.startTime == 100)
    #expect(game.timeRemaining(now: 130) == 30)
    #expect(game.elapsed(now: 130) == 30)
    #expect(game.isClockRunning(now: 130))
}

@Test func whenTheClockRunsOutTheGameIsLostAndFrozen() {
    var game = makeGame(timeLimit: 60)
    let (a0, b0, c0) = (card(0, 0, in: game), card(1, 0, in: game), card(2, 0, in: game))
    game.choose(a0, now: 100)
    game.choose(b0, now: 157)

    #expect(!game.isOver(now: 159.5))
    #expect(game.isOver(now: 160))
    #expect(game.isLost(now: 160))
    #expect(!game.isWon)
    #expect(game.timeRemaining(now: 160) == 0)
    #expect(game.timeRemaining(now: 1_000) == 0)
    #expect(game.elapsed(now: 1_000) == 60)
    #expect(!game.isClockRunning(now: 1_000))

    // The bonus bar stops where it was when time ran out.
    #expect(game.bonusTimeRemaining(of: b0, now: 1_000) == 3)
    #expect(!game.isConsumingBonusTime(b0, now: 1_000))

    let atTheEnd = game
    game.choose(c0, now: 160)
    game.choose(c0, now: 1_000)
    #expect(game == atTheEnd)
}

@Test func matchingEveryPairWinsAndFreezesTheClock() {
    var game = makeGame(pairs: 3, timeLimit: 60, seed: 9)
    var now = 0.0
    for pair in 0..<3 {
        game.choose(card(pair, 0, in: game), now: now)
        game.choose(card(pair, 1, in: game), now: now + 1)
        now += 2
    }

    #expect(game.isWon)
    #expect(game.isOver(now: 5))
    #expect(!game.isLost(now: 1_000))
    #expect(game.finishTime == 5)
    #expect(game.timeRemaining(now: 5) == 55)
    #expect(game.timeRemaining(now: 1_000) == 55)
    #expect(game.elapsed(now: 1_000) == 5)
    #expect(!game.isClockRunning(now: 6))
    #expect(game.matchedPairs == 3)
    #expect(game.moves == 3)
    // Each pair: 2 + floor(6 − 1) + floor(6 − 0).
    #expect(game.score == 3 * 13)
    #expect(game.cards.allSatisfy { game.hasEarnedBonus($0) })
}

// MARK: - Seeds

@Test func theSameSeedDealsAndPlaysTheSameGame() {
    var first = makeGame(seed: 42)
    var second = makeGame(seed: 42)
    #expect(first == second)
    #expect(first.cards.map(\.content) != makeGame(seed: 43).cards.map(\.content))

    for (index, now) in [(0, 0.0), (5, 1), (9, 2), (3, 3), (12, 4)] {
        first.choose(first.cards[index], now: now)
        second.choose(second.cards[index], now: now)
    }
    #expect(first == second)
}

@Test func aRandomlySeededGameCanBeReplayedFromItsSeed() {
    let random = Game(numberOfPairs: 8, timeLimit: 60) { $0 }
    #expect(random == makeGame(pairs: 8, timeLimit: 60, seed: random.seed))
}

// MARK: - Odd input

@Test func oddTimesNeitherTrapNorStartTheClock() {
    var game = Game(numberOfPairs: 2, timeLimit: .infinity, bonusTimeLimit: -1, seed: 1) { $0 }
    #expect(game.timeLimit == Game.maximumTimeLimit)
    #expect(game.bonusTimeLimit == 0)

    let fresh = game
    game.choose(card(0, 0, in: game), now: .nan)
    game.choose(card(0, 0, in: game), now: .infinity)
    #expect(game == fresh)

    // With no bonus time a match is worth exactly 2.
    game.choose(card(0, 0, in: game), now: 0)
    game.choose(card(0, 1, in: game), now: 0)
    #expect(game.score == 2)
    #expect(game.bonusRemaining(of: card(1, 0, in: game), now: 0) == 0)

    let noClock = Game(numberOfPairs: 2, timeLimit: .nan, seed: 1) { $0 }
    #expect(noClock.timeLimit == 0)
}
