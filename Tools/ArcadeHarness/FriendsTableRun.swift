import Glibc

/// A Set table for friends played through to its end by wire clients, for tools and tests: a
/// real arcade hosts it in a pseudo-terminal (`arcade set --host 127.0.0.1:0`, the port read
/// off its lobby), `FriendsClient`s take seats, the host's `s` starts it, and the players play
/// a fixed strategy: in turn, each claims the first set on the table (`FriendsTable.firstSet`);
/// when there is none, every player asks for three more.
///
/// Each move waits for every player to see its outcome (the verdict, or the deal), so the game
/// played depends on the seed alone, and the time from a claim's third card sent to the last
/// player's table with the verdict is its latency (on the monotonic clock, every player's
/// socket and the host's terminal read in one `poll`, as they come).
public final class FriendsTableRun {
    /// A claim and its verdict, and how long it took to reach every player (seconds).
    public struct Claim: Sendable, CustomStringConvertible {
        public var seat: Int
        public var cards: [Int]
        public var wasSet: Bool
        public var latency: Double
        public var description: String { "seat \(seat) \(cards) \(wasSet ? "set" : "not a set")" }
    }

    public let host: PtyProcess
    public let port: Int
    public let code: String
    public private(set) var players: [FriendsClient] = []
    public private(set) var claims: [Claim] = []
    /// Deals of three more cards the players asked for.
    public private(set) var deals = 0
    /// Called after every move (a verdict or a deal every player has seen): what else a test
    /// does while the game goes on, paced by the game's progress.
    public var afterEachMove: (() -> Void)?
    /// Whether a claimant waits, after each of its first two cards, for every player to see it
    /// selected (as a player sees the card marked before pressing the next key); otherwise the
    /// three cards go back to back.
    public var pacesSelections = false
    /// Seconds any one wait may last before the run gives up.
    public var stepTimeout = 5.0

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The host started by `launcher` with `seed` and the room `code`, seated as "Host", once
    /// its lobby shows the port it listens on (within `timeout` seconds).
    public init(launcher: ArcadeLauncher, seed: UInt64, code: String, dataHome: String, timeout: Double = 10) throws {
        let host = try launcher.launch(["set", "--host", "127.0.0.1:0", "--code", code, "--name", "Host", "--seed", String(seed)],
                                       dataHome: dataHome, tracksGrid: true)
        self.host = host
        self.code = code
        var found: Int?
        _ = host.waitUntil(limit: timeout) {
            found = Self.port(onScreen: host.terminal.lines())
            return found != nil || !host.isRunning
        }
        guard let found else {
            _ = host.kill9()
            throw Failure("the host showed no address within \(timeout) s: \(host.tailDescription)")
        }
        port = found
    }

