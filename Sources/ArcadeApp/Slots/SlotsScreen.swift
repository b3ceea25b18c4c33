import ArcadeUI
import SlotModel

/// Two slot machines on two tabs: 3 digits and 5 digits, each with its own score.
///
/// Spin (Space, Enter, `s`, click) rolls the reels for about 0.8 s, stopping them
/// left to right, then names the payout and updates the score. Reset (`r`) puts the
/// machine's score back to 100. Tab, ← →, `1`/`2` or a click switch machines; Home and
/// End go to the first and last.
struct SlotsScreen: LegacyGameScreen {
    /// One machine and what the screen shows of it.
    struct Machine {
        let game: SlotMachineGame
        /// Seconds since the reels started rolling, while they roll.
        var rolling: Double?
        /// The score as shown: the cost is taken at the press, the payout when the reels stop.
        var shownScore: Int
        /// The line under the reels, fullest wording first: the last payout, a reset. The
        /// drawing shows the first that fits, and adds why Spin is disabled when it is.
        var messages: [String]
        /// The fullest wording of the line under the reels.
        var message: String { messages.first ?? "" }
        /// The highest score reached since the last reset, kept in the score store when above 100.
        var peak: Int
        /// Spins since the last reset.
        var spins = 0

        init(digits: Int, seed: UInt64) {
            game = SlotMachineGame(digits, seed: seed)
            shownScore = game.getScore()
            messages = ["Press Space to spin (costs \(SlotMachineGame.spinCost)).", "Space spins (costs \(SlotMachineGame.spinCost))."]
            peak = shownScore
        }

        var label: String { "\(game.numberOfDigits)-digit" }
    }

    /// Reels roll this long; the last one stops at the end.
    static let spinDuration = 0.8
    /// The first reel stops this long after the press.
    static let firstStop = 0.35

    private(set) var machines: [Machine]
    private(set) var tabs = TabBar(titles: ["3-digit", "5-digit"], numbered: true)

    /// The size and theme the screen is drawn at, for mapping clicks to what was drawn.
    private var size: Size
    private let theme: Theme

    /// Two fresh machines; the 5-digit one's seed is derived from `seed` so both replay.
    init(seed: UInt64, size: Size, theme: Theme) {
        self.size = size
        self.theme = theme
        machines = [
            Machine(digits: 3, seed: seed),
            Machine(digits: 5, seed: seed &+ 0x5107_5EED),
        ]
    }

    var current: Machine { machines[tabs.selectedIndex] }

    // MARK: - GameScreen

    var minimumSize: Size { Size(width: 36, height: 12) }
    var wantsTicks: Bool { current.rolling != nil }
    var isInProgress: Bool { machines.contains { $0.spins > 0 } }

    var keyHints: [KeyHint] {
        [KeyHint("Space", "spin"), KeyHint("r", "reset"), KeyHint("Tab", "machine")]
    }

    var help: HelpSheet {
        HelpSheet(
            title: "Slots",
            keys: [
                KeyHint("Space Enter s", "spin (costs 2)"),
                KeyHint("r", "reset this machine's score to 100"),
                KeyHint("Tab ← → 1 2", "switch between the 3- and 5-digit machine"),
                KeyHint("Home End", "the first or last machine"),
                KeyHint("click", "a tab or a button"),
            ],
            notes: [3, 5].map { digits in
                "\(digits)-digit pays +\(SlotOutcome.jackpot.amount(forDigitCount: digits)) when all digits "
                    + "and colours match, +\(SlotOutcome.allDigits.amount(forDigitCount: digits)) when all digits "
                    + "match, +\(SlotOutcome.allColors.amount(forDigitCount: digits)) when all colours match."
            } + [
                "Each spin costs \(SlotMachineGame.spinCost). Each machine keeps its own score; "
                    + "the best each reaches above \(SlotMachineGame.startingScore) is saved.",
            ])
    }

