import ArcadeCore
import ArcadeUI
import MemoryModel

/// The memory game: choose a level and a set of symbols, then find the pairs against the clock.
///
/// Before a game, a choice of level (Easy 6 pairs, Normal 8, Hard 12, each with its game
/// clock) and of symbols (animals, fruit, sports); Enter starts. On the board the cursor
/// (`>` `<` beside a card) moves with the arrows or h/j/k/l, Home and End take it to the
/// first and last card, and Space or Enter turns the card under it; a click turns a card
/// too. The game clock starts with the first card;
/// `r` deals a new board (asking first, through the shell, once the clock runs).
/// A pair found shows both faces, marked, for `foundPairShowTime` before it leaves the
/// board. Two cards that do not match turn back by themselves after `mismatchShowTime`, or
/// at once with the next key or click (which then does what it always does). When every
/// pair is found (and the last one has been shown) or the clock runs out, a box over the
/// board gives the result with Restart (`r`, Enter) and Change level (`c`).
///
/// The screen keeps its own clock, `now`, by adding up the ticks it is sent, and passes it
/// to every model call. It asks for ticks only while the game clock runs or a `Pause` is
/// waited out, so both stand still whenever the shell withholds them (help, the leave
/// question, a terminal too small).
struct MemoryScreen: LegacyGameScreen {
    typealias Game = MemoryGame<MemorySymbol>

    /// Which part of the screen is showing.
    enum Phase: Equatable {
        /// The level and symbols choice before a game.
        case choosing
        /// A board, being played or over.
        case playing
    }

    /// The rows of the choice before a game that the cursor moves between.
    enum ChoiceRow: Int, CaseIterable {
        case level, symbols, start
    }

    /// What the line under the board says about the last card turned.
    enum Note: Equatable {
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

    /// A pair just found, on show before it leaves the board.
    struct FoundPair: Equatable {
        /// The board positions of its two cards.
        let cards: [Int]
        var pause = Pause(MemoryScreen.foundPairShowTime)
    }

    /// The buttons of the game-over box, left to right.
    enum GameOverButton: Int {
        case restart, changeLevel
    }

    private(set) var phase = Phase.choosing
    private(set) var level = MemoryLevel.normal
    private(set) var symbolSet = MemorySymbolSet.animals
    private(set) var choiceRow = ChoiceRow.level
    /// The game on the board; `nil` before the first one starts and while choosing again.
    private(set) var game: Game?
    /// The card the cursor is on, in board order (a matched card's empty place counts).
    private(set) var cursor = 0
    /// Seconds of ticks received so far: the time every model call is given.
    private(set) var now: Double = 0
    private(set) var note = Note.start
    /// The focused button of the game-over box.
    private(set) var gameOverFocus = GameOverButton.restart
    /// While two cards that do not match are face up: when they turn back by themselves.
    private(set) var mismatchPause: Pause?
    /// The pair found last, while it is on show.
    private(set) var foundPair: FoundPair?
    /// Games started so far in this session.
    private(set) var gamesStarted = 0

    /// The seed of the session's first game; later games take theirs from `seeds`.
    private let firstSeed: UInt64
    private var seeds: SeededGenerator
    /// Whether the finished game's score has been handed over (it is, once).
    private var isRecorded = false
    /// The size the screen is drawn at, for mapping clicks to what was drawn.
    private var size: Size

    /// The menu line for this game.
    static let summary = "Find the pairs of cards before the clock runs out"

    /// Seconds between ticks while the clock runs: two redraws a second (keys still arrive at once).
    static let clockTickInterval = 0.5
    /// Seconds between ticks while a pause waits for its first tick: as soon as the run loop allows.
    static let promptTickInterval = 1.0 / 30.0
    /// Seconds two cards that do not match stay face up before they turn back.
    static let mismatchShowTime = 1.0
    /// Seconds a pair found stays on show before it leaves the board.
    static let foundPairShowTime = 0.6

