import ArcadeUI
import BlackjackModel

extension BlackjackTable {
    /// The table, with the new-game alert over it (the game-over box is the shell's, see
    /// `BlackjackScreen.gameOver(in:)`).
    func render(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        drawTable(layout, into: &grid)
        if alert == .newGame { newGameDialog.draw(into: &grid, in: layout.body) }
    }

    /// "Score 150 · Hand 3 of 5", right of the game's name while the table is on show.
    var scoreLabel: String {
        "Score \(shownScore) · Hand \(max(1, game.handNumber)) of \(BlackjackGame.handsPerGame)"
            + (coach.isOn ? " · \(coach.score)" : "")
    }

    /// The cards left in the shoe as the table shows it: the dealer's cards not yet turned
    /// over in the play on screen still count as in the shoe.
    var shownCardsLeftInShoe: Int {
        let unseen = dealerPlay.map { game.dealerHand.cards.count - $0.shownCards } ?? 0
        return game.cardsLeftInShoe + max(0, unseen)
    }

    /// The two hands with their totals, the status line, the action and bet buttons.
    private func drawTable(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        let glyphs = Glyphs(theme: grid.theme)
        // The dealer: the cards turned over so far, the hole card face down until the player's turn ends.
        let dealerCards = Array(game.dealerHand.cards.prefix(dealerPlay?.shownCards ?? game.dealerHand.cards.count))
        Label(glyphs.plain(Self.titled("Dealer", dealerTotal(dealerCards))), style: .bold)
            .draw(into: &grid, in: layout.dealerLabel)
        let shoe = "\(game.deckCount)-deck shoe: \(shownCardsLeftInShoe) left"
        Label(shoe, alignment: .right, style: .dim).draw(into: &grid, in: layout.dealerLabel)
        drawHand(dealerCards, hidingHoleCard: game.isDealerHoleCardHidden, scale: layout.scale,
                 in: layout.dealerCards, into: &grid)

        // The player: one hand, or the hands of a split side by side, the one in play marked.
        let player = game.playerHand
        if game.playerHands.count > 1 {
            drawSplitHands(layout, into: &grid)
        } else {
            Label(glyphs.plain(Self.titled("You", total(of: player.cards))), style: .bold)
                .draw(into: &grid, in: layout.playerLabel)
            drawHand(player.cards, hidingHoleCard: false, scale: layout.scale, in: layout.playerCards, into: &grid)
        }
        if let (text, style) = stakeLabel(glyphs) {
            Label(text, alignment: .right, style: style).draw(into: &grid, in: layout.playerLabel)
        }

        // At the end of the game the alert takes the place of the status line and controls.
        guard alert != .gameOver else { return }
        // The status line may take the coach's row under it when the coach has nothing there.
        let verdict = coach.isOn ? coach.verdict.flatMap { $0.isEmpty ? nil : $0 } : nil
        let statusArea = verdict == nil
            ? Rect(x: layout.status.x, y: layout.status.y, width: layout.status.width, height: layout.coach.maxY - layout.status.y)
            : layout.status
        Self.drawStatus(StatusLine(status.wordings.map(glyphs.plain), tone: status.tone), in: statusArea, into: &grid)
        if let verdict, let first = verdict.first {
            // Right in green, a different play in yellow: the words say which too.
            let tone: StatusLine.Tone = first.hasPrefix("✓") ? .good
                : first.hasPrefix("Basic") ? .warning : .quiet
            StatusLine(verdict.map(glyphs.plain), tone: tone).draw(into: &grid, in: layout.coach)
        }
        actionButtons(fitting: layout.actions.width).draw(into: &grid, in: layout.actions)

        betButton(raising: false).draw(into: &grid, at: layout.lowerBet.origin, clip: layout.betRow)
        Label("Bet \(game.bet)", alignment: .center, style: .bold).draw(into: &grid, in: layout.betLabel)
        betButton(raising: true).draw(into: &grid, at: layout.raiseBet.origin, clip: layout.betRow)
        pageButtons(in: layout.pageButtons).draw(into: &grid, in: layout.pageButtons)
    }

