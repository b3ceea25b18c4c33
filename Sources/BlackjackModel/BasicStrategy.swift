/// The basic-strategy coach: the play the published charts give for a hand against the
/// dealer's up card, under a table's rules.
///
/// The charts are the standard multi-deck (4–8 decks) basic strategy with late surrender,
/// for a dealer standing on soft 17 (S17) and one hitting soft 17 (H17), as published by
/// the Wizard of Odds ("4-Deck to 8-Deck Blackjack Strategy", wizardofodds.com) and in
/// Wikipedia's "Blackjack" article (its table for 3+ decks, S17, DAS, peek, with the cells
/// H17 changes: double 11 v A, surrender 15 and 17 v A, double A-7 v 2 and A-8 v 6); the
/// H17 chart's surrender of 8-8 v A and the pair splits without DAS (2-2 and 3-3 hit v 2–3,
/// 4-4 always hit, 6-6 hits v 2) are as red-dog-poker.info's basic strategy table gives
/// them. They are typed here as the printed rows.
///
/// One- and two-deck tables use these multi-deck charts too. The single- and double-deck
/// charts differ in a handful of cells (doubling 9 v 2 and 11 v A, splitting 6-6 v 7 and
/// 7-7 v 8, among others), worth little; a coach for them is not written yet.
public enum BasicStrategy {
    /// The play the chart gives for `cards` against `dealerUpCard` under `rules`.
    ///
    /// `canDouble`, `canSplit` and `canSurrender` say what the table allows on this hand
    /// right now (doubling usually only on two cards, surrender only before any other
    /// play, a split only on a pair while the table has room for another hand). A play the
    /// table does not allow falls back as the printed chart says: a double becomes a hit,
    /// or a stand where the chart says "double, else stand" (soft 18 v 3–6, for instance);
    /// a surrender becomes the hit, stand or split the chart names with it (16 v 10:
    /// surrender, else hit; 8-8 v A at H17: surrender, else split); a pair that cannot be
    /// split is played by its hard or soft total. A bust hand or 21 is told to stand.
    public static func advice(
        for cards: [Card], dealerUpCard: Card, rules: TableRules,
        canDouble: Bool, canSplit: Bool, canSurrender: Bool
    ) -> PlayerAction {
        let column = dealerColumn(dealerUpCard)
        let chart = rules.dealerHitsSoft17 ? StrategyChart.hitsSoft17 : StrategyChart.standsOnSoft17
        let hand = HandOfCards(cards: cards)
        let total = hand.calculateBestScore()
        let cell: ChartCell
        if canSplit, let pairValue = pairValue(of: cards) {
            cell = chart.pairs[pairValue]?[column] ?? .stand
        } else if total >= HandOfCards.blackjackTotal {
            cell = .stand
        } else if hand.isSoft {
            cell = chart.soft[total]?[column] ?? .stand
        } else {
            cell = chart.hard[max(total, StrategyChart.lowestHardRow)]?[column] ?? .stand
        }
        return cell.action(
            canDouble: canDouble, canSurrender: canSurrender && rules.lateSurrender,
            doubleAfterSplit: rules.doubleAfterSplit
        )
    }

    /// The chart's column for an up card: 0 for a 2 … 8 for a ten-card, 9 for an ace.
    static func dealerColumn(_ upCard: Card) -> Int {
        upCard.rank == .ace
            ? StrategyChart.aceColumn
            : upCard.rank.hardValue - StrategyChart.lowestUpCardValue
    }

    /// The value both cards share when `cards` are two of one value (ace 1, pictures 10).
    static func pairValue(of cards: [Card]) -> Int? {
        guard cards.count == 2, cards[0].rank.hardValue == cards[1].rank.hardValue else {
            return nil
        }
        return cards[0].rank.hardValue
    }
}

