import ArcadeCore
import ArcadeRecords
import ArcadeUI
import TempleModel

/// Temple flashcards: pictures beside names; match them, study the pictures with names, or
/// learn them a few at a time.
///
/// The screen is a small host: it loads the deck, keeps its pictures (`TemplePictures`)
/// and what is kept of its learning (`TempleLearning`), and shows one page: the loading or
/// its failure (`TempleLoadingPage`), the match and study game (`TempleMatchPage`), or
/// learn mode over it (`TempleLearnPage`). It routes keys, clicks and drawing to the page
/// on show, and is what the shell knows (`GameScreen`: saving, the game-over box, the key
/// line, help, the cursor). The match page's state reads through it (`screen.focus`,
/// `screen.pictureScroll`).
///
/// The screen opens loading its deck: it asks the effect runtime for it (`start`), and a
/// `--deck` folder, which loads on a thread of the runtime's, is checked on the screen's
/// ticks, which show how far it is; leaving stops the loading.
@dynamicMemberLookup
struct TempleScreen: GameScreen {
    /// How often the loading screen asks how far the loading is: ten times a second.
    static let loadingTickInterval = DeckPictures.checkInterval

    /// What the player can do: on the page on show, or between the pages.
    enum Action: Hashable, Sendable {
        /// The match and study page's keys and clicks.
        case match(TempleMatchPage.Action)
        /// Learn mode's.
        case learn(TempleLearnPage.Action)
        /// Into learn mode (`l`), or out of it to matching or studying (`m`, `s`).
        case openLearn
        case leaveLearn(TempleGame.Mode)
        /// Back to the menu: from a deck that could not be loaded, or the result box.
        case back
    }

    /// Where the screen is: before the deck is there (loading it, or saying why there is
    /// none), or playing.
    enum Phase: Equatable {
        case loading(TempleLoadingPage)
        case playing
    }

    /// The deck loading, or why there is none; nil once it is there.
    private(set) var loadingPage: TempleLoadingPage? = .loading(nil)
    var phase: Phase { loadingPage.map(Phase.loading) ?? .playing }
    /// The match and study game: shown once the deck is there, unless learn mode is on.
    var match: TempleMatchPage
    /// Learn mode, while it is on.
    private(set) var learnPage: TempleLearnPage?
    /// The deck's pictures, and their copies scaled for the page on show.
    private(set) var pictures = TemplePictures()
    /// What went wrong loading the deck, one line per file (the help sheet lists them).
    private(set) var notices: [String] = []
    let source: DeckSource
    let seed: UInt64
    /// A saved game waiting for its deck: the screen is resuming it (see `init(restoring:context:)`).
    private var resuming: TempleSavedGame?
    /// What is kept of the deck's learning, for learn mode's sessions.
    private(set) var learning: TempleLearning
    /// True when the screen opens in learn mode once the deck is there (`--learn`).
    private var opensInLearn: Bool

    /// A screen that asks for the deck from `source` when it starts; its learn mode counts
    /// from what `learning` keeps on `today` and opens at once when `learn` is true. The
    /// slide between match and study runs at `pace`; `best` is the best accuracy kept for
    /// the built-in deck, if any.
    init(source: DeckSource, seed: UInt64, learning: LearningRecord = LearningRecord(), today: Int = 0,
         learn: Bool = false, pace: AnimationPace = .normal, best: Int? = nil) {
        self.source = source
        self.seed = seed
        match = TempleMatchPage(source: source, seed: seed, pace: pace, best: best)
        self.learning = TempleLearning(source: source, record: learning, today: today)
        opensInLearn = learn
    }

    /// A screen showing `deck` at once, or the reason there is none.
    init(deck: Result<TempleDeck, DeckError>, source: DeckSource = .builtIn, seed: UInt64,
         learning: LearningRecord = LearningRecord(), today: Int = 0, learn: Bool = false) {
        self.init(source: source, seed: seed, learning: learning, today: today, learn: learn)
        adopt(deck)
    }