    /// Draw `line` in `rect`: the first of its wordings (fullest first) that fits the rows of
    /// `rect`, wrapped between sentences or else at spaces, so a long line takes a second row
    /// where there is one rather than being cut; the last wording cut short only when none fits.
    ///
    /// As `StatusLine.draw`, a good or bad line starts with ✓ or ✗ where colour cannot carry
    /// its meaning alone.
    static func drawStatus(_ line: StatusLine, in rect: Rect, into grid: inout CellGrid) {
        var wordings = line.wordings
        if grid.theme.namesColors && !grid.theme.ascii, let mark = line.tone.mark {
            wordings = wordings.map { $0.hasPrefix("\u{2713}") || $0.hasPrefix("\u{2717}") ? $0 : mark + " " + $0 }
        }
        let rows = wordings.lazy.compactMap { wording in
            [wrappedBetweenSentences(wording, toWidth: rect.width), TextLayout.wrapped(wording, toWidth: rect.width)]
                .first { $0.count <= rect.height }
        }.first ?? [TextLayout.truncated(wordings.last ?? "", toWidth: rect.width, ascii: grid.theme.ascii)]
        for (index, row) in rows.enumerated() {
            Label(row, alignment: line.alignment, style: line.tone.style)
                .draw(into: &grid, in: Rect(x: rect.x, y: rect.y + index, width: rect.width, height: 1))
        }
    }

    /// `text` in rows of at most `width` columns, each row whole sentences or `·`-separated
    /// pieces ("You split the eights. Hand 1 drew a Three (11)." / "You can Hit or Stand");
    /// word-wrapped when one piece is wider than a row.
    static func wrappedBetweenSentences(_ text: String, toWidth width: Int) -> [String] {
        var pieces: [String] = [], piece = ""
        for character in text {
            if character == " ", let last = piece.last, ".?!·".contains(last) {
                pieces.append(piece)
                piece = ""
            } else {
                piece.append(character)
            }
        }
        pieces.append(piece)
        guard pieces.allSatisfy({ TextLayout.width(of: $0) <= width }) else { return TextLayout.wrapped(text, toWidth: width) }
        var rows: [String] = []
        for piece in pieces {
            if let last = rows.last, TextLayout.width(of: last) + 1 + TextLayout.width(of: piece) <= width {
                rows[rows.count - 1] = last + " " + piece
            } else {
                rows.append(piece)
            }
        }
        return rows
    }

    /// Fan `cards` from the left of `rect`; the second card face down when `hidingHoleCard`.
    private func drawHand(_ cards: [BlackjackModel.Card], hidingHoleCard: Bool, scale: CardView.Scale,
                          in rect: Rect, into grid: inout CellGrid) {
        let origins = CardView.origins(count: cards.count, scale: scale, in: rect)
        for (index, (card, origin)) in zip(cards, origins).enumerated() {
            let faceDown = hidingHoleCard && index == 1
            CardView(card: faceDown ? nil : card, scale: scale).draw(into: &grid, at: origin)
        }
    }

