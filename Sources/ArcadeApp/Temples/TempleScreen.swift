import ArcadeCore
import ArcadeStore
import ArcadeUI
import TempleModel

/// Temple flashcards: pictures beside names; match them, or study the pictures with names.
///
/// Match mode shows the unmatched pictures in a scrolling collection and their names in
/// a list, side by side; picking a picture and a name (either order) is an attempt,
/// "Correct" removes both. Study mode shows every picture with its name written on it.
/// One button ("Study" / "Match") switches, and the names pane slides away or back.
///
/// The screen opens loading its deck: it asks the effect runtime for it (`start`), and a
/// `--deck` folder, which loads on a thread of the runtime's, is checked on the screen's
/// ticks, which show how far it is; leaving stops the loading.
struct TempleScreen: GameScreen {
    /// How long the switch between the modes takes, in seconds.
    static let transitionDuration = 0.3
    /// How often the loading screen asks how far the loading is: ten times a second.
    static let loadingTickInterval = DeckPictures.checkInterval

    /// What the player can do; what a key does depends on the mode and the focused pane.
    enum Action: Hashable, Sendable {
        /// Tab: between the pictures and the names.
        case switchPane
        /// Arrows: the cursor within the focused pane (in study mode, scroll).
        case move(Direction)
        /// Home and End: the first or last picture or name (in study mode, top or bottom).
        case first, last
        /// Page Up (-1) and Down (+1).
        case page(Int)
        /// Pick the picture or name under the cursor.
        case pick
        /// A click on picture `index` of those shown, or on name `index` of the list.
        case pickPicture(Int), pickName(Int)
        /// The mouse wheel over the pictures or over the names.
        case scrollPictures(Int), scrollNames(Int)
        case toggleMode, reset
        /// n: both panes dealt in a new order (the names shuffled too), tallies cleared.
        case shuffle
        /// Back to the menu: from a deck that could not be loaded, or the result box.
        case back
        /// Learn mode (`l`): open it; answer with choice `index` (a digit or a click); move the
        /// cursor between the choices; Enter (answer, or go on after a wrong answer); type a
        /// letter of a name or rub one out; another session; back to match or study.
        case learn
        case answer(Int), moveChoice(Int), submit, type(Character), erase, learnAgain
        case leaveLearn(TempleGame.Mode)
    }

    /// Where the screen is: loading the deck, showing why there is none, or playing.
    enum Phase: Equatable {
        /// How far the loading is (nil until the folder is read and the first picture starts).
        case loading(TempleDeck.Progress?)
        case failed(String)
        case playing
    }

    private(set) var phase: Phase
    var game: TempleGame?
    private var pictures: [String: RGBAImage] = [:]
    private var years: [String: Int] = [:]
    /// The pictures scaled for the layout of the last frame (see `rescale`).
    private(set) var scaled = ScaledPictures()
    /// The layout of the frame and state of the last key, tick or resize, so that drawing
    /// finds it made (`layout(in:)`); brought up to date only where the screen changes.
    private(set) var layoutCache = TempleLayoutCache()
    /// What went wrong loading the deck, one line per file (the help sheet lists them).
    private(set) var notices: [String] = []
    private(set) var focus: TempleGame.Pane = .pictures
    /// The picture under the cursor, as an index into the pictures shown.
    private(set) var pictureCursor = 0
    /// The first row of pictures shown (the collection scrolls by rows).
    var pictureScroll = 0
    private(set) var names = ListView(rows: [], showsMarker: true, selectedStyle: .plain)
    /// The message line (its tone follows the last pick when drawn).
    var status = StatusLine("")
    /// Progress (0…1) of the animated switch to the model's current mode, while it runs.
    private(set) var transition: Double?
    /// How fast the slide between match and study runs (the animations setting): off, none.
    var pace = AnimationPace.normal
    /// Time spent matching, from the first pick until the deck is cleared (study mode stops it).
    private(set) var clock = PlayClock()
    let source: DeckSource
    let seed: UInt64
    /// A saved game waiting for its deck: the screen is resuming it (see `init(restoring:context:)`).
    private var resuming: Saved?
    /// Learn mode, while it is on (see TempleScreen+Learn).
    var learn: TempleLearn?
    /// What is kept of this deck's learning, by card key (kept in step with every answer).
    var kept: [String: StoredCardProgress] = [:]
    /// Each card's key (by card id), and the deck's (`LearningRecord`).
    private(set) var cardKeys: [String: String] = [:]
    let deckKey: String
    /// The day it is, as the learn mode counts days (`CalendarDay.dayNumber`).
    let today: Int
    /// Learn sessions opened on this screen (each has a seed of its own).
    var learnSessions = 0
    /// True when the screen opens in learn mode once the deck is there (`--learn`).
    private var opensInLearn: Bool
    /// The best accuracy kept for the built-in deck before this game, if any (`GameContext.scores`).
    private var best: Int?
    /// True when the deck just cleared beat `best` (the result box says so).
    private(set) var isNewBest = false

