import ArcadeRecords
import ArcadeStore
import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Foundation
import Testing

@testable import ArcadeApp

/// The coach's chart (`w`) and drill (`d` there, `--drill`): the record kept by situation,
/// shown as the chart's plays, and drilled on the hands gone wrong most.
@Suite struct BlackjackCoachChartTests {
    init() { prepareForDrawing() }

    private let frame = Frame.game80x23

    private let tallies = ["hard 16 v 10": Tally(right: 1, total: 3), "hard 12 v 3": Tally(right: 0, total: 1),
                           "hard 11 v 6": Tally(right: 4, total: 4), "soft 18 v 9": Tally(right: 0, total: 1),
                           "pair 8 v 10": Tally(right: 2, total: 2)]

    @Test func theChartShowsThePlaysAndWhereThePlayerGoesWrong() {
        var screen = BlackjackScreen(seed: 3, scores: [], tallies: tallies)
        _ = screen.update(.key(.character("w")))
        #expect(screen.page == .chart)
        let text = screen.text(in: frame)
        #expect(text.contains("Coach's chart: hard hands"), "opens on the kind gone wrong most")
        let lines = text.split(separator: "\n").map(String.init)
        let sixteen = lines.first { $0.contains("│ 16 ") } ?? ""
        // 16 against a 10: surrender (late surrender is on), wrong twice.
        #expect(sixteen.contains(" R✗2 "), "\(sixteen)")
        #expect(sixteen.contains(" S   S   S   S   S   H   H "), "16: stand on 2–6, hit 7–8, not played")
        let eleven = lines.first { $0.contains("│ 11 ") } ?? ""
        #expect(eleven.contains(" D✓ "), "always right against a 6")
        #expect(text.contains("Right 63% of 11"))
        #expect(text.contains("Wrong most"))
        #expect(text.contains("16 v 10") && text.contains("2/3"))
        #expect(text.contains("A7 v 9") && text.contains("1/1"))
        assertSnapshot(text, named: "blackjack-coach-chart-80x23")
        // → soft hands, → pairs, → back to hard; the buttons too.
        _ = screen.update(.key(.right))
        #expect(screen.text(in: frame).contains("Coach's chart: soft hands"))
        #expect(screen.text(in: frame).contains("│ A7 ") && screen.text(in: frame).contains(" H✗1"))
        _ = screen.update(.key(.right))
        let pairs = screen.text(in: frame)
        #expect(pairs.contains("Coach's chart: pairs") && pairs.contains("│ 8,8 ") && pairs.contains(" P✓ "))
        _ = screen.update(.key(.right))
        #expect(screen.chart.kind == .hard)
        _ = screen.update(.key(.escape))
        #expect(screen.page == .table)
    }

    @Test func withNoRecordTheChartSaysHowToStartOne() {
        var screen = BlackjackScreen(seed: 3, scores: [])
        _ = screen.update(.key(.character("w")))
        let text = screen.text(in: frame)
        #expect(text.contains("Nothing kept yet"))
        #expect(text.contains("[ Drill ]") && text.contains("[ Back ]"))
    }

