import ArcadeUI
import SlotModel

/// Two slot machines on two tabs: 3 digits and 5 digits, each with its own score.
///
/// Spin (Space, Enter, `s`, click) rolls the reels for about 0.8 s, stopping them
/// left to right, then names the payout, marks the reels of a win and updates the score.
/// Reset (`r`) puts the machine's score back to 100, asking first when it is above 100. Tab, ← →, `1`/`2` or a click switch machines; Home and
/// End go to the first and last.
struct SlotsScreen: GameScreen {
    /// What the player can do at the machines.
    enum Action: Hashable, Sendable {
        case spin, reset
        /// Tab and →, Shift-Tab and ←: the next or previous machine, wrapping around.
        case nextMachine, previousMachine
        /// A digit, Home or End, or a click on a tab: machine `index`.
        case machine(Int)
        /// End: the last machine.
        case lastMachine
    }

    /// What the line under a machine's reels says.
    enum Note: Hashable, Sendable, Codable {
        /// Before the first spin: how to spin.
        case prompt
        case spinning
        /// The last spin paid `amount` for `outcome`.
        case paid(Int, SlotOutcome)
        /// The last spin paid nothing.
        case noMatch
        case reset

        /// The wordings, fullest first, in the glyphs the terminal shows.
        func wordings(_ glyphs: Glyphs) -> [String] {
            let cost = SlotMachineGame.spinCost
            switch self {
            case .prompt: return ["Press Space to spin (costs \(cost)).", "Space spins (costs \(cost))."]
            case .spinning: return ["Spinning" + glyphs.ellipsis]
            case .paid(let amount, let outcome):
                let dash = glyphs.pick("—", ascii: "-")
                return ["+\(amount) \(dash) \(outcome)", "+\(amount) \(dash) \(SlotsScreen.shortName(of: outcome))"]
            case .noMatch: return ["No match. " + glyphs.pick("−", ascii: "-") + "\(cost)"]
            case .reset: return ["Score reset to \(SlotMachineGame.startingScore)."]
            }
        }
    }

    /// One machine and what the screen shows of it.
    struct Machine {
        var game: SlotMachineGame
        /// Seconds since the reels started rolling, while they roll.
        var rolling: Double?
        /// The score as shown: the cost is taken at the press, the payout when the reels stop.
        var shownScore: Int
        /// The line under the reels: the last payout, a reset. The drawing adds why Spin is
        /// disabled when it is.
        var note = Note.prompt
        /// The fullest wording of the line under the reels.
        var message: String { note.wordings(Glyphs(ascii: false)).first ?? "" }
        /// The highest score reached since the last reset, kept in the score store when above 100.
        var peak: Int
        /// Spins since the last reset.
        var spins = 0
        /// The best score since the last reset already kept in the score store (100 when none
        /// is), so a game resumed and left again keeps its best once, and only a higher one.
        var recordedPeak = SlotMachineGame.startingScore
        /// Resets so far: each starts a new run, whose best is kept apart from the last one's.
        var resets = 0

        init(digits: Int, seed: UInt64) {
            game = SlotMachineGame(digits, seed: seed)
            shownScore = game.score
            peak = shownScore
        }

        /// A machine as it was saved, its reels at rest.
        init(game: SlotMachineGame, note: Note, peak: Int, spins: Int, recordedPeak: Int, resets: Int) {
            self.resets = resets
            self.game = game
            shownScore = game.score
            self.note = note
            self.peak = peak
            self.spins = spins
            self.recordedPeak = recordedPeak
        }

        var label: String { "\(game.numberOfDigits)-digit" }
    }

    /// Reels roll this long; the last one stops at the end.
    static let spinDuration = 0.8
    /// The first reel stops this long after the press.
    static let firstStop = 0.35

    private(set) var machines: [Machine]
    private(set) var tabs = TabBar(titles: ["3-digit", "5-digit"], numbered: true)

    /// How fast the reels roll (the animations setting): off shows the result at once.
    private(set) var pace = AnimationPace.normal

    /// Two fresh machines; the 5-digit one's seed is derived from `seed` so both replay.
    init(seed: UInt64, settings: [String: String] = [:]) {
        machines = [
            Machine(digits: 3, seed: seed),
            Machine(digits: 5, seed: seed &+ 0x5107_5EED),
        ]
        pace = AnimationPace(settings: settings)
    }

