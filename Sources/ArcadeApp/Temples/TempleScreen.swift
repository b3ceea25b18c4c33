import ArcadeUI
import TempleModel

/// Temple flashcards: pictures beside names; match them, or study the pictures with names.
///
/// Match mode shows the unmatched pictures in a scrolling collection and their names in
/// a list, side by side; picking a picture and a name (either order) is an attempt,
/// "Correct" removes both. Study mode shows every picture with its name written on it.
/// One button ("Study" / "Match") switches, and the names pane slides away or back.
/// A `--deck` folder loads on a thread of its own (`DeckLoader`): meanwhile the screen
/// shows how far it is, and leaving it stops the loading.
struct TempleScreen: LegacyGameScreen {
    /// How long the switch between the modes takes, in seconds.
    static let transitionDuration = 0.3
    /// How often the loading screen looks at the loader: ten times a second.
    static let loadingTickInterval = 0.1

    /// Where a deck comes from.
    enum Origin: Equatable, Sendable {
        /// The built-in temples.
        case builtIn
        /// A `--deck` folder.
        case folder(String)
    }

    /// A deck being loaded, and what its loader last said.
    struct Loading {
        let loader: DeckLoader
        var progress: TempleDeck.Progress?
    }

    private(set) var game: TempleGame?
    private(set) var failure: String?
    /// Set while the deck loads; nil once it has (or for a deck given whole).
    private(set) var loading: Loading?
    private var pictures: [String: RGBAImage] = [:]
    private var years: [String: Int] = [:]
    /// What went wrong loading the deck, one line per file (the help sheet lists them).
    private(set) var notices: [String] = []
    private let cache = ScaledPictures()
    private(set) var focus: TempleGame.Pane = .pictures
    /// The picture under the cursor, as an index into the pictures shown.
    private(set) var pictureCursor = 0
    /// The first row of pictures shown (the collection scrolls by rows).
    private(set) var pictureScroll = 0
    private(set) var names = ListView(rows: [], showsMarker: true, selectedStyle: .plain)
    /// The message line, with shorter wordings for narrow terminals.
    private(set) var status: StatusText
    /// The message line's full wording.
    var message: String { status.full }
    /// Progress (0…1) of the animated switch to the model's current mode, while it runs.
    private(set) var transition: Double?
    /// Seconds spent matching, from the first pick until the deck is cleared.
    private(set) var elapsed = 0.0
    private var started = false
    private var recorded = false
    private var size: Size
    private let theme: Theme
    private let origin: Origin
    private let seed: UInt64

    /// A screen for a loaded deck, or for the reason there is none.
    init(deck: Result<TempleDeck, DeckError>, origin: Origin = .builtIn, seed: UInt64, size: Size, theme: Theme) {
        self.size = size
        self.theme = theme
        self.origin = origin
        self.seed = seed
        status = StatusText("")
        adopt(deck)
    }

    /// A screen showing `loader`'s progress until its deck is loaded, then the deck.
    init(loading loader: DeckLoader, origin: Origin, seed: UInt64, size: Size, theme: Theme) {
        self.size = size
        self.theme = theme
        self.origin = origin
        self.seed = seed
        status = StatusText("")
        loading = Loading(loader: loader)
    }

    /// Show `deck`, or the reason there is none.
    private mutating func adopt(_ deck: Result<TempleDeck, DeckError>) {
        switch deck {
        case .success(let deck):
            let game = TempleGame(cards: deck.entries.map(\.card), seed: seed)
            self.game = game
            for entry in deck.entries {
                pictures[entry.card.id] = entry.picture
                years[entry.card.id] = entry.year
            }
            notices = deck.notices
            status = deck.notices.first.map { notice in
                StatusText(notice, tail: deck.notices.count > 1 ? "(and \(deck.notices.count - 1) more: press ?)" : "")
            } ?? StatusText("Pick a picture and its name, in either order.", "Pick a picture and its name.")
            names.rows = game.remainingNames.map(\.name)
        case .failure(let error):
            failure = error.description
            status = StatusText("")
        }
    }

    // MARK: - GameScreen

    var minimumSize: Size { Size(width: 60, height: 16) }
    // Once the deck is loaded nothing ticks until a clock or an animation runs.
    var wantsTicks: Bool { loading != nil || transition != nil || isInProgress }
    var tickInterval: Double { loading != nil ? Self.loadingTickInterval : transition != nil ? 1.0 / 30.0 : 1 }
    var isInProgress: Bool {
        guard let game else { return false }
        return started && !game.isComplete && game.mode == .match
    }

    var keyHints: [KeyHint] {
        if loading != nil { return [] }  // the shell's "q menu" is the one key that acts
        guard let game else { return [KeyHint("Enter", "back")] }
        return game.mode == .match
            ? [KeyHint("Tab", "pane"), KeyHint("Enter", "pick"), KeyHint("s", "study"), KeyHint("r", "reset")]
            : [KeyHint("↑↓", "scroll"), KeyHint("m", "match")]
    }

