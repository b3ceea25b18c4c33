import Testing

@testable import SetModel

/// The day's puzzle in the model: twelve distinct cards with exactly six sets,
/// fixed by the date alone.
@Suite struct DailyPuzzleTests {
    /// Every day of 2026, and the January after it: a puzzle that did not follow the year
    /// would give that January 2026's puzzles again.
    private static let days: [(Int, Int, Int)] = (1...12).flatMap { month in
        (1...[31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]).map { (2026, month, $0) }
    } + (1...31).map { (2027, 1, $0) }

    /// Each of those days' puzzle, drawn once for the tests that read them all.
    private static let puzzles = days.map { SetGame.dailyPuzzle(year: $0.0, month: $0.1, day: $0.2) }

    @Test func everyDayHasTwelveDistinctCardsWithExactlySixSets() {
        for ((year, month, day), cards) in zip(Self.days, Self.puzzles) {
            #expect(cards.count == 12 && Set(cards).count == 12, "\(year)-\(month)-\(day)")
            #expect(SetGame.setCount(in: cards) == 6, "\(year)-\(month)-\(day)")
        }
    }

    @Test func differentDaysGiveDifferentPuzzlesAndTheSameDayTheSame() {
        let puzzles = Self.puzzles
        #expect(Set(puzzles.map { Set($0) }).count == Self.days.count, "no two days alike")
        #expect(SetGame.dailyPuzzle(year: 2026, month: 12, day: 1) == puzzles[334])
    }

    /// The puzzle of a known day, written down: a change to the generator, the draw or the
    /// date's seed would give every player a different puzzle from everyone else's.
    @Test func theFirstOfDecember2026IsTheSameOnEveryMachine() {
        let cards = SetGame.dailyPuzzle(year: 2026, month: 12, day: 1).map(\.description)
        #expect(cards == Self.firstOfDecember2026, "\(cards)")
    }

    @Test func anyNumbersAreADateAndTheDrawAlwaysEnds() {
        for (year, month, day) in [(-1, 0, 0), (Int.max, Int.min, 99), (0, 13, 32)] {
            #expect(SetGame.setCount(in: SetGame.dailyPuzzle(year: year, month: month, day: day)) == 6)
        }
        let fallback = SetGame.dailyPuzzle(seed: 1, tries: 0)
        #expect(Set(fallback).count == 12 && SetGame.setCount(in: fallback) == 6, "the fixed puzzle holds six sets")
    }

    /// Worked out a second time, by a separate implementation of SplitMix64 and the draw.
    static let firstOfDecember2026 = [
        "1 green open triangle", "1 green solid square", "3 green solid square", "2 green solid square",
        "2 red striped triangle", "1 purple solid square", "1 purple striped square", "2 red open square",
        "1 green striped circle", "2 green open square", "1 purple open square", "3 purple solid triangle",
    ]
}
