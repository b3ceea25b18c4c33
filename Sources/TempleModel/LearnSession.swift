import ArcadeCore

/// One question of a learn session: a card, the way it is asked, and the choices offered.
public struct LearnQuestion: Sendable, Equatable {
    /// How a card is asked.
    public enum Kind: Sendable, Equatable, CaseIterable, CustomStringConvertible {
        /// The picture; pick its name among up to four.
        case pictureToName
        /// The name; pick its picture among up to four.
        case nameToPicture
        /// The picture; pick where the temple stands among up to four places.
        case pictureToPlace
        /// The picture; type its name.
        case typedName

        public var description: String {
            switch self {
            case .pictureToName: return "picture → name"
            case .nameToPicture: return "name → picture"
            case .pictureToPlace: return "picture → place"
            case .typedName: return "picture → typed name"
            }
        }
    }

    public let card: Flashcard
    public let kind: Kind
    /// The cards offered, the asked one among them; empty for a typed name.
    public let choices: [Flashcard]

    /// Where the asked card is among the choices (nil for a typed name).
    public var answerIndex: Int? { choices.firstIndex(of: card) }

    /// The words of a choice: its name, or (asking the place) its location. For pictures the
    /// screen draws the picture and may fall back to these words.
    public func label(of choice: Flashcard) -> String {
        kind == .pictureToPlace ? choice.location : choice.name
    }
}

/// What an answer was, as the screen shows it and the store keeps it.
public struct LearnAnswer: Sendable, Equatable {
    public let question: LearnQuestion
    public let isRight: Bool
    /// The choice picked, or nil for a typed name.
    public let choice: Int?
    /// The name typed, or nil for a choice.
    public let typed: String?
    /// The card's progress after the answer.
    public let progress: CardProgress
}

/// A learn session: the cards due today and a few new ones, asked one at a time.
///
/// The session asks every card that is due on `day` (up to `reviewLimit`, those waiting
/// longest first) and up to `newLimit` cards never answered, in a seeded order. A missed card
/// goes back into the queue `missedGap` cards later, so it comes back before the session ends;
/// the session is over when the queue is empty. With nothing due and nothing new, it is a
/// practice session of the `practiceCount` cards due soonest: a miss counts as a miss, a right
/// answer leaves the card's schedule as it was (unless it was missed that day).
///
/// A card never answered is asked picture → name; after that the kind is drawn from those
/// the deck allows (a place only for cards with one, and only when another card has a
/// different place), never the same kind twice in a row when another is possible.
public struct LearnSession: Sendable {
    /// The deck's cards, in the deck's order.
    public let cards: [Flashcard]
    /// Every card's progress by id, as the session leaves it (cards never answered are absent).
    public private(set) var progress: [String: CardProgress]
    /// The day the session is played on.
    public let day: Int
    /// True when nothing was due or new, and the session practises the cards due soonest.
    public let isPractice: Bool
    /// The ids still to ask; the first is the current question's.
    public private(set) var queue: [String]
    /// The question being asked, or nil when the session is over.
    public private(set) var current: LearnQuestion?
    /// Answers given, and those that were right.
    public private(set) var answered = 0
    public private(set) var answeredRight = 0
    /// The cards asked in the session, and those missed at least once.
    public private(set) var askedIDs: Set<String> = []
    public private(set) var missedIDs: Set<String> = []
    private var generator: SeededGenerator

    /// How many new cards a session introduces.
    public static let newLimit = 5
    /// How many due cards a session asks at most.
    public static let reviewLimit = 40
    /// How many cards a practice session asks.
    public static let practiceCount = 10
    /// How many other cards come before a missed card is asked again.
    public static let missedGap = 3

    /// A session of `cards` on `day`, from `progress` (by card id), its order and questions
    /// from `seed`.
    public init(cards: [Flashcard], progress: [String: CardProgress], day: Int, seed: UInt64,
                newLimit: Int = LearnSession.newLimit, reviewLimit: Int = LearnSession.reviewLimit) {
        var seen = Set<String>()
        let deck = cards.filter { seen.insert($0.id).inserted }
        self.cards = deck
        self.progress = progress.filter { seen.contains($0.key) && $0.value.isSound && $0.value.reviews > 0 }
        self.day = day
        generator = SeededGenerator(seed: seed)
        let known = self.progress
        let due = deck.filter { known[$0.id]?.isDue(on: day) == true }
            .sorted { (known[$0.id]!.dueDay, $0.id) < (known[$1.id]!.dueDay, $1.id) }
            .prefix(max(0, reviewLimit))
        let new = deck.filter { known[$0.id] == nil }.prefix(max(0, newLimit))
        var chosen = Array(due) + Array(new)
        isPractice = chosen.isEmpty
        if isPractice {
            chosen = Array(deck.sorted { (known[$0.id]?.dueDay ?? 0, $0.id) < (known[$1.id]?.dueDay ?? 0, $1.id) }
                .prefix(Self.practiceCount))
        }
        queue = chosen.map(\.id).shuffled(using: &generator)
        current = nil
        current = queue.first.flatMap { id in deck.first { $0.id == id } }.map { makeQuestion(for: $0, after: nil) }
    }

