import ArcadeCore
import Foundation
import Testing
@testable import BlackjackModel

// The full table: splits, insurance and even money, surrender, the dealer's peek, the
// house rules, and every card still in one place.

/// A game under `rules` whose shoe deals these cards first: the player's and dealer's
/// opening two (dealt player, dealer, player, dealer), then every card drawn after, in
/// order (a split hand's second card when play reaches it), at `bet`.
private func table(
    _ rules: TableRules = TableRules(), player: [Rank], dealer: [Rank], then draws: [Rank] = [], bet: Int = 50
) -> BlackjackGame {
    let opening = [player[0], dealer[0], player[1], dealer[1]]
    var game = BlackjackGame(seed: 7, rules: rules, stackedCards: spreadOverSuits(opening + draws))
    game.bet = bet
    return game
}

/// Rules with insurance offered, otherwise as given.
private func insured(_ payout: BlackjackPayout = .evenMoney) -> TableRules {
    TableRules(blackjackPayout: payout, offersInsurance: true)
}

private func ranks(_ hand: HandOfCards) -> [Rank] {
    hand.cards.map(\.rank)
}

// MARK: - The rules a game is made with

@Test func theOldInitsPlayTheSpecificationsRulesAndTheRulesInitClampsTheDecks() {
    #expect(BlackjackGame(seed: 1).rules == TableRules())
    #expect(BlackjackGame(seed: 1, decks: 2).rules == TableRules(decks: 2))
    #expect(BlackjackGame(seed: 1, decks: 20).rules.decks == 8)
    let eight = BlackjackGame(seed: 1, rules: TableRules(decks: 0, dealerHitsSoft17: true))
    #expect(eight.deckCount == 1 && eight.rules.decks == 1 && eight.rules.dealerHitsSoft17)
    var game = BlackjackGame(seed: 1, rules: TableRules(decks: 2, blackjackPayout: .threeToTwo))
    game.newGame()
    #expect(game.rules.blackjackPayout == .threeToTwo && game.cardsLeftInShoe == 104)
}

// MARK: - Split

@Test func aSplitMakesTwoHandsWithTheBetEachPlayedLeftToRight() throws {
    // 8-8 against 10 (hole 7). Hand 1 draws 3 (11) and hits a King: 21 stands by itself;
    // hand 2 is dealt a 9 (17) and stands. The dealer's 17 stands: a win and a push.
    var game = table(player: [.eight, .eight], dealer: [.ten, .seven], then: [.three, .king, .nine])
    game.deal()
    #expect(game.canSplit && game.playerHands.count == 1)
    game.split()
    #expect(game.playerHands.map(ranks) == [[.eight, .three], [.eight]])
    #expect(game.activeHandIndex == 0 && game.handStakes == [50, 50] && game.isSplit)
    #expect(game.lastEvents == [.split(.eight), .playerDrew(game.playerHands[0].cards[1])])
    #expect(!game.canSurrender)  // not on a split hand
    game.hit()
    #expect(game.playerHands[0].calculateBestScore() == 21)
    #expect(game.activeHandIndex == 1 && game.isHandInProgress)  // 21 moved play on by itself
    #expect(game.playerHand == game.playerHands[1] && ranks(game.playerHand) == [.eight, .nine])
    let nine = game.playerHands[1].cards[1]
    #expect(game.lastEvents == [.playerDrew(game.playerHands[0].cards[2]), .movedToHand(1), .playerDrew(nine)])
    #expect(game.handOutcomes == [nil, nil])
    game.stand()
    #expect(!game.isHandInProgress)
    #expect(game.handOutcomes == [.win, .push])
    #expect(game.handScoreChanges == [50, 0] && game.totalScoreChange == 50)
    #expect(game.score == 150)
    #expect(game.lastEvents == [.dealerRevealed(game.dealerHand.cards[1]), .settled(.win), .settled(.push)])
    #expect((game.handsWon, game.handsPushed, game.handsLost) == (1, 0, 0))  // one hand dealt, ahead
    expectEveryCardOncePerDeck(game)
}

