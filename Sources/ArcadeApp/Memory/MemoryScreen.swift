import ArcadeCore
import ArcadeUI
import MemoryModel

/// The memory game: choose a level and a set of symbols, then find the pairs against the clock.
///
/// The screen is a small host: it holds the choice before a game (`MemoryChooserPage`) and,
/// once a game is dealt, its board (`MemoryBoardPage`); it routes keys, clicks and drawing
/// to the one on show, deals each board from the session's seeds, keeps the best results
/// and the picture deck, and is what the shell knows (`GameScreen`: saving, the game-over
/// box, the key line, help, the cursor). The board's state reads through it (`screen.note`).
///
/// The choice is kept for the next time the game opens (`levelSetting`, `symbolsSetting`);
/// Start deals a board. `r` deals a new board (asking first, through the shell, once the
/// clock runs). When every pair is found (and the last one has been shown) or the clock
/// runs out, a box over the board gives the result, "New best" when it beats every result
/// kept of its level (and symbols, for Temples), with Play again (`r`, Enter), Change level
/// (`c`) and Menu (`m`).
///
/// The Temples set deals temples of the built-in picture deck, which the screen asks the
/// effect runtime for (`GameEffect.deck`, through `DeckPictures`) when the set is chosen
/// or a Temples board is resumed. At Easy both cards of a pair show the temple's picture;
/// at Normal and Hard one shows the picture and the other its name (the model pairs them
/// as ever: both cards hold the same temple). Where a card is too small for a picture, or
/// the terminal shows no colour, the picture card shows the name, marked `pic`. Without
/// the deck the set says why and deals nothing, and a Temples board resumed without it
/// shows names only.
@dynamicMemberLookup
struct MemoryScreen: GameScreen {
    typealias Game = MemoryGame<MemorySymbol>

    /// Which page is showing.
    enum Phase: Equatable {
        /// The level and symbols choice before a game.
        case choosing
        /// A board, being played or over.
        case playing
    }

    /// What the player can do: on the choice, on the board, and in the game-over box.
    enum Action: Hashable, Sendable {
        case chooser(MemoryChooserPage.Action)
        case board(MemoryBoardPage.Action)
        /// The game-over box's buttons.
        case playAgain, changeLevel, menu

        /// A click on card `index` of the board.
        static func turnCard(_ index: Int) -> Action { .board(.turnCard(index)) }
    }

    /// Which keys act now: the table differs before a game, on the board and once it is over.
    enum Mode {
        case choosing, board, showingLastPair, over
    }

    /// The choice before a game: also the level and symbols of the board dealt from it.
    var chooser = MemoryChooserPage()
    /// The game on the board; nil before the first one starts and while choosing again.
    var board: MemoryBoardPage?
    /// Games started so far in this session.
    var gamesStarted = 0
    /// The best result kept of each level: what a game's result is a new best against.
    var bests = MemoryBests()
    /// The built-in picture deck the Temples set deals from, asked for only once that set is
    /// chosen; its pictures scaled for the cards of the last frame (see `rescale(in:)`).
    var deck = DeckPictures()
    /// The temples a Temples board is dealt from, in the deck's order, once the deck is here.
    var templeSymbols: [MemorySymbol] = []
    /// Seconds a mismatch stays face up in this session (from the settings).
    var flipBackTime = MemoryScreen.mismatchShowTime

    /// The seed of the session's first game; later games take theirs from `seeds`.
    let firstSeed: UInt64
    var seeds: SeededGenerator

