/// A game of Set for friends at one table: up to eight players see the same cards, each selects
/// cards of their own, and the first to select a set takes it.
///
/// The table is the solo game's (`SetGame`, the same seed dealing the same cards): twelve
/// cards, a set taken is replaced from the deck in its places, and the game ends as the solo
/// game does, the deck empty and no set left. What friends add:
///
/// - **Seats.** Players sit down by name before the game starts (`seat`), at most
///   `maxPlayers`. A player whose connection is lost is away (`leave`), keeps the seat and the
///   score, and sits down again under the same name within `awayLimit` seconds.
/// - **Selections.** Each player's selection is their own (`Player.selection`), and every
///   player sees everyone's. Touching a selected card deselects it, free of charge.
/// - **Claims.** A player's third card is a claim, judged in the order the table receives
///   them: a set scores `SetGame.setReward` (+3) and its places are dealt again; three cards
///   that are not a set cost `SetGame.mismatchPenalty` (−4). A claim of cards another player
///   has just taken is too late (`Verdict.tooLate`) and costs nothing; a card taken leaves
///   every other selection, free.
/// - **Deal 3 more** is a vote (`askForMore`): the deal happens when more than half of the
///   players at the table ask; a set taken or a deal starts the votes again.
///
/// Time is an argument (seconds on any clock that only goes forward): the model keeps when the
/// game started and ended, and when each player went away. A value, `Codable` as a whole.
public struct SetFriendsGame: Equatable, Sendable, Codable {
    /// The most players at a table.
    public static let maxPlayers = 8
    /// How long an away player may take to sit down again and keep the seat, in seconds.
    public static let awayLimit: Double = 300

    /// A player at the table.
    public struct Player: Equatable, Sendable, Codable {
        /// The name the player sat down under (unique at the table).
        public let name: String
        /// Points: +3 per set taken, −4 per claim that was not a set.
        public internal(set) var score = 0
        /// Sets taken.
        public internal(set) var sets = 0
        /// The cards the player has selected (at most two between claims), in the order selected.
        public internal(set) var selection: [Card] = []
        /// The player asks for three more cards.
        public internal(set) var wantsMore = false
        /// When the player's connection was lost; nil while at the table.
        public internal(set) var awaySince: Double?

        public var isAway: Bool { awaySince != nil }
    }

    /// Where the game is: players sitting down, playing, or over.
    public enum Phase: String, Equatable, Sendable, Codable {
        case seating, playing, over
    }

    /// What sitting down came to.
    public enum SeatResult: Equatable, Sendable {
        /// Seated as player `index`.
        case seated(Int)
        /// An away player back in their seat `index`, with their score.
        case rejoined(Int)
        /// Every seat is taken.
        case full
        /// A player at the table has that name.
        case nameTaken
        /// The game has started: only away players may sit down again, in time; once it is
        /// over, nobody.
        case closed
    }

    /// What a player's third card came to.
    public enum Verdict: Equatable, Sendable, Codable {
        /// The three were a set: +3 to `player`, the cards replaced.
        case set(player: Int, cards: [Card])
        /// The three were not a set: −4 to `player`, the selection cleared.
        case notASet(player: Int, cards: [Card])
        /// The card touched had just been taken by another player: nothing is scored.
        case tooLate(player: Int)
    }

    /// The cards on the table and the deck (the solo game's; its own selection and score are not used).
    public private(set) var table: SetGame
    public private(set) var players: [Player] = []
    public private(set) var phase = Phase.seating
    /// When the game started and, once over, when it ended.
    public private(set) var startedAt: Double?
    public private(set) var endedAt: Double?
    /// The last claim judged, for every screen to show.
    public private(set) var lastVerdict: Verdict?

    /// A table dealt by `seed` (the same cards as a solo game of that seed).
    public init(seed: UInt64) {
        table = SetGame(seed: seed)
    }

    /// The players at the table now (not away).
    public var presentCount: Int { players.count { !$0.isAway } }

    /// Seconds played at `time`: from the start, to the end once over.
    public func elapsed(at time: Double) -> Double {
        guard let startedAt else { return 0 }
        return max(0, (endedAt ?? time) - startedAt)
    }