    /// A screen showing the choice before a game; `seed` fixes every board of the session.
    ///
    /// The first game is dealt with `seed` itself, each later one (Restart, or a new level)
    /// with the next number of a generator seeded with `seed`, so `--seed N` replays the
    /// whole session. `theme` is taken like every game's, but nothing here depends on it:
    /// cards, words and bars take the same cells in every theme, so clicks need only the size.
    init(seed: UInt64, size: Size, theme: Theme) {
        firstSeed = seed
        seeds = SeededGenerator(seed: seed)
        self.size = size
    }

    /// How the menu shows the best entry: `best 31 (Normal, 0:42)` or `best 9 (Hard, lost)`.
    static func describeBest(_ entry: ScoreEntry) -> String {
        var details: [String] = []
        if let level = entry.figures["level"] { details.append(level) }
        if entry.figures["result"] == "lost" {
            details.append("lost")
        } else if let time = entry.figures["time"] {
            details.append(time)
        }
        return "best \(entry.score)" + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }

    // MARK: - State read by drawing and tests

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

    var minimumSize: Size { Size(width: 40, height: 14) }

    var wantsTicks: Bool {
        guard phase == .playing, let game else { return false }
        return game.isClockRunning(now: now) || !pauses.isEmpty
    }

    /// Half a second for the clock; sooner when a pause is due to end, at once when one has just begun.
    var tickInterval: Double {
        if pauses.contains(where: { $0.endsAt == nil }) { return Self.promptTickInterval }
        let untilEnd = pauses.compactMap { $0.endsAt.map { $0 - now } }.min() ?? Self.clockTickInterval
        return max(Self.promptTickInterval, min(Self.clockTickInterval, untilEnd))
    }

    var isInProgress: Bool {
        guard phase == .playing, let game else { return false }
        return game.isClockRunning(now: now)
    }

    /// The pauses being waited out.
    private var pauses: [Pause] {
        [mismatchPause, foundPair?.pause].compactMap { $0 }
    }

    var keyHints: [KeyHint] {
        switch phase {
        case .choosing:
            return [KeyHint("↑↓", "row"), KeyHint("←→", "choose"), KeyHint("Enter", "start")]
        case .playing where isShowingLastPair:
            return []  // a moment: the result comes next
        case .playing where isGameOver:
            return [KeyHint("r", "restart"), KeyHint("c", "change level")]
        case .playing:
            return [KeyHint("←↑↓→", "move"), KeyHint("Space", "turn"), KeyHint("r", "restart")]
        }
    }

    var help: HelpSheet {
        let levels = MemoryLevel.all.map { level in
            "\(level.name) \(level.pairs) pairs in \(Self.clockText(Int(level.timeLimit)))"
        }
        return HelpSheet(
            title: "Memory",
            keys: [
                KeyHint("arrows  h j k l", "move the cursor (> <) between cards"),
                KeyHint("Home  End", "the cursor to the first or last card"),
                KeyHint("Space  Enter", "turn the card under the cursor"),
                KeyHint("click", "turn a card; pick a level, symbols or button"),
                KeyHint("1 2 3", "Easy, Normal or Hard, before a game"),
                KeyHint("r", "restart with a new board (asks first during a game)"),
                KeyHint("c", "change level or symbols when it is over"),
            ],
            notes: [
                "Find every pair before the clock runs out (" + levels.joined(separator: ", ")
                    + "). It starts with your first card and stops while this help or a question "
                    + "is open.",
                "A pair found shows for a moment, then leaves the board. Two cards that do not "
                    + "match turn back after a second, or at once with your next key.",
                "Scoring: a pair earns 2 points plus the whole seconds of bonus left on both cards "
                    + "(6 s each, used up only while face up, as the bar shows). A mismatch costs "
                    + "1 point for each of its cards you had seen before.",
            ])
    }

