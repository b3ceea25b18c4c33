import ArcadeCore
import ArcadeUI
import SetModel

/// Set with friends on the Set screen: a table hosted by this arcade (`FriendsHost`, which
/// holds the game) or joined at another's (`FriendsPlayer`, which shows the host's table).
///
/// The page asks the runtime for its sockets (`GameEffect.network`: listen or connect, then
/// send and close) and gets what they bring as input (`arrived`), each with the run loop's
/// time; ticks move that time on between inputs, for the clock, the pings and the silence
/// limits. Before the start every screen shows the lobby (the room code, the address, who is
/// seated; the host starts with `s`); then the table: the same cards in the same places on
/// every screen, each player's selection marked with their number and colour, the scores and
/// the clock on the status line, the last claim on the message line. The end is the solo
/// game's; each arcade keeps its own player's result under the mode `friends`.
struct SetFriendsPage {
    /// The table's own keys; the cards' are `SetScreen.Action`s.
    enum Action: Hashable, Sendable {
        /// The host starts the game with everyone seated.
        case start
        /// Ask for three more cards, or take the request back.
        case more
        /// The host deals a new table for everyone still there, after the end.
        case newTable
    }

    let setup: FriendsSetup
    /// The game's seed (the host deals from it; a new table, from the one after it).
    private(set) var seed: UInt64
    /// The room code a hosted table is opened with.
    let code: String
    /// The table hosted here, once listening.
    private(set) var host: FriendsHost?
    /// This arcade's seat at another's table, once connected.
    private(set) var player: FriendsPlayer?
    /// The port listened on (hosting), once known.
    private(set) var port: Int?
    /// The connection to the host (joining).
    private var connection: Int?
    /// The run loop's clock as last known: each network input carries it, ticks move it on.
    private(set) var now = 0.0
    /// When the last table arrived from the host, and its clock then (a joined table's clock
    /// runs on between tables).
    private var tableAt = 0.0
    /// Why this arcade's table is over before its end (the host left, a seat refused, no
    /// address to listen on); the result box says it.
    private(set) var closedReason: String?
    /// Whether this game's result was kept (once per game).
    private var recorded = false

    /// A table as `setup` asks, dealt from `seed`; `code` is the room code a hosted table
    /// gets when the setup names none (drawn by the caller from the system's random source).
    init(setup: FriendsSetup, seed: UInt64, code: String) {
        self.setup = setup
        self.seed = seed
        if case .host(_, _, _, let given?) = setup { self.code = given } else { self.code = code }
    }

    var isHosting: Bool {
        if case .host = setup { true } else { false }
    }

    /// The table every screen shows now: the host's game, or the last table the host sent.
    var table: WireTable? {
        if let host { return WireTable(host.game, at: now) }
        return player?.table
    }

    /// This arcade's seat at the table.
    var seat: Int? { isHosting ? (host == nil ? nil : 0) : player?.seat }

    /// The table's phase ("seating", "playing", "over"), read without building the table.
    var phase: String { host?.game.phase.rawValue ?? player?.table?.phase ?? "seating" }

    /// True while a game is being played at the table.
    var isPlaying: Bool { closedReason == nil && phase == "playing" }

    /// True when leaving would spoil something for others (leaving asks first): a game being
    /// played, or a hosted lobby with players seated.
    var isInProgress: Bool {
        isPlaying || (isHosting && closedReason == nil && phase == "seating" && (table?.players.count ?? 0) > 1)
    }

    /// Seconds played, as this screen shows them.
    var elapsed: Double {
        guard let table else { return 0 }
        if host != nil || table.phase != "playing" { return table.elapsed }
        return table.elapsed + max(0, now - tableAt)
    }

    // MARK: - Opening and leaving

    /// The requests that open the table: listen (hosting) or connect (joining).
    func open() -> [GameEffect] {
        switch setup {
        case .host(let address, let port, _, _):
            return [.network(.listen(host: address, port: port, lineLimit: FriendsWire.playerLineLimit))]
        case .join(let address, let port, _, _):
            return [.network(.connect(host: address, port: port, lineLimit: FriendsWire.hostLineLimit))]
        }
    }

