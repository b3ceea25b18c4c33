import ArcadeCore
import Testing
import TempleModel

/// A small deck whose names are deliberately not in id order.
private let deck: [Flashcard] = [
    Flashcard(id: "salt-lake", name: "Salt Lake City, Utah", location: "United States"),
    Flashcard(id: "paris", name: "Paris, France", location: "France"),
    Flashcard(id: "tokyo", name: "Tokyo, Japan", location: "Japan"),
    Flashcard(id: "accra", name: "Accra, Ghana", location: "Ghana"),
    Flashcard(id: "bern", name: "Bern, Switzerland", location: "Switzerland"),
]

private func ids(_ cards: [Flashcard]) -> [String] { cards.map(\.id) }

@Suite struct TempleGameTests {
    @Test func newGameShowsEveryCardAndNoTallies() {
        let game = TempleGame(cards: deck, seed: 1)
        #expect(game.mode == .match)
        #expect(Set(ids(game.remainingPictures)) == Set(ids(deck)))
        #expect(ids(game.remainingNames) == ["accra", "bern", "paris", "salt-lake", "tokyo"])
        #expect(game.correctCount == 0 && game.incorrectCount == 0)
        #expect(game.lastResult == nil && game.accuracy == nil)
        #expect(game.totalCount == 5 && game.remainingCount == 5 && game.matchedCount == 0)
        #expect(!game.isComplete && game.canSelect && game.canReset)
    }

    @Test func aCorrectMatchRemovesTheCardFromBothPanes() {
        var game = TempleGame(cards: deck, seed: 1)
        let before = game
        #expect(game.pickPicture("paris") == .picked)
        #expect(game.pickedPicture == "paris" && game.pickedName == nil)
        #expect(game.pickName("paris") == .correct(id: "paris"))

        #expect(game.correctCount == 1 && game.incorrectCount == 0)
        #expect(game.lastResult == .correct)
        #expect(game.lastResult?.description == "Correct")
        #expect(game.pickedPicture == nil && game.pickedName == nil)
        #expect(ids(game.remainingPictures) == ids(before.remainingPictures).filter { $0 != "paris" })
        #expect(ids(game.remainingNames) == ["accra", "bern", "salt-lake", "tokyo"])
        #expect(game.matchedIDs == ["paris"] && game.isMatched("paris"))
        #expect(game.remainingCount == 4 && game.matchedCount == 1 && game.accuracy == 1)
    }

    @Test func aMatchMayStartFromTheName() {
        var game = TempleGame(cards: deck, seed: 1)
        #expect(game.pickName("tokyo") == .picked)
        #expect(game.pickPicture("tokyo") == .correct(id: "tokyo"))
        #expect(!ids(game.remainingPictures).contains("tokyo"))
    }

    @Test func anIncorrectMatchCountsAndClearsBothPicks() {
        var game = TempleGame(cards: deck, seed: 1)
        game.pickPicture("paris")
        #expect(game.pickName("bern") == .incorrect(picture: "paris", name: "bern"))

        #expect(game.correctCount == 0 && game.incorrectCount == 1)
        #expect(game.lastResult == .incorrect)
        #expect(game.lastResult?.description == "Incorrect")
        #expect(game.pickedPicture == nil && game.pickedName == nil)
        #expect(game.remainingCount == 5 && game.matchedIDs.isEmpty)
        #expect(game.accuracy == 0)
    }

    @Test func talliesFollowEveryAttempt() {
        var game = TempleGame(cards: deck, seed: 1)
        game.pickPicture("paris"); game.pickName("bern")     // incorrect
        game.pickPicture("paris"); game.pickName("paris")    // correct
        game.pickName("tokyo"); game.pickPicture("accra")    // incorrect
        game.pickName("tokyo"); game.pickPicture("tokyo")    // correct
        #expect(game.correctCount == 2 && game.incorrectCount == 2 && game.attemptCount == 4)
        #expect(game.accuracy == 0.5)
        #expect(game.lastResult == .correct)
    }

    @Test func aSecondPickInTheSamePaneReplacesTheFirst() {
        var game = TempleGame(cards: deck, seed: 1)
        game.pickPicture("paris")
        #expect(game.pickPicture("tokyo") == .picked)
        #expect(game.pickedPicture == "tokyo")
        game.pickName("accra")
        // The name pane had nothing, so that was an attempt: tokyo against accra.
        #expect(game.incorrectCount == 1)

        game.pickName("bern")
        #expect(game.pickName("salt-lake") == .picked)
        #expect(game.pickedName == "salt-lake" && game.pickedPicture == nil)
        #expect(game.pickPicture("salt-lake") == .correct(id: "salt-lake"))
        #expect(game.incorrectCount == 1 && game.correctCount == 1)
    }

    @Test func matchedOrUnknownCardsCannotBePicked() {
        var game = TempleGame(cards: deck, seed: 1)
        game.pickPicture("paris"); game.pickName("paris")
        let after = game
        #expect(game.pickPicture("paris") == .ignored)
        #expect(game.pickName("paris") == .ignored)
        #expect(game.pickName("atlantis") == .ignored)
        #expect(game.pickPicture("") == .ignored)
        #expect(game == after)
    }