    var current: Machine { machines[tabs.selectedIndex] }

    // MARK: - GameScreen

    func minimumSize(in frame: Frame) -> Size { Size(width: 36, height: 12) }
    var wantsTicks: Bool { current.rolling != nil }
    var isInProgress: Bool { machines.contains { $0.spins > 0 } }

    func bindings(in frame: Frame) -> [Binding<Action>] { Self.bindings }

    /// Every key; none changes with the game (Spin disabled is said on the line under the reels).
    static let bindings: [Binding<Action>] = [
        Binding([.space, .enter, .character("s")], .spin, hint: "spin", help: "spin (costs \(SlotMachineGame.spinCost))",
                helpKeys: "Space Enter s"),
        Binding([.character("r")], .reset, hint: "reset", help: "reset this machine's score to \(SlotMachineGame.startingScore) (asks first above it)"),
        Binding(keys: [.tab, .right, .backTab, .left], hint: KeyHint("Tab", "machine"),
                help: KeyHint("Tab ← → 1 2", "switch between the 3- and 5-digit machine")) { key in
            key == .tab || key == .right ? .nextMachine : .previousMachine
        },
        .digits(1...2) { .machine($0 - 1) },
        Binding(keys: [.home, .end], help: KeyHint("Home End", "the first or last machine")) { key in
            key == .home ? .machine(0) : .lastMachine
        },
        .note("click", "a tab or a button"),
    ]

    var helpTitle: String { "Slots" }

    func helpNotes(in frame: Frame) -> [String] {
        [3, 5].map { digits in
            "\(digits)-digit pays +\(SlotOutcome.jackpot.amount(forDigitCount: digits)) when all digits "
                + "and colours match, +\(SlotOutcome.allDigits.amount(forDigitCount: digits)) when all digits "
                + "match, +\(SlotOutcome.allColors.amount(forDigitCount: digits)) when all colours match."
        } + [
            "Each spin costs \(SlotMachineGame.spinCost). Each machine keeps its own score; "
                + "the best each reaches above \(SlotMachineGame.startingScore) is saved.",
        ]
    }

    func action(at point: Point, in frame: Frame) -> Action? {
        let layout = SlotsLayout(frame: frame, digits: current.game.numberOfDigits)
        if let tab = tabs.index(at: point, in: layout.tabBar) { return .machine(tab) }
        return buttons.action(at: point, in: layout.buttons)
    }