    /// True when every card of the session has been answered right.
    public var isFinished: Bool { current == nil }

    /// Cards still to ask, the current one included.
    public var remaining: Int { queue.count }

    /// The current card's progress (new when never answered).
    public var currentProgress: CardProgress? {
        current.map { progress[$0.card.id] ?? .new }
    }

    /// How the deck stands now.
    public var counts: LearnCounts { LearnCounts(cards: cards.map(\.id), progress: progress, on: day) }

    // MARK: - Answering

    /// Answer the current question with choice `index`; nil when there is no such choice (or
    /// the question wants a typed name).
    public mutating func answer(choice index: Int) -> LearnAnswer? {
        guard let question = current, question.kind != .typedName, question.choices.indices.contains(index) else {
            return nil
        }
        return settle(question, right: question.choices[index] == question.card, choice: index, typed: nil)
    }

    /// Answer the current typed-name question with `text` (see `TypedAnswer`); nil when the
    /// question is not a typed one.
    public mutating func answer(typed text: String) -> LearnAnswer? {
        guard let question = current, question.kind == .typedName else { return nil }
        // Forgiven a typo, but not when it is exactly another card's name.
        let namesAnother = cards.contains { $0.name != question.card.name && TypedAnswer.exactlyNames(text, name: $0.name) }
        let right = !namesAnother && TypedAnswer.matches(text, name: question.card.name)
        return settle(question, right: right, choice: nil, typed: text)
    }

    private mutating func settle(_ question: LearnQuestion, right: Bool, choice: Int?, typed: String?) -> LearnAnswer {
        let id = question.card.id
        let before = progress[id] ?? .new
        var after = before.answered(right: right, on: day)
        if isPractice && right && before.lastMissDay != day {
            // Practice ahead of time: the schedule stands, only the review counts (a card
            // missed today and now right waits a day, as in any session).
            after = before
            after.reviews += 1
        }
        progress[id] = after
        answered += 1
        if right { answeredRight += 1 }
        askedIDs.insert(id)
        queue.removeFirst()
        if !right {
            missedIDs.insert(id)
            queue.insert(id, at: min(Self.missedGap, queue.count))
        }
        current = queue.first.flatMap { next in cards.first { $0.id == next } }.map { makeQuestion(for: $0, after: question) }
        return LearnAnswer(question: question, isRight: right, choice: choice, typed: typed, progress: after)
    }

    // MARK: - Questions

    /// The kinds `card` can be asked in this deck.
    public func kinds(for card: Flashcard) -> [LearnQuestion.Kind] {
        var kinds: [LearnQuestion.Kind] = []
        if cards.contains(where: { $0.id != card.id && $0.name != card.name }) {
            kinds += [.pictureToName, .nameToPicture]
        }
        if !card.location.isEmpty,
           cards.contains(where: { !$0.location.isEmpty && $0.location != card.location }) {
            kinds.append(.pictureToPlace)
        }
        return kinds + [.typedName]
    }

    private mutating func makeQuestion(for card: Flashcard, after previous: LearnQuestion?) -> LearnQuestion {
        let kinds = kinds(for: card)
        let kind: LearnQuestion.Kind
        if progress[card.id] == nil && !askedIDs.contains(card.id) {
            kind = kinds[0]  // a first sight: pick the name (typed only when nothing else can be asked)
        } else {
            let fresh = kinds.filter { $0 != previous?.kind }
            kind = (fresh.isEmpty ? kinds : fresh).randomElement(using: &generator)!
        }
        guard kind != .typedName else { return LearnQuestion(card: card, kind: kind, choices: []) }
        let shown = { (other: Flashcard) in kind == .pictureToPlace ? other.location : other.name }
        var labels: Set<String> = [shown(card)]
        var choices = [card]
        for other in cards.shuffled(using: &generator) where choices.count < 4 {
            let label = shown(other)
            guard !label.isEmpty, labels.insert(label).inserted else { continue }
            choices.append(other)
        }
        return LearnQuestion(card: card, kind: kind, choices: choices.shuffled(using: &generator))
    }
}
