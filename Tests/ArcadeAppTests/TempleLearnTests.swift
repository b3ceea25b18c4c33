import ArcadeRecords
import ArcadeStore
import ArcadeTerminal
import ArcadeTestSupport
import ArcadeUI
import Foundation
import TempleModel
import Testing

@testable import ArcadeApp

/// The temples screen's learn mode: each kind of question, a wrong answer shown beside the
/// right one, typed names, the summary, and every answer kept under the deck's and card's keys.
@Suite struct TempleLearnTests {
    init() { prepareForDrawing() }

    private let size = Size(width: 80, height: 23)  // an 80×24 terminal less its key line
    private static let today = CalendarDay(year: 2026, month: 12, day: 2).dayNumber

    private static var deck: Result<TempleDeck, DeckError> {
        TempleDeck.builtIn(assets: AssetLocator(roots: [TempleScreenTests.assets]))
    }

    /// Every built-in card in box 2, due today: a session asks every kind.
    private static var allDue: LearningRecord {
        let cards = (try? deck.get().entries.map(\.key)) ?? []
        return LearningRecord(cards: [LearningRecord.builtInKey: Dictionary(uniqueKeysWithValues: cards.map {
            ($0, StoredCardProgress(box: 2, dueDay: today, reviews: 2, misses: 0, lastMissDay: nil))
        })])
    }

    private func learning(_ record: LearningRecord = LearningRecord(), seed: UInt64 = 4) -> TempleTable {
        TempleTable(TempleScreen(deck: Self.deck, seed: seed, learning: record, today: Self.today, learn: true), size: size)
    }

    private func text(_ table: TempleTable) -> String { table.screen.text(in: table.frame) }

    /// Answer right until the question on screen is of `kind`.
    private func advance(to kind: LearnQuestion.Kind, on table: inout TempleTable) {
        for _ in 0..<40 {
            guard let question = table.learn?.question, question.kind != kind else { return }
            answerRight(on: &table)
        }
    }

    @discardableResult
    private func answerRight(on table: inout TempleTable) -> [GameEffect] {
        let question = table.learn!.question!
        if question.kind == .typedName {
            for character in question.card.name { _ = table.update(.key(character == " " ? .space : .character(character))) }
            return table.update(.key(.enter))
        }
        return table.update(.key(.character(Character("\(question.answerIndex! + 1)"))))
    }

