import ArcadeUI
import SetModel

/// The table for friends on screen: the lobby before the start, then the cards with every
/// player's marks, and the result.
extension SetFriendsPage {
    /// Each seat's colour (seat 0 first), on the status line and on the frames of the cards
    /// the player has selected: the palette's roles, which every theme draws readably; the
    /// seat's number is written beside, for screens without colour (and for the roles that
    /// two seats share).
    static let seatColors: [Color] = [.accent, .highlight, .role(.slotGreen), .role(.slotPurple), .cool, .role(.slotRed),
                                      .good, .bad]

    static func seatStyle(_ seat: Int) -> Style {
        Style(foreground: seatColors[seat % seatColors.count], bold: true)
    }

    /// The places the table lays out: the cards on it, twelve before the deal.
    var places: Int { max(12, table?.board.count ?? 12) }

    /// Room for the lobby's box, whole, while it is on screen (none once the table is).
    var lobbySize: Size? {
        // A closed table's reason is the result box's, wrapped there: no room to ask for here.
        guard showsLobby, closedReason == nil else { return nil }
        let lines = lobbyLines()
        let box = lobbyLayout(in: Rect(x: 0, y: 0, width: 1000, height: 1000), lines: lines).box
        return box.size
    }

    /// Whether the lobby is on screen rather than the table.
    var showsLobby: Bool {
        guard let table else { return true }
        return table.phase == "seating" || (closedReason != nil && table.phase != "over")
    }

    func layout(in frame: Frame, style: SetCardStyle) -> SetLayout {
        SetLayout(frame: frame, places: places, style: style)
    }

    // MARK: - The lobby

    /// What the lobby says, line by line: the room, how to join, who is seated.
    func lobbyLines() -> [(String, Style)] {
        var lines: [(String, Style)] = []
        if let closedReason { return [(closedReason, StatusLine.Tone.bad.style)] }
        switch setup {
        case .host(let address, _, _, _):
            guard let port else { return [("Opening the table…", .plain)] }
            let place = FriendsSetup.shown(address, port)
            lines += [("Room code  \(code)", .bold), ("Address    \(place)", .bold), ("", .plain)]
            // An IPv6 address's brackets quoted, for shells that would read them as a pattern.
            let typed = address.contains(":") ? "'\(place)'" : place
            if FriendsSetup.isEveryInterface(address) {
                // Listening everywhere: friends need this machine's own address, which it cannot know for them.
                lines += [("Friends join with this machine's address (ADDRESS):", .plain),
                          ("  arcade set --join \(FriendsSetup.shown("ADDRESS", port)) \\", .plain),
                          ("      --code \(code) --name NAME", .plain)]
            } else {
                // Two lines (a shell's continued line, pasted whole) so that a long IPv6
                // address still fits an 80-column terminal.
                lines += [("Friends join with:", .plain), ("  arcade set --join \(typed) \\", .plain),
                          ("      --code \(code) --name NAME", .plain)]
            }
            if let turnedAway = host?.drops.last {
                lines.append(("Turned away: \(turnedAway)", .dim))
            }
        case .join(let address, let port, _, _):
            let place = FriendsSetup.shown(address, port)
            switch player?.state {
            case nil, .connecting?: lines.append(("Connecting to \(place)…", .plain))
            case .greeting?: lines.append(("Connected to \(place): asking for a seat…", .plain))
            case .seated?: lines.append(("Seated at \(place). The host starts the game.", .bold))
            case .left(let reason)?: lines.append((reason, StatusLine.Tone.bad.style))
            }
        }
        if let table {
            lines.append(("", .plain))
            lines.append(("At the table (\(table.players.count) of \(SetFriendsGame.maxPlayers)):", .plain))
            for (index, player) in table.players.enumerated() {
                lines.append(("  \(index + 1) \(player.name)" + (index == seat ? " (you)" : ""), Self.seatStyle(index)))
            }
        }
        return lines
    }

    /// The host's Start button, under the lobby's lines.
    static let startButton = Button("Start (s)", hotKey: .character("s"))

    /// Where the lobby's box, its lines and (the host's, once open) Start button go.
    func lobbyLayout(in bounds: Rect, lines: [(String, Style)]) -> (box: Rect, inner: Rect, start: Rect?) {
        let title = isHosting ? "Set with friends: your table" : "Set with friends"
        let hasStart = isHosting && host != nil && closedReason == nil
        let width = min(bounds.width, max(DisplayWidth.of(title) + 6, (lines.map { DisplayWidth.of($0.0) }.max() ?? 0) + 4))
        let box = bounds.centered(Size(width: width, height: min(bounds.height, lines.count + (hasStart ? 6 : 4))))
        let inner = Rect(x: box.x + 2, y: box.y + 2, width: max(0, box.width - 4), height: max(0, min(lines.count, box.height - 4)))
        let button = Self.startButton.width
        let start = Rect(x: box.x + (box.width - button) / 2, y: box.maxY - 3, width: button, height: 1)
        return (box, inner, hasStart && start.y > inner.maxY - 1 ? start : nil)
    }

