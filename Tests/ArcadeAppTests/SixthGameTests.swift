import ArcadeCore
import ArcadeRecords
import ArcadeStore
import ArcadeUI
import Foundation
import ArcadeTestSupport
import Testing

@testable import ArcadeApp

/// A game is one catalog entry: a coin toss, registered in the one line of `games` below,
/// appears on the menu, opens by its number, keeps its results for the statistics page and
/// `stats --json`, and is saved and resumed, with no other file of the arcade changed.
@Suite struct SixthGameTests {
    /// The arcade's five games and the coin toss: the one line that registers it.
    static let games = GameCatalog.games + [CoinToss.entry]

    let frame = Frame(size: Size(width: 80, height: 24))

    init() { prepareForDrawing() }

    /// A shell and runtime on the store in `folder`, started as `Arcade.main` starts them.
    private func arcade(in folder: String) -> (shell: ArcadeShell, runtime: EffectRuntime) {
        let data = ArcadeData(directory: folder)
        let shell = ArcadeShell(games: Self.games, scores: data.scores(for: Self.games), saved: data.savedGames(),
                                seed: { 3 }, now: { 1_000_000 })
        let runtime = EffectRuntime(games: Self.games, data: data, player: "ann", device: FakeTerminal(script: []),
                                    sound: nil, isMuted: true)
        return (shell, runtime)
    }

    /// Type `keys` one at a time, each effect carried out by the runtime.
    private func type(_ keys: String, _ shell: inout ArcadeShell, _ runtime: EffectRuntime) {
        for key in keys {
            let input: Input = key == "\n" ? .key(.enter) : .key(.character(key))
            for effect in shell.update(input, in: frame) { _ = runtime.perform(effect, on: &shell, in: frame) }
            shell.presented()
        }
    }

    private func text(_ shell: ArcadeShell) -> String {
        var grid = CellGrid(size: frame.size, theme: frame.theme)
        shell.render(into: &grid)
        return grid.text
    }

    private func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arcade-sixth-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func theMenuShowsItAsTheSixthGameAndItsNumberOpensIt() throws {
        try withFolder { folder in
            var (shell, runtime) = arcade(in: folder)
            let menu = text(shell)
            #expect(menu.contains("6  Coin toss") && menu.contains("Call five tosses of a coin"), "\(menu)")
            #expect(menu.contains("1-6 game") && menu.contains("six games in your terminal"), "\(menu)")
            type("6", &shell, runtime)
            #expect(shell.activeGame == CoinToss.entry.id)
            #expect(text(shell).contains("Tosses 0 of 5"))
        }
    }

    @Test func itsFinishedGamesAreOnTheStatisticsPageAndInTheJSON() throws {
        try withFolder { folder in
            var (shell, runtime) = arcade(in: folder)
            type("6ttttt", &shell, runtime)  // seed 3: five tosses, the game kept
            let heads = try #require(shell.activeScreen as? CoinToss).heads
            type("q", &shell, runtime)
            #expect(shell.activeGame == nil)
            #expect(text(shell).contains("best \(heads)"), "the menu shows its best\n\(text(shell))")

            type("s6", &shell, runtime)
            let page = text(shell)
            #expect(page.contains("[6 Coin toss]") && page.contains("Played 1"), "\(page)")
            #expect(page.contains("Heads  \(heads) of 5"), "its own figures, from its entry\n\(page)")

            let json = try StatisticsJSON.report(directory: folder, games: Self.games)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let games = try #require(document["games"] as? [[String: Any]])
            let coin = try #require(games.first { $0["game"] as? String == "cointoss" })
            #expect(coin["played"] as? Int == 1 && coin["best"] as? Int == heads)
            #expect((coin["figures"] as? [String: Int]) == ["heads": heads, "tosses": 5])
        }
    }

    @Test func aGameLeftHalfWayIsSavedAndResumedInTheNextRun() throws {
        try withFolder { folder in
            var (shell, runtime) = arcade(in: folder)
            type("6tt", &shell, runtime)
            let played = try #require(shell.activeScreen as? CoinToss)
            type("q", &shell, runtime)
            if text(shell).contains("(y/n)") { type("y", &shell, runtime) }
            #expect(shell.activeGame == nil)
            #expect(text(shell).contains("saved game"), "the menu marks its save\n\(text(shell))")

            var (next, nextRuntime) = arcade(in: folder)
            type("6", &next, nextRuntime)
            #expect(text(next).contains("Your last game of Coin toss") && text(next).contains("Resume (2 tosses"),
                    "the resume offer\n\(text(next))")
            type("\n", &next, nextRuntime)
            let resumed = try #require(next.activeScreen as? CoinToss)
            #expect(resumed == played, "the same tosses, and the same coin to come")
            #expect(text(next).contains("Tosses 2 of 5"))
        }
    }
}

/// Five tosses of a seeded coin; the score is the heads. Kept when left half-way.
struct CoinToss: GameScreen, Codable, Equatable {
    static let entry = GameInfo(
        id: GameID(rawValue: "cointoss"), title: "Coin toss", summary: "Call five tosses of a coin",
        make: { context in CoinToss(seed: context.seed) },
        resume: { state, _ in SavedState.decode(CoinToss.self, version: 1, from: state) },
        statistics: StatisticsShape(figures: { CoinFigures(recent: $0) }))

    static let tossesPerGame = 5
    var coin: SeededGenerator
    var tosses = 0
    var heads = 0

    init(seed: UInt64) { coin = SeededGenerator(seed: seed) }

    enum Action { case toss }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        [Binding([.character("t")], .toss, hint: "toss", help: "toss the coin")]
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        guard tosses < Self.tossesPerGame else { return [] }
        tosses += 1
        if Bool.random(using: &coin) { heads += 1 }
        guard tosses == Self.tossesPerGame else { return [] }
        return [.recordScore(heads, figures: ["heads": "\(heads)", "tosses": "\(tosses)"])]
    }

    func render(into grid: inout CellGrid) {
        grid.write("Tosses \(tosses) of \(Self.tossesPerGame), heads \(heads)", at: Point(x: 0, y: 0))
    }

    func minimumSize(in frame: Frame) -> Size { Size(width: 30, height: 4) }
    var wantsTicks: Bool { false }
    var isInProgress: Bool { tosses > 0 && tosses < Self.tossesPerGame }
    var helpTitle: String { "Coin toss" }

    func savedState() -> GameSave? {
        isInProgress ? SavedState.encode(self, version: 1, summary: "\(tosses) tosses") : nil
    }
}

/// The coin toss's own figures on the statistics page: the heads of its last game.
struct CoinFigures: GameFigures, Equatable {
    var heads: Int
    var tosses: Int

    init(recent: [FinishedGame]) {
        heads = recent.last.flatMap { $0.figures["heads"].flatMap(Int.init) } ?? 0
        tosses = recent.last.flatMap { $0.figures["tosses"].flatMap(Int.init) } ?? 0
    }

    func lines(for shown: GameStatistics) -> [String] { ["Heads  \(heads) of \(tosses)"] }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: StatisticsJSON.Key.self)
        try container.encode(heads, forKey: "heads")
        try container.encode(tosses, forKey: "tosses")
    }
}
