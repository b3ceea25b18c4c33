import ArcadeUI
import MemoryModel

/// Memory's board: one game, being played or over, with its cursor, clock and note line.
///
/// The cursor (the focused card's whole frame, in reverse video) moves with the arrows or
/// h/j/k/l, Home and End take it to the first and last card, and Space or Enter turns the
/// card under it; a click turns a card too. The game clock starts with the first card.
/// A pair found shows both faces, marked, for `foundPairShowTime` before it leaves the
/// board. Two cards that do not match turn back by themselves after the flip-back time, or
/// at once with the next key or click (which then does what it always does).
///
/// The page keeps its own clock, `now`, by adding up the ticks it is sent, and passes it
/// to every model call. It wants ticks only while the game clock runs or a `Pause` is
/// waited out, so both stand still whenever the shell withholds them (help, the leave
/// question, a terminal too small).
struct MemoryBoardPage {
    typealias Game = MemoryGame<MemorySymbol>

    /// What the board's keys and clicks do.
    enum Action: Hashable, Sendable {
        /// Arrows and h j k l: the cursor to the next card that way.
        case move(Direction)
        /// Home and End: the first or last card.
        case first, last
        /// Space or Enter: turn the card under the cursor.
        case turn
        /// A click on card `index`.
        case turnCard(Int)
        /// `r`: a new board (the screen asks first once the clock runs).
        case restart
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

    /// A pair just found, on show before it leaves the board.
    struct FoundPair: Equatable {
        /// The board positions of its two cards.
        let cards: [Int]
        var pause = MemoryPause(MemoryBoardPage.foundPairShowTime)
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

    /// Seconds between ticks while the clock runs: two redraws a second (keys still arrive at once).
    static let clockTickInterval = 0.5
    /// Seconds between ticks while a pause waits for its first tick: as soon as the run loop allows.
    static let promptTickInterval = 1.0 / 30.0
    /// Seconds a pair found stays on show before it leaves the board.
    static let foundPairShowTime = 0.6
    /// How far a sum of ticks may miss a whole second (or a pause's end) and still count as it.
    static let roundingSlack = 1e-6

    private(set) var game: Game
    let level: MemoryLevel
    let symbolSet: MemorySymbolSet
    /// Seconds a mismatch stays face up (from the settings).
    let flipBackTime: Double
    /// The card the cursor is on, in board order (a matched card's empty place counts).
    private(set) var cursor = GridCursor()
    /// The board's clock: it runs from the first card turned until the game is recorded.
    private(set) var clock = PlayClock()
    private(set) var note = Note.start
    /// While two cards that do not match are face up: when they turn back by themselves.
    private(set) var mismatchPause: MemoryPause?
    /// The pair found last, while it is on show.
    private(set) var foundPair: FoundPair?
    /// Whether the game just ended beat every kept result of its level, worked out as it ended.
    private(set) var isNewBest = false
    /// The board the cursor last moved on, with the size it was laid out for: choosing the
    /// board is a search, not to be repeated for every arrow key.
    private var movedOn: (size: Size, layout: MemoryBoardLayout)?

    /// A board of `game` just dealt, of `level` and `symbolSet`.
    init(game: Game, level: MemoryLevel, symbolSet: MemorySymbolSet, flipBackTime: Double) {
        self.game = game
        self.level = level
        self.symbolSet = symbolSet
        self.flipBackTime = flipBackTime
    }

    /// A board taken up as a saved game left it: its cursor, clock and note.
    init(resuming game: Game, cursor: Int, clock: PlayClock, note: Note, level: MemoryLevel,
         symbolSet: MemorySymbolSet, flipBackTime: Double) {
        self.init(game: game, level: level, symbolSet: symbolSet, flipBackTime: flipBackTime)
        self.cursor = GridCursor(cursor)
        self.clock = clock
        self.note = note
    }

    // MARK: - State read by the screen, drawing and tests

    /// Seconds the board's clock has run: the time every model call is given.
    var now: Double { clock.elapsed }

    /// Whether the game has ended (won, or the clock ran out) and its result is up.
    ///
    /// After the last pair that is once the pair has been on show.
    var isGameOver: Bool {
        game.isOver(now: now) && !isShowingLastPair
    }

    /// Whether the game is won and its last pair is still on show, before the result.
    var isShowingLastPair: Bool {
        foundPair != nil && game.isWon
    }

    /// Whether the game clock runs: a game in progress.
    var isInProgress: Bool { game.isClockRunning(now: now) }

    /// Seconds left on the game clock as shown, counting down in whole seconds (rounded up).
    ///
    /// Ticks add up with rounding errors (thirty 1/30 s ticks are not exactly 1 s), so a
    /// value within a microsecond of a whole second counts as that second.
    var shownTimeRemaining: Int {
        Self.shown(remaining: game.timeRemaining(now: now))
    }

