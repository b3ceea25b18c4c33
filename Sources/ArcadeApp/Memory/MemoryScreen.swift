import ArcadeCore
import ArcadeUI
import MemoryModel

/// The memory game: choose a level and a set of symbols, then find the pairs against the clock.
///
/// Before a game, a choice of level (Easy 6 pairs, Normal 8, Hard 12, each with its game
/// clock) and of symbols (animals, fruit, sports, temples), kept for the next time the game
/// opens (`levelSetting`, `symbolsSetting`); Enter starts. On the board the cursor (the
/// focused card's whole frame, in reverse video) moves with the arrows or h/j/k/l, Home and
/// End take it to the first and last card, and Space or Enter turns the card under it; a
/// click turns a card too. The game clock starts with the first card;
/// `r` deals a new board (asking first, through the shell, once the clock runs).
/// A pair found shows both faces, marked, for `foundPairShowTime` before it leaves the
/// board. Two cards that do not match turn back by themselves after `mismatchShowTime`, or
/// at once with the next key or click (which then does what it always does). When every
/// pair is found (and the last one has been shown) or the clock runs out, a box over the
/// board gives the result, "New best" when it beats every result kept of its level (and
/// symbols, for Temples), with Play again (`r`, Enter), Change level (`c`) and Menu (`m`).
///
/// The Temples set deals temples of the built-in picture deck, which the screen asks the
/// effect runtime for (`GameEffect.deck`) when the set is chosen or a Temples board is
/// resumed. At Easy both cards of a pair show the temple's picture; at Normal and Hard one
/// shows the picture and the other its name (the model pairs them as ever: both cards hold
/// the same temple). Where a card is too small for a picture, or the terminal shows no
/// colour, the picture card shows the name, marked `pic`. Without the deck the set says why
/// and deals nothing, and a Temples board resumed without it shows names only.
///
/// The screen keeps its own clock, `now`, by adding up the ticks it is sent, and passes it
/// to every model call. It asks for ticks only while the game clock runs or a `Pause` is
/// waited out, so both stand still whenever the shell withholds them (help, the leave
/// question, a terminal too small).
struct MemoryScreen: GameScreen {
    typealias Game = MemoryGame<MemorySymbol>

    /// Which part of the screen is showing.
    enum Phase: Equatable {
        /// The level and symbols choice before a game.
        case choosing
        /// A board, being played or over.
        case playing
    }

    /// The rows of the choice before a game that the cursor moves between.
    enum ChoiceRow: Int, CaseIterable, Codable {
        case level, symbols, start
    }

    /// What the line under the board says about the last card turned.
    enum Note: Equatable, Codable {
        /// No card turned yet: how the clock starts.
        case start
        /// One card is face up: find its pair.
        case firstCard
        /// A pair was found and scored `points`.
        case match(points: Int)
        /// Two different cards, costing `penalty` points for cards seen before.
        case mismatch(penalty: Int)
    }

    /// A moment the screen waits out on its own clock, such as a mismatch before it turns back.
    ///
    /// It is timed from the first tick after it began, not from `now` at the turn: while the
    /// game clock runs, ticks come twice a second, so at a key press `now` can be half a
    /// second old. The screen asks for a tick at once (see `tickInterval`); that tick's time,
    /// most of it from before the press, does not count.
    struct Pause: Equatable {
        /// Seconds it lasts from its first tick.
        let duration: Double
        /// When it ends on the screen's clock; nil until its first tick.
        private(set) var endsAt: Double?

        init(_ duration: Double) {
            self.duration = duration
        }

        /// Whether it has run out at `now`, the screen's clock after a tick (the first one starts it).
        mutating func isOver(after now: Double) -> Bool {
            guard let endsAt else {
                endsAt = now + duration
                return false
            }
            return now >= endsAt - MemoryScreen.roundingSlack
        }
    }

    /// What a face-up card shows.
    enum CardFace: Equatable {
        /// An emoji, or its word in ASCII.
        case symbol
        /// A temple's picture (its name where the card cannot show the picture).
        case picture
        /// A temple's name.
        case name
    }

    /// A pair just found, on show before it leaves the board.
    struct FoundPair: Equatable {
        /// The board positions of its two cards.
        let cards: [Int]
        var pause = Pause(MemoryScreen.foundPairShowTime)
    }

