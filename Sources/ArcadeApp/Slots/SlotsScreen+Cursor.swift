import ArcadeUI

extension SlotsScreen {
    /// Where the cursor goes when it follows focus. No button takes focus here (Space spins the
    /// machine on screen, Tab and ← → switch machines), so the focus is the current machine:
    /// the cursor is on its tab's title, after the `[` that marks it (`[1 3-digit]`).
    func cursorPosition(in frame: Frame) -> Point? {
        let layout = SlotsLayout(frame: frame, digits: current.game.numberOfDigits)
        let frames = tabs.frames(in: layout.tabBar)
        guard frames.indices.contains(tabs.selectedIndex) else { return nil }
        let tab = frames[tabs.selectedIndex]
        let point = Point(x: tab.x + 1, y: tab.y)
        return frame.bounds.contains(point) && layout.tabBar.contains(point) ? point : nil
    }
}
