import ArcadeUI
import MemoryModel

/// Drawing the board: the status line (time, moves, score, pairs), the cards, and the note
/// line under them.
extension MemoryBoardPage {
    /// The status line, the cards and the note line; the shell draws the game-over box over them.
    func render(into grid: inout CellGrid, deck: DeckPictures) {
        let layout = self.layout(size: grid.size)
        drawStatus(in: layout.status, into: &grid)
        let isMismatch = game.isShowingMismatch
        let focus = game.isOver(now: now) ? nil : cursor.index
        for (index, card) in game.cards.enumerated() {
            guard let frame = layout.card(at: index) else { continue }
            let look: MemoryCardView.Look = foundPair?.cards.contains(index) == true ? .found : isMismatch ? .mismatch : .plain
            MemoryCardView(card: card, face: face(of: card), look: look, isFocused: index == focus,
                           bonus: game.bonusRemaining(of: card, now: now))
                .draw(in: frame, deck: deck, into: &grid)
        }
        drawNote(in: layout.note, into: &grid)
    }

    /// Time left, moves, score and pairs found, with the level on the right when it fits.
    private func drawStatus(in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        let remaining = shownTimeRemaining
        let running = game.isClockRunning(now: now)
        let timeStyle = running && remaining <= 10 ? Style.bold.foreground(.bad) : Style.bold
        let fields: [(String, String, Style)] = [
            ("Time", PlayClock.text(Double(remaining)), timeStyle),
            ("Moves", String(game.moves), .bold),
            ("Score", String(game.score), .bold),
            ("Pairs", "\(game.matchedPairs)/\(game.numberOfPairs)", .bold),
        ]
        // Three columns between fields when they fit, fewer on a narrow screen, and at the
        // narrowest the time without its name. A field with no room left (only below the
        // minimum size) is never cut silently: an ellipsis stands for it and the rest.
        let widths = fields.map { $0.0.count + 1 + $0.1.count }
        let total = widths.reduce(0, +)
        let gap = (1...3).reversed().first { total + $0 * (fields.count - 1) <= rect.width } ?? 1
        let dropsTimeName = total + fields.count - 1 > rect.width
        let ellipsis = Glyphs(theme: grid.theme).ellipsis
        var x = rect.x
        for (index, (name, value, style)) in fields.enumerated() {
            let shownName = index == 0 && dropsTimeName ? "" : name + " "
            // Room for this field, and after it (but the last) for the ellipsis, should the next not fit.
            let after = index == fields.count - 1 ? 0 : 1 + DisplayWidth.of(ellipsis)
            guard shownName.count + value.count + after <= rect.maxX - x else {
                grid.write(ellipsis, at: Point(x: x, y: rect.y), style: .dim, clip: rect)
                return
            }
            x += grid.write(shownName, at: Point(x: x, y: rect.y), style: .dim, clip: rect)
            x += grid.write(value, at: Point(x: x, y: rect.y), style: style, clip: rect) + gap
        }
        let setting = "\(level.name), \(symbolSet.name)"
        if x + setting.count <= rect.maxX {
            grid.write(setting, at: Point(x: rect.maxX - setting.count, y: rect.y), style: .dim, clip: rect)
        }
    }

    /// The line under the board: how to start, or what the last turn did.
    private func drawNote(in rect: Rect, into grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        noteLine.draw(into: &grid, in: rect)
    }

    /// What the note line says, from the fullest wording to the shortest, centred, green
    /// for a pair and the win, yellow for a miss and the end of time.
    var noteLine: StatusLine {
        let (wordings, tone) = noteWordings
        return StatusLine(wordings, tone: tone, alignment: .center)
    }

    private var noteWordings: ([String], StatusLine.Tone) {
        if game.isWon && foundPair == nil { return (["All pairs found!"], .good) }
        if game.isLost(now: now) { return (["Time's up."], .warning) }
        switch note {
        case .start:
            let clock = PlayClock.text(game.timeLimit)
            return ([
                "Turn any card to start the clock: \(game.numberOfPairs) pairs in \(clock).",
                "Turn a card to start the clock (\(clock)).",
                "Turn a card to start.",
            ], .plain)
        case .firstCard:
            return (["Now find its pair."], .plain)
        case .match(let points):
            return (["A pair! +\(points) points."], .good)
        case .mismatch(let penalty) where penalty > 0:
            return ([
                "No match. -\(penalty) for cards seen before. Turn another card.",
                "No match. -\(penalty) for cards seen before.",
                "No match. -\(penalty)",
            ], .warning)
        case .mismatch:
            return (["No match. Turn another card.", "No match."], .warning)
        }
    }
}
