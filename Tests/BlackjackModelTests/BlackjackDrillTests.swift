import Testing
@testable import BlackjackModel

// The coach's record by situation, and the drill that deals the hands gone wrong most.

@Suite struct CoachSituationTests {
    @Test func everySituationRoundTripsThroughItsKey() {
        let edges = [CoachSituation(kind: .hard, player: 4, dealer: 2), CoachSituation(kind: .hard, player: 21, dealer: 11),
                     CoachSituation(kind: .soft, player: 12, dealer: 5), CoachSituation(kind: .soft, player: 21, dealer: 10)]
        for situation in CoachSituation.drillable + edges {
            #expect(CoachSituation(key: situation.key) == situation, "\(situation.key)")
        }
        #expect(CoachSituation(kind: .hard, player: 16, dealer: 10).key == "hard 16 v 10")
        #expect(CoachSituation(kind: .soft, player: 18, dealer: 11).key == "soft 18 v A")
        #expect(CoachSituation(kind: .pair, player: 11, dealer: 11).key == "pair A v A")
        #expect(CoachSituation.drillable.count == 310 && Set(CoachSituation.drillable).count == 310)
    }

    @Test func aDamagedKeyIsRejected() {
        for key in ["hard 16 v 1", "pair 1 v 5", "hard  16 v 10", "soft 22 v 2", "", "hard 16v10", "hard 16 v 10 ",
                    "pair 11 v 5", "hard 16 v 11", "hard A v 5", "hard 016 v 10", "hard +16 v 10", "Hard 16 v 10",
                    "hard 16 x 10", "hard 3 v 5", "soft 11 v 5", "hard 16 v ١٠"] {
            #expect(CoachSituation(key: key) == nil, "\(key)")
        }
    }

    @Test func aHandIsAHardTotalASoftTotalOrAPairOfTheSameRank() {
        let ten = card(.ten, .diamonds)
        #expect(CoachSituation(cards: spreadOverSuits([.ten, .six]), dealerUpCard: ten)
                == CoachSituation(kind: .hard, player: 16, dealer: 10))
        #expect(CoachSituation(cards: spreadOverSuits([.ace, .seven]), dealerUpCard: card(.ace))?.key == "soft 18 v A")
        #expect(CoachSituation(cards: spreadOverSuits([.eight, .eight]), dealerUpCard: card(.six))?.key == "pair 8 v 6")
        #expect(CoachSituation(cards: spreadOverSuits([.ace, .ace]), dealerUpCard: card(.king))?.key == "pair A v 10")
        #expect(CoachSituation(cards: spreadOverSuits([.king, .king]), dealerUpCard: ten)?.key == "pair 10 v 10")
        // A King and a Queen cannot be split at this table: a hard 20.
        #expect(CoachSituation(cards: spreadOverSuits([.king, .queen]), dealerUpCard: ten)?.key == "hard 20 v 10")
        // Three cards are never a pair; an ace that must count 1 makes a hard total.
        #expect(CoachSituation(cards: spreadOverSuits([.four, .four, .four]), dealerUpCard: ten)?.key == "hard 12 v 10")
        #expect(CoachSituation(cards: spreadOverSuits([.ace, .five, .five]), dealerUpCard: ten)?.key == "soft 21 v 10")
        #expect(CoachSituation(cards: spreadOverSuits([.ace, .six, .nine]), dealerUpCard: ten)?.key == "hard 16 v 10")
        #expect(CoachSituation(cards: [], dealerUpCard: ten) == nil)
        #expect(CoachSituation(cards: spreadOverSuits([.ten, .six, .nine]), dealerUpCard: ten) == nil, "bust: no decision")
    }
}

@Suite struct BlackjackDrillTests {
    private func record(_ entries: [(String, Int, Int)]) -> [CoachSituation: CoachTally] {
        Dictionary(uniqueKeysWithValues: entries.map { key, right, total in
            (CoachSituation(key: key)!, CoachTally(right: right, total: total))
        })
    }