    /// A screen that asks for the deck from `source` when it starts; its learn mode counts
    /// from what `learning` keeps on `today` and opens at once when `learn` is true.
    init(source: DeckSource, seed: UInt64, learning: LearningRecord = LearningRecord(), today: Int = 0,
         learn: Bool = false) {
        self.source = source
        self.seed = seed
        phase = .loading(nil)
        deckKey = LearningRecord.key(of: source)
        kept = learning.cards[deckKey] ?? [:]
        self.today = today
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
                  learning: context.learning, today: context.today.dayNumber, learn: context.options["--learn"] != nil)
        pace = AnimationPace(settings: context.settings)
        best = context.scores.map(\.score).max()
    }

    /// The menu row's note: how many cards of the built-in deck — the one the menu opens —
    /// are due today ("3 due"), or nil.
    static func menuNote(_ context: GameContext) -> String? {
        let due = context.learning.dueCount(of: LearningRecord.builtInKey, on: context.today.dayNumber)
        return due > 0 ? "\(due) due" : nil
    }

    /// The message line's full wording.
    var message: String { status.wording(fitting: .max) }

    var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// Show `deck`, or the reason there is none.
    private mutating func adopt(_ deck: Result<TempleDeck, DeckError>) {
        switch deck {
        case .success(let deck):
            let game = TempleGame(cards: deck.entries.map(\.card), seed: seed)
            self.game = game
            phase = .playing
            for entry in deck.entries {
                pictures[entry.card.id] = entry.picture
                years[entry.card.id] = entry.year
                cardKeys[entry.card.id] = entry.key
            }
            notices = deck.notices
            status = deck.notices.first.map { notice in
                StatusLine(notice, tail: deck.notices.count > 1 ? "(and \(deck.notices.count - 1) more: press ?)" : "")
            } ?? StatusLine(["Pick a picture and its name, in either order.", "Pick a picture and its name."])
            names.rows = game.remainingNames.map(\.name)
            if let saved = resuming {
                resuming = nil
                resume(saved, notices: deck.notices)
            }
            if opensInLearn {
                opensInLearn = false
                startLearn()
            }
        case .failure(let error):
            phase = .failed(error.description)
        }
    }

    // MARK: - GameScreen

    func minimumSize(in frame: Frame) -> Size { Size(width: 60, height: 16) }
    // Once the deck is loaded nothing ticks until a clock or an animation runs.
    var wantsTicks: Bool { isLoading || transition != nil || (isInProgress && learn == nil) }
    var tickInterval: Double { isLoading ? Self.loadingTickInterval : transition != nil ? 1.0 / 30.0 : 1 }
    var isInProgress: Bool { clock.isRunning && game?.mode == .match }
    var isTimed: Bool { isInProgress && learn == nil }
    var helpTitle: String { "Temples" }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        switch phase {
        case .loading: return Self.loadingBindings  // the shell's "q menu" is the one key that acts
        case .failed: return Self.failureBindings
        case .playing:
            if let learn { return learnBindings(learn) }
            return game?.mode == .study ? Self.studyBindings : Self.matchBindings
        }
    }

    /// The keys of each mode. Both list every key with the same help words (help says what
    /// each does in either mode); the key line shows the mode's own.
    static let matchBindings = keys(study: false)
    static let studyBindings = keys(study: true)
    /// While loading no key acts, but help lists them.
    static let loadingBindings = matchBindings.map { binding in
        var disabled = binding
        disabled.isEnabled = false
        return disabled
    }
    static let failureBindings = [Binding([.enter], Action.back, hint: "back")] + loadingBindings

    private static func keys(study: Bool) -> [Binding<Action>] {
        [
            Binding([.tab, .backTab], .switchPane, hint: study ? nil : "pane",
                    help: "switch between pictures and names"),
            // Arrows only: l is learn mode.
            .directions(hint: study ? "scroll" : nil, hintKeys: "↑↓", help: "move within a pane (scroll in study mode)",
                        vimKeys: false) { .move($0) },
            Binding(keys: [.enter, .space], hint: study ? nil : KeyHint("Enter", "pick"),
                    help: KeyHint("Enter  Space", "pick the picture or name under the cursor")) { key in
                study ? (key == .space ? .page(1) : nil) : .pick
            },
            .note("click", "pick a picture or a name; press a button"),
            Binding(keys: [.pageUp, .pageDown], help: KeyHint("PgUp  PgDn  wheel", "scroll")) { key in
                .page(key == .pageUp ? -1 : 1)
            },
            Binding(keys: [.home, .end], help: KeyHint("Home  End", "first / last picture or name (study: top / bottom)")) {
                $0 == .home ? .first : .last
            },
            Binding([.character("s"), .character("m")], .toggleMode, hint: study ? "match" : "study",
                    hintKeys: study ? "m" : "s", help: "switch to Study / back to Match"),
            Binding([.character("r")], .reset, hint: study ? nil : "reset",
                    help: "reset: all pictures and names back, tallies cleared"),
            // Learn before shuffle: where the key line runs out of room, learn is the one kept.
            Binding([.character("l")], .learn, hint: "learn", help: "learn mode: the cards due, asked one at a time"),
            Binding([.character("n")], .shuffle, hint: study ? nil : "shuffle",
                    help: "new order: pictures and names shuffled, tallies cleared", isEnabled: !study),
        ]
    }

    /// Keys through the table and clicks through the layout, as for every game, except that a
    /// name being typed takes every printable character, not only those the table lists.
    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        if case .key(.character(let character)) = input, learn?.isTyping == true, Self.isTypeable(character) {
            return perform(.type(character), in: frame)
        }
        return dispatch(input, in: frame)
    }

    /// The key line: while the result box is up its buttons have the keys, and `r` besides.
    func keyHints(in frame: Frame) -> [KeyHint] {
        gameOver(in: frame) == nil ? bindings(in: frame).keyHints() : [KeyHint("r", "same order again")]
    }

    func helpNotes(in frame: Frame) -> [String] {
        // The deck's notices first: the message line sends the player here for them. Then the
        // mode on screen's own words (learn mode's first while it is on).
        let modes = [
            "Pick a picture and the name of that temple, in either order. A correct match "
                + "takes both away; an incorrect one clears both picks. Tallies stay until Reset.",
            "Study mode shows every temple with its name on the picture; nothing can be picked.",
        ]
        return deckNotes + (learn == nil ? modes + Self.learnNotes : Self.learnNotes + modes) + [
            "The pictures are original pixel art drawn for this game from written descriptions.",
        ]
    }

    /// The deck's notices for the help sheet: the first few, and how many more.
    private var deckNotes: [String] {
        guard !notices.isEmpty else { return [] }
        let shown = 8
        let more = notices.count > shown ? ["(and \(notices.count - shown) more)"] : []
        return ["Loading the deck:"] + notices.prefix(shown).map { "- \($0)" } + more
    }

    /// A click: a button, or (matching) a picture or a name; the wheel scrolls what it is over.
    func action(for event: MouseEvent, in frame: Frame) -> Action? {
        guard phase == .playing, let game else { return nil }
        if let learn { return learnAction(for: event, in: frame, learn: learn) }
        let layout = layout(in: frame)
        switch event.action {
        case .wheelUp, .wheelDown:
            let step = event.action == .wheelUp ? -1 : 1
            return layout.namesList.contains(event.at) ? .scrollNames(step) : .scrollPictures(step)
        case .press:
            if let action = layout.buttons.action(at: event.at, in: layout.buttonRow) { return action }
            guard game.mode == .match else { return nil }
            if let index = layout.pictureIndex(at: event.at) { return .pickPicture(index) }
            return names.index(at: event.at, in: layout.namesList).map { .pickName($0) }
        default:
            return nil
        }
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
            phase = .loading(progress)
        case .finished(let result):
            // The deck's cards as the store keeps them, read with the deck; this run's answers stay.
            if let learned = deck.learned, learned.deck == deckKey {
                kept = learned.cards.merging(kept) { _, thisRun in thisRun }
            }
            adopt(result)
            clampScroll(in: frame)
            rescale(in: frame)
        }
        return []
    }

    mutating func resized(to frame: Frame) -> [GameEffect] {
        guard game != nil else { return [] }
        clampScroll(in: frame)
        rescale(in: frame)
        return []
    }

    /// While loading, ask how far it is; else run the switch's animation and the clock.
    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        if isLoading { return [.deck(.check)] }
        if let progress = transition {
            let next = progress + seconds / (Self.transitionDuration * max(pace.factor, 0.01))
            transition = next >= 1 ? nil : next
            clampScroll(in: frame)
            rescale(in: frame)
        }
        if game?.mode == .match && learn == nil { clock.advance(by: seconds) }
        return []
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        switch phase {
        case .loading: return []
        case .failed: return action == .back ? [.leave] : []
        case .playing: break
        }
        guard let game else { return [] }
        if learn != nil { return performLearn(action, in: frame) ?? [] }
        var effects: [GameEffect] = []
        let study = game.mode == .study
        switch action {
        case .toggleMode: toggleMode()
        case .reset: reset()
        case .shuffle: shuffle()
        case .back: return [.leave]
        case .learn:
            startLearn()
            status = StatusLine("")
        case .answer, .moveChoice, .submit, .type, .erase, .learnAgain, .leaveLearn: break
        case .switchPane:
            if !study { focus = focus == .pictures ? .names : .pictures }
        case .move(let direction):
            if study {
                if direction == .up || direction == .down { scroll(by: direction == .up ? -1 : 1, in: frame) }
            } else if focus == .names {
                if direction == .up || direction == .down { moveNames(direction == .up ? .up : .down, in: frame) }
            } else {
                movePictureCursor(direction, in: frame)
            }
        case .first, .last:
            let toEnd = action == .last
            if study && toEnd {
                scrollToBottom(in: frame)
            } else if study {
                pictureScroll = 0
            } else if focus == .names {
                moveNames(toEnd ? .end : .home, in: frame)
            } else {
                pictureCursor = toEnd ? max(0, game.visiblePictures.count - 1) : 0
                revealPictureCursor(in: frame)
            }
        case .page(let step):
            if study {
                scroll(by: 2 * step, in: frame)
            } else if focus == .names {
                moveNames(step < 0 ? .pageUp : .pageDown, in: frame)
            } else {
                scroll(by: step, in: frame)
            }
        case .pick:
            if !study { effects = pick(in: focus, frame: frame) }
        case .pickPicture(let index):
            guard !study else { break }
            focus = .pictures
            pictureCursor = index
            effects = pick(in: .pictures, frame: frame)
        case .pickName(let index):
            guard !study else { break }
            focus = .names
            names.select(index)
            names.ensureVisible(height: keptLayout(in: frame).namesList.height)
            effects = pick(in: .names, frame: frame)
        case .scrollPictures(let step):
            scroll(by: step, in: frame)
        case .scrollNames(let step):
            moveNames(step < 0 ? .up : .down, in: frame)
        }
        rescale(in: frame)
        return effects
    }

    // MARK: - Actions

    private mutating func pick(in pane: TempleGame.Pane, frame: Frame) -> [GameEffect] {
        guard var game, game.mode == .match, transition == nil else { return [] }
        let id: String?
        switch pane {
        case .pictures:
            let shown = game.visiblePictures
            id = shown.indices.contains(pictureCursor) ? shown[pictureCursor].id : nil
        case .names:
            let remaining = game.remainingNames
            id = remaining.indices.contains(names.selectedIndex) ? remaining[names.selectedIndex].id : nil
        }
        guard let id else { return [] }
        clock.start()
        let outcome = game.pick(id, in: pane)
        self.game = game
        switch outcome {
        case .correct(let matched):
            let card = game.card(id: matched)
            let name = "Correct — \(card?.name ?? matched)"
            let year = years[matched].map(String.init)
            let place = [card?.location ?? "", year ?? ""].filter { !$0.isEmpty }
            // On a narrow line the year alone, then the name cut with "…".
            status = StatusLine([name + (place.isEmpty ? "" : " (\(place.joined(separator: ", ")))")]
                                + (place.count > 1 ? [name + " (\(year ?? ""))"] : []))
            names.rows = game.remainingNames.map(\.name)
            names.ensureVisible(height: keptLayout(in: frame).namesList.height)
            pictureCursor = min(pictureCursor, max(0, game.visiblePictures.count - 1))
            clampScroll(in: frame)
            if game.isComplete { return finish() }
        case .incorrect(let picture, _):
            // Say which temple the picked picture really was, so the miss teaches something.
            let shown = game.card(id: picture)?.name ?? picture
            status = StatusLine(["Incorrect — that was \(shown). Both picks cleared; try again.",
                                 "Incorrect — that was \(shown).", "Incorrect — try again."])
        case .picked:
            status = StatusLine(pane == .pictures ? ["Picture picked: now pick its name.", "Now pick its name."]
                                                  : ["Name picked: now pick its picture.", "Now pick its picture."])
            focus = pane == .pictures ? .names : .pictures
        case .ignored:
            break
        }
        return []
    }

    /// The deck is cleared: say how it went, and record it once.
    private mutating func finish() -> [GameEffect] {
        guard let game, clock.finish() else { return [] }
        var figures = TempleFigures(game: game, time: clock.text)
        figures.duration = clock.elapsed
        let accuracy = figures.accuracy, time = figures.time
        status = StatusLine([
            "All \(game.totalCount) matched — accuracy \(accuracy)% in \(time). n: new order · r: same order again.",
            "All \(game.totalCount) matched — \(accuracy)% in \(time). n: new order · r: same order again.",
            "\(accuracy)% in \(time). n: new order · r: same order again.",
            "\(accuracy)% in \(time). n: new order · r: same.",
        ])
        // Only the built-in deck's games are kept. The Temples table and the menu's "best"
        // line compare games of the same twenty temples; a folder's deck may hold one card
        // or a thousand and change between runs, so its 100% would stand above every real
        // game of the temples, and a table per folder would compare unlike decks too and be
        // shown nowhere. A player who brings a deck sees the result on this line instead.
        guard source == .builtIn else { return [] }
        isNewBest = best.map { accuracy > $0 } ?? (accuracy > 0)
        best = max(best ?? accuracy, accuracy)
        return [.record(accuracy, figures)]
    }

    /// The deck played (`DeckSource.saveName`), which the saved game is kept under.
    func saveMode() -> String { source.saveName }

    /// The deck cleared in match mode: the shell's result box over the emptied panes, with
    /// the tallies, the accuracy and the time; play again (a new order), learn, or the menu.
    /// `r` still starts the same order again, as the message line says.
    func gameOver(in frame: Frame) -> GameOver<Action>? {
        guard phase == .playing, learn == nil, transition == nil, let game, game.mode == .match, game.isComplete else {
            return nil
        }
        let figures = TempleFigures(game: game, time: clock.text)
        let lines = [
            "All \(game.totalCount) matched in \(figures.time)." + (isNewBest ? " New best!" : ""),
            "Correct \(game.correctCount) · Incorrect \(game.incorrectCount) · Accuracy \(figures.accuracy)%",
        ]
        return GameOver(
            title: "Deck cleared", message: Glyphs(theme: frame.theme).plain(lines.joined(separator: "\n")),
            choices: [(Button("Play again (n)", hotKey: .character("n")), .shuffle),
                      (Button("Learn (l)", hotKey: .character("l")), .learn),
                      (Button("Menu (m)", hotKey: .character("m")), .back)],
            preferredWidth: 46, style: Style.bold.foreground(.good), keys: [Binding([.character("r")], .reset)])
    }

    private mutating func toggleMode() {
        guard var game else { return }
        game.toggleMode()
        self.game = game
        // A second press mid-animation turns it around from where it is.
        transition = pace == .off ? nil : transition.map { 1 - $0 } ?? 0
        pictureScroll = 0
        status = game.mode == .study
            ? StatusLine(["Study mode: every temple with its name. Press m to match.", "Study mode. Press m to match."])
            : StatusLine(["Match mode: pick a picture and its name.", "Match mode."])
    }

    private mutating func shuffle() {
        guard var game, game.canReset else { return }
        // The new order's seed is a generator's output from the game's seed and the order on
        // screen: unrelated to the order it replaces, the same on a replay, and another one
        // after a resume (the order on screen is the resumed one).
        var order = Fingerprint()
        for card in game.pictureOrder { order.add(Array(card.id.utf8) + [0]) }
        var mixer = SeededGenerator(seed: seed ^ order.value)
        game.shuffle(seed: mixer.next())
        self.game = game
        reset()
        status = StatusLine(["New order: the pictures and the names are shuffled, tallies cleared.", "New order, tallies cleared."])
    }

    private mutating func reset() {
        guard var game, game.canReset else { return }
        game.reset()
        self.game = game
        names.rows = game.remainingNames.map(\.name)
        names.select(0)
        pictureCursor = 0
        pictureScroll = 0
        clock.reset()
        status = StatusLine(["Reset: all pictures and names are back, tallies cleared.", "Reset: all back, tallies cleared."])
    }

    private mutating func moveNames(_ movement: ListView.Movement, in frame: Frame) {
        names.move(movement)
        names.ensureVisible(height: keptLayout(in: frame).namesList.height)
    }

    private mutating func movePictureCursor(_ direction: Direction, in frame: Frame) {
        guard let game else { return }
        let layout = keptLayout(in: frame)
        let count = game.visiblePictures.count
        guard count > 0 else { return }
        switch direction {
        case .left: pictureCursor = max(0, pictureCursor - 1)
        case .right: pictureCursor = min(count - 1, pictureCursor + 1)
        case .up, .down:
            if let target = layout.flow.neighbour(of: pictureCursor, goingDown: direction == .down) {
                pictureCursor = target
            }
        }
        revealPictureCursor(in: frame, layout: layout)  // the cursor is not part of the layout
    }

    /// Scroll so that the cursor's row of pictures is on screen; `layout` when the caller has
    /// it, so that it is not worked out again.
    private mutating func revealPictureCursor(in frame: Frame, layout known: TempleLayout? = nil) {
        let layout = known ?? keptLayout(in: frame)
        let row = layout.flow.row(of: pictureCursor)
        if row < pictureScroll { pictureScroll = row }
        if row >= pictureScroll + layout.visibleRows { pictureScroll = row - layout.visibleRows + 1 }
    }

    /// Scroll to the last rows of pictures.
    private mutating func scrollToBottom(in frame: Frame) {
        let layout = keptLayout(in: frame)
        pictureScroll = max(0, layout.flow.rowCount - layout.visibleRows)
    }

    private mutating func scroll(by rows: Int, in frame: Frame) {
        pictureScroll += rows
        clampScroll(in: frame)
    }

    private mutating func clampScroll(in frame: Frame) {
        let layout = keptLayout(in: frame)
        pictureScroll = min(max(0, pictureScroll), max(0, layout.flow.rowCount - layout.visibleRows))
    }

    /// Scale the pictures on screen for the layout of `frame`, so drawing finds them made.
    mutating func rescale(in frame: Frame) {
        if let learn {
            scaled.keep(learnPictures(in: frame, learn: learn), drawingFor: frame.theme)
            return
        }
        guard let game else { return }
        let layout = keptLayout(in: frame)
        let wanted = game.visiblePictures.enumerated().compactMap { index, card -> ScaledPictures.Wanted? in
            guard layout.isShown(index), let original = pictures[card.id], layout.pixelHeight(of: index) > 0 else {
                return nil
            }
            return ScaledPictures.Wanted(id: card.id, original: original, pixelHeight: layout.pixelHeight(of: index))
        }
        scaled.keep(wanted, drawingFor: frame.theme)
    }

    // MARK: - Layout

    /// The part of the names pane still shown: 1 in match mode, 0 in study, in between while sliding.
    var namesFraction: Double {
        guard let game else { return 0 }
        let target: Double = game.mode == .match ? 1 : 0
        guard let progress = transition else { return target }
        let eased = progress * progress * (3 - 2 * progress)
        return target == 1 ? eased : 1 - eased
    }

    /// Where everything goes in `frame`, for drawing and for clicks alike: the kept layout
    /// when it is the one of `frame` and the screen as it is, else one worked out afresh.
    func layout(in frame: Frame) -> TempleLayout {
        layoutCache.layout(for: layoutInputs(in: frame), scroll: pictureScroll)
    }

    /// The layout of `frame`, kept for the keys and draws that follow.
    private mutating func keptLayout(in frame: Frame) -> TempleLayout {
        let inputs = layoutInputs(in: frame)
        return layoutCache.keep(inputs, scroll: pictureScroll)
    }

    /// What the layout of `frame` is worked out from: the screen's size and state.
    func layoutInputs(in frame: Frame) -> TempleLayoutCache.Inputs {
        let shown = game?.visiblePictures ?? []
        let sizes = shown.map { card in pictures[card.id].map { Size(width: $0.width, height: $0.height) } }
        return TempleLayoutCache.Inputs(size: frame.size, namesFraction: namesFraction, pictures: sizes,
                                        mode: game?.mode ?? .match, canReset: game?.canReset ?? false)
    }

    /// The picture of card `id` as the deck holds it.
    func original(_ id: String) -> RGBAImage? { pictures[id] }
}