    var help: HelpSheet {
        HelpSheet(
            title: "Temples",
            keys: [
                KeyHint("Tab  Shift-Tab", "switch between pictures and names"),
                KeyHint("← → ↑ ↓  h j k l", "move within a pane (scroll in study mode)"),
                KeyHint("Enter  Space", "pick the picture or name under the cursor"),
                KeyHint("click", "pick a picture or a name; press a button"),
                KeyHint("PgUp  PgDn  wheel", "scroll"),
                KeyHint("Home  End", "first / last picture or name (study: top / bottom)"),
                KeyHint("s  m", "switch to Study / back to Match"),
                KeyHint("r", "reset: all pictures and names back, tallies cleared"),
            ],
            // The deck's notices first: the message line sends the player here for them.
            notes: deckNotes + [
                "Pick a picture and the name of that temple, in either order. A correct match "
                    + "takes both away; an incorrect one clears both picks. Tallies stay until Reset.",
                "Study mode shows every temple with its name on the picture; nothing can be picked.",
                "The pictures are original pixel art drawn for this game from written descriptions.",
            ])
    }

    /// The deck's notices for the help sheet: the first few, and how many more.
    private var deckNotes: [String] {
        guard !notices.isEmpty else { return [] }
        let shown = 8
        let more = notices.count > shown ? ["(and \(notices.count - shown) more)"] : []
        return ["Loading the deck:"] + notices.prefix(shown).map { "- \($0)" } + more
    }

    func consumes(_ key: Key) -> Bool {
        failure != nil && key == .enter
    }

    /// Leaving while the deck loads stops the loading.
    mutating func willLeave() -> [GameEffect] {
        loading?.loader.cancel()
        return []
    }

    mutating func update(_ input: Input) -> [GameEffect] {
        if loading != nil {
            switch input {
            case .tick: checkLoader()
            case .resize(let newSize): size = newSize
            case .key, .mouse: break  // nothing to pick yet; q and Esc are the shell's
            }
            return []
        }
        guard game != nil else {
            if case .key(.enter) = input { return [.leave] }
            if case .resize(let newSize) = input { size = newSize }
            return []
        }
        switch input {
        case .tick(let seconds):
            advance(by: seconds)
        case .resize(let newSize):
            size = newSize
            clampScroll()
        case .key(let key):
            return handle(key)
        case .mouse(let event):
            return mouse(event)
        }
        return []
    }

    /// What the loader says now: how far it is, or the deck, which the screen then shows.
    private mutating func checkLoader() {
        guard let loader = loading?.loader else { return }
        switch loader.state {
        case .loading(let progress):
            loading?.progress = progress
        case .finished(let result):
            loading = nil
            adopt(result)
            clampScroll()
        }
    }

    // MARK: - Actions

    private mutating func handle(_ key: Key) -> [GameEffect] {
        guard let game else { return [] }
        switch key {
        case .character("s"), .character("S"), .character("m"), .character("M"):
            toggleMode()
            return []
        case .character("r"), .character("R"):
            reset()
            return []
        default:
            break
        }
        if game.mode == .study {
            switch key {
            case .up, .character("k"), .pageUp: scroll(by: key == .pageUp ? -2 : -1)
            case .down, .character("j"), .pageDown, .space: scroll(by: key == .pageDown || key == .space ? 2 : 1)
            case .home: pictureScroll = 0
            case .end: scrollToBottom()
            default: break
            }
            return []
        }
        switch key {
        case .tab, .backTab:
            focus = focus == .pictures ? .names : .pictures
        case .enter, .space:
            return pick(in: focus)
        default:
            if focus == .names, let movement = ListView.Movement(key: key, vimKeys: true) {
                names.move(movement)
                names.ensureVisible(height: layout().namesList.height)
            } else if focus == .pictures, let direction = key.direction(vimKeys: true) {
                movePictureCursor(direction)
            } else if focus == .pictures, key == .home || key == .end {
                pictureCursor = key == .home ? 0 : max(0, game.visiblePictures.count - 1)
                revealPictureCursor()
            } else if focus == .pictures, key == .pageUp || key == .pageDown {
                scroll(by: key == .pageUp ? -1 : 1)
            }
        }
        return []
    }

    private mutating func mouse(_ event: MouseEvent) -> [GameEffect] {
        let layout = layout()
        switch event.action {
        case .wheelUp, .wheelDown:
            let step = event.action == .wheelUp ? -1 : 1
            if layout.namesList.contains(event.at) {
                names.move(step < 0 ? .up : .down)
                names.ensureVisible(height: layout.namesList.height)
            } else {
                scroll(by: step)
            }
            return []
        case .press:
            break
        default:
            return []
        }
        switch layout.buttons.index(at: event.at, in: layout.buttonRow) {
        case 0?:
            toggleMode()
            return []
        case 1?:
            reset()
            return []
        default:
            break
        }
        guard game?.mode == .match else { return [] }
        if let index = layout.pictureIndex(at: event.at) {
            focus = .pictures
            pictureCursor = index
            return pick(in: .pictures)
        }
        if let index = names.index(at: event.at, in: layout.namesList) {
            focus = .names
            names.select(index)
            names.ensureVisible(height: layout.namesList.height)
            return pick(in: .names)
        }
        return []
    }

