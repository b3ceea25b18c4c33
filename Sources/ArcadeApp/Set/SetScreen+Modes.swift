import ArcadeUI
import SetModel

/// Starting the modes on the Set screen: from the choice of mode, a new game, the options.
extension SetScreen {
    /// Do `choice` in the choice of mode: move in it, close it, or start what it chose.
    mutating func choose(_ choice: SetModeChooser.Action) -> [GameEffect] {
        guard var open = chooser else { return [] }
        switch open.perform(choice) {
        case .open:
            chooser = open
        case .closed:
            chooser = nil
        case .start(let target):
            chooser = nil
            return begin(target)
        case .friends(let setup):
            chooser = nil
            guard isInProgress else { return openFriends(setup) }
            pendingFriends = setup
            return [.confirm(Confirmation(title: "Table for friends",
                                          question: "Open the table? This game will be lost. (y/n)", action: .newGame))]
        }
        return []
    }

    /// Start `target`, asking first when a game in progress would be lost. The day's
    /// puzzle already on the table goes on (starting it again would wipe its misses and time).
    mutating func begin(_ target: SetMode) -> [GameEffect] {
        if target == .daily, case .daily = page, day == dailyDay {
            table.say("The day's puzzle goes on: its misses and time stay.", "The puzzle goes on.")
            return []
        }
        if isInProgress {
            pendingMode = target
            pendingFriends = nil
            return [.confirm(.newGame)]
        }
        return start(target)
    }

    /// A new game of `target`, dealt from the seed that follows the table's game (the daily
    /// puzzle is the day's, `dailyDay`).
    mutating func start(_ target: SetMode) -> [GameEffect] {
        pendingMode = nil
        pendingFriends = nil
        switch target {
        case .classic:
            page = .classic(SetClassicPage(newGameOn: &table))
        case .daily:
            day = dailyDay
            page = .daily(SetDailyPage(day: day, result: keptDaily[day.text], table: &table))
        case .versus(let level):
            page = .versus(SetVersusPage(level: level, table: &table))
        case .friends:
            break  // a table is opened with its setup (`startFriends`)
        }
        return []
    }

    /// Open a table for friends as `setup` asks, dealt by `seed` (the game opens its socket
    /// with `start(in:)`, or at once when chosen on the screen: `openFriends`).
    mutating func startFriends(_ setup: FriendsSetup, seed: UInt64) {
        pendingMode = nil
        pendingFriends = nil
        var random = SystemRandomNumberGenerator()
        page = .friends(SetFriendsPage(setup: setup, seed: seed, code: PeerGuard.roomCode(using: &random)))
        table.cursor = GridCursor()
    }

    /// Open a table for friends from the screen (the choice of mode): its socket at once.
    mutating func openFriends(_ setup: FriendsSetup) -> [GameEffect] {
        // Dealt from the seed after the solo table's: the cards on screen are not the table's to come.
        startFriends(setup, seed: table.nextSeed)
        return friends?.open() ?? []
    }
}