    mutating func perform(_ action: Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .spin:
            spin()
        case .reset:
            return askToReset()
        case .nextMachine:
            switchTab(to: (tabs.selectedIndex + 1) % machines.count)
        case .previousMachine:
            switchTab(to: (tabs.selectedIndex + machines.count - 1) % machines.count)
        case .machine(let index):
            switchTab(to: index)
        case .lastMachine:
            switchTab(to: machines.count - 1)
        }
        return []
    }

    mutating func advance(by seconds: Double, in frame: Frame) -> [GameEffect] {
        let index = tabs.selectedIndex
        guard let rolling = machines[index].rolling else { return [] }
        // Fast rolls the same frames in half the time.
        let now = pace.factor > 0 ? rolling + seconds / pace.factor : Self.spinDuration
        if now >= Self.spinDuration {
            finishSpin(of: index)
        } else {
            machines[index].rolling = now
        }
        return []
    }

    mutating func willLeave() -> [GameEffect] {
        settle()
        var effects: [GameEffect] = []
        for index in machines.indices { effects += recordPeak(of: index) }
        return effects
    }

    // MARK: - Saving

    /// What a saved game is: both machines at rest and the machine on screen.
    private struct Saved: Codable {
        struct Machine: Codable {
            var game: SlotMachineSnapshot
            var note: Note
            var peak: Int
            var spins: Int
            var recordedPeak: Int
            /// Absent from saves written before runs were kept apart.
            var resets: Int?
        }

        var machines: [Machine]
        var selected: Int
    }

    /// The most resets a machine counts (an edited save could hold any number).
    private static let mostResets = 1 << 40

    /// The saved form's version; raise it when `Saved` changes.
    private static let savedVersion = 1

    /// The game as leaving leaves it: reels still rolling are stopped (the spin is already
    /// paid for and drawn, so it counts as finished), and each machine's best counts as
    /// kept, because leaving keeps it (`willLeave`), whichever the shell does first.
    func savedState() -> GameSave? {
        guard isInProgress else { return nil }
        var left = self
        _ = left.willLeave()
        let saved = Saved(
            machines: left.machines.map { machine in
                Saved.Machine(game: machine.game.snapshot, note: machine.note, peak: machine.peak,
                              spins: machine.spins, recordedPeak: machine.recordedPeak, resets: machine.resets)
            },
            selected: left.tabs.selectedIndex)
        let summary = left.machines.map { "\($0.label) \($0.shownScore)" }.joined(separator: ", ")
        return SavedState.encode(saved, version: Self.savedVersion, summary: summary)
    }

    /// The game `state` (from `savedState()`) describes, going on as it would have; nil when
    /// it does not decode or is not a 3- and a 5-digit machine the rules could reach.
    init?(restoring state: String, context: GameContext) {
        guard let saved = SavedState.decode(Saved.self, version: Self.savedVersion, from: state),
              saved.machines.count == 2, (0..<2).contains(saved.selected) else { return nil }
        var machines: [Machine] = []
        for (stored, digits) in zip(saved.machines, [3, 5]) {
            guard let game = SlotMachineGame(restoring: stored.game), game.numberOfDigits == digits,
                  stored.spins >= 0, stored.peak >= max(game.score, SlotMachineGame.startingScore),
                  stored.recordedPeak >= SlotMachineGame.startingScore, stored.recordedPeak <= stored.peak
            else { return nil }
            machines.append(Machine(game: game, note: stored.note, peak: stored.peak, spins: stored.spins,
                                    recordedPeak: stored.recordedPeak,
                                    resets: min(max(0, stored.resets ?? 0), Self.mostResets)))
        }
        self.machines = machines
        tabs.select(saved.selected)
        pace = AnimationPace(settings: context.settings)
    }

    // MARK: - Actions

    private mutating func spin() {
        let index = tabs.selectedIndex
        guard machines[index].rolling == nil else { return }  // a press mid-roll does not spin twice
        guard machines[index].game.canSpin else { return }  // the line already says why
        machines[index].shownScore = machines[index].game.score - SlotMachineGame.spinCost
        machines[index].game.spin()
        machines[index].spins += 1
        machines[index].rolling = 0
        machines[index].note = .spinning
        if pace == .off { finishSpin(of: index) }
    }

    /// Reset, asked first when the machine has more than it started with (`Confirmation.resetScore`).
    private mutating func askToReset() -> [GameEffect] {
        settle()
        guard current.game.score <= SlotMachineGame.startingScore else { return [.confirm(.resetScore)] }
        return reset()
    }

    /// The player said yes to the reset Reset asked about.
    mutating func confirmed(_ action: Confirmation.Action, in frame: Frame) -> [GameEffect] {
        switch action {
        case .newGame: return reset()
        }
    }

    private mutating func reset() -> [GameEffect] {
        let index = tabs.selectedIndex
        settle()
        let effects = recordPeak(of: index)
        machines[index].game.reset()
        machines[index].shownScore = machines[index].game.score
        machines[index].peak = machines[index].shownScore
        machines[index].recordedPeak = SlotMachineGame.startingScore
        machines[index].resets = min(machines[index].resets + 1, Self.mostResets)
        machines[index].spins = 0
        machines[index].note = .reset
        return effects
    }

    private mutating func switchTab(to tab: Int) {
        settle()
        tabs.select(tab)
    }

    /// Stop any rolling reels at once (leaving, switching, resetting).
    private mutating func settle() {
        for index in machines.indices where machines[index].rolling != nil { finishSpin(of: index) }
    }

    private mutating func finishSpin(of index: Int) {
        let game = machines[index].game
        machines[index].rolling = nil
        machines[index].shownScore = game.score
        machines[index].peak = max(machines[index].peak, game.score)
        if let outcome = game.lastOutcome, outcome != .nothing {
            machines[index].note = .paid(game.lastPayout ?? 0, outcome)
        } else {
            machines[index].note = .noMatch
        }
    }

    /// A payout's name in fewer words, for the narrowest screens.
    fileprivate static func shortName(of outcome: SlotOutcome) -> String {
        outcome == .jackpot ? "digits and colours match" : "\(outcome)"
    }

    /// The best score machine `index` reached, to keep: only when it went above the start,
    /// or every session would record a "best" of 100, and above what is already kept of
    /// this run (since the last reset), or leaving a resumed game would keep the same best
    /// twice.
    private mutating func recordPeak(of index: Int) -> [GameEffect] {
        let machine = machines[index]
        guard machine.spins > 0, machine.peak > machine.recordedPeak else { return [] }
        machines[index].recordedPeak = machine.peak
        return [.record(machine.peak, SlotsFigures(machine: machine.label, spins: machine.spins,
                                                   run: "\(machine.label) \(machine.resets)"))]
    }

    /// Why Spin is disabled, fullest first.
    private static func needPointsWordings(_ glyphs: Glyphs) -> [String] {
        ["Need \(SlotMachineGame.spinCost) points to spin \(glyphs.pick("—", ascii: "-")) press r to reset.",
         "Need \(SlotMachineGame.spinCost) points: press r to reset."]
    }

    /// The line under the reels, fullest wording first: the note, followed when Spin is
    /// disabled by why, or only why when both do not fit; green for a payout, yellow when
    /// Spin is disabled.
    func messageLine(for machine: Machine, glyphs: Glyphs) -> StatusLine {
        let note = machine.note.wordings(glyphs)
        if machine.rolling != nil { return StatusLine(note, tone: .quiet) }
        let tone: StatusLine.Tone
        if case .paid = machine.note { tone = .good } else { tone = machine.game.canSpin ? .plain : .warning }
        guard !machine.game.canSpin else { return StatusLine(note, tone: tone) }
        let reasons = Self.needPointsWordings(glyphs)
        return StatusLine(note.flatMap { wording in reasons.map { wording + "  " + $0 } } + reasons, tone: tone)
    }

    // MARK: - Drawing

    var buttons: ActionButtons<Action> {
        let canSpin = current.game.canSpin && current.rolling == nil
        return ActionButtons([
            (Button("Spin", hotKey: .character("s"), isEnabled: canSpin), .spin),
            (Button("Reset", hotKey: .character("r")), .reset),
        ], spacing: 2, alignment: .left)
    }

    func render(into grid: inout CellGrid) {
        let machine = current
        let layout = SlotsLayout(frame: grid.frame, digits: machine.game.numberOfDigits)
        tabs.draw(into: &grid, in: layout.tabBar)

        let won = Self.showsWin(machine)
        for (reel, frame) in layout.reels.enumerated() {
            drawReel(reel, of: machine, in: frame, scale: layout.scale, won: won, into: &grid)
        }
        messageLine(for: machine, glyphs: Glyphs(theme: grid.theme)).draw(into: &grid, in: layout.message)
        let buttons = self.buttons
        buttons.draw(into: &grid, in: layout.buttons)
        let score = layout.buttons.columns([.fixed(buttons.row.width), .fixed(SlotsLayout.scoreGap), .flexible])[2]
        StatusLine("Score: \(machine.shownScore)", tone: .strong).draw(into: &grid, in: score)
        if let table = layout.table {
            drawPayoutTable(for: machine.game.numberOfDigits, in: table, into: &grid)
        }
    }

    /// Whether `machine`'s reels show a win: they have stopped on a row that paid, until the
    /// next spin or a reset. Every payout is the whole row matching, so every reel is marked.
    static func showsWin(_ machine: Machine) -> Bool {
        guard machine.rolling == nil, case .paid = machine.note else { return false }
        return true
    }

    /// The frame of a reel that is part of a win: doubled, in the colour of marks, with a star
    /// on its top edge, so the win shows on the reels themselves, without colour too.
    private static let winFrame = Style(foreground: .role(.highlight), bold: true)

    private func drawReel(_ reel: Int, of machine: Machine, in frame: Rect, scale: BigDigit.Scale, won: Bool,
                          into grid: inout CellGrid) {
        let (digit, color, stopped) = shown(reel, of: machine)
        let style = Style(foreground: Self.terminalColor(color), bold: true)
        if won {
            Box(style: .double, frameStyle: Self.winFrame).draw(into: &grid, in: frame)
            let star = Glyphs(theme: grid.theme).pick("★", ascii: "*")
            grid.write(star, at: Point(x: frame.x + frame.width / 2, y: frame.y), style: Self.winFrame)
        } else {
            Box(style: .rounded, frameStyle: stopped ? style : .dim).draw(into: &grid, in: frame)
        }
        let digitSize = scale.size(ascii: grid.theme.ascii)
        let inner = Box.inner(of: frame)
        let origin = Point(x: inner.x + (inner.width - digitSize.width) / 2,
                           y: inner.y + (inner.height - digitSize.height) / 2)
        BigDigit.draw(digit, scale: scale, at: origin, style: style, into: &grid)
        if grid.theme.namesColors || grid.theme.ascii {
            // Colour pays too: without colour on screen, name it under the reel.
            let name = String(color.initial)
            grid.write(name, at: Point(x: frame.x + frame.width / 2, y: frame.maxY), style: .bold)
        }
    }

    /// The digit, colour and stopped state reel `reel` shows now.
    private func shown(_ reel: Int, of machine: Machine) -> (Int, DigitColor, Bool) {
        let digit = machine.game.digits[reel]
        let final = (Int(digit.value), digit.color)
        guard let rolling = machine.rolling, rolling < stopTime(of: reel, count: machine.game.numberOfDigits) else {
            return (final.0, final.1, true)
        }
        let frame = Int(rolling * 25)
        let colors = DigitColor.allCases
        return ((final.0 + frame * 7 + reel * 3) % 10, colors[(frame + reel) % colors.count], false)
    }

    /// When reel `reel` of `count` stops, in seconds after the press: left to right.
    func stopTime(of reel: Int, count: Int) -> Double {
        guard count > 1 else { return Self.spinDuration }
        return Self.firstStop + (Self.spinDuration - Self.firstStop) * Double(reel) / Double(count - 1)
    }

    private func drawPayoutTable(for digits: Int, in rect: Rect, into grid: inout CellGrid) {
        let box = Box(title: "Pays (\(digits)-digit)", style: .single, frameStyle: .dim)
        box.draw(into: &grid, in: rect)
        let inner = box.inner(of: rect)
        for (row, line) in payoutLines(for: digits).enumerated() where row < inner.height {
            grid.write(line, at: Point(x: inner.x + 1, y: inner.y + row), clip: inner)
        }
    }

    /// The payout table as lines: one per outcome, then the cost.
    func payoutLines(for digits: Int) -> [String] {
        let rows: [(String, SlotOutcome)] = [
            ("all digits and colours", .jackpot), ("all digits", .allDigits), ("all colours", .allColors),
        ]
        let lines = rows.map { name, outcome in
            let amount = "+\(outcome.amount(forDigitCount: digits))"
            return name + String(repeating: " ", count: max(1, 27 - name.count - amount.count)) + amount
        }
        return lines + ["each spin costs \(SlotMachineGame.spinCost)"]
    }

    /// The terminal colour for a digit's colour.
    static func terminalColor(_ color: DigitColor) -> Color {
        switch color {
        case .red: return .role(.slotRed)
        case .blue: return .role(.slotBlue)
        case .green: return .role(.slotGreen)
        case .purple: return .role(.slotPurple)
        }
    }
}