    @Test(arguments: [
        (LearnQuestion.Kind.pictureToName, "temples-learn-picture-to-name-80x24", "Which temple is this?"),
        (.nameToPicture, "temples-learn-name-to-picture-80x24", "Which picture is"),
        (.pictureToPlace, "temples-learn-picture-to-place-80x24", "Where does this temple stand?"),
        (.typedName, "temples-learn-typed-name-80x24", "Type this temple's name"),
    ])
    func eachKindOfQuestionAt80x24(kind: LearnQuestion.Kind, snapshot: String, prompt: String) throws {
        var table = learning(Self.allDue)
        advance(to: kind, on: &table)
        let question = try #require(table.learn?.question)
        #expect(question.kind == kind)
        let shown = text(table)
        #expect(shown.contains(prompt))
        switch kind {
        case .pictureToName, .nameToPicture:
            for choice in question.choices where kind == .pictureToName { #expect(shown.contains(choice.name)) }
            if kind == .nameToPicture { #expect(shown.contains(question.card.name)) }
        case .pictureToPlace:
            for choice in question.choices { #expect(shown.contains(choice.location)) }
        case .typedName:
            #expect(shown.contains("Name:"))
            #expect(table.keyHints.map(\.action).contains("type the name"))
        }
        assertSnapshot(shown, named: snapshot)
    }

    @Test func aWrongAnswerShowsTheRightOneBesideYoursUntilEnter() throws {
        var table = learning()
        let question = try #require(table.learn?.question)
        #expect(question.kind == .pictureToName, "a new card is first asked picture → name")
        let wrong = question.choices.indices.first { $0 != question.answerIndex }!
        let effects = table.update(.key(.character(Character("\(wrong + 1)"))))
        guard case .learned(_, _, let progress, let right, _)? = effects.first else {
            Issue.record("the answer is kept: \(effects)")
            return
        }
        #expect(!right && progress.misses == 1 && progress.dueDay == Self.today)
        let shown = text(table)
        #expect(shown.contains("✗ It is \(question.card.name)"))
        #expect(shown.contains("✓ \(question.answerIndex! + 1)  \(question.card.name)"))
        #expect(shown.contains("✗ \(wrong + 1)  \(question.choices[wrong].name)"))
        assertSnapshot(shown, named: "temples-learn-wrong-answer-80x24")
        // Digits do nothing while it shows; Enter goes on to another card.
        #expect(table.update(.key(.character("1"))).isEmpty)
        #expect(table.learn?.shownWrong != nil)
        _ = table.update(.key(.enter))
        #expect(table.learn?.shownWrong == nil)
        #expect(table.learn?.question?.card != question.card)
        #expect(table.learn?.session.queue.contains(question.card.id) == true, "the missed card comes back")
    }

    @Test func aTypedNameIsForgivenItsCaseTheWordTempleAndOneTypo() throws {
        var table = learning(Self.allDue)
        advance(to: .typedName, on: &table)
        let card = try #require(table.learn?.question?.card)
        // The letters q, m, s and ? are typed, not taken by the shell or the mode buttons.
        #expect(table.consumes(.character("q")) && table.consumes(.character("?")) && table.consumes(.character("m")))
        var typed = card.name.lowercased().replacingOccurrences(of: " temple", with: "")
        typed.removeLast()  // one letter missing
        for character in typed { _ = table.update(.key(character == " " ? .space : .character(character))) }
        #expect(table.learn?.typed == typed)
        #expect(text(table).contains(typed))
        let effects = table.update(.key(.enter))
        guard case .learned(_, _, _, let right, _)? = effects.first else {
            Issue.record("kept: \(effects)")
            return
        }
        #expect(right)
        #expect(text(table).contains("✓ Right: \(card.name)"))
    }

    @Test func onAnASCIITerminalAccentedLettersTypedShowPlainAndTheWordsHaveNoQuestionMarks() throws {
        var table = learning(Self.allDue)
        advance(to: .typedName, on: &table)
        for character in "Ağrı é" { _ = table.update(.key(character == " " ? .space : .character(character))) }
        #expect(table.learn?.typed == "Ağrı é", "accented letters are typed")
        let ascii = Frame(size: size, theme: Theme(colorMode: .monochrome, ascii: true))
        let shown = table.screen.text(in: ascii)
        #expect(shown.contains("Agri e_"), "\(shown)")
        // Only the questions' own question marks.
        #expect(shown.replacingOccurrences(of: "name?", with: "").replacingOccurrences(of: "this?", with: "")
            .contains("?") == false, "\(shown)")
        _ = table.update(.key(.enter))
        let after = table.screen.text(in: ascii)
        #expect(after.contains("You typed: Agri e") && after.contains("you typed \"Agri e\""), "\(after)")
    }

    @Test func aLongTypedNameShowsItsEndAfterAnEllipsis() throws {
        var table = learning(Self.allDue)
        advance(to: .typedName, on: &table)
        let long = String(repeating: "abcdefghij", count: 6)
        for character in long { _ = table.update(.key(.character(character))) }
        #expect(table.learn?.typed == long)
        let field = try #require(text(table).split(separator: "\n").first { $0.contains("_") && $0.contains("…") })
        #expect(field.contains("…") && field.contains("hij_"), "\(field)")
    }

    /// A `--deck` of one card named `name`, in learn mode: its only question is the typed one.
    private func typing(_ name: String, size: Size = Size(width: 80, height: 23)) -> TempleTable {
        let card = Flashcard(id: "card.png", name: name)
        let picture = RGBAImage(width: 16, height: 16, filledWith: Pixel(r: 200, g: 120, b: 40))
        let deck = TempleDeck(entries: [.init(card: card, picture: picture, year: nil, key: "png:card")], notices: [])
        return TempleTable(TempleScreen(deck: .success(deck), source: .folder("/deck"), seed: 1, today: Self.today,
                                        learn: true), size: size)
    }

    /// `text` typed on a UTF-8 terminal: its bytes through the terminal's key decoder, each
    /// key on to the screen.
    private func type(_ text: String, on table: inout TempleTable) {
        var bytes = Array(text.utf8)[...]
        var unread: UInt8?
        while let first = unread ?? bytes.popFirst() {
            let decoded = Key.decode(byte: first) { bytes.popFirst() }
            unread = decoded.unread
            _ = table.update(.key(decoded.key))
        }
    }

    /// The typed name's line, from the start of its box.
    private func field(_ table: TempleTable) throws -> (line: String, box: Rect, grid: CellGrid) {
        let learn = try #require(table.learn)
        let field = try #require(table.screen.learnLayout(in: table.frame, learn: learn).field)
        let box = Rect(x: field.x, y: field.y, width: min(field.width, TempleLearn.typedLimit + 2), height: 1)
        var grid = CellGrid(size: table.frame.size, theme: table.frame.theme)
        table.render(into: &grid)
        let row = String(grid.text.split(separator: "\n", omittingEmptySubsequences: false)[field.y])
        return (row, box, grid)
    }

    @Test func wideLettersAndEmojiTypedAreEchoedAndJudged() throws {
        var table = typing("Palmyra 🙂🙂 日本語")
        #expect(table.learn?.isTyping == true)
        type("Palmyra 🙂🙂 日本語", on: &table)
        #expect(table.learn?.typed == "Palmyra 🙂🙂 日本語")
        let echo = try field(table).line
        #expect(echo.contains(" Palmyra 🙂🙂 日本語_"), "\(echo)")
        let effects = table.update(.key(.enter))
        guard case .learned(_, _, _, let right, _)? = effects.first else {
            Issue.record("kept: \(effects)")
            return
        }
        #expect(right)
        #expect(text(table).contains("✓ Right: Palmyra 🙂🙂 日本語"))
    }

    @Test func aDeckNamedInAnotherScriptCanBeAnsweredForgivingAsInLatin() throws {
        for (name, typed) in [("東京神殿", "東京神殿"), ("Αθήνα", "αθηνα"), ("Киев", "КИЕВ"), ("서울", "서울"),
                              ("🏯🌸", "🏯🌸")] {
            var table = typing(name)
            type(typed, on: &table)
            #expect(table.learn?.typed == typed)
            guard case .learned(_, _, _, let right, _)? = table.update(.key(.enter)).first else {
                Issue.record("\(name): no answer kept")
                continue
            }
            #expect(right, "\(typed) names \(name)")
        }
    }

    @Test func backspaceRubsOutWhatThePlayerSeesAsOneCharacter() throws {
        var table = typing("Café Zürich")
        // Accents typed as combining marks (as some input methods send them), a flag (two
        // code points) and a thumb with a skin tone.
        type("Cafe\u{301} Zu\u{308}rich🇯🇵👍🏽", on: &table)
        #expect(table.learn?.typed.count == 13)
        _ = table.update(.key(.backspace))
        #expect(table.learn?.typed.unicodeScalars.last == "🇯🇵".unicodeScalars.last)
        _ = table.update(.key(.backspace))
        #expect(table.learn?.typed == "Cafe\u{301} Zu\u{308}rich")
        // The accents are shown on their letters, not dropped.
        let echo = try field(table).line
        #expect(echo.contains(" Café Zürich_"), "\(echo)")
        type("X", on: &table)
        _ = table.update(.key(.backspace))
        _ = table.update(.key(.backspace))
        #expect(table.learn?.typed == "Cafe\u{301} Zu\u{308}ric")
        type("h", on: &table)
        // Canonically equivalent to the name as the deck spells it (composed).
        guard case .learned(_, _, _, let right, _)? = table.update(.key(.enter)).first else {
            Issue.record("no answer kept")
            return
        }
        #expect(right)
    }

    @Test(arguments: [String(repeating: "日", count: 40), "a" + String(repeating: "日", count: 40),
                      "Palmyra " + String(repeating: "🙂", count: 30) + " 日本語"])
    func aLongWideAnswerScrollsWithinItsBoxAndNoGlyphIsCutInHalf(typed: String) throws {
        for size in [Size(width: 80, height: 23), Size(width: 120, height: 39)] {
            try checkEcho(of: typed, size: size)
        }
    }

    private func checkEcho(of typed: String, size: Size) throws {
        var table = typing("Palmyra", size: size)
        type(typed, on: &table)
        let (line, box, grid) = try field(table)
        // What is typed last shows, with the cursor after it, inside the box.
        #expect(line.contains(String(typed.suffix(3)) + "_"), "\(line)")
        let cursor = try #require((box.x..<box.maxX).first { grid[$0, box.y].scalar == "_" })
        #expect(cursor < box.maxX)
        // Nothing of the answer outside the box, and every wide glyph whole inside it.
        for x in box.maxX..<grid.size.width where x < grid.size.width - 1 {
            #expect(grid[x, box.y].scalar == " ", "column \(x): \(line)")
        }
        for x in box.x..<box.maxX where grid[x, box.y].width == 2 {
            #expect(x + 1 < box.maxX && grid[x + 1, box.y].isContinuation, "column \(x): \(line)")
        }
    }

    @Test func nothingTypedIsAMissThatShowsTheName() throws {
        var table = learning(Self.allDue)
        advance(to: .typedName, on: &table)
        let card = try #require(table.learn?.question?.card)
        _ = table.update(.key(.character("x")))
        _ = table.update(.key(.backspace))
        _ = table.update(.key(.enter))
        let shown = text(table)
        #expect(shown.contains("You typed: (nothing)"))
        #expect(shown.contains("It is: \(card.name)"))
    }

    @Test func aSessionEndsWithASummaryAndLearnMoreBringsTheNextNewCards() {
        var table = learning()
        var kept: [GameEffect] = []
        while table.learn?.isOver == false { kept += answerRight(on: &table) }
        #expect(kept.count == LearnSession.newLimit)
        let shown = text(table)
        #expect(shown.contains("Session over"))
        #expect(shown.contains("Reviewed 5 cards: 5 answers, 5 right (100%)."))
        #expect(shown.contains("Due now 0   New 15   Learning 5   Known 0"))
        #expect(shown.contains("Next due: tomorrow, 5 cards."))
        #expect(shown.contains("[ Learn more ]"))
        assertSnapshot(shown, named: "temples-learn-summary-80x24")
        let first = Set(table.learn!.session.askedIDs)
        _ = table.update(.key(.enter))
        #expect(table.learn?.isOver == false)
        #expect(table.learn.map { first.isDisjoint(with: Set($0.session.queue)) } == true)
    }

    @Test func theSummaryListsEveryCardMissedOnAsManyRowsAsItTakes() throws {
        var table = learning()
        var missed = Set<String>()
        while let learn = table.learn, !learn.isOver {
            let question = try #require(learn.question)
            if missed.insert(question.card.name).inserted {
                let wrong = question.choices.indices.first { $0 != question.answerIndex }!
                _ = table.update(.key(.character(Character("\(wrong + 1)"))))
                _ = table.update(.key(.enter))
            } else {
                answerRight(on: &table)
            }
        }
        #expect(missed.count == 5)
        // The box's rows, read as one text: every name missed is there, none cut.
        let rows = text(table).split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "║ ")) }
        let body = rows.joined(separator: " ")
        for name in missed { #expect(body.contains(name), "\(name) in \(body)") }
        #expect(!body.contains("…"))
    }