    /// The menu line for this game.
    static let summary = "Find the pairs of cards before the clock runs out"
    /// Seconds two cards that do not match stay face up before they turn back, unless the
    /// settings say otherwise (`flipBackChoices`).
    static let mismatchShowTime = 1.0
    /// The flip-back times the settings page offers, in seconds.
    static let flipBackChoices = [0.5, 1.0, 1.5, 2.0, 3.0]
    /// The setting the chosen level is kept under (`MemoryLevel.name`).
    static let levelSetting = "memory.level"
    /// The setting the chosen symbols are kept under (`MemorySymbolSet.name`).
    static let symbolsSetting = "memory.symbols"

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
        chooser.level = MemoryLevel.all.first { $0.name == settings[Self.levelSetting] } ?? .normal
        chooser.symbolSet = MemorySymbolSet.all.first { $0.name == settings[Self.symbolsSetting] } ?? .animals
        self.bests = MemoryBests(bests, with: scores)
    }

    /// A screen for `context`: its seed, the kept settings and results.
    init(context: GameContext) {
        self.init(seed: context.seed, settings: context.settings, bests: context.bests, scores: context.scores)
    }

    // MARK: - State read by the shell, drawing and tests

    /// The board's state, read through the screen (`screen.note`, `screen.foundPair`): nil
    /// while choosing.
    subscript<Value>(dynamicMember keyPath: KeyPath<MemoryBoardPage, Value>) -> Value? {
        board?[keyPath: keyPath]
    }

    /// The board's state that may be absent (`screen.mismatchPause`): nil while choosing too.
    subscript<Value>(dynamicMember keyPath: KeyPath<MemoryBoardPage, Value?>) -> Value? {
        board?[keyPath: keyPath] ?? nil
    }

    var phase: Phase { board == nil ? .choosing : .playing }
    /// The chosen level and symbols: the board's, once one is dealt.
    var level: MemoryLevel { chooser.level }
    var symbolSet: MemorySymbolSet { chooser.symbolSet }
    var game: Game? { board?.game }
    var cursor: GridCursor { board?.cursor ?? GridCursor() }
    /// Seconds the board's clock has run.
    var now: Double { board?.now ?? 0 }
    var isGameOver: Bool { board?.isGameOver == true }
    var isShowingLastPair: Bool { board?.isShowingLastPair == true }
    var isInProgress: Bool { board?.isInProgress == true }
    var isTimed: Bool { isInProgress }

    /// Seconds left on the game clock as shown: the chosen level's whole clock before a game.
    var shownTimeRemaining: Int {
        board?.shownTimeRemaining ?? MemoryBoardPage.shown(remaining: chooser.level.timeLimit)
    }

    // MARK: - GameScreen

    /// 40×14; 43 columns for a Hard Temples board, whose cards are 3 columns inside below
    /// that: "Lo…" would stand for Logan, London and Los Angeles alike.
    func minimumSize(in frame: Frame) -> Size {
        Size(width: chooser.symbolSet.isTemples && (game?.cards.count ?? 0) > 2 * MemoryLevel.normal.pairs ? 43 : 40,
             height: 14)
    }

    var wantsTicks: Bool {
        deck.isPolling || board?.wantsTicks == true
    }

    /// Ten times a second while the deck loads on a thread; else as the board wants.
    var tickInterval: Double {
        if deck.isPolling { return DeckPictures.checkInterval }
        return board?.tickInterval ?? MemoryBoardPage.clockTickInterval
    }

    var mode: Mode {
        guard let board else { return .choosing }
        if board.isShowingLastPair { return .showingLastPair }
        return board.isGameOver ? .over : .board
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

    /// Every key of the game, enabled in the modes it acts in (help lists them all, always,
    /// the choice's and the board's in one order). While the last pair is on show no key is
    /// bound: any key brings the result (see `update`).
    private static func bindings(for mode: Mode) -> [Binding<Action>] {
        let choosing = mode == .choosing, board = mode == .board, over = mode == .over
        return MemoryChooserPage.moveKeys(isEnabled: choosing) + MemoryBoardPage.moveKeys(isEnabled: board) + [
            MemoryChooserPage.startKey(isEnabled: choosing),
            MemoryBoardPage.turnKey(isEnabled: board),
            .note("click", "turn a card; pick a level, symbols or button"),
        ] + MemoryChooserPage.levelKeys(isEnabled: choosing) + [
            MemoryBoardPage.restartKey(isEnabled: board),
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

    /// Keys through the table and clicks through the page on show, as for every game, except
    /// that while the last pair is on show any key or click brings the result (and does
    /// nothing else), and on the board any key or click first turns a mismatch back.
    mutating func update(_ input: Input, in frame: Frame) -> [GameEffect] {
        let action: Action?
        switch input {
        case .tick(let seconds):
            return advance(by: seconds, in: frame)
        case .resize:
            return resized(to: frame)
        case .focus, .network: return []
        case .mouse(let event):
            guard event.action == .press else { return [] }
            action = self.action(at: event.at, in: frame)
        case .key(let key):
            action = bindings(in: frame).action(for: key)
        }
        if isGameOver { return [] }  // the shell's game-over box has the keys and clicks
        if isShowingLastPair { return board?.showResult(bests: &bests) ?? [] }
        board?.turnMismatchBack()
        return action.map { perform($0, in: frame) } ?? []
    }

    func action(at point: Point, in frame: Frame) -> Action? {
        guard let board else { return chooser.action(at: point, in: frame).map(Action.chooser) }
        return board.action(at: point, in: frame).map(Action.board)
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        let chosenBefore = (chooser.level, chooser.symbolSet)
        switch action {
        case .chooser(.start), .playAgain:
            startGame()
        case .chooser(let change):
            chooser.perform(change)
        case .board(.restart):
            let effects = restart()
            rescale(in: frame)
            return effects
        case .board(let play):
            // Cursor moves and turns: no picture changes size.
            return board?.perform(play, in: frame, bests: &bests) ?? []
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
        (chooser.level != before.0 ? [.remember(setting: Self.levelSetting, value: chooser.level.name)] : [])
            + (chooser.symbolSet != before.1 ? [.remember(setting: Self.symbolsSetting, value: chooser.symbolSet.name)] : [])
    }

    func gameOver(in frame: Frame) -> GameOver<Action>? {
        board?.gameOver(in: frame)
    }

    func render(into grid: inout CellGrid) {
        if let board {
            board.render(into: &grid, deck: deck)  // the shell draws the game-over box over it
        } else {
            chooser.render(into: &grid, deck: deck.state, templeCount: templeSymbols.count)
        }
    }

    /// Where the cursor goes when it follows focus: the focused row of the choice, or the
    /// card under the cursor while the game goes on.
    func cursorPosition(in frame: Frame) -> Point? {
        let point = board.map { $0.cursorPosition(in: frame) } ?? chooser.cursorPosition(in: frame)
        return point.flatMap { frame.bounds.contains($0) ? $0 : nil }
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        deck.check + (board?.advance(by: seconds, bests: &bests) ?? [])
    }

    /// Leaving while the last pair is on show still keeps the score (without a sound on the way out).
    /// Leaving while the picture deck loads stops the loading.
    mutating func willLeave() -> [GameEffect] {
        let cancel = deck.cancel
        guard isShowingLastPair else { return cancel }
        return cancel + (board?.showResult(bests: &bests) ?? []).filter { if case .sound = $0 { false } else { true } }
    }

    /// The player said yes to the new game `r` asked about.
    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .newGame:
            guard board != nil else { return [] }
            startGame()
            rescale(in: frame)
            return []
        }
    }

    // MARK: - Dealing

    /// Deal a new board of the chosen level and symbols, with the session's next seed.
    ///
    /// Temples with no picture deck (not loaded yet, or missing) deal nothing: back to the
    /// choice, which says why.
    private mutating func startGame() {
        let level = chooser.level, symbolSet = chooser.symbolSet
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
        let game = Game(numberOfPairs: symbols.count, timeLimit: level.timeLimit, seed: seed) { symbols[$0] }
        board = MemoryBoardPage(game: game, level: level, symbolSet: symbolSet, flipBackTime: flipBackTime)
    }

    /// Back to the choice before a game, keeping the last level and symbols.
    private mutating func chooseAgain() {
        board = nil
        chooser.row = .start
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
