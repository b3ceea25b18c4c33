/// One key (or keys) of a screen and the action it stands for, with the words the bottom
/// key line and the `?` help show for it.
///
/// A screen lists its bindings in one table; the key line, the keys half of help, and
/// which keys the screen takes from the shell are all read from that table, so adding a
/// key is one line. Letters match either case (`d` and `D`), once, here.
///
/// ```swift
/// [
///     .directions("move the cursor", vimKeys: true) { .move($0) },
///     Binding([.space, .enter], .select, hint: "select", help: "select the card"),
///     Binding([.character("d")], .deal, hint: "deal 3", help: "deal 3 more cards"),
/// ]
/// ```
///
/// The shell reads a screen's table several times for every key (does the game take it,
/// which action is it), so a table that does not change should be a `static let`.
public struct Binding<Action> {
    /// The keys; empty for a help row that no key acts on ("click").
    public var keys: [Key]
    /// The bottom line's entry (e.g. `d deal 3`), or nil when the key line leaves it out.
    public var hint: KeyHint?
    /// The help overlay's row (e.g. `d    deal 3 more cards`), or nil.
    public var help: KeyHint?
    /// False when the keys do nothing now: the screen does not take them, and the key line
    /// does not show them.
    public var isEnabled: Bool
    /// True when a letter must be typed in the case listed (the menu's `q` quits; `Q` does
    /// nothing, as in every other place where `q` leaves).
    public var isCaseSensitive = false
    @usableFromInline var resolve: @Sendable (Key) -> Action?

    /// `keys` do `action`. `hint` and `help` are the words for the key line and help; their
    /// keys are spelled from `keys` (the first key on the key line, all of them in help)
    /// unless `hintKeys` or `helpKeys` say otherwise.
    public init(_ keys: [Key], _ action: Action, hint: String? = nil, hintKeys: String? = nil,
                help: String? = nil, helpKeys: String? = nil, isEnabled: Bool = true,
                isCaseSensitive: Bool = false) where Action: Sendable {
        self.init(keys: keys, hint: hint.map { KeyHint(hintKeys ?? keys.first.map(Self.name) ?? "", $0) },
                  help: help.map { KeyHint(helpKeys ?? Self.names(keys), $0) },
                  isEnabled: isEnabled) { _ in action }
        self.isCaseSensitive = isCaseSensitive
    }

    /// Every key's name, two spaces apart, as help lists them. Written out rather than with
    /// `joined(separator:)`, which this generic type reaches unspecialised: there that call
    /// looks up the element type's conformances by name, a cost every start would pay.
    static func names(_ keys: [Key]) -> String {
        var text = ""
        for key in keys {
            if !text.isEmpty { text += "  " }
            text += name(key)
        }
        return text
    }

    /// `keys` stand for the action `resolve` gives for the key pressed (nil: not this binding).
    public init(keys: [Key], hint: KeyHint? = nil, help: KeyHint? = nil, isEnabled: Bool = true,
                resolve: @escaping @Sendable (Key) -> Action?) {
        self.keys = keys
        self.hint = hint
        self.help = help
        self.isEnabled = isEnabled
        self.resolve = resolve
    }

    /// The arrow keys (and h j k l with `vimKeys`) moving in their direction.
    public static func directions(hint: String? = nil, hintKeys: String = "arrows", help: String? = nil,
                                  helpKeys: String? = nil, vimKeys: Bool = true, isEnabled: Bool = true,
                                  _ action: @escaping @Sendable (Direction) -> Action) -> Binding {
        let arrows: [Key] = [.left, .right, .up, .down]
        let vim: [Key] = vimKeys ? [.character("h"), .character("l"), .character("k"), .character("j")] : []
        let spelled = helpKeys ?? ("← → ↑ ↓" + (vimKeys ? "  h j k l" : ""))
        return Binding(keys: arrows + vim, hint: hint.map { KeyHint(hintKeys, $0) }, help: help.map { KeyHint(spelled, $0) },
                       isEnabled: isEnabled) { key in key.direction(vimKeys: vimKeys).map(action) }
    }

    /// The digit keys in `digits`, each standing for the action for its number.
    public static func digits(_ digits: ClosedRange<Int>, hint: String? = nil, help: String? = nil,
                              keys spelled: String? = nil, isEnabled: Bool = true,
                              _ action: @escaping @Sendable (Int) -> Action) -> Binding {
        // Keys are single digits: a range past 9 binds 0–9 only (never `Character("10")`, which traps).
        let keys = digits.clamped(to: 0...9).map { Key.character(Character(String($0))) }
        let name = spelled ?? "\(digits.lowerBound)–\(digits.upperBound)"
        return Binding(keys: keys, hint: hint.map { KeyHint(name, $0) }, help: help.map { KeyHint(name, $0) },
                       isEnabled: isEnabled) { key in key.digit.flatMap { digits.contains($0) ? action($0) : nil } }
    }

    /// A help row no key acts on, such as the mouse's ("click", "select a card").
    public static func note(_ keys: String, _ words: String) -> Binding {
        Binding(keys: [], help: KeyHint(keys, words)) { _ in nil }
    }