/// One cell of a printed chart: the best play, and what to do when it is not allowed.
enum ChartCell: Sendable {
    case hit, stand
    /// "D": double, else hit.
    case doubleElseHit
    /// "Ds": double, else stand.
    case doubleElseStand
    /// "P": split.
    case split
    /// "Ph": split when doubling after a split is allowed, else hit.
    case splitIfDoubleAfterSplitElseHit
    /// "Rh": surrender, else hit.
    case surrenderElseHit
    /// "Rs": surrender, else stand.
    case surrenderElseStand
    /// "Rp": surrender, else split.
    case surrenderElseSplit

    /// The play this cell gives when the table allows only what the flags say.
    func action(canDouble: Bool, canSurrender: Bool, doubleAfterSplit: Bool) -> PlayerAction {
        switch self {
        case .hit: .hit
        case .stand: .stand
        case .doubleElseHit: canDouble ? .doubleDown : .hit
        case .doubleElseStand: canDouble ? .doubleDown : .stand
        case .split: .split
        case .splitIfDoubleAfterSplitElseHit: doubleAfterSplit ? .split : .hit
        case .surrenderElseHit: canSurrender ? .surrender : .hit
        case .surrenderElseStand: canSurrender ? .surrender : .stand
        case .surrenderElseSplit: canSurrender ? .surrender : .split
        }
    }
}

// The chart's own shorthand, so each row below reads like the printed one.
private let H = ChartCell.hit
private let S = ChartCell.stand
private let D = ChartCell.doubleElseHit
private let Ds = ChartCell.doubleElseStand
private let P = ChartCell.split
private let Ph = ChartCell.splitIfDoubleAfterSplitElseHit
private let Rh = ChartCell.surrenderElseHit
private let Rs = ChartCell.surrenderElseStand
private let Rp = ChartCell.surrenderElseSplit

/// A basic strategy chart: hard totals, soft totals and pairs, each row ten cells for the
/// dealer's 2, 3, 4, 5, 6, 7, 8, 9, ten-card and ace.
struct StrategyChart: Sendable {
    /// Rows by hard total, 4 (an unsplit 2-2) to 20.
    let hard: [Int: [ChartCell]]
    /// Rows by soft total, 12 (an unsplit A-A) to 20.
    let soft: [Int: [ChartCell]]
    /// Rows by the value of the paired card: 1 for A-A, 2 for 2-2 … 10 for any two ten-cards.
    let pairs: [Int: [ChartCell]]

    static let lowestHardRow = 4
    static let lowestUpCardValue = 2
    static let aceColumn = 9

    /// 4–8 decks, dealer stands on soft 17, late surrender.
    static let standsOnSoft17 = StrategyChart(
        hard: [
            //   2   3   4   5   6   7   8   9   T   A
            4: [H, H, H, H, H, H, H, H, H, H],
            5: [H, H, H, H, H, H, H, H, H, H],
            6: [H, H, H, H, H, H, H, H, H, H],
            7: [H, H, H, H, H, H, H, H, H, H],
            8: [H, H, H, H, H, H, H, H, H, H],
            9: [H, D, D, D, D, H, H, H, H, H],
            10: [D, D, D, D, D, D, D, D, H, H],
            11: [D, D, D, D, D, D, D, D, D, H],
            12: [H, H, S, S, S, H, H, H, H, H],
            13: [S, S, S, S, S, H, H, H, H, H],
            14: [S, S, S, S, S, H, H, H, H, H],
            15: [S, S, S, S, S, H, H, H, Rh, H],
            16: [S, S, S, S, S, H, H, Rh, Rh, Rh],
            17: [S, S, S, S, S, S, S, S, S, S],
            18: [S, S, S, S, S, S, S, S, S, S],
            19: [S, S, S, S, S, S, S, S, S, S],
            20: [S, S, S, S, S, S, S, S, S, S],
        ],
        soft: [
            //   2   3   4   5   6   7   8   9   T   A
            12: [H, H, H, H, H, H, H, H, H, H],  // A-A unsplit: not on the printed chart
            13: [H, H, H, D, D, H, H, H, H, H],
            14: [H, H, H, D, D, H, H, H, H, H],
            15: [H, H, D, D, D, H, H, H, H, H],
            16: [H, H, D, D, D, H, H, H, H, H],
            17: [H, D, D, D, D, H, H, H, H, H],
            18: [S, Ds, Ds, Ds, Ds, S, S, H, H, H],
            19: [S, S, S, S, S, S, S, S, S, S],
            20: [S, S, S, S, S, S, S, S, S, S],
        ],
        pairs: [
            //   2   3   4   5   6   7   8   9   T   A
            1: [P, P, P, P, P, P, P, P, P, P],  // A-A
            2: [Ph, Ph, P, P, P, P, H, H, H, H],
            3: [Ph, Ph, P, P, P, P, H, H, H, H],
            4: [H, H, H, Ph, Ph, H, H, H, H, H],
            5: [D, D, D, D, D, D, D, D, H, H],
            6: [Ph, P, P, P, P, H, H, H, H, H],
            7: [P, P, P, P, P, P, H, H, H, H],
            8: [P, P, P, P, P, P, P, P, P, P],
            9: [P, P, P, P, P, S, P, P, S, S],
            10: [S, S, S, S, S, S, S, S, S, S],
        ]
    )