    /// The port on the lobby's line "Address    127.0.0.1:PORT".
    public static func port(onScreen lines: [String]) -> Int? {
        let label = "Address    127.0.0.1:"
        for line in lines {
            guard let range = line.range(of: label) else { continue }
            let digits = line[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let port = Int(digits), port > 0 { return port }
        }
        return nil
    }

    /// The host's screen, line by line.
    public var hostScreen: [String] {
        host.pump(timeout: 0)
        return host.terminal.lines()
    }

    /// Ends the host (SIGKILL if it is still running) and closes the players' connections.
    public func close() {
        for player in players { player.close() }
        if host.isRunning { _ = host.kill9() }
    }

    // MARK: - Seats and start

    /// A player for each of `names`, seated in that order (each waits for its seat).
    public func seat(_ names: [String]) throws {
        for name in names {
            let player = try FriendsClient(port: port)
            player.whileWaiting = { [unowned self] seconds in self.wait(timeout: seconds) { false } }
            guard let seat = player.join(code: code, name: name, timeout: stepTimeout) else {
                throw Failure("\(name) was not seated: \(player.refusal ?? "no answer")")
            }
            guard seat == players.count + 1 else { throw Failure("\(name) got seat \(seat), not \(players.count + 1)") }
            players.append(player)
        }
        // Every seated player has the table with everyone at it.
        guard wait(timeout: stepTimeout, { players.allSatisfy { $0.table?.players.count == names.count + 1 } }) else {
            throw Failure("the players never saw everyone seated")
        }
    }

    /// The host presses `s`; every player sees the game playing.
    public func start() throws {
        host.send(Keys.text("s"))
        guard wait(timeout: stepTimeout, { players.allSatisfy { $0.table?.phase == "playing" } }) else {
            throw Failure("the game did not start for every player: \(hostScreen.joined(separator: "\n"))")
        }
    }

    // MARK: - Play

    /// Whether every player's table says the game is over.
    public var isOver: Bool { players.allSatisfy { $0.table?.phase == "over" } }

    /// Plays until the game is over (or `claimLimit` claims have been made); throws when a
    /// move's outcome does not reach every player within `stepTimeout`.
    public func play(claimLimit: Int = .max) throws {
        var turn = claims.count
        while !isOver && claims.count < claimLimit {
            guard let table = players[0].table, table.phase == "playing" else {
                throw Failure("no table to play on: \(String(describing: players[0].table?.phase))")
            }
            if let set = table.firstSet {
                let claimant = players[turn % players.count]
                try claim(set, by: claimant)
                turn += 1
            } else {
                try dealMore(from: table)
            }
            afterEachMove?()
        }
    }

    private func claim(_ cards: [Int], by claimant: FriendsClient) throws {
        guard let seat = claimant.seat else { throw Failure("a player without a seat") }
        for card in cards.dropLast() {
            guard claimant.select(card) != nil else { throw Failure("seat \(seat) could not send: closed") }
            guard pacesSelections else { continue }
            let seen = wait(timeout: stepTimeout) {
                players.allSatisfy { $0.table.map { $0.players.indices.contains(seat) && $0.players[seat].selection.contains(card) } == true }
            }
            guard seen else { throw Failure("seat \(seat)'s selection of \(card) did not reach every player") }
        }
        var arrivals: [Double?] = players.map { _ in nil }
        var wasSet = false
        for (index, player) in players.enumerated() {
            player.onTable = { table, time in
                guard arrivals[index] == nil, table.showsClaim(by: seat, of: cards) else { return }
                arrivals[index] = time
                wasSet = table.claimWasSet == true
            }
        }
        defer { for player in players { player.onTable = nil } }
        guard let sent = claimant.select(cards[cards.count - 1]) else { throw Failure("seat \(seat) could not send: closed") }
        guard wait(timeout: stepTimeout, { arrivals.allSatisfy { $0 != nil } }) else {
            throw Failure("seat \(seat)'s claim of \(cards) reached \(arrivals.count { $0 != nil }) of \(players.count) players "
                          + "in \(stepTimeout) s")
        }
        let last = arrivals.compactMap { $0 }.max() ?? sent
        claims.append(Claim(seat: seat, cards: cards, wasSet: wasSet, latency: max(0, last - sent)))
    }

    private func dealMore(from table: FriendsTable) throws {
        let before = (table.deck, table.cards.count)
        for player in players {
            guard player.more(true) != nil else { throw Failure("seat \(player.seat ?? -1) could not ask for more: closed") }
        }
        let dealt = wait(timeout: stepTimeout) {
            players.allSatisfy { player in
                guard let now = player.table else { return false }
                return now.phase == "over" || (now.deck, now.cards.count) != before
            }
        }
        guard dealt else { throw Failure("three more were asked for and not dealt (deck \(before.0))") }
        deals += 1
    }

    // MARK: - Waiting

    /// Reads every player's socket and the host's terminal, as they come, until `condition`
    /// holds or `timeout` seconds pass; whether it held.
    @discardableResult
    public func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = monotonicNow() + timeout
        while true {
            if condition() { return true }
            let left = deadline - monotonicNow()
            if left <= 0 { return false }
            var descriptors = players.filter { !$0.isClosed }.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            if host.master >= 0 { descriptors.append(pollfd(fd: host.master, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&descriptors, nfds_t(descriptors.count), Int32(min(left, 0.05) * 1000) + 1)
            for player in players { player.pump(timeout: 0) }
            host.pump(timeout: 0)
        }
    }
}