    /// What the player can do, before a game, on the board and in the game-over box.
    enum Action: Hashable, Sendable {
        /// Arrows and h j k l: the choice's rows and values, or the board's cursor.
        case move(Direction)
        /// Home and End on the board: the first or last card.
        case first, last
        /// Tab and Shift-Tab: the choice's next or previous row, wrapping around.
        case nextRow, previousRow
        /// A digit or a click on a level tab: level `index` of `MemoryLevel.all`.
        case level(Int)
        /// A click on a symbols tab: set `index` of `MemorySymbolSet.all`.
        case symbols(Int)
        /// Enter or Space on the choice, or its Start button.
        case start
        /// Space or Enter on the board: turn the card under the cursor.
        case turn
        /// A click on card `index`.
        case turnCard(Int)
        /// `r` during a game: a new board (asking first once the clock runs).
        case restart
        /// The game-over box's buttons.
        case playAgain, changeLevel, menu
    }

    /// Which keys act now: the table differs before a game, on the board and once it is over.
    enum Mode {
        case choosing, board, showingLastPair, over
    }

    private(set) var phase = Phase.choosing
    private(set) var level = MemoryLevel.normal
    private(set) var symbolSet = MemorySymbolSet.animals
    private(set) var choiceRow = ChoiceRow.level
    /// The game on the board; `nil` before the first one starts and while choosing again.
    private(set) var game: Game?
    /// The card the cursor is on, in board order (a matched card's empty place counts).
    private(set) var cursor = GridCursor()
    /// The screen's clock: it runs from the first card turned until the game is recorded.
    private(set) var clock = PlayClock()
    private(set) var note = Note.start
    /// While two cards that do not match are face up: when they turn back by themselves.
    private(set) var mismatchPause: Pause?
    /// The pair found last, while it is on show.
    private(set) var foundPair: FoundPair?
    /// Games started so far in this session.
    private(set) var gamesStarted = 0
    /// The best result kept of each level, by the level it is kept under (`keptLevel`): what
    /// a result is a new best against. It comes from the store (`GameContext.bests`, and the
    /// kept results, `GameContext.scores` then each `RuntimeReport.scoresRecorded`), and
    /// takes each game this screen finishes.
    private(set) var bests: [String: Int] = [:]
    /// Whether the game just ended beat every kept result of its level, worked out as it ended.
    private(set) var isNewBest = false
    /// The built-in picture deck the Temples set deals from, asked for only once that set is
    /// chosen; its pictures by card id (`MemorySymbol.temple`), scaled for the cards of the
    /// last frame (see `rescale(in:)`): made when the frame or the board changes, never while drawing.
    private(set) var deck = DeckPictures()
    /// The temples a Temples board is dealt from, in the deck's order, once the deck is here.
    private(set) var templeSymbols: [MemorySymbol] = []
    /// The board the cursor last moved on, with the size, number of cards and shape it was
    /// laid out for: choosing the board is a search, not to be repeated for every arrow key.
    private var movedOn: (size: Size, count: Int, aspect: Double, layout: MemoryLayout)?

    /// The seed of the session's first game; later games take theirs from `seeds`.
    private let firstSeed: UInt64
    private var seeds: SeededGenerator

    /// The menu line for this game.
    static let summary = "Find the pairs of cards before the clock runs out"

    /// Seconds between ticks while the clock runs: two redraws a second (keys still arrive at once).
    static let clockTickInterval = 0.5
    /// Seconds between ticks while a pause waits for its first tick: as soon as the run loop allows.
    static let promptTickInterval = 1.0 / 30.0
    /// Seconds two cards that do not match stay face up before they turn back, unless the
    /// settings say otherwise (`flipBackChoices`).
    static let mismatchShowTime = 1.0
    /// The flip-back times the settings page offers, in seconds.
    static let flipBackChoices = [0.5, 1.0, 1.5, 2.0, 3.0]
    /// Seconds a mismatch stays face up in this session (from the settings).
    private(set) var flipBackTime = MemoryScreen.mismatchShowTime

