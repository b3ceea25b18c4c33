import Testing
import TempleModel

private let deck: [Flashcard] = [
    Flashcard(id: "salt-lake", name: "Salt Lake Temple", location: "Salt Lake City, Utah, USA"),
    Flashcard(id: "bern", name: "Bern Switzerland Temple", location: "Münchenbuchsee, Bern, Switzerland"),
    Flashcard(id: "paris", name: "Paris France Temple", location: "Le Chesnay, France"),
    Flashcard(id: "st-george", name: "St. George Utah Temple", location: "St. George, Utah, USA"),
    Flashcard(id: "laie", name: "Laie Hawaii Temple", location: "Laie, Hawaii, USA"),
    Flashcard(id: "mesa", name: "Mesa Arizona Temple", location: "Mesa, Arizona, USA"),
    Flashcard(id: "kirtland", name: "Kirtland Temple", location: "Kirtland, Ohio, USA"),
]

/// The Leitner scheduler: boxes, intervals, misses and leeches, on days the test names.
@Suite struct LeitnerSchedulerTests {
    @Test func rightAnswersClimbTheBoxesAndTheIntervalsGrow() {
        var card = CardProgress.new
        var day = 100
        var waits: [Int] = []
        for _ in 0..<7 {
            card = card.answered(right: true, on: day)
            waits.append(card.dueDay - day)
            day = card.dueDay
        }
        #expect(waits == [1, 3, 7, 14, 30, 60, 60])
        #expect(card.box == LeitnerSchedule.topBox)
        #expect(card.reviews == 7 && card.misses == 0)
        #expect(card.stage == .known)
    }

    @Test func aMissSendsTheCardBackToTheFirstBoxDueTheSameDay() {
        let known = CardProgress(box: 4, dueDay: 200, reviews: 6, misses: 0)
        let missed = known.answered(right: false, on: 200)
        #expect(missed.box == 1)
        #expect(missed.dueDay == 200)
        #expect(missed.isDue(on: 200))
        #expect(missed.misses == 1 && missed.reviews == 7)
        #expect(missed.stage == .learning)
        // Right later that day: it waits one day, not the interval it had earned before.
        let again = missed.answered(right: true, on: 200)
        #expect(again.box == 1 && again.dueDay == 201)
        // Right the next day: it climbs again.
        let next = again.answered(right: true, on: 201)
        #expect(next.box == 2 && next.dueDay == 204)
    }

    @Test func aMissOnTheEighthDayMakesALeechButMissesOfOneDayCountOnce() {
        var card = CardProgress.new
        for _ in 0..<9 { card = card.answered(right: false, on: 1) }
        #expect(card.misses == 1 && card.reviews == 9 && !card.isLeech)
        for day in 2...7 { card = card.answered(right: false, on: day) }
        #expect(!card.isLeech)
        card = card.answered(right: false, on: 8)
        #expect(card.isLeech)
        #expect(card.answered(right: true, on: 9).isLeech, "a leech stays one: its misses are kept")
    }

    @Test func dueCountsChangeAcrossDays() {
        let ids = deck.map(\.id)
        let progress: [String: CardProgress] = [
            "salt-lake": CardProgress(box: 1, dueDay: 10, reviews: 1, misses: 0),
            "bern": CardProgress(box: 2, dueDay: 12, reviews: 2, misses: 0),
            "paris": CardProgress(box: 3, dueDay: 19, reviews: 3, misses: 1, lastMissDay: 2),
            "laie": CardProgress(box: 1, dueDay: 9, reviews: 9, misses: 8, lastMissDay: 9),
        ]
        let day9 = LearnCounts(cards: ids, progress: progress, on: 9)
        #expect(day9.due == 1 && day9.new == 3 && day9.learning == 3 && day9.known == 1 && day9.leeches == 1)
        #expect(day9.nextDueDay == 10)
        let day12 = LearnCounts(cards: ids, progress: progress, on: 12)
        #expect(day12.due == 3 && day12.nextDueDay == 19)
        #expect(LearnCounts(cards: ids, progress: progress, on: 30).due == 4)
    }