    private mutating func pick(in pane: TempleGame.Pane) -> [GameEffect] {
        guard var game, game.mode == .match, transition == nil else { return [] }
        let id: String?
        switch pane {
        case .pictures:
            let shown = game.visiblePictures
            id = shown.indices.contains(pictureCursor) ? shown[pictureCursor].id : nil
        case .names:
            let remaining = game.remainingNames
            id = remaining.indices.contains(names.selectedIndex) ? remaining[names.selectedIndex].id : nil
        }
        guard let id else { return [] }
        started = true
        let outcome = game.pick(id, in: pane)
        self.game = game
        switch outcome {
        case .correct(let matched):
            let card = game.card(id: matched)
            let name = "Correct — \(card?.name ?? matched)"
            let year = years[matched].map(String.init)
            let place = [card?.location ?? "", year ?? ""].filter { !$0.isEmpty }
            // On a narrow line the year alone, then the name cut with "…".
            status = StatusText([name + (place.isEmpty ? "" : " (\(place.joined(separator: ", ")))")]
                                + (place.count > 1 ? [name + " (\(year ?? ""))"] : []))
            names.rows = game.remainingNames.map(\.name)
            names.ensureVisible(height: layout().namesList.height)
            pictureCursor = min(pictureCursor, max(0, game.visiblePictures.count - 1))
            clampScroll()
            if game.isComplete { return finish() }
        case .incorrect:
            status = StatusText("Incorrect — both picks cleared. Try again.", "Incorrect — try again.")
        case .picked:
            status = pane == .pictures ? StatusText("Picture picked: now pick its name.", "Now pick its name.")
                                       : StatusText("Name picked: now pick its picture.", "Now pick its picture.")
            focus = pane == .pictures ? .names : .pictures
        case .ignored:
            break
        }
        return []
    }

    private mutating func finish() -> [GameEffect] {
        guard let game, !recorded else { return [] }
        recorded = true
        let accuracy = Int(((game.accuracy ?? 0) * 100).rounded())
        let time = SetScreen.clock(elapsed)
        status = StatusText("All \(game.totalCount) matched — accuracy \(accuracy)% in \(time). Press r to play again.",
                            "All \(game.totalCount) matched — \(accuracy)% in \(time). Press r to play again.",
                            "\(accuracy)% in \(time). Press r to play again.")
        // Only the built-in deck's games are kept. The Temples table and the menu's "best"
        // line compare games of the same twenty temples; a folder's deck may hold one card
        // or a thousand and change between runs, so its 100% would stand above every real
        // game of the temples, and a table per folder would compare unlike decks too and be
        // shown nowhere. A player who brings a deck sees the result on this line instead.
        guard origin == .builtIn else { return [] }
        return [.recordScore(accuracy, figures: [
            "accuracy": "\(accuracy)%", "time": SetScreen.clock(elapsed), "correct": String(game.correctCount),
            "incorrect": String(game.incorrectCount), "deck": "temples",
        ])]
    }

    private mutating func toggleMode() {
        guard var game else { return }
        game.toggleMode()
        self.game = game
        // A second press mid-animation turns it around from where it is.
        transition = transition.map { 1 - $0 } ?? 0
        pictureScroll = 0
        status = game.mode == .study
            ? StatusText("Study mode: every temple with its name. Press m to match.", "Study mode. Press m to match.")
            : StatusText("Match mode: pick a picture and its name.", "Match mode.")
    }

    private mutating func reset() {
        guard var game, game.canReset else { return }
        game.reset()
        self.game = game
        names.rows = game.remainingNames.map(\.name)
        names.select(0)
        pictureCursor = 0
        pictureScroll = 0
        elapsed = 0
        started = false
        recorded = false
        status = StatusText("Reset: all pictures and names are back, tallies cleared.", "Reset: all back, tallies cleared.")
    }

    private mutating func advance(by seconds: Double) {
        if let progress = transition {
            let next = progress + seconds / Self.transitionDuration
            transition = next >= 1 ? nil : next
            clampScroll()
        }
        if isInProgress { elapsed += seconds }
    }

    private mutating func movePictureCursor(_ direction: Direction) {
        guard let game else { return }
        let layout = layout()
        let count = game.visiblePictures.count
        guard count > 0 else { return }
        switch direction {
        case .left: pictureCursor = max(0, pictureCursor - 1)
        case .right: pictureCursor = min(count - 1, pictureCursor + 1)
        case .up, .down:
            if let target = layout.flow.neighbour(of: pictureCursor, goingDown: direction == .down) {
                pictureCursor = target
            }
        }
        revealPictureCursor()
    }

