import BlackjackModel

/// The coach's chart (`w`): for one kind of hand (hard, soft or pairs), a row per hand and
/// a column per dealer card, each cell the chart's play and how the player has done there;
/// and the situations the player gets wrong most. Built from the record, drawn by
/// `BlackjackChartPage`.
struct CoachChart: Equatable {
    /// A row of the chart: its label and the situations it sums (hard 8 or less is one row,
    /// and so is hard 17 or more).
    struct Row: Equatable {
        var label: String
        /// The hand the chart's play is read for, as `CoachSituation.player`.
        var representative: Int
        var players: ClosedRange<Int>
    }

    /// One cell: the chart's play, and the decisions made there (right and in all).
    struct Cell: Equatable {
        var advice: PlayerAction
        var tally: CoachTally
    }

    /// The dealer's up cards, left to right (11 is an ace).
    static let dealerCards = Array(2...11)

    /// The rows of each kind of hand.
    static func rows(_ kind: CoachSituation.Kind) -> [Row] {
        switch kind {
        case .hard:
            // Hard 4 is a pair of twos; 18 to 21 stand against everything (17 may surrender to an ace).
            return [Row(label: "5-8", representative: 8, players: 4...8)]
                + (9...17).map { Row(label: "\($0)", representative: $0, players: $0...$0) }
                + [Row(label: "18+", representative: 18, players: 18...21)]
        case .soft:
            // Soft 12 is a pair of aces; soft 21 stands by itself, as soft 20 does.
            return (13...20).map { Row(label: "A\($0 - 11)", representative: $0, players: $0...($0 == 20 ? 21 : $0)) }
        case .pair:
            return (2...11).map { value in
                let card = CoachChart.cardLabel(value)
                return Row(label: "\(card),\(card)", representative: value, players: value...value)
            }
        }
    }

    /// "2"…"9", "T", "A": a card value as charts write it.
    static func cardLabel(_ value: Int) -> String {
        value == 11 ? "A" : value == 10 ? "T" : "\(value)"
    }

    /// The dealer card's column heading: "2"…"10", "A".
    static func dealerLabel(_ value: Int) -> String {
        value == 11 ? "A" : "\(value)"
    }

    /// The letter of a play on the chart: H, S, D, P, R.
    static func letter(_ action: PlayerAction) -> String {
        switch action {
        case .hit: return "H"
        case .stand: return "S"
        case .doubleDown: return "D"
        case .split: return "P"
        case .surrender: return "R"
        }
    }

    var kind: CoachSituation.Kind
    var rows: [Row]
    /// `cells[row][column]`, columns as `dealerCards`.
    var cells: [[Cell]]

    /// The chart of `kind` hands under `rules`, with the player's `record`.
    init(kind: CoachSituation.Kind, rules: TableRules, record: [CoachSituation: CoachTally]) {
        self.kind = kind
        rows = Self.rows(kind)
        cells = rows.map { row in
            Self.dealerCards.map { dealer in
                var tally = CoachTally(right: 0, total: 0)
                for player in row.players {
                    if let kept = record[CoachSituation(kind: kind, player: player, dealer: dealer)] {
                        tally.right += kept.right
                        tally.total += kept.total
                    }
                }
                let hand = Self.exampleCards(kind: kind, player: row.representative)
                let advice = BasicStrategy.advice(for: hand, dealerUpCard: Self.exampleCard(dealer), rules: rules,
                                                  canDouble: true, canSplit: kind == .pair,
                                                  canSurrender: rules.lateSurrender)
                return Cell(advice: advice, tally: tally)
            }
        }
    }

    /// Two cards making a `kind` hand of `player` (what the chart's play is read for).
    static func exampleCards(kind: CoachSituation.Kind, player: Int) -> [Card] {
        switch kind {
        case .pair:
            return [exampleCard(player), exampleCard(player)]
        case .soft:
            return [Card(.ace, of: .spades), exampleCard(player - 11)]
        case .hard:
            // 8 as 6+2 … 17 as 10+7: two different values, no ace.
            let high = min(10, player - 2)
            return [exampleCard(high), exampleCard(player - high)]
        }
    }

    /// A card of `value` (10: a ten; 11: an ace).
    static func exampleCard(_ value: Int) -> Card {
        let ranks: [Rank] = [.two, .three, .four, .five, .six, .seven, .eight, .nine, .ten, .ace]
        return Card(ranks[min(max(value, 2), 11) - 2], of: .hearts)
    }

    /// The situations with the most wrong decisions (then the larger share wrong, then
    /// chart order), at most `limit`, each with its tally.
    static func wrongMost(_ record: [CoachSituation: CoachTally], limit: Int) -> [(CoachSituation, CoachTally)] {
        record.filter { $0.value.wrong > 0 }
            .sorted { first, second in
                if first.value.wrong != second.value.wrong { return first.value.wrong > second.value.wrong }
                let a = first.value.wrong * second.value.total, b = second.value.wrong * first.value.total
                return a != b ? a > b : first.key < second.key
            }
            .prefix(max(0, limit))
            .map { ($0.key, $0.value) }
    }

    /// The kind of hand the chart opens on: the one where the player went wrong most, else hard.
    static func openingKind(_ record: [CoachSituation: CoachTally]) -> CoachSituation.Kind {
        wrongMost(record, limit: 1).first?.0.kind ?? .hard
    }

    /// "16 v 10", "A7 v A", "8,8 v 10": a situation in a few columns, as the chart's rows name it.
    static func shortName(_ situation: CoachSituation) -> String {
        let dealer = dealerLabel(situation.dealer)
        switch situation.kind {
        case .hard: return "\(situation.player) v \(dealer)"
        case .soft:
            return (13...20).contains(situation.player) ? "A\(situation.player - 11) v \(dealer)"
                : "soft \(situation.player) v \(dealer)"
        case .pair:
            let card = cardLabel(situation.player)
            return "\(card),\(card) v \(dealer)"
        }
    }
}