    @Test func aDamagedRecordIsNotSound() {
        #expect(CardProgress(box: 2, dueDay: 5, reviews: 3, misses: 1).isSound)
        #expect(!CardProgress(box: 9, dueDay: 5, reviews: 3, misses: 1).isSound)
        #expect(!CardProgress(box: 2, dueDay: 5, reviews: 1, misses: 2).isSound)
        #expect(!CardProgress(box: 0, dueDay: 5, reviews: 3, misses: 0).isSound)
        #expect(!CardProgress(box: 1, dueDay: 5, reviews: -1, misses: 0).isSound)
    }
}

/// A learn session: what it asks, and a missed card coming back before it ends.
@Suite struct LearnSessionTests {
    /// Answer the current question right (or wrong), whatever its kind.
    @discardableResult
    private func answer(_ session: inout LearnSession, right: Bool) -> LearnAnswer {
        let question = session.current!
        if question.kind == .typedName {
            return session.answer(typed: right ? question.card.name : "nothing like it")!
        }
        let index = right ? question.answerIndex! : question.choices.indices.first { $0 != question.answerIndex }!
        return session.answer(choice: index)!
    }

    @Test func aFirstSessionIntroducesFiveNewCardsAskingPictureToName() {
        var session = LearnSession(cards: deck, progress: [:], day: 50, seed: 3)
        #expect(session.remaining == LearnSession.newLimit)
        #expect(!session.isPractice)
        while let question = session.current {
            #expect(question.kind == .pictureToName)
            #expect(question.choices.count == 4)
            #expect(Set(question.choices.map(\.name)).count == 4)
            #expect(question.choices.contains(question.card))
            answer(&session, right: true)
        }
        #expect(session.answered == 5 && session.answeredRight == 5)
        #expect(session.progress.count == 5)
        #expect(session.progress.values.allSatisfy { $0.box == 1 && $0.dueDay == 51 })
        #expect(session.counts.new == 2 && session.counts.due == 0 && session.counts.nextDueDay == 51)
    }

    @Test func aMissedCardComesBackInTheSameSessionAfterThreeOthers() {
        var session = LearnSession(cards: deck, progress: [:], day: 50, seed: 11)
        let missed = answer(&session, right: false)
        #expect(!missed.isRight)
        #expect(missed.progress.misses == 1 && missed.progress.isDue(on: 50))
        #expect(session.remaining == 5, "the missed card is still to come")
        var asked: [String] = []
        while let question = session.current {
            asked.append(question.card.id)
            answer(&session, right: true)
        }
        #expect(asked.count == 5)
        #expect(asked[3] == missed.question.card.id, "three others, then the missed card again")
        #expect(session.progress[missed.question.card.id]?.dueDay == 51)
        #expect(session.answered == 6 && session.answeredRight == 5 && session.missedIDs.count == 1)
    }

    @Test func dueCardsAreAskedInMixedKindsAndNeverTheSameKindTwiceRunning() {
        let progress = Dictionary(uniqueKeysWithValues: deck.map {
            ($0.id, CardProgress(box: 2, dueDay: 60, reviews: 2, misses: 0))
        })
        var session = LearnSession(cards: deck, progress: progress, day: 60, seed: 5)
        #expect(session.remaining == deck.count)
        var kinds: [LearnQuestion.Kind] = []
        while let question = session.current {
            kinds.append(question.kind)
            if question.kind == .pictureToPlace {
                #expect(Set(question.choices.map(\.location)).count == question.choices.count)
                #expect(question.label(of: question.card) == question.card.location)
            }
            answer(&session, right: true)
        }
        #expect(zip(kinds, kinds.dropFirst()).allSatisfy { $0 != $1 })
        #expect(Set(kinds).count >= 3)
        #expect(session.progress.values.allSatisfy { $0.box == 3 && $0.dueDay == 67 })
    }