    /// Scroll so that the cursor's row of pictures is on screen.
    private mutating func revealPictureCursor() {
        let layout = layout()
        let row = layout.flow.row(of: pictureCursor)
        if row < pictureScroll { pictureScroll = row }
        if row >= pictureScroll + layout.visibleRows { pictureScroll = row - layout.visibleRows + 1 }
    }

    /// Scroll to the last rows of pictures.
    private mutating func scrollToBottom() {
        let layout = layout()
        pictureScroll = max(0, layout.flow.rowCount - layout.visibleRows)
    }

    private mutating func scroll(by rows: Int) {
        pictureScroll += rows
        clampScroll()
    }

    private mutating func clampScroll() {
        let layout = layout()
        pictureScroll = min(max(0, pictureScroll), max(0, layout.flow.rowCount - layout.visibleRows))
    }

    // MARK: - Layout

    /// The part of the names pane still shown: 1 in match mode, 0 in study, in between while sliding.
    var namesFraction: Double {
        guard let game else { return 0 }
        let target: Double = game.mode == .match ? 1 : 0
        guard let progress = transition else { return target }
        let eased = progress * progress * (3 - 2 * progress)
        return target == 1 ? eased : 1 - eased
    }

    func layout() -> TempleLayout {
        let shown = game?.visiblePictures ?? []
        return TempleLayout(size: size, namesFraction: namesFraction, pictures: shown.map { pictures[$0.id] },
                            scroll: pictureScroll, mode: game?.mode ?? .match, canReset: game?.canReset ?? false)
    }

    // MARK: - Drawing

    func render(into grid: inout CellGrid) {
        if let loading {
            renderLoading(loading.progress, into: &grid)
            return
        }
        guard let game else {
            renderFailure(into: &grid)
            return
        }
        let layout = layout()
        let ascii = grid.theme.ascii
        let talliesRow = Rect(x: 1, y: 0, width: max(0, layout.buttonRow.x - 2), height: 1)
        grid.write(tallies(game).fitted(toWidth: talliesRow.width, ascii: ascii), at: talliesRow.origin, style: .bold,
                   clip: talliesRow)
        layout.buttons.draw(into: &grid, in: layout.buttonRow)
        let messageStyle: Style = switch game.lastResult {
        case .correct?: Style.bold.foreground(.green)
        case .incorrect?: Style.bold.foreground(.red)
        case nil: .plain
        }
        let messageRow = Rect(x: 1, y: 1, width: max(0, grid.size.width - 2), height: 1)
        grid.write(status.fitted(toWidth: messageRow.width, ascii: ascii), at: messageRow.origin, style: messageStyle,
                   clip: messageRow)

        let picturesFocused = game.mode == .match && focus == .pictures && transition == nil
        Box(title: game.mode == .study ? "Study: every temple" : "Pictures",
            style: picturesFocused ? .double : .single, frameStyle: picturesFocused ? Style.bold.foreground(.cyan) : .dim)
            .draw(into: &grid, in: layout.picturesPane)
        drawPictures(game, layout: layout, into: &grid)
        if layout.namesPane.width >= 4 {
            let namesFocused = game.mode == .match && focus == .names && transition == nil
            Box(title: "Names", style: namesFocused ? .double : .single,
                frameStyle: namesFocused ? Style.bold.foreground(.cyan) : .dim, fillsInterior: true)
                .draw(into: &grid, in: layout.namesPane)
            drawNames(game, layout: layout, focused: namesFocused, into: &grid)
        }
    }

    /// The tallies line: correct, incorrect, left and (matching) the time, in shorter wordings
    /// for a narrow line.
    private func tallies(_ game: TempleGame) -> StatusText {
        let counts = ["Correct \(game.correctCount)", "Incorrect \(game.incorrectCount)", "Left \(game.remainingCount)"]
        guard game.mode == .match else {
            return StatusText(counts.joined(separator: "   "), counts.joined(separator: "  "))
        }
        let time = SetScreen.clock(elapsed)
        return StatusText((counts + ["Time \(time)"]).joined(separator: "   "), (counts + [time]).joined(separator: "  "),
                          counts.joined(separator: "  "))
    }

