import ArcadeCore
import Testing
@testable import SlotModel

// MARK: - Helpers

/// What a player sees on the machine: each digit with its colour initial, e.g. "5R".
private func shownRow(_ game: SlotMachineGame) -> [String] {
    game.digits.map { "\($0.value)\($0.color.initial)" }
}

/// Everything a player can observe about a game at one moment.
private struct Observed: Equatable {
    let row: [String]
    let score: Int
    let canSpin: Bool
    let lastOutcome: SlotOutcome?
    let lastPayout: Int?

    init(_ game: SlotMachineGame) {
        row = shownRow(game)
        score = game.score
        canSpin = game.canSpin
        lastOutcome = game.lastOutcome
        lastPayout = game.lastPayout
    }
}

// MARK: - The payout rule, with chosen digits and colours

@Test(arguments: [
    // Three digits: 300 / 75 / 150.
    ([5, 5, 5], [DigitColor.red, .red, .red], SlotOutcome.jackpot, 300),
    ([1, 2, 3], [.blue, .blue, .blue], .allColors, 75),
    ([7, 7, 7], [.red, .green, .purple], .allDigits, 150),
    ([7, 7, 7], [.red, .red, .purple], .allDigits, 150),
    ([1, 2, 3], [.red, .green, .blue], .nothing, 0),
    ([4, 4, 9], [.green, .green, .purple], .nothing, 0),
    // Five digits: 500 / 125 / 250.
    ([0, 0, 0, 0, 0], [.purple, .purple, .purple, .purple, .purple], .jackpot, 500),
    ([0, 1, 0, 0, 0], [.green, .green, .green, .green, .green], .allColors, 125),
    ([9, 9, 9, 9, 9], [.green, .green, .green, .green, .blue], .allDigits, 250),
    ([9, 9, 9, 9, 8], [.green, .green, .green, .green, .blue], .nothing, 0),
] as [([UInt32], [DigitColor], SlotOutcome, Int)])
func payoutFollowsTheRules(digits: [UInt32], colors: [DigitColor], outcome: SlotOutcome, amount: Int) {
    let payout = SlotMachineGame.payout(digits: digits, colors: colors)
    #expect(payout == SlotPayout(outcome: outcome, amount: amount))
}

@Test func payoutOutcomesExcludeEachOther() {
    // A jackpot is all digits and all colours, but pays only the jackpot, not 300 + 75 + 150.
    let payout = SlotMachineGame.payout(digits: [3, 3, 3], colors: [.blue, .blue, .blue])
    #expect(payout.amount == 300)
}

@Test func payoutOfMalformedRowsIsNothingRatherThanATrap() {
    let nothing = SlotPayout(outcome: .nothing, amount: 0)
    #expect(SlotMachineGame.payout(digits: [], colors: []) == nothing)
    #expect(SlotMachineGame.payout(digits: [1, 1, 1], colors: [.red, .red]) == nothing)
    #expect(SlotMachineGame.payout(digits: [1], colors: []) == nothing)
}

@Test func payoutScalesAtTheSameRatePerDigitForOtherSizes() {
    #expect(SlotMachineGame.payout(digits: [2, 2, 2, 2], colors: Array(repeating: .red, count: 4)).amount == 400)
    #expect(SlotMachineGame.payout(digits: [1, 2, 3, 4], colors: Array(repeating: .red, count: 4)).amount == 100)
    #expect(SlotMachineGame.payout(digits: [2, 2, 2, 2], colors: [.red, .red, .red, .blue]).amount == 200)
}

@Test func outcomesDescribeThemselvesForTheScreen() {
    #expect(SlotOutcome.jackpot.description == "all digits and colours match")
    #expect(SlotOutcome.allColors.description == "all colours match")
    #expect(SlotOutcome.allDigits.description == "all digits match")
    #expect(SlotOutcome.nothing.description == "no match")
    #expect(SlotPayout(outcome: .jackpot, amount: 300).description == "+300 — all digits and colours match")
    #expect(SlotPayout(outcome: .nothing, amount: 0).description == "no match")
}

