import ArcadeCore
import Testing
@testable import BlackjackModel

// MARK: - A new game

@Test func aNewGameWaitsForTheFirstDeal() {
    let game = BlackjackGame(seed: 1)
    #expect(game.score == 100)
    #expect(game.bet == 50)
    #expect(game.handNumber == 0)
    #expect(game.outcome == nil)
    #expect(!game.isGameOver && !game.isHandInProgress && game.canDeal)
    #expect(game.playerHand.cards.isEmpty && game.dealerHand.cards.isEmpty)
    #expect(game.deckCount == 6 && game.cardsLeftInShoe == 312)
    expectEveryCardOncePerDeck(game)
}

@Test func aRandomGameIsAFullSixDeckGame() {
    var game = BlackjackGame()
    expectEveryCardOncePerDeck(game)
    game.deal()
    #expect(game.handNumber == 1)
    #expect(game.playerHand.cards.count == 2 && game.dealerHand.cards.count == 2)
    expectEveryCardOncePerDeck(game)
}

@Test func theShoeSizeIsConfigurableAndClamped() {
    #expect(BlackjackGame(seed: 1, decks: 2).cardsLeftInShoe == 104)
    #expect(BlackjackGame(seed: 1, decks: 0).deckCount == 1)
    #expect(BlackjackGame(seed: 1, decks: -5).deckCount == 1)
    #expect(BlackjackGame(seed: 1, decks: 1_000).deckCount == 8)
}

@Test func stackingACardWithNoCopyLeftAddsNothing() {
    // One deck holds one ace of spades; the second is skipped rather than duplicated.
    var game = BlackjackGame(seed: 3, decks: 1, stackedCards: [card(.ace), card(.ace), card(.king)])
    expectEveryCardOncePerDeck(game)
    game.deal()
    #expect(game.playerHand.cards.first == card(.ace))
    #expect(game.dealerHand.cards.first == card(.king))
}

// MARK: - The deal

@Test func theDealGivesTwoCardsEachWithTheDealersSecondFaceDown() {
    var game = stackedGame(player: [.ten, .seven], dealer: [.nine, .king])
    game.deal()
    #expect(game.handNumber == 1)
    #expect(game.playerHand.cards.map(\.rank) == [.ten, .seven])
    #expect(game.dealerHand.cards.map(\.rank) == [.nine, .king])
    #expect(game.isHandInProgress && game.isDealerHoleCardHidden)
    #expect(game.dealerVisibleScore == 9)
    #expect(game.outcome == nil)
    #expect(game.stake == 50)
    #expect(game.lastEvents == [.dealt])

    game.stand()
    #expect(!game.isDealerHoleCardHidden)
    #expect(game.dealerVisibleScore == 19)
}

@Test func aPlayerNaturalIsSettledAtTheDealAndBeatsADealerWhoWouldDrawTo21() {
    // Dealer 10-6 would draw the 5 for a three-card 21, but never gets the chance.
    var game = stackedGame(player: [.ace, .king], dealer: [.ten, .six], then: [.five])
    game.deal()
    #expect(game.outcome == .natural)
    #expect(game.score == 150)  // even money
    #expect(!game.isHandInProgress && !game.isDealerHoleCardHidden)
    #expect(game.dealerHand.cards.count == 2)
    #expect(game.lastEvents == [.dealt, .dealerRevealed(game.dealerHand.cards[1]), .settled(.natural)])
}

@Test func aDealerNaturalIsSettledAtTheDealAsALoss() {
    var game = stackedGame(player: [.ten, .nine], dealer: [.ace, .queen], then: [.two])
    game.deal()
    #expect(game.outcome == .dealerNatural)
    #expect(game.outcome?.isLoss == true)
    #expect(game.score == 50)
    #expect(!game.isDealerHoleCardHidden)
    let settled = game
    game.hit()
    #expect(game == settled)  // the player never gets to draw to 21
}

@Test func twoNaturalsPush() {
    var game = stackedGame(player: [.ace, .jack], dealer: [.king, .ace])
    game.deal()
    #expect(game.outcome == .naturalPush)
    #expect(game.outcome?.isPush == true)
    #expect(game.score == 100)
}

// MARK: - The player's turn