    @Test func answersAreKeptUnderTheDecksAndTheCardsKeysAndSurviveLeavingLearnMode() throws {
        var table = learning()
        let card = try #require(table.learn?.question?.card)
        let effects = answerRight(on: &table)
        guard case .learned(let deck, let key, let progress, true, let day)? = effects.first else {
            Issue.record("kept: \(effects)")
            return
        }
        #expect(deck == "built-in" && key == card.id && day == Self.today)
        #expect(progress == StoredCardProgress(box: 1, dueDay: Self.today + 1, reviews: 1, misses: 0, lastMissDay: nil))
        // Back to match, and learning again: the card answered is no longer new.
        _ = table.update(.key(.character("m")))
        #expect(table.learn == nil && table.game?.mode == .match)
        #expect(text(table).contains("[ Learn ]"))
        _ = table.update(.key(.character("l")))
        #expect(table.learn?.session.counts.new == 19)
        #expect(table.learn?.session.queue.contains(card.id) == false)
    }

    @Test func aClickOnAChoiceAnswersIt() throws {
        var table = learning()
        let question = try #require(table.learn?.question)
        let layout = table.screen.learnLayout(in: table.frame, learn: table.learn!)
        let row = layout.choiceRows[question.answerIndex!]
        let effects = table.update(.mouse(MouseEvent(.press, at: Point(x: row.x + 4, y: row.y))))
        guard case .learned(_, _, _, true, _)? = effects.first else {
            Issue.record("kept: \(effects)")
            return
        }
        // The Match button leaves learn mode.
        let after = table.screen.learnLayout(in: table.frame, learn: table.learn!)
        _ = table.update(.mouse(MouseEvent(.press, at: Point(x: after.buttonRow.x + 2, y: after.buttonRow.y))))
        #expect(table.learn == nil)
    }

