import ArcadeUI

/// What a game shows before its deck of pictures is there: how far the loading is, or why
/// no deck could be shown, in a box titled with the game's name.
struct DeckLoadingView {
    /// The game's name, the box's title.
    var title: String

    /// The loading frame's largest size; it shrinks with the terminal.
    private static let loadingFrame = Size(width: 64, height: 9)
    /// Where the lines go inside the loading frame: the heading, the file, the bar, the way out.
    private static let headingRow = 1, fileRow = 2, barRow = 3, exitRow = 5
    /// The text's margin inside the loading frame, on either side.
    private static let loadingMargin = 2

    /// "Loading pictures 7/12…", the file being read and a bar, in a frame in the middle;
    /// "Reading the folder…" before the first picture.
    func drawProgress(_ progress: DeckProgress?, into grid: inout CellGrid) {
        let ascii = grid.theme.ascii
        let glyphs = Glyphs(theme: grid.theme)
        let frame = grid.bounds.centered(Size(width: min(grid.size.width, Self.loadingFrame.width),
                                              height: min(grid.size.height, Self.loadingFrame.height)))
        let box = Box(title: title, style: .rounded, frameStyle: .dim)
        box.draw(into: &grid, in: frame)
        let inner = box.inner(of: frame)
        let left = inner.x + Self.loadingMargin
        let width = max(0, inner.width - 2 * Self.loadingMargin)
        func line(_ text: String, _ row: Int, style: Style = .plain) {
            guard row < inner.height else { return }
            grid.write(TextLayout.truncated(text, toWidth: width, ascii: ascii), at: Point(x: left, y: inner.y + row),
                       style: style, clip: inner)
        }
        guard let progress, progress.total > 0 else {
            line("Reading the folder" + glyphs.ellipsis, Self.headingRow, style: .bold)
            line("q: back to the menu", Self.exitRow, style: .dim)
            return
        }
        line("Loading pictures \(progress.picture + 1)/\(progress.total)" + glyphs.ellipsis, Self.headingRow, style: .bold)
        line(progress.file, Self.fileRow)
        let percent = "\(Int((progress.overall * 100).rounded(.down)))%"
        let barWidth = max(0, width - DisplayWidth.of(percent) - 1)
        let filled = min(barWidth, Int((progress.overall * Double(barWidth)).rounded(.down)))
        let y = inner.y + Self.barRow
        if y < inner.maxY {
            let full = glyphs.pick("█", ascii: "#"), empty = glyphs.pick("░", ascii: "-")
            for offset in 0..<barWidth {
                let isFilled = offset < filled
                grid.write(isFilled ? full : empty, at: Point(x: left + offset, y: y),
                           style: isFilled ? Style().foreground(.accent) : .dim, clip: inner)
            }
            grid.write(percent, at: Point(x: left + barWidth + 1, y: y), clip: inner)
        }
        line("q: back to the menu", Self.exitRow, style: .dim)
    }

    /// Why there is no deck, and the way back.
    func drawFailure(_ reason: String, into grid: inout CellGrid) {
        Dialog(title: title, message: reason + "\n\nPress Enter or Esc to go back.",
               buttons: [Button("Back to menu", hotKey: .enter, isFocused: true)], preferredWidth: 60,
               style: Style.bold.foreground(.warning))
            .draw(into: &grid, in: grid.bounds)
    }
}