    private func drawPictures(_ game: TempleGame, layout: TempleLayout, into grid: inout CellGrid) {
        let shown = game.visiblePictures
        let clip = Box.inner(of: layout.picturesPane)
        for (index, card) in shown.enumerated() {
            guard layout.isShown(index), let frame = layout.pictureFrame(index) else { continue }
            let picked = game.isPicked(card.id, in: .pictures)
            let isCursor = game.mode == .match && index == pictureCursor
            // The cursor is the ◆ in a corner alone: moving it repaints two cells, not two frames.
            let frameStyle: Style = picked ? Style.bold.foreground(.yellow) : .plain
            drawFramed(card, in: frame, clip: clip, style: picked ? .double : .rounded, frameStyle: frameStyle,
                       pixelHeight: layout.pixelHeight(of: index), into: &grid)
            if isCursor, clip.contains(frame.origin) {
                grid.put(grid.theme.ascii ? ">" : "◆", at: frame.origin, style: Style().foreground(.yellow))
            }
            if game.mode == .study {
                drawLabel(card.name, in: frame, clip: clip, pictureRows: layout.pictureRows, into: &grid)
            }
        }
        if layout.flow.rowCount > layout.visibleRows {
            let glyphs = Glyphs(theme: grid.theme)
            let x = layout.picturesPane.maxX - 1
            if pictureScroll > 0 { grid.put(glyphs.moreAbove, at: Point(x: x, y: layout.picturesPane.y + 1), style: .bold) }
            if pictureScroll + layout.visibleRows < layout.flow.rowCount {
                grid.put(glyphs.moreBelow, at: Point(x: x, y: layout.picturesPane.maxY - 2), style: .bold)
            }
        }
    }

    /// A picture in its border, scaled to the layout's size for it (cached per height) and
    /// centred in the frame's height when it had to shrink to fit the pane's width.
    private func drawFramed(_ card: Flashcard, in frame: Rect, clip: Rect, style: BoxStyle, frameStyle: Style,
                            pixelHeight: Int, into grid: inout CellGrid) {
        var framed = CellGrid(size: frame.size, theme: grid.theme)
        Box(style: style, frameStyle: frameStyle).draw(into: &framed, in: framed.bounds)
        if let original = pictures[card.id], pixelHeight > 0 {
            let scaled = cache.picture(card.id, original, pixelHeight: pixelHeight)
            let inner = Box.inner(of: framed.bounds)
            let top = max(0, (inner.height - (scaled.height + 1) / 2) / 2)
            PictureCells.draw(scaled, at: Point(x: 1, y: 1 + top), into: &framed, clip: inner)
        }
        // Copy what lies inside the pane.
        let visible = frame.intersection(clip)
        for y in visible.y..<visible.maxY {
            for x in visible.x..<visible.maxX {
                let cell = framed[x - frame.x, y - frame.y]
                if cell.isContinuation { continue }
                grid.put(cell.scalar, at: Point(x: x, y: y), style: cell.style)
            }
        }
    }

    /// A temple's name written across the bottom of its picture (study mode).
    private func drawLabel(_ name: String, in frame: Rect, clip: Rect, pictureRows: Int, into grid: inout CellGrid) {
        let inner = Box.inner(of: frame)
        let lines = Self.labelLines(name, width: inner.width, maxLines: Self.labelLineLimit(pictureRows: pictureRows),
                                    ascii: grid.theme.ascii)
        let style = Style(foreground: .white, background: .black, bold: true)
        for (offset, line) in lines.enumerated() {
            let y = inner.maxY - lines.count + offset
            let row = Rect(x: inner.x, y: y, width: inner.width, height: 1).intersection(clip)
            guard !row.isEmpty else { continue }
            grid.fill(row, style: style)
            let x = inner.x + max(0, (inner.width - DisplayWidth.of(line)) / 2)
            grid.write(line, at: Point(x: x, y: y), style: style, clip: row)
        }
    }

    /// How many lines a name label may cover on a picture `pictureRows` high: up to three,
    /// never more than half the picture (one on the smallest pictures).
    static func labelLineLimit(pictureRows: Int) -> Int {
        max(1, min(3, pictureRows / 2))
    }