@Test func hittingDrawsOneCardAndSaysWhich() {
    var game = stackedGame(player: [.two, .three], dealer: [.ten, .seven], then: [.four, .five])
    game.deal()
    game.hit()
    #expect(game.playerHand.cards.map(\.rank) == [.two, .three, .four])
    #expect(game.lastEvents == [.playerDrew(game.playerHand.cards[2])])
    #expect(game.isHandInProgress && game.isDealerHoleCardHidden)
    game.hit()
    #expect(game.playerHand.calculateBestScore() == 14)
    #expect(game.isHandInProgress)
}

@Test func bustingLosesAtOnceAndTheDealerDoesNotDraw() {
    var game = stackedGame(player: [.ten, .six], dealer: [.ten, .five], then: [.king, .six])
    game.deal()
    game.hit()
    #expect(game.playerHand.areCardsBust())
    #expect(game.outcome == .playerBust)
    #expect(game.score == 50)
    #expect(!game.isHandInProgress && !game.isDealerHoleCardHidden)
    #expect(game.dealerHand.cards.count == 2)  // the dealer's 15 stays: no draw needed
    let hole = game.dealerHand.cards[1]
    #expect(game.lastEvents == [.playerDrew(game.playerHand.cards[2]), .dealerRevealed(hole), .settled(.playerBust)])
}

@Test func afterAHandIsSettledHitStandAndDoubleDoNothing() {
    var game = stackedGame(player: [.ten, .eight], dealer: [.ten, .seven])
    game.deal()
    game.stand()
    let settled = game
    game.hit()
    game.stand()
    game.doubleDown()
    #expect(game == settled)
}

@Test func beforeTheFirstDealOnlyDealActs() {
    var game = BlackjackGame(seed: 5)
    let fresh = game
    game.hit()
    game.stand()
    game.doubleDown()
    #expect(game == fresh)
}

@Test func dealingDuringAHandDoesNothing() {
    var game = stackedGame(player: [.ten, .two], dealer: [.ten, .seven])
    game.deal()
    let inPlay = game
    game.deal()
    #expect(game == inPlay)
}

// MARK: - The dealer's play

@Test(arguments: [
    // dealer's opening, cards on top of the shoe, the dealer's cards at the end
    ([Rank.ace, .six], [Rank.five], [Rank.ace, .six]),  // soft 17 stands
    ([.ten, .seven], [.five], [.ten, .seven]),  // hard 17 stands
    ([.ten, .six], [.five], [.ten, .six, .five]),  // 16 draws
    ([.ace, .five], [.ace], [.ace, .five, .ace]),  // soft 16 draws, stands on soft 17
    ([.two, .three], [.two, .ace, .ten], [.two, .three, .two, .ace]),  // draws to a soft 18
    ([.ten, .two], [.two, .king], [.ten, .two, .two, .king]),  // draws past 16 and busts
] as [([Rank], [Rank], [Rank])])
func theDealerDrawsTo16AndStandsOnAll17s(opening: [Rank], onTop: [Rank], finalCards: [Rank]) {
    var game = stackedGame(player: [.ten, .nine], dealer: opening, then: onTop)
    game.deal()
    game.stand()
    #expect(game.dealerHand.cards.map(\.rank) == finalCards)
    // The drawn cards come in order after the reveal, so a screen can show them one by one.
    let drawn = game.dealerHand.cards.dropFirst(2).map { BlackjackEvent.dealerDrew($0) }
    let expected = [BlackjackEvent.dealerRevealed(game.dealerHand.cards[1])] + drawn
        + [.settled(game.outcome!)]
    #expect(game.lastEvents == expected)
}

@Test func standingOnSoft17MeansAPlayer18Wins() {
    var game = stackedGame(player: [.ten, .eight], dealer: [.ace, .six], then: [.three])
    game.deal()
    game.stand()
    #expect(game.dealerHand.calculateBestScore() == 17)
    #expect(game.outcome == .win)
    #expect(game.score == 150)
}

@Test(arguments: [
    // player, dealer, draws (the player's, then the dealer's), outcome, score after
    ([Rank.ten, .eight], [Rank.nine, .nine], [Rank](), HandOutcome.push, 100),
    ([.ten, .seven], [.ten, .eight], [], .loss, 50),
    ([.ten, .nine], [.ten, .eight], [], .win, 150),
    ([.ten, .eight], [.ten, .six], [.king], .dealerBust, 150),
    ([.ten, .eight], [.ten, .six], [.two], .push, 100),
    ([.ten, .eight], [.ten, .six], [.four], .loss, 50),
] as [([Rank], [Rank], [Rank], HandOutcome, Int)])
func standingComparesTotals(player: [Rank], dealer: [Rank], draws: [Rank], outcome: HandOutcome, score: Int) {
    var game = stackedGame(player: player, dealer: dealer, then: draws)
    game.deal()
    game.stand()
    #expect(game.outcome == outcome)
    #expect(game.score == score)
}

