import ArcadeUI
import Testing

/// What screens ask of keys and inputs (the bytes they come from are ArcadeTerminal's).
@Suite struct InputTests {
    @Test func lettersStayLettersUnlessAScreenAsksForVimKeys() {
        #expect(Key.character("h").direction(vimKeys: false) == nil)
        #expect(Key.character("h").direction(vimKeys: true) == .left)
        #expect(Key.character("j").direction(vimKeys: true) == .down)
        #expect(Key.character("k").direction(vimKeys: true) == .up)
        #expect(Key.character("l").direction(vimKeys: true) == .right)
        #expect(Key.up.direction(vimKeys: false) == .up)
        #expect(Key.character("x").direction(vimKeys: true) == nil)
    }

    @Test func digitsAndActivationKeys() {
        #expect(Key.character("3").digit == 3)
        #expect(Key.character("a").digit == nil)
        #expect(Key.character("٣").digit == nil)  // only ASCII digits pick games
        #expect(Key.enter.isActivate && Key.space.isActivate)
        #expect(!Key.tab.isActivate)
    }

    @Test func aClickIsALeftPress() {
        #expect(Input.mouse(MouseEvent(.press, at: Point(x: 3, y: 4))).clickPoint == Point(x: 3, y: 4))
        #expect(Input.mouse(MouseEvent(.release, at: Point(x: 3, y: 4))).clickPoint == nil)
        #expect(Input.key(.enter).clickPoint == nil)
    }
}