    @Test func matchingEveryCardCompletesTheDeck() {
        var game = TempleGame(cards: deck, seed: 3)
        for card in deck {
            #expect(!game.isComplete)
            game.pickPicture(card.id)
            game.pickName(card.id)
        }
        #expect(game.isComplete && game.remainingPictures.isEmpty && game.remainingNames.isEmpty)
        #expect(!game.canSelect)
        #expect(game.pickPicture("paris") == .ignored)
        #expect(game.correctCount == deck.count)
    }

    @Test func resetRestoresEverythingAsAtLaunch() {
        let launch = TempleGame(cards: deck, seed: 9)
        var game = launch
        game.pickPicture("paris"); game.pickName("paris")
        game.pickPicture("bern"); game.pickName("tokyo")
        game.pickPicture("accra")
        game.reset()
        #expect(game == launch)
        #expect(ids(game.remainingPictures) == ids(launch.remainingPictures))
        #expect(ids(game.remainingNames) == ids(launch.remainingNames))
        #expect(game.correctCount == 0 && game.incorrectCount == 0 && game.lastResult == nil)
        #expect(game.pickedPicture == nil)
    }

    @Test func studyModeRefusesSelectionAndReset() {
        var game = TempleGame(cards: deck, seed: 1)
        game.pickPicture("paris"); game.pickName("paris")
        game.pickPicture("tokyo")
        game.toggleMode()
        #expect(game.mode == .study)
        #expect(game.pickedPicture == nil)  // a half-made pick does not linger unseen
        #expect(!game.canSelect && !game.canReset)

        let studying = game
        #expect(game.pickPicture("tokyo") == .ignored)
        #expect(game.pickName("tokyo") == .ignored)
        #expect(game.pick("bern", in: .pictures) == .ignored)
        game.reset()
        #expect(game == studying)
        #expect(game.correctCount == 1)
    }

    @Test func studyShowsEveryTempleAndMatchOnlyTheUnmatched() {
        var game = TempleGame(cards: deck, seed: 1)
        game.pickPicture("paris"); game.pickName("paris")
        #expect(!ids(game.visiblePictures).contains("paris"))
        game.setMode(.study)
        #expect(ids(game.visiblePictures) == ids(game.pictureOrder))
        #expect(game.visiblePictures.count == deck.count)
    }

    @Test func talliesAndMatchesSurviveASwitchToStudyAndBack() {
        var game = TempleGame(cards: deck, seed: 1)
        game.pickPicture("paris"); game.pickName("paris")
        game.pickPicture("bern"); game.pickName("accra")
        let matching = game
        game.toggleMode()
        game.toggleMode()
        #expect(game.mode == .match)
        #expect(game == matching)
        #expect(game.correctCount == 1 && game.incorrectCount == 1)
        #expect(game.lastResult == .incorrect)
        #expect(!ids(game.remainingPictures).contains("paris"))
        #expect(game.canReset && game.canSelect)
    }

    @Test func theSameSeedReplaysThePictureOrder() {
        let cards = (0..<16).map { Flashcard(id: "t\($0)", name: "Temple \($0)") }
        let first = TempleGame(cards: cards, seed: 5)
        let again = TempleGame(cards: cards, seed: 5)
        let other = TempleGame(cards: cards, seed: 6)
        #expect(ids(first.pictureOrder) == ids(again.pictureOrder))
        #expect(ids(first.pictureOrder) != ids(other.pictureOrder))
        #expect(ids(first.nameOrder) == ids(other.nameOrder))  // names are alphabetical
        #expect(Set(ids(first.pictureOrder)) == Set(ids(cards)))  // no card lost or duplicated
        var generator = SeededGenerator(seed: 5)
        #expect(ids(first.pictureOrder) == ids(cards.shuffled(using: &generator)))
    }

    @Test func namesAreAlphabeticalIgnoringCase() {
        let cards = [
            Flashcard(id: "b", name: "bern"), Flashcard(id: "a", name: "Accra"),
            Flashcard(id: "c", name: "Cardston"), Flashcard(id: "a2", name: "accra"),
        ]
        let game = TempleGame(cards: cards, seed: 2)
        #expect(ids(game.nameOrder) == ["a", "a2", "b", "c"])
    }

    @Test func badDecksDoNotTrap() {
        let empty = TempleGame(cards: [], seed: 1)
        var emptyGame = empty
        #expect(emptyGame.pickPicture("x") == .ignored)
        #expect(!empty.isComplete && !empty.canSelect && empty.remainingPictures.isEmpty)

        let duplicated = TempleGame(cards: [
            Flashcard(id: "x", name: "First"), Flashcard(id: "x", name: "Second"),
            Flashcard(id: "y", name: "Other"),
        ], seed: 1)
        #expect(duplicated.totalCount == 2)
        #expect(duplicated.card(id: "x")?.name == "First")
        #expect(duplicated.card(id: "z") == nil)
    }
}
