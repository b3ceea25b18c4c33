import Foundation
import Testing
import TempleModel

/// A game kept as JSON and read back: the same game, and only games that play can reach.
@Suite struct TempleGameCodingTests {
    private static let deck = [
        Flashcard(id: "paris", name: "Paris, France", location: "France"),
        Flashcard(id: "accra", name: "Accra, Ghana"),
        Flashcard(id: "bern", name: "Bern, Switzerland", location: "Switzerland"),
    ]

    private static func roundTrip(_ game: TempleGame) throws -> TempleGame {
        try JSONDecoder().decode(TempleGame.self, from: JSONEncoder().encode(game))
    }

    /// `game` encoded, its JSON object changed by `change`, and decoded again.
    private static func decoded(_ game: TempleGame, _ change: (inout [String: Any]) -> Void) throws -> TempleGame {
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        change(&object)
        return try JSONDecoder().decode(TempleGame.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func aShuffledGameComesBackInItsOrder() throws {
        var game = TempleGame(cards: Self.deck, seed: 7)
        game.shuffle(seed: 99)
        let back = try Self.roundTrip(game)
        #expect(back == game && back.nameOrder == game.nameOrder && back.pictureOrder == game.pictureOrder)
    }

    @Test func aGamePartWayComesBackTheSameAndPlaysOnTheSame() throws {
        var game = TempleGame(cards: Self.deck, seed: 7)
        game.pick("paris", in: .pictures)
        game.pick("paris", in: .names)
        game.pick("bern", in: .pictures)
        game.pick("accra", in: .names)
        game.pick("bern", in: .names)
        var restored = try Self.roundTrip(game)
        #expect(restored == game)
        #expect(restored.pickedName == "bern" && restored.correctCount == 1 && restored.incorrectCount == 1)
        #expect(restored.pictureOrder == game.pictureOrder && restored.remainingNames == game.remainingNames)
        #expect(restored.pick("bern", in: .pictures) == game.pick("bern", in: .pictures))
        #expect(restored == game)
        game.toggleMode()
        #expect(try Self.roundTrip(game) == game)
    }

    @Test func equalGamesEncodeAlikeWhateverOrderTheCardsWereMatchedIn() throws {
        let ids = (1...40).map { "card-\($0)" }
        var one = TempleGame(cards: ids.map { Flashcard(id: $0, name: $0) }, seed: 7), other = one
        for id in ids.prefix(30) { one.pick(id, in: .pictures); one.pick(id, in: .names) }
        for id in ids.prefix(30).reversed() { other.pick(id, in: .pictures); other.pick(id, in: .names) }
        #expect(one == other)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // as a saved game is written
        #expect(try encoder.encode(one) == encoder.encode(other))
    }

    @Test func aGameNoPlayReachesDoesNotDecode() throws {
        var game = TempleGame(cards: Self.deck, seed: 7)
        game.pick("paris", in: .pictures)
        game.pick("paris", in: .names)
        #expect(try Self.decoded(game) { _ in } == game)
        let impossible: [(String, (inout [String: Any]) -> Void)] = [
            ("a match of a card not in the deck", { $0["matchedIDs"] = ["paris", "tokyo"] }),
            ("more correct than matched", { $0["correctCount"] = 2 }),
            ("a pick of a matched card", { $0["pickedPicture"] = "paris" }),
            ("a pick in both panes", { $0["pickedPicture"] = "bern"; $0["pickedName"] = "accra" }),
            ("a picture order missing a card", { $0["pictureOrder"] = ($0["pictureOrder"] as! [Any]).dropLast().map { $0 } }),
            ("a card twice", { $0["cards"] = ($0["cards"] as! [Any]) + [($0["cards"] as! [Any])[0]] }),
            ("tallies with no last result", { $0["lastResult"] = nil }),
            ("a negative tally", { $0["incorrectCount"] = -1 }),
        ]
        for (what, change) in impossible {
            #expect(throws: DecodingError.self, "\(what)") { try Self.decoded(game, change) }
        }
    }
}