// MARK: - Saving

extension TempleScreen {
    /// The version of `Saved`; raise it when its form changes.
    static let saveVersion = 1

    /// What a game left half-way keeps: the match as it stood, where the player was in it,
    /// the clock, and where the deck came from. Not the pictures: a resumed screen loads
    /// its deck again, and the game's cards are found in it by their ids (the file names).
    private struct Saved: Codable {
        var source: DeckSource
        var game: TempleGame
        var focus: TempleGame.Pane
        var pictureCursor: Int
        var pictureScroll: Int
        /// The names list: the selected row, the first row shown, and how many rows show.
        var nameSelection: Int
        var nameScroll: Int
        var nameHeight: Int
        /// The message line's wordings and tail (its tone follows the last pick).
        var status: [String]
        var statusTail: String
        var clock: PlayClock

        /// What the resume offer says: "7 of 20 matched".
        var summary: String { "\(game.matchedCount) of \(game.totalCount) matched" }
    }

    /// The match in progress, to resume later; nil when there is none (study mode, not yet
    /// begun, or cleared). A mode switch still sliding is kept as finished.
    func savedState() -> GameSave? {
        // Left again while the resumed game's deck loads: the saved game is still the game.
        if let resuming { return SavedState.encode(resuming, version: Self.saveVersion, summary: resuming.summary) }
        guard isInProgress, let game else { return nil }
        let saved = Saved(source: source, game: game, focus: focus, pictureCursor: pictureCursor,
                          pictureScroll: pictureScroll, nameSelection: names.selectedIndex,
                          nameScroll: names.scrollOffset, nameHeight: names.visibleHeight,
                          status: status.wordings, statusTail: status.tail, clock: clock)
        return SavedState.encode(saved, version: Self.saveVersion, summary: saved.summary)
    }

