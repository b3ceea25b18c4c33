import ArcadeCore
import ArcadeUI
import MemoryModel

/// Saving a game left in progress, and taking it up again.
extension MemoryScreen {
    /// The version of `MemorySave`; a change to it raises this, and older saves read as nil.
    private static let savedVersion = 1

    /// The board as the player left it, while a game is in progress ("score 12, 3 of 8 pairs").
    func savedState() -> GameSave? {
        guard isInProgress, let board else { return nil }
        let game = board.settledGame
        let saved = MemorySave(game: game, cursor: board.cursor.index, clock: board.clock, note: board.note,
                               level: board.level.name, symbols: board.symbolSet.name, choiceRow: chooser.row,
                               gamesStarted: gamesStarted, firstSeed: firstSeed, seeds: seeds)
        let summary = "score \(game.score), \(game.matchedPairs) of \(game.numberOfPairs) pairs"
        return SavedState.encode(saved, version: Self.savedVersion, summary: summary)
    }

    /// The board a `savedState()` describes; nil when `state` is not one (another version,
    /// or text that does not decode to a board of a level and symbols this screen has).
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(MemorySave.self, version: Self.savedVersion, from: state),
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
        bests = MemoryBests(context.bests, with: context.scores)
    }

    /// How the menu shows the best entry: `best 31 (Normal, 0:42)` or `best 9 (Hard, lost)`.
    /// An entry missing some figures (a hand-edited file) shows those it has.
    static func describeBest(_ entry: ScoreEntry) -> String {
        let figures = MemoryFigures(stored: entry.figures)
        let details = [figures.level, figures.won == false ? "lost" : figures.time].compactMap { $0 }
        return "best \(entry.score)" + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }
}

/// What a Memory game left in progress keeps: the board (every card's face, bonus clock and
/// the game clock, on the board's clock), the cursor, the note, the level and symbols, and
/// where the session's seeds are, so Restart deals the board it would have dealt. Its field
/// names are the saved game's JSON keys.
///
/// The moments the screen waits out are not kept but settled as the next key would
/// settle them: a mismatch on show is turned back at the moment of leaving (its bonus
/// clocks stop then), and a pair found on show has left the board. So a resumed board is
/// steady, and the time away never counts.
struct MemorySave: Codable {
    var game: MemoryScreen.Game
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
