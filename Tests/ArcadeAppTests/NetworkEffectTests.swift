import ArcadeTerminal
import ArcadeUI
import Foundation
import ArcadeTestSupport
import Testing

@testable import ArcadeApp

/// A game that listens on the loopback interface when opened and keeps what its connections
/// bring (Set with friends plays this way).
private struct ListeningGame: GameScreen {
    enum Action: Equatable { case none }
    var arrived: [NetworkInput] = []

    static let entry = GameInfo(id: GameID(rawValue: "listening"), summary: "Listens", make: { _ in ListeningGame() })

    var helpTitle: String { "Listening" }
    var wantsTicks: Bool { false }
    var isInProgress: Bool { false }
    func minimumSize(in frame: Frame) -> Size { Size(width: 20, height: 3) }
    func bindings(in frame: Frame) -> [Binding<Action>] { [] }
    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] { [] }
    mutating func start(in frame: Frame) -> [GameEffect] {
        [.network(.listen(host: "127.0.0.1", port: 0, lineLimit: 64))]
    }
    mutating func arrived(_ input: NetworkInput, in frame: Frame) -> [GameEffect] {
        arrived.append(input)
        return []
    }
    /// Set false to be a game that forgets to close its sockets as it is left.
    var closesOnLeaving = true
    mutating func willLeave() -> [GameEffect] { closesOnLeaving ? [.network(.closeAll)] : [] }
    func render(into grid: inout CellGrid) {
        grid.write("heard \(arrived.count)", at: Point(x: 0, y: 0))
    }
}

@Suite struct NetworkEffectTests {
    let frame = Frame(size: Size(width: 80, height: 24))
    let games = [ListeningGame.entry]

    init() { prepareForDrawing() }

    /// What the network reports among `reports` say.
    private func heard(_ reports: [RuntimeReport]) -> [NetworkInput.Event] {
        reports.compactMap { report in
            if case .network(let arrived) = report { return arrived.event }
            return nil
        }
    }

    private func withRuntime(network: SocketNetwork?, _ body: (EffectRuntime) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arcade-net-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(EffectRuntime(games: games, data: ArcadeData(directory: folder), player: "ann",
                               device: FakeTerminal(script: []), sound: nil, isMuted: true, network: network))
    }

    @Test func aGameOpenedListensAndHearsWhereItListensAndWhatComesEvenUnderHelp() throws {
        let network = SocketNetwork()
        try withRuntime(network: network) { runtime in
            var shell = ArcadeShell(games: games, seed: { 1 })
            for effect in shell.open(ListeningGame.entry.id, in: frame) { _ = runtime.perform(effect, on: &shell, in: frame) }
            let game = try #require(shell.activeScreen as? ListeningGame)
            guard case .listening(let port)? = game.arrived.first?.event else {
                Issue.record("no port: \(game.arrived)")
                return
            }
            #expect(port > 0 && network.watched.count == 1)

            _ = shell.update(.key(.character("?")), in: frame)
            #expect(shell.overlay == .help)
            let line = NetworkInput(connection: 3, event: .line(Array("hi".utf8)), time: 2)
            _ = shell.update(.network(line), in: frame)
            #expect((shell.activeScreen as? ListeningGame)?.arrived.last == line, "the game follows its table under help")
            #expect(shell.overlay == .help, "and help stays open")

            for effect in shell.leaveGame() { _ = runtime.perform(effect, on: &shell, in: frame) }
            #expect(network.watched.isEmpty, "leaving the game closes its sockets")
        }
    }

    @Test func aGameThatForgetsItsSocketsStillHasThemClosedBackOnTheMenu() throws {
        let network = SocketNetwork()
        try withRuntime(network: network) { runtime in
            let forgetful = GameInfo(id: GameID(rawValue: "forgetful"), summary: "Forgets", make: { _ in
                var game = ListeningGame()
                game.closesOnLeaving = false
                return game
            })
            var shell = ArcadeShell(games: [forgetful], seed: { 1 })
            for effect in shell.open(forgetful.id, in: frame) { _ = runtime.perform(effect, on: &shell, in: frame) }
            #expect(network.watched.count == 1, "listening")
            for effect in shell.leaveGame() { _ = runtime.perform(effect, on: &shell, in: frame) }
            #expect(network.watched.isEmpty, "nobody listens for a game no longer on screen")
        }
    }

    @Test func anAddressThatCannotBeListenedOnIsToldToTheGame() throws {
        try withRuntime(network: SocketNetwork()) { runtime in
            let (_, reports) = runtime.perform(.game(ListeningGame.entry.id, .network(.listen(host: "10.0.0.999", port: 1, lineLimit: 64))))
            #expect(heard(reports) == [.closed("10.0.0.999 is not an address to listen on")])
        }
        try withRuntime(network: nil) { runtime in
            let (_, reports) = runtime.perform(.game(ListeningGame.entry.id, .network(.connect(host: "127.0.0.1", port: 9, lineLimit: 64))))
            #expect(heard(reports) == [.closed("this arcade has no network")])
        }
    }
}
