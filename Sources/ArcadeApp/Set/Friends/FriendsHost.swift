import SetModel

/// The host's side of a table for friends: the game (`SetFriendsGame`), the room code, and
/// for each connection its guard (`PeerGuard`) and seat. The host plays too, in seat 0.
///
/// A pure value: the screen feeds it what the network brought (`accepted`, `received`,
/// `closed`), the host player's own touches, and the time (`tick`), and sends what it answers
/// (`Output`). Whatever one connection sends, the worst it can do is be dropped: the guard
/// judges every line before the game sees it, and the others' game goes on.
struct FriendsHost {
    /// What the host asks of the network.
    enum Output: Equatable {
        case send(connection: Int, [UInt8])
        case close(connection: Int)
    }

    /// A connection: its guard, its seat once seated, and when it opened.
    struct Peer {
        var guardian: PeerGuard
        var seat: Int?
        var openedAt: Double
    }

    /// The most connections not yet seated at once (a flood of connections waits its turn).
    static let waitingLimit = 16

    let code: String
    private(set) var game: SetFriendsGame
    private(set) var peers: [Int: Peer] = [:]
    /// Why connections were dropped, newest last (the host's lobby shows the last).
    private(set) var drops: [String] = []
    /// When the table was last sent to everyone (it is sent again every `PeerGuard.pingInterval`).
    private var lastSent: Double

    /// A table dealt by `seed`, with the room `code`, and the host seated as `name`.
    init(seed: UInt64, code: String, hostName: String, at time: Double) {
        self.code = code
        game = SetFriendsGame(seed: seed)
        _ = game.seat(hostName, at: time)
        lastSent = time
    }

    /// The table as every player sees it now, as a line.
    func tableLine(at time: Double) -> [UInt8] {
        FriendsWire.line(HostMessage(kind: .table, table: WireTable(game, at: time)))
    }

    // MARK: - The network

    /// A connection opened at `time`. With `waitingLimit` connections waiting already, the one
    /// waiting longest goes: a flood of idle connections cannot fill the table's doorway for
    /// good. (A player who says hello at once is greeted as its connection is accepted, see
    /// `SocketNetwork.serve`; one whose hello comes after a whole wave of connections may be
    /// turned away, and joins again.)
    mutating func accepted(_ connection: Int, at time: Double) -> [Output] {
        var outputs: [Output] = []
        let waiting = peers.filter { $0.value.seat == nil }
        if waiting.count >= Self.waitingLimit,
           let oldest = waiting.min(by: { ($0.value.openedAt, $0.key) < ($1.value.openedAt, $1.key) })?.key {
            outputs = drop(oldest, because: "too many connections waiting", at: time)
        }
        peers[connection] = Peer(guardian: PeerGuard(code: code, openedAt: time), seat: nil, openedAt: time)
        return outputs
    }

    /// `line` arrived from `connection` at `time`.
    mutating func received(_ line: [UInt8], from connection: Int, at time: Double) -> [Output] {
        guard var peer = peers[connection] else { return [] }
        switch peer.guardian.receive(line, at: time) {
        case .drop(let reason):
            peers[connection] = peer
            return drop(connection, because: reason, at: time)
        case .accept(let request):
            peers[connection] = peer
            return answer(request, from: connection, at: time)
        }
    }

    /// `connection` closed (or failed) at `time`: its player is away, or, before the start,
    /// gives the seat up (the players after it move up a seat, and are told so).
    mutating func closed(_ connection: Int, at time: Double) -> [Output] {
        guard let peer = peers.removeValue(forKey: connection) else { return [] }
        guard let seat = peer.seat else { return [] }
        let seating = game.phase == .seating
        game.leave(seat, at: time)
        var outputs: [Output] = []
        if seating {
            for (other, peer) in peers.sorted(by: { $0.key < $1.key }) {
                guard let later = peer.seat, later > seat else { continue }
                peers[other]?.seat = later - 1
                outputs.append(.send(connection: other, FriendsWire.line(HostMessage(kind: .welcome, seat: later - 1))))
            }
        }
        return outputs + broadcast(at: time)
    }

    /// Time passed: silent connections are dropped, and the table is sent again when nothing
    /// has been sent for a while (so players know the host is there).
    mutating func tick(at time: Double) -> [Output] {
        var outputs: [Output] = []
        for connection in peers.keys.sorted() {
            if let peer = peers[connection], let reason = peer.guardian.expired(at: time) {
                outputs += drop(connection, because: reason, at: time)
            }
        }
        if time - lastSent >= PeerGuard.pingInterval { outputs += broadcast(at: time) }
        return outputs
    }

    // MARK: - The host's own play

    /// The host starts the game at `time` with everyone seated.
    mutating func start(at time: Double) -> [Output] {
        game.start(at: time) ? broadcast(at: time) : []
    }

