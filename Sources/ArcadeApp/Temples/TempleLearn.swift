import ArcadeRecords
import TempleModel

/// A session of the temples' learn mode: a `LearnSession` with what the page adds to it —
/// the choice under the cursor, the name being typed, and a wrong answer shown beside the
/// right one until the player goes on.
///
/// Every answer is kept at once (`GameEffect.learned`), under the deck's key and the card's
/// (`TempleDeck.Entry.key`), so leaving half-way loses nothing.
struct TempleLearn {
    private(set) var session: LearnSession
    /// The deck's key and each card's (by card id), as the store keeps them.
    let deckKey: String
    let cardKeys: [String: String]
    /// The choice under the cursor (from 0).
    private(set) var cursor = 0
    /// The name typed so far, for a typed question.
    private(set) var typed = "" {
        didSet { typedCount = typed.count }
    }
    /// `typed.count`, kept: counting the characters of the name anew for every key read while
    /// the field is full would make a flood of text slow.
    private var typedCount = 0
    /// A wrong answer on show, beside the right one, until Enter.
    private(set) var shownWrong: LearnAnswer?
    /// The answer before the current question, for the message line.
    private(set) var last: LearnAnswer?
    /// The seed of the next session ("Learn more").
    private var nextSeed: UInt64

    /// The most characters a typed name takes (as the player sees them: a letter with its
    /// accents, an emoji with its modifiers, each one).
    static let typedLimit = 60
    /// The most code points it takes: marks piled on one letter count against this.
    static let typedScalarLimit = 4 * typedLimit

    /// A session of `cards` on `day`, from what is `kept` for the deck (by card key).
    init(cards: [Flashcard], keys: [String: String], deckKey: String, kept: [String: StoredCardProgress],
         day: Int, seed: UInt64) {
        self.deckKey = deckKey
        cardKeys = keys
        nextSeed = seed &+ 1
        session = LearnSession(cards: cards, progress: Self.progress(of: cards, keys: keys, kept: kept),
                               day: day, seed: seed)
    }

    /// The progress of `cards` by id, from what is kept by key (a record that could not be
    /// reached by answering is left out: the card starts again as new).
    static func progress(of cards: [Flashcard], keys: [String: String],
                         kept: [String: StoredCardProgress]) -> [String: CardProgress] {
        var result: [String: CardProgress] = [:]
        for card in cards {
            guard let stored = kept[keys[card.id] ?? card.id] else { continue }
            let progress = stored.progress
            if progress.isSound && progress.reviews > 0 { result[card.id] = progress }
        }
        return result
    }

    /// The question on screen: the one answered wrong while it shows, else the current one.
    var question: LearnQuestion? { shownWrong?.question ?? session.current }

    /// True when the session is over and its summary shows.
    var isOver: Bool { shownWrong == nil && session.isFinished }

    /// True when the question on screen wants a typed name (and is not answered yet).
    var isTyping: Bool { shownWrong == nil && session.current?.kind == .typedName }

    // MARK: - Answering

    mutating func moveCursor(by step: Int) {
        guard shownWrong == nil, let question = session.current, !question.choices.isEmpty else { return }
        cursor = min(max(0, cursor + step), question.choices.count - 1)
    }

    /// Add `character` to the name. A combining mark, a joiner or a modifier typed on its own
    /// joins the character before it, as the player sees it.
    mutating func type(_ character: Character) {
        guard isTyping else { return }
        // A full field takes only what joins its last character, and two ASCII characters
        // never join: the rest of a paste is turned away without counting anything.
        if typedCount >= Self.typedLimit, character.isASCII, typed.last?.isASCII == true { return }
        guard typed.unicodeScalars.count + character.unicodeScalars.count <= Self.typedScalarLimit else { return }
        var longer = typed
        longer.append(character)
        guard longer.count <= Self.typedLimit else { return }
        typed = longer
    }

    /// Rub out the last character as the player sees it (a letter with its accents, a flag, an
    /// emoji with its skin tone), whatever number of code points it was typed as.
    mutating func erase() {
        guard isTyping, !typed.isEmpty else { return }
        typed.removeLast()
    }