    /// True when `key` is one of this binding's keys (letters in either case).
    @inlinable public func matches(_ key: Key) -> Bool {
        keys.contains(key) || (!isCaseSensitive && key.otherCase.map(keys.contains) == true)
    }

    /// The action `key` stands for, when it is one of the keys and the binding is enabled.
    @inlinable public func action(for key: Key) -> Action? {
        guard isEnabled else { return nil }
        if keys.contains(key) { return resolve(key) }
        guard !isCaseSensitive, let other = key.otherCase, keys.contains(other) else { return nil }
        return resolve(other)
    }

    /// A key as the key line and help spell it.
    public static func name(_ key: Key) -> String {
        switch key {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .space: return "Space"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .controlC: return "Ctrl-C"
        case .controlZ: return "Ctrl-Z"
        case .controlL: return "Ctrl-L"
        case .character(let character): return String(character)
        case .function(let number): return "F\(number)"
        case .unknown: return "?"
        }
    }
}

extension Key {
    /// The same letter in the other case (`D` for `d`, `é` for `É`), or nil for a key that
    /// is not a letter with two cases.
    @inlinable var otherCase: Key? {
        guard case .character(let character) = self else { return nil }
        if let ascii = character.asciiValue {
            switch ascii {
            case 65...90: return .character(Character(Unicode.Scalar(ascii + 32)))
            case 97...122: return .character(Character(Unicode.Scalar(ascii - 32)))
            default: return nil
            }
        }
        guard character.isLetter else { return nil }
        let other = character.isUppercase ? character.lowercased() : character.uppercased()
        return other.count == 1 && other != String(character) ? .character(Character(other)) : nil
    }
}

extension Array {
    /// The action the first enabled binding with `key` stands for.
    @inlinable public func action<Action>(for key: Key) -> Action? where Element == Binding<Action> {
        // Keys as typed first; then, once, the letter in its other case. Every key read is
        // looked up here, so the usual key costs comparisons only.
        for binding in self where binding.isEnabled && binding.keys.contains(key) {
            if let action = binding.resolve(key) { return action }
        }
        guard let other = key.otherCase else { return nil }
        for binding in self where binding.isEnabled && !binding.isCaseSensitive && binding.keys.contains(other) {
            if let action = binding.resolve(other) { return action }
        }
        return nil
    }

    /// The bottom line's entries, in table order: the enabled bindings with a hint.
    ///
    /// A loop, inlinable, rather than `compactMap`: the app reaches this generic code
    /// unspecialised otherwise, and `compactMap` there looks up its closure's types by name
    /// the first time the menu draws, a cost every start would pay.
    @inlinable
    public func keyHints<Action>() -> [KeyHint] where Element == Binding<Action> {
        var hints: [KeyHint] = []
        for binding in self where binding.isEnabled {
            if let hint = binding.hint { hints.append(hint) }
        }
        return hints
    }

    /// The help overlay's key rows, in table order (disabled keys are listed too: help
    /// says what every key does).
    @inlinable
    public func helpRows<Action>() -> [KeyHint] where Element == Binding<Action> {
        var rows: [KeyHint] = []
        for binding in self {
            if let help = binding.help { rows.append(help) }
        }
        return rows
    }
}

/// A row of buttons, each carrying the action it stands for: drawn as a `ButtonRow`, and a
/// click or a hot key gives the action, never an index.
public struct ActionButtons<Action> {
    public var buttons: [(button: Button, action: Action)]
    public var spacing: Int
    public var alignment: TextAlignment

    // Inlinable, so that each screen's actions are specialised where they are built (on every
    // frame): the generic code asked the runtime for the tuples' type metadata each time.
    @inlinable
    public init(_ buttons: [(Button, Action)], spacing: Int = 2, alignment: TextAlignment = .center) {
        self.buttons = buttons.map { (button: $0.0, action: $0.1) }
        self.spacing = spacing
        self.alignment = alignment
    }

    /// The buttons as a plain row, for drawing and measuring.
    @inlinable
    public var row: ButtonRow { ButtonRow(buttons.map { $0.button }, spacing: spacing, alignment: alignment) }

    /// Draw the row in `rect`, clipped to it.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        row.draw(into: &grid, in: rect)
    }

    /// The action of the enabled button a click at `point` lands on, laid out in `rect`.
    public func action(at point: Point, in rect: Rect) -> Action? {
        row.index(at: point, in: rect).map { buttons[$0].action }
    }

    /// The action of the enabled button `key` presses (its hot key, or Enter/Space on focus).
    public func action(for key: Key) -> Action? {
        row.index(for: key).map { buttons[$0].action }
    }
}

extension Binding: Sendable where Action: Sendable {}

/// One key and what it does, as the bottom line and the help overlay show it.
public struct KeyHint: Equatable, Sendable {
    public var keys: String
    public var action: String

    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }
}

/// The contents of a help overlay: a title, the keys, and a few lines of rules.
public struct HelpSheet: Equatable, Sendable {
    public var title: String
    public var keys: [KeyHint]
    public var notes: [String]

    public init(title: String, keys: [KeyHint], notes: [String] = []) {
        self.title = title
        self.keys = keys
        self.notes = notes
    }
}
