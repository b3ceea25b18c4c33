import ArcadeUI
import TempleModel

/// What a Temples game left half-way keeps: the match as it stood, where the player was in
/// it, the clock, and where the deck came from. Not the pictures: a resumed screen loads its
/// deck again, and the game's cards are found in it by their ids (the file names).
///
/// Its fields, in their order, are the saved game's JSON: a change of them raises `version`.
struct TempleSavedGame: Codable {
    /// The version of this form.
    static let version = 1

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

    /// The match on `page` as it stands (a mode switch still sliding is kept as finished).
    init(_ page: TempleMatchPage) {
        source = page.source
        game = page.game
        focus = page.focus
        pictureCursor = page.pictureCursor
        pictureScroll = page.pictureScroll
        nameSelection = page.names.selectedIndex
        nameScroll = page.names.scrollOffset
        nameHeight = page.names.visibleHeight
        status = page.status.wordings
        statusTail = page.status.tail
        clock = page.clock
    }

    /// What the resume offer says: "7 of 20 matched".
    var summary: String { "\(game.matchedCount) of \(game.totalCount) matched" }

    /// The names list with row `nameSelection` selected, `nameScroll` its first row shown
    /// and `nameHeight` rows showing at once.
    ///
    /// The list keeps its scroll to itself: selecting the last row of the view that starts
    /// at `nameScroll` scrolls there, and selecting a row that view shows keeps it.
    var namesList: ListView {
        let rows = game.remainingNames.map(\.name)
        let height = max(0, nameHeight)
        var list = ListView(rows: rows, selectedIndex: max(0, nameScroll) + max(1, height) - 1, visibleHeight: height,
                            showsMarker: true, selectedStyle: .plain)
        list.select(nameSelection)
        return list
    }
}
