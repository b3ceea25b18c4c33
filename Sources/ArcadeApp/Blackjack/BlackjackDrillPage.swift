import ArcadeUI
import BlackjackModel

/// The coach's drill (`d` on the chart, or `arcade blackjack --drill`): one decision at a
/// time, chosen from the hands the player gets wrong most (`BlackjackDrill`), with no money.
/// The same keys as the table (h s d p r) answer; a right answer deals the next hand at
/// once, a wrong one stays on the table with the chart's play until Enter. Every answer
/// counts in the coach's record, as at the table.
struct BlackjackDrillPage {
    /// What the drill's keys and buttons do: the table's, read as answers.
    enum Action: Hashable, Sendable {
        /// A play on the hand on show.
        case answer(PlayerAction)
        /// The next hand, after a wrong answer (Enter, the table's deal).
        case next
        /// Any other of the table's moves (insurance): no answer, a nudge after a wrong one.
        case other

        /// The drill's reading of one of the table's actions; nil for what is not a move.
        init?(_ action: BlackjackScreen.Action) {
            switch action {
            case .deal: self = .next
            case .insurance: self = .other
            default:
                guard let play = action.playerAction else { return nil }
                self = .answer(play)
            }
        }
    }

    /// The drill's keys in the screen's table: the table's, as answers; Enter goes on after a
    /// wrong answer.
    static let keyRows: [BlackjackScreen.KeyRow] = [
        .init(Binding([.character("h")], .hit, hint: "answer", hintKeys: "h s d p r"), in: [.drill]),
        .init(Binding([.character("s")], .stand), in: [.drill]),
        .init(Binding([.character("d")], .doubleDown), in: [.drill]),
        .init(Binding([.character("p")], .split), in: [.drill]),
        .init(Binding([.character("r")], .surrender), in: [.drill]),
        .init(Binding([.enter, .space], .deal, hint: "next"), in: [.drill]),
    ]

    /// The drill and its hand on show.
    private(set) var drill: BlackjackDrill
    /// The question, or the verdict on a wrong answer.
    private(set) var status = StatusLine([""])
    /// The verdict on the last right answer, or the nudge to go on.
    private(set) var verdict: StatusLine?
    /// After a wrong answer the drill's hand stays until Enter.
    private(set) var awaitsNext = false

    /// A drill seeded with `seed` at a table with `rules`, on its first hand, chosen with `record`.
    init(seed: UInt64, rules: TableRules, record: [CoachSituation: CoachTally]) {
        drill = BlackjackDrill(seed: seed, rules: rules)
        drill.deal(record: record)
        status = StatusLine(Self.question(drill), tone: .plain)
    }

    /// "16 against a 10: hit, stand, double down or surrender?" (fullest wording first).
    static func question(_ drill: BlackjackDrill) -> [String] {
        let words = BlackjackCoach.situation(HandOfCards(cards: drill.playerCards), against: drill.dealerUpCard)
        let short = BlackjackCoach.situation(HandOfCards(cards: drill.playerCards), against: drill.dealerUpCard, short: true)
        let choices = drill.allowedActions.map(BlackjackCoach.verb)
        let listed = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
            : choices.joined()
        return ["Your play on \(words)? \(listed.prefix(1).uppercased() + listed.dropFirst())?",
                "Your play on \(short)?", "\(short)?"]
    }

    /// Answer the hand with `action`, counted in `coach`'s record; Enter (`next`) goes on
    /// after a wrong answer.
    mutating func perform(_ action: Action, coach: inout BlackjackCoach) -> [GameEffect] {
        if awaitsNext {
            guard action == .next else {
                // The chart's play stays on the status line; the nudge goes under it.
                verdict = StatusLine(["Press Enter for the next hand.", "Enter: next"], tone: .warning)
                return []
            }
            drill.deal(record: coach.record)
            awaitsNext = false
            status = StatusLine(Self.question(drill), tone: .plain)
            verdict = nil
            return []
        }
        guard case .answer(let chosen) = action else { return [] }
        let hand = HandOfCards(cards: drill.playerCards)
        guard let answer = drill.answer(chosen) else {
            let why = chosen == .split ? "Only a pair can be split." : "Surrender is not offered at this table."
            status = StatusLine([why + " " + (Self.question(drill).first ?? "")], tone: .warning)
            return []
        }
        let effect = coach.count(drill.situation, right: answer.isRight, inSession: false)
        let wrongWords = BlackjackCoach.verdict(chosen, advice: answer.advice,
                                                situation: BlackjackCoach.situation(hand, against: drill.dealerUpCard),
                                                short: BlackjackCoach.situation(hand, against: drill.dealerUpCard, short: true))
        if answer.isRight {
            // Right: the next hand at once, the verdict on the last one under the question.
            let situation = BlackjackCoach.situation(hand, against: drill.dealerUpCard)
            let short = BlackjackCoach.situation(hand, against: drill.dealerUpCard, short: true)
            let verb = BlackjackCoach.verb(answer.advice)
            verdict = StatusLine(["✓ Right: \(verb) on \(situation).", "✓ Right: \(verb) on \(short).", "✓ Right"],
                                 tone: .good)
            drill.deal(record: coach.record)
            status = StatusLine(Self.question(drill), tone: .plain)
        } else {
            verdict = StatusLine(["Enter: the next hand.", "Enter: next"], tone: .quiet)
            status = StatusLine(wrongWords.map { "\u{2717} " + $0 }, tone: .bad)
            awaitsNext = true
        }
        return [effect]
    }