    mutating func update(_ input: Input) -> [GameEffect] {
        switch input {
        case .tick(let elapsed):
            advance(by: elapsed)
        case .key(let key):
            return handle(key)
        case .mouse(let event) where event.action == .press:
            return click(at: event.at)
        case .resize(let newSize):
            size = newSize
        default:
            break
        }
        return []
    }

    mutating func willLeave() -> [GameEffect] {
        settle()
        var effects: [GameEffect] = []
        for index in machines.indices { effects += recordPeak(of: index) }
        return effects
    }

    // MARK: - Actions

    private mutating func handle(_ key: Key) -> [GameEffect] {
        if let tab = tabs.index(for: key) {
            switchTab(to: tab)
            return []
        }
        switch key {
        case .space, .enter, .character("s"), .character("S"):
            spin()
        case .character("r"), .character("R"):
            return reset()
        case .tab, .right:
            switchTab(to: (tabs.selectedIndex + 1) % machines.count)
        case .backTab, .left:
            switchTab(to: (tabs.selectedIndex + machines.count - 1) % machines.count)
        case .home:
            switchTab(to: 0)
        case .end:
            switchTab(to: machines.count - 1)
        default:
            break
        }
        return []
    }

    private mutating func click(at point: Point) -> [GameEffect] {
        let layout = SlotsLayout(size: size, machine: current, ascii: theme.ascii)
        if let tab = tabs.index(at: point, in: layout.tabBar) {
            switchTab(to: tab)
            return []
        }
        switch buttons.index(at: point, in: layout.buttons) {
        case 0?: spin()
        case 1?: return reset()
        default: break
        }
        return []
    }

    private mutating func spin() {
        let index = tabs.selectedIndex
        guard machines[index].rolling == nil else { return }  // a press mid-roll does not spin twice
        let game = machines[index].game
        guard game.canSpin else { return }  // the line already says why
        machines[index].shownScore = game.getScore() - SlotMachineGame.spinCost
        game.spinDigits()
        machines[index].spins += 1
        machines[index].rolling = 0
        machines[index].messages = ["Spinning…"]
    }

    private mutating func reset() -> [GameEffect] {
        let index = tabs.selectedIndex
        settle()
        let effects = recordPeak(of: index)
        machines[index].game.resetGame()
        machines[index].shownScore = machines[index].game.getScore()
        machines[index].peak = machines[index].shownScore
        machines[index].spins = 0
        machines[index].messages = ["Score reset to \(SlotMachineGame.startingScore)."]
        return effects
    }

    private mutating func switchTab(to tab: Int) {
        settle()
        tabs.select(tab)
    }

    /// Move the rolling reels on; when the last one stops, show the payout.
    private mutating func advance(by elapsed: Double) {
        let index = tabs.selectedIndex
        guard let rolling = machines[index].rolling else { return }
        let now = rolling + elapsed
        if now >= Self.spinDuration {
            finishSpin(of: index)
        } else {
            machines[index].rolling = now
        }
    }

    /// Stop any rolling reels at once (leaving, switching, resetting).
    private mutating func settle() {
        for index in machines.indices where machines[index].rolling != nil { finishSpin(of: index) }
    }

    private mutating func finishSpin(of index: Int) {
        let game = machines[index].game
        machines[index].rolling = nil
        machines[index].shownScore = game.getScore()
        machines[index].peak = max(machines[index].peak, game.getScore())
        let paid = game.lastPayout ?? 0
        if let outcome = game.lastOutcome, outcome != .nothing {
            machines[index].messages = ["+\(paid) — \(outcome)", "+\(paid) — \(Self.shortName(of: outcome))"]
        } else {
            machines[index].messages = ["No match. −\(SlotMachineGame.spinCost)"]
        }
    }

    /// A payout's name in fewer words, for the narrowest screens.
    private static func shortName(of outcome: SlotOutcome) -> String {
        outcome == .jackpot ? "digits and colours match" : "\(outcome)"
    }

