import ArcadeTestSupport
import Testing

@testable import ArcadeUI

/// A screen that keeps every input it is given and quits on `x`.
private struct ListeningScreen: Screen {
    var heard: [Input] = []
    var minimumSize = Size(width: 20, height: 5)
    var wantsTicks: Bool { false }

    func minimumSize(in frame: Frame) -> Size { minimumSize }

    mutating func update(_ input: Input, in frame: Frame) -> [LoopControl] {
        if input == .key(.character("x")) { return [.exit(0)] }
        heard.append(input)
        return []
    }

    func render(into grid: inout CellGrid) {}
}

/// A network whose one socket (descriptor 7) brings `lines` each time it is served.
private final class ScriptedNetwork: NetworkSource {
    var lines: [[UInt8]]
    var served: [[Int32]] = []

    init(lines: [[UInt8]]) { self.lines = lines }

    var watched: [WatchedDescriptor] { [WatchedDescriptor(7)] }

    func serve(_ ready: [Int32], at time: Double) -> [NetworkInput] {
        served.append(ready)
        return lines.map { NetworkInput(connection: 1, event: .line($0), time: time) }
    }
}

@Suite struct RunLoopNetworkTests {
    init() { prepareForDrawing() }

    private func run(_ screen: inout ListeningScreen, on device: FakeTerminal, network: ScriptedNetwork) -> Int32 {
        RunLoop<ListeningScreen>(device: device, network: network, clock: FakeClock().reading).run(&screen) { effect, _ in effect }
    }

    @Test func whatTheNetworkBringsReachesTheScreenInOrderBetweenKeys() {
        var screen = ListeningScreen()
        let network = ScriptedNetwork(lines: [Array("one".utf8), Array("two".utf8)])
        let device = FakeTerminal(script: [.input(.key(.character("a"))), .network([7]), .input(.key(.character("b"))),
                                           .input(.key(.character("x")))])
        #expect(run(&screen, on: device, network: network) == 0)
        #expect(network.served == [[7]])
        #expect(screen.heard == [.key(.character("a")),
                                 .network(NetworkInput(connection: 1, event: .line(Array("one".utf8)), time: 100)),
                                 .network(NetworkInput(connection: 1, event: .line(Array("two".utf8)), time: 100)),
                                 .key(.character("b"))])
    }

    @Test func theGameFollowsItsTableWhileTheScreenIsTooSmallToShowIt() {
        var screen = ListeningScreen()
        let network = ScriptedNetwork(lines: [Array("claim".utf8)])
        let device = FakeTerminal(size: Size(width: 10, height: 3),
                                  script: [.input(.key(.character("a"))), .network([7]), .input(.key(.character("x")))])
        screen.minimumSize = Size(width: 20, height: 5)
        let status = run(&screen, on: device, network: network)
        #expect(status == ExitStatus.inputClosed, "x is not taken behind the too-small message: the script ran out")
        #expect(screen.heard == [.network(NetworkInput(connection: 1, event: .line(Array("claim".utf8)), time: 100))],
                "keys wait for the screen to fit; the network does not")
    }
}
