import ArcadeTestSupport
import Foundation
import SetModel
import Testing

/// Set with friends in pseudo-terminals, for the end-to-end tests: a host and its players,
/// each a real arcade (80×24, no colour, so each card writes its colour's name) with a store
/// of its own, all on the loopback interface; and what their screens show, read back as the
/// player reads it.
///
/// The cards are read off the screen (`FriendsScreen.cards`): each card's frame, its symbols
/// (the glyph repeated, one to three times) and its colour's name. A card is clicked in the
/// middle of its frame, wherever the layout put it.
struct FriendsScreen {
    /// A card as the screen shows it: where its frame is, what it is, whether its frame is
    /// double (selected by this screen's player), and the seats' numbers marked on its bottom edge.
    struct ShownCard: Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var card: Card
        var selected: Bool
        var marks: [Int]
        /// A cell inside the card's frame, for a click.
        var inside: (column: Int, row: Int) { (x + width / 2, y + 1) }
    }

    static let glyphs: [Character: (Card.Symbol, Card.Shading)] = [
        "▲": (.triangle, .solid), "◭": (.triangle, .striped), "△": (.triangle, .open),
        "●": (.circle, .solid), "◐": (.circle, .striped), "○": (.circle, .open),
        "■": (.square, .solid), "◧": (.square, .striped), "□": (.square, .open),
    ]
    static let colors: [String: Card.Color] = ["red": .red, "green": .green, "purple": .purple]

    /// Every card on `lines`, top to bottom and left to right.
    static func cards(in lines: [String]) -> [ShownCard] {
        let rows = lines.map(Array.init)
        func at(_ x: Int, _ y: Int) -> Character {
            rows.indices.contains(y) && rows[y].indices.contains(x) ? rows[y][x] : " "
        }
        var found: [ShownCard] = []
        for y in rows.indices {
            for x in rows[y].indices where rows[y][x] == "╭" || rows[y][x] == "╔" {
                let double = rows[y][x] == "╔"
                guard let right = rows[y][(x + 1)...].firstIndex(where: { $0 == "╮" || $0 == "╗" || $0 == "╭" || $0 == "╔" }),
                      rows[y][right] == (double ? "╗" : "╮"),
                      let bottom = ((y + 1)..<rows.count).first(where: { at(x, $0) == "╰" || at(x, $0) == "╚" })
                else { continue }
                let inner = ((y + 1)..<bottom).map { row in String(((x + 1)..<right).map { at($0, row) }) }
                let words = inner.flatMap { $0.split(separator: " ").map(String.init) }
                guard words.count >= 2, let colour = colors[words.last!] else { continue }
                let symbols = words.dropLast()
                guard let first = symbols.first?.first, let (symbol, shading) = glyphs[first],
                      symbols.allSatisfy({ $0 == String(first) }),
                      let number = Card.Number(rawValue: symbols.count) else { continue }
                let edge = String((x..<right).map { at($0, bottom) })
                let marks = edge.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                found.append(ShownCard(x: x, y: y, width: right - x + 1, height: bottom - y + 1,
                                       card: Card(number: number, symbol: symbol, shading: shading, color: colour),
                                       selected: double, marks: marks))
            }
        }
        return found
    }
}

/// A host and its players, each an arcade in a pseudo-terminal of its own.
final class ArcadesAtATable {
    static let code = "ABC234"
    let seed: UInt64
    let host: PtySession
    private(set) var players: [PtySession] = []
    /// Names by seat (the host first).
    private(set) var names: [String]
    private(set) var port = 0

    /// The arcades at 80×24 without colour (each card writes its colour's name).
    static let configuration = PtySession.Configuration(width: 80, height: 24, noColor: true)

