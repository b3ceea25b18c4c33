import ArcadeUI
import TempleModel

/// Where the parts of the temples screen go: the tallies and the buttons on the top row,
/// the message line, then the pictures pane (a flow of framed pictures, all one height,
/// widths by their proportions) beside the names pane.
///
/// Built from the frame's size, the pictures' sizes and the match page's state (kept in the
/// page's value by `TempleLayoutCache`); drawing, hit-testing and the cursor use the same
/// value.
struct TempleLayout {
    /// The rows above the panes: tallies and buttons, then the message.
    static let headerRows = 1, messageRows = 1
    /// The names pane's width in match mode: two fifths of the screen, within these bounds.
    static let namesWidths = 24...38

    /// Study / Match and Reset, drawn in `buttonRow` at the right of the top row.
    var buttons: ActionButtons<TempleScreen.Action>
    var buttonRow: Rect
    /// Correct, incorrect, left and the time, left of the buttons; the message under them.
    var tallies: Rect, message: Rect
    /// The two panes side by side (the names pane narrows as it slides away), and the
    /// names list inside its frame.
    var picturesPane: Rect, namesPane: Rect, namesList: Rect
    /// Cell rows of each picture (the framed picture is two more).
    var pictureRows: Int
    /// The pixel height each picture is scaled to: `pictureRows × 2`, or less for a picture
    /// so wide that it is shrunk to fit the pane's width.
    var pixelHeights: [Int]
    var flow: PictureFlow
    var scroll: Int
    var visibleRows: Int

    /// The layout of a screen `size` big whose pictures are `pictures` big (in pixels; nil
    /// for a card without one), scrolled `scroll` rows down (clamped to the rows there are).
    init(size: Size, namesFraction: Double, pictures: [Size?], scroll: Int, mode: TempleGame.Mode,
         canReset: Bool) {
        buttons = ActionButtons([
            (Button(mode == .match ? "Study" : "Match", hotKey: .character(mode == .match ? "s" : "m")),
             .match(.toggleMode)),
            (Button("Learn", hotKey: .character("l")), .openLearn),
            (Button("Reset", hotKey: .character("r"), isEnabled: canReset), .match(.reset)),
        ], spacing: 1, alignment: .right)
        let top = Self.bands(of: size, buttonsWidth: buttons.row.width)
        (buttonRow, tallies, message) = (top.buttonRow, top.header, top.message)
        let body = top.body
        let fullNames = min(Self.namesWidths.upperBound, max(Self.namesWidths.lowerBound, size.width * 2 / 5))
        let namesWidth = Int((Double(fullNames) * namesFraction).rounded())
        let panes = body.columns([.flexible, .fixed(namesWidth)])
        picturesPane = panes[0]
        namesPane = panes[1]
        namesList = Box.inner(of: namesPane)
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
        self.scroll = 0
        self = scrolled(to: scroll)
    }

    /// This layout scrolled `rows` rows of pictures down, clamped to the rows there are.
    func scrolled(to rows: Int) -> TempleLayout {
        var layout = self
        layout.scroll = min(max(0, rows), max(0, flow.rowCount - visibleRows))
        return layout
    }