@Test func aHitThatMakes21StandsByItselfAndTheDealerPlays() throws {
    // The player's 5-6 hits a King: 21. The dealer's 10-4 then draws a 3 and stands on 17.
    var game = stackedGame(player: [.five, .six], dealer: [.ten, .four], then: [.king, .three])
    game.deal()
    game.hit()
    #expect(game.playerHand.calculateBestScore() == 21)
    #expect(!game.isHandInProgress && !game.isDealerHoleCardHidden)
    #expect(!game.canDoubleDown)
    try #require(game.dealerHand.cards.count == 3)
    let (king, hole, three) = (game.playerHand.cards[2], game.dealerHand.cards[1], game.dealerHand.cards[2])
    #expect(game.lastEvents == [.playerDrew(king), .dealerRevealed(hole), .dealerDrew(three), .settled(.win)])
    #expect(game.score == 150)
    let settled = game
    game.hit()  // nothing left to hit: the hand is over
    game.stand()
    #expect(game == settled)

    // A soft 21 counts the same: A-4 hits a 6.
    var soft = stackedGame(player: [.ace, .four], dealer: [.ten, .eight], then: [.six])
    soft.deal()
    soft.hit()
    #expect(soft.outcome == .win)
    #expect(soft.dealerHand.cards.count == 2)  // the dealer's 18 stands
}

@Test func aHitUnder21LeavesThePlayerToAct() {
    var game = stackedGame(player: [.five, .six], dealer: [.ten, .four], then: [.nine])
    game.deal()
    game.hit()
    #expect(game.playerHand.calculateBestScore() == 20)
    #expect(game.isHandInProgress && game.outcome == nil)
}

@Test func aThreeCard21PushesAThreeCard21AndBeats20() {
    // The player hits 5-6 to 21 and stands by it; dealer 10-4 draws a 7.
    var push = stackedGame(player: [.five, .six], dealer: [.ten, .four], then: [.king, .seven])
    push.deal()
    push.hit()
    #expect(push.playerHand.calculateBestScore() == 21 && push.dealerHand.calculateBestScore() == 21)
    #expect(push.outcome == .push)
    #expect(push.score == 100)

    var win = stackedGame(player: [.five, .six], dealer: [.ten, .four], then: [.king, .six])
    win.deal()
    win.hit()
    #expect(win.outcome == .win)
    #expect(win.score == 150)
}

// MARK: - Double down

@Test func doublingDownTakesOneCardDoublesTheBetAndTheDealerPlays() {
    var game = stackedGame(player: [.five, .six], dealer: [.ten, .six], then: [.ten, .two])
    game.deal()
    #expect(game.canDoubleDown)
    game.doubleDown()
    #expect(game.playerHand.cards.map(\.rank) == [.five, .six, .ten])
    #expect(game.isDoubledDown && game.stake == 100)
    #expect(game.dealerHand.cards.map(\.rank) == [.ten, .six, .two])
    #expect(game.outcome == .win)
    #expect(game.score == 200)
    #expect(game.bet == 50)  // the next hand is back at the chosen bet
    #expect(game.lastEvents.first == .playerDrew(game.playerHand.cards[2]))
}

@Test func aLostDoubleLosesTwiceTheBet() {
    var game = stackedGame(player: [.five, .six], dealer: [.ten, .eight], then: [.two])
    game.deal()
    game.doubleDown()
    #expect(game.outcome == .loss)
    #expect(game.score == 0)
    #expect(game.isGameOver)
}

@Test func doublingDownCanBust() {
    var game = stackedGame(player: [.ten, .six], dealer: [.ten, .five], then: [.nine, .five])
    game.deal()
    game.doubleDown()
    #expect(game.outcome == .playerBust)
    #expect(game.dealerHand.cards.count == 2)
    #expect(game.score == 0)
}

