import ArcadeRecords
import ArcadeUI
import TempleModel

/// Learn mode: the cards due and a few new ones, asked one at a time, over the match and
/// study page (`TempleMatchPage`), which it leaves as it was.
///
/// The page holds the session (`TempleLearn`), takes its keys and clicks as
/// `TempleScreen.Action.learn`, and draws the question, the answer and the session's
/// summary where `TempleLearnLayout` puts them, with the screen's pictures.
struct TempleLearnPage {
    /// What the player can do in learn mode.
    enum Action: Hashable, Sendable {
        /// Answer with choice `index` (a digit or a click); move the cursor between the
        /// choices; Enter (answer, or go on after a wrong answer); type a letter of a name or
        /// rub one out; another session once this one is over.
        case answer(Int), moveChoice(Int), submit, type(Character), erase, again

        /// False for typing, rubbing out and moving the cursor, which change nothing drawn
        /// but a line: the screen then lays nothing out and looks at no picture (a pasted
        /// text types each of its characters, most of them past the name's limit).
        var changesPictures: Bool {
            switch self {
            case .type, .erase, .moveChoice: false
            case .answer, .submit, .again: true
            }
        }
    }

    /// The session, the choice under the cursor and the name being typed.
    private(set) var learn: TempleLearn

    init(_ learn: TempleLearn) {
        self.learn = learn
    }

    // MARK: - Keys

    /// The keys a typed name's row of the table lists: the printable ASCII characters and
    /// Space (both cases of a letter are bound, so the case typed is kept), so that the shell
    /// leaves `q` and `?` to the name. Every other printable character is typed too: the
    /// screen's `update` takes them, as no table could list them all.
    private static let typedKeys: [Key] = (0x21...0x7E).map { Key.character(Character(Unicode.Scalar(UInt8($0)))) }
        + [.space]