    /// The best score machine `index` reached, to keep: only when it went above the start,
    /// or every session would record a "best" of 100.
    private func recordPeak(of index: Int) -> [GameEffect] {
        let machine = machines[index]
        guard machine.spins > 0, machine.peak > SlotMachineGame.startingScore else { return [] }
        return [.recordScore(machine.peak, figures: ["machine": machine.label, "spins": String(machine.spins)])]
    }

    /// Why Spin is disabled, fullest first.
    private static let needPointsWordings = [
        "Need \(SlotMachineGame.spinCost) points to spin — press r to reset.",
        "Need \(SlotMachineGame.spinCost) points: press r to reset.",
    ]

    /// What the line under the reels may say now, fullest first: the message, followed when
    /// Spin is disabled by why, or only why when both do not fit.
    func messageWordings(for machine: Machine) -> [String] {
        guard machine.rolling == nil, !machine.game.canSpin else { return machine.messages }
        let reasons = Self.needPointsWordings
        return machine.messages.flatMap { message in reasons.map { message + "  " + $0 } } + reasons
    }

    // MARK: - Drawing

    var buttons: ButtonRow {
        let canSpin = current.game.canSpin && current.rolling == nil
        return ButtonRow([
            Button("Spin", hotKey: .character("s"), isEnabled: canSpin),
            Button("Reset", hotKey: .character("r")),
        ], spacing: 2, alignment: .left)
    }

    func render(into grid: inout CellGrid) {
        let machine = current
        let layout = SlotsLayout(size: grid.size, machine: machine, ascii: grid.theme.ascii)
        tabs.draw(into: &grid, in: layout.tabBar)

        for (reel, frame) in layout.reels.enumerated() {
            drawReel(reel, of: machine, in: frame, scale: layout.scale, into: &grid)
        }
        // The fullest wording that fits; should none, the shortest ends in an ellipsis. (Written
        // rather than a Label, so that in ASCII a dash becomes "-", not "?".)
        let wordings = messageWordings(for: machine)
        let width = layout.message.width, ascii = grid.theme.ascii
        let message = wordings.first { DisplayWidth.of($0) <= width } ?? wordings.last ?? ""
        grid.write(TextLayout.truncated(message, toWidth: width, ascii: ascii), at: layout.message.origin,
                   style: messageStyle(for: machine), clip: layout.message)
        buttons.draw(into: &grid, in: layout.buttons)
        let scoreX = layout.buttons.x + buttons.width + 3
        let score = TextLayout.truncated("Score: \(machine.shownScore)", toWidth: layout.buttons.maxX - scoreX, ascii: ascii)
        grid.write(score, at: Point(x: scoreX, y: layout.buttons.y), style: .bold, clip: layout.buttons)
        if let table = layout.table {
            drawPayoutTable(for: machine.game.numberOfDigits, in: table, into: &grid)
        }
    }

    private func drawReel(_ reel: Int, of machine: Machine, in frame: Rect, scale: BigDigit.Scale,
                          into grid: inout CellGrid) {
        let (digit, color, stopped) = shown(reel, of: machine)
        let style = Style(foreground: Self.terminalColor(color), bold: true)
        Box(style: .rounded, frameStyle: stopped ? style : .dim).draw(into: &grid, in: frame)
        let digitSize = scale.size(ascii: grid.theme.ascii)
        let inner = Box.inner(of: frame)
        let origin = Point(x: inner.x + (inner.width - digitSize.width) / 2,
                           y: inner.y + (inner.height - digitSize.height) / 2)
        BigDigit.draw(digit, scale: scale, at: origin, style: style, into: &grid)
        if !grid.theme.hasColor || grid.theme.ascii {
            // Colour pays too: without colour on screen, name it under the reel.
            let name = String(color.initial)
            grid.write(name, at: Point(x: frame.x + frame.width / 2, y: frame.maxY), style: .bold)
        }
    }