@Test func doublingDownNeedsTheFirstTwoCardsAndAScoreThatCoversIt() {
    var afterHit = stackedGame(player: [.two, .three], dealer: [.ten, .seven], then: [.four])
    afterHit.deal()
    afterHit.hit()
    #expect(!afterHit.canDoubleDown)
    let beforeDouble = afterHit
    afterHit.doubleDown()
    #expect(afterHit == beforeDouble)

    var tooBig = stackedGame(player: [.five, .six], dealer: [.ten, .seven])
    tooBig.bet = 60  // doubled would be 120, more than the score of 100
    tooBig.deal()
    #expect(!tooBig.canDoubleDown)
    let inPlay = tooBig
    tooBig.doubleDown()
    #expect(tooBig == inPlay)

    var exactly = stackedGame(player: [.five, .six], dealer: [.ten, .seven], then: [.ten])
    exactly.bet = 50  // doubled is 100, the whole score
    exactly.deal()
    #expect(exactly.canDoubleDown)
}

// MARK: - Bets

@Test(arguments: [
    (50, 50), (10, 10), (100, 100), (35, 30), (99, 90), (5, 10), (0, 10), (-20, 10),
    (150, 100), (Int.max, 100), (Int.min, 10),
])
func settingABetClampsItToStepsOf10Within10AndTheScore(requested: Int, expected: Int) {
    var game = BlackjackGame(seed: 2)
    game.bet = requested
    #expect(game.bet == expected)
}

@Test func stepsOf10MoveTheBetUpAndDownUntilTheLimits() {
    var game = BlackjackGame(seed: 2)
    game.bet += BlackjackGame.betStep
    #expect(game.bet == 60)
    for _ in 0..<10 { game.bet += BlackjackGame.betStep }
    #expect(game.bet == 100 && game.bet == game.maximumBet)
    for _ in 0..<20 { game.bet -= BlackjackGame.betStep }
    #expect(game.bet == 10)
}

@Test func theBetIsFixedWhileAHandIsInPlay() {
    var game = stackedGame(player: [.ten, .nine], dealer: [.ten, .eight])
    game.bet = 30
    game.deal()
    #expect(!game.canChangeBet)
    game.bet = 80
    #expect(game.bet == 30 && game.stake == 30)
    game.stand()
    #expect(game.score == 130)  // won the 30 that was bet, not 80
    #expect(game.canChangeBet)
    game.bet = 80
    #expect(game.bet == 80)
}

@Test func theBetDropsToTheScoreWhenALossLeavesLessThanTheBet() {
    var game = stackedGame(player: [.ten, .seven], dealer: [.ten, .eight])
    game.bet = 60
    game.deal()
    game.stand()
    #expect(game.score == 40)
    #expect(game.bet == 40 && game.maximumBet == 40)
    game.bet = 50
    #expect(game.bet == 40)
}

// MARK: - The end of a game

@Test func theGameEndsAfterFiveHandsAndCanStartAgain() {
    var game = BlackjackGame(seed: 11)
    for hand in 1...5 {
        #expect(!game.isGameOver)
        game.bet = 10  // small enough that five hands can never empty the score
        game.deal()
        #expect(game.handNumber == hand)
        #expect(!game.isGameOver)
        game.stand()
        #expect(game.outcome != nil)
    }
    #expect(game.isGameOver && !game.canDeal && !game.canChangeBet)
    let over = game
    game.deal()
    game.bet = 20
    #expect(game == over)

    game.newGame()
    #expect(!game.isGameOver)
    #expect(game.score == 100 && game.handNumber == 0 && game.bet == 50)
    #expect(game.outcome == nil && game.playerHand.cards.isEmpty && game.lastEvents.isEmpty)
    expectEveryCardOncePerDeck(game)
    game.deal()
    #expect(game.handNumber == 1)
}

@Test func theGameEndsWhenTheScoreReachesZero() {
    var game = stackedGame(player: [.ten, .nine], dealer: [.ace, .king])
    game.bet = 100
    game.deal()
    #expect(game.outcome == .dealerNatural)
    #expect(game.score == 0)
    #expect(game.handNumber == 1)
    #expect(game.isGameOver && !game.canDeal)
    #expect(game.bet == 0)
    let over = game
    game.deal()
    game.bet = 10
    #expect(game == over)
}

// MARK: - The shoe