    func renderLobby(into grid: inout CellGrid) {
        let lines = lobbyLines()
        let (box, inner, start) = lobbyLayout(in: grid.frame.bounds, lines: lines)
        guard !box.isEmpty else { return }
        let style = Style.bold.foreground(.accent)
        let title = isHosting ? "Set with friends: your table" : "Set with friends"
        Box(title: title, style: .double, frameStyle: style, titleStyle: style.bolded).draw(into: &grid, in: box)
        for (row, line) in lines.enumerated() where row < inner.height {
            _ = grid.write(line.0, at: Point(x: inner.x, y: inner.y + row), style: line.1, clip: inner)
        }
        if let start { _ = Self.startButton.draw(into: &grid, at: start.origin, clip: box) }
    }

    // MARK: - The table

    func render(cursor: Int, style: SetCardStyle, into grid: inout CellGrid) {
        guard let table, !showsLobby else {
            renderLobby(into: &grid)
            return
        }
        let layout = layout(in: grid.frame, style: style)
        drawStatus(table, into: &grid, in: layout.status)
        messageLine(table).draw(into: &grid, in: layout.message)
        let playing = table.phase == "playing"
        for (place, index) in table.board.enumerated() {
            guard let frame = layout.cell(of: place) else { continue }
            let isCursor = place == cursor && playing
            guard let index, let card = FriendsWire.card(index) else {
                if isCursor { Box(style: .rounded, frameStyle: Style.focusFrame(.plain)).draw(into: &grid, in: frame) }
                continue
            }
            let choosers = table.players.indices.filter { table.players[$0].selection.contains(index) }
            let mine = seat.map(choosers.contains) ?? false
            SetCardView.draw(card, in: frame, look: CardLook(selected: mine), isCursor: isCursor,
                             faces: layout.showsFaces, into: &grid)
            // In colour, a selection's frame is its player's colour: double for this player's
            // own, single for another's (without colour the numbers on the edge say whose).
            if let owner = mine ? seat : choosers.first, grid.theme.colorMode.hasColor {
                let style = Self.seatStyle(owner)
                Box(style: mine ? .double : .rounded, frameStyle: isCursor ? Style.focusFrame(style) : style)
                    .draw(into: &grid, in: frame)
            }
            drawMarks(choosers, on: frame, into: &grid)
        }
        buttons(table, fitting: layout.buttons.width).draw(into: &grid, in: layout.buttons)
    }

    /// The numbers of the players who selected a card, each in their colour, on its bottom edge.
    private func drawMarks(_ choosers: [Int], on frame: Rect, into grid: inout CellGrid) {
        guard !choosers.isEmpty, frame.width >= 5 else { return }
        var x = frame.x + 2
        for chooser in choosers where x + 3 <= frame.maxX - 1 {
            x += grid.write(" \(chooser + 1)", at: Point(x: x, y: frame.maxY - 1), style: Self.seatStyle(chooser), clip: frame)
        }
        if x < frame.maxX - 1 { _ = grid.write(" ", at: Point(x: x, y: frame.maxY - 1), style: .plain, clip: frame) }
    }

    /// The players and their scores, each in their colour, then the deck and the clock on the right.
    private func drawStatus(_ table: WireTable, into grid: inout CellGrid, in rect: Rect) {
        let right = "Deck \(table.deck)  \(PlayClock.text(elapsed))"
        let rightX = rect.maxX - DisplayWidth.of(right)
        _ = grid.write(right, at: Point(x: max(rect.x, rightX), y: rect.y), style: .bold, clip: rect)
        let room = Rect(x: rect.x, y: rect.y, width: max(0, rightX - rect.x - 2), height: 1)
        for fullness in 0..<3 {
            let parts = table.players.enumerated().map { Self.playerText($0.offset, $0.element, you: $0.offset == seat, fullness) }
            guard fullness == 2 || parts.map(DisplayWidth.of).reduce(0, +) + 2 * (parts.count - 1) <= room.width else { continue }
            var x = room.x
            for (index, part) in parts.enumerated() {
                x += grid.write(part, at: Point(x: x, y: room.y), style: Self.seatStyle(index).dimmed(table.players[index].away), clip: room)
                x += 2
            }
            return
        }
    }