    /// 4–8 decks, dealer hits soft 17, late surrender.
    static let hitsSoft17 = StrategyChart(
        hard: [
            //   2   3   4   5   6   7   8   9   T   A
            4: [H, H, H, H, H, H, H, H, H, H],
            5: [H, H, H, H, H, H, H, H, H, H],
            6: [H, H, H, H, H, H, H, H, H, H],
            7: [H, H, H, H, H, H, H, H, H, H],
            8: [H, H, H, H, H, H, H, H, H, H],
            9: [H, D, D, D, D, H, H, H, H, H],
            10: [D, D, D, D, D, D, D, D, H, H],
            11: [D, D, D, D, D, D, D, D, D, D],
            12: [H, H, S, S, S, H, H, H, H, H],
            13: [S, S, S, S, S, H, H, H, H, H],
            14: [S, S, S, S, S, H, H, H, H, H],
            15: [S, S, S, S, S, H, H, H, Rh, Rh],
            16: [S, S, S, S, S, H, H, Rh, Rh, Rh],
            17: [S, S, S, S, S, S, S, S, S, Rs],
            18: [S, S, S, S, S, S, S, S, S, S],
            19: [S, S, S, S, S, S, S, S, S, S],
            20: [S, S, S, S, S, S, S, S, S, S],
        ],
        soft: [
            //   2   3   4   5   6   7   8   9   T   A
            12: [H, H, H, H, H, H, H, H, H, H],  // A-A unsplit: not on the printed chart
            13: [H, H, H, D, D, H, H, H, H, H],
            14: [H, H, H, D, D, H, H, H, H, H],
            15: [H, H, D, D, D, H, H, H, H, H],
            16: [H, H, D, D, D, H, H, H, H, H],
            17: [H, D, D, D, D, H, H, H, H, H],
            18: [Ds, Ds, Ds, Ds, Ds, S, S, H, H, H],
            19: [S, S, S, S, Ds, S, S, S, S, S],
            20: [S, S, S, S, S, S, S, S, S, S],
        ],
        pairs: [
            //   2   3   4   5   6   7   8   9   T   A
            1: [P, P, P, P, P, P, P, P, P, P],  // A-A
            2: [Ph, Ph, P, P, P, P, H, H, H, H],
            3: [Ph, Ph, P, P, P, P, H, H, H, H],
            4: [H, H, H, Ph, Ph, H, H, H, H, H],
            5: [D, D, D, D, D, D, D, D, H, H],
            6: [Ph, P, P, P, P, H, H, H, H, H],
            7: [P, P, P, P, P, P, H, H, H, H],
            8: [P, P, P, P, P, P, P, P, P, Rp],
            9: [P, P, P, P, P, S, P, P, S, S],
            10: [S, S, S, S, S, S, S, S, S, S],
        ]
    )
}
