import ArcadeCore
import ArcadeUI
import MemoryModel

// MARK: - Saving

extension MemoryScreen {
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
        var note: MemoryBoardPage.Note
        /// `MemoryLevel.name` and `MemorySymbolSet.name`.
        var level: String
        var symbols: String
        var choiceRow: MemoryChooserPage.Row
        var gamesStarted: Int
        var firstSeed: UInt64
        var seeds: SeededGenerator
    }

    /// The version of `Saved`; a change to it raises this, and older saves read as nil.
    private static let savedVersion = 1

    /// The board as the player left it, while a game is in progress ("score 12, 3 of 8 pairs").
    func savedState() -> GameSave? {
        guard isInProgress, let board else { return nil }
        let game = board.settledGame
        let saved = Saved(game: game, cursor: board.cursor.index, clock: board.clock, note: board.note,
                          level: board.level.name, symbols: board.symbolSet.name, choiceRow: chooser.row,
                          gamesStarted: gamesStarted, firstSeed: firstSeed, seeds: seeds)
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
        chooser = MemoryChooserPage(level: level, symbolSet: symbolSet, row: saved.choiceRow)
        flipBackTime = Self.flipBackTime(in: context.settings)
        board = MemoryBoardPage(resuming: saved.game, cursor: saved.cursor, clock: saved.clock, note: saved.note,
                                level: level, symbolSet: symbolSet, flipBackTime: flipBackTime)
        bests = Self.bests(context.bests, with: context.scores)
    }

    /// How the menu shows the best entry: `best 31 (Normal, 0:42)` or `best 9 (Hard, lost)`.
    /// An entry missing some figures (a hand-edited file) shows those it has.
    static func describeBest(_ entry: ScoreEntry) -> String {
        let figures = MemoryFigures(stored: entry.figures)
        let details = [figures.level, figures.won == false ? "lost" : figures.time].compactMap { $0 }
        return "best \(entry.score)" + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }
}

// MARK: - Results and help

extension MemoryScreen {
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
        guard let board, board.isGameOver else { return nil }
        let game = board.game
        let won = game.isWon
        let result = won ? "You found all \(game.numberOfPairs) pairs."
                         : "\(game.matchedPairs) of \(game.numberOfPairs) pairs found."
        let moves = game.moves
        let figures = "Score \(game.score)\n\(moves) \(moves == 1 ? "move" : "moves") in \(PlayClock.text(Double(board.shownTimeElapsed)))"
        let best = board.isNewBest ? "\nNew best for \(board.keptLevel)!" : ""
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
}

// MARK: - The picture deck

extension MemoryScreen {
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
    mutating func askForTemplesIfChosen() -> [GameEffect] {
        guard chooser.symbolSet.isTemples else { return [] }
        return deck.ask(from: .builtIn)
    }

    /// Scale the pictures of the board's picture cards for the cards of `frame`, so drawing finds them made.
    mutating func rescale(in frame: Frame) {
        guard let game, let board, deck.hasPictures, MemoryLayout.showsPictures(in: frame.theme),
              let card = board.layout(size: frame.size).card(at: 0) else { return }
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
}