    /// Seconds in words, as the flip-back setting keeps them too: "0.5", "1", "1.5".
    static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    }

    /// The flip-back time kept in `settings`: one of the choices, else the rules' second.
    static func flipBackTime(in settings: [String: String]) -> Double {
        guard let text = settings[SettingKey.memoryFlipBack], let seconds = Double(text),
              flipBackChoices.contains(seconds) else { return mismatchShowTime }
        return seconds
    }
    /// Seconds a pair found stays on show before it leaves the board.
    static let foundPairShowTime = 0.6

    /// The setting the chosen level is kept under (`MemoryLevel.name`).
    static let levelSetting = "memory.level"
    /// The setting the chosen symbols are kept under (`MemorySymbolSet.name`).
    static let symbolsSetting = "memory.symbols"

    /// A screen showing the choice before a game; `seed` fixes every board of the session.
    ///
    /// The first game is dealt with `seed` itself, each later one (Restart, or a new level)
    /// with the next number of a generator seeded with `seed`, so `--seed N` replays the
    /// whole session. Cards, words and bars take the same cells in every theme, so clicks
    /// need only the frame's size. The level and symbols are the ones kept in `settings`
    /// (Normal and Animals when none are); `bests` are the best results kept of each level
    /// and `scores` the game's kept results, best first.
    init(seed: UInt64, settings: [String: String] = [:], bests: [String: Int] = [:], scores: [ScoreEntry] = []) {
        firstSeed = seed
        seeds = SeededGenerator(seed: seed)
        flipBackTime = Self.flipBackTime(in: settings)
        level = MemoryLevel.all.first { $0.name == settings[Self.levelSetting] } ?? .normal
        symbolSet = MemorySymbolSet.all.first { $0.name == settings[Self.symbolsSetting] } ?? .animals
        self.bests = Self.bests(bests, with: scores)
    }

    /// A screen for `context`: its seed, the kept settings and results.
    init(context: GameContext) {
        self.init(seed: context.seed, settings: context.settings, bests: context.bests, scores: context.scores)
    }

    // MARK: - Saving

    /// What a game left in progress keeps: the board (every card's face, bonus clock and the
    /// game clock, on the screen's clock), the cursor, the note, the level and symbols, and
    /// where the session's seeds are, so Restart deals the board it would have dealt.
    ///
    /// The moments the screen waits out are not kept but settled as the next key would
    /// settle them: a mismatch on show is turned back at the moment of leaving (its bonus
    /// clocks stop then), and a pair found on show has left the board. So a resumed board is
    /// steady, and the time away never counts.
    private struct Saved: Codable {
        var game: Game
        var cursor: Int
        /// Only the time played: the game clock and the bonus clocks are read from it.
        var clock: PlayClock
        var note: Note
        /// `MemoryLevel.name` and `MemorySymbolSet.name`.
        var level: String
        var symbols: String
        var choiceRow: ChoiceRow
        var gamesStarted: Int
        var firstSeed: UInt64
        var seeds: SeededGenerator
    }

    /// The version of `Saved`; a change to it raises this, and older saves read as nil.
    private static let savedVersion = 1

    /// The board as the player left it, while a game is in progress ("score 12, 3 of 8 pairs").
    func savedState() -> GameSave? {
        guard isInProgress, var game else { return nil }
        if mismatchPause != nil { game.turnMismatchFaceDown(now: now) }
        let saved = Saved(game: game, cursor: cursor.index, clock: clock, note: note, level: level.name,
                          symbols: symbolSet.name, choiceRow: choiceRow, gamesStarted: gamesStarted,
                          firstSeed: firstSeed, seeds: seeds)
        let summary = "score \(game.score), \(game.matchedPairs) of \(game.numberOfPairs) pairs"
        return SavedState.encode(saved, version: Self.savedVersion, summary: summary)
    }

    /// The board a `savedState()` describes; nil when `state` is not one (another version,
    /// or text that does not decode to a board of a level and symbols this screen has).
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(Saved.self, version: Self.savedVersion, from: state),
              let level = MemoryLevel.all.first(where: { $0.name == saved.level }),
              let symbolSet = MemorySymbolSet.all.first(where: { $0.name == saved.symbols }),
              saved.game.cards.indices.contains(saved.cursor) else { return nil }
        firstSeed = saved.firstSeed
        seeds = saved.seeds
        gamesStarted = saved.gamesStarted
        phase = .playing
        self.level = level
        self.symbolSet = symbolSet
        choiceRow = saved.choiceRow
        game = saved.game
        cursor = GridCursor(saved.cursor)
        clock = saved.clock
        note = saved.note
        flipBackTime = Self.flipBackTime(in: context.settings)
        bests = Self.bests(context.bests, with: context.scores)
    }

    /// How the menu shows the best entry: `best 31 (Normal, 0:42)` or `best 9 (Hard, lost)`.
    /// An entry missing some figures (a hand-edited file) shows those it has.
    static func describeBest(_ entry: ScoreEntry) -> String {
        let figures = MemoryFigures(stored: entry.figures)
        let details = [figures.level, figures.won == false ? "lost" : figures.time].compactMap { $0 }
        return "best \(entry.score)" + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }

    // MARK: - State read by drawing and tests

    /// Seconds the screen's clock has run: the time every model call is given.
    var now: Double { clock.elapsed }

    /// Whether the game on the board has ended (won, or the clock ran out) and its result is up.
    ///
    /// After the last pair that is once the pair has been on show.
    var isGameOver: Bool {
        guard phase == .playing, let game else { return false }
        return game.isOver(now: now) && !isShowingLastPair
    }

    /// Whether the game is won and its last pair is still on show, before the result.
    var isShowingLastPair: Bool {
        foundPair != nil && game?.isWon == true
    }

    /// Seconds left on the game clock as shown, counting down in whole seconds (rounded up).
    ///
    /// Ticks add up with rounding errors (thirty 1/30 s ticks are not exactly 1 s), so a
    /// value within a microsecond of a whole second counts as that second.
    var shownTimeRemaining: Int {
        let remaining = game?.timeRemaining(now: now) ?? level.timeLimit
        return max(0, Int((remaining - Self.roundingSlack).rounded(.up)))
    }

    /// Whole seconds the game clock has run (so remaining and elapsed add up to the limit).
    var shownTimeElapsed: Int {
        Int(((game?.elapsed(now: now) ?? 0) + Self.roundingSlack).rounded(.down))
    }

    /// How far a sum of ticks may miss a whole second (or a pause's end) and still count as it.
    fileprivate static let roundingSlack = 1e-6

    // MARK: - GameScreen

    /// 40×14; 43 columns for a Hard Temples board, whose cards are 3 columns inside below
    /// that: "Lo…" would stand for Logan, London and Los Angeles alike.
    func minimumSize(in frame: Frame) -> Size {
        Size(width: symbolSet.isTemples && (game?.cards.count ?? 0) > 2 * MemoryLevel.normal.pairs ? 43 : 40, height: 14)
    }

    var wantsTicks: Bool {
        if deck.isPolling { return true }
        guard phase == .playing, let game else { return false }
        return game.isClockRunning(now: now) || !pauses.isEmpty
    }

    /// Half a second for the clock; sooner when a pause is due to end, at once when one has just begun.
    var tickInterval: Double {
        if deck.isPolling { return DeckPictures.checkInterval }
        if pauses.contains(where: { $0.endsAt == nil }) { return Self.promptTickInterval }
        let untilEnd = pauses.compactMap { $0.endsAt.map { $0 - now } }.min() ?? Self.clockTickInterval
        return max(Self.promptTickInterval, min(Self.clockTickInterval, untilEnd))
    }

    var isTimed: Bool { isInProgress }

    var isInProgress: Bool {
        guard phase == .playing, let game else { return false }
        return game.isClockRunning(now: now)
    }

    /// The pauses being waited out.
    private var pauses: [Pause] {
        [mismatchPause, foundPair?.pause].compactMap { $0 }
    }

    var mode: Mode {
        switch phase {
        case .choosing: return .choosing
        case .playing where isShowingLastPair: return .showingLastPair
        case .playing where isGameOver: return .over
        case .playing: return .board
        }
    }

    func bindings(in frame: Frame) -> [Binding<Action>] {
        switch mode {
        case .choosing: return Self.choosingBindings
        case .board: return Self.boardBindings
        case .showingLastPair: return Self.showingLastPairBindings
        case .over: return Self.overBindings
        }
    }

    static let choosingBindings = bindings(for: .choosing)
    static let boardBindings = bindings(for: .board)
    static let showingLastPairBindings = bindings(for: .showingLastPair)
    static let overBindings = bindings(for: .over)

    /// Every key of the game, enabled in the modes it acts in (help lists them all, always).
    /// While the last pair is on show no key is bound: any key brings the result (see `update`).
    private static func bindings(for mode: Mode) -> [Binding<Action>] {
        let choosing = mode == .choosing, board = mode == .board, over = mode == .over
        let rows: [Key] = [.up, .down, .character("k"), .character("j")]
        let values: [Key] = [.left, .right, .character("h"), .character("l")]
        let move: @Sendable (Key) -> Action? = { key in key.direction(vimKeys: true).map(Action.move) }
        return [
            Binding(keys: rows, hint: KeyHint("↑↓", "row"), isEnabled: choosing, resolve: move),
            Binding(keys: values, hint: KeyHint("←→", "choose"), isEnabled: choosing, resolve: move),
            .directions(hint: "move", hintKeys: "←↑↓→", help: "move the cursor (the focused frame) between cards",
                        helpKeys: "arrows  h j k l", isEnabled: board) { .move($0) },
            Binding(keys: [.home, .end], help: KeyHint("Home  End", "the cursor to the first or last card"),
                    isEnabled: board) { key in key == .home ? .first : .last },
            Binding([.enter, .space], .start, hint: "start", isEnabled: choosing),
            Binding([.space, .enter], .turn, hint: "turn", help: "turn the card under the cursor", isEnabled: board),
            .note("click", "turn a card; pick a level, symbols or button"),
            .digits(1...MemoryLevel.all.count, help: "Easy, Normal or Hard, before a game", keys: "1 2 3",
                    isEnabled: choosing) { .level($0 - 1) },
            Binding([.tab], .nextRow, isEnabled: choosing),
            Binding([.backTab], .previousRow, isEnabled: choosing),
            Binding([.character("r")], .restart, hint: "restart",
                    help: "restart with a new board (asks first during a game)", isEnabled: board),
            // Once the game is over the shell's game-over box takes r and c; the key line still names them.
            Binding([.character("r")], .playAgain, hint: "restart", isEnabled: over),
            Binding([.character("c")], .changeLevel, hint: "change level", help: "change level or symbols when it is over",
                    isEnabled: over),
            Binding([.character("m")], .menu, help: "back to the menu when it is over", isEnabled: over),
        ]
    }

    var helpTitle: String { "Memory" }

    func helpNotes(in frame: Frame) -> [String] {
        let levels = MemoryLevel.all.map { level in
            "\(level.name) \(level.pairs) pairs in \(PlayClock.text(level.timeLimit))"
        }
        // Why Temples cannot be played first: the choice sends the player here for it.
        return templeNotes + [
            "Find every pair before the clock runs out (" + levels.joined(separator: ", ")
                + "). It starts with your first card and stops while this help or a question "
                + "is open.",
            "A pair found shows for a moment, then leaves the board. Two cards that do not "
                + "match turn back after \(flipBackTime == 1 ? "a second" : Self.secondsText(flipBackTime) + " seconds") "
                + "(Settings, o on the menu, sets how long), or at once with your next key.",
            "Scoring: a pair earns 2 points plus the whole seconds of bonus left on both cards "
                + "(6 s each, used up only while face up, as the bar shows). A mismatch costs "
                + "1 point for each of its cards you had seen before.",
            "Symbols: " + MemorySymbolSet.all.map(\.name).joined(separator: ", ") + ". Temples deals the "
                + "pictures of the Temples game: at Easy a pair is two copies of a picture, at Normal "
                + "and Hard a picture and the temple's name. A card too small for its picture (or a "
                + "terminal without colour) shows the name, marked pic.",
        ]
    }

    /// Why the Temples set cannot be played, when it cannot.
    private var templeNotes: [String] {
        guard case .unavailable(let reason) = deck.state else { return [] }
        return ["Temples is not available: " + reason]
    }

    /// Keys through the table and clicks through the layout, as for every game, except that
    /// while the last pair is on show any key or click brings the result (and does nothing
    /// else), and on the board any key or click first turns a mismatch back.
    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        let action: Action?
        switch input {
        case .tick(let seconds):
            return advance(by: seconds, in: frame)
        case .resize:
            return resized(to: frame)
        case .focus: return []
        case .mouse(let event):
            guard event.action == .press else { return [] }
            action = self.action(at: event.at, in: frame)
        case .key(let key):
            action = bindings(in: frame).action(for: key)
        }
        if isGameOver { return [] }  // the shell's game-over box has the keys and clicks
        if isShowingLastPair { return showResult() }
        turnMismatchBack()
        return action.map { perform($0, in: frame) } ?? []
    }

    func action(at point: Point, in frame: Frame) -> Action? {
        switch phase {
        case .choosing:
            let layout = MemoryChoiceLayout(size: frame.size)
            if let index = levelTabs.index(at: point, in: layout.value(.level)) { return .level(index) }
            if let index = symbolTabs.index(at: point, in: layout.value(.symbols)) { return .symbols(index) }
            return layout.startButton.contains(point) ? .start : nil
        case .playing:
            guard game != nil else { return nil }
            return boardLayout(size: frame.size).cardIndex(at: point).map(Action.turnCard)
        }
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        let chosenBefore = (level, symbolSet)
        switch action {
        case .move(let direction) where phase == .choosing:
            moveChoice(direction)
        case .move(let direction):
            let count = game?.cards.count ?? 0
            if movedOn?.size != frame.size || movedOn?.count != count || movedOn?.aspect != boardAspect {
                movedOn = (frame.size, count, boardAspect, boardLayout(size: frame.size))
            }
            if let next = movedOn?.layout.board.neighbour(of: cursor.index, toward: direction) {
                cursor.index = next
            }
            return []  // the cursor moved on the board: no picture changes size
        case .first, .last:
            cursor.jump(toEnd: action == .last, count: game?.cards.count ?? 0)
            return []
        case .nextRow:
            choiceRow = ChoiceRow(rawValue: (choiceRow.rawValue + 1) % ChoiceRow.allCases.count) ?? .level
        case .previousRow:
            let count = ChoiceRow.allCases.count
            choiceRow = ChoiceRow(rawValue: (choiceRow.rawValue + count - 1) % count) ?? .level
        case .level(let index):
            guard MemoryLevel.all.indices.contains(index) else { return [] }
            level = MemoryLevel.all[index]
            choiceRow = .level
        case .symbols(let index):
            guard MemorySymbolSet.all.indices.contains(index) else { return [] }
            symbolSet = MemorySymbolSet.all[index]
            choiceRow = .symbols
        case .start, .playAgain:
            startGame()
        case .turn:
            return turn(cursor.index)
        case .turnCard(let index):
            guard game?.cards.indices.contains(index) == true else { return [] }
            cursor.index = index
            return turn(index)
        case .restart:
            let effects = restart()
            rescale(in: frame)
            return effects
        case .changeLevel:
            chooseAgain()
        case .menu:
            return [.leave]
        }
        rescale(in: frame)
        return askForTemplesIfChosen() + remembered(since: chosenBefore)
    }

    /// Keep the level and symbols for the next time the game opens, those that changed
    /// since `before`.
    private func remembered(since before: (MemoryLevel, MemorySymbolSet)) -> [GameEffect] {
        (level != before.0 ? [.remember(setting: Self.levelSetting, value: level.name)] : [])
            + (symbolSet != before.1 ? [.remember(setting: Self.symbolsSetting, value: symbolSet.name)] : [])
    }

    /// The game-over box's buttons, fullest names first: the first row that fits the box is shown.
    static let gameOverButtonNames = [
        ["Play again (r)", "Change level (c)", "Menu (m)"],
        ["Play again (r)", "Level (c)", "Menu (m)"],
        ["Replay", "Level (c)", "Menu"],
    ]

    /// The result of a finished game, for the shell's box: "New best" when it is one, and
    /// Play again (`r`, Enter), Change level (`c`) and Menu (`m`), named shorter when the
    /// box has no room for the full names.
    func gameOver(in frame: Frame) -> GameOver<Action>? {
        guard isGameOver, let game else { return nil }
        let won = game.isWon
        let result = won ? "You found all \(game.numberOfPairs) pairs."
                         : "\(game.matchedPairs) of \(game.numberOfPairs) pairs found."
        let moves = game.moves
        let figures = "Score \(game.score)\n\(moves) \(moves == 1 ? "move" : "moves") in \(PlayClock.text(Double(shownTimeElapsed)))"
        let best = isNewBest ? "\nNew best for \(keptLevel)!" : ""
        let names = Self.gameOverButtonNames.first { names in
            ButtonRow(names.map { Button($0) }).width + 4 <= frame.size.width
        } ?? Self.gameOverButtonNames[Self.gameOverButtonNames.count - 1]
        return GameOver(
            title: won ? "You won!" : "Time's up",
            message: result + "\n" + figures + best,
            choices: [(Button(names[0], hotKey: .character("r")), .playAgain),
                      (Button(names[1], hotKey: .character("c")), .changeLevel),
                      (Button(names[2], hotKey: .character("m")), .menu)],
            preferredWidth: 44,
            style: Style.bold.foreground(won ? .good : .warning))
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        deck.check + advance(by: seconds)
    }

    /// Leaving while the last pair is on show still keeps the score (without a sound on the way out).
    /// Leaving while the picture deck loads stops the loading.
    mutating func willLeave() -> [GameEffect] {
        let cancel = deck.cancel
        guard isShowingLastPair else { return cancel }
        return cancel + showResult().filter { if case .sound = $0 { false } else { true } }
    }

    // MARK: - The temple deck

    /// A resumed Temples board asks for its pictures as it opens.
    mutating func start(in frame: Frame) -> [GameEffect] {
        askForTemplesIfChosen()
    }

    /// The game's kept results after one was recorded; how far the temple deck has loaded,
    /// or the deck, or why there is none.
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        if case .scoresRecorded(_, let entries) = report {
            bests = Self.bests(bests, with: entries)
            return []
        }
        guard case .deck(_, let report) = report,
              let entries = deck.receive(report.state, emptyReason: "The temple deck holds no pictures.") else { return [] }
        // Each temple a symbol named as the deck names it.
        templeSymbols = entries.map { MemorySymbol(temple: $0.id, name: $0.name) }
        rescale(in: frame)
        return []
    }

    mutating func resized(to frame: Frame) -> [GameEffect] {
        rescale(in: frame)
        return []
    }

    /// Ask for the picture deck the first time the Temples set is chosen (or resumed).
    private mutating func askForTemplesIfChosen() -> [GameEffect] {
        guard symbolSet.isTemples else { return [] }
        return deck.ask(from: .builtIn)
    }

    /// A picture loaded for `temple`, if there is one.
    func picture(of temple: String) -> RGBAImage? {
        deck.original(temple)
    }

    /// The pictures scaled for the cards of the last frame.
    var scaledPictures: ScaledPictures { deck.scaled }

    /// Scale the pictures of the board's picture cards for the cards of `frame`, so drawing finds them made.
    private mutating func rescale(in frame: Frame) {
        guard let game, deck.hasPictures, MemoryLayout.showsPictures(in: frame.theme),
              let card = boardLayout(size: frame.size).card(at: 0) else { return }
        var seen = Set<String>()
        let wanted = game.cards.compactMap { card -> (String, RGBAImage)? in
            guard let temple = card.content.temple, seen.insert(temple).inserted,
                  let original = deck.original(temple) else { return nil }
            return (temple, original)
        }.compactMap { temple, original -> ScaledPictures.Wanted? in
            MemoryLayout.picturePixelHeight(original, onCard: card).map {
                ScaledPictures.Wanted(id: temple, original: original, pixelHeight: $0)
            }
        }
        deck.keep(wanted)
    }

    /// What face-up `card` shows: its emoji, or for a temple its picture or name. At Easy
    /// both cards of a pair show the picture; else the card of the pair with the lower id does.
    func face(of card: Game.Card) -> CardFace {
        guard card.content.temple != nil else { return .symbol }
        if level == .easy { return .picture }
        let partner = game?.cards.first { $0.content == card.content && $0.id != card.id }
        return card.id < (partner?.id ?? .max) ? .picture : .name
    }

    /// The player said yes to the new game `r` asked about.
    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .newGame:
            guard phase == .playing else { return [] }
            startGame()
            rescale(in: frame)
            return []
        }
    }

    // MARK: - Time

    /// Let `elapsed` seconds pass: a mismatch may turn back, and when the game ends, hand over its result.
    private mutating func advance(by elapsed: Double) -> [GameEffect] {
        guard elapsed.isFinite, elapsed > 0 else { return [] }
        clock.advance(by: elapsed)
        let now = self.now
        if var pause = mismatchPause {
            if pause.isOver(after: now) {
                // At the moment it ran out, however late the tick: that is when their bonus stops.
                game?.turnMismatchFaceDown(now: pause.endsAt ?? now)
                mismatchPause = nil
            } else {
                mismatchPause = pause
            }
        }
        if var found = foundPair {
            foundPair = found.pause.isOver(after: now) ? nil : found
        }
        return finishIfOver()
    }

    /// End the last pair's show now (a key or click came first) and bring up the result.
    private mutating func showResult() -> [GameEffect] {
        foundPair = nil
        return finishIfOver()
    }

    /// Turn a mismatch that is face up back at once (a key or click came before its time ran out).
    private mutating func turnMismatchBack() {
        guard mismatchPause != nil else { return }
        let now = self.now
        game?.turnMismatchFaceDown(now: now)
        mismatchPause = nil
    }

    /// The effects of a game that has just ended: its score (once: the clock's `finish`) and
    /// a sound cue.
    ///
    /// A won game ends once its last pair has been on show.
    private mutating func finishIfOver() -> [GameEffect] {
        guard let game, phase == .playing, game.isOver(now: now), !isShowingLastPair, clock.finish() else { return [] }
        mismatchPause = nil  // an ended game's board stays as it ended
        foundPair = nil
        let kept = keptLevel
        isNewBest = Self.isNewBest(game.score, level: kept, against: bests)
        if isNewBest { bests[kept] = game.score }
        var figures = MemoryFigures(level: kept, time: PlayClock.text(Double(shownTimeElapsed)), won: game.isWon,
                                    moves: game.moves, pairs: game.matchedPairs)
        figures.duration = Double(shownTimeElapsed)
        return [.record(game.score, figures), .sound(game.isWon ? .handWon : .handLost)]
    }

    /// The level a result is kept under: a Temples game (a picture to its name) apart from
    /// the emoji games of its level ("Normal Temples").
    var keptLevel: String {
        symbolSet.isTemples ? "\(level.name) Temples" : level.name
    }

    /// Whether `score` beats the best kept result of `level` (`bests`, by level); with none
    /// of the level kept, any score above 0 does. Results of other levels never count.
    static func isNewBest(_ score: Int, level: String, against bests: [String: Int]) -> Bool {
        score > (bests[level] ?? 0)
    }

    /// `bests` with the kept results `entries` (of any level) in them: a level's best is at
    /// least the best of its results kept there.
    static func bests(_ bests: [String: Int], with entries: [ScoreEntry]) -> [String: Int] {
        var bests = bests
        for entry in entries {
            guard let level = MemoryFigures(stored: entry.figures).level else { continue }
            bests[level] = max(bests[level] ?? entry.score, entry.score)
        }
        return bests
    }

    // MARK: - The choice before a game

    /// Up and down move between the rows; left and right change the row's value.
    private mutating func moveChoice(_ direction: Direction) {
        switch direction {
        case .up:
            choiceRow = ChoiceRow(rawValue: max(0, choiceRow.rawValue - 1)) ?? .level
        case .down:
            choiceRow = ChoiceRow(rawValue: min(ChoiceRow.allCases.count - 1, choiceRow.rawValue + 1)) ?? .start
        case .left:
            step(choiceRow, by: -1)
        case .right:
            step(choiceRow, by: 1)
        }
    }

    /// Choose the previous or next level or symbol set, wrapping around.
    private mutating func step(_ row: ChoiceRow, by offset: Int) {
        switch row {
        case .level:
            level = Self.cycle(MemoryLevel.all, from: level, by: offset)
        case .symbols:
            symbolSet = Self.cycle(MemorySymbolSet.all, from: symbolSet, by: offset)
        case .start:
            break
        }
    }

    private static func cycle<T: Equatable>(_ items: [T], from item: T, by offset: Int) -> T {
        let index = items.firstIndex(of: item) ?? 0
        return items[((index + offset) % items.count + items.count) % items.count]
    }

    /// Deal a new board of the chosen level and symbols, with the session's next seed.
    ///
    /// Temples with no temple deck (not loaded yet, or missing) deal nothing: back to the
    /// choice, which says why.
    private mutating func startGame() {
        let pool = symbolSet.isTemples ? templeSymbols : symbolSet.symbols
        guard !pool.isEmpty else {
            chooseAgain()
            return
        }
        let seed = gamesStarted == 0 ? firstSeed : seeds.next()
        gamesStarted += 1
        // The pairs are a seeded pick from the set, so Easy and Normal boards vary too.
        var picker = SeededGenerator(seed: seed ^ 0x5EED_0F_5_1B01)
        let symbols = Array(pool.shuffled(using: &picker).prefix(level.pairs))
        game = Game(numberOfPairs: symbols.count, timeLimit: level.timeLimit, seed: seed) { symbols[$0] }
        phase = .playing
        cursor = GridCursor()
        clock.reset()
        note = .start
        mismatchPause = nil
        foundPair = nil
        isNewBest = false
    }

    /// Back to the choice before a game, keeping the last level and symbols.
    private mutating func chooseAgain() {
        phase = .choosing
        game = nil
        choiceRow = .start
    }

    // MARK: - The board

    /// Turn the card at `index` face up, and say what the turn did.
    private mutating func turn(_ index: Int) -> [GameEffect] {
        guard var game, !game.isOver(now: now), game.cards.indices.contains(index) else { return [] }
        let card = game.cards[index]
        guard !card.isFaceUp, !card.isMatched else { return [] }
        clock.start()  // the first card starts the clock
        // A pair on show goes at the next turn: never more than two cards face up.
        foundPair = nil
        let scoreBefore = game.score, movesBefore = game.moves
        let waiting = game.faceUpIndices  // the first card of this turn, if any
        game.choose(card, now: now)
        if game.moves > movesBefore {
            if game.cards[index].isMatched {
                note = .match(points: game.score - scoreBefore)
                foundPair = FoundPair(cards: (waiting + [index]).sorted())
            } else {
                note = .mismatch(penalty: scoreBefore - game.score)
                mismatchPause = Pause(flipBackTime)
            }
        } else {
            note = .firstCard
        }
        self.game = game
        return finishIfOver()
    }

    /// Deal a new board: at once before the first card, else after the shell has asked.
    private mutating func restart() -> [GameEffect] {
        guard isInProgress else {
            startGame()
            return []
        }
        return [.confirm(.newGame)]
    }
}

