import ArcadeUI
import Glibc

/// The size the arcade draws for: what the terminal reports, within `CellGrid.largestSize`.
///
/// ncurses is told not to work the size out itself (`use_env(FALSE)` before `newterm`, so it
/// starts at terminfo's size and never looks at the terminal or at `COLUMNS`/`LINES` again);
/// `NcursesTerminal` asks the terminal here and gives ncurses the answer with `resizeterm`.
/// ncurses keeps three windows of the whole size, so a terminal of 10,000 × 10,000 cells
/// would have cost gigabytes before the first frame: the arcade lays out and draws for the
/// clamped size, and the rest of a larger terminal stays blank.
enum TerminalSize {
    /// The size the terminal on `descriptor` reports (`TIOCGWINSZ`), 0 where it reports none;
    /// nil when it cannot be asked.
    static func reported(by descriptor: Int32) -> Size? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
        return Size(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    /// The size to draw for, dimension by dimension: the terminal's when it reports one (not
    /// 0), else `COLUMNS`/`LINES` when set to a positive number, else `fallback` (terminfo's);
    /// at least 1 and at most `CellGrid.largestSize`.
    ///
    /// `COLUMNS` and `LINES` are only a stand-in for a terminal that cannot say its size: a
    /// shell may have exported them for another window, and a resize changes the terminal's
    /// answer, never theirs.
    static func toDraw(reported: Size?, environment: [String: String], fallback: Size) -> Size {
        func pick(_ reported: Int?, _ variable: String, _ fallback: Int, largest: Int) -> Int {
            let value: Int
            if let reported, reported > 0 {
                value = reported
            } else if let text = environment[variable], let number = Int(text), number > 0 {
                value = number
            } else {
                value = fallback
            }
            return min(max(value, 1), largest)
        }
        let largest = CellGrid.largestSize
        return Size(width: pick(reported?.width, "COLUMNS", fallback.width, largest: largest.width),
                    height: pick(reported?.height, "LINES", fallback.height, largest: largest.height))
    }
}