    /// The screen `arcade temples [--deck DIR] [--learn]` opens.
    init(context: GameContext) {
        self.init(source: context.options["--deck"].map(DeckSource.folder) ?? .builtIn, seed: context.seed,
                  learning: context.learning, today: context.today.dayNumber, learn: context.options["--learn"] != nil,
                  pace: AnimationPace(settings: context.settings), best: context.scores.map(\.score).max())
    }

    /// The menu row's note: how many cards of the built-in deck — the one the menu opens —
    /// are due today ("3 due"), or nil.
    static func menuNote(_ context: GameContext) -> String? {
        let due = context.learning.dueCount(of: LearningRecord.builtInKey, on: context.today.dayNumber)
        return due > 0 ? "\(due) due" : nil
    }

    /// The match page's state, read through the screen (`screen.names`, `screen.clock`).
    subscript<Value>(dynamicMember keyPath: KeyPath<TempleMatchPage, Value>) -> Value {
        match[keyPath: keyPath]
    }

    /// The game, once the deck is there.
    var game: TempleGame? { loadingPage == nil ? match.game : nil }
    /// Learn mode's session, while it is on.
    var learn: TempleLearn? { learnPage?.learn }

    var isLoading: Bool {
        if case .loading? = loadingPage { return true }
        return false
    }

    /// Show `deck`, or the reason there is none; `learned` is what the store keeps of its
    /// cards, read with it.
    private mutating func adopt(_ deck: Result<TempleDeck, DeckError>,
                                learned: (deck: String, cards: [String: StoredCardProgress])? = nil) {
        switch deck {
        case .success(let deck):
            loadingPage = nil
            learning.take(deck.entries, learned: learned)
            var sizes: [String: Size] = [:], years: [String: Int] = [:]
            for entry in deck.entries {
                pictures.add(entry.picture, for: entry.card.id)
                sizes[entry.card.id] = Size(width: entry.picture.width, height: entry.picture.height)
                years[entry.card.id] = entry.year
            }
            notices = deck.notices
            match.deal(TempleGame(cards: deck.entries.map(\.card), seed: seed), sizes: sizes, years: years,
                       notices: deck.notices)
            if let saved = resuming {
                resuming = nil
                match.resume(saved, notices: deck.notices)
            }
            if opensInLearn {
                opensInLearn = false
                openLearn()
            }
        case .failure(let error):
            loadingPage = .failed(error.description)
        }
    }

    // MARK: - GameScreen