    /// Sit down as `name` at `time` (see `SeatResult`).
    public mutating func seat(_ name: String, at time: Double) -> SeatResult {
        if let index = players.firstIndex(where: { $0.name == name }) {
            guard let away = players[index].awaySince else { return .nameTaken }
            // Back in time to play on: once the game is over there is nothing to come back to.
            guard phase == .seating || (phase == .playing && time - away <= Self.awayLimit) else { return .closed }
            players[index].awaySince = nil
            return .rejoined(index)
        }
        guard phase == .seating else { return .closed }
        guard players.count < Self.maxPlayers else { return .full }
        players.append(Player(name: name))
        return .seated(players.count - 1)
    }

    /// Player `index`'s connection was lost at `time`: before the start the seat is given up,
    /// after it the player is away (selection and vote dropped, score kept).
    public mutating func leave(_ index: Int, at time: Double) {
        guard players.indices.contains(index), !players[index].isAway else { return }
        if phase == .seating {
            players.remove(at: index)
            return
        }
        players[index].awaySince = time
        players[index].selection = []
        players[index].wantsMore = false
        dealIfVoted(at: time)
    }

    /// Start the game at `time`, with everyone seated; false when it had started or nobody sits.
    @discardableResult
    public mutating func start(at time: Double) -> Bool {
        guard phase == .seating, !players.isEmpty else { return false }
        phase = .playing
        startedAt = time
        endIfOver(at: time)
        return true
    }

    /// Player `index` touches `card` at `time`: selects it, or deselects it when selected. The
    /// third card selected is a claim, judged now; nil when the touch claims nothing, and
    /// `tooLate` for a card another player's set has just taken off the table.
    public mutating func select(_ card: Card, by index: Int, at time: Double) -> Verdict? {
        guard phase == .playing, players.indices.contains(index), !players[index].isAway else { return nil }
        // A card no longer on the table was taken by another player just before this touch.
        guard table.board.contains(card) else { return .tooLate(player: index) }
        if let selected = players[index].selection.firstIndex(of: card) {
            players[index].selection.remove(at: selected)
            return nil
        }
        players[index].selection.append(card)
        guard players[index].selection.count == 3 else { return nil }
        return judge(claimOf: index, at: time)
    }

    /// Player `index` asks for three more cards at `time` (or takes the request back); the deal
    /// happens when more than half of the players at the table ask. True when cards were dealt.
    @discardableResult
    public mutating func askForMore(by index: Int, _ wants: Bool = true, at time: Double) -> Bool {
        guard phase == .playing, players.indices.contains(index), !players[index].isAway,
              table.canDealMore else { return false }
        players[index].wantsMore = wants
        return dealIfVoted(at: time)
    }

    /// The players by score, best first (ties in seat order), for the result.
    public var standings: [Player] {
        players.enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The names of the players with the best score, once the game is over.
    public var winners: [String] {
        guard phase == .over, let best = players.map(\.score).max() else { return [] }
        return players.filter { $0.score == best }.map(\.name)
    }

    private mutating func judge(claimOf index: Int, at time: Double) -> Verdict {
        let trio = players[index].selection
        players[index].selection = []
        let verdict: Verdict
        if SetGame.isSet(trio[0], trio[1], trio[2]) {
            table.take(trio)
            players[index].score += SetGame.setReward
            players[index].sets += 1
            for other in players.indices { players[other].selection.removeAll(where: trio.contains) }
            resetVotes()
            verdict = .set(player: index, cards: trio)
        } else {
            players[index].score -= SetGame.mismatchPenalty
            verdict = .notASet(player: index, cards: trio)
        }
        lastVerdict = verdict
        endIfOver(at: time)
        return verdict
    }

    /// Deal when more than half of those present ask; the last deal may end the game (the
    /// deck out, and no set among the cards).
    @discardableResult
    private mutating func dealIfVoted(at time: Double) -> Bool {
        let present = presentCount
        let asking = players.count { !$0.isAway && $0.wantsMore }
        guard present > 0, asking * 2 > present, table.canDealMore else { return false }
        table.dealThreeMore()
        resetVotes()
        endIfOver(at: time)
        return true
    }

    private mutating func resetVotes() {
        for index in players.indices { players[index].wantsMore = false }
    }

    private mutating func endIfOver(at time: Double) {
        guard phase == .playing, table.isOver else { return }
        phase = .over
        endedAt = time
    }
}
