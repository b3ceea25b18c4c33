import ArcadeCore
import Testing
@testable import SlotModel

// MARK: - Saving and restoring a machine

/// What a player sees: each digit with its colour's initial, the score and the last spin.
private func seen(_ game: SlotMachineGame) -> String {
    game.getDigits().map { "\($0.getDigit())\($0.getColor().initial)" }.joined(separator: " ")
        + " \(game.getScore()) \(game.lastOutcome.map { "\($0)" } ?? "-") \(game.lastPayout ?? -1)"
}

@Test func aRestoredMachineShowsTheSameAndSpinsTheSame() throws {
    for digits in [1, 3, 5, 9] {
        let game = SlotMachineGame(digits, seed: 5144)
        for _ in 0..<7 { game.spinDigits() }
        let restored = try #require(SlotMachineGame(restoring: game.snapshot))
        #expect(seen(restored) == seen(game))
        #expect(restored.numberOfDigits == digits && restored.seed == 5144)
        for _ in 0..<50 {
            game.spinDigits()
            restored.spinDigits()
            #expect(seen(restored) == seen(game))
        }
        #expect(restored.snapshot == game.snapshot)
    }
}

@Test func aRestoredMachineIsItsOwn() throws {
    let game = SlotMachineGame(3, seed: 1)
    let restored = try #require(SlotMachineGame(restoring: game.snapshot))
    restored.spinDigits()
    #expect(game.getScore() == 100 && game.lastOutcome == nil)  // the original did not move
}

@Test func aResetMachineRestoresAsReset() throws {
    let game = SlotMachineGame(5, seed: 3)
    game.spinDigits()
    game.resetGame()
    let restored = try #require(SlotMachineGame(restoring: game.snapshot))
    #expect(restored.lastOutcome == nil && restored.lastPayout == nil && restored.getScore() == 100)
}

@Test func aSnapshotTheRulesCannotReachDoesNotRestore() {
    let game = SlotMachineGame(3, seed: 5144)
    game.spinDigits()  // the jackpot: +300
    var snapshot = game.snapshot
    #expect(SlotMachineGame(restoring: snapshot) != nil)
    snapshot.digits[1] = 10
    #expect(SlotMachineGame(restoring: snapshot) == nil)
    snapshot = game.snapshot
    snapshot.colors.removeLast()
    #expect(SlotMachineGame(restoring: snapshot) == nil)
    snapshot = game.snapshot
    snapshot.digits = []
    snapshot.colors = []
    #expect(SlotMachineGame(restoring: snapshot) == nil)
    snapshot = game.snapshot
    snapshot.score = -2
    #expect(SlotMachineGame(restoring: snapshot) == nil)
    snapshot = game.snapshot
    snapshot.lastPayout = 301
    #expect(SlotMachineGame(restoring: snapshot) == nil)
    snapshot.lastOutcome = nil
    #expect(SlotMachineGame(restoring: snapshot) == nil)
}