    /// The rows every temples screen shares, match, study and learn: the buttons at the right
    /// of the top row with the counts left of them, the message line, and the body under both.
    static func bands(of size: Size, buttonsWidth: Int) -> (buttonRow: Rect, header: Rect, message: Rect, body: Rect) {
        let bands = Rect(origin: Point(x: 0, y: 0), size: size)
            .rows([.fixed(headerRows), .fixed(messageRows), .flexible])
        let buttonRow = Rect(x: max(0, size.width - buttonsWidth - 1), y: bands[0].y, width: buttonsWidth, height: 1)
        return (buttonRow, Rect(x: 1, y: bands[0].y, width: max(0, buttonRow.x - 2), height: 1),
                Rect(x: 1, y: bands[1].y, width: max(0, size.width - 2), height: bands[1].height), bands[2])
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
    private static func frameWidths(of pictures: [Size?], rows: Int, rowWidth: Int) -> ([Int], [Int]) {
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

    /// Where the cursor goes when it follows focus: in match mode picture `pictureCursor` or
    /// the name selected in `names`, whichever pane is `focus`; in study mode the first
    /// picture shown (the study card at the top of what is scrolled to). Nil when that is
    /// outside the panes.
    func cursorPosition(mode: TempleGame.Mode, focus: TempleGame.Pane, pictureCursor: Int, names: ListView) -> Point? {
        let point: Point?
        switch (mode, focus) {
        case (.match, .names):
            let range = names.visibleRange(height: namesList.height)
            // The name starts after the list's marker ("> ").
            point = namesPane.width >= 4 && range.contains(names.selectedIndex)
                ? Point(x: namesList.x + 2, y: namesList.y + names.selectedIndex - range.lowerBound) : nil
        case (.match, _):
            point = isShown(pictureCursor) ? pictureFrame(pictureCursor).map { Box.inner(of: $0).origin } : nil
        case (.study, _):
            point = (0..<flow.count).first(where: isShown).flatMap(pictureFrame).map { Box.inner(of: $0).origin }
        }
        guard let point, Box.inner(of: picturesPane).contains(point) || namesList.contains(point) else { return nil }
        return point
    }

    /// The part of the names pane shown in `mode`, `transition` (0…1) of the way through the
    /// slide to it, if it is sliding: 1 in match mode, 0 in study, eased in between.
    static func namesFraction(mode: TempleGame.Mode, transition: Double?) -> Double {
        let target: Double = mode == .match ? 1 : 0
        guard let progress = transition else { return target }
        let eased = progress * progress * (3 - 2 * progress)
        return target == 1 ? eased : 1 - eased
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
        // Sized once: a layout works a flow out for each candidate picture size, and growing
        // the arrays as they fill would cost more than the flow itself.
        var placed: [Place] = []
        placed.reserveCapacity(widths.count)
        var row = 0, x = 0
        var rowWidths: [Int] = []  // the width each row uses, for centring
        rowWidths.reserveCapacity(widths.count)
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

/// The last temples layout kept, and what it was worked out from: a value the match page keeps.
///
/// One key asks for the layout of the same frame several times (to move the cursor, to scale
/// the pictures shown, to draw, to place the terminal's cursor), and working it out (a flow
/// of the pictures for each size they might take) each time would be a large part of a move
/// among the pictures. The page brings the kept layout up to date where its state or the
/// frame changes (`keep`, from keys, ticks, resizes and the deck arriving), so drawing and
/// hit-testing, which change nothing, find it made (`layout(for:scroll:)`).
/// What scrolling changes is applied to the kept layout, so scrolling keeps it too.
struct TempleLayoutCache {
    /// Everything a layout is worked out from but the scroll.
    struct Inputs: Equatable {
        var size: Size
        var namesFraction: Double
        var pictures: [Size?]
        var mode: TempleGame.Mode
        var canReset: Bool
    }

    /// The layout kept (at scroll 0) and its inputs; nil until one is kept.
    private(set) var kept: (inputs: Inputs, layout: TempleLayout)?

    /// The layout for `inputs` scrolled `scroll` rows down: the kept one when it was worked
    /// out from `inputs`, else one worked out afresh (and not kept).
    func layout(for inputs: Inputs, scroll: Int) -> TempleLayout {
        if let kept, kept.inputs == inputs { return kept.layout.scrolled(to: scroll) }
        return Self.workedOut(inputs).scrolled(to: scroll)
    }

    /// The layout for `inputs` scrolled `scroll` rows down, kept for what asks next: worked
    /// out only when `inputs` are not those of the kept one.
    mutating func keep(_ inputs: Inputs, scroll: Int) -> TempleLayout {
        if let kept, kept.inputs == inputs { return kept.layout.scrolled(to: scroll) }
        let layout = Self.workedOut(inputs)
        kept = (inputs, layout)
        return layout.scrolled(to: scroll)
    }

    private static func workedOut(_ inputs: Inputs) -> TempleLayout {
        TempleLayout(size: inputs.size, namesFraction: inputs.namesFraction, pictures: inputs.pictures,
                     scroll: 0, mode: inputs.mode, canReset: inputs.canReset)
    }
}