    /// A name as label lines `width` columns wide, at most `maxLines`: the whole name wrapped
    /// at spaces, or, when it needs more lines, its start with the last line ending in "…".
    ///
    /// The end of a name alone ("China Temple" for "Hong Kong China Temple") is never shown:
    /// it reads as another temple's name.
    static func labelLines(_ name: String, width: Int, maxLines: Int, ascii: Bool) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        let lines = TextLayout.wrapped(name, toWidth: width)
        guard lines.count > maxLines else { return lines }
        let kept = Array(lines.prefix(maxLines - 1))
        // What the kept lines leave of the name (wrapping drops the spaces it breaks at).
        var rest = Substring(name)
        for character in kept.joined() {
            while rest.first == " " && character != " " { rest.removeFirst() }
            if rest.first == character { rest.removeFirst() }
        }
        return kept + [shortened(String(rest.drop { $0 == " " }), toWidth: width, ascii: ascii)]
    }

    /// `text` cut to `width` columns with "…", after a whole word when at least one fits.
    private static func shortened(_ text: String, toWidth width: Int, ascii: Bool) -> String {
        guard TextLayout.width(of: text) > width else { return text }
        let ellipsis = Glyphs(ascii: ascii).ellipsis
        let words = text.split(separator: " ")
        var fitting = ""
        for word in words {
            let longer = fitting.isEmpty ? String(word) : fitting + " " + word
            guard TextLayout.width(of: longer + ellipsis) <= width else { break }
            fitting = longer
        }
        return fitting.isEmpty ? TextLayout.truncated(text, toWidth: width, ascii: ascii) : fitting + ellipsis
    }

    private func drawNames(_ game: TempleGame, layout: TempleLayout, focused: Bool, into grid: inout CellGrid) {
        var list = names
        list.showsMarker = focused
        list.draw(into: &grid, in: layout.namesList)
        let range = list.visibleRange(height: layout.namesList.height)
        for (index, card) in game.remainingNames.enumerated() where range.contains(index) && game.isPicked(card.id, in: .names) {
            let y = layout.namesList.y + index - range.lowerBound
            grid.restyle(Rect(x: layout.namesList.x, y: y, width: layout.namesList.width, height: 1)) { style in
                style.reverse = true
                style.bold = true
            }
        }
    }

    /// "Loading pictures 7/12…", the file being read and a bar, in a frame in the middle.
    private func renderLoading(_ progress: TempleDeck.Progress?, into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        let ellipsis = Glyphs(ascii: ascii).ellipsis
        let frame = grid.bounds.centered(Size(width: min(grid.size.width, 64), height: min(grid.size.height, 9)))
        let box = Box(title: "Temples", style: .rounded, frameStyle: .dim)
        box.draw(into: &grid, in: frame)
        let inner = box.inner(of: frame)
        let width = max(0, inner.width - 4)
        func line(_ text: String, _ row: Int, style: Style = .plain) {
            guard row < inner.height else { return }
            grid.write(TextLayout.truncated(text, toWidth: width, ascii: ascii), at: Point(x: inner.x + 2, y: inner.y + row),
                       style: style, clip: inner)
        }
        guard let progress, progress.total > 0 else {
            line("Reading the folder" + ellipsis, 1, style: .bold)
            line("q: back to the menu", 5, style: .dim)
            return
        }
        line("Loading pictures \(progress.picture + 1)/\(progress.total)" + ellipsis, 1, style: .bold)
        line(progress.file, 2)
        let percent = "\(Int((progress.overall * 100).rounded(.down)))%"
        let barWidth = max(0, width - DisplayWidth.of(percent) - 1)
        let filled = min(barWidth, Int((progress.overall * Double(barWidth)).rounded(.down)))
        let y = inner.y + 3
        if y < inner.maxY {
            for offset in 0..<barWidth {
                let isFilled = offset < filled
                let glyph: Unicode.Scalar = ascii ? (isFilled ? "#" : "-") : (isFilled ? "█" : "░")
                grid.put(glyph, at: Point(x: inner.x + 2 + offset, y: y), style: isFilled ? Style().foreground(.cyan) : .dim,
                         clip: inner)
            }
            grid.write(percent, at: Point(x: inner.x + 2 + barWidth + 1, y: y), clip: inner)
        }
        line("q: back to the menu", 5, style: .dim)
    }

    private func renderFailure(into grid: inout CellGrid) {
        Dialog(title: "Temples", message: (failure ?? "") + "\n\nPress Enter or Esc to go back.",
               buttons: [Button("Back to menu", hotKey: .enter, isFocused: true)], preferredWidth: 60,
               style: Style.bold.foreground(.yellow))
            .draw(into: &grid, in: grid.bounds)
    }
}

/// Scaled copies of the pictures as last drawn, one per picture, at most `byteLimit` bytes.
///
/// Only the pictures on screen are drawn, and together they are never larger than the
/// pane, so a few megabytes hold every one of them; the least recently drawn go first.
/// (Keeping a copy per height ever drawn grew with every resize.)
final class ScaledPictures: @unchecked Sendable {
    /// The most bytes of scaled pictures kept (8 MiB: two million pixels, more than any pane).
    static let byteLimit = 8 << 20

    private var scaled: [String: (picture: RGBAImage, lastUse: Int)] = [:]
    private var bytes = 0
    private var uses = 0

    /// `original` scaled to `pixelHeight` pixels high, from the cache when made before.
    func picture(_ id: String, _ original: RGBAImage, pixelHeight: Int) -> RGBAImage {
        uses += 1
        if let done = scaled[id], done.picture.height == min(pixelHeight, PictureCells.maximumScaledHeight) {
            scaled[id]?.lastUse = uses
            return done.picture
        }
        let picture = PictureCells.scaled(original, toHeight: pixelHeight)
        if let old = scaled.removeValue(forKey: id) { bytes -= old.picture.byteCount }
        scaled[id] = (picture, uses)
        bytes += picture.byteCount
        while bytes > Self.byteLimit, scaled.count > 1,
              let oldest = scaled.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.picture.byteCount
            scaled.removeValue(forKey: oldest.key)
        }
        return picture
    }

    /// The bytes the kept copies take.
    var byteCount: Int { bytes }
}