    @Test func aLeechSaysSo() throws {
        let key = try Self.deck.get().entries[0].key
        let record = LearningRecord(cards: [LearningRecord.builtInKey: [
            key: StoredCardProgress(box: 1, dueDay: Self.today, reviews: 12, misses: 8, lastMissDay: Self.today - 1),
        ]])
        var table = learning(record)
        for _ in 0..<6 where table.learn?.question?.card.id != key { answerRight(on: &table) }
        #expect(table.learn?.question?.card.id == key, "the card due is among the session's six")
        #expect(text(table).contains("leech: missed on 8 days"))
    }

    @Test func theMenuRowSaysHowManyCardsAreDueAndFollowsTheAnswers() throws {
        let record = Self.allDue
        let december2 = { CalendarDay(year: 2026, month: 12, day: 2) }
        let assets = AssetLocator(roots: [TempleScreenTests.assets])
        var shell = ArcadeShell(games: GameCatalog.games, assets: assets, seed: { 1 }, learning: record, today: december2)
        #expect(shell.menu.rows.first { $0.id == .temples }?.note == "20 due")
        let dayBefore = ArcadeShell(games: GameCatalog.games, seed: { 1 }, learning: record,
                                    today: { CalendarDay(year: 2026, month: 12, day: 1) })
        #expect(dayBefore.menu.rows.first { $0.id == .temples }?.note == nil)

        let frame = Frame(size: Size(width: 80, height: 24))
        _ = shell.open(.temples, options: ["--learn": ""], in: frame)
        _ = shell.receive(.deck(.temples, DeckReport(.finished(Self.deck))), in: frame)
        let screen = try #require(shell.activeScreen as? TempleScreen)
        let question = try #require(screen.learn?.question)
        let key: Key = question.kind == .typedName ? .enter : .character(Character("\(question.answerIndex! + 1)"))
        // The answer, kept by the runtime: the menu's count follows what it carried out.
        for effect in shell.update(.key(key), in: frame) { _ = shell.receive(.carriedOut(effect), in: frame) }
        let right = question.kind != .typedName
        #expect(shell.menu.rows.first { $0.id == .temples }?.note == (right ? "19 due" : "20 due"))
    }

