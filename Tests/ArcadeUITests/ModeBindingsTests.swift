import ArcadeUI
import Testing

/// One binding table for a screen with pages and alerts, and the one ASCII spelling of
/// a screen's own words.
@Suite struct ModeBindingsTests {
    enum Mode: Hashable, CaseIterable {
        case table, page
    }

    enum Action: Hashable, Sendable {
        case deal, open, back
    }

    static let keys = ModeBindings<Mode, Action>([
        .init(Binding([.enter], .deal, hint: "deal", help: "deal a hand"), in: [.table]),
        .init(Binding([.escape], .back, hint: "back"), in: [.page]),
        .init(Binding([.character("a")], .open, hint: "about", help: "the rules"), in: [.table, .page],
              shownIn: [.table]),
        .init(.note("click", "any button"), in: []),
    ])

    @Test func eachModeHasItsKeysAndItsKeyLine() {
        #expect(Self.keys[.table].action(for: .enter) == .deal)
        #expect(Self.keys[.table].action(for: .escape) == nil)
        #expect(Self.keys[.page].action(for: .escape) == .back)
        #expect(Self.keys[.page].action(for: .character("A")) == .open)  // acts, though not on the key line
        #expect(Self.keys[.table].keyHints() == [KeyHint("Enter", "deal"), KeyHint("a", "about")])
        #expect(Self.keys[.page].keyHints() == [KeyHint("Esc", "back")])
    }

    @Test func helpListsTheWholeTableInOrder() {
        #expect(Self.keys.helpRows == [KeyHint("Enter", "deal a hand"), KeyHint("a", "the rules"),
                                       KeyHint("click", "any button")])
    }

    @Test func plainSpellsMarksInASCIIOnlyOnAnASCIITerminal() {
        let text = "Score 100 · Hand 1 — soft 17…"
        #expect(Glyphs(ascii: false).plain(text) == text)
        #expect(Glyphs(ascii: true).plain(text) == "Score 100 - Hand 1 - soft 17.")
        #expect(Glyphs(ascii: true).plain("🐶 ♠") == "🐶 ♠")  // no look-alike: left for the widget to mark
    }
}