    @Test func theDrillJudgesEachHandCountsItAndStaysOnAWrongOne() {
        var screen = BlackjackScreen(seed: 3, scores: [], tallies: tallies)
        _ = screen.update(.key(.character("w")))
        _ = screen.update(.key(.character("d")))
        #expect(screen.page == .drill)
        var text = screen.text(in: frame)
        #expect(text.contains("Blackjack · Drill · 6 decks"))
        #expect(text.contains("No money: one decision a hand"))
        #expect(text.contains("Your play on "))
        let drill = try! #require(screen.drill)
        // The chart's play: judged right, counted, and the next hand is dealt at once.
        var effects = screen.update(.key(BlackjackStatusTests.key(for: drill.advice)))
        #expect(effects == [.tally(key: drill.situation.key, right: true)])
        #expect(screen.drill?.answered == 1 && screen.drill?.right == 1)
        text = screen.text(in: frame)
        #expect(text.contains("Drill 1 of 1 right"))
        #expect(text.contains("✓ Right: \(BlackjackCoach.verb(drill.advice)) on "), "the verdict on the last hand stays in view")
        // A play that is not the chart's: the hand stays, with the chart's play, until Enter.
        let next = try! #require(screen.drill)
        let wrong: PlayerAction = next.advice == .stand ? .hit : .stand
        effects = screen.update(.key(BlackjackStatusTests.key(for: wrong)))
        #expect(effects == [.tally(key: next.situation.key, right: false)])
        text = screen.text(in: frame)
        #expect(text.contains("✗ Basic strategy: \(BlackjackCoach.verb(next.advice)) on "))
        #expect(text.contains("Drill 1 of 2 right") && text.contains("Enter: the next hand."))
        #expect(screen.update(.key(.character("h"))).isEmpty, "only Enter goes on")
        #expect(screen.drill?.playerCards == next.playerCards)
        text = screen.text(in: frame)
        #expect(text.contains("✗ Basic strategy: \(BlackjackCoach.verb(next.advice)) on "), "the chart's play stays in view")
        #expect(text.contains("Press Enter for the next hand."))
        _ = screen.update(.key(.enter))
        #expect(screen.drill?.lastAnswer == nil && screen.drill?.answered == 2)
        #expect(!screen.text(in: frame).contains("Enter"), "the next hand starts clean: \(screen.text(in: frame))")
        // Both answers are in the record the chart shows.
        #expect(screen.coach.decisionsEver == 13)
        #expect(screen.coach.decisions == 0, "the table's session count is the table's")
        // The chart from the drill comes back to it, with Esc or with d (the same drill, its score kept).
        let onShow = screen.drill
        _ = screen.update(.key(.character("w")))
        _ = screen.update(.key(.escape))
        #expect(screen.page == .drill)
        _ = screen.update(.key(.character("w")))
        _ = screen.update(.key(.character("d")))
        #expect(screen.page == .drill && screen.drill?.answered == 2 && screen.drill?.playerCards == onShow?.playerCards)
        _ = screen.update(.key(.escape))
        #expect(screen.page == .table && screen.drill == nil)
    }

    @Test func aPlayTheDrillCannotTakeSaysWhy() {
        var noSurrender = TableRules()
        noSurrender.lateSurrender = false
        var screen = BlackjackScreen(seed: 3, scores: [], rules: noSurrender)
        screen.openDrill()
        #expect(screen.update(.key(.character("r"))).isEmpty)
        #expect(screen.text(in: frame).contains("Surrender is not offered at this table."))
        #expect(screen.drill?.answered == 0)
    }