    @Test func whileANameIsTypedTheKeyLineOffersEscNotQOrHelp() throws {
        let frame = Frame(size: Size(width: 80, height: 24))
        var shell = ArcadeShell(games: GameCatalog.games, assets: AssetLocator(roots: [TempleScreenTests.assets]),
                                seed: { 4 }, learning: Self.allDue, today: { CalendarDay(year: 2026, month: 12, day: 2) })
        _ = shell.open(.temples, options: ["--learn": ""], in: frame)
        _ = shell.receive(.deck(.temples, DeckReport(.finished(Self.deck))), in: frame)
        func keyLine() -> String {
            var grid = CellGrid(size: frame.size, theme: frame.theme)
            shell.render(into: &grid)
            return String(grid.text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
        }
        for _ in 0..<40 {
            let question = try #require((shell.activeScreen as? TempleScreen)?.learn?.question)
            if question.kind == .typedName { break }
            #expect(keyLine().contains("? help") && keyLine().contains("q menu"))
            _ = shell.update(.key(.character(Character("\(question.answerIndex! + 1)"))), in: frame)
        }
        #expect((shell.activeScreen as? TempleScreen)?.learn?.isTyping == true)
        let line = keyLine()
        #expect(line.contains("Esc menu") && !line.contains("q menu") && !line.contains("? help"), "\(line)")
        // q and ? are typed, and the game is still on screen.
        _ = shell.update(.key(.character("q")), in: frame)
        _ = shell.update(.key(.character("?")), in: frame)
        #expect(shell.activeGame == .temples && shell.overlay == nil)
        #expect((shell.activeScreen as? TempleScreen)?.learn?.typed == "q?")
    }

    @Test func helpInLearnModeExplainsLearnModeFirst() {
        var table = learning()
        let learnHelp = table.help
        #expect(learnHelp.notes.first?.hasPrefix("Learn mode asks the cards that are due") == true)
        #expect(learnHelp.notes.first?.contains("missed on eight days is a leech") == true)
        #expect(learnHelp.keys.map(\.keys).contains("1–4"))
        _ = table.update(.key(.character("m")))
        #expect(table.help.notes.first?.hasPrefix("Pick a picture and the name") == true)
    }

    @Test func dayNumbersCountFrom1970() {
        #expect(CalendarDay(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CalendarDay(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(CalendarDay(year: 2026, month: 12, day: 2).dayNumber == 20_789)
        for number in [-1, 0, 59, 11_016, 20_789, 25_000] {
            #expect(CalendarDay(dayNumber: number).dayNumber == number)
        }
        #expect(CalendarDay(dayNumber: 20_790).text == "2026-12-03")
    }
}