@Test func aPairResplitsUpToFourHands() {
    // Three more eights come: split, resplit, resplit; the fourth hand's pair cannot split.
    var game = table(player: [.eight, .eight], dealer: [.six, .ten],
                     then: [.eight, .eight, .eight, .king, .two, .ten, .five, .king], bet: 20)
    game.deal()
    game.split()
    #expect(game.canSplit)
    game.split()
    #expect(game.canSplit)
    game.split()
    #expect(game.playerHands.count == 4)
    #expect(ranks(game.playerHand) == [.eight, .eight])
    #expect(!game.canSplit)  // four hands at most
    game.split()
    #expect(game.playerHands.count == 4)
    game.stand()  // 16
    game.stand()  // 8-K, 18
    #expect(game.activeHandIndex == 2 && ranks(game.playerHand) == [.eight, .two])
    #expect(game.canDoubleDown)  // 80 on the table, 20 more: the whole score
    game.doubleDown()  // 8-2-10, 20
    #expect(game.activeHandIndex == 3 && ranks(game.playerHand) == [.eight, .five])
    game.stand()
    #expect(ranks(game.dealerHand) == [.six, .ten, .king])
    #expect(game.handStakes == [20, 20, 40, 20] && game.doubledHands == [false, false, true, false])
    #expect(game.handOutcomes == Array(repeating: .dealerBust, count: 4))
    #expect(game.score == 200)
    expectEveryCardOncePerDeck(game)
}

@Test func splitAcesGetOneCardEachAndAnAceAndTenAfterASplitIsNotANatural() {
    // A-A against 9 (hole 7): a King to the first (21, no blackjack even at 3:2), a 5 to
    // the second (16, no hit allowed); the dealer's 16 draws a 2.
    var game = table(TableRules(blackjackPayout: .threeToTwo), player: [.ace, .ace], dealer: [.nine, .seven],
                     then: [.king, .five, .two, .ten])
    game.deal()
    game.split()
    #expect(!game.isHandInProgress)  // both aces stood by themselves
    #expect(game.playerHands.map(ranks) == [[.ace, .king], [.ace, .five]])
    #expect(ranks(game.dealerHand) == [.nine, .seven, .two])
    #expect(game.handOutcomes == [.win, .loss])
    #expect(game.handScoreChanges == [50, -50])  // 1:1, not 3:2
    #expect(!game.isNatural(handAt: 0) && game.playerHands[0].calculateBestScore() == 21)
    #expect(game.score == 100)
    #expect((game.handsWon, game.handsPushed, game.handsLost) == (0, 1, 0))
}

@Test func aTwoCard21AfterASplitStandsByItself() {
    var game = table(player: [.king, .king], dealer: [.nine, .eight], then: [.ace, .four])
    game.deal()
    #expect(game.canSplit)
    game.split()  // K-A: 21, play moves on
    #expect(game.activeHandIndex == 1 && ranks(game.playerHand) == [.king, .four])
    game.stand()
    #expect(game.handOutcomes == [.win, .loss] && game.score == 100)
}

@Test func theDecisionsAllowedAreTheActionsThatAct() {
    var game = table(player: [.eight, .eight], dealer: [.ten, .seven], then: [.three, .nine], bet: 30)
    #expect(game.allowedActions.isEmpty)
    game.deal()
    #expect(game.allowedActions == [.hit, .stand, .doubleDown, .split, .surrender])
    #expect(!game.isNatural(handAt: 0))
    game.perform(.split)
    #expect(game.playerHands.count == 2)
    #expect(game.allowedActions == [.hit, .stand, .doubleDown])  // 8-3 after a split: no surrender
    game.perform(.stand)
    #expect(game.activeHandIndex == 1)
    var asked = table(insured(), player: [.ten, .nine], dealer: [.ace, .seven])
    asked.deal()
    #expect(asked.allowedActions.isEmpty)  // the insurance question comes first
    var natural = table(player: [.ace, .king], dealer: [.ten, .seven])
    natural.deal()
    #expect(natural.isNatural(handAt: 0) && natural.allowedActions.isEmpty)
}

@Test func tenCardsSplitOnlyWhenTheirRanksMatch() {
    var kingQueen = table(player: [.king, .queen], dealer: [.nine, .eight])
    kingQueen.deal()
    #expect(!kingQueen.canSplit)
    let before = kingQueen
    kingQueen.split()
    #expect(kingQueen == before)
}

@Test(arguments: [true, false])
func doublingAfterASplitFollowsTheRule(doubleAfterSplit: Bool) {
    var game = table(TableRules(doubleAfterSplit: doubleAfterSplit), player: [.eight, .eight], dealer: [.six, .ten],
                     then: [.three, .ten, .three], bet: 30)
    game.deal()
    #expect(game.canDoubleDown)  // the unsplit pair may always double
    game.split()
    #expect(ranks(game.playerHand) == [.eight, .three])
    #expect(game.canDoubleDown == doubleAfterSplit)  // 60 on the table and 30 more is covered
    let before = game
    game.doubleDown()
    if doubleAfterSplit {
        #expect(game.doubledHands == [true, false] && game.handStakes == [60, 30])
        #expect(game.activeHandIndex == 1)
    } else {
        #expect(game == before)
    }
}

