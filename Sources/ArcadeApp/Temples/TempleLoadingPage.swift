import ArcadeUI

/// The temples screen before there is a deck to play: how far the loading is, or why no
/// deck could be shown (drawn by `TempleLoadingPage+Drawing.swift`).
///
/// No key acts while loading (the shell's "q menu" is the way out), but help lists the
/// game's keys; after a failure, Enter goes back to the menu.
enum TempleLoadingPage: Equatable {
    /// How far the loading is (nil until the folder is read and the first picture starts).
    case loading(TempleDeck.Progress?)
    case failed(String)

    /// The match page's keys, none of them acting.
    static let loadingKeys = TempleMatchPage.matchKeys.map { binding in
        var disabled = binding
        disabled.isEnabled = false
        return disabled
    }
    static let failureKeys = [Binding([.enter], TempleScreen.Action.back, hint: "back")] + loadingKeys

    var bindings: [Binding<TempleScreen.Action>] {
        if case .failed = self { return Self.failureKeys }
        return Self.loadingKeys
    }

    /// After a failure, back to the menu; nothing else.
    func perform(_ action: TempleScreen.Action) -> [GameEffect] {
        guard case .failed = self, action == .back else { return [] }
        return [.leave]
    }

    func render(into grid: inout CellGrid) {
        switch self {
        case .loading(let progress): renderLoading(progress, into: &grid)
        case .failed(let reason): renderFailure(reason, into: &grid)
        }
    }
}