    func minimumSize(in frame: Frame) -> Size { Size(width: 60, height: 16) }
    // Once the deck is loaded nothing ticks until a clock or an animation runs.
    var wantsTicks: Bool { isLoading || match.transition != nil || (isInProgress && learnPage == nil) }
    var tickInterval: Double { isLoading ? Self.loadingTickInterval : match.transition != nil ? 1.0 / 30.0 : 1 }
    var isInProgress: Bool { match.isInProgress }
    var isTimed: Bool { isInProgress && learnPage == nil }
    var helpTitle: String { "Temples" }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        loadingPage?.bindings ?? learnPage?.bindings ?? match.bindings
    }

    /// The keys of each page, by name for help and the man page.
    static let matchBindings = TempleMatchPage.matchKeys
    static let studyBindings = TempleMatchPage.studyKeys
    static let learnTypingBindings = TempleLearnPage.typingKeys
    static func learnBindings(choices: Int, answering: Bool, over: Bool, practice: Bool = false) -> [Binding<Action>] {
        TempleLearnPage.keys(choices: choices, answering: answering, over: over, practice: practice)
    }
    static let loadingBindings = TempleLoadingPage.loadingKeys
    static let failureBindings = TempleLoadingPage.failureKeys

    /// Keys through the table and clicks through the layout, as for every game, except that a
    /// name being typed takes every printable character, not only those the table lists.
    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        if case .key(.character(let character)) = input, learnPage?.learn.isTyping == true,
           TempleLearnPage.isTypeable(character) {
            return perform(.learn(.type(character)), in: frame)
        }
        return dispatch(input, in: frame)
    }

    /// The key line: while the result box is up its buttons have the keys, and `r` besides.
    func keyHints(in frame: Frame) -> [KeyHint] {
        gameOver(in: frame) == nil ? bindings(in: frame).keyHints() : [KeyHint("r", "same order again")]
    }

    func helpNotes(in frame: Frame) -> [String] {
        // The deck's notices first: the message line sends the player here for them. Then the
        // page on show's own words (learn mode's first while it is on).
        let pages = learnPage == nil ? TempleMatchWording.notes + TempleLearnPage.notes
            : TempleLearnPage.notes + TempleMatchWording.notes
        return deckNotes + pages + ["The pictures are original pixel art drawn for this game from written descriptions."]
    }

    /// The deck's notices for the help sheet: the first few, and how many more.
    private var deckNotes: [String] {
        guard !notices.isEmpty else { return [] }
        let shown = 8
        let more = notices.count > shown ? ["(and \(notices.count - shown) more)"] : []
        return ["Loading the deck:"] + notices.prefix(shown).map { "- \($0)" } + more
    }

    /// A click or the wheel, as the page on show takes it.
    func action(for event: MouseEvent, in frame: Frame) -> Action? {
        guard loadingPage == nil else { return nil }
        if let learnPage { return learnPage.action(for: event, in: frame, pictures: pictures) }
        return match.action(for: event, in: frame)
    }

    /// The deck is asked for when the screen opens; one given whole is scaled for the frame.
    mutating func start(in frame: Frame) -> [GameEffect] {
        if isLoading { return [.deck(.load(source))] }
        rescale(in: frame)
        return []
    }

    /// Leaving while the deck loads stops the loading.
    mutating func willLeave() -> [GameEffect] {
        isLoading ? [.deck(.cancel)] : []
    }

    /// How far the deck has loaded, or the deck, which the screen then shows.
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        guard case .deck(_, let deck) = report, isLoading else { return [] }
        switch deck.state {
        case .loading(let progress):
            loadingPage = .loading(progress)
        case .finished(let result):
            adopt(result, learned: deck.learned)
            match.clampScroll(in: frame)
            rescale(in: frame)
        }
        return []
    }

    mutating func resized(to frame: Frame) -> [GameEffect] {
        guard loadingPage == nil else { return [] }
        match.clampScroll(in: frame)
        rescale(in: frame)
        return []
    }

    /// While loading, ask how far it is; else run the switch's animation and the clock.
    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        if isLoading { return [.deck(.check)] }
        if match.advance(by: seconds, in: frame, clocking: learnPage == nil) { rescale(in: frame) }
        return []
    }

    /// Do `action` on the page it belongs to, or open or leave learn mode.
    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        if let loadingPage { return loadingPage.perform(action) }
        var effects: [GameEffect] = []
        // Learn mode takes its own actions and the way out of it, and nothing else.
        switch action {
        case .learn(let answer):
            guard learnPage != nil else { return [] }
            effects = learnPage?.perform(answer) ?? []
            learning.note(effects)
            guard answer.changesPictures else { return effects }
        case .leaveLearn(let mode):
            guard learnPage != nil else { return [] }
            learnPage = nil
            match.show(mode)
            return []
        case _ where learnPage != nil:
            return []
        case .back:
            return [.leave]
        case .openLearn:
            openLearn()
            match.status = StatusLine("")
        case .match(let action):
            effects = match.perform(action, in: frame)
        }
        rescale(in: frame)
        return effects
    }

    /// Into learn mode, with the deck loaded: a session of what is due today (the caller
    /// scales the pictures for it).
    private mutating func openLearn() {
        guard loadingPage == nil, learnPage == nil else { return }
        learnPage = TempleLearnPage(learning.session(of: match.game.cards, seed: seed))
    }

    /// The deck played (`DeckSource.saveName`), which the saved game is kept under.
    func saveMode() -> String { source.saveName }

    /// The deck cleared in match mode: the match page's result box.
    func gameOver(in frame: Frame) -> GameOver<Action>? {
        guard loadingPage == nil, learnPage == nil else { return nil }
        return match.gameOver(in: frame)
    }

    func render(into grid: inout CellGrid) {
        if let loadingPage {
            loadingPage.render(into: &grid)
        } else if let learnPage {
            learnPage.render(into: &grid, pictures: pictures)
        } else {
            match.render(into: &grid, pictures: pictures)
        }
    }

    /// Where the cursor goes when it follows focus, as the page on show says; nil while the
    /// deck loads or when there is none.
    func cursorPosition(in frame: Frame) -> Point? {
        guard loadingPage == nil else { return nil }
        let point = learnPage.map { $0.cursorPosition(in: frame, pictures: pictures) } ?? match.cursorPosition(in: frame)
        return point.flatMap { frame.bounds.contains($0) ? $0 : nil }
    }

    /// Scale the pictures the page on show draws for its layout in `frame`, so drawing finds them made.
    mutating func rescale(in frame: Frame) {
        guard loadingPage == nil else { return }
        let shown = learnPage.map { $0.picturesShown(in: frame, pictures: pictures) } ?? match.picturesShown(in: frame)
        pictures.keep(shown, drawingFor: frame.theme)
    }

    /// Where learn mode puts the parts of `learn` in `frame`.
    func learnLayout(in frame: Frame, learn: TempleLearn) -> TempleLearnLayout {
        TempleLearnLayout(frame: frame, learn: learn) { pictures.original($0) }
    }
}