    @Test func withNothingDueItPractisesTheCardsDueSoonestWithoutMovingThemOnARightAnswer() {
        let progress = Dictionary(uniqueKeysWithValues: deck.enumerated().map { index, card in
            (card.id, CardProgress(box: 3, dueDay: 80 + index, reviews: 3, misses: 0))
        })
        var session = LearnSession(cards: deck, progress: progress, day: 70, seed: 2)
        #expect(session.isPractice)
        #expect(session.remaining == deck.count)
        let right = answer(&session, right: true)
        #expect(right.progress.dueDay == progress[right.question.card.id]!.dueDay)
        #expect(right.progress.reviews == 4)
        let wrong = answer(&session, right: false)
        #expect(wrong.progress.box == 1 && wrong.progress.dueDay == 70)
        // Missed and then right in the practice: it waits a day, as in any session.
        while session.current?.card != wrong.question.card { answer(&session, right: true) }
        let again = answer(&session, right: true)
        #expect(again.progress.box == 1 && again.progress.dueDay == 71)
        #expect(!session.progress[wrong.question.card.id]!.isDue(on: 70))
    }

    @Test func theSameSeedAsksTheSameQuestions() {
        func questions(_ seed: UInt64) -> [LearnQuestion] {
            var session = LearnSession(cards: deck, progress: [:], day: 1, seed: seed)
            var all: [LearnQuestion] = []
            while let question = session.current {
                all.append(question)
                answer(&session, right: all.count % 2 == 0)
            }
            return all
        }
        #expect(questions(9) == questions(9))
        #expect(questions(9) != questions(10))
    }

    @Test func aDeckOfOneCardIsAskedByTypingItsName() {
        var session = LearnSession(cards: [deck[0]], progress: [:], day: 1, seed: 1)
        #expect(session.current?.kind == .typedName)
        #expect(session.answer(choice: 0) == nil)
        #expect(session.answer(typed: "salt lake")?.isRight == true)
        #expect(session.isFinished)
    }
}

/// Typed names: what is forgiven and what is not.
@Suite struct TypedAnswerTests {
    @Test(arguments: [
        "St. George Utah Temple", "st george utah", "ST GEORGE UTAH TEMPLE", "St-George, Utah!",
        "stgeorge utah", "St. Gorge Utah", "St. Geroge Utah", "St. Georgee Utah", "St. Ceorge Utah",
        "Saint George Utah", "St George Utah Tempel", "St George Utah Temples", "St George Utah Tmple",
        "StGeorgeUtahTemple", "St. Gorge Utah Tempel",
    ])
    func acceptedSpellings(_ typed: String) {
        #expect(TypedAnswer.matches(typed, name: "St. George Utah Temple"))
    }

    @Test(arguments: ["", "Temple", "  ", "St. George", "Utah", "St. Gorge Utha", "Salt Lake Temple", "St. George Utah Temples Now"])
    func rejectedSpellings(_ typed: String) {
        #expect(!TypedAnswer.matches(typed, name: "St. George Utah Temple"))
    }

    @Test func accentsMayBeLeftOff() {
        #expect(TypedAnswer.matches("Munchenbuchsee", name: "Münchenbuchsee"))
        #expect(TypedAnswer.matches("São Paulo Brazil", name: "Sao Paulo Brazil Temple"))
    }

    @Test func theWordTempleRunOnOrMisspeltIsForgivenButNotAsTheWholeAnswer() {
        #expect(TypedAnswer.matches("Kirtland Tempel", name: "Kirtland Temple"))
        #expect(TypedAnswer.matches("SaltLakeTemple", name: "Salt Lake Temple"))
        #expect(!TypedAnswer.matches("Tempel", name: "Kirtland Temple"))
        #expect(!TypedAnswer.matches("Kirtlnd Tempel Ohio", name: "Kirtland Temple"))
        // A card named only "Temple" is answered by its name.
        #expect(TypedAnswer.matches("temple", name: "Temple"))
        #expect(TypedAnswer.matches("Lodz", name: "Łódź"))
    }