    /// The host touches `card`.
    mutating func select(_ card: Card, at time: Double) -> [Output] {
        _ = game.select(card, by: 0, at: time)
        return broadcast(at: time)
    }

    /// The host asks for three more cards (or takes it back).
    mutating func askForMore(_ wants: Bool, at time: Double) -> [Output] {
        game.askForMore(by: 0, wants, at: time)
        return broadcast(at: time)
    }

    /// After the end, a new table dealt by `seed` for everyone still connected: each sits down
    /// again in the order they sat (the host first) and is told the seat; the lobby opens again,
    /// for more to join, until the host starts. Nothing when the game is not over.
    mutating func newTable(seed: UInt64, at time: Double) -> [Output] {
        guard game.phase == .over else { return [] }
        let old = game
        game = SetFriendsGame(seed: seed)
        _ = game.seat(old.players[0].name, at: time)
        var outputs: [Output] = []
        for (connection, peer) in peers.sorted(by: { ($0.value.seat ?? .max, $0.key) < ($1.value.seat ?? .max, $1.key) }) {
            guard let seat = peer.seat, old.players.indices.contains(seat),
                  case .seated(let new) = game.seat(old.players[seat].name, at: time) else { continue }
            peers[connection]?.seat = new
            outputs.append(.send(connection: connection, FriendsWire.line(HostMessage(kind: .welcome, seat: new))))
        }
        return outputs + broadcast(at: time)
    }

    /// The host leaves: every player is told, and every connection closed.
    mutating func end() -> [Output] {
        let ended = FriendsWire.line(HostMessage(kind: .ended, reason: "The host left the table."))
        let connections = peers.keys.sorted()
        peers = [:]
        return connections.flatMap { [.send(connection: $0, ended), .close(connection: $0)] }
    }

    // MARK: - Private

    private mutating func answer(_ request: PlayerRequest, from connection: Int, at time: Double) -> [Output] {
        switch request {
        case .hello(let name):
            switch game.seat(name, at: time) {
            case .seated(let seat), .rejoined(let seat):
                // A player back under the same name takes the seat from a connection still open.
                for (other, peer) in peers where peer.seat == seat && other != connection { peers[other]?.seat = nil }
                peers[connection]?.seat = seat
                return [.send(connection: connection, FriendsWire.line(HostMessage(kind: .welcome, seat: seat)))]
                    + broadcast(at: time)
            case .full: return refuse(connection, "The table is full (8 players).")
            case .nameTaken:
                // The seat's own connection silent for two pings: its player lost it without the
                // host hearing, and is back on a new one (the old one goes, the player is away
                // for a moment, and sits down again with the score).
                if game.phase != .over,
                   let (old, _) = peers.first(where: { $0.key != connection && $0.value.seat.map { game.players[$0].name } == name }),
                   time - (peers[old]?.guardian.lastHeard ?? time) > 2 * PeerGuard.pingInterval {
                    return drop(old, because: "\(name) came back on a new connection", at: time)
                        + answer(request, from: connection, at: time)
                }
                return refuse(connection, "\(name) is at the table already: if that is you, join again in a few seconds; else choose another name.")
            case .closed where game.phase == .over:
                return refuse(connection, "The game is over: the host may deal a new table.")
            case .closed: return refuse(connection, "The game has started: only players who left may come back, within five minutes.")
            }
        case .select(let card):
            guard let seat = peers[connection]?.seat else { return [] }
            _ = game.select(card, by: seat, at: time)
            return broadcast(at: time)
        case .more(let wants):
            guard let seat = peers[connection]?.seat else { return [] }
            game.askForMore(by: seat, wants, at: time)
            return broadcast(at: time)
        case .ping:
            return []
        case .bye:
            return closed(connection, at: time) + [.close(connection: connection)]
        }
    }

    private mutating func refuse(_ connection: Int, _ reason: String) -> [Output] {
        peers[connection] = nil
        return [.send(connection: connection, FriendsWire.line(HostMessage(kind: .refused, reason: reason))),
                .close(connection: connection)]
    }

    /// Close `connection`, telling it why (a wrong room code is refused in words too).
    private mutating func drop(_ connection: Int, because reason: String, at time: Double) -> [Output] {
        drops = Array((drops + [reason]).suffix(20))
        let told = Output.send(connection: connection, FriendsWire.line(HostMessage(kind: .refused, reason: reason)))
        return [told] + closed(connection, at: time) + [.close(connection: connection)]
    }

    /// The table to every seated player.
    private mutating func broadcast(at time: Double) -> [Output] {
        lastSent = time
        let line = tableLine(at: time)
        return peers.filter { $0.value.seat != nil }.keys.sorted().map { .send(connection: $0, line) }
    }
}