@Test func coloursHaveInitialsAndNamesSoMonochromeStillShowsThem() {
    #expect(DigitColor.allCases.map(\.initial) == ["R", "B", "G", "P"])
    #expect(DigitColor.allCases.map(\.name) == ["red", "blue", "green", "purple"])
}

// MARK: - Score arithmetic through the game

@Test func newGameStartsAtOneHundredWithNoSpinYet() {
    let game = SlotMachineGame(3, seed: 1)
    #expect(game.score == 100)
    #expect(SlotMachineGame.startingScore == 100)
    #expect(SlotMachineGame.spinCost == 2)
    #expect(game.numberOfDigits == 3)
    #expect(game.digits.count == 3)
    #expect(game.canSpin)
    #expect(game.lastOutcome == nil)
    #expect(game.lastPayout == nil)
}

/// Seeds whose first spin makes each outcome (found by search; the row is asserted too).
@Test(arguments: [
    (3, 5144 as UInt64, ["0R", "0R", "0R"], SlotOutcome.jackpot, 300),
    (3, 0, ["1P", "2P", "2P"], .allColors, 75),
    (3, 59, ["8G", "8R", "8P"], .allDigits, 150),
    (3, 1, ["8G", "2P", "0G"], .nothing, 0),
    (5, 1_971_780, ["6R", "6R", "6R", "6R", "6R"], .jackpot, 500),
    (5, 179, ["8R", "1R", "2R", "9R", "2R"], .allColors, 125),
    (5, 7231, ["5P", "5R", "5P", "5P", "5B"], .allDigits, 250),
    (5, 0, ["2P", "8G", "0G", "4P", "5P"], .nothing, 0),
])
func firstSpinChargesTwoAndPaysTheOutcome(
    digits: Int, seed: UInt64, row: [String], outcome: SlotOutcome, amount: Int
) {
    var game = SlotMachineGame(digits, seed: seed)
    game.spin()
    #expect(shownRow(game) == row)
    #expect(game.lastOutcome == outcome)
    #expect(game.lastPayout == amount)
    #expect(game.score == 100 - 2 + amount)
}

@Test func aSpinThatPaysNothingCostsExactlyTwo() {
    var game = SlotMachineGame(5, seed: 0)
    let before = game.score
    game.spin()
    #expect(game.lastOutcome == SlotOutcome.nothing)
    #expect(game.score == before - 2)
}

@Test(arguments: [3, 5])
func everySpinChangesTheScoreByItsPayoutMinusTwo(digits: Int) {
    var game = SlotMachineGame(digits, seed: 42)
    var seen: Set<SlotOutcome> = []
    for _ in 0..<3000 {
        if !game.canSpin { game.reset() }
        let before = game.score
        game.spin()
        let expected = SlotMachineGame.payout(
            digits: game.digits.map(\.value),
            colors: game.digits.map(\.color)
        )
        #expect(game.lastOutcome == expected.outcome)
        #expect(game.lastPayout == expected.amount)
        #expect(game.score == before - 2 + expected.amount)
        seen.insert(expected.outcome)
    }
    #expect(seen.contains(.nothing))
    #expect(seen.contains(.allColors))
}

// MARK: - Refusing to spin

@Test(arguments: [0, 1])
func underTwoPointsSpinChangesNothing(score: Int) {
    var game = SlotMachineGame(3, seed: 7)
    game.spin()
    game.score = score
    let before = Observed(game)
    #expect(!game.canSpin)

    game.spin()

    #expect(Observed(game) == before)
    #expect(game.score == score)
    #expect(!game.canSpin)
}

