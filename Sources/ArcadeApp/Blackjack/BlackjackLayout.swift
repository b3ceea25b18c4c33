import ArcadeUI

/// Where the parts of the blackjack screen go for a size; drawing and clicks both use it.
///
/// ```
///  Blackjack                                     Score 100 · Hand 1 of 5   header
///                                                                          (gap when tall enough)
///  Dealer: 10 + ?                           6-deck shoe: 308 left          dealer label
///  ╭─────╮ ╭─────╮                                                         dealer cards
///  …
///  You: 15                                               Stake 50          player label
///  ╭─────╮ ╭─────╮                                                         player cards
///  …
///  You have 15. You can Hit, Stand, Double down or Surrender               status
///                                                                          coach (or the status's 2nd row)
///  [ Hit ]  [ Stand ]  [ Double ]  [ Surrender ]  [ Deal ]                 actions
///
///  [ - ]   Bet 50   [ + ]                    [ About ]  [ Top scores ]     bet and pages
/// ```
///
/// Large cards need 20 rows (21 with the gap under the header); below that the cards
/// shrink to three rows, which fits 16. The table is at most `maximumWidth` columns wide,
/// centred; the header spans the whole width.
struct BlackjackLayout {
    /// The smallest terminal (without the key line) the table is drawn in: small cards.
    static let minimumSize = Size(width: 60, height: 16)
    /// The widest the table grows; wider terminals get margins.
    static let maximumWidth = 66
    /// Rows the table takes besides the two hands of cards.
    static let rowsBesidesCards = 10
    /// Columns of a bet button (`[ - ]`) and between the bet buttons: `[ - ]   Bet 50   [ + ]`.
    static let betButtonWidth = 5
    static let betLabelWidth = 12
    /// Columns between the raise button and the page buttons.
    static let pageButtonsGap = 2
    /// The height from which the About and High Scores frames leave a row under the header.
    static let roomyPageHeight = 20

    var header: Rect
    /// Everything under the header: where the About and High Scores pages and the alerts go.
    var body: Rect
    var scale: CardView.Scale
    /// Each hand: its label row (name, total, and the shoe or the stake) and its cards.
    var dealerLabel: Rect, dealerCards: Rect
    var playerLabel: Rect, playerCards: Rect
    /// The status line, the coach's line under it (the gap above the actions, where a long
    /// status wraps when the coach has nothing to say), and the row of Hit, Stand, Double and Deal.
    var status: Rect, coach: Rect, actions: Rect
    /// The row of the bet buttons (left) and the page buttons (right), and its parts:
    /// `[ - ]`, the bet, `[ + ]`, then the page buttons.
    var betRow: Rect
    var lowerBet: Rect, betLabel: Rect, raiseBet: Rect, pageButtons: Rect

    /// The layout for `frame` (the terminal without the key line).
    init(frame: Frame) {
        let size = frame.size
        let width = min(max(0, size.width - 2), Self.maximumWidth)
        let left = max(0, (size.width - width) / 2)
        header = Rect(x: 1, y: 0, width: max(0, size.width - 2), height: 1)
        body = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 1))

        scale = size.height >= Self.rowsBesidesCards + 2 * CardView.Scale.large.size.height ? .large : .small
        let cards = LayoutSize.fixed(scale.size.height), line = LayoutSize.fixed(1), gap = LayoutSize.fixed(1)
        // A blank row under the header when the terminal is taller than the table needs.
        let top = size.height > Self.rowsBesidesCards + 2 * scale.size.height ? 2 : 1
        let rows = Rect(x: left, y: top, width: width, height: max(0, size.height - top))
            .rows([line, cards, gap, line, cards, gap, line, gap, line, gap, line])
        (dealerLabel, dealerCards, playerLabel, playerCards) = (rows[0], rows[1], rows[3], rows[4])
        (status, coach, actions, betRow) = (rows[6], rows[7], rows[8], rows[10])
        let bets = betRow.columns([.fixed(Self.betButtonWidth), .fixed(Self.betLabelWidth), .fixed(Self.betButtonWidth),
                                   .fixed(Self.pageButtonsGap), .flexible])
        (lowerBet, betLabel, raiseBet, pageButtons) = (bets[0], bets[1], bets[2], bets[4])
    }

    /// The body under the player's cards: where the game-over box goes when it fits, so the
    /// last hand stays in view.
    var underHands: Rect {
        Rect(x: body.x, y: playerCards.maxY, width: body.width, height: body.maxY - playerCards.maxY)
    }

    /// The framed area of the About and High Scores pages, and the row of their Back button.
    var page: (frame: Rect, back: Rect) {
        let width = min(max(0, body.width - 2), Self.maximumWidth)
        let left = max(0, (body.width - width) / 2)
        let top = body.height >= Self.roomyPageHeight ? body.y + 1 : body.y
        let frame = Rect(x: left, y: top, width: width, height: max(0, body.maxY - top - 2))
        return (frame, Rect(x: left, y: frame.maxY + 1, width: width, height: 1))
    }
}