    mutating func update(_ input: Input) -> [GameEffect] {
        switch input {
        case .tick(let elapsed):
            return advance(by: elapsed)
        case .resize(let newSize):
            size = newSize
            return []
        case .key(let key):
            switch phase {
            case .choosing:
                handleChoice(key)
                return []
            case .playing where isShowingLastPair:
                return showResult()
            case .playing where isGameOver:
                return handleGameOver(key)
            case .playing:
                return handleBoard(key)
            }
        case .mouse(let event) where event.action == .press:
            if isShowingLastPair { return showResult() }
            return click(at: event.at)
        case .mouse:
            return []
        }
    }

    /// Leaving while the last pair is on show still keeps the score (without a sound on the way out).
    mutating func willLeave() -> [GameEffect] {
        guard isShowingLastPair else { return [] }
        return showResult().filter { if case .sound = $0 { false } else { true } }
    }

    // MARK: - Time

    /// Let `elapsed` seconds pass: a mismatch may turn back, and when the game ends, hand over its result.
    private mutating func advance(by elapsed: Double) -> [GameEffect] {
        guard elapsed.isFinite, elapsed > 0 else { return [] }
        now += elapsed
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
        game?.turnMismatchFaceDown(now: now)
        mismatchPause = nil
    }

    /// The effects of a game that has just ended: its score (once) and a sound cue.
    ///
    /// A won game ends once its last pair has been on show.
    private mutating func finishIfOver() -> [GameEffect] {
        guard let game, phase == .playing, !isRecorded, game.isOver(now: now), !isShowingLastPair else { return [] }
        isRecorded = true
        mismatchPause = nil  // an ended game's board stays as it ended
        foundPair = nil
        gameOverFocus = .restart
        let won = game.isWon
        let figures = [
            "time": Self.clockText(shownTimeElapsed),
            "moves": String(game.moves),
            "pairs": String(game.matchedPairs),
            "result": won ? "won" : "lost",
            "level": level.name,
        ]
        return [.recordScore(game.score, figures: figures), .sound(won ? .handWon : .handLost)]
    }

    // MARK: - The choice before a game

