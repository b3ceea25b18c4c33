import ArcadeCore
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
    static let floodSize = 100_000
    /// The most processor time a flood may take: a bound that only a cost per key far above
    /// the few microseconds the other screens take fails, even in a slow debug build.
    static let budget: Double = 2

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
    /// a key (a typed letter lays nothing out and looks at no picture), and Enter still
    /// answers.
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

/// The same floods through the whole shell, on every page a player can reach: the menu and
/// each game from its first screen, at 80×24, with the shell's own questions (help, the leave
/// and new-game questions, the key line) on the way, as a paste into the terminal brings them.
@Suite struct ShellTextFloodTests {
    init() { prepareForDrawing() }

    /// How many keys each flood sends: enough to pass through every question a paste meets
    /// on the way (help, leave, new game).
    static let floodSize = 2_000
    /// The most processor time a flood may take: a bound that only a cost per key far above
    /// the others' fails. What a mebibyte costs the release build on each of these pages is
    /// `arcade-bench --flood`'s figure.
    static let budget: Double = 2

    /// Seconds of processor time this thread has used.
    private static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `count` keys of printable text: prose, or seeded random characters (never `q`, which
    /// leaves a game, so the flood stays where it started as long as its own keys keep it).
    static func text(_ count: Int, random: Bool) -> [Key] {
        let prose = Array("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ")
        let printable = (0x20...0x7e).map { Character(Unicode.Scalar(UInt8($0))) }.filter { $0 != "q" && $0 != "Q" }
        var generator = SeededGenerator(seed: 13)
        return (0..<count).map { index in
            let character = random ? printable.randomElement(using: &generator)! : prose[index % prose.count]
            return character == " " ? .space : .character(character)
        }
    }

    enum Start: String, CaseIterable { case menu, set, memory, slots, temples, learn }

    static let cases = Start.allCases.flatMap { start in [(start, false), (start, true)] }

    @Test(arguments: cases)
    func aFloodOfTextIsDigestedQuicklyWherever(_ start: Start, random: Bool) {
        let assets = AssetLocator(roots: [TempleScreenTests.assets])
        var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), assets: assets, seed: { 4 })
        switch start {
        case .menu: break
        case .set: shell.open(.set)
        case .memory: shell.open(.memory)
        case .slots: shell.open(.slots)
        case .temples, .learn:
            shell.open(.temples, options: start == .learn ? ["--learn": ""] : [:])
            _ = shell.shell.receive(.deck(.temples, DeckReport(.finished(TempleDeck.builtIn(assets: assets)))), in: shell.frame)
        }
        let keys = Self.text(Self.floodSize, random: random)
        let started = Self.threadSeconds()
        for key in keys { _ = shell.update(.key(key)) }
        let took = Self.threadSeconds() - started
        #expect(took < Self.budget, "\(Self.floodSize) keys from \(start) took \(took) s of processor time")
        // The screen still answers and draws.
        _ = shell.update(.key(.escape))
        #expect(!shell.text.isEmpty)
    }
}
