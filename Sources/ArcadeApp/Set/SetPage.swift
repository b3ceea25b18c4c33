import ArcadeUI
import SetModel

/// The game on the Set screen: the classic game, the daily puzzle or the game against the
/// computer, each a page that plays on the screen's table (`SetTable`). Asks the page on
/// show for its keys, drawing, clicks, result and help, and gives it what it acts on.
enum SetPage {
    case classic(SetClassicPage)
    case daily(SetDailyPage)
    case versus(SetVersusPage)
    case friends(SetFriendsPage)

    /// Which Set this is.
    var mode: SetMode {
        switch self {
        case .classic: .classic
        case .daily: .daily
        case .versus(let versus): .versus(versus.match.level)
        case .friends: .friends
        }
    }

    /// The page's keys, in the order the key line and help list them.
    var bindings: [Binding<SetScreen.Action>] {
        switch self {
        case .classic: SetClassicPage.bindings
        case .daily: SetDailyPage.bindings
        case .versus: SetVersusPage.bindings
        case .friends(let friends): friends.bindings()
        }
    }

    /// The help overlay's title.
    var helpTitle: String {
        switch self {
        case .classic: "Set"
        case .daily(let daily): "Set: daily puzzle \(daily.day.text)"
        case .versus(let versus): "Set: versus the computer (\(versus.match.level.name))"
        case .friends: "Set with friends"
        }
    }

    /// The rules of the game for help, with `legend` (what the shapes mean).
    func helpNotes(legend: String) -> [String] {
        switch self {
        case .classic: SetClassicPage.helpNotes(legend: legend)
        case .daily: SetDailyPage.helpNotes(legend: legend)
        case .versus(let versus): versus.helpNotes(legend: legend)
        case .friends: SetFriendsPage.helpNotes(legend: legend)
        }
    }

    /// The saved game's line in the offer to resume it ("score 12").
    func saveSummary(_ table: SetTable) -> String {
        switch self {
        case .classic:
            "score \(table.game.score)"
        case .daily(let daily):
            "daily \(daily.day.text), \(daily.puzzle.found.count) of \(daily.puzzle.setCount) found"
        case .versus(let versus):
            "versus \(versus.match.level.rawValue), score \(table.game.score) to \(versus.match.computerScore)"
        case .friends:
            "a table for friends"  // never kept: a table is hosted or joined anew
        }
    }

    // MARK: - Layout and drawing

    /// Room for the cards at their smallest, plus the lines and buttons, in the shape
    /// nearest to the frame that needs the least room.
    func minimumSize(_ table: SetTable, in frame: Frame) -> Size {
        if case .daily = self { return SetDailyLayout.minimumSize(theme: frame.theme, near: frame.size) }
        if case .friends(let friends) = self {
            let table = SetLayout.minimumSize(places: friends.places, theme: frame.theme, near: frame.size)
            guard let lobby = friends.lobbySize else { return table }
            return Size(width: max(table.width, lobby.width), height: max(table.height, lobby.height))
        }
        return SetLayout.minimumSize(places: table.game.board.count, theme: frame.theme, near: frame.size)
    }

    func fits(_ table: SetTable, in frame: Frame) -> Bool {
        if case .daily = self { return SetDailyLayout.fits(frame.size, theme: frame.theme) }
        if case .friends(let friends) = self {
            return SetLayout.fits(frame.size, places: friends.places, theme: frame.theme)
                && friends.lobbySize.map(frame.size.covers) ?? true
        }
        return SetLayout.fits(frame.size, places: table.game.board.count, theme: frame.theme)
    }

    /// Where each place is, for the cursor.
    func positions(_ table: SetTable, in frame: Frame, style: SetCardStyle) -> [(row: Int, column: Int)?] {
        if case .daily = self { return SetDailyLayout(frame: frame, style: style).positions }
        if case .friends(let friends) = self { return friends.layout(in: frame, style: style).positions }
        return table.layout(in: frame, style: style).positions
    }

    /// Whether the cards in `frame` show the classic faces (the shapes are named after them).
    func showsFaces(_ table: SetTable, in frame: Frame, style: SetCardStyle) -> Bool {
        if case .daily = self { return SetDailyLayout(frame: frame, style: style).showsFaces(style, theme: frame.theme) }
        if case .friends(let friends) = self { return friends.layout(in: frame, style: style).showsFaces }
        return table.layout(in: frame, style: style).showsFaces
    }