@Test func splittingAndDoublingNeedTheScoreToCoverTheAddedStake() {
    var tooBig = table(player: [.eight, .eight], dealer: [.ten, .seven], bet: 60)
    tooBig.deal()
    #expect(!tooBig.canSplit && !tooBig.canDoubleDown)
    let inPlay = tooBig
    tooBig.split()
    #expect(tooBig == inPlay)

    // 30 a hand: the split makes 60, a double of the first 90, and a third hand would make 120.
    var game = table(player: [.eight, .eight], dealer: [.ten, .seven], then: [.eight, .two], bet: 30)
    game.deal()
    game.split()
    #expect(game.canSplit)  // 60 + 30 ≤ 100
    game.split()
    #expect(game.playerHands.count == 3 && game.totalStake == 90)
    #expect(!game.canSplit)  // a fourth hand would need 120
    #expect(!game.canDoubleDown)  // so would doubling
}

// MARK: - Insurance and even money

@Test func insuranceIsAskedBeforeThePeekAndNothingElseActsUntilItIsAnswered() {
    var game = table(insured(), player: [.ten, .nine], dealer: [.ace, .king])
    game.deal()
    #expect(game.isHandInProgress && game.isDealerHoleCardHidden && game.outcome == nil)
    #expect(game.canTakeInsurance && !game.isEvenMoneyOffer && game.insuranceCost == 25)
    #expect(game.lastEvents == [.dealt, .insuranceOffered])
    #expect(!game.canAct && !game.canDoubleDown && !game.canSurrender && !game.canSplit)
    let asked = game
    game.hit()
    game.stand()
    game.doubleDown()
    game.surrender()
    #expect(game == asked)
}

@Test func insuranceWonPays2To1AgainstTheDealersNatural() {
    var game = table(insured(), player: [.ten, .nine], dealer: [.ace, .king])
    game.deal()
    game.takeInsurance()
    #expect(game.insuranceStake == 25 && game.insuranceScoreChange == 50)
    #expect(game.outcome == .dealerNatural && !game.isHandInProgress)
    #expect(game.score == 100)  // −50 on the hand, +50 on insurance
    #expect(game.totalScoreChange == 0)
    #expect(game.lastEvents == [.insuranceTaken(25), .insuranceWon(50), .dealerRevealed(game.dealerHand.cards[1]),
                                .settled(.dealerNatural)])
    #expect(!game.canTakeInsurance)
    #expect((game.handsWon, game.handsPushed, game.handsLost) == (0, 0, 1))  // the hand itself was lost
}

@Test func insuranceLostCostsHalfTheBetAndPlayGoesOn() {
    var game = table(insured(), player: [.ten, .nine], dealer: [.ace, .seven])
    game.deal()
    game.takeInsurance()
    #expect(game.lastEvents == [.insuranceTaken(25), .insuranceLost(25)])
    #expect(game.score == 75 && game.isHandInProgress && game.canAct && !game.canTakeInsurance)
    game.stand()  // 19 against 18
    #expect(game.outcome == .win && game.score == 125 && game.totalScoreChange == 25)
}

@Test func decliningInsuranceLetsTheDealerPeek() {
    var natural = table(insured(), player: [.ten, .nine], dealer: [.ace, .king])
    natural.deal()
    natural.declineInsurance()
    #expect(natural.outcome == .dealerNatural && natural.score == 50)
    #expect(natural.lastEvents == [.insuranceDeclined, .dealerRevealed(natural.dealerHand.cards[1]),
                                   .settled(.dealerNatural)])

    var none = table(insured(), player: [.ten, .nine], dealer: [.ace, .seven])
    none.deal()
    none.declineInsurance()
    #expect(none.lastEvents == [.insuranceDeclined])
    #expect(none.isHandInProgress && none.canAct && none.score == 100 && none.insuranceStake == 0)
}

