import ArcadeCore
import ArcadeTestSupport
import ArcadeUI
import SetModel
import Testing

@testable import ArcadeApp

/// Set with friends on screen, with the network played by the test: a host's Set screen and
/// two players' screens, whose socket requests (`GameEffect.network`) the test carries from
/// one to the others as the runtime and the sockets would.
@Suite struct SetFriendsScreenTests {
    init() { prepareForDrawing() }

    private let frame = Frame(size: Size(width: 80, height: 23))

    /// Three arcades at one table: the host (seat 0) and two players; the host's connection
    /// `n` is player `n`'s.
    struct Table {
        var screens: [SetScreen]
        /// Every score each screen asked to keep.
        var recorded: [[GameEffect]] = [[], [], []]
        var time = 100.0
        var sent: [[UInt8]] = []

        init(seed: UInt64 = 7, names: [String] = ["Host", "Ann", "Bob"]) {
            screens = [SetScreen(context: GameContext(seed: seed, options: ["--host": "127.0.0.1:0", "--code": "ABC234",
                                                                           "--name": names[0]]))]
            for name in names.dropFirst() {
                screens.append(SetScreen(context: GameContext(seed: 99, options: ["--join": "127.0.0.1:7000", "--code": "abc234",
                                                                                  "--name": name])))
            }
        }

        /// Deliver `input` to screen `index` at the table's time, and carry out what it asks.
        mutating func deliver(_ event: NetworkInput.Event, to index: Int, connection: Int, in frame: Frame) {
            let effects = screens[index].update(.network(NetworkInput(connection: connection, event: event, time: time)), in: frame)
            carry(effects, from: index, in: frame)
        }

        /// Carry screen `index`'s effects: lines to the other end, closes as ends, scores kept.
        mutating func carry(_ effects: [GameEffect], from index: Int, in frame: Frame) {
            for effect in effects {
                switch effect {
                case .network(.send(let connection, let bytes)):
                    sent.append(bytes)
                    let line = Array(bytes.dropLast())
                    if index == 0 {
                        deliver(.line(line), to: connection, connection: 1, in: frame)
                    } else {
                        deliver(.line(line), to: 0, connection: index, in: frame)
                    }
                case .network(.close(let connection)):
                    if index == 0, screens.indices.contains(connection) {
                        deliver(.closed("the host closed it"), to: connection, connection: 1, in: frame)
                    } else if index != 0 {
                        deliver(.closed("the player left"), to: 0, connection: index, in: frame)
                    }
                case .recordScore:
                    recorded[index].append(effect)
                default:
                    break
                }
            }
        }

        /// The host listens; each player connects and is seated.
        mutating func open(in frame: Frame) {
            for index in screens.indices { _ = screens[index].start(in: frame) }
            deliver(.listening(port: 7000), to: 0, connection: 0, in: frame)
            for index in screens.indices.dropFirst() {
                deliver(.accepted, to: 0, connection: index, in: frame)
                deliver(.connected, to: index, connection: 1, in: frame)
            }
        }

        /// Screen `index` does `action`.
        mutating func perform(_ action: SetScreen.Action, by index: Int, in frame: Frame) {
            time += 0.5
            carry(screens[index].perform(action, in: frame), from: index, in: frame)
        }

