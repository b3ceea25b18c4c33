import ArcadeCore
import Foundation
import Testing
@testable import BlackjackModel

// MARK: - Saving and restoring a game

private func roundTrip(_ game: BlackjackGame) throws -> BlackjackGame {
    try JSONDecoder().decode(BlackjackGame.self, from: JSONEncoder().encode(game))
}

@Test func aDecodedGameIsTheSameAndDealsTheSameCards() throws {
    var game = BlackjackGame(seed: 3, decks: 1)
    var restored = try roundTrip(game)
    #expect(restored == game)
    // Play on until past a reshuffle (one deck reshuffles after about 39 cards), a
    // round trip at every step.
    var reshuffled = false
    for step in 0..<200 {
        if game.isGameOver { game.newGame(); restored.newGame() }
        if game.canDeal {
            game.deal(); restored.deal()
        } else if step % 3 == 0 {
            game.hit(); restored.hit()
        } else {
            game.stand(); restored.stand()
        }
        reshuffled = reshuffled || game.didReshuffle
        #expect(restored == game)
        restored = try roundTrip(restored)
        #expect(restored == game)
    }
    #expect(reshuffled)
}

@Test func aGameTheRulesCannotReachDoesNotDecode() throws {
    var game = BlackjackGame(seed: 3)
    game.deal()
    #expect(game.isConsistent)
    let data = try JSONEncoder().encode(game)
    func decodes(_ change: (inout [String: Any]) -> Void) throws -> Bool {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&object)
        let changed = try JSONSerialization.data(withJSONObject: object)
        return (try? JSONDecoder().decode(BlackjackGame.self, from: changed)) != nil
    }
    #expect(try decodes { _ in })
    #expect(try !decodes { $0["score"] = -1 })
    #expect(try !decodes { $0["stake"] = Int.max })
    #expect(try !decodes { $0["handNumber"] = 6 })
    #expect(try !decodes { $0["chosenBet"] = 55 })
    #expect(try !decodes { $0["playerHand"] = ["cards": []] })  // a hand in play with no cards
    #expect(try !decodes { object in  // a card lost
        var shoe = object["shoe"] as! [String: Any]
        shoe["cards"] = Array((shoe["cards"] as! [Any]).dropLast())
        object["shoe"] = shoe
    })
    #expect(try !decodes { object in  // more decks than the shoe holds
        var shoe = object["shoe"] as! [String: Any]
        shoe["deckCount"] = 7
        object["shoe"] = shoe
    })
}