/// What a Memory score is kept with: the level, the time played (m:ss), won or lost, and
/// the moves and pairs (nil in entries kept without them).
struct MemoryFigures: ScoreFigures, Equatable {
    var level: String?
    var time: String?
    /// True for a game won, false for one lost (time ran out); nil when not known.
    var won: Bool?
    var moves: Int?
    var pairs: Int?
    /// The seconds played, kept beside the score (not among the figures).
    var duration: Double?
    /// The level is the mode the store keeps the game under.
    var mode: String? { level }

    var stored: [String: String] {
        var figures: [String: String] = [:]
        if let level { figures["level"] = level }
        if let time { figures["time"] = time }
        if let won { figures["result"] = won ? "won" : "lost" }
        if let moves { figures["moves"] = String(moves) }
        if let pairs { figures["pairs"] = String(pairs) }
        return figures
    }

    init(level: String?, time: String?, won: Bool?, moves: Int?, pairs: Int?) {
        self.level = level
        self.time = time
        self.won = won
        self.moves = moves
        self.pairs = pairs
    }

    /// Whatever figures `stored` has (a hand-edited file may lack some).
    init(stored: [String: String]) {
        let result = stored["result"]
        self.init(level: stored["level"], time: stored["time"],
                  won: result == "won" ? true : result == "lost" ? false : nil,
                  moves: stored["moves"].flatMap { Int($0) }, pairs: stored["pairs"].flatMap { Int($0) })
    }
}