    /// A player on the status line: "1 Ann 9 (3) you", "1 Ann 9", "1:9"; "away" while away.
    static func playerText(_ seat: Int, _ player: WireTable.Player, you: Bool, _ fullness: Int) -> String {
        let away = player.away ? " away" : ""
        switch fullness {
        case 0: return "\(seat + 1) \(player.name) \(player.score) (\(player.sets))" + (you ? " you" : "") + away
        case 1: return "\(seat + 1) \(player.name) \(player.score)" + away
        default: return "\(seat + 1):\(player.score)" + (player.away ? "a" : "")
        }
    }

    /// The last claim, and the votes for three more.
    private func messageLine(_ table: WireTable) -> StatusLine {
        let asking = table.players.filter { $0.more && !$0.away }.count
        let present = table.players.filter { !$0.away }.count
        if table.phase == "over" {
            return StatusLine(["No sets left and the deck is empty: game over.", "Game over."], tone: .strong)
        }
        let votes = asking > 0 ? "  \(asking) of \(present) ask for 3 more." : ""
        if let by = table.claimBy, table.players.indices.contains(by), let wasSet = table.claimWasSet {
            let name = by == seat ? "You" : table.players[by].name
            if wasSet {
                return StatusLine(["\(name): SET! +\(SetGame.setReward)" + votes, "\(name): SET!"], tone: .good)
            }
            return StatusLine(["\(name): not a set, −\(SetGame.mismatchPenalty)" + votes, "\(name): not a set"], tone: .bad)
        }
        if !votes.isEmpty { return StatusLine([String(votes.dropFirst(2))]) }
        return StatusLine(["Find a set: the first to select one takes it. d asks for 3 more.", "Find a set."])
    }

    /// The row of buttons: Deal 3 More (a vote), and the count asking.
    func buttons(_ table: WireTable, fitting width: Int) -> ActionButtons<SetScreen.Action> {
        let asked = seat.map { table.players.indices.contains($0) && table.players[$0].more } ?? false
        let title = asked ? "Deal 3 More: asked" : "Deal 3 More"
        return ActionButtons([(Button(title, hotKey: .character("d"), isEnabled: table.phase == "playing" && table.deck > 0),
                               SetScreen.Action.friends(.more))], spacing: 2, alignment: .center)
    }

    /// The action of a click at `point`: a card, the button, or the lobby's start.
    func action(at point: Point, in frame: Frame, style: SetCardStyle) -> SetScreen.Action? {
        if phase == "seating", let start = lobbyLayout(in: frame.bounds, lines: lobbyLines()).start, start.contains(point) {
            return .friends(.start)
        }
        guard let table, table.phase == "playing", closedReason == nil else { return nil }
        let layout = layout(in: frame, style: style)
        if let place = layout.place(at: point) { return .selectPlace(place) }
        return buttons(table, fitting: layout.buttons.width).action(at: point, in: layout.buttons)
    }

    /// The first cell inside the card under the cursor, while the game goes on.
    func cursorPoint(_ cursor: Int, in frame: Frame, style: SetCardStyle) -> Point? {
        guard let table, table.phase == "playing", closedReason == nil else { return nil }
        return layout(in: frame, style: style).cell(of: cursor).map { Box.inner(of: $0).origin }
    }

    // MARK: - The result

    /// The result at the end (everyone's scores, the winner), or why the table closed.
    func gameOver() -> GameOver<SetScreen.Action>? {
        let menu = (Button("Menu (m)", hotKey: .character("m")), SetScreen.Action.menu)
        if let table, table.phase == "over" {
            let winners = Self.winners(table)
            let title: String
            if winners.count > 1 {
                title = "A tie: " + winners.joined(separator: ", ")
            } else if let seat, table.players.indices.contains(seat), winners.first == table.players[seat].name {
                title = "You win!"
            } else {
                title = "\(winners.first ?? "Nobody") wins"
            }
            let lines = Self.standings(table).enumerated().map { place, player in
                "\(place + 1). \(player.name) \(player.score) (\(player.sets) sets)" + (player.away ? ", away" : "")
            }
            if isHosting {
                return GameOver(title: title, message: (lines + ["Time \(PlayClock.text(table.elapsed))"]).joined(separator: "\n"),
                                choices: [(Button("New table (n)", hotKey: .character("n")), .friends(.newTable)), menu],
                                preferredWidth: 32)
            }
            let more = ["", closedReason ?? "The host may deal a new table."]
            return GameOver(title: title,
                            message: (lines + ["Time \(PlayClock.text(table.elapsed))"] + more).joined(separator: "\n"),
                            choices: [menu], preferredWidth: 32)
        }
        guard let closedReason else { return nil }
        return GameOver(title: "The table is closed", message: closedReason, choices: [menu], preferredWidth: 40)
    }
}

private extension Style {
    /// Dim when `dim` (an away player's name).
    func dimmed(_ dim: Bool) -> Style {
        var style = self
        if dim { style.dim = true }
        return style
    }
}
