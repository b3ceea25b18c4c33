import ArcadeUI

extension MemoryScreen {
    /// Where the cursor goes when it follows focus: on the choice before a game, the chosen
    /// level's or symbol set's tab, or the Start button, whichever row is focused; on the
    /// board, the first cell inside the card under the cursor while the game goes on.
    func cursorPosition(in frame: Frame) -> Point? {
        let point: Point?
        switch phase {
        case .choosing:
            let layout = MemoryChoiceLayout(size: frame.size)
            switch choiceRow {
            case .level:
                point = Self.selectedTabText(levelTabs, in: layout.value(.level))
            case .symbols:
                point = Self.selectedTabText(symbolTabs, in: layout.value(.symbols))
            case .start:
                // The title starts after the bracket and the focus marker ("[>Start<]").
                point = Point(x: layout.startButton.x + 2, y: layout.startButton.y)
            }
        case .playing:
            guard let game, !game.isOver(now: now) else { return nil }
            point = boardLayout(size: frame.size).card(at: cursor.index).map { Box.inner(of: $0).origin }
        }
        return point.flatMap { frame.bounds.contains($0) ? $0 : nil }
    }

    /// The first cell of the selected tab's title (after its `[`) when `tabs` are drawn in `rect`.
    private static func selectedTabText(_ tabs: TabBar, in rect: Rect) -> Point? {
        let frames = tabs.frames(in: rect)
        guard frames.indices.contains(tabs.selectedIndex) else { return nil }
        let tab = frames[tabs.selectedIndex]
        return Point(x: tab.x + 1, y: tab.y)
    }
}