    /// `remaining` seconds as the clock shows them.
    static func shown(remaining: Double) -> Int {
        max(0, Int((remaining - roundingSlack).rounded(.up)))
    }

    /// Whole seconds the game clock has run (so remaining and elapsed add up to the limit).
    var shownTimeElapsed: Int {
        Int((game.elapsed(now: now) + Self.roundingSlack).rounded(.down))
    }

    /// Whether the board wants ticks: while the clock runs or a pause is waited out.
    var wantsTicks: Bool {
        isInProgress || !pauses.isEmpty
    }

    /// Half a second for the clock; sooner when a pause is due to end, at once when one has just begun.
    var tickInterval: Double {
        if pauses.contains(where: { $0.endsAt == nil }) { return Self.promptTickInterval }
        let untilEnd = pauses.compactMap { $0.endsAt.map { $0 - now } }.min() ?? Self.clockTickInterval
        return max(Self.promptTickInterval, min(Self.clockTickInterval, untilEnd))
    }

    /// The pauses being waited out.
    private var pauses: [MemoryPause] {
        [mismatchPause, foundPair?.pause].compactMap { $0 }
    }

    /// The level a result is kept under: a Temples game (a picture to its name) apart from
    /// the emoji games of its level ("Normal Temples").
    var keptLevel: String {
        symbolSet.isTemples ? "\(level.name) Temples" : level.name
    }

    /// The shape of the cards: pictures are wider than emoji.
    var aspect: Double { symbolSet.isTemples ? MemoryBoardLayout.pictureAspect : MemoryBoardLayout.cardAspect }

    /// The board's layout for a game area of `size`: its cards shaped for pictures in a Temples game.
    func layout(size: Size) -> MemoryBoardLayout {
        MemoryBoardLayout(size: size, cardCount: game.cards.count, aspect: aspect)
    }

    /// What face-up `card` shows: its emoji, or for a temple its picture or name. At Easy
    /// both cards of a pair show the picture; else the card of the pair with the lower id does.
    func face(of card: Game.Card) -> CardFace {
        guard card.content.temple != nil else { return .symbol }
        if level == .easy { return .picture }
        let partner = game.cards.first { $0.content == card.content && $0.id != card.id }
        return card.id < (partner?.id ?? .max) ? .picture : .name
    }

    /// The game as it would be saved: a mismatch on show turned back at the moment of leaving.
    var settledGame: Game {
        var game = game
        if mismatchPause != nil { game.turnMismatchFaceDown(now: now) }
        return game
    }

    // MARK: - Keys and clicks

    /// The board's keys, enabled on the board (help lists them in every mode).
    static func moveKeys(isEnabled: Bool) -> [Binding<MemoryScreen.Action>] {
        [
            .directions(hint: "move", hintKeys: "←↑↓→", help: "move the cursor (the focused frame) between cards",
                        helpKeys: "arrows  h j k l", isEnabled: isEnabled) { .board(.move($0)) },
            Binding(keys: [.home, .end], help: KeyHint("Home  End", "the cursor to the first or last card"),
                    isEnabled: isEnabled) { key in .board(key == .home ? .first : .last) },
        ]
    }

    /// Space and Enter: turn the card under the cursor.
    static func turnKey(isEnabled: Bool) -> Binding<MemoryScreen.Action> {
        Binding([.space, .enter], .board(.turn), hint: "turn", help: "turn the card under the cursor",
                isEnabled: isEnabled)
    }

    /// `r`: a new board.
    static func restartKey(isEnabled: Bool) -> Binding<MemoryScreen.Action> {
        Binding([.character("r")], .board(.restart), hint: "restart",
                help: "restart with a new board (asks first during a game)", isEnabled: isEnabled)
    }

    /// The card under a click at `point`.
    func action(at point: Point, in frame: Frame) -> Action? {
        layout(size: frame.size).cardIndex(at: point).map(Action.turnCard)
    }

    /// Move the cursor or turn a card (`restart` is the screen's: it deals with the
    /// session's seeds); a game that ends hands over its result, a new best against `bests`.
    mutating func perform(_ action: Action, in frame: Frame, bests: inout MemoryBests) -> [GameEffect] {
        switch action {
        case .move(let direction):
            if movedOn?.size != frame.size {
                movedOn = (frame.size, layout(size: frame.size))
            }
            if let next = movedOn?.layout.board.neighbour(of: cursor.index, toward: direction) {
                cursor.index = next
            }
            return []
        case .first, .last:
            cursor.jump(toEnd: action == .last, count: game.cards.count)
            return []
        case .turn:
            return turn(cursor.index, bests: &bests)
        case .turnCard(let index):
            guard game.cards.indices.contains(index) else { return [] }
            cursor.index = index
            return turn(index, bests: &bests)
        case .restart:
            return []
        }
    }

