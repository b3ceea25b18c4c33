import ArcadeUI

/// A temple's name written on its picture or on a card: how many lines it may take, and
/// drawing it.
enum TempleLabel {
    /// How many lines a name label may cover on a picture `pictureRows` high: up to three,
    /// never more than half the picture (one on the smallest pictures).
    static func lineLimit(pictureRows: Int) -> Int {
        max(1, min(3, pictureRows / 2))
    }

    /// A temple's name written across the bottom of its picture, in white on black (study
    /// mode).
    static func draw(_ name: String, in frame: Rect, clip: Rect, pictureRows: Int, into grid: inout CellGrid) {
        let inner = Box.inner(of: frame)
        let lines = PictureLabel.lines(name, width: inner.width, maxLines: lineLimit(pictureRows: pictureRows),
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
}