        /// Play the game to its end: on each turn the player `claimant(turn)` gives takes the
        /// first set on the table; when there is none, Ann and Bob ask for three more.
        mutating func playToTheEnd(claimant: (Int) -> Int, in frame: Frame) throws {
            var turn = 0
            while game.phase == .playing {
                let board = game.table.board
                if let set = game.table.setsOnBoard().first {
                    let player = claimant(turn)
                    for card in set { perform(.selectPlace(try #require(board.firstIndex(of: card))), by: player, in: frame) }
                } else {
                    perform(.friends(.more), by: 1, in: frame)
                    perform(.friends(.more), by: 2, in: frame)
                }
                turn += 1
                try #require(turn < 200, "the game ends")
            }
        }

        /// The table as the host holds it.
        var game: SetFriendsGame { screens[0].friends!.host!.game }
    }

    @Test func aHostAndTwoPlayersPlayASeededGameToItsEndAndAgreeOnEveryScore() throws {
        var table = Table()
        table.open(in: frame)
        #expect(table.screens[0].text(in: frame).contains("Room code  ABC234"))
        #expect(table.screens[1].text(in: frame).contains("2 Ann (you)"))
        table.perform(.friends(.start), by: 0, in: frame)
        try table.playToTheEnd(claimant: { $0 % 3 }, in: frame)
        let scores = table.game.players.map(\.score)
        #expect(scores.reduce(0, +) == 3 * table.game.players.map(\.sets).reduce(0, +) && scores.allSatisfy { $0 > 0 })
        for (index, screen) in table.screens.enumerated() {
            let box = try #require(screen.gameOver(in: frame), "screen \(index) shows the result")
            let text = box.title + "\n" + box.message
            #expect(box.title == (index == 0 ? "You win!" : "Host wins"), "\(text)")
            for player in table.game.players {
                #expect(text.contains("\(player.name) \(player.score) (\(player.sets) sets)"), "screen \(index): \(text)")
            }
            guard case .recordScore(let score, let figures, let mode, _, _)? = table.recorded[index].first else {
                Issue.record("screen \(index) kept no result")
                continue
            }
            #expect(table.recorded[index].count == 1, "kept once")
            #expect(score == scores[index] && mode == "friends")
            #expect(figures["table"] == SetFriendsPage.standings(WireTable(table.game, at: 0)).map { "\($0.name) \($0.score)" }
                .joined(separator: ", "))
            #expect(figures["winner"] == table.game.winners.joined(separator: ", "))
        }
    }

    @Test func afterTheEndTheHostDealsANewTableForEveryoneStillThere() throws {
        var table = Table()
        table.open(in: frame)
        let start = try #require(table.screens[0].text(in: frame).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .first { $0.element.contains("[ Start (s) ]") })
        let column = try #require(start.element.range(of: "Start")).lowerBound.utf16Offset(in: start.element)
        #expect(table.screens[0].action(at: Point(x: column, y: start.offset), in: frame) == .friends(.start),
                "a click on Start starts")
        table.perform(.friends(.start), by: 0, in: frame)
        try table.playToTheEnd(claimant: { _ in 1 }, in: frame)
        #expect(table.screens[0].gameOver(in: frame)?.buttons.map(\.title) == ["New table (n)", "Menu (m)"])
        #expect(table.screens[1].gameOver(in: frame)?.message.contains("The host may deal a new table.") == true)
        table.perform(.friends(.newTable), by: 0, in: frame)
        #expect(table.game.phase == .seating && table.game.players.map(\.name) == ["Host", "Ann", "Bob"])
        #expect(table.screens[1].gameOver(in: frame) == nil && table.screens[1].text(in: frame).contains("2 Ann (you)"))
        table.perform(.friends(.start), by: 0, in: frame)
        #expect(table.game.table.board != SetFriendsGame(seed: 7).table.board, "dealt from the next seed")
        #expect(table.game.table.board == SetFriendsGame(seed: { var seeds = SeededGenerator(seed: 7); return seeds.next() }()).table.board)
        #expect(table.screens[2].text(in: frame).contains("3 Bob 0 (0) you"), "everyone starts again from 0")
        #expect(table.recorded.map(\.count) == [1, 1, 1])
    }

    @Test func timeKeepsThePlayersConnectedAndDropsTheSilent() {
        var table = Table()
        table.open(in: frame)
        table.perform(.friends(.start), by: 0, in: frame)
        // Ann's arcade ticks as it should and pings; Bob's is stopped and says nothing.
        for _ in 0..<20 {
            table.time += 1
            table.carry(table.screens[1].update(.tick(1), in: frame), from: 1, in: frame)
            table.carry(table.screens[0].update(.tick(1), in: frame), from: 0, in: frame)
        }
        #expect(table.sent.contains { String(decoding: $0, as: UTF8.self).contains("\"kind\":\"ping\"") }, "Ann pinged")
        let host = table.screens[0].text(in: frame)
        #expect(host.contains("2 Ann 0 (0)  3 Bob 0 (0) away"), "\(host)")
        #expect(table.screens[1].friends?.closedReason == nil, "Ann heard the host all along")
    }