    /// Leaving the table: the host tells everyone the game is over; a player says goodbye.
    mutating func leave() -> [GameEffect] {
        defer { closedReason = closedReason ?? "You left the table." }
        if var host {
            let outputs = host.end()
            self.host = host
            return Self.effects(outputs) + [.network(.closeAll)]
        }
        if var player, let connection, player.seat != nil {
            let bye = player.leave(at: now)
            self.player = player
            return [.network(.send(connection: connection, bytes: bye)), .network(.close(connection: connection))]
        }
        return [.network(.closeAll)]
    }

    // MARK: - The network and time

    /// What a connection brought.
    mutating func arrived(_ input: NetworkInput) -> [GameEffect] {
        now = max(now, input.time)
        guard closedReason == nil else { return [] }
        return isHosting ? hostArrived(input) : playerArrived(input)
    }

    /// `seconds` passed: the clock, the pings and the silence limits.
    mutating func advance(by seconds: Double) -> [GameEffect] {
        guard now > 0, closedReason == nil else { return [] }
        now += seconds
        if var host {
            let outputs = host.tick(at: now)
            self.host = host
            // A silent player dropped may leave the game to end (their vote gone, the last deal).
            return Self.effects(outputs) + recordIfOver()
        }
        if var player, let connection {
            let ping = player.tick(at: now)
            self.player = player
            return (ping.map { [.network(.send(connection: connection, bytes: $0))] } ?? []) + afterPlayerChange()
        }
        return []
    }

    private mutating func hostArrived(_ input: NetworkInput) -> [GameEffect] {
        switch input.event {
        case .listening(let port):
            self.port = port
            host = FriendsHost(seed: seed, code: code, hostName: setup.name, at: input.time)
            return []
        case .closed(let reason) where host == nil || input.connection == 0:
            closedReason = "The table could not be opened: \(reason)."
            return []
        default:
            break
        }
        guard var host else { return [] }
        let outputs: [FriendsHost.Output]
        switch input.event {
        case .accepted: outputs = host.accepted(input.connection, at: input.time)
        case .line(let line): outputs = host.received(line, from: input.connection, at: input.time)
        case .closed: outputs = host.closed(input.connection, at: input.time)
        case .listening, .connected: outputs = []
        }
        self.host = host
        return Self.effects(outputs) + recordIfOver()
    }

    private mutating func playerArrived(_ input: NetworkInput) -> [GameEffect] {
        switch input.event {
        case .connected:
            var player = FriendsPlayer(code: code(ofJoin: setup), name: setup.name, at: input.time)
            connection = input.connection
            let hello = player.connected(at: input.time)
            self.player = player
            return [.network(.send(connection: input.connection, bytes: hello))]
        case .line(let line) where input.connection == connection:
            player?.received(line, at: input.time)
            tableAt = now
        case .closed(let reason) where player == nil:
            closedReason = "The table could not be reached: \(reason)."
            return []
        case .closed(let reason) where input.connection == connection:
            player?.closed(reason)
        default:
            return []
        }
        return afterPlayerChange()
    }

    /// After the host spoke (or fell silent): the result kept at the end, the table closed
    /// when this player has left it.
    private mutating func afterPlayerChange() -> [GameEffect] {
        guard let player else { return [] }
        if case .left(let reason) = player.state {
            closedReason = reason
            return connection.map { [.network(.close(connection: $0))] } ?? []
        }
        return recordIfOver()
    }

    private func code(ofJoin setup: FriendsSetup) -> String {
        if case .join(_, _, let code, _) = setup { code } else { code }
    }

    /// The host's outputs as effects.
    private static func effects(_ outputs: [FriendsHost.Output]) -> [GameEffect] {
        outputs.map { output in
            switch output {
            case .send(let connection, let bytes): .network(.send(connection: connection, bytes: bytes))
            case .close(let connection): .network(.close(connection: connection))
            }
        }
    }

    // MARK: - Play

    /// The keys at the table: the host's start in the lobby; the cards and Deal 3 more in play.
    static let lobbyBindings: [Binding<SetScreen.Action>] = [
        Binding([.character("s")], .friends(.start), hint: "start", help: "start the game with everyone seated (the host)"),
    ]
    static let playBindings: [Binding<SetScreen.Action>] = SetScreen.cardBindings + [
        Binding([.character("d")], .friends(.more), hint: "deal 3",
                help: "ask for 3 more cards (again: take it back); dealt when more than half ask"),
        SetScreen.cardStyleBinding,
    ]