    @Test func drillFlagOpensOnTheDrillAndItsButtonsTakeClicks() {
        let info = GameCatalog.games.first { $0.id == .blackjack }!
        var shell = TestShell(games: [info], size: Size(width: 80, height: 24), seed: { 4 })
        shell.open(.blackjack, options: ["--drill": ""])
        #expect(shell.text.contains("No money: one decision a hand"))
        #expect(shell.text.contains("h s d p r answer") && shell.text.contains("w chart") && shell.text.contains("Enter next"))
        let before = shell.screen(as: BlackjackScreen.self)?.drill
        let lines = shell.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = lines.firstIndex { $0.contains("[ Stand ]") }!
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "[ Stand ]")!.lowerBound)
        let effects = shell.update(.mouse(MouseEvent(.press, at: Point(x: column + 2, y: row))))
        #expect(effects.contains(.game(.blackjack, .tally(key: before!.situation.key, right: before!.advice == .stand))))
        #expect(shell.screen(as: BlackjackScreen.self)?.drill?.answered == 1)
    }

    @Test func decisionsAreKeptAndTheNextRunsChartHasThem() throws {
        try withTemporaryDirectory { folder in
            let device = FakeTerminal(script: [])
            let games = GameCatalog.games.filter { $0.id == .blackjack }
            let runtime = EffectRuntime(games: games, data: ArcadeData(directory: folder), player: "ann",
                                        device: device, sound: nil, isMuted: false)
            var shell = ArcadeShell(games: games, seed: { 4 })
            let frame = Frame(size: device.size)
            var effects = shell.open(.blackjack, options: ["--drill": ""], in: frame)
            let drill = try #require((shell.activeScreen as? BlackjackScreen)?.drill)
            let wrong: PlayerAction = drill.advice == .stand ? .hit : .stand
            effects += shell.update(.key(BlackjackStatusTests.key(for: wrong)), in: frame)
            for effect in effects { _ = runtime.perform(effect, on: &shell, in: frame) }
            let kept = ArcadeData(directory: folder).tallies(for: games, player: "ann")
            #expect(kept[.blackjack] == [drill.situation.key: Tally(right: 0, total: 1)])
            // The next run opens with the record: its chart lists the hand gone wrong.
            var next = ArcadeShell(games: games, seed: { 4 }, history: { PlayerHistory(tallies: kept) })
            _ = next.open(.blackjack, in: frame)
            _ = next.update(.key(.character("w")), in: frame)
            var grid = CellGrid(size: device.size)
            next.render(into: &grid)
            #expect(grid.text.contains("Wrong most") && grid.text.contains(CoachChart.shortName(drill.situation)))
            #expect(grid.text.contains("Right 0% of 1"))
        }
    }

    @Test func hard17AndHard18UpAreTheirOwnRowsSoSurrenderTo17AtH17IsNotShownFor20() {
        var rules = TableRules()
        rules.dealerHitsSoft17 = true
        let chart = CoachChart(kind: .hard, rules: rules, record: [:])
        let seventeen = chart.rows.firstIndex { $0.label == "17" }!, higher = chart.rows.firstIndex { $0.label == "18+" }!
        #expect(chart.cells[seventeen].last?.advice == .surrender)
        #expect(chart.cells[higher].allSatisfy { $0.advice == .stand })
        #expect(chart.rows.count == 11 && chart.rows.first?.label == "5-8")
    }

    @Test func theWholeChartAndItsRecordFitTheSmallestTableAndReadInASCII() {
        var screen = BlackjackScreen(seed: 3, scores: [], tallies: tallies)
        _ = screen.update(.key(.character("w")))
        let smallest = Frame(size: Size(width: 60, height: 16), theme: Theme(ascii: true))
        let text = screen.text(in: smallest)
        #expect(text.contains("| 5-8 ") && text.contains("| 18+ "), "every row, in ASCII: \(text)")
        #expect(text.contains("% right"), "the share right in the title")
        #expect(!text.contains("?"))
        let taller = screen.text(in: Frame(size: Size(width: 60, height: 23)))
        #expect(taller.contains("Wrong most: 16 v 10 2/3"))
    }

    @Test func withOneOrTwoDecksTheChartSaysItIsTheMultiDeckOne() {
        var rules = TableRules()
        rules.decks = 1
        var screen = BlackjackScreen(seed: 3, scores: [], rules: rules)
        _ = screen.update(.key(.character("w")))
        #expect(screen.text(in: frame).contains("The 4–8-deck chart: with 1 deck a few cells differ."))
        var six = BlackjackScreen(seed: 3, scores: [])
        _ = six.update(.key(.character("w")))
        #expect(!six.text(in: frame).contains("4–8-deck chart"))
    }

    @Test func aPairTheTableWillNotSplitIsCountedAsItsTotal() {
        // Bet 100 of a score of 100: a split cannot be covered, so 8,8 is a hard 16.
        let stacked = [Card(.eight, of: .spades), Card(.ten, of: .clubs), Card(.eight, of: .hearts), Card(.seven, of: .diamonds),
                       Card(.two, of: .clubs)]
        var game = BlackjackGame(seed: 11, stackedCards: stacked)
        game.bet = 100
        var screen = BlackjackScreen(game: game, showsNewGameAlert: false)
        _ = screen.update(.key(.character("c")))
        _ = screen.update(.key(.enter))
        #expect(!screen.game.canSplit)
        let effects = screen.update(.key(.character("h")))
        #expect(effects.contains(.tally(key: "hard 16 v 10", right: false)), "\(effects)")
    }

}
