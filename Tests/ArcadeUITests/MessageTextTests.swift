import ArcadeUI
import Testing

/// Values from outside (arguments, `TERM`, paths) as messages quote them.
@Suite struct MessageTextTests {
    /// Whether `text` holds anything a terminal would act on rather than show.
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }

    @Test func controlCharactersAreShownEscaped() {
        #expect("\u{1B}]0;pwned\u{07}".escapedForMessage() == "\\e]0;pwned\\x07")
        #expect("a\tb\nc\rd".escapedForMessage() == "a\\tb\\nc\\rd")
        #expect("\u{00}\u{08}\u{7F}".escapedForMessage() == "\\x00\\x08\\x7F")
        #expect("\u{9B}31m".escapedForMessage() == "\\u{9B}31m", "a C1 CSI, which UTF-8 terminals obey")
        #expect("abc\u{202E}fed".escapedForMessage() == "abc\\u{202E}fed", "a right-to-left override")
        #expect("a\\e".escapedForMessage() == "a\\\\e", "a typed backslash is not mistaken for an escape")
        for value in ["\u{1B}[2J", "\u{07}", "\u{9B}", "\u{2028}", "\u{200B}"] {
            #expect(!Self.hasControls(value.escapedForMessage()), "\(value.unicodeScalars.map(\.value))")
        }
    }

    @Test func ordinaryTextIsLeftAlone() {
        for value in ["slots", "--seed=12", "/home/ann/Temples", "Größe", "東京", "🍒 cherry", "e\u{301}"] {
            #expect(value.escapedForMessage() == value)
        }
    }

    @Test func longValuesAreCutWithAnEllipsis() {
        let long = String(repeating: "a", count: 100_000)
        #expect(long.escapedForMessage() == String(repeating: "a", count: String.messageValueLimit) + "…")
        let exact = String(repeating: "b", count: String.messageValueLimit)
        #expect(exact.escapedForMessage() == exact, "a value that fits is not cut")
        #expect("abcdef".escapedForMessage(limit: 4) == "abcd…")
        // An escape counts by what it shows, and is never cut in half.
        #expect("abc\u{1B}".escapedForMessage(limit: 4) == "abc…")
        #expect("ab\u{1B}".escapedForMessage(limit: 4) == "ab\\e")
        // Combining marks count one by one: a pile of them on one letter is cut too.
        let pile = "a" + String(repeating: "\u{301}", count: 10_000)
        #expect(pile.escapedForMessage().unicodeScalars.count == String.messageValueLimit + 1)
    }
}