    func bindings() -> [Binding<SetScreen.Action>] {
        if closedReason != nil { return [] }
        switch phase {
        case "seating": return isHosting && host != nil ? Self.lobbyBindings : []
        case "playing": return Self.playBindings
        default: return []
        }
    }

    mutating func perform(_ action: Action) -> [GameEffect] {
        guard closedReason == nil else { return [] }
        switch action {
        case .start:
            return move(host: { $0.start(at: $1) }, player: { _, _ in nil })
        case .newTable:
            guard host?.game.phase == .over else { return [] }
            var generator = SeededGenerator(seed: seed)
            seed = generator.next()
            let next = seed
            return move(host: { $0.newTable(seed: next, at: $1) }, player: { _, _ in nil })
        case .more:
            guard let table, let seat, table.players.indices.contains(seat) else { return [] }
            let wants = !table.players[seat].more
            return move(host: { $0.askForMore(wants, at: $1) }, player: { $0.askForMore(wants, at: $1) })
        }
    }

    /// This player's touch on the card in `place`.
    mutating func select(at place: Int) -> [GameEffect] {
        guard closedReason == nil, phase == "playing", let table, table.board.indices.contains(place),
              let index = table.board[place], let card = FriendsWire.card(index) else { return [] }
        return move(host: { $0.select(card, at: $1) }, player: { $0.select(card, at: $1) })
    }

    /// A move now, as this arcade plays it: hosting, the game changes here (what the host
    /// sends goes out, and the result is kept at the end, or forgotten for a new table);
    /// joined, the player's line is sent to the host, once seated.
    private mutating func move(host hosting: (inout FriendsHost, Double) -> [FriendsHost.Output],
                               player playing: (inout FriendsPlayer, Double) -> [UInt8]?) -> [GameEffect] {
        let time = now
        if var host {
            let outputs = hosting(&host, time)
            self.host = host
            return Self.effects(outputs) + recordIfOver()
        }
        guard var player, let connection, let line = playing(&player, time) else { return [] }
        self.player = player
        return [.network(.send(connection: connection, bytes: line))]
    }

    /// At the end of the game, once: this player's result, with everyone's scores.
    private mutating func recordIfOver() -> [GameEffect] {
        if table?.phase == "seating" { recorded = false }  // a new table after the end
        guard !recorded, let table, table.phase == "over", let seat, table.players.indices.contains(seat) else { return [] }
        recorded = true
        let me = table.players[seat]
        var figures = SetFigures(sets: me.sets, time: PlayClock.text(table.elapsed), duration: table.elapsed)
        figures.mode = SetMode.friends.scoreMode
        figures.table = Self.standings(table).map { "\($0.name) \($0.score)" }.joined(separator: ", ")
        figures.winner = Self.winners(table).joined(separator: ", ")
        return [.record(me.score, figures)]
    }

    /// The players by score, best first (ties in seat order).
    static func standings(_ table: WireTable) -> [WireTable.Player] {
        table.players.enumerated().sorted {
            $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The names with the best score.
    static func winners(_ table: WireTable) -> [String] {
        guard let best = table.players.map(\.score).max() else { return [] }
        return table.players.filter { $0.score == best }.map(\.name)
    }
}

extension SetFriendsPage {
    /// The rules at a table for friends, for help, with `legend` (what the shapes mean).
    static func helpNotes(legend: String) -> [String] {
        [
            SetWording.rule + " Everyone sees the same cards; each player's selection is their own, marked on the "
                + "cards with the player's number (and colour).",
            "The first to select a set takes it: +\(SetGame.setReward), and the cards are replaced as in the solo game; "
                + "three that are not a set cost −\(SetGame.mismatchPenalty). A card someone else has just taken costs nothing.",
            "d asks for 3 more cards (again: takes it back); they are dealt when more than half of the players ask.",
            "A player whose connection is lost is away and may come back under the same name within five minutes. "
                + "When the host leaves, the game ends for everyone. The game ends as the solo game does.",
            legend,
        ]
    }
}