extension Confirmation {
    /// What Reset asks when the machine has more than it started with: a reset starts the
    /// machine over (a new run, as the score store counts runs), so yes is the shell's
    /// `newGame` answer.
    static let resetScore = Confirmation(
        title: "Reset", question: "Reset the score to \(SlotMachineGame.startingScore)? Your points will be lost; "
            + "your best is kept. (y/n)",
        action: .newGame)
}

/// Where the parts of the slots screen go in a frame: the largest digits that fit.
///
/// ```
///  [1 3-digit] 2 5-digit                 tabs
///                                        gap
///     ╭──────╮ ╭──────╮ ╭──────╮         the reels (wrapped into rows when narrow),
///     │  ██  │ │ ████ │ │ ████ │         a row under each for its colour's initial
///     ╰──────╯ ╰──────╯ ╰──────╯
///                                        gap
///     No match. −2                       message
///                                        gap
///     [ Spin ]  [ Reset ]   Score: 98    buttons and score
///                                        gap
///     ┌ Pays (3-digit) ──────────┐       the payout table, when there is room
/// ```
struct SlotsLayout {
    var tabBar: Rect
    var reels: [Rect]
    var scale: BigDigit.Scale
    var message: Rect
    var buttons: Rect
    var table: Rect?

    static let tableSize = Size(width: 32, height: 6)
    /// The reels start under the tabs and a gap.
    static let reelsTop = 2
    /// Rows other than the reels: tabs, gap, gap, message, gap, buttons.
    static let fixedRows = 6
    /// Room under each reel for its colour's initial.
    static let nameRows = 1
    /// Columns between the buttons and the score.
    static let scoreGap = 3
    /// The message and buttons are at least this wide, centred under the reels.
    static let controlsWidth = 40
    /// Columns between the reels and a payout table beside them.
    static let tableGap = 4

