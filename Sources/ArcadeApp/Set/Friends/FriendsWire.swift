import ArcadeJSON
import SetModel

/// The wire of a Set table for friends: one JSON object per line, over TCP, between the host
/// (who holds the game) and each player.
///
/// Every message carries the protocol `version`; lines have a size cap on each side. A player
/// numbers its messages (`n`: 0 for `hello`, then one more each), so a message replayed, lost
/// or out of order is seen, and the host drops that connection. Cards travel as their place
/// in `SetGame.fullDeck` (0–80). Nothing here reads a socket or a clock: the host's and the
/// player's run loops feed lines and times in (`SocketNetwork` cuts the lines; `PeerGuard`,
/// `FriendsHost`, `FriendsPlayer`).
enum FriendsWire {
    /// The protocol version; a message of another version is refused.
    static let version = 1
    /// The longest line a player may send, newline included.
    static let playerLineLimit = 512
    /// The longest line the host may send, newline included (a table of 8 players and 21 cards
    /// is under 2 KiB).
    static let hostLineLimit = 8192

    /// The card at `index` of the full deck; nil outside 0–80.
    static func card(_ index: Int) -> Card? {
        SetGame.fullDeck.indices.contains(index) ? SetGame.fullDeck[index] : nil
    }

    /// The place of `card` in the full deck.
    static func index(of card: Card) -> Int {
        SetGame.fullDeck.firstIndex(of: card) ?? 0
    }

    /// `message` as one line: its JSON and a newline (JSON escapes every newline in a string).
    static func line(_ message: some Encodable) -> [UInt8] {
        ((try? JSON.encode(message, formatting: [.sortedKeys])) ?? []) + [UInt8(ascii: "\n")]
    }
}

/// What a player sends to the host.
struct PlayerMessage: Codable, Equatable {
    enum Kind: String, Codable {
        /// The first message: the room code and the player's name.
        case hello
        /// A touch on a card (`card`).
        case select
        /// Deal 3 more: asked (`wants` true) or taken back.
        case more
        /// Still here (sent when the player has said nothing for a while).
        case ping
        /// Leaving the table.
        case bye
    }

    var v = FriendsWire.version
    /// The message's number: 0 for `hello`, then one more for each message.
    var n: Int
    var kind: Kind
    var code: String?
    var name: String?
    var card: Int?
    var wants: Bool?
}

/// What the host sends to a player.
struct HostMessage: Codable, Equatable {
    enum Kind: String, Codable {
        /// Seated: `seat` is the player's place in `table.players`.
        case welcome
        /// Not seated (`reason`), and the connection closes.
        case refused
        /// The table as it is now (sent on every change, and now and then while nothing changes).
        case table
        /// The game is over for everyone because the host left (`reason`).
        case ended
    }

    var v = FriendsWire.version
    var kind: Kind
    var seat: Int?
    var reason: String?
    var table: WireTable?
}

/// The table as every player sees it.
struct WireTable: Codable, Equatable {
    struct Player: Codable, Equatable {
        var name: String
        var score: Int
        var sets: Int
        var selection: [Int]
        var more: Bool
        var away: Bool
    }

    /// "seating", "playing" or "over".
    var phase: String
    /// The cards in their places (nil: a place emptied once the deck is out).
    var board: [Int?]
    /// Cards left to deal.
    var deck: Int
    /// Seconds played.
    var elapsed: Double
    var players: [Player]
    /// The last claim: its player, its cards, and whether it was a set.
    var claimBy: Int?
    var claimCards: [Int]?
    var claimWasSet: Bool?

    /// The table of `game` at `time`.
    init(_ game: SetFriendsGame, at time: Double) {
        phase = game.phase.rawValue
        board = game.table.board.map { $0.map(FriendsWire.index(of:)) }
        deck = game.table.deckCount
        elapsed = game.elapsed(at: time)
        players = game.players.map {
            Player(name: $0.name, score: $0.score, sets: $0.sets, selection: $0.selection.map(FriendsWire.index(of:)),
                   more: $0.wantsMore, away: $0.isAway)
        }
        switch game.lastVerdict {
        case .set(let player, let cards)?: (claimBy, claimCards, claimWasSet) = (player, cards.map(FriendsWire.index(of:)), true)
        case .notASet(let player, let cards)?: (claimBy, claimCards, claimWasSet) = (player, cards.map(FriendsWire.index(of:)), false)
        case .tooLate?, nil: break
        }
    }

    /// Whether a table from the host is one a screen can show: a known phase, at most 8
    /// players with names as `PeerGuard.name` allows, cards 0–80, at most 81 places, a clock
    /// under 116 days, and a claim by one of its players.
    var isSound: Bool {
        ["seating", "playing", "over"].contains(phase) && board.count <= 81 && (0...81).contains(deck)
            && elapsed.isFinite && elapsed >= 0 && elapsed < 10_000_000
            && (claimBy.map { players.indices.contains($0) } ?? true) && (claimCards?.count ?? 0) <= 3
            && board.allSatisfy { $0.map { FriendsWire.card($0) != nil } ?? true }
            && players.count <= SetFriendsGame.maxPlayers
            && players.allSatisfy { player in
                PeerGuard.name(player.name) == player.name && player.selection.count <= 3
                    && player.selection.allSatisfy { FriendsWire.card($0) != nil }
            }
            && (claimCards ?? []).allSatisfy { FriendsWire.card($0) != nil }
    }
}