    /// Answer with choice `index` (from 0); nothing while a wrong answer shows.
    mutating func answer(choice index: Int) -> [GameEffect] {
        guard shownWrong == nil, let answer = session.answer(choice: index) else { return [] }
        return settle(answer)
    }

    /// Enter: go on after a wrong answer, or answer with the choice under the cursor, or with
    /// the name typed (nothing typed is "I don't know", a miss).
    mutating func submit() -> [GameEffect] {
        if shownWrong != nil {
            goOn()
            return []
        }
        guard let question = session.current else { return [] }
        if question.kind == .typedName {
            guard let answer = session.answer(typed: typed) else { return [] }
            return settle(answer)
        }
        return answer(choice: cursor)
    }

    /// Past the wrong answer, to the next question (the message line forgets it).
    mutating func goOn() {
        shownWrong = nil
        last = nil
    }

    /// A new session after the summary: the cards due now and the next new ones (practice
    /// when there are none).
    mutating func again() {
        guard isOver else { return }
        let seed = nextSeed
        nextSeed &+= 1
        session = LearnSession(cards: session.cards, progress: session.progress, day: session.day, seed: seed)
        last = nil
        cursor = 0
        typed = ""
    }

    private mutating func settle(_ answer: LearnAnswer) -> [GameEffect] {
        last = answer
        cursor = 0
        typed = ""
        if !answer.isRight { shownWrong = answer }
        let card = answer.question.card, progress = answer.progress
        return [.learned(deck: deckKey, card: cardKeys[card.id] ?? card.id,
                         progress: StoredCardProgress(progress),
                         right: answer.isRight, day: session.day)]
    }

    // MARK: - Words

    /// The header: how the deck stands and how the session goes.
    var header: [String] {
        let counts = session.counts
        let deck = "Due \(counts.due)  New \(counts.new)  Learning \(counts.learning)  Known \(counts.known)"
        guard session.answered > 0 else { return ["Learn · " + deck, deck, "Due \(counts.due) New \(counts.new)"] }
        let asked = "Right \(session.answeredRight) of \(session.answered)"
        return ["Learn · " + deck + "  ·  " + asked, deck + "  ·  " + asked, "Due \(counts.due)  New \(counts.new)  ·  " + asked,
                "Due \(counts.due) New \(counts.new)"]
    }

    /// The message line after an answer: ✓ and the card, or ✗ and what it really was.
    func message(check: String, cross: String) -> [String] {
        guard let last else {
            if session.isPractice { return ["Nothing is due: practising the cards due soonest.", "Practice."] }
            if isTyping { return ["Type the temple's name and press Enter.", "Type the name."] }
            return ["Answer with 1–4, the arrows and Enter, or a click.", "1–4 or Enter."]
        }
        let name = last.question.card.name
        if last.isRight {
            return ["\(check) Right: \(name)", "\(check) \(name)"]
        }
        let yours: String
        if let typed = last.typed {
            yours = typed.isEmpty ? "you did not know" : "you typed \u{201C}\(typed.composed)\u{201D}"
        } else if let choice = last.choice, last.question.choices.indices.contains(choice) {
            let picked = last.question.choices[choice]
            yours = last.question.kind == .nameToPicture ? "you picked \(picked.name)'s picture"
                : "you picked \(last.question.label(of: picked))"
        } else {
            yours = ""
        }
        let right = last.question.kind == .pictureToPlace ? "\(name) is in \(last.question.card.location)" : "It is \(name)"
        return ["\(cross) \(right) — \(yours). Enter: next", "\(cross) \(right). Enter: next", "\(cross) Enter: next"]
    }

    /// What the question asks, as the body's title says it.
    static func prompt(_ question: LearnQuestion) -> String {
        switch question.kind {
        case .pictureToName: return "Which temple is this?"
        case .nameToPicture: return "Which picture is \(question.card.name)?"
        case .pictureToPlace: return "Where does this temple stand?"
        case .typedName: return "Type this temple's name"
        }
    }
}