    @Test func everyDealtHandIsItsSituationAndNoSituationComesTwiceInARow() {
        var drill = BlackjackDrill(seed: 5, rules: TableRules())
        var previous: CoachSituation?
        for _ in 0..<2000 {
            #expect(drill.playerCards.count == 2)
            #expect(CoachSituation(cards: drill.playerCards, dealerUpCard: drill.dealerUpCard) == drill.situation)
            #expect(CoachSituation.drillable.contains(drill.situation))
            #expect(drill.situation != previous)
            previous = drill.situation
            drill.deal(record: [:])
        }
    }

    @Test func theHandsGoneWrongComeMostOften() {
        var kept = record([("hard 16 v 10", 0, 5), ("soft 18 v 9", 1, 4), ("pair 9 v 7", 0, 2)])
        for situation in CoachSituation.drillable where kept[situation] == nil {
            kept[situation] = CoachTally(right: 10, total: 10)
        }
        var drill = BlackjackDrill(seed: 9, rules: TableRules())
        var wrongOnes = 0
        for _ in 0..<1000 {
            drill.deal(record: kept)
            if kept[drill.situation]!.wrong > 0 { wrongOnes += 1 }
        }
        // About seven in ten, against three in 310 if the record were ignored.
        #expect(wrongOnes >= 600 && wrongOnes <= 800, "\(wrongOnes) of 1000")
    }

    @Test func withNoMistakesTheLessPractisedComeFirst() {
        var kept: [CoachSituation: CoachTally] = [:]
        for situation in CoachSituation.drillable where situation.kind != .pair {
            kept[situation] = CoachTally(right: 20, total: 20)
        }
        var drill = BlackjackDrill(seed: 2, rules: TableRules())
        var pairs = 0
        for _ in 0..<1000 {
            drill.deal(record: kept)
            if drill.situation.kind == .pair { pairs += 1 }
        }
        // 100 unplayed pair situations weigh 1 each, 210 practised ones 1/21 each: about 95%.
        #expect(pairs > 900, "\(pairs) of 1000")
    }

    @Test func theSameSeedDealsTheSameDrill() {
        let kept = record([("hard 12 v 3", 0, 2)])
        func hands(_ seed: UInt64) -> [[Card]] {
            var drill = BlackjackDrill(seed: seed, rules: TableRules())
            return (0..<50).map { _ in
                drill.deal(record: kept)
                return drill.playerCards + [drill.dealerUpCard]
            }
        }
        #expect(hands(4) == hands(4))
        #expect(hands(4) != hands(5))
    }

    @Test func answersAreJudgedByTheChartAndCounted() {
        var drill = BlackjackDrill(seed: 1, rules: TableRules())
        var answered = 0
        for _ in 0..<200 {
            let advice = BasicStrategy.advice(for: drill.playerCards, dealerUpCard: drill.dealerUpCard, rules: drill.rules,
                                              canDouble: true, canSplit: drill.situation.kind == .pair,
                                              canSurrender: true)
            #expect(drill.advice == advice)
            let chosen: PlayerAction = answered % 2 == 0 ? advice : (advice == .hit ? .stand : .hit)
            let answer = drill.answer(chosen)
            answered += 1
            #expect(answer == DrillAnswer(chosen: chosen, advice: advice))
            #expect(drill.answer(chosen) == nil, "a hand is answered once")
            drill.deal(record: [:])
        }
        #expect(drill.answered == 200 && drill.right == 100)
    }

    @Test func onlyAPairSplitsAndSurrenderNeedsTheRule() {
        var noSurrender = TableRules()
        noSurrender.lateSurrender = false
        var drill = BlackjackDrill(seed: 3, rules: noSurrender)
        while drill.situation.kind == .pair { drill.deal(record: [:]) }
        #expect(drill.allowedActions == [.hit, .stand, .doubleDown])
        #expect(drill.answer(.split) == nil && drill.answer(.surrender) == nil && drill.answered == 0)
        while drill.situation.kind != .pair { drill.deal(record: [:]) }
        #expect(drill.allowedActions.contains(.split) && drill.answer(.split) != nil)
        #expect(BlackjackDrill(seed: 3, rules: TableRules()).allowedActions.contains(.surrender))
    }
}