    func render(_ table: SetTable, style: SetCardStyle, into grid: inout CellGrid) {
        switch self {
        case .classic(let classic): classic.render(table, style: style, into: &grid)
        case .daily(let daily): daily.render(table, style: style, into: &grid)
        case .versus(let versus): versus.render(table, style: style, into: &grid)
        case .friends(let friends): friends.render(cursor: table.cursor.index, style: style, into: &grid)
        }
    }

    /// The action of a click at `point`: a card, or a button.
    func action(at point: Point, table: SetTable, in frame: Frame, style: SetCardStyle) -> SetScreen.Action? {
        switch self {
        case .classic(let classic): classic.action(at: point, table: table, in: frame, style: style)
        case .daily(let daily): daily.action(at: point, in: frame, style: style)
        case .versus(let versus): versus.action(at: point, table: table, in: frame, style: style)
        case .friends(let friends): friends.action(at: point, in: frame, style: style)
        }
    }

    /// The first cell inside the card under the cursor, while the cards can be played.
    func cursorPoint(_ table: SetTable, in frame: Frame, style: SetCardStyle) -> Point? {
        if case .daily(let daily) = self { return daily.cursorPoint(table, in: frame, style: style) }
        if case .friends(let friends) = self { return friends.cursorPoint(table.cursor.index, in: frame, style: style) }
        return table.cursorPoint(in: frame, style: style)
    }

    /// The finished game's box (`today`: the day the arcade was opened).
    func gameOver(_ table: SetTable, in frame: Frame, today: CalendarDay) -> GameOver<SetScreen.Action>? {
        switch self {
        case .classic(let classic): classic.gameOver(table)
        case .daily(let daily): daily.gameOver(in: frame, today: today)
        case .versus(let versus): versus.gameOver(table)
        case .friends(let friends): friends.gameOver()
        }
    }

    // MARK: - Play

    /// Select or deselect the card in `place` (`faces`: the cards show the classic shapes;
    /// `scores`: the recorded ones, which a new best beats).
    mutating func select(at place: Int, table: inout SetTable, faces: Bool, scores: [ScoreEntry]) -> [GameEffect] {
        switch self {
        case .classic(var classic):
            defer { self = .classic(classic) }
            return classic.select(at: place, table: &table, faces: faces, scores: scores)
        case .daily(var daily):
            defer { self = .daily(daily) }
            return daily.select(at: place, table: &table, faces: faces)
        case .versus(var versus):
            defer { self = .versus(versus) }
            return versus.select(at: place, table: &table, faces: faces)
        case .friends(var friends):
            defer { self = .friends(friends) }
            return friends.select(at: place)
        }
    }

    /// Do a page's own `action`, when it is this page's.
    mutating func perform(_ action: SetScreen.Action, table: inout SetTable, scores: [ScoreEntry]) -> [GameEffect] {
        switch (self, action) {
        case (.classic(var classic), .classic(let own)):
            defer { self = .classic(classic) }
            return classic.perform(own, table: &table, scores: scores)
        case (.versus(var versus), .versus(let own)):
            defer { self = .versus(versus) }
            return versus.perform(own, table: &table)
        case (.friends(var friends), .friends(let own)):
            defer { self = .friends(friends) }
            return friends.perform(own)
        default:
            return []
        }
    }

    /// Time passed (`seconds`): the computer's turn, against it; at a table for friends, the
    /// clock, pings and silence limits.
    mutating func advance(by seconds: Double, table: inout SetTable) -> [GameEffect] {
        switch self {
        case .versus(var versus):
            defer { self = .versus(versus) }
            return versus.advance(table: &table)
        case .friends(var friends):
            defer { self = .friends(friends) }
            return friends.advance(by: seconds)
        case .classic, .daily:
            return []
        }
    }

    /// What a connection brought, to a table for friends.
    mutating func arrived(_ input: NetworkInput) -> [GameEffect] {
        guard case .friends(var friends) = self else { return [] }
        defer { self = .friends(friends) }
        return friends.arrived(input)
    }
}