@Test func theShoeIsReshuffledAtADealWhenUnderAQuarterRemains() {
    var game = BlackjackGame(seed: 21, decks: 1)
    var reshuffles = 0
    for _ in 0..<200 {
        if game.isGameOver { game.newGame() }
        let leftBefore = game.cardsLeftInShoe
        game.bet = 10
        game.deal()
        let reshuffled = leftBefore * 4 < 52
        #expect(game.didReshuffle == reshuffled)
        #expect((game.lastEvents.first == .reshuffled) == reshuffled)
        if reshuffled {
            reshuffles += 1
            // Everything not on the table is back in the shoe.
            #expect(game.shoe.discards.isEmpty)
            #expect(game.cardsLeftInShoe == 52 - game.playerHand.cards.count - game.dealerHand.cards.count)
        }
        game.stand()
        #expect(game.didReshuffle == reshuffled)  // still says so until the next deal
        expectEveryCardOncePerDeck(game)
    }
    #expect(reshuffles >= 5)
}

@Test func aShoeThatRunsOutMidHandRefillsFromTheDiscards() {
    var shoe = Shoe(deckCount: 1, generator: SeededGenerator(seed: 4))
    var drawn: [Card] = []
    while let (card, reshuffled) = shoe.draw(), drawn.count < 52 {
        #expect(!reshuffled)
        drawn.append(card)
    }
    shoe.discard(drawn)
    let next = shoe.draw()
    #expect(next?.reshuffled == true)
    #expect(shoe.cards.count == 51)
}

@Test(arguments: [1, 2, 6])
func noCardIsLostOrDuplicatedAtAnyStepOfSeededGames(decks: Int) {
    for seed in UInt64(1)...25 {
        var game = BlackjackGame(seed: seed, decks: decks)
        var choices = SeededGenerator(seed: seed &* 1_000)
        expectEveryCardOncePerDeck(game)
        for _ in 0..<120 {
            let scoreBefore = game.score
            if game.isGameOver {
                game.newGame()
            } else if !game.isHandInProgress {
                game.bet = Int.random(in: 0...120, using: &choices)
                game.deal()
            } else if game.canDoubleDown && Int.random(in: 0..<4, using: &choices) == 0 {
                game.doubleDown()
            } else if game.playerHand.calculateBestScore() < Int.random(in: 12...18, using: &choices) {
                game.hit()
            } else {
                game.stand()
            }
            expectEveryCardOncePerDeck(game)
            #expect(game.score >= 0)
            if let outcome = game.outcome, !game.isHandInProgress, game.handNumber > 0,
               game.lastEvents.last == .settled(outcome) {
                // The score moves by exactly the stake, the right way.
                let sign = outcome.isWin ? 1 : outcome.isLoss ? -1 : 0
                #expect(game.score - scoreBefore == sign * game.stake)
            }
        }
    }
}

// MARK: - Reproducibility

/// Plays a whole game the same simple way (hit under 15, else stand) and returns it.
private func playedOut(seed: UInt64) -> BlackjackGame {
    var game = BlackjackGame(seed: seed)
    while !game.isGameOver {
        game.deal()
        while game.isHandInProgress {
            if game.playerHand.calculateBestScore() < 15 { game.hit() } else { game.stand() }
        }
    }
    return game
}

@Test func theSameSeedDealsTheSameGame() {
    #expect(playedOut(seed: 42) == playedOut(seed: 42))
    var first = BlackjackGame(seed: 42)
    var second = BlackjackGame(seed: 42)
    first.deal()
    second.deal()
    #expect(first.playerHand == second.playerHand && first.dealerHand == second.dealerHand)
}

@Test func differentSeedsDealDifferentCards() {
    var first = BlackjackGame(seed: 1)
    var second = BlackjackGame(seed: 2)
    first.deal()
    second.deal()
    #expect(first.playerHand.cards + first.dealerHand.cards != second.playerHand.cards + second.dealerHand.cards)
}

// MARK: - The tally kept for the statistics

@Test func everySettledHandIsCountedAsWonPushedOrLostUntilANewGame() {
    var game = stackedGame(player: [.ace, .king], dealer: [.ten, .six])
    game.deal()
    #expect((game.handsWon, game.handsPushed, game.handsLost) == (1, 0, 0))
    var pushed = stackedGame(player: [.ace, .jack], dealer: [.king, .ace])
    pushed.deal()
    #expect((pushed.handsWon, pushed.handsPushed, pushed.handsLost) == (0, 1, 0))
    var lost = stackedGame(player: [.ten, .nine], dealer: [.ace, .queen])
    lost.deal()
    lost.hit()  // ignored: the hand is settled, and counted once
    #expect((lost.handsWon, lost.handsPushed, lost.handsLost) == (0, 0, 1))
    lost.newGame()
    #expect((lost.handsWon, lost.handsPushed, lost.handsLost) == (0, 0, 0))
}
