import ArcadeUI

/// The picture deck the Temples set deals from: asked for, received, scaled for the frame.
extension MemoryScreen {
    /// A resumed Temples board asks for its pictures as it opens.
    mutating func start(in frame: Frame) -> [GameEffect] {
        askForTemplesIfChosen()
    }

    /// The game's kept results after one was recorded; how far the temple deck has loaded,
    /// or the deck, or why there is none.
    mutating func received(_ report: RuntimeReport, in frame: Frame) -> [GameEffect] {
        if case .scoresRecorded(_, let entries) = report {
            bests.take(entries)
            return []
        }
        guard case .deck(_, let report) = report,
              let entries = deck.receive(report.state, emptyReason: "The temple deck holds no pictures.") else { return [] }
        // Each temple a symbol named as the deck names it.
        templeSymbols = entries.map { MemorySymbol(temple: $0.id, name: $0.name) }
        rescale(in: frame)
        return []
    }

    mutating func resized(to frame: Frame) -> [GameEffect] {
        rescale(in: frame)
        return []
    }

    /// Ask for the picture deck the first time the Temples set is chosen (or resumed).
    mutating func askForTemplesIfChosen() -> [GameEffect] {
        guard chooser.symbolSet.isTemples else { return [] }
        return deck.ask(from: .builtIn)
    }

    /// Scale the pictures of the board's picture cards for the cards of `frame`, so drawing finds them made.
    mutating func rescale(in frame: Frame) {
        guard let board, deck.hasPictures, MemoryBoardLayout.showsPictures(in: frame.theme) else { return }
        deck.keep(board.pictures(in: frame, deck: deck))
    }
}