    private mutating func handleChoice(_ key: Key) {
        if let digit = key.digit, MemoryLevel.all.indices.contains(digit - 1) {
            level = MemoryLevel.all[digit - 1]
            choiceRow = .level
            return
        }
        switch key {
        case .enter, .space:
            startGame()
            return
        case .tab:
            choiceRow = ChoiceRow(rawValue: (choiceRow.rawValue + 1) % ChoiceRow.allCases.count) ?? .level
            return
        case .backTab:
            let count = ChoiceRow.allCases.count
            choiceRow = ChoiceRow(rawValue: (choiceRow.rawValue + count - 1) % count) ?? .level
            return
        default:
            break
        }
        switch key.direction(vimKeys: true) {
        case .up?:
            choiceRow = ChoiceRow(rawValue: max(0, choiceRow.rawValue - 1)) ?? .level
        case .down?:
            choiceRow = ChoiceRow(rawValue: min(ChoiceRow.allCases.count - 1, choiceRow.rawValue + 1)) ?? .start
        case .left?:
            step(choiceRow, by: -1)
        case .right?:
            step(choiceRow, by: 1)
        case nil:
            break
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
    private mutating func startGame() {
        let seed = gamesStarted == 0 ? firstSeed : seeds.next()
        gamesStarted += 1
        // The pairs are a seeded pick from the set, so Easy and Normal boards vary too.
        var picker = SeededGenerator(seed: seed ^ 0x5EED_0F_5_1B01)
        let symbols = Array(symbolSet.symbols.shuffled(using: &picker).prefix(level.pairs))
        game = Game(numberOfPairs: symbols.count, timeLimit: level.timeLimit, seed: seed) { symbols[$0] }
        phase = .playing
        cursor = 0
        note = .start
        mismatchPause = nil
        foundPair = nil
        isRecorded = false
        gameOverFocus = .restart
    }

    // MARK: - The board

    private mutating func handleBoard(_ key: Key) -> [GameEffect] {
        turnMismatchBack()
        if key.isActivate { return turn(cursor) }
        if key == .character("r") || key == .character("R") { return restart() }
        if key == .home || key == .end {
            cursor = key == .home ? 0 : max(0, (game?.cards.count ?? 0) - 1)
            return []
        }
        if let direction = key.direction(vimKeys: true) { moveCursor(direction) }
        return []
    }

    /// Move the cursor one place on the board; it stops at the edges.
    private mutating func moveCursor(_ direction: Direction) {
        guard let game else { return }
        let count = game.cards.count
        let columns = max(1, MemoryLayout(size: size, cardCount: count).board.columns)
        let target: Int
        switch direction {
        case .up: target = cursor - columns
        case .down: target = cursor + columns
        case .left: target = cursor % columns == 0 ? cursor : cursor - 1
        case .right: target = (cursor + 1) % columns == 0 ? cursor : cursor + 1
        }
        if target >= 0 && target < count { cursor = target }
    }

    /// Turn the card at `index` face up, and say what the turn did.
    private mutating func turn(_ index: Int) -> [GameEffect] {
        guard var game, !game.isOver(now: now), game.cards.indices.contains(index) else { return [] }
        let card = game.cards[index]
        guard !card.isFaceUp, !card.isMatched else { return [] }
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
                mismatchPause = Pause(Self.mismatchShowTime)
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

    /// The player said yes to the new game `r` asked about.
    mutating func confirmed(_ action: Confirmation.Action) -> [GameEffect] {
        switch action {
        case .newGame:
            guard phase == .playing else { return [] }
            startGame()
            return []
        }
    }

    // MARK: - Game over

    private mutating func handleGameOver(_ key: Key) -> [GameEffect] {
        switch key {
        case .character("r"), .character("R"):
            startGame()
        case .character("c"), .character("C"):
            chooseAgain()
        case .enter, .space:
            press(gameOverFocus)
        case .tab, .backTab, .left, .right:
            gameOverFocus = gameOverFocus == .restart ? .changeLevel : .restart
        default:
            break
        }
        return []
    }

    private mutating func press(_ button: GameOverButton) {
        switch button {
        case .restart: startGame()
        case .changeLevel: chooseAgain()
        }
    }

    /// Back to the choice before a game, keeping the last level and symbols.
    private mutating func chooseAgain() {
        phase = .choosing
        game = nil
        choiceRow = .start
    }

    // MARK: - Mouse

    private mutating func click(at point: Point) -> [GameEffect] {
        switch phase {
        case .choosing:
            let layout = MemoryChoiceLayout(size: size)
            if let index = levelTabs.index(at: point, in: layout.levelRow) {
                level = MemoryLevel.all[index]
                choiceRow = .level
            } else if let index = symbolTabs.index(at: point, in: layout.symbolRow) {
                symbolSet = MemorySymbolSet.all[index]
                choiceRow = .symbols
            } else if layout.startButton.contains(point) {
                startGame()
            }
            return []
        case .playing where isGameOver:
            let bounds = Rect(origin: Point(x: 0, y: 0), size: size)
            if let index = gameOverDialog(width: size.width).buttonIndex(at: point, in: bounds),
               let button = GameOverButton(rawValue: index) {
                press(button)
            }
            return []
        case .playing:
            turnMismatchBack()
            guard let game,
                  let index = MemoryLayout(size: size, cardCount: game.cards.count).cardIndex(at: point)
            else { return [] }
            cursor = index
            return turn(index)
        }
    }

    // MARK: - Helpers

    /// Whole seconds as `m:ss`, e.g. `1:05`.
    static func clockText(_ seconds: Int) -> String {
        let whole = max(0, seconds)
        let remainder = whole % 60
        return "\(whole / 60):" + (remainder < 10 ? "0" : "") + "\(remainder)"
    }
}
