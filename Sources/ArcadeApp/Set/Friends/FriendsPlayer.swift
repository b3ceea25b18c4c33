import ArcadeJSON
import SetModel

/// A player's side of a table for friends, joined over the network: the connection's state,
/// the numbering of what it sends, and the table as the host last sent it.
///
/// A pure value: the screen feeds it what the network brought and the time, and sends the
/// lines it returns. What the host sends is checked before it is shown (`WireTable.isSound`);
/// a host that sends something else, or nothing for `PeerGuard.silenceTimeout`, is left.
struct FriendsPlayer {
    /// Where the player is: connecting, waiting to be seated, seated, or left (and why).
    enum State: Equatable {
        case connecting
        case greeting
        case seated(Int)
        case left(String)
    }

    let code: String
    let name: String
    private(set) var state = State.connecting
    /// The table as the host last sent it.
    private(set) var table: WireTable?
    private var number = 0
    private var lastSent: Double
    private var lastHeard: Double

    /// A player `name` joining the room `code`, connecting since `time`.
    init(code: String, name: String, at time: Double) {
        self.code = code
        self.name = name
        lastSent = time
        lastHeard = time
    }

    /// The player's seat, once seated.
    var seat: Int? {
        switch state {
        case .seated(let seat): return seat
        default: return nil
        }
    }

    /// The connection opened: the hello to send.
    mutating func connected(at time: Double) -> [UInt8] {
        state = .greeting
        lastHeard = time
        return message(.hello, code: code, name: name, at: time)
    }

    /// A line from the host at `time`.
    mutating func received(_ line: [UInt8], at time: Double) {
        if case .left = state { return }  // what comes after leaving is not shown
        lastHeard = time
        guard let message = try? JSON.decode(HostMessage.self, from: line), message.v == FriendsWire.version else {
            state = .left("The host sent something this arcade cannot read.")
            return
        }
        switch message.kind {
        case .welcome:
            guard let seat = message.seat, (0..<SetFriendsGame.maxPlayers).contains(seat) else {
                state = .left("The host sent something this arcade cannot read.")
                return
            }
            state = .seated(seat)  // also when a player before this one gave the seat up
        case .refused:
            state = .left(message.reason.map(Self.shown) ?? "The host refused the seat.")
        case .ended:
            state = .left(message.reason.map(Self.shown) ?? "The host ended the game.")
        case .table:
            // The seat read from a copy of the state: reading it through `seat` here crashed the
            // optimizing compiler (a borrow of `state` across the assignment below).
            let current = state
            var fits = true
            if case .seated(let index) = current { fits = message.table.map { $0.players.indices.contains(index) } ?? false }
            guard let table = message.table, table.isSound, fits else {
                state = .left("The host sent a table this arcade cannot show.")
                return
            }
            self.table = table
        }
    }

    /// The connection closed at `time` (or could not be made), with `reason`.
    mutating func closed(_ reason: String) {
        if case .left = state { return }
        state = .left("The connection to the host was lost: \(reason).")
    }

    /// Time passed: a ping when the player has said nothing for a while; the host is left
    /// when it has said nothing for too long.
    mutating func tick(at time: Double) -> [UInt8]? {
        if case .left = state { return nil }
        if time - lastHeard > PeerGuard.silenceTimeout {
            state = .left("The host has not answered for \(Int(PeerGuard.silenceTimeout)) seconds.")
            return nil
        }
        guard seat != nil, time - lastSent >= PeerGuard.pingInterval else { return nil }
        return message(.ping, at: time)
    }

    /// The player touches the card at `index` of the full deck.
    mutating func select(_ card: Card, at time: Double) -> [UInt8]? {
        seat == nil ? nil : message(.select, card: FriendsWire.index(of: card), at: time)
    }

    /// The player asks for three more cards, or takes it back.
    mutating func askForMore(_ wants: Bool, at time: Double) -> [UInt8]? {
        seat == nil ? nil : message(.more, wants: wants, at: time)
    }

    /// The player leaves: the goodbye to send.
    mutating func leave(at time: Double) -> [UInt8] {
        let bye = message(.bye, at: time)
        state = .left("You left the table.")
        return bye
    }

    private mutating func message(_ kind: PlayerMessage.Kind, code: String? = nil, name: String? = nil,
                                  card: Int? = nil, wants: Bool? = nil, at time: Double) -> [UInt8] {
        defer { number += 1 }
        lastSent = time
        return FriendsWire.line(PlayerMessage(n: number, kind: kind, code: code, name: name, card: card, wants: wants))
    }

    /// A host's words as the screen may show them: printable, at most 200 characters.
    static func shown(_ words: String) -> String {
        String(words.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }
            .prefix(200).map(Character.init))
    }
}