    /// The digit, colour and stopped state reel `reel` shows now.
    private func shown(_ reel: Int, of machine: Machine) -> (Int, DigitColor, Bool) {
        let digit = machine.game.getDigits()[reel]
        let final = (Int(digit.getDigit()), digit.getColor())
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

    private func messageStyle(for machine: Machine) -> Style {
        if machine.rolling != nil { return .dim }
        if let outcome = machine.game.lastOutcome, outcome != .nothing {
            return Style.bold.foreground(.green)
        }
        return machine.game.canSpin ? .plain : Style.bold.foreground(.yellow)
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
        case .red: return .red
        case .blue: return .ansi(.blue, bright: true)
        case .green: return .green
        case .purple: return .magenta
        }
    }
}

/// Where the parts of the slots screen go for a size: the largest digits that fit.
struct SlotsLayout {
    var tabBar: Rect
    var reels: [Rect]
    var scale: BigDigit.Scale
    var message: Rect
    var buttons: Rect
    var table: Rect?

    static let tableSize = Size(width: 32, height: 6)

    init(size: Size, machine: SlotsScreen.Machine, ascii: Bool) {
        let count = machine.game.numberOfDigits
        tabBar = Rect(x: 1, y: 0, width: max(0, size.width - 2), height: 1)
        // Rows other than the reels: tabs, gap, gap, message, gap, buttons.
        let fixedRows = 6
        let nameRow = 1  // room under each reel for its colour's initial
        var chosen: (BigDigit.Scale, Int, Size)?
        search: for scale in BigDigit.Scale.allCases {
            let digit = scale.size(ascii: ascii)
            let reel = Size(width: digit.width + (scale == .small ? 2 : 4), height: digit.height + 2)
            for perRow in stride(from: count, through: 1, by: -1) {
                let rows = (count + perRow - 1) / perRow
                let width = perRow * reel.width + (perRow - 1)
                let height = rows * (reel.height + nameRow)
                if width <= size.width - 2 && fixedRows + height <= size.height {
                    chosen = (scale, perRow, reel)
                    break search
                }
            }
        }
        let (scale, perRow, reel) = chosen ?? (.small, count, Size(width: 3, height: 3))
        self.scale = scale
        let rows = (count + perRow - 1) / perRow
        let machineHeight = rows * (reel.height + nameRow)
        let machineWidth = perRow * reel.width + (perRow - 1)

        // A payout table below when there is room, else beside when that fits, else only on `?`.
        let below = size.height - (fixedRows + machineHeight) >= Self.tableSize.height + 1
        let besideWidth = machineWidth + 4 + Self.tableSize.width
        let beside = !below && besideWidth <= size.width - 2 && machineHeight >= Self.tableSize.height - 1
        let blockWidth = beside ? besideWidth : machineWidth
        let left = max(1, (size.width - blockWidth) / 2)
        let top = 2
        reels = (0..<count).map { index in
            let row = index / perRow, column = index % perRow
            let inRow = min(perRow, count - row * perRow)
            let rowLeft = left + (machineWidth - (inRow * reel.width + inRow - 1)) / 2
            return Rect(x: rowLeft + column * (reel.width + 1), y: top + row * (reel.height + nameRow),
                        width: reel.width, height: reel.height)
        }
        let messageY = top + machineHeight + 1
        let controlsLeft = max(1, (size.width - max(machineWidth, 40)) / 2)
        message = Rect(x: controlsLeft, y: messageY, width: max(0, size.width - controlsLeft - 1), height: 1)
        buttons = Rect(x: controlsLeft, y: messageY + 2, width: max(0, size.width - controlsLeft - 1), height: 1)
        if below {
            table = Rect(x: controlsLeft, y: messageY + 4, width: Self.tableSize.width, height: Self.tableSize.height)
        } else if beside {
            table = Rect(x: left + machineWidth + 4, y: top, width: Self.tableSize.width, height: Self.tableSize.height)
        } else {
            table = nil
        }
    }
}