    /// A screen resuming the game `state` holds (`savedState`), or nil when it does not
    /// decode. It loads the deck the game was played with — the saved source, not the
    /// context's `--deck` — as a new screen does, and takes up the game once the deck is there.
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(Saved.self, version: Self.saveVersion, from: state) else { return nil }
        self.init(source: saved.source, seed: context.seed, learning: context.learning, today: context.today.dayNumber)
        resuming = saved
        pace = AnimationPace(settings: context.settings)
        best = context.scores.map(\.score).max()
    }

    /// Take up `saved` on the deck just loaded, when the deck still has a picture for every
    /// card of it; else keep the new game the deck gave and say why.
    private mutating func resume(_ saved: Saved, notices: [String]) {
        guard saved.game.cards.allSatisfy({ pictures[$0.id] != nil }) else {
            status = StatusLine(["The saved game's pictures are no longer all in the deck: this is a new game.",
                                 "Saved pictures gone: a new game."],
                                tail: notices.isEmpty ? "" : "(deck notices: press ?)")
            return
        }
        game = saved.game
        focus = saved.focus
        pictureCursor = min(max(0, saved.pictureCursor), max(0, saved.game.visiblePictures.count - 1))
        pictureScroll = max(0, saved.pictureScroll)
        names = Self.namesList(saved.game.remainingNames.map(\.name), selected: saved.nameSelection,
                               firstShown: saved.nameScroll, height: saved.nameHeight)
        status = StatusLine(saved.status, tail: saved.statusTail)
        clock = saved.clock
    }

    /// The names list with row `selected` selected, `firstShown` its first row shown and
    /// `height` rows showing at once.
    ///
    /// The list keeps its scroll to itself: selecting the last row of the view that starts
    /// at `firstShown` scrolls there, and selecting a row that view shows keeps it.
    private static func namesList(_ rows: [String], selected: Int, firstShown: Int, height: Int) -> ListView {
        let height = max(0, height)
        var list = ListView(rows: rows, selectedIndex: max(0, firstShown) + max(1, height) - 1, visibleHeight: height,
                            showsMarker: true, selectedStyle: .plain)
        list.select(selected)
        return list
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
