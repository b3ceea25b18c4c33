import ArcadeTestSupport
import ArcadeUI
import Foundation
import TempleModel
import Testing

@testable import ArcadeApp

/// A pasted or flooding text reaches a screen as one key per character: each must cost
/// little, or a Ctrl-C behind a mebibyte of text waits for all of it.
///
/// Each flood is `floodSize` keys straight into the screen (no terminal, no shell),
/// timed by the processor time of the test's own thread, which other programs on the
/// machine do not add to.
@Suite struct TextFloodTests {
    init() { prepareForDrawing() }

    /// How many keys each flood sends.
    static let floodSize = 400_000
    /// The most processor time a flood may take: a few microseconds a key, as the other
    /// screens take, with room for a slow debug build.
    static let budget: Double = 5

    /// Seconds of processor time this thread has used.
    private static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Printable text, as a paste of prose would bring it (no q, which a shell would take).
    private static func prose(_ count: Int) -> [Key] {
        let text = Array("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ")
        precondition(text.count > TempleLearn.typedLimit)
        return (0..<count).map { index in
            let character = text[index % text.count]
            return character == " " ? .space : .character(character)
        }
    }

    /// Learn mode's typed name: a flood of letters stops at the name's limit, costs little
    /// a key (it was laid out and its pictures looked over again for every key), and Enter
    /// still answers.
    @Test func aFloodOfTextIntoATypedNameIsCheapAndStopsAtItsLimit() throws {
        let card = Flashcard(id: "card.png", name: "Palmyra")
        let picture = RGBAImage(width: 64, height: 48, filledWith: Pixel(r: 200, g: 120, b: 40))
        let deck = TempleDeck(entries: [.init(card: card, picture: picture, year: nil, key: "png:card")], notices: [])
        let frame = Frame(size: Size(width: 80, height: 23))
        var screen = TempleScreen(deck: .success(deck), source: .folder("/deck"), seed: 1,
                                  today: CalendarDay(year: 2026, month: 12, day: 2).dayNumber, learn: true)
        _ = screen.start(in: frame)
        try #require(screen.learn?.isTyping == true)
        let keys = Self.prose(Self.floodSize)
        let started = Self.threadSeconds()
        var effects: [GameEffect] = []
        for key in keys { effects += screen.update(.key(key), in: frame) }
        let took = Self.threadSeconds() - started
        #expect(took < Self.budget, "\(Self.floodSize) keys typed took \(took) s of processor time")
        #expect(effects.isEmpty)
        let prose = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. "
        #expect(screen.learn?.typed == String(prose.prefix(TempleLearn.typedLimit)))
        #expect(screen.text(in: frame).contains("…"), "the end of the long name shows after an ellipsis")
        // The screen still answers: Enter judges what was typed.
        let answered = screen.update(.key(.enter), in: frame)
        guard case .learned(_, _, _, let right, _)? = answered.first else {
            Issue.record("Enter after the flood kept no answer: \(answered)")
            return
        }
        #expect(!right)
    }
}