// MARK: - Saving

extension TempleScreen {
    /// The match in progress, to resume later; nil when there is none (study mode, not yet
    /// begun, or cleared).
    func savedState() -> GameSave? {
        // Left again while the resumed game's deck loads: the saved game is still the game.
        let saved = resuming ?? (isInProgress ? TempleSavedGame(match) : nil)
        return saved.flatMap { SavedState.encode($0, version: TempleSavedGame.version, summary: $0.summary) }
    }

    /// A screen resuming the game `state` holds (`savedState`), or nil when it does not
    /// decode. It loads the deck the game was played with — the saved source, not the
    /// context's `--deck` — as a new screen does, and takes up the game once the deck is there.
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(TempleSavedGame.self, version: TempleSavedGame.version, from: state) else {
            return nil
        }
        self.init(source: saved.source, seed: context.seed, learning: context.learning, today: context.today.dayNumber,
                  pace: AnimationPace(settings: context.settings), best: context.scores.map(\.score).max())
        resuming = saved
    }
}

/// What a Temples score is kept with: the accuracy (also the score), the time taken, the
/// tallies, and the deck (only the built-in temples are recorded).
struct TempleFigures: ScoreFigures, Equatable {
    /// Correct matches among all attempts, in whole percent.
    var accuracy: Int
    /// The time taken, m:ss.
    var time: String
    var correct: Int
    var incorrect: Int
    var deck = "temples"
    /// The seconds played, kept beside the score (not among the figures).
    var duration: Double?

    var stored: [String: String] {
        ["accuracy": "\(accuracy)%", "time": time, "correct": String(correct), "incorrect": String(incorrect),
         "deck": deck]
    }

    init(accuracy: Int, time: String, correct: Int, incorrect: Int, deck: String = "temples") {
        self.accuracy = accuracy
        self.time = time
        self.correct = correct
        self.incorrect = incorrect
        self.deck = deck
    }

    /// The figures of a cleared `game`, played in `time`.
    init(game: TempleGame, time: String) {
        self.init(accuracy: Int(((game.accuracy ?? 0) * 100).rounded()), time: time,
                  correct: game.correctCount, incorrect: game.incorrectCount)
    }

    /// Games recorded before the deck was named were all of the built-in temples.
    init?(stored: [String: String]) {
        guard let accuracy = stored["accuracy"].flatMap({ Int($0.hasSuffix("%") ? String($0.dropLast()) : $0) }),
              let time = stored["time"],
              let correct = stored["correct"].flatMap({ Int($0) }),
              let incorrect = stored["incorrect"].flatMap({ Int($0) }) else { return nil }
        self.init(accuracy: accuracy, time: time, correct: correct, incorrect: incorrect,
                  deck: stored["deck"] ?? "temples")
    }

    /// The menu's line for the best game: "best 95% in 1:12".
    static func describeBest(_ entry: ScoreEntry) -> String {
        "best \(entry.score)%" + (TempleFigures(stored: entry.figures).map { " in \($0.time)" } ?? "")
    }
}
