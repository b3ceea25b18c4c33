import ArcadeUI
import SetModel

/// What a Set game left in progress keeps (`SetScreen.savedState()`): everything the table
/// shows and everything that decides what comes next (the game holds the deck still to
/// deal, in order, and the seed the next game is drawn from). Set has no animation or timed
/// change to settle.
struct SetSavedGame: Codable {
    var game: SetGame
    var cursor: Int
    var wordings: [String]
    var hinted: [SetCard]
    var hintedBoard: [SetCard?]
    var showsSetCount: Bool
    /// Only the time played: time away from the game is never counted.
    var clock: PlayClock
    /// The mode (nil in a save from before modes: classic), and a daily puzzle's game and day.
    var mode: SetMode?
    var daily: SetDailyGame?
    var day: CalendarDay?
    /// The game against the computer (its table is `game`).
    var versus: SetVersusGame?

    /// The version of this format; a change to it raises this, and older saves read as nil.
    static let version = 1

    /// Whether this is a table the screen could have left: the cursor on a place of the
    /// cards shown, a daily puzzle and its day exactly in daily mode, and a game against the
    /// computer exactly in versus mode, at its level, on the same table.
    var isValid: Bool {
        guard game.board.indices.contains(cursor), (mode == .daily) == (daily != nil && day != nil) else { return false }
        if let daily, !daily.cards.indices.contains(cursor) { return false }
        guard let versus else {
            if case .versus? = mode { return false }
            return true
        }
        return mode == .versus(versus.level) && versus.game == game
    }
}
