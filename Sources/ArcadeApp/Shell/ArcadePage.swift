import ArcadeUI

/// A page the shell shows in place of a game: the menu, the settings, the statistics.
///
/// Like a game (`GameScreen`), a page names what the player can do as its `Action`s and
/// lists its keys in one table, `bindings`, which its key line and `?` help are read from.
/// A key and a click both end in `perform(_:)`: `dispatch` looks a key up in the table and
/// asks `action(for:in:)` what a mouse event stands for, so whatever a click does (open a
/// row, pick a choice, show a tab) is an action too.
protocol ArcadePage {
    /// What the player can do on the page.
    associatedtype Action
    /// What the page asks of the shell.
    associatedtype Effect

    /// The keys and what they do now, in the order the key line and help list them.
    var bindings: [Binding<Action>] { get }
    /// Do `action` (from a key, a click or a test).
    mutating func perform(_ action: Action) -> [Effect]
    /// The action a mouse event in `frame` stands for, from the layout the page draws (nil: none).
    func action(for event: MouseEvent, in frame: Frame) -> Action?
}

extension ArcadePage {
    /// Apply one input: a key through the binding table, a mouse event through
    /// `action(for:in:)`. Ticks, resizes and focus do nothing: a page lays itself out from
    /// the frame it is drawn in, and keeps no clock.
    mutating func dispatch(_ input: Input, in frame: Frame) -> [Effect] {
        let action: Action?
        switch input {
        case .key(let key): action = bindings.action(for: key)
        case .mouse(let event): action = self.action(for: event, in: frame)
        case .tick, .resize, .focus, .network: action = nil
        }
        guard let action else { return [] }
        return perform(action)
    }
}
