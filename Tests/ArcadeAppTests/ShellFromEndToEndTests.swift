import ArcadeTestSupport
import ArcadeUI
import Testing

@testable import ArcadeApp

/// What the end-to-end menu tests showed, on the shell itself: a game left untouched goes
/// back to the menu without a question, with the menu's choice on it, so Enter opens it again.
@Suite struct ShellFromEndToEndTests {
    init() { prepareForDrawing() }

    @Test func theMenuComesBackOnTheGameJustLeftAndEnterOpensItAgain() {
        let games = ["set", "memory", "slots"].map { name in
            GameInfo(id: GameID(rawValue: name), summary: name, make: { context in TestGame(seed: context.seed) })
        }
        var shell = TestShell(games: games, size: Size(width: 80, height: 24), seed: { 1 })
        _ = shell.update(.key(.character("3")))
        #expect(shell.activeGame == .slots)
        _ = shell.update(.key(.character("q")))  // nothing played: back without a question
        #expect(shell.activeGame == nil && shell.overlay == nil)
        _ = shell.update(.key(.enter))
        #expect(shell.activeGame == .slots)
        _ = shell.update(.key(.escape))  // Esc leaves an untouched game as q does
        #expect(shell.activeGame == nil && shell.overlay == nil)
    }
}