    @Test func aTypoNeverChangesADigitAndAnotherCardsExactNameIsWrong() throws {
        #expect(!TypedAnswer.matches("photo2", name: "photo1"))
        #expect(!TypedAnswer.matches("IMG 0002", name: "IMG 0001"))
        #expect(TypedAnswer.matches("phota 1", name: "photo 1"))
        #expect(TypedAnswer.matches("KirtlandTemples", name: "Kirtland Temple"))
        #expect(TypedAnswer.matches("Kirtlandtempel", name: "Kirtland Temple"))
        #expect(TypedAnswer.matches("Agri Turkey", name: "Ağrı Turkey Temple"))
        #expect(TypedAnswer.matches("Bucuresti", name: "București"))
        #expect(TypedAnswer.plainSpelling("Ağrı Łódź ÉTÉ ß") == "Agri Lodz ETE ss")
        // In a deck of "Mesa" and "Mesa Tempe", typing the other card's name is wrong.
        let deck = [Flashcard(id: "a", name: "Mesa"), Flashcard(id: "b", name: "Mesa Tempe")]
        let due = CardProgress(box: 2, dueDay: 1, reviews: 2, misses: 0)
        let seed = (1...500).first { seed in
            let session = LearnSession(cards: deck, progress: ["a": due, "b": due], day: 1, seed: UInt64(seed))
            return session.current?.kind == .typedName && session.current?.card.id == "a"
        }
        var session = LearnSession(cards: deck, progress: ["a": due, "b": due], day: 1, seed: UInt64(try #require(seed)))
        #expect(TypedAnswer.matches("Mesa Tempe", name: "Mesa"), "a typo's length from Mesa…")
        #expect(session.answer(typed: "Mesa Tempe")?.isRight == false, "…but exactly the other card")
    }

    @Test func namesInAnyScriptAreComparedAfterNormalisingAndCaseFolding() {
        // Composed and decomposed spellings are one name (canonical equivalence).
        #expect(TypedAnswer.matches("Cafe\u{301} Zu\u{308}rich", name: "Café Zürich"))
        #expect(TypedAnswer.matches("Café Zürich", name: "Cafe\u{301} Zu\u{308}rich"))
        #expect(TypedAnswer.matches("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", name: "한국"))
        // Non-Latin scripts: case folded, one typo forgiven in a long name, never a digit.
        #expect(TypedAnswer.matches("東京神殿", name: "東京神殿"))
        #expect(!TypedAnswer.matches("京都神殿", name: "東京神殿 2"))
        #expect(TypedAnswer.matches("ΑΘΗΝΑ", name: "Αθήνα"))
        #expect(TypedAnswer.matches("Москва Храм", name: "москва храм"))
        #expect(TypedAnswer.matches("Моcква Храм", name: "Москва Храм"), "one letter in another script is one typo")
        // Full-width letters and digits (as an input method types them) read as their ASCII.
        #expect(TypedAnswer.matches("Ｐａｌｍｙｒａ　１", name: "Palmyra 1"))
        // A name of symbols alone is answered by its symbols; an answer of symbols alone names no other card.
        #expect(TypedAnswer.matches("🏯🌸", name: "🏯🌸"))
        #expect(TypedAnswer.matches(" 🏯 🌸 ", name: "🏯🌸"))
        #expect(!TypedAnswer.matches("🏯", name: "🏯🌸"))
        #expect(!TypedAnswer.matches("🙂", name: "Palmyra"))
        #expect(TypedAnswer.matches("Palmyra 🙂🙂 日本語", name: "Palmyra 🙂🙂 日本語"))
    }

    @Test func aShortNameForgivesNoTypo() {
        #expect(TypedAnswer.matches("Bern", name: "Bern Temple"))
        #expect(!TypedAnswer.matches("Berm", name: "Bern Temple"))
    }
}