    /// True when `character` can be part of a typed name: anything printable (letters of any
    /// script, wide or not, marks, emoji), not a control character.
    static func isTypeable(_ character: Character) -> Bool {
        !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The keys while a name is typed.
    static let typingKeys: [Binding<TempleScreen.Action>] = {
        var typing = Binding<TempleScreen.Action>(
            keys: typedKeys, hint: KeyHint("abc", "type the name"),
            help: KeyHint("letters", "type the temple's name (case, accents and \"Temple\" do not matter)")
        ) { key in
            if key == .space { return .learn(.type(" ")) }
            if case .character(let character) = key { return .learn(.type(character)) }
            return nil
        }
        typing.isCaseSensitive = true
        return [
            typing,
            Binding([.backspace, .delete], .learn(.erase), help: "rub out the last character", helpKeys: "Backspace"),
            Binding([.enter], .learn(.submit), hint: "answer", help: "answer (nothing typed: I don't know)"),
            .note("click", "Match or Study: leave learn mode"),
        ]
    }()

    /// The keys while a choice is asked, while a wrong answer shows, and on the summary.
    static func keys(choices: Int, answering: Bool, over: Bool, practice: Bool = false) -> [Binding<TempleScreen.Action>] {
        if over {
            return [
                Binding([.enter, .space], .learn(.again), hint: practice ? "practise" : "learn more", hintKeys: "Enter",
                        help: "another session: the cards due now and the next new ones"),
                Binding([.character("m")], .leaveLearn(.match), hint: "match", help: "back to matching"),
                Binding([.character("s")], .leaveLearn(.study), help: "study every temple"),
            ]
        }
        return [
            .digits(1...max(1, choices), hint: answering ? "answer" : nil, help: "answer with that choice",
                    isEnabled: answering) { .learn(.answer($0 - 1)) },
            .directions(hint: answering ? "choose" : nil, hintKeys: "↑↓", help: "move between the choices",
                        isEnabled: answering) { direction in
                .learn(.moveChoice(direction == .up || direction == .left ? -1 : 1))
            },
            Binding([.enter, .space], .learn(.submit), hint: answering ? "answer" : "next", hintKeys: "Enter",
                    help: "answer with the choice under the cursor, or go on"),
            .note("click", "answer with a choice; press a button"),
            Binding([.character("m")], .leaveLearn(.match), hint: "match", help: "back to matching"),
            Binding([.character("s")], .leaveLearn(.study), help: "study every temple"),
        ]
    }

    /// The keys now.
    var bindings: [Binding<TempleScreen.Action>] {
        if learn.isTyping { return Self.typingKeys }
        return Self.keys(choices: learn.question?.choices.count ?? 0,
                         answering: learn.shownWrong == nil && !learn.isOver, over: learn.isOver,
                         practice: learn.session.counts.due + learn.session.counts.new == 0)
    }

    static let notes = [
        "Learn mode asks the cards that are due and a few new ones, one at a time: pick the name, "
            + "the picture or the place among four, or type the name. A missed card comes back "
            + "three cards later; a card you know comes back after 1, 3, 7, 14, 30, then 60 days. "
            + "A card missed on eight days is a leech and says so. Every answer is kept at once.",
    ]

    // MARK: - Doing

    /// Do `action`; an answer comes back as `GameEffect.learned`, to keep at once.
    mutating func perform(_ action: Action) -> [GameEffect] {
        switch action {
        case .type(let character): learn.type(character)
        case .erase: learn.erase()
        case .moveChoice(let step): learn.moveCursor(by: step)
        case .answer(let index): return learn.answer(choice: index)
        case .submit: return learn.submit()
        case .again: learn.again()
        }
        return []
    }

    /// A click: a button, a choice, or (after a wrong answer) anywhere to go on.
    func action(for event: MouseEvent, in frame: Frame, pictures: TemplePictures) -> TempleScreen.Action? {
        guard event.action == .press else { return nil }
        let layout = layout(in: frame, pictures: pictures)
        if let action = layout.buttons.action(at: event.at, in: layout.buttonRow) { return action }
        if learn.shownWrong != nil { return layout.body.contains(event.at) ? .learn(.submit) : nil }
        return layout.choice(at: event.at).map { .learn(.answer($0)) }
    }

    func layout(in frame: Frame, pictures: TemplePictures) -> TempleLearnLayout {
        TempleLearnLayout(frame: frame, learn: learn) { pictures.original($0) }
    }

    /// The pictures the layout of `frame` shows, at their heights, to keep scaled.
    func picturesShown(in frame: Frame, pictures: TemplePictures) -> [TemplePictures.Shown] {
        let layout = layout(in: frame, pictures: pictures)
        guard let question = learn.question, !learn.isOver else { return [] }
        if question.kind == .nameToPicture {
            return zip(question.choices, layout.choiceHeights).map { card, height in (card.id, height) }
        }
        return [(question.card.id, layout.pictureHeight)]
    }

    /// Where the cursor goes: the choice under the cursor, the name being typed, the right
    /// answer after a wrong one, or the button Enter presses once the session is over.
    func cursorPosition(in frame: Frame, pictures: TemplePictures) -> Point? {
        let layout = layout(in: frame, pictures: pictures)
        guard !learn.isOver, let question = learn.question else {
            // The session's summary: the first button, which Enter presses.
            return layout.buttons.row.frames(in: layout.buttonRow).first.map { Point(x: $0.x + 2, y: $0.y) }
        }
        let focused = learn.shownWrong == nil ? learn.cursor : question.choices.firstIndex(of: question.card) ?? 0
        if let field = layout.field {
            // The typed name sits a column inside its box; after a wrong answer, what was typed.
            return learn.shownWrong == nil ? Point(x: field.x + 1, y: field.y) : field.origin
        }
        if layout.choicePictures.indices.contains(focused) {
            return Box.inner(of: layout.choicePictures[focused]).origin
        }
        if layout.choiceRows.indices.contains(focused) {
            // The words start after the mark column ("▶ 1  Provo City Center").
            let row = layout.choiceRows[focused]
            return Point(x: row.x + 2, y: row.y)
        }
        return nil
    }

    // MARK: - Drawing

    func render(into grid: inout CellGrid, pictures: TemplePictures) {
        let layout = layout(in: grid.frame, pictures: pictures)
        let glyphs = Glyphs(theme: grid.theme)
        let check = glyphs.pick("✓", ascii: "+"), cross = glyphs.pick("✗", ascii: "x")
        // The words' own marks (· — “ ”) spelled in ASCII where the terminal has no others.
        StatusLine(learn.header.map(Self.spelled(for: grid.theme)), tone: .strong).draw(into: &grid, in: layout.header)
        layout.buttons.draw(into: &grid, in: layout.buttonRow)
        let tone: StatusLine.Tone = learn.last.map { $0.isRight ? .good : .bad } ?? .plain
        StatusLine(learn.message(check: check, cross: cross).map(Self.spelled(for: grid.theme)), tone: tone).draw(into: &grid, in: layout.message)

        guard !learn.isOver, let question = learn.question else {
            Box(title: "Session over", style: .double, frameStyle: Self.learnFrame).draw(into: &grid, in: layout.body)
            drawSummary(in: layout.inner, into: &grid)
            return
        }
        let progress = learn.session.progress[question.card.id] ?? .new
        let leech = progress.isLeech ? " · leech: missed on \(progress.misses) days" : ""
        let newCard = progress.reviews == 0 && learn.shownWrong == nil ? " · new card" : ""
        Box(title: Self.spelled(for: grid.theme)(TempleLearn.prompt(question) + leech + newCard), style: .double, frameStyle: Self.learnFrame)
            .draw(into: &grid, in: layout.body)
        if question.kind == .nameToPicture {
            drawPictureChoices(question, layout: layout, pictures: pictures, check: check, cross: cross, into: &grid)
            return
        }
        if let frame = layout.picture {
            pictures.drawFramed(question.card, in: frame, clip: layout.inner, style: .rounded, frameStyle: .plain,
                                pixelHeight: layout.pictureHeight, into: &grid)
        }
        if let field = layout.field {
            drawTyped(in: field, check: check, cross: cross, into: &grid)
        }
        let wrong = learn.shownWrong
        for (index, row) in layout.choiceRows.enumerated() where question.choices.indices.contains(index) {
            let choice = question.choices[index]
            let label = "\(index + 1)  " + question.label(of: choice)
            var style = Style.plain
            var mark = "  "
            if let wrong {
                if choice == question.card {
                    style = Style.bold.foreground(.good)
                    mark = check + " "
                } else if wrong.choice == index {
                    style = Style.bold.foreground(.bad)
                    mark = cross + " "
                } else {
                    style = .dim
                }
            } else if index == learn.cursor {
                style = Style.bold.reversed
                mark = glyphs.pick("▶", ascii: ">") + " "
            }
            grid.write(mark, at: row.origin, clip: row)
            let text = Rect(x: row.x + 2, y: row.y, width: max(0, row.width - 2), height: 1)
            grid.write(TextLayout.truncated(Self.spelled(for: grid.theme)(label), toWidth: text.width, ascii: grid.theme.ascii), at: text.origin,
                       style: style, clip: text)
        }
    }

    private static let learnFrame = Style.bold.foreground(.accent)

    /// Words as `theme`'s terminal shows them: on an ASCII one, accented letters plain
    /// ("Münchenbuchsee" as "Munchenbuchsee", what the player typed too) and marks such as
    /// · — “ ” as their look-alikes; elsewhere as they are.
    static func spelled(for theme: Theme) -> (String) -> String {
        guard theme.ascii else { return { $0 } }
        let glyphs = Glyphs(theme: theme)
        return { glyphs.plain(TypedAnswer.plainSpelling($0)) }
    }

    /// The name being typed with its cursor, or after a wrong answer what was typed and the name.
    private func drawTyped(in field: Rect, check: String, cross: String, into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        if let wrong = learn.shownWrong {
            let typed = wrong.typed ?? ""
            grid.write(TextLayout.truncated(Self.spelled(for: grid.theme)("\(cross) You typed: " + (typed.isEmpty ? "(nothing)" : typed.composed)),
                                            toWidth: field.width, ascii: ascii),
                       at: field.origin, style: Style.bold.foreground(.bad), clip: field)
            let below = Rect(x: field.x, y: field.y + 2, width: field.width, height: 1)
            grid.write(TextLayout.truncated(Self.spelled(for: grid.theme)("\(check) It is: " + wrong.question.card.name),
                                            toWidth: field.width, ascii: ascii),
                       at: below.origin, style: Style.bold.foreground(.good), clip: below)
            return
        }
        grid.write("Name:", at: Point(x: field.x, y: field.y - 1), style: .dim, clip: Rect(x: field.x, y: field.y - 1, width: field.width, height: 1))
        let box = Rect(x: field.x, y: field.y, width: min(field.width, TempleLearn.typedLimit + 2), height: 1)
        grid.fill(box, style: Style.plain.reversed)
        // Its end, after "…" when the start no longer fits, a column in from each side with
        // the cursor after it. Composed first: the grid drops a mark it cannot put on its letter.
        let shown = Self.echo(Self.spelled(for: grid.theme)(learn.typed.composed), width: max(1, box.width - 3), ascii: ascii)
        let used = grid.write(shown, at: Point(x: box.x + 1, y: box.y), style: Style.bold.reversed, clip: box)
        grid.put("_", at: Point(x: box.x + 1 + used, y: box.y), style: Style.bold.reversed, clip: box)
        let hint = Rect(x: field.x, y: field.y + 2, width: field.width, height: 1)
        grid.write(TextLayout.truncated("Enter answers. One typo is forgiven.", toWidth: hint.width, ascii: ascii),
                   at: hint.origin, style: .dim, clip: hint)
    }

    /// The end of `typed` that takes at most `width` columns, after "…" when its start does
    /// not fit: whole characters only, so a wide glyph is never cut in half.
    static func echo(_ typed: String, width: Int, ascii: Bool) -> String {
        guard DisplayWidth.of(typed) > width else { return typed }
        let ellipsis = Glyphs(ascii: ascii).ellipsis
        var used = DisplayWidth.of(ellipsis)
        var tail: [Character] = []
        for character in typed.reversed() {
            let columns = DisplayWidth.of(String(character))
            guard used + columns <= width else { break }
            tail.append(character)
            used += columns
        }
        return ellipsis + String(tail.reversed())
    }

    /// The name asked for over the pictures offered, each numbered; after a wrong answer the
    /// right one is marked ✓ and yours ✗, each with its name under it.
    private func drawPictureChoices(_ question: LearnQuestion, layout: TempleLearnLayout, pictures: TemplePictures,
                                    check: String, cross: String, into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        if let line = layout.askedName {
            let name = TextLayout.truncated(Self.spelled(for: grid.theme)(question.card.name), toWidth: line.width, ascii: ascii)
            grid.write(name, at: Point(x: line.x + max(0, (line.width - DisplayWidth.of(name)) / 2), y: line.y),
                       style: .bold, clip: line)
        }
        let wrong = learn.shownWrong
        for (index, choice) in question.choices.enumerated() where layout.choicePictures.indices.contains(index) {
            let frame = layout.choicePictures[index], label = layout.choiceLabels[index]
            var frameStyle = Style.plain, boxStyle = BoxStyle.rounded
            var words = "\(index + 1)"
            var wordStyle = Style.bold
            var name: String?
            if let wrong {
                name = choice.name
                if choice == question.card {
                    frameStyle = Style.bold.foreground(.good)
                    boxStyle = .double
                    words = "\(check) \(index + 1)"
                    wordStyle = Style.bold.foreground(.good)
                } else if wrong.choice == index {
                    frameStyle = Style.bold.foreground(.bad)
                    words = "\(cross) \(index + 1)"
                    wordStyle = Style.bold.foreground(.bad)
                } else {
                    wordStyle = .dim
                }
            } else if index == learn.cursor {
                frameStyle = Style.bold.foreground(.highlight)
                boxStyle = .double
                words = Glyphs(theme: grid.theme).pick("▶", ascii: ">") + " \(index + 1)"
                wordStyle = Style.bold.foreground(.highlight)
            }
            pictures.drawFramed(choice, in: frame, clip: layout.inner, style: boxStyle, frameStyle: frameStyle,
                                pixelHeight: layout.choiceHeights[index], into: &grid)
            // The number (and mark); once answered, each picture's name under it, on two lines.
            let lines = [words] + (name.map {
                PictureLabel.lines(Self.spelled(for: grid.theme)($0), width: label.width, maxLines: label.height - 1, ascii: ascii)
            } ?? [])
            for (offset, line) in lines.prefix(label.height).enumerated() {
                let text = TextLayout.truncated(line, toWidth: label.width, ascii: ascii)
                let row = Rect(x: label.x, y: label.y + offset, width: label.width, height: 1)
                grid.write(text, at: Point(x: row.x + max(0, (row.width - DisplayWidth.of(text)) / 2), y: row.y),
                           style: wordStyle, clip: row)
            }
        }
    }

    /// The session's summary: answers and right ones, the cards missed, the deck's counts, and
    /// when the next cards are due.
    private func drawSummary(in inner: Rect, into grid: inout CellGrid) {
        let width = max(1, inner.width - 4)
        // The cards missed may take several rows; every other line is one, cut with "…".
        let rows = Self.summaryLines(learn).flatMap { line in
            (line.wraps ? TextLayout.wrapped(line.text, toWidth: width) : [line.text]).map { ($0, line.style) }
        }
        for (offset, row) in rows.prefix(max(0, inner.height - 1)).enumerated() {
            let area = Rect(x: inner.x + 2, y: inner.y + 1 + offset, width: width, height: 1)
            grid.write(TextLayout.truncated(Self.spelled(for: grid.theme)(row.0), toWidth: width, ascii: grid.theme.ascii), at: area.origin,
                       style: row.1, clip: area)
        }
    }

    /// The summary's lines, as drawn (wrapped to no width: the box cuts them).
    static func summaryLines(_ learn: TempleLearn) -> [(text: String, style: Style, wraps: Bool)] {
        let session = learn.session
        let counts = session.counts
        let share = session.answered == 0 ? 0 : Int((Double(session.answeredRight) * 100 / Double(session.answered)).rounded())
        var lines: [(String, Style, Bool)] = [
            ("Reviewed \(Self.count(session.askedIDs.count, "card")): \(Self.count(session.answered, "answer")), "
                + "\(session.answeredRight) right (\(share)%).", .bold, false),
        ]
        let missed = session.cards.filter { session.missedIDs.contains($0.id) }.map(\.name)
        if !missed.isEmpty {
            lines.append(("Missed and asked again: " + missed.joined(separator: ", ") + ".", .plain, true))
        }
        lines.append(("", .plain, false))
        lines.append(("Due now \(counts.due)   New \(counts.new)   Learning \(counts.learning)   Known \(counts.known)"
                      + (counts.leeches > 0 ? "   Leeches \(counts.leeches)" : ""), .plain, false))
        lines.append((nextDue(learn), .plain, false))
        lines.append(("", .plain, false))
        let more = counts.due + counts.new > 0 ? "Enter: learn more" : "Enter: practise the cards due soonest"
        lines.append((more + "   m: match   s: study   q: menu", .dim, false))
        return lines
    }

    /// "1 card", "5 cards".
    private static func count(_ number: Int, _ thing: String) -> String {
        "\(number) \(thing)" + (number == 1 ? "" : "s")
    }

    /// "Next due: tomorrow (5 cards)", or that nothing waits.
    static func nextDue(_ learn: TempleLearn) -> String {
        let session = learn.session
        let counts = session.counts
        if counts.due > 0 { return "Due now: \(counts.due) \(counts.due == 1 ? "card" : "cards")." }
        guard let day = counts.nextDueDay else {
            return counts.new > 0 ? "Nothing is due: \(counts.new) new cards wait." : "Nothing is due."
        }
        let count = session.progress.values.filter { $0.reviews > 0 && $0.dueDay == day }.count
        let when: String
        switch day - session.day {
        case 1: when = "tomorrow"
        case let days: when = "in \(days) days (\(CalendarDay(dayNumber: day).text))"
        }
        return "Next due: \(when), \(count) \(count == 1 ? "card" : "cards")."
    }
}