@Test func insuranceIsAskedOnlyWhenTheRulesOfferItAndTheScoreCoversIt() {
    // The specification's game: the peek settles the dealer's natural at the deal.
    var plain = table(player: [.ten, .nine], dealer: [.ace, .king])
    plain.deal()
    #expect(!plain.canTakeInsurance && plain.outcome == .dealerNatural)
    // 70 and half of it is more than 100.
    var tooBig = table(insured(), player: [.ten, .nine], dealer: [.ace, .seven], bet: 70)
    tooBig.deal()
    #expect(!tooBig.canTakeInsurance && tooBig.canAct)
    // A ten showing asks nothing.
    var ten = table(insured(), player: [.ten, .nine], dealer: [.ten, .seven])
    ten.deal()
    #expect(!ten.canTakeInsurance && ten.canAct)
    // Insurance lost leaves less to cover a double: 100 − 30 = 70 cannot cover 120.
    var lost = table(insured(), player: [.five, .six], dealer: [.ace, .seven], bet: 60)
    lost.deal()
    lost.takeInsurance()
    #expect(lost.score == 70 && !lost.canDoubleDown)
}

@Test func evenMoneyPaysANaturalAgainstAnAce1To1AtOnce() {
    var game = table(insured(.threeToTwo), player: [.ace, .king], dealer: [.ace, .king])
    game.deal()
    #expect(game.isEvenMoneyOffer && game.canTakeInsurance && game.insuranceCost == 0)
    #expect(game.lastEvents == [.dealt, .evenMoneyOffered])
    game.takeInsurance()
    #expect(game.outcome == .evenMoney && game.score == 150 && !game.isHandInProgress)
    #expect(game.lastEvents == [.evenMoneyTaken, .dealerRevealed(game.dealerHand.cards[1]), .settled(.evenMoney)])

    // Declined: a push against the dealer's natural, 3:2 without one.
    var pushed = table(insured(.threeToTwo), player: [.ace, .king], dealer: [.ace, .king])
    pushed.deal()
    pushed.declineInsurance()
    #expect(pushed.outcome == .naturalPush && pushed.score == 100)
    var paid = table(insured(.threeToTwo), player: [.ace, .king], dealer: [.ace, .seven])
    paid.deal()
    paid.declineInsurance()
    #expect(paid.outcome == .natural && paid.score == 175)

    // A table paying even money already settles the natural at the deal.
    var evenTable = table(insured(), player: [.ace, .king], dealer: [.ace, .seven])
    evenTable.deal()
    #expect(!evenTable.canTakeInsurance && evenTable.outcome == .natural && evenTable.score == 150)
}

// MARK: - Surrender

@Test func lateSurrenderLosesHalfTheBetAndEndsTheHand() {
    var game = table(player: [.ten, .six], dealer: [.ten, .seven], then: [.five])
    game.deal()
    #expect(game.canSurrender)
    game.surrender()
    #expect(game.outcome == .surrendered && !game.isHandInProgress)
    #expect(game.score == 75 && game.handScoreChanges == [-25])
    #expect(ranks(game.dealerHand) == [.ten, .seven])  // the dealer does not draw
    #expect(game.lastEvents == [.dealerRevealed(game.dealerHand.cards[1]), .settled(.surrendered)])
    #expect((game.handsWon, game.handsPushed, game.handsLost) == (0, 0, 1))
}

@Test func surrenderIsOnlyForTheFirstTwoCardsOfAnUnsplitHandAtATableThatAllowsIt() {
    var afterHit = table(player: [.two, .three], dealer: [.ten, .seven], then: [.four])
    afterHit.deal()
    afterHit.hit()
    #expect(!afterHit.canSurrender)
    var off = table(TableRules(lateSurrender: false), player: [.ten, .six], dealer: [.ten, .seven])
    off.deal()
    #expect(!off.canSurrender)
    let before = off
    off.surrender()
    #expect(off == before)
    // Late: after the peek, so never against the dealer's natural.
    var peeked = table(player: [.ten, .six], dealer: [.ten, .ace])
    peeked.deal()
    #expect(peeked.outcome == .dealerNatural && !peeked.canSurrender)
}

// MARK: - The dealer

@Test(arguments: [Rank.ace, .ten, .king])
func theDealerPeeksUnderAnAceOrATenCardAndItsNaturalEndsTheHand(upCard: Rank) {
    let hole: Rank = upCard == .ace ? .queen : .ace
    var game = table(player: [.ten, .nine], dealer: [upCard, hole], then: [.two])
    game.deal()
    #expect(game.outcome == .dealerNatural && !game.isHandInProgress && game.score == 50)
    #expect(ranks(game.playerHand) == [.ten, .nine])  // no decision was offered
    var both = table(player: [.ace, .king], dealer: [upCard, hole])
    both.deal()
    #expect(both.outcome == .naturalPush && both.score == 100)
    // With insurance offered against the ace, the peek follows the answer.
    var asked = table(insured(), player: [.ten, .nine], dealer: [upCard, hole])
    asked.deal()
    #expect(asked.isHandInProgress == (upCard == .ace))
    asked.declineInsurance()
    #expect(asked.outcome == .dealerNatural)
}