    /// Opens a table as "Host" on 127.0.0.1 (any free port: read off the lobby) dealt by `seed`.
    init(seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        self.seed = seed
        names = ["Host"]
        host = try PtySession.arcade(["set", "--host", "127.0.0.1:0", "--code", Self.code, "--name", "Host", "--seed", "\(seed)"],
                                     configuration: Self.configuration)
        var found: Int?
        _ = await host.waitUntil("the lobby's address", sourceLocation: sourceLocation) { screen in
            found = Self.port(in: screen)
            return found != nil && screen.contains("Room code  \(Self.code)") && screen.contains("1 Host (you)")
        }
        port = try #require(found, "the host's lobby shows its address", sourceLocation: sourceLocation)
        // The players below join with the command the lobby gives.
        // (on two lines: the address, then the code and name)
        let lobby = host.capture(), join = joinArguments(name: "NAME")
        #expect(lobby.contains("  arcade \(join[0...2].joined(separator: " "))") && lobby.contains("      \(join[3...].joined(separator: " "))"),
                "\(host.capture())", sourceLocation: sourceLocation)
    }

    /// "Address    127.0.0.1:PORT" on the lobby.
    static func port(in screen: String) -> Int? {
        guard let range = screen.range(of: "Address    127.0.0.1:") else { return nil }
        let digits = screen[range.upperBound...].prefix { $0.isNumber }
        return Int(digits).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The join command's arguments, as the lobby gives it.
    func joinArguments(name: String, code: String = ArcadesAtATable.code) -> [String] {
        ["set", "--join", "127.0.0.1:\(port)", "--code", code, "--name", name]
    }

    /// Starts an arcade joining as `name` (in `dataHome` when given, else a store of its own).
    func launch(name: String, code: String = ArcadesAtATable.code, dataHome: URL? = nil) throws -> PtySession {
        var configuration = Self.configuration
        if let dataHome { configuration.environment["XDG_DATA_HOME"] = dataHome.path }
        return try PtySession.arcade(joinArguments(name: name, code: code), configuration: configuration)
    }

    /// `name` joins and is seated next: its screen says so, and the host's lobby lists it.
    @discardableResult
    func join(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> PtySession {
        let player = try launch(name: name)
        players.append(player)
        names.append(name)
        let seat = names.count
        #expect(await player.waitFor("Seated at 127.0.0.1:\(port). The host starts the game.", sourceLocation: sourceLocation),
                sourceLocation: sourceLocation)
        #expect(await player.waitFor("  \(seat) \(name) (you)", sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        #expect(await host.waitFor("  \(seat) \(name)", sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        return player
    }

    /// The arcade in each seat (the host's first).
    var sessions: [PtySession] { [host] + players }

    /// Arcades replaced by another in their seat, closed last (their folders hold the stores
    /// the new ones use).
    private var replaced: [PtySession] = []

    /// Puts `session` in `seat` (a player's arcade started again).
    func replace(seat: Int, with session: PtySession) {
        replaced.append(players[seat - 1])
        players[seat - 1] = session
    }

    /// The host starts the game; every screen shows the table `game` deals (started here too).
    func start(_ game: inout SetFriendsGame, sourceLocation: SourceLocation = #_sourceLocation) async {
        for name in names { _ = game.seat(name, at: 0) }
        game.start(at: 0)
        host.type("s")
        await waitUntilScreensShow(game, "the first twelve cards", sourceLocation: sourceLocation)
    }

    /// Ends every arcade still running (SIGKILL) and removes their folders.
    func close() {
        for session in sessions + replaced { session.close() }
    }

    // MARK: What the screens should show

    /// The players on the status line as `seat` sees them: "1 Host 0 (0)  2 Ann 3 (1) you  3 Bob -4 (0)".
    static func statusPlayers(_ game: SetFriendsGame, seat: Int) -> String {
        game.players.enumerated().map { index, player in
            "\(index + 1) \(player.name) \(player.score) (\(player.sets))" + (index == seat ? " you" : "") + (player.isAway ? " away" : "")
        }.joined(separator: "  ")
    }

    /// Whether `lines` (seat `seat`'s screen) show `game`: its players' scores and who is away,
    /// the deck, and the cards on the table (in whatever places the layout gives them).
    static func shows(_ game: SetFriendsGame, seat: Int, _ lines: [String]) -> Bool {
        guard let status = lines.first, status.hasPrefix(" " + statusPlayers(game, seat: seat) + "  "),
              status.contains("Deck \(game.table.deckCount)  ") else { return false }
        let shown = FriendsScreen.cards(in: lines)
        let board = game.table.board.compactMap { $0 }
        return shown.count == board.count && Set(shown.map(\.card)) == Set(board)
    }

    /// What the message line says after `claim` (the seat that claimed, and "SET! +3" or
    /// "not a set, −4"), as `seat` sees it: "You: SET! +3", "Ann: SET! +3".
    func message(_ claim: (seat: Int, text: String), seenBy seat: Int) -> String {
        (claim.seat == seat ? "You" : names[claim.seat]) + ": " + claim.text
    }

    /// Waits until the screens of `seats` (every seat unless given) show `game` (see `shows`),
    /// given a `claim` its verdict on the message line, and given `text` that text; then checks that each shows its
    /// cards in the same places as the first. Whether they all did.
    @discardableResult
    func waitUntilScreensShow(_ game: SetFriendsGame, _ what: String, seats: [Int]? = nil,
                              claim: (seat: Int, text: String)? = nil, also text: String? = nil,
                              timeout: Duration = .seconds(30),
                              sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let seats = seats ?? Array(sessions.indices)
        var all = true
        for seat in seats {
            let session = sessions[seat]
            let message = claim.map { self.message($0, seenBy: seat) }
            let shown = await session.waitUntil(
                "seat \(seat + 1) to show \(what): \"\(Self.statusPlayers(game, seat: seat))\", deck \(game.table.deckCount)"
                    + ([message, text].compactMap { $0 }.map { ", \"\($0)\"" }.joined()),
                timeout: timeout, sourceLocation: sourceLocation) { _ in
                let lines = session.lines()
                return Self.shows(game, seat: seat, lines) && message.map { lines.count > 1 && lines[1].contains($0) } ?? true
                    && text.map { session.capture().contains($0) } ?? true
            }
            all = all && shown
        }
        guard all, let first = seats.first else { return false }
        let places = FriendsScreen.cards(in: sessions[first].lines()).map { "\($0.x),\($0.y) \($0.card)" }
        for seat in seats.dropFirst() {
            let theirs = FriendsScreen.cards(in: sessions[seat].lines()).map { "\($0.x),\($0.y) \($0.card)" }
            #expect(theirs == places, "seat \(seat + 1) shows seat \(first + 1)'s cards in the same places (\(what))",
                    sourceLocation: sourceLocation)
        }
        return true
    }

    /// The card `card` on `session`'s screen, once shown.
    func shown(_ card: Card, on session: PtySession, sourceLocation: SourceLocation = #_sourceLocation) async throws -> FriendsScreen.ShownCard {
        var found: FriendsScreen.ShownCard?
        _ = await session.waitUntil("\(card) on screen", sourceLocation: sourceLocation) { _ in
            found = FriendsScreen.cards(in: session.lines()).first { $0.card == card }
            return found != nil
        }
        return try #require(found, sourceLocation: sourceLocation)
    }

    /// Clicks `card` on `session`'s screen (press, then release once read).
    func click(_ card: Card, on session: PtySession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try await shown(card, on: session, sourceLocation: sourceLocation)
        await session.click(column: shown.inside.column, row: shown.inside.row)
        await session.waitForInputRead()
    }

    /// The bytes of a whole click on `card`, press and release, to send at once.
    func clickBytes(_ card: Card, on session: PtySession, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let shown = try await shown(card, on: session, sourceLocation: sourceLocation)
        let (column, row) = (shown.inside.column + 1, shown.inside.row + 1)
        return "\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m"
    }
}
