import ArcadeUI
import Testing

@testable import ArcadeApp

/// The menu, settings and statistics pages share one dispatch: a click stands for one of the
/// page's actions, as a key does, and ticks, resizes and focus leave a page as it was.
@Suite struct ArcadePageTests {
    static let frame = Frame(size: Size(width: 80, height: 23))

    static func press(_ point: Point) -> MouseEvent { MouseEvent(.press, at: point) }

    @Test func aClickOnAMenuRowIsItsNumber() throws {
        var menu = MenuScreen(rows: GameCatalog.games.enumerated().map { index, info in
            MenuScreen.Row(id: info.id, number: index + 1, title: info.title, summary: info.summary)
        })
        _ = menu.perform(.move(1))
        let second = try #require(menu.cursorPosition(in: Self.frame.size))
        _ = menu.perform(.first)
        #expect(menu.action(for: Self.press(second), in: Self.frame) == .open(number: 2))
        #expect(menu.update(.mouse(Self.press(second)), in: Self.frame) == [.open(GameCatalog.games[1].id)])
        #expect(menu.selected == 1)
        #expect(menu.action(for: MouseEvent(.wheelDown, at: second), in: Self.frame) == .move(1))
    }

    @Test func aClickOnASettingIsAFocusOrAPick() throws {
        var settings = SettingsScreen(values: [:])
        let layout = SettingsScreen.Layout(size: Self.frame.size, screen: settings)
        let theme = try #require(layout.rows.first)
        let sound = try #require(layout.rows.first { $0.row.key == SettingKey.sound })
        #expect(settings.action(for: Self.press(theme.choices[2].origin), in: Self.frame) == .pick(row: 0, choice: 2))
        #expect(settings.action(for: Self.press(sound.title.origin), in: Self.frame) == .focus(row: sound.index))
        #expect(settings.update(.mouse(Self.press(sound.title.origin)), in: Self.frame).isEmpty)
        #expect(settings.focus == sound.index)
        let value = theme.row.choices[2].value
        #expect(settings.update(.mouse(Self.press(theme.choices[2].origin)), in: Self.frame)
                    == [.change(key: SettingKey.theme, value: value)])
        #expect(settings.focus == 0 && settings.values[SettingKey.theme] == value)
    }

    /// A row too narrow for all its choices shows the chosen one alone; a click on it takes
    /// the next choice of that row, and the marker and focus are that row's.
    @Test func aClickOnANarrowRowChangesThatRow() throws {
        for width in [50, 60] {
            let frame = Frame(size: Size(width: width, height: 20))
            var settings = SettingsScreen(values: [:], games: GameCatalog.games.flatMap(\.settings))
            let layout = SettingsScreen.Layout(size: frame.size, screen: settings)
            let memory = try #require(layout.rows.first { $0.row.key == SettingKey.memoryFlipBack })
            #expect(memory.compact, "\(width) columns: the flip-back times do not all fit")
            let value = try #require(memory.choices.first { $0.width > 0 })
            let effects = settings.update(.mouse(Self.press(value.origin)), in: frame)
            #expect(settings.focus == memory.index, "\(width) columns: the clicked row has focus")
            #expect(effects == [.change(key: SettingKey.memoryFlipBack, value: "1.5")], "\(width) columns: \(effects)")
            var grid = CellGrid(size: frame.size)
            settings.render(into: &grid)
            let marked = grid.text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains("▶") }
            #expect(marked.count == 1 && marked[0].contains("Memory turns back"), "\(width) columns: one marker\n\(grid.text)")
        }
    }

    @Test func aClickOnAStatisticsTabIsItsNumber() {
        let statistics = StatisticsScreen(statistics: GameCatalog.games.map { GameStatistics($0) })
        // The tabs start after the title: " 1 Set " is at columns 13–19, " 2 Memory " after it.
        #expect(statistics.action(for: Self.press(Point(x: 15, y: 0)), in: Self.frame) == .show(number: 1))
        #expect(statistics.action(for: MouseEvent(.wheelDown, at: Point(x: 15, y: 0)), in: Self.frame) == nil)
    }

    @Test func ticksResizesAndFocusLeaveAPageAsItWas() {
        var settings = SettingsScreen(values: [:])
        _ = settings.perform(.move(2))
        let before = settings
        for input in [Input.tick(1), .resize(Size(width: 100, height: 30)), .focus(.lost)] {
            #expect(settings.update(input, in: Self.frame).isEmpty)
        }
        #expect(settings.focus == before.focus && settings.values == before.values)
    }
}