@Test(arguments: [false, true])
func theDealerHitsASoft17OnlyAtAnH17Table(hitsSoft17: Bool) {
    var game = table(TableRules(dealerHitsSoft17: hitsSoft17), player: [.ten, .nine], dealer: [.ace, .six],
                     then: [.three])
    game.deal()
    game.stand()
    #expect(ranks(game.dealerHand) == (hitsSoft17 ? [.ace, .six, .three] : [.ace, .six]))
    #expect(game.outcome == (hitsSoft17 ? .loss : .win))
    // A hard 17 stands either way.
    var hard = table(TableRules(dealerHitsSoft17: hitsSoft17), player: [.ten, .nine], dealer: [.ten, .seven],
                     then: [.three])
    hard.deal()
    hard.stand()
    #expect(ranks(hard.dealerHand) == [.ten, .seven])
}

// MARK: - Payouts

@Test(arguments: [(50, 75), (10, 15), (100, 150)])
func aNaturalPays3To2AtATableThatSaysSo(bet: Int, won: Int) {
    var game = table(TableRules(blackjackPayout: .threeToTwo), player: [.ace, .king], dealer: [.ten, .six], bet: bet)
    game.deal()
    #expect(game.outcome == .natural && game.score == 100 + won && game.totalScoreChange == won)
    // Other wins stay 1:1.
    var plain = table(TableRules(blackjackPayout: .threeToTwo), player: [.ten, .nine], dealer: [.ten, .eight], bet: bet)
    plain.deal()
    plain.stand()
    #expect(plain.score == 100 + bet)
}

@Test func anOddLastBetRoundsThePayoutDown() {
    let threeToTwo = TableRules(blackjackPayout: .threeToTwo)
    #expect(BlackjackGame.scoreChange(for: .natural, stake: 5, rules: threeToTwo) == 7)
    #expect(BlackjackGame.scoreChange(for: .natural, stake: 5, rules: TableRules()) == 5)
    #expect(BlackjackGame.scoreChange(for: .surrendered, stake: 50, rules: threeToTwo) == -25)
}

// MARK: - Saving, and every card in one place

@Test func aGameMidSplitOrMidQuestionRoundTrips() throws {
    var game = table(player: [.eight, .eight], dealer: [.ten, .seven], then: [.three])
    game.deal()
    game.split()
    var restored = try JSONDecoder().decode(BlackjackGame.self, from: JSONEncoder().encode(game))
    #expect(restored == game)
    game.stand()
    restored.stand()
    #expect(restored == game)

    var asked = table(insured(), player: [.ten, .nine], dealer: [.ace, .seven])
    asked.deal()
    let back = try JSONDecoder().decode(BlackjackGame.self, from: JSONEncoder().encode(asked))
    #expect(back == asked && back.canTakeInsurance)
}

@Test func aGameSavedBeforeTheFullTableDecodesAsOneHandUnderTheSpecificationsRules() throws {
    var game = stackedGame(player: [.ten, .six], dealer: [.nine, .seven], then: [.two])
    game.deal()
    game.hit()
    var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
    for key in ["rules", "playerHands", "activeHandIndex", "handStakes", "handOutcomes", "handScoreChanges",
                "doubledHands", "isInsuranceOffered", "insuranceStake", "insuranceScoreChange"] {
        #expect(object.removeValue(forKey: key) != nil)
    }
    let old = try JSONDecoder().decode(BlackjackGame.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(old == game)
    // A split save whose hand in play disagrees with its hands does not decode.
    var split = table(player: [.eight, .eight], dealer: [.ten, .seven], then: [.three])
    split.deal()
    split.split()
    var damaged = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(split)) as? [String: Any])
    damaged["activeHandIndex"] = 1
    #expect((try? JSONDecoder().decode(BlackjackGame.self, from: JSONSerialization.data(withJSONObject: damaged))) == nil)
    damaged["activeHandIndex"] = 4
    #expect((try? JSONDecoder().decode(BlackjackGame.self, from: JSONSerialization.data(withJSONObject: damaged))) == nil)
}