    /// "Drill 7 of 9 right" for the header.
    var score: String {
        guard drill.answered > 0 else { return "Drill" }
        return "Drill \(drill.right) of \(drill.answered) right"
    }

    // MARK: - Buttons and drawing

    /// Hit, Stand, Double, Split, Surrender (each enabled when the hand allows it) and Next.
    func buttons(fitting width: Int) -> ActionButtons<BlackjackScreen.Action> {
        let allowed = drill.allowedActions
        let answering = !awaitsNext
        let all: [(Button, BlackjackScreen.Action)] = [
            (Button("Hit", hotKey: .character("h"), isEnabled: answering), .hit),
            (Button("Stand", hotKey: .character("s"), isEnabled: answering), .stand),
            (Button("Double", hotKey: .character("d"), isEnabled: answering), .doubleDown),
            (Button("Split", hotKey: .character("p"), isEnabled: answering && allowed.contains(.split)), .split),
            (Button("Surrender", hotKey: .character("r"), isEnabled: answering && allowed.contains(.surrender)), .surrender),
            (Button("Next", hotKey: .enter, isEnabled: awaitsNext), .deal),
        ]
        // On a narrow table, Split and Surrender only when they can be pressed.
        let fitting = [all, all.filter { $0.0.isEnabled || ![BlackjackScreen.Action.split, .surrender].contains($0.1) }]
            .first { ButtonRow($0.map(\.0), spacing: 2).width <= width } ?? all.filter { $0.0.isEnabled }
        return ActionButtons(fitting, spacing: 2, alignment: .left)
    }

    /// Chart and Back, right of the drill's note.
    static var pageButtons: ActionButtons<BlackjackScreen.Action> {
        ActionButtons([(Button("Chart", hotKey: .character("w")), .show(.chart)), (Button("Back", hotKey: .escape), .back)],
                      spacing: 2, alignment: .right)
    }

    /// A click on the answers, or on Chart and Back.
    func action(at point: Point, layout: BlackjackLayout) -> BlackjackScreen.Action? {
        buttons(fitting: layout.actions.width).action(at: point, in: layout.actions)
            ?? Self.pageButtons.action(at: point, in: layout.betRow)
    }

    /// The drill's hand on the table: the dealer's up card and hole card, the player's two
    /// cards, the question or the verdict, and the buttons.
    func render(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        let glyphs = Glyphs(theme: grid.theme)
        Label("Dealer shows " + BlackjackCoach.dealerWords(drill.dealerUpCard), style: .bold)
            .draw(into: &grid, in: layout.dealerLabel)
        Label("No money: one decision a hand", alignment: .right, style: .dim).draw(into: &grid, in: layout.dealerLabel)
        let dealerOrigins = CardView.origins(count: 2, scale: layout.scale, in: layout.dealerCards)
        CardView(card: drill.dealerUpCard, scale: layout.scale).draw(into: &grid, at: dealerOrigins[0])
        CardView(card: nil, scale: layout.scale).draw(into: &grid, at: dealerOrigins[1])
        let hand = HandOfCards(cards: drill.playerCards)
        Label("You: " + (hand.isSoft ? "soft " : "") + "\(hand.calculateBestScore())", style: .bold)
            .draw(into: &grid, in: layout.playerLabel)
        let playerOrigins = CardView.origins(count: drill.playerCards.count, scale: layout.scale, in: layout.playerCards)
        for (card, origin) in zip(drill.playerCards, playerOrigins) {
            CardView(card: card, scale: layout.scale).draw(into: &grid, at: origin)
        }
        StatusLine(status.wordings.map(glyphs.plain), tone: status.tone).draw(into: &grid, in: layout.status)
        if let verdict {
            StatusLine(verdict.wordings.map(glyphs.plain), tone: verdict.tone).draw(into: &grid, in: layout.coach)
        }
        buttons(fitting: layout.actions.width).draw(into: &grid, in: layout.actions)
        Self.pageButtons.draw(into: &grid, in: layout.betRow)
    }
}
