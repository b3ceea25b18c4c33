import ArcadeUI

@testable import ArcadeApp

/// A tiny game for shell tests: counts presses, can run a clock, can finish.
struct TestGame: GameScreen, Codable {
    var presses = 0
    var clock = 0.0
    var running = false
    var finished = false
    var seed: UInt64 = 0
    /// What the game was opened with: the `"test.style"` setting and the days with a daily result.
    var setting: String?
    var dailyDays: [String] = []
    /// Each mode's best it was opened with (`GameContext.bests`).
    var bests: [String: Int] = [:]

    init(seed: UInt64 = 0) {
        self.seed = seed
    }

    /// A game that shows the setting and daily results it was opened with.
    init(context: GameContext) {
        seed = context.seed
        setting = context.settings["test.style"]
        dailyDays = context.daily.keys.sorted()
        bests = context.bests
    }

    func bindings(in frame: Frame) -> [Binding<Never>] {
        [Binding(keys: [.character("x")], hint: KeyHint("x", "press"), help: KeyHint("x", "press")) { _ in nil }]
    }

    mutating func perform(_ action: Never, in frame: Frame) -> [GameEffect] {}

    /// Its own inputs, not through bindings: every key and click counts as a press.
    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        switch input {
        case .key(.character("t")):
            running.toggle()
        case .key(.character("e")):
            finished = true
            return [.recordScore(presses * 10, figures: ["time": "0:42"]), .sound(.handWon)]
        case .key(.character("b")):
            return [.leave]
        case .key(.character("n")):
            return [.confirm(.newGame)]
        case .key(.character("r")):
            return [.remember(setting: "test.style", value: "style \(presses)")]
        case .key(.character("y")):
            return [.recordDaily(day: "2026-12-01", DailyOutcome(seconds: Double(30 + presses), misses: presses, found: 6))]
        case .key:
            presses += 1
        case .mouse(let event) where event.action == .press:
            presses += 1
        case .tick(let elapsed):
            clock += elapsed
        default:
            break
        }
        return []
    }

    func render(into grid: inout CellGrid) {
        grid.write("Test game: \(presses) presses, clock \(clock)", at: Point(x: 0, y: 0))
        if setting != nil || !dailyDays.isEmpty {
            grid.write("Setting: \(setting ?? "none"); daily: \(dailyDays.joined(separator: ","))", at: Point(x: 0, y: 1))
        }
    }

    func minimumSize(in frame: Frame) -> Size { Size(width: 30, height: 6) }
    var wantsTicks: Bool { running }
    var isInProgress: Bool { presses > 0 && !finished }
    var helpTitle: String { "Test" }
    func helpNotes(in frame: Frame) -> [String] { ["A game for tests."] }

    /// Kept when left in progress: its whole state.
    func savedState() -> GameSave? {
        isInProgress ? SavedState.encode(self, version: 1, summary: "\(presses) presses") : nil
    }

    /// The game `state` describes.
    static func resume(_ state: String, _ context: GameContext) -> (any GameScreen)? {
        SavedState.decode(TestGame.self, version: 1, from: state)
    }

    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        presses = 0
        return [.sound(.cardDrawn)]
    }
}