    /// The hands of a split, each in its share of the row, with its total (and, once
    /// settled, its result) on the row under it; the hand in play is marked ▶ … ◀.
    private func drawSplitHands(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        let glyphs = Glyphs(theme: grid.theme)
        let hands = game.playerHands
        let inPlay = game.isHandInProgress && dealerPlay == nil
        Label(inPlay ? "You: hand \(game.activeHandIndex + 1) of \(hands.count)" : "You: \(hands.count) hands", style: .bold)
            .draw(into: &grid, in: layout.playerLabel)
        let slots = layout.playerCards.columns(Array(repeating: .flexible, count: hands.count))
        let under = Rect(x: layout.playerCards.x, y: layout.playerCards.maxY, width: layout.playerCards.width, height: 1)
        for (index, (hand, slot)) in zip(hands, slots).enumerated() {
            drawHand(hand.cards, hidingHoleCard: false, scale: layout.scale,
                     in: slot.insetBy(dx: 0, dy: 0), into: &grid)
            var words = total(of: hand.cards)
            if game.isNatural(handAt: index) == false, words == "Blackjack" { words = "21" }
            if dealerPlay == nil, let change = game.handScoreChanges.indices.contains(index) ? game.handScoreChanges[index] : nil,
               game.handOutcomes.indices.contains(index), game.handOutcomes[index] != nil, !game.isHandInProgress {
                words += change > 0 ? " \(glyphs.check)+\(change)" : change < 0 ? " \(glyphs.cross)−\(-change)" : " ="
            }
            let marked = inPlay && index == game.activeHandIndex
            let text = glyphs.plain(marked ? "▶ \(words) ◀" : words)
            grid.write(text, at: Point(x: slot.x, y: under.y), style: marked ? Style.bold.foreground(.highlight) : .plain,
                       clip: Rect(x: slot.x, y: under.y, width: slot.width, height: 1))
        }
    }

    /// "Dealer: 17", or just "Dealer" before any card is dealt.
    private static func titled(_ side: String, _ total: String) -> String {
        total.isEmpty ? side : side + ": " + total
    }

    /// The dealer's total as the player may see it: "10 + ?" while the hole card is down.
    private func dealerTotal(_ shown: [BlackjackModel.Card]) -> String {
        guard !game.isDealerHoleCardHidden || shown.isEmpty else { return "\(game.dealerVisibleScore) + ?" }
        return total(of: shown)
    }

    /// A hand's total in words: "15", "soft 17", "25 — bust", "Blackjack"; empty with no cards.
    private func total(of cards: [BlackjackModel.Card]) -> String {
        guard !cards.isEmpty else { return "" }
        let hand = HandOfCards(cards: cards)
        if hand.isNatural { return "Blackjack" }
        if hand.areCardsBust() { return "\(hand.calculateBestScore()) — bust" }
        return (hand.isSoft ? "soft " : "") + "\(hand.calculateBestScore())"
    }

    /// What rides on the hand on the table, or what it paid: "Stake 50", "✓ Won 15" (a
    /// natural of 10 paid 3:2), "✗ Lost 100 (doubled)", "✓ Won 50 · insurance −25"; after a
    /// split, what the hands paid together.
    private func stakeLabel(_ glyphs: Glyphs) -> (String, Style)? {
        guard game.handNumber > 0, !game.playerHand.cards.isEmpty else { return nil }
        let settled = dealerPlay == nil && !game.isHandInProgress
        let doubled = game.isDoubledDown && !game.isSplit ? " (doubled)" : ""
        guard settled, game.isSplit || game.outcome != nil else {
            return ("Stake \(game.isSplit ? game.totalStake : game.stake)" + doubled, .plain)
        }
        let insurance = game.insuranceScoreChange == 0 ? ""
            : " · insurance " + BlackjackWording.signed(game.insuranceScoreChange, zero: "0")
        let paid = game.isSplit ? game.handScoreChanges.reduce(0, +) : game.handScoreChanges[game.activeHandIndex]
        if game.outcome == .surrendered, !game.isSplit {
            return ("\(glyphs.cross) Surrendered \(-paid)" + insurance, StatusLine.Tone.bad.style)
        }
        if paid > 0 { return ("\(glyphs.check) Won \(paid)" + doubled + insurance, StatusLine.Tone.good.style) }
        if paid < 0 { return ("\(glyphs.cross) Lost \(-paid)" + doubled + insurance, StatusLine.Tone.bad.style) }
        return ((game.isSplit ? "= Even" : "= Push") + insurance, .bold)
    }
}