    @Test func underHelpAQuestionOrTheTooSmallScreenATableKeepsTime() throws {
        var shell = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
        shell.open(.set, options: ["--host": "127.0.0.1:0", "--code": "ABC234"])
        shell.update(.network(NetworkInput(connection: 0, event: .listening(port: 7000), time: 50)))
        shell.update(.key(.character("?")))
        #expect(shell.text.contains("Set with friends") && shell.overlay == .help)
        #expect(shell.wantsTicks && shell.keepsTime, "the run loop ticks it under help, and when too small")
        shell.update(.tick(6))
        let page = try #require(shell.screen(as: SetScreen.self)?.friends)
        #expect(page.now == 56, "the table's time went on under help")
        var solo = TestShell(games: GameCatalog.games, size: Size(width: 80, height: 24), seed: { 1 })
        solo.open(.set)
        solo.update(.key(.space))
        solo.update(.key(.character("?")))
        #expect(!solo.wantsTicks && !solo.keepsTime, "a solo game's clock stands still under help")
    }

    @Test func aTableOnEveryInterfaceAsksFriendsForTheMachinesAddress() {
        var host = SetScreen(context: GameContext(seed: 1, options: ["--host": "0.0.0.0:7000", "--code": "ABC234"]))
        _ = host.update(.network(NetworkInput(connection: 0, event: .listening(port: 7000), time: 5)), in: frame)
        let text = host.text(in: frame)
        #expect(text.contains("arcade set --join ADDRESS:7000") && text.contains("--code ABC234 --name NAME")
                && !text.contains("--join 0.0.0.0"), "\(text)")
    }