@Test func exactlyTwoPointsStillBuysOneSpin() {
    var game = SlotMachineGame(5, seed: 0)
    game.score = 2
    #expect(game.canSpin)
    game.spin()
    #expect(game.lastOutcome == SlotOutcome.nothing)
    #expect(game.score == 0)
    #expect(!game.canSpin)
}

@Test func aLosingFiveDigitGameRunsDownAndStopsWithoutGoingNegative() {
    var game = SlotMachineGame(5, seed: 3)
    var spins = 0
    while game.canSpin && spins < 100_000 {
        game.spin()
        spins += 1
        #expect(game.score >= 0)
    }
    #expect(!game.canSpin)
    #expect(game.score == 0 || game.score == 1)
    let before = Observed(game)
    game.spin()
    #expect(Observed(game) == before)
}

// MARK: - Reset

@Test func resetRestoresOneHundredAndForgetsTheLastSpin() {
    var game = SlotMachineGame(3, seed: 5144)
    game.spin()
    #expect(game.score == 398)
    let rowBefore = shownRow(game)

    game.reset()

    #expect(game.score == 100)
    #expect(game.canSpin)
    #expect(game.lastOutcome == nil)
    #expect(game.lastPayout == nil)
    #expect(shownRow(game) == rowBefore)
}

@Test func resetReenablesABrokeMachine() {
    var game = SlotMachineGame(3, seed: 9)
    game.score = 1
    game.reset()
    #expect(game.canSpin)
    game.spin()
    #expect(game.lastOutcome != nil)
}

// MARK: - Seeds

@Test(arguments: [3, 5])
func theSameSeedReplaysTheSameGame(digits: Int) {
    var first = SlotMachineGame(digits, seed: 2024)
    var second = SlotMachineGame(digits, seed: 2024)
    #expect(first.seed == 2024)
    #expect(Observed(first) == Observed(second))
    for _ in 0..<50 {
        first.spin()
        second.spin()
        #expect(Observed(first) == Observed(second))
    }
}

@Test func differentSeedsGiveDifferentGames() {
    var first = SlotMachineGame(5, seed: 1)
    var second = SlotMachineGame(5, seed: 2)
    var firstRows: [[String]] = []
    var secondRows: [[String]] = []
    for _ in 0..<50 {
        first.spin()
        second.spin()
        firstRows.append(shownRow(first))
        secondRows.append(shownRow(second))
    }
    #expect(firstRows != secondRows)
}

@Test func gamesWithoutASeedDifferFromEachOther() {
    let rows = (0..<5).map { _ in
        var game = SlotMachineGame(5)
        game.spin()
        return shownRow(game) + ["\(game.seed)"]
    }
    #expect(Set(rows).count > 1)
}

// MARK: - Digits

@Test func pickingDrawsWithoutChangingTheShownDigit() {
    let game = SlotMachineGame(3, seed: 11)
    var generator = game.snapshot.generator  // where the game's next draw would come from
    let digit = game.digits[0]
    let shown = (digit.value, digit.color)
    let untouched = generator
    for _ in 0..<20 {
        _ = Digit.randomValue(using: &generator)
        _ = Digit.randomColor(using: &generator)
    }
    #expect(generator != untouched)
    #expect(digit.value == shown.0)
    #expect(digit.color == shown.1)
    #expect(game.digits[0] == digit)
}

@Test func spinningADigitShowsAFreshDigitInRange() {
    let game = SlotMachineGame(1, seed: 12)
    var generator = game.snapshot.generator
    var digit = game.digits[0]
    var shown: Set<UInt32> = []
    for _ in 0..<200 {
        digit.spin(using: &generator)
        #expect((0...9).contains(digit.value))
        shown.insert(digit.value)
    }
    #expect(shown.count == 10)
}