@Test func rulesSavedBeforeInsuranceDecodeWithItOff() throws {
    let old = #"{"decks":2,"dealerHitsSoft17":true,"lateSurrender":false,"doubleAfterSplit":true,"blackjackPayout":"threeToTwo"}"#
    let rules = try JSONDecoder().decode(TableRules.self, from: Data(old.utf8))
    #expect(rules == TableRules(decks: 2, dealerHitsSoft17: true, lateSurrender: false, blackjackPayout: .threeToTwo))
}

@Test(arguments: [1, 2, 6])
func noCardIsLostOrDuplicatedThroughSeededGamesWithSplits(decks: Int) throws {
    var splits = 0, resplits = 0, insurances = 0, surrenders = 0
    for seed in UInt64(1)...15 {
        var choices = SeededGenerator(seed: seed &* 7_919)
        let rules = TableRules(decks: decks, dealerHitsSoft17: seed % 2 == 0, lateSurrender: seed % 3 != 0,
                               doubleAfterSplit: seed % 4 != 0, blackjackPayout: seed % 2 == 1 ? .threeToTwo : .evenMoney,
                               offersInsurance: seed % 5 != 0)
        // Pairs on top of the shoe, so splits come often.
        let pairs = (0..<12).flatMap { _ in [Rank.eight, .nine, .eight, .seven, .eight, .eight] }
        var game = BlackjackGame(seed: seed, rules: rules, stackedCards: spreadOverSuits(pairs))
        expectEveryCardOncePerDeck(game)
        for step in 0..<200 {
            let scoreBefore = game.score
            let wasInPlay = game.isHandInProgress
            if game.isGameOver {
                game.newGame()
            } else if !game.isHandInProgress {
                game.bet = [10, 20, 30, 50].randomElement(using: &choices)!
                game.deal()
            } else if game.canTakeInsurance {
                insurances += 1
                if Bool.random(using: &choices) { game.takeInsurance() } else { game.declineInsurance() }
            } else if game.canSplit && Int.random(in: 0..<4, using: &choices) > 0 {
                if game.isSplit { resplits += 1 } else { splits += 1 }
                game.split()
            } else if game.canSurrender && Int.random(in: 0..<8, using: &choices) == 0 {
                surrenders += 1
                game.surrender()
            } else if game.canDoubleDown && Int.random(in: 0..<4, using: &choices) == 0 {
                game.doubleDown()
            } else if game.playerHand.calculateBestScore() < Int.random(in: 12...18, using: &choices) {
                game.hit()
            } else {
                game.stand()
            }
            expectEveryCardOncePerDeck(game)
            #expect(game.score >= 0)
            #expect(game.playerHands.count <= 4)
            if wasInPlay && !game.isHandInProgress {
                // Settled by this action: the score moved by every hand's change (insurance
                // was booked when the dealer peeked).
                let handsChange = game.handScoreChanges.reduce(0, +)
                let insuranceNow = game.lastEvents.contains { if case .insuranceTaken = $0 { true } else { false } }
                #expect(game.score - scoreBefore == handsChange + (insuranceNow ? game.insuranceScoreChange : 0))
                #expect(game.handOutcomes.allSatisfy { $0 != nil })
            }
            if step % 25 == 0 {
                let restored = try JSONDecoder().decode(BlackjackGame.self, from: JSONEncoder().encode(game))
                #expect(restored == game)
            }
        }
    }
    #expect(splits > 20 && resplits > 0 && insurances > 5 && surrenders > 0)
}

// MARK: - The summary

@Test func everyTableSpellsItsRulesInItsSummary() {
    for decks in TableRules.deckChoices + [3] {
        for flags in 0..<32 {
            let rules = TableRules(decks: decks, dealerHitsSoft17: flags & 1 != 0, lateSurrender: flags & 2 != 0,
                                   doubleAfterSplit: flags & 4 != 0, blackjackPayout: flags & 8 != 0 ? .threeToTwo : .evenMoney,
                                   offersInsurance: flags & 16 != 0)
            let parts = [decks == 1 ? "1 deck" : "\(decks) decks", rules.dealerHitsSoft17 ? "H17" : "S17"]
                + (rules.doubleAfterSplit ? ["DAS"] : []) + (rules.lateSurrender ? ["LS"] : [])
                + [rules.blackjackPayout == .threeToTwo ? "3:2" : "1:1"]
            #expect(rules.summary == parts.joined(separator: " · "))
        }
    }
    #expect(TableRules().summary == "6 decks · S17 · DAS · LS · 1:1")
}
