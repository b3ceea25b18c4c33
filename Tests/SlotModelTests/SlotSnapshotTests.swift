import ArcadeCore
import Testing
@testable import SlotModel

// MARK: - Saving and restoring a machine

/// What a player sees: each digit with its colour's initial, the score and the last spin.
private func seen(_ game: SlotMachineGame) -> String {
    game.digits.map { "\($0.value)\($0.color.initial)" }.joined(separator: " ")
        + " \(game.score) \(game.lastOutcome.map { "\($0)" } ?? "-") \(game.lastPayout ?? -1)"
}

@Test func aRestoredMachineShowsTheSameAndSpinsTheSame() throws {
    for digits in [1, 3, 5, 9] {
        var game = SlotMachineGame(digits, seed: 5144)
        for _ in 0..<7 { game.spin() }
        var restored = try #require(SlotMachineGame(restoring: game.snapshot))
        #expect(seen(restored) == seen(game))
        #expect(restored.numberOfDigits == digits && restored.seed == 5144)
        for _ in 0..<50 {
            game.spin()
            restored.spin()
            #expect(seen(restored) == seen(game))
        }
        #expect(restored.snapshot == game.snapshot)
    }
}

@Test func aRestoredMachineIsItsOwn() throws {
    let game = SlotMachineGame(3, seed: 1)
    var restored = try #require(SlotMachineGame(restoring: game.snapshot))
    restored.spin()
    #expect(game.score == 100 && game.lastOutcome == nil)  // the original did not move
}

@Test func aResetMachineRestoresAsReset() throws {
    var game = SlotMachineGame(5, seed: 3)
    game.spin()
    game.reset()
    let restored = try #require(SlotMachineGame(restoring: game.snapshot))
    #expect(restored.lastOutcome == nil && restored.lastPayout == nil && restored.score == 100)
}

@Test func aSnapshotTheRulesCannotReachDoesNotRestore() {
    var game = SlotMachineGame(3, seed: 5144)
    game.spin()  // the jackpot: +300
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