@Test func picksAreRoughlyUniform() {
    var generator = SlotMachineGame(1, seed: 99).snapshot.generator
    var digitCounts = [Int](repeating: 0, count: 10)
    var colorCounts: [DigitColor: Int] = [:]
    for _ in 0..<10_000 {
        let value = Digit.randomValue(using: &generator)
        #expect(value <= 9)
        digitCounts[Int(min(value, 9))] += 1
        colorCounts[Digit.randomColor(using: &generator), default: 0] += 1
    }
    // Expected 1,000 per digit and 2,500 per colour; the bands are about five standard deviations.
    for count in digitCounts {
        #expect((850...1150).contains(count))
    }
    for color in DigitColor.allCases {
        #expect((2300...2700).contains(colorCounts[color, default: 0]))
    }
}

@Test func aDigitShowingAValueOutsideTheRangeIsClampedIntoIt() {
    #expect(Digit(showing: 12, in: .blue) == Digit(showing: 9, in: .blue))
    #expect(Digit(showing: 0, in: .red).value == 0)
}

@Test func spinsShowEveryDigitAndColourAboutEquallyOften() {
    var game = SlotMachineGame(5, seed: 77)
    var digitCounts = [Int](repeating: 0, count: 10)
    var colorCounts: [DigitColor: Int] = [:]
    for _ in 0..<2000 {
        game.score = 100
        game.spin()
        for digit in game.digits {
            digitCounts[Int(min(digit.value, 9))] += 1
            colorCounts[digit.color, default: 0] += 1
        }
    }
    for count in digitCounts {
        #expect((850...1150).contains(count))
    }
    for color in DigitColor.allCases {
        #expect((2300...2700).contains(colorCounts[color, default: 0]))
    }
}

// MARK: - Machine size

@Test(arguments: [(0, 1), (-4, 1), (1, 1), (3, 3), (5, 5), (9, 9), (12, 9), (Int.max, 9), (Int.min, 1)])
func digitCountIsClampedToOneThroughNine(requested: Int, actual: Int) {
    var game = SlotMachineGame(requested, seed: 1)
    #expect(game.numberOfDigits == actual)
    #expect(game.digits.count == actual)
    game.spin()
    #expect(game.lastOutcome != nil)
}

@Test func aOneDigitMachineMatchesItselfEverySpin() {
    var game = SlotMachineGame(1, seed: 4)
    game.spin()
    #expect(game.lastOutcome == SlotOutcome.jackpot)
    #expect(game.score == 100 - 2 + 100)
}

// MARK: - Values

@Test func aCopyOfAGameSpinsOnItsOwnAndAsTheOriginalWould() {
    var game = SlotMachineGame(5, seed: 31)
    game.spin()
    var copy = game
    copy.spin()
    #expect(Observed(game) != Observed(copy))  // the original did not move
    game.spin()
    #expect(game == copy)  // and its next spin is the one the copy made
}

// MARK: - The specified API

/// The names the game's specification requires say the same as the Swift ones.
@Test func theSpecifiedNamesDoWhatTheSwiftNamesDo() {
    var specified = SlotMachineGame(3, seed: 5144)
    var swift = SlotMachineGame(3, seed: 5144)
    for _ in 0..<20 {
        specified.spinDigits()
        swift.spin()
        #expect(specified == swift)
        #expect(specified.getScore() == swift.score)
        #expect(specified.getDigits() == swift.digits)
        #expect(specified.getDigits().map { $0.getDigit() } == swift.digits.map(\.value))
        #expect(specified.getDigits().map { $0.getColor() } == swift.digits.map(\.color))
    }
    specified.resetGame()
    swift.reset()
    #expect(specified == swift && specified.getScore() == SlotMachineGame.startingScore)

    var first = SeededGenerator(seed: 8), second = first
    var digit = swift.digits[0], other = digit
    #expect(digit.pickDigit(using: &first) == Digit.randomValue(using: &second))
    #expect(digit.pickColor(using: &first) == Digit.randomColor(using: &second))
    digit.spinDigit(using: &first)
    other.spin(using: &second)
    #expect(digit == other && first == second)
}