    init(frame: Frame, digits count: Int) {
        let size = frame.size
        tabBar = frame.bounds.insetBy(dx: 1, dy: 0).rows([.fixed(1)])[0]
        var chosen: (BigDigit.Scale, Int, Size)?
        search: for scale in BigDigit.Scale.allCases {
            let digit = scale.size(ascii: frame.theme.ascii)
            let reel = Size(width: digit.width + (scale == .small ? 2 : 4), height: digit.height + 2)
            for perRow in stride(from: count, through: 1, by: -1) {
                let rows = (count + perRow - 1) / perRow
                let width = perRow * reel.width + (perRow - 1)
                let height = rows * (reel.height + Self.nameRows)
                if width <= size.width - 2 && Self.fixedRows + height <= size.height {
                    chosen = (scale, perRow, reel)
                    break search
                }
            }
        }
        let (scale, perRow, reel) = chosen ?? (.small, count, Size(width: 3, height: 3))
        self.scale = scale
        let rows = (count + perRow - 1) / perRow
        let machineHeight = rows * (reel.height + Self.nameRows)
        let machineWidth = perRow * reel.width + (perRow - 1)

        // A payout table below when there is room, else beside when that fits, else only on `?`.
        let below = size.height - (Self.fixedRows + machineHeight) >= Self.tableSize.height + 1
        let besideWidth = machineWidth + Self.tableGap + Self.tableSize.width
        let beside = !below && besideWidth <= size.width - 2 && machineHeight >= Self.tableSize.height - 1
        let blockWidth = beside ? besideWidth : machineWidth
        let left = max(1, (size.width - blockWidth) / 2)
        reels = (0..<count).map { index in
            let row = index / perRow, column = index % perRow
            let inRow = min(perRow, count - row * perRow)
            let rowLeft = left + (machineWidth - (inRow * reel.width + inRow - 1)) / 2
            return Rect(x: rowLeft + column * (reel.width + 1), y: Self.reelsTop + row * (reel.height + Self.nameRows),
                        width: reel.width, height: reel.height)
        }
        let controlsLeft = max(1, (size.width - max(machineWidth, Self.controlsWidth)) / 2)
        let controls = Rect(x: controlsLeft, y: Self.reelsTop + machineHeight + 1,
                            width: max(0, size.width - controlsLeft - 1), height: 3)
            .rows([.fixed(1), .fixed(1), .fixed(1)])
        message = controls[0]
        buttons = controls[2]
        if below {
            table = Rect(origin: Point(x: controlsLeft, y: buttons.maxY + 1), size: Self.tableSize)
        } else if beside {
            table = Rect(origin: Point(x: left + machineWidth + Self.tableGap, y: Self.reelsTop), size: Self.tableSize)
        } else {
            table = nil
        }
    }
}

/// What a Slots score is kept with: the machine that reached it (`3-digit`, `5-digit`) and
/// the spins it took since the last reset (nil in entries kept without them).
struct SlotsFigures: ScoreFigures, Equatable {
    var machine: String
    var spins: Int?
    /// The machine's run since its last reset: a higher best of the same run, kept after the
    /// game was left and resumed, replaces the one kept before (one run, one result).
    var run: String?
    /// The machine is the mode the store keeps the game under.
    var mode: String? { machine }

    var stored: [String: String] {
        var figures = ["machine": machine]
        if let spins { figures["spins"] = String(spins) }
        return figures
    }

    init(machine: String, spins: Int?, run: String? = nil) {
        self.machine = machine
        self.spins = spins
        self.run = run
    }

    init?(stored: [String: String]) {
        guard let machine = stored["machine"] else { return nil }
        self.init(machine: machine, spins: stored["spins"].flatMap { Int($0) })
    }
}