/// Where the parts of the temples screen go: header, pictures pane (a flow of framed
/// pictures, all one height, widths by their proportions), names pane.
struct TempleLayout {
    var buttons: ButtonRow
    var buttonRow: Rect
    var picturesPane: Rect
    var namesPane: Rect
    var namesList: Rect
    /// Cell rows of each picture (the framed picture is two more).
    var pictureRows: Int
    /// The pixel height each picture is scaled to: `pictureRows × 2`, or less for a picture
    /// so wide that it is shrunk to fit the pane's width.
    var pixelHeights: [Int]
    var flow: PictureFlow
    var scroll: Int
    var visibleRows: Int

    init(size: Size, namesFraction: Double, pictures: [RGBAImage?], scroll: Int, mode: TempleGame.Mode, canReset: Bool) {
        buttons = ButtonRow([
            Button(mode == .match ? "Study" : "Match", hotKey: .character(mode == .match ? "s" : "m")),
            Button("Reset", hotKey: .character("r"), isEnabled: canReset),
        ], spacing: 1, alignment: .right)
        buttonRow = Rect(x: max(0, size.width - buttons.width - 1), y: 0, width: buttons.width, height: 1)
        let body = Rect(x: 0, y: 2, width: size.width, height: max(0, size.height - 2))
        let fullNames = min(38, max(24, size.width * 2 / 5))
        let namesWidth = Int((Double(fullNames) * namesFraction).rounded())
        namesPane = Rect(x: body.maxX - namesWidth, y: body.y, width: namesWidth, height: body.height)
        namesList = Box.inner(of: namesPane)
        picturesPane = Rect(x: body.x, y: body.y, width: body.width - namesWidth, height: body.height)
        let inner = Box.inner(of: picturesPane)
        // The size is chosen for the pane as it is once the names pane has finished sliding,
        // so the pictures keep their size while it slides.
        let settledWidth = Box.inner(of: Rect(x: 0, y: 0, width: body.width - (mode == .match ? fullNames : 0),
                                               height: body.height)).width
        let largest = max(Self.smallArtRows, pictures.compactMap { $0.map { ($0.height + 1) / 2 } }.max() ?? 0)
        let rows = Self.pictureRows(paneHeight: inner.height, largest: largest) { rows in
            let (_, widths) = Self.frameWidths(of: pictures, rows: rows, rowWidth: Self.rowWidth(settledWidth))
            let flow = PictureFlow(widths: widths, rowWidth: Self.rowWidth(settledWidth), height: rows + 2)
            return flow.rowCount <= max(1, inner.height / (rows + 2))
        }
        pictureRows = rows
        let rowWidth = Self.rowWidth(inner.width)
        let (heights, widths) = Self.frameWidths(of: pictures, rows: rows, rowWidth: rowWidth)
        pixelHeights = heights
        flow = PictureFlow(widths: widths, rowWidth: rowWidth, height: rows + 2)
        visibleRows = max(1, inner.height / (rows + 2))
        self.scroll = min(max(0, scroll), max(0, flow.rowCount - visibleRows))
    }

    /// The most rows a picture smaller than this takes: small art is enlarged up to it.
    static let smallArtRows = 12

    /// Rows of each picture in a pane `paneHeight` rows high (inside its frame), for art
    /// whose tallest picture is `largest` rows at its own resolution.
    ///
    /// The framed pictures fill the pane: two rows of them, or as many as it takes to keep
    /// each within `largest` rows, with less than one row of cells to spare per row of
    /// pictures. When the whole deck would fit at a larger size (`allFit`), it gets that.
    static func pictureRows(paneHeight: Int, largest: Int, allFit: (Int) -> Bool) -> Int {
        let largest = max(1, largest)
        let frameRows = max(2, (paneHeight + largest + 1) / (largest + 2))
        let filling = max(1, min(largest, paneHeight / frameRows - 2))
        let tallest = min(largest, paneHeight - 2)
        if tallest > filling, let bigger = (filling + 1...tallest).reversed().first(where: allFit) { return bigger }
        return filling
    }

    /// The width a row of pictures may take in a pane whose inside is `innerWidth` wide.
    private static func rowWidth(_ innerWidth: Int) -> Int {
        max(1, innerWidth - 1)
    }

    /// The pixel height of each picture and the width of its frame, for pictures `rows` high
    /// in rows `rowWidth` wide: a picture takes the row's height, or less when that would
    /// make it wider than a row.
    private static func frameWidths(of pictures: [RGBAImage?], rows: Int, rowWidth: Int) -> ([Int], [Int]) {
        let widest = max(1, rowWidth - 2)
        let heights = pictures.map { picture in
            picture.map { PictureCells.fittedHeight(width: $0.width, height: $0.height, rows: rows, maxWidth: widest) }
                ?? rows * 2
        }
        let widths = zip(pictures, heights).map { picture, pixels in
            (picture.map { min(widest, PictureCells.scaledWidth(width: $0.width, height: $0.height, toHeight: pixels)) }
                ?? rows * 2) + 2
        }
        return (heights, widths)
    }

