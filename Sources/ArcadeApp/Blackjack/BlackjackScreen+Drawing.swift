import ArcadeUI
import BlackjackModel

extension BlackjackScreen {
    /// Draw the header, then the table (with the new-game alert over it) or the page on screen.
    func render(into grid: inout CellGrid) {
        let layout = BlackjackLayout(frame: grid.frame)
        drawHeader(in: layout.header, into: &grid)
        switch page {
        case .table:
            drawTable(layout, into: &grid)
            // The game-over box is the shell's (see `gameOver(in:)`).
            if alert == .newGame { newGameDialog.draw(into: &grid, in: layout.body) }
        case .about:
            drawAbout(layout, into: &grid)
        case .highScores:
            drawHighScores(layout, into: &grid)
        case .rules:
            drawRules(layout, into: &grid)
        case .chart:
            drawChart(layout, into: &grid)
        case .drill:
            drawDrill(layout, into: &grid)
        }
    }

    /// "Score 150 · Hand 3 of 5", always on screen, right of the game's name.
    var scoreLabel: String {
        if page == .drill { return drillScore }
        return "Score \(shownScore) · Hand \(max(1, game.handNumber)) of \(BlackjackGame.handsPerGame)"
            + (coach.isOn ? " · \(coach.score)" : "")
    }

    /// The cards left in the shoe as the table shows it: the dealer's cards not yet turned
    /// over in the play on screen still count as in the shoe.
    var shownCardsLeftInShoe: Int {
        let unseen = dealerPlay.map { game.dealerHand.cards.count - $0.shownCards } ?? 0
        return game.cardsLeftInShoe + max(0, unseen)
    }

    /// The game's name on the left, the score and hand number on the right.
    private func drawHeader(in rect: Rect, into grid: inout CellGrid) {
        Label(Glyphs(theme: grid.theme).plain(title(width: rect.width)), style: Style.bold.foreground(.accent))
            .draw(into: &grid, in: rect)
        Label(Glyphs(theme: grid.theme).plain(scoreLabel), alignment: .right, style: .bold).draw(into: &grid, in: rect)
    }

    /// "Blackjack · 6 decks · S17 · DAS · LS · 1:1", the rules of the game in play, when
    /// it fits `width` columns beside the score (two blank columns between); else "Blackjack".
    func title(width: Int) -> String {
        let full = "Blackjack · " + (page == .drill ? "Drill · " : "") + tableRules.summary
        return full.count + 2 + scoreLabel.count <= width ? full : "Blackjack"
    }

    // MARK: - The table

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

    // MARK: - About and High Scores

    /// The About page's lines, wrapped to `width` columns; a `- ` item wraps under its text.
    static func aboutLines(width: Int, rules: TableRules = TableRules()) -> [String] {
        let bullet = "- "
        return BlackjackWording.about(rules).flatMap { paragraph -> [String] in
            guard paragraph.hasPrefix(bullet) else {
                return paragraph.isEmpty ? [""] : TextLayout.wrapped(paragraph, toWidth: width)
            }
            let lines = TextLayout.wrapped(String(paragraph.dropFirst(bullet.count)), toWidth: width - bullet.count)
            return lines.enumerated().map { index, line in (index == 0 ? bullet : "  ") + line }
        }
    }

    /// Where the About text goes inside the page frame: one blank column each side.
    static func aboutTextArea(_ layout: BlackjackLayout) -> Rect {
        Box.inner(of: layout.page.frame).insetBy(dx: 1, dy: 0)
    }

    /// The rules in a frame, scrolled to `aboutOffset`, with marks when lines are hidden.
    private func drawAbout(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        let (frame, back) = layout.page
        Box(title: "About Blackjack", style: .single).draw(into: &grid, in: frame)
        let area = Self.aboutTextArea(layout)
        let lines = Self.aboutLines(width: area.width, rules: game.rules)
        let offset = min(aboutOffset, max(0, lines.count - area.height))
        for (row, line) in lines.dropFirst(offset).prefix(area.height).enumerated() {
            let style: Style = line == "House rules" ? .bold : .plain
            grid.write(line, at: Point(x: area.x, y: area.y + row), style: style, clip: area)  // spells — as -
        }
        let glyphs = Glyphs(theme: grid.theme)
        if offset > 0 { grid.put(glyphs.moreAbove, at: Point(x: frame.maxX - 1, y: area.y), style: .bold) }
        if offset + area.height < lines.count {
            grid.put(glyphs.moreBelow, at: Point(x: frame.maxX - 1, y: area.maxY - 1), style: .bold)
        }
        backButton.draw(into: &grid, in: back)
    }

    /// The High Scores table's lines: a heading, then one line per score, best first.
    var highScoreLines: [String] {
        let shown = scores.prefix(Self.highScoreCount)
        guard !shown.isEmpty else {
            return ["No finished games yet.", "", "Play all \(BlackjackGame.handsPerGame) hands to set a score."]
        }
        let heading = " #  Score  Hands  Date              Player"
        return [heading] + shown.enumerated().map { rank, entry in
            Self.padded(String(rank + 1), 2) + "  " + Self.padded(String(entry.score), 5) + "  "
                + Self.padded(BlackjackFigures(stored: entry.figures).map { String($0.hands) } ?? "", 5) + "  " + entry.date
                + String(repeating: " ", count: max(1, 18 - entry.date.count)) + entry.player
        }
    }

    /// `text` right-aligned in `width` columns.
    private static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The top scores in a frame, with the Back button under it.
    private func drawHighScores(_ layout: BlackjackLayout, into grid: inout CellGrid) {
        let (frame, back) = layout.page
        let title = "High Scores (top \(Self.highScoreCount))"
        Box(title: title, style: .single).draw(into: &grid, in: frame)
        let area = Box.inner(of: frame).insetBy(dx: 1, dy: 0)
        for (row, line) in highScoreLines.prefix(area.height).enumerated() {
            let style: Style = row == 0 && !scores.isEmpty ? .bold : .plain
            // A long player name ends in an ellipsis rather than cut off at the frame.
            let shown = TextLayout.truncated(line, toWidth: area.width, ascii: grid.theme.ascii)
            grid.write(shown, at: Point(x: area.x, y: area.y + row), style: style, clip: area)
        }
        backButton.draw(into: &grid, in: back)
    }
}
