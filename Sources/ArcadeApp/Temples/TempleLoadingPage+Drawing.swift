import ArcadeUI

/// The temples screen before there is a deck to play: how far the loading is, or why no
/// deck could be shown (`DeckLoadingView`).
extension TempleLoadingPage {
    /// "Loading pictures 7/12…", the file being read and a bar, in a frame in the middle.
    func renderLoading(_ progress: TempleDeck.Progress?, into grid: inout CellGrid) {
        DeckLoadingView(title: "Temples").drawProgress(progress, into: &grid)
    }

    /// Why there is no deck, and the way back.
    func renderFailure(_ reason: String, into grid: inout CellGrid) {
        DeckLoadingView(title: "Temples").drawFailure(reason, into: &grid)
    }
}
