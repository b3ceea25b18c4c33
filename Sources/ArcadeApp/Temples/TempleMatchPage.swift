import ArcadeCore
import ArcadeUI
import TempleModel

/// The temples game: match the pictures and their names, or study the pictures with names.
///
/// Match mode shows the unmatched pictures in a scrolling collection and their names in
/// a list, side by side; picking a picture and a name (either order) is an attempt,
/// "Correct" removes both. Study mode shows every picture with its name written on it.
/// One button ("Study" / "Match") switches, and the names pane slides away or back.
///
/// The page holds the game, the cursors and scrolls of its panes, the message line and the
/// clock; its keys and clicks come as `TempleScreen.Action.match`. It has no cards until
/// the screen deals the deck (`deal`), and draws the screen's pictures
/// (`TempleMatchPage+Drawing.swift`).
struct TempleMatchPage {
    /// How long the switch between the modes takes, in seconds.
    static let transitionDuration = 0.3

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
    }

    private(set) var game: TempleGame
    /// Each card's picture size in pixels (for the layout) and year (for the message line).
    private var sizes: [String: Size] = [:]
    private var years: [String: Int] = [:]
    /// Where the deck came from: only the built-in deck's games are recorded.
    let source: DeckSource
    let seed: UInt64
    /// The layout of the frame and state of the last key, tick or resize, so that drawing
    /// finds it made (`layout(in:)`); brought up to date only where the page changes.
    private(set) var layoutCache = TempleLayoutCache()
    private(set) var focus: TempleGame.Pane = .pictures
    /// The picture under the cursor, as an index into the pictures shown.
    private(set) var pictureCursor = 0
    /// The first row of pictures shown (the collection scrolls by rows).
    private(set) var pictureScroll = 0
    private(set) var names = ListView(rows: [], showsMarker: true, selectedStyle: .plain)
    /// The message line (its tone follows the last pick when drawn).
    var status = StatusLine("")
    /// Progress (0…1) of the animated switch to the model's current mode, while it runs.
    private(set) var transition: Double?
    /// How fast the slide between match and study runs (the animations setting): off, none.
    var pace: AnimationPace
    /// Time spent matching, from the first pick until the deck is cleared (study mode stops it).
    private(set) var clock = PlayClock()
    /// The best accuracy kept for the built-in deck before this game, if any.
    private var best: Int?
    /// True when the deck just cleared beat `best` (the result box says so).
    private(set) var isNewBest = false

    /// A page for the deck from `source`, with no cards until it is dealt.
    init(source: DeckSource, seed: UInt64, pace: AnimationPace = .normal, best: Int? = nil) {
        self.source = source
        self.seed = seed
        self.pace = pace
        self.best = best
        game = TempleGame(cards: [], seed: seed)
    }

    /// Deal `game`, whose pictures are `sizes` big; the message line says what went wrong
    /// loading the deck (`notices`), or how to play.
    mutating func deal(_ game: TempleGame, sizes: [String: Size], years: [String: Int], notices: [String]) {
        self.game = game
        self.sizes = sizes
        self.years = years
        status = TempleMatchWording.dealt(notices: notices)
        names.rows = game.remainingNames.map(\.name)
    }

    /// The message line's full wording.
    var message: String { status.wording(fitting: .max) }

    var isInProgress: Bool { clock.isRunning && game.mode == .match }

    // MARK: - Keys

    /// The keys of the mode on show.
    var bindings: [Binding<TempleScreen.Action>] { game.mode == .study ? Self.studyKeys : Self.matchKeys }

    /// The keys of each mode. Both list every key with the same help words (help says what
    /// each does in either mode); the key line shows the mode's own.
    static let matchKeys = keys(study: false)
    static let studyKeys = keys(study: true)

    private static func keys(study: Bool) -> [Binding<TempleScreen.Action>] {
        [
            Binding([.tab, .backTab], .match(.switchPane), hint: study ? nil : "pane",
                    help: "switch between pictures and names"),
            // Arrows only: l is learn mode.
            .directions(hint: study ? "scroll" : nil, hintKeys: "↑↓", help: "move within a pane (scroll in study mode)",
                        vimKeys: false) { .match(.move($0)) },
            Binding(keys: [.enter, .space], hint: study ? nil : KeyHint("Enter", "pick"),
                    help: KeyHint("Enter  Space", "pick the picture or name under the cursor")) { key in
                study ? (key == .space ? .match(.page(1)) : nil) : .match(.pick)
            },
            .note("click", "pick a picture or a name; press a button"),
            Binding(keys: [.pageUp, .pageDown], help: KeyHint("PgUp  PgDn  wheel", "scroll")) { key in
                .match(.page(key == .pageUp ? -1 : 1))
            },
            Binding(keys: [.home, .end], help: KeyHint("Home  End", "first / last picture or name (study: top / bottom)")) {
                .match($0 == .home ? .first : .last)
            },
            Binding([.character("s"), .character("m")], .match(.toggleMode), hint: study ? "match" : "study",
                    hintKeys: study ? "m" : "s", help: "switch to Study / back to Match"),
            Binding([.character("r")], .match(.reset), hint: study ? nil : "reset",
                    help: "reset: all pictures and names back, tallies cleared"),
            // Learn before shuffle: where the key line runs out of room, learn is the one kept.
            Binding([.character("l")], .openLearn, hint: "learn", help: "learn mode: the cards due, asked one at a time"),
            Binding([.character("n")], .match(.shuffle), hint: study ? nil : "shuffle",
                    help: "new order: pictures and names shuffled, tallies cleared", isEnabled: !study),
        ]
    }

    /// A click: a button, or (matching) a picture or a name; the wheel scrolls what it is over.
    func action(for event: MouseEvent, in frame: Frame) -> TempleScreen.Action? {
        let layout = layout(in: frame)
        switch event.action {
        case .wheelUp, .wheelDown:
            let step = event.action == .wheelUp ? -1 : 1
            return .match(layout.namesList.contains(event.at) ? .scrollNames(step) : .scrollPictures(step))
        case .press:
            if let action = layout.buttons.action(at: event.at, in: layout.buttonRow) { return action }
            guard game.mode == .match else { return nil }
            if let index = layout.pictureIndex(at: event.at) { return .match(.pickPicture(index)) }
            return names.index(at: event.at, in: layout.namesList).map { .match(.pickName($0)) }
        default:
            return nil
        }
    }

    // MARK: - Doing

    /// Run the switch's animation, and the clock while `clocking` (not in learn mode); true
    /// when the animation ran, so the pictures want scaling again.
    mutating func advance(by seconds: Double, in frame: Frame, clocking: Bool) -> Bool {
        var animated = false
        if let progress = transition {
            let next = progress + seconds / (Self.transitionDuration * max(pace.factor, 0.01))
            transition = next >= 1 ? nil : next
            clampScroll(in: frame)
            animated = true
        }
        if game.mode == .match && clocking { clock.advance(by: seconds) }
        return animated
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        let study = game.mode == .study
        switch action {
        case .toggleMode: toggleMode()
        case .reset: reset()
        case .shuffle: shuffle()
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
            if !study { return pick(in: focus, frame: frame) }
        case .pickPicture(let index):
            guard !study else { break }
            focus = .pictures
            pictureCursor = index
            return pick(in: .pictures, frame: frame)
        case .pickName(let index):
            guard !study else { break }
            focus = .names
            names.select(index)
            names.ensureVisible(height: keptLayout(in: frame).namesList.height)
            return pick(in: .names, frame: frame)
        case .scrollPictures(let step):
            scroll(by: step, in: frame)
        case .scrollNames(let step):
            moveNames(step < 0 ? .up : .down, in: frame)
        }
        return []
    }

    private mutating func pick(in pane: TempleGame.Pane, frame: Frame) -> [GameEffect] {
        guard game.mode == .match, transition == nil else { return [] }
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
        switch game.pick(id, in: pane) {
        case .correct(let matched):
            status = TempleMatchWording.correct(game.card(id: matched), id: matched, year: years[matched])
            names.rows = game.remainingNames.map(\.name)
            names.ensureVisible(height: keptLayout(in: frame).namesList.height)
            pictureCursor = min(pictureCursor, max(0, game.visiblePictures.count - 1))
            clampScroll(in: frame)
            if game.isComplete { return finish() }
        case .incorrect(let picture, _):
            status = TempleMatchWording.incorrect(game.card(id: picture)?.name ?? picture)
        case .picked:
            status = TempleMatchWording.picked(in: pane)
            focus = pane == .pictures ? .names : .pictures
        case .ignored:
            break
        }
        return []
    }

    /// The deck is cleared: say how it went, and record it once.
    private mutating func finish() -> [GameEffect] {
        guard clock.finish() else { return [] }
        var figures = TempleFigures(game: game, time: clock.text)
        figures.duration = clock.elapsed
        let accuracy = figures.accuracy
        status = TempleMatchWording.cleared(game.totalCount, accuracy: accuracy, time: figures.time)
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

    /// The deck cleared in match mode: the shell's result box over the emptied panes, with
    /// the tallies, the accuracy and the time; play again (a new order), learn, or the menu.
    /// `r` still starts the same order again, as the message line says.
    func gameOver(in frame: Frame) -> GameOver<TempleScreen.Action>? {
        guard transition == nil, game.mode == .match, game.isComplete else { return nil }
        let lines = TempleMatchWording.result(game, TempleFigures(game: game, time: clock.text), isNewBest: isNewBest)
        return GameOver(
            title: "Deck cleared", message: Glyphs(theme: frame.theme).plain(lines),
            choices: [(Button("Play again (n)", hotKey: .character("n")), .match(.shuffle)),
                      (Button("Learn (l)", hotKey: .character("l")), .openLearn),
                      (Button("Menu (m)", hotKey: .character("m")), .back)],
            preferredWidth: 46, style: Style.bold.foreground(.good), keys: [Binding([.character("r")], .match(.reset))])
    }

    private mutating func toggleMode() {
        game.toggleMode()
        // A second press mid-animation turns it around from where it is.
        transition = pace == .off ? nil : transition.map { 1 - $0 } ?? 0
        pictureScroll = 0
        status = TempleMatchWording.switched(to: game.mode)
    }

    /// Back from learn mode, to `mode`.
    mutating func show(_ mode: TempleGame.Mode) {
        game.setMode(mode)
        pictureScroll = 0
        status = TempleMatchWording.back(to: mode)
    }

    private mutating func shuffle() {
        guard game.canReset else { return }
        // The new order's seed is a generator's output from the game's seed and the order on
        // screen: unrelated to the order it replaces, the same on a replay, and another one
        // after a resume (the order on screen is the resumed one).
        var order = Fingerprint()
        for card in game.pictureOrder { order.add(Array(card.id.utf8) + [0]) }
        var mixer = SeededGenerator(seed: seed ^ order.value)
        game.shuffle(seed: mixer.next())
        reset()
        status = TempleMatchWording.shuffled
    }

    private mutating func reset() {
        guard game.canReset else { return }
        game.reset()
        names.rows = game.remainingNames.map(\.name)
        names.select(0)
        pictureCursor = 0
        pictureScroll = 0
        clock.reset()
        status = TempleMatchWording.reset
    }

    // MARK: - Cursors and scrolling

    private mutating func moveNames(_ movement: ListView.Movement, in frame: Frame) {
        names.move(movement)
        names.ensureVisible(height: keptLayout(in: frame).namesList.height)
    }

    private mutating func movePictureCursor(_ direction: Direction, in frame: Frame) {
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

    /// Keep the scroll within the rows of pictures the layout of `frame` has.
    mutating func clampScroll(in frame: Frame) {
        let layout = keptLayout(in: frame)
        pictureScroll = min(max(0, pictureScroll), max(0, layout.flow.rowCount - layout.visibleRows))
    }

    // MARK: - Layout

    /// The pictures on show in the layout of `frame`, at their heights, to keep scaled.
    mutating func picturesShown(in frame: Frame) -> [TemplePictures.Shown] {
        let layout = keptLayout(in: frame)
        return game.visiblePictures.enumerated().compactMap { index, card in
            guard layout.isShown(index), sizes[card.id] != nil, layout.pixelHeight(of: index) > 0 else { return nil }
            return (card.id, layout.pixelHeight(of: index))
        }
    }

    /// The part of the names pane still shown: 1 in match mode, 0 in study, in between while sliding.
    var namesFraction: Double { TempleLayout.namesFraction(mode: game.mode, transition: transition) }

    /// Where everything goes in `frame`, for drawing and for clicks alike: the kept layout
    /// when it is the one of `frame` and the page as it is, else one worked out afresh.
    func layout(in frame: Frame) -> TempleLayout {
        layoutCache.layout(for: layoutInputs(in: frame), scroll: pictureScroll)
    }

    /// The layout of `frame`, kept for the keys and draws that follow.
    private mutating func keptLayout(in frame: Frame) -> TempleLayout {
        let inputs = layoutInputs(in: frame)
        return layoutCache.keep(inputs, scroll: pictureScroll)
    }

    /// What the layout of `frame` is worked out from: the frame's size and the page's state.
    func layoutInputs(in frame: Frame) -> TempleLayoutCache.Inputs {
        TempleLayoutCache.Inputs(size: frame.size, namesFraction: namesFraction,
                                 pictures: game.visiblePictures.map { sizes[$0.id] }, mode: game.mode,
                                 canReset: game.canReset)
    }
}

// MARK: - Saving

extension TempleMatchPage {
    /// Take up `saved` on the deck just dealt, when the deck still has a picture for every
    /// card of it; else keep the new game the deck gave and say why.
    mutating func resume(_ saved: TempleSavedGame, notices: [String]) {
        guard saved.game.cards.allSatisfy({ sizes[$0.id] != nil }) else {
            status = TempleMatchWording.savedPicturesGone(notices: notices)
            return
        }
        game = saved.game
        focus = saved.focus
        pictureCursor = min(max(0, saved.pictureCursor), max(0, saved.game.visiblePictures.count - 1))
        pictureScroll = max(0, saved.pictureScroll)
        names = saved.namesList
        status = StatusLine(saved.status, tail: saved.statusTail)
        clock = saved.clock
    }
}