    /// Turn the card at `index` face up, and say what the turn did.
    private mutating func turn(_ index: Int, bests: inout MemoryBests) -> [GameEffect] {
        guard !game.isOver(now: now), game.cards.indices.contains(index) else { return [] }
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
                mismatchPause = MemoryPause(flipBackTime)
            }
        } else {
            note = .firstCard
        }
        return finishIfOver(bests: &bests)
    }

    // MARK: - Time

    /// Let `elapsed` seconds pass: a mismatch may turn back, and when the game ends, hand over its result.
    mutating func advance(by elapsed: Double, bests: inout MemoryBests) -> [GameEffect] {
        guard elapsed.isFinite, elapsed > 0 else { return [] }
        clock.advance(by: elapsed)
        let now = self.now
        if var pause = mismatchPause {
            if pause.isOver(after: now) {
                // At the moment it ran out, however late the tick: that is when their bonus stops.
                game.turnMismatchFaceDown(now: pause.endsAt ?? now)
                mismatchPause = nil
            } else {
                mismatchPause = pause
            }
        }
        if var found = foundPair {
            foundPair = found.pause.isOver(after: now) ? nil : found
        }
        return finishIfOver(bests: &bests)
    }

    /// End the last pair's show now (a key or click came first) and bring up the result.
    mutating func showResult(bests: inout MemoryBests) -> [GameEffect] {
        foundPair = nil
        return finishIfOver(bests: &bests)
    }

    /// Turn a mismatch that is face up back at once (a key or click came before its time ran out).
    mutating func turnMismatchBack() {
        guard mismatchPause != nil else { return }
        game.turnMismatchFaceDown(now: now)
        mismatchPause = nil
    }

    /// The effects of a game that has just ended: its score (once: the clock's `finish`) and
    /// a sound cue; `bests` keeps it when it is a new best of its level.
    ///
    /// A won game ends once its last pair has been on show.
    private mutating func finishIfOver(bests: inout MemoryBests) -> [GameEffect] {
        guard game.isOver(now: now), !isShowingLastPair, clock.finish() else { return [] }
        mismatchPause = nil  // an ended game's board stays as it ended
        foundPair = nil
        let kept = keptLevel
        isNewBest = bests.record(game.score, level: kept)
        var figures = MemoryFigures(level: kept, time: PlayClock.text(Double(shownTimeElapsed)), won: game.isWon,
                                    moves: game.moves, pairs: game.matchedPairs)
        figures.duration = Double(shownTimeElapsed)
        return [.record(game.score, figures), .sound(game.isWon ? .handWon : .handLost)]
    }

    // MARK: - The end, pictures, the cursor

    /// The game-over box's buttons, fullest names first: the first row that fits the box is shown.
    static let gameOverButtonNames = [
        ["Play again (r)", "Change level (c)", "Menu (m)"],
        ["Play again (r)", "Level (c)", "Menu (m)"],
        ["Replay", "Level (c)", "Menu"],
    ]

    /// The result of a finished game, for the shell's box: "New best" when it is one, and
    /// Play again (`r`, Enter), Change level (`c`) and Menu (`m`), named shorter when the
    /// box has no room for the full names.
    func gameOver(in frame: Frame) -> GameOver<MemoryScreen.Action>? {
        guard isGameOver else { return nil }
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

    /// The temple pictures of the board's picture cards at the height they are drawn on the
    /// cards of `frame`, each once, for the deck to keep scaled.
    func pictures(in frame: Frame, deck: DeckPictures) -> [ScaledPictures.Wanted] {
        guard let card = layout(size: frame.size).card(at: 0) else { return [] }
        var seen = Set<String>()
        return game.cards.compactMap { card -> (String, RGBAImage)? in
            guard let temple = card.content.temple, seen.insert(temple).inserted,
                  let original = deck.original(temple) else { return nil }
            return (temple, original)
        }.compactMap { temple, original -> ScaledPictures.Wanted? in
            MemoryBoardLayout.picturePixelHeight(original, onCard: card).map {
                ScaledPictures.Wanted(id: temple, original: original, pixelHeight: $0)
            }
        }
    }

    /// The first cell inside the card under the cursor while the game goes on.
    func cursorPosition(in frame: Frame) -> Point? {
        guard !game.isOver(now: now) else { return nil }
        return layout(size: frame.size).card(at: cursor.index).map { Box.inner(of: $0).origin }
    }
}