    @Test func theLobbyNeedsRoomForEverySeatAndTheJoinCommand() {
        var table = Table(names: ["Host", "Ann", "Bob"])
        table.open(in: frame)
        let small = Frame(size: Size(width: 41, height: 12))
        #expect(!table.screens[0].fits(small), "the lobby's lines would be cut")
        #expect(table.screens[0].fits(frame))
        table.perform(.friends(.start), by: 0, in: frame)
        #expect(table.screens[0].minimumSize(in: small) == SetLayout.minimumSize(places: 12, theme: small.theme, near: small.size),
                "once the game is on, the table's own size")
    }

    @Test func theHostGoingToTheMenuFromTheResultTellsThePlayers() throws {
        var table = Table()
        table.open(in: frame)
        table.perform(.friends(.start), by: 0, in: frame)
        try table.playToTheEnd(claimant: { _ in 2 }, in: frame)
        #expect(table.screens[1].gameOver(in: frame)?.message.hasSuffix("The host may deal a new table.") == true)
        let box = try #require(table.screens[0].gameOver(in: frame))
        let menu = try #require(box.buttons.firstIndex { $0.title == "Menu (m)" })
        table.perform(box.actions[menu], by: 0, in: frame)
        let told = try #require(table.screens[1].gameOver(in: frame))
        #expect(told.message.hasSuffix("The host left the table.") && told.message.contains("3. Ann 0 (0 sets)"), "\(told.message)")
    }

    @Test func afterTheEndNobodyTakesASeatOver() throws {
        var table = Table()
        table.open(in: frame)
        table.perform(.friends(.start), by: 0, in: frame)
        try table.playToTheEnd(claimant: { _ in 1 }, in: frame)
        // Bob's arcade falls silent; someone with the code comes as Bob a minute later.
        table.time += 60
        table.screens.append(SetScreen(context: GameContext(seed: 1, options: ["--join": "127.0.0.1:7000", "--code": "ABC234",
                                                                              "--name": "Bob"])))
        table.deliver(.accepted, to: 0, connection: 3, in: frame)
        table.deliver(.connected, to: 3, connection: 1, in: frame)
        #expect(table.screens[3].gameOver(in: frame)?.title == "The table is closed")
        #expect(table.screens[2].friends?.closedReason == nil && !table.game.players[2].isAway, "the real Bob keeps his seat")
        #expect(table.recorded.map(\.count) == [1, 1, 1])
    }

    @Test func aPlayerBackOnANewConnectionBeforeTheOldOneFellSilentTakesTheSeatBack() {
        var table = Table()
        table.open(in: frame)
        table.perform(.friends(.start), by: 0, in: frame)
        // Ann's arcade is killed without a word; she starts it again at once: too soon.
        var again = SetScreen(context: GameContext(seed: 1, options: ["--join": "127.0.0.1:7000", "--code": "ABC234", "--name": "Ann"]))
        table.screens.append(again)
        table.deliver(.accepted, to: 0, connection: 3, in: frame)
        table.deliver(.connected, to: 3, connection: 1, in: frame)
        #expect(table.screens[3].gameOver(in: frame)?.message.contains("Ann is at the table already") == true)
        // Eleven seconds later (two pings unheard), the seat is hers again, with its score.
        again = SetScreen(context: GameContext(seed: 1, options: ["--join": "127.0.0.1:7000", "--code": "ABC234", "--name": "Ann"]))
        table.screens.append(again)
        table.time += 11
        table.deliver(.accepted, to: 0, connection: 4, in: frame)
        table.deliver(.connected, to: 4, connection: 1, in: frame)
        #expect(table.screens[4].text(in: frame).contains("2 Ann 0 (0) you"))
        #expect(table.game.players.map(\.isAway) == [false, false, false])
    }

    @Test func hostingFromTheChoiceDealsANewTableNotTheCardsOnScreen() {
        var screen = SetScreen(context: GameContext(seed: 3))
        _ = screen.update(.key(.character("g")), in: frame)
        _ = screen.update(.key(.character("6")), in: frame)
        _ = screen.update(.key(.enter), in: frame)
        _ = screen.update(.network(NetworkInput(connection: 0, event: .listening(port: 7000), time: 5)), in: frame)
        #expect(screen.friends?.host?.game.table.board != SetGame(seed: 3).board)
    }

    @Test func everyScreenShowsEachPlayersSelectionByNumberAndTheLastClaim() throws {
        var table = Table()
        table.open(in: frame)
        table.perform(.friends(.start), by: 0, in: frame)
        let board = table.game.table.board
        let miss = try #require(SetGame.firstMismatch(on: board))
        let annPlace = try #require(board.firstIndex(of: miss[0]))
        table.perform(.selectPlace(annPlace), by: 1, in: frame)
        let card = try #require(SetLayout(frame: frame, places: 12, style: .glyphs).cell(of: annPlace))
        for screen in table.screens {
            let rows = screen.text(in: frame).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(String(rows[card.maxY - 1]).contains(" 2 "), "Ann's number on the card's lower edge")
        }
        for card in miss.dropFirst() { table.perform(.selectPlace(try #require(board.firstIndex(of: card))), by: 1, in: frame) }
        #expect(table.screens[0].text(in: frame).contains("Ann: not a set, −4"))
        #expect(table.screens[1].text(in: frame).contains("You: not a set, −4"))
        #expect(table.screens[2].text(in: frame).contains("2 Ann -4 (0)"))
    }

    @Test func aPlayerWhoLeavesIsAwayAndTheHostLeavingClosesEveryTable() {
        var table = Table()
        table.open(in: frame)
        table.perform(.friends(.start), by: 0, in: frame)
        #expect(table.screens[2].isInProgress, "leaving a table in play asks first")
        #expect(table.screens[2].savedState() == nil && table.screens[0].savedState() == nil, "a table is never kept to resume")
        table.carry(table.screens[2].willLeave(), from: 2, in: frame)
        #expect(table.screens[0].text(in: frame).contains("3 Bob 0 (0) away"))
        table.carry(table.screens[0].willLeave(), from: 0, in: frame)
        let box = table.screens[1].gameOver(in: frame)
        #expect(box?.title == "The table is closed" && box?.message == "The host left the table.")
        #expect(table.screens[1].text(in: frame).contains("The host left the table."))
        #expect(!table.screens[1].isInProgress && !table.screens[1].wantsTicks)
    }

    @Test func aTableThatCannotBeReachedOrOpenedSaysWhy() {
        var joiner = SetScreen(context: GameContext(seed: 1, options: ["--join": "127.0.0.1:7000", "--code": "ABC234"]))
        #expect(joiner.start(in: frame) == [.network(.connect(host: "127.0.0.1", port: 7000, lineLimit: FriendsWire.hostLineLimit))])
        _ = joiner.update(.network(NetworkInput(connection: 0, event: .closed("connection refused"), time: 5)), in: frame)
        #expect(joiner.text(in: frame).contains("The table could not be reached: connection refused."))
        var host = SetScreen(context: GameContext(seed: 1, options: ["--host": "7000"]))
        #expect(host.start(in: frame) == [.network(.listen(host: "127.0.0.1", port: 7000, lineLimit: FriendsWire.playerLineLimit))])
        _ = host.update(.network(NetworkInput(connection: 0, event: .closed("address in use"), time: 5)), in: frame)
        #expect(host.text(in: frame).contains("The table could not be opened: address in use."))
    }

    @Test func theChoiceOfModeHostsOrJoinsWithFieldsThatTakeEveryLetter() {
        var screen = SetScreen(context: GameContext(seed: 3))
        _ = screen.update(.key(.character("g")), in: frame)
        _ = screen.update(.key(.character("7")), in: frame)
        #expect(screen.text(in: frame).contains("Join a table"))
        // q and ? are letters of a code here, not the shell's keys.
        #expect(screen.consumes(.character("q"), in: frame) && screen.consumes(.character("?"), in: frame))
        _ = screen.update(.key(.escape), in: frame)
        #expect(screen.text(in: frame).contains("[>7 Join a table<]"), "Esc goes back to the modes")
        _ = screen.update(.key(.enter), in: frame)
        for key in "k7mq?x" { _ = screen.update(.key(.character(key)), in: frame) }
        _ = screen.update(.key(.enter), in: frame)
        #expect(screen.text(in: frame).contains("The code is the six letters and digits the host shows."))
        _ = screen.update(.key(.backspace), in: frame)
        _ = screen.update(.key(.backspace), in: frame)
        for key in "p2" { _ = screen.update(.key(.character(key)), in: frame) }
        _ = screen.update(.key(.tab), in: frame)
        for _ in 0..<10 { _ = screen.update(.key(.backspace), in: frame) }
        for key in "Ζωή" { _ = screen.update(.key(.character(key)), in: frame) }
        let effects = screen.update(.key(.enter), in: frame)
        #expect(effects == [.network(.connect(host: "127.0.0.1", port: 7000, lineLimit: FriendsWire.hostLineLimit))])
        #expect(screen.friends?.setup == .join(address: "127.0.0.1", port: 7000, code: "K7MQP2", name: "Ζωή"))
        #expect(screen.text(in: frame).contains("Connecting to 127.0.0.1:7000"))
    }

    @Test func hostingFromTheChoiceOfModeDuringAGameAsksFirst() {
        var screen = SetScreen(context: GameContext(seed: 3))
        _ = screen.perform(.selectPlace(0), in: frame)
        _ = screen.update(.key(.character("g")), in: frame)
        _ = screen.update(.key(.character("6")), in: frame)
        let asked = screen.update(.key(.enter), in: frame)
        guard case .confirm(let question)? = asked.first else { Issue.record("no question: \(asked)"); return }
        #expect(question.question == "Open the table? This game will be lost. (y/n)" && question.action == .newGame)
        #expect(screen.friends == nil, "the game on the table stays until the answer")
        #expect(screen.confirmed(.newGame, in: frame)
                == [.network(.listen(host: "127.0.0.1", port: 7000, lineLimit: FriendsWire.playerLineLimit))])
        #expect(screen.friends?.isHosting == true)
    }

    @Test func theOptionsForATableAreCheckedAsTheyAreRead() throws {
        let all = GameCatalog.games
        #expect(try ArcadeCommandLine.parse(["set", "--join", "[::1]:7000", "--code", "abc234", "--name", "Ann"], games: all)
                == .run(ArcadeOptions(game: .set, gameOptions: ["--join": "[::1]:7000", "--code": "abc234", "--name": "Ann"])))
        #expect(throws: UsageError(message: "--join needs --code")) {
            try ArcadeCommandLine.parse(["set", "--join", "127.0.0.1:7000"], games: all)
        }
        #expect(throws: UsageError(message: "--code needs --host or --join")) {
            try ArcadeCommandLine.parse(["set", "--code", "ABC234"], games: all)
        }
        #expect(throws: UsageError(message: "--host and --daily cannot be used together")) {
            try ArcadeCommandLine.parse(["set", "--host", "7000", "--daily"], games: all)
        }
        for bad in ["70000", "host.example.org:7000", "::1:7000", ""] {
            #expect(throws: UsageError.self, "\(bad)") { try ArcadeCommandLine.parse(["set", "--host", bad], games: all) }
        }
        #expect(FriendsSetup.hostAddress("0.0.0.0:7000")! == ("0.0.0.0", 7000))
        #expect(FriendsSetup.joinAddress("localhost:7000")! == ("localhost", 7000))
    }
}

extension SetGame {
    /// The first three of `board`'s cards that are not a set.
    static func firstMismatch(on board: [SetCard?]) -> [SetCard]? {
        let cards = board.compactMap { $0 }
        for i in cards.indices { for j in cards.indices where j > i { for k in cards.indices where k > j {
            if !isSet(cards[i], cards[j], cards[k]) { return [cards[i], cards[j], cards[k]] }
        } } }
        return nil
    }
}