    /// The pixel height picture `index` is drawn at (0 for no such picture).
    func pixelHeight(of index: Int) -> Int {
        pixelHeights.indices.contains(index) ? pixelHeights[index] : 0
    }

    /// True when picture `index` is in one of the rows of pictures shown (only whole rows are drawn).
    func isShown(_ index: Int) -> Bool {
        guard let place = flow.place(of: index) else { return false }
        return place.row >= scroll && place.row < scroll + visibleRows
    }

    /// The frame of picture `index` on screen (outside the pane when its row is scrolled away).
    func pictureFrame(_ index: Int) -> Rect? {
        guard let place = flow.place(of: index) else { return nil }
        let inner = Box.inner(of: picturesPane)
        let rowsUsed = min(visibleRows, flow.rowCount) * flow.height
        let top = inner.y + max(0, (inner.height - rowsUsed) / 2)
        return Rect(x: inner.x + place.x, y: top + (place.row - scroll) * flow.height,
                    width: place.width, height: flow.height)
    }

    /// The picture a click at `point` lands on.
    func pictureIndex(at point: Point) -> Int? {
        let inner = Box.inner(of: picturesPane)
        guard inner.contains(point) else { return nil }
        return (0..<flow.count).first { isShown($0) && pictureFrame($0)?.contains(point) == true }
    }
}

/// Pictures placed left to right, wrapping into rows, like a collection view.
struct PictureFlow {
    struct Place {
        var row: Int
        var x: Int
        var width: Int
    }

    private(set) var places: [Place] = []
    let height: Int

    init(widths: [Int], rowWidth: Int, height: Int) {
        self.height = height
        var placed: [Place] = []
        var row = 0, x = 0
        var rowWidths: [Int] = []  // the width each row uses, for centring
        for width in widths {
            if x > 0 && x + width > rowWidth {
                row += 1
                x = 0
            }
            if x == 0 { rowWidths.append(0) }
            placed.append(Place(row: row, x: x, width: width))
            x += width + 1
            rowWidths[row] = x - 1
        }
        // Centre each row in the pane.
        for index in placed.indices {
            placed[index].x += max(0, (rowWidth - rowWidths[placed[index].row]) / 2)
        }
        places = placed
    }

    var count: Int { places.count }
    var rowCount: Int { (places.last?.row ?? -1) + 1 }

    func place(of index: Int) -> Place? {
        places.indices.contains(index) ? places[index] : nil
    }

    func row(of index: Int) -> Int {
        place(of: index)?.row ?? 0
    }

    /// The picture in the row above or below `index` whose middle is nearest its middle.
    func neighbour(of index: Int, goingDown: Bool) -> Int? {
        guard let here = place(of: index) else { return nil }
        let target = here.row + (goingDown ? 1 : -1)
        let middle = here.x + here.width / 2
        return places.indices.filter { places[$0].row == target }
            .min { abs(places[$0].x + places[$0].width / 2 - middle) < abs(places[$1].x + places[$1].width / 2 - middle) }
    }
}

/// A line of text that fits its row: the first of its wordings (longest first) that fits, or
/// else the last one cut with "…"; a `tail` ("(and 2 more: press ?)") stays whole after a cut.
struct StatusText: Equatable, Sendable {
    /// The wordings, longest first; never empty.
    let wordings: [String]
    /// Text kept after any wording, even a cut one.
    let tail: String

    init(_ wordings: [String], tail: String = "") {
        self.wordings = wordings.isEmpty ? [""] : wordings
        self.tail = tail
    }

    init(_ wordings: String..., tail: String = "") {
        self.init(wordings, tail: tail)
    }

    /// The longest wording with the tail.
    var full: String { joined(wordings[0]) }

    /// The text to show in `width` columns.
    func fitted(toWidth width: Int, ascii: Bool) -> String {
        if let fitting = wordings.first(where: { TextLayout.width(of: joined($0)) <= width }) { return joined(fitting) }
        let shortest = wordings[wordings.count - 1]
        let tailWidth = TextLayout.width(of: tail)
        guard !tail.isEmpty, tailWidth + 1 + TextLayout.width(of: Glyphs(ascii: ascii).ellipsis) + 1 <= width else {
            return TextLayout.truncated(joined(shortest), toWidth: width, ascii: ascii)
        }
        return TextLayout.truncated(shortest, toWidth: width - tailWidth - 1, ascii: ascii) + " " + tail
    }

    private func joined(_ wording: String) -> String {
        tail.isEmpty ? wording : wording + " " + tail
    }
}
