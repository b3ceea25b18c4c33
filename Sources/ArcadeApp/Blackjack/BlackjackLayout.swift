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
///  You have 15. You can Hit, Stand or Double down                          status
///
///  [ Hit ]  [ Stand ]  [ Double ]  [ Deal ]                                actions
///
///  [ - ]   Bet 50   [ + ]                    [ About ]  [ Top scores ]     bet and pages
/// ```
///
/// Large cards need 20 rows (21 with the gap under the header); below that the cards
/// shrink to three rows, which fits 16. The table is at most `maximumWidth` columns wide,
/// centred; the header spans the whole width.
struct BlackjackLayout {
    /// The widest the table grows; wider terminals get margins.
    static let maximumWidth = 66
    /// Rows the table takes besides the two hands of cards.
    static let rowsBesidesCards = 10
    /// Columns between the bet buttons and the bet they frame: `[ - ]   Bet 50   [ + ]`.
    static let betLabelWidth = 12

    var header: Rect
    /// Everything under the header: where the About and High Scores pages and the alerts go.
    var body: Rect
    var scale: CardView.Scale
    var dealerLabel: Rect
    var dealerCards: Rect
    var playerLabel: Rect
    var playerCards: Rect
    var status: Rect
    var actions: Rect
    /// The row of the bet buttons (left) and the page buttons (right).
    var betRow: Rect
    var lowerBet: Rect
    var betLabel: Rect
    var raiseBet: Rect

    /// The layout for a grid of `size` (the terminal without the key line).
    init(size: Size) {
        let width = min(max(0, size.width - 2), Self.maximumWidth)
        let left = max(0, (size.width - width) / 2)
        header = Rect(x: 1, y: 0, width: max(0, size.width - 2), height: 1)
        body = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 1))

        scale = size.height >= Self.rowsBesidesCards + 2 * CardView.Scale.large.size.height ? .large : .small
        let cardHeight = scale.size.height
        let needed = Self.rowsBesidesCards + 2 * cardHeight
        var y = size.height > needed ? 2 : 1
        /// The next `height` rows of the table, leaving `gap` blank rows after them.
        func take(_ height: Int, gapAfter gap: Int = 0) -> Rect {
            defer { y += height + gap }
            return Rect(x: left, y: y, width: width, height: height)
        }
        dealerLabel = take(1)
        dealerCards = take(cardHeight, gapAfter: 1)
        playerLabel = take(1)
        playerCards = take(cardHeight, gapAfter: 1)
        status = take(1, gapAfter: 1)
        actions = take(1, gapAfter: 1)
        betRow = take(1)
        lowerBet = Rect(x: betRow.x, y: betRow.y, width: 5, height: 1)
        betLabel = Rect(x: lowerBet.maxX, y: betRow.y, width: Self.betLabelWidth, height: 1)
        raiseBet = Rect(x: betLabel.maxX, y: betRow.y, width: 5, height: 1)
    }

    /// Where the page buttons go: the bet row right of the bet buttons.
    var pageButtons: Rect {
        Rect(x: raiseBet.maxX + 2, y: betRow.y, width: max(0, betRow.maxX - raiseBet.maxX - 2), height: 1)
    }

    /// The framed area of the About and High Scores pages, and the row of their Back button.
    var page: (frame: Rect, back: Rect) {
        let width = min(max(0, body.width - 2), Self.maximumWidth)
        let left = max(0, (body.width - width) / 2)
        let top = body.height >= 20 ? body.y + 1 : body.y
        let frame = Rect(x: left, y: top, width: width, height: max(0, body.maxY - top - 2))
        return (frame, Rect(x: left, y: frame.maxY + 1, width: width, height: 1))
    }
}
