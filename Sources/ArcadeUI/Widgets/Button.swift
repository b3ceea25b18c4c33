/// A clickable, keyboard-activated button drawn on one row as `[ Spin ]`.
///
/// Its four states differ in plain text as well as in attributes, so they stay clear in
/// monochrome and in text snapshots:
///
/// | state             | text        | attributes     |
/// |-------------------|-------------|----------------|
/// | enabled           | `[ Spin ]`  | bold           |
/// | enabled, focused  | `[>Spin<]`  | bold; markers in yellow |
/// | disabled          | `( Spin )`  | dim            |
/// | disabled, focused | `(>Spin<)`  | dim; markers in yellow  |
///
/// Square brackets mean "can be pressed", round ones "cannot now"; `>` `<` mark focus.
/// Focus changes only the two marker cells (no reverse video), so moving it between
/// buttons repaints four cells, not two whole labels.
/// Every state is the same width (the title's width plus 4), so focus never shifts a
/// layout. The first letter of the title that matches the hot key is underlined.
public struct Button: Hashable, Sendable {
    public var title: String
    /// The key that presses the button from anywhere on its screen (letters match either case).
    public var hotKey: Key?
    public var isEnabled: Bool
    public var isFocused: Bool
    /// Colours for the button; `bold`, `dim` and `reverse` are set from its state.
    public var style: Style

    public init(_ title: String, hotKey: Key? = nil, isEnabled: Bool = true, isFocused: Bool = false,
                style: Style = .plain) {
        self.title = title
        self.hotKey = hotKey
        self.isEnabled = isEnabled
        self.isFocused = isFocused
        self.style = style
    }

    /// Columns the button takes: the title plus brackets and markers.
    public var width: Int { DisplayWidth.of(title) + 4 }

    /// The button as plain text, e.g. `[ Spin ]` or `(>Spin<)`.
    public var text: String {
        let open = isEnabled ? "[" : "(", close = isEnabled ? "]" : ")"
        let start = isFocused ? ">" : " ", end = isFocused ? "<" : " "
        return open + start + title + end + close
    }

    /// The style the button is drawn in, with its state's attributes.
    public var drawingStyle: Style {
        var drawn = style
        drawn.bold = isEnabled
        drawn.dim = !isEnabled
        return drawn
    }

    /// The cells the button covers when drawn with its left end at `origin`.
    public func frame(at origin: Point) -> Rect {
        Rect(origin: origin, size: Size(width: width, height: 1))
    }

    /// True when `point` is on the button drawn at `origin` (enabled or not).
    public func contains(_ point: Point, drawnAt origin: Point) -> Bool {
        frame(at: origin).contains(point)
    }

    /// An ASCII letter's byte in lower case; any other byte as it is.
    private static func folded(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// True when `key` is this button's hot key and the button is enabled.
    private static func lowercased(_ ascii: UInt8) -> UInt8 {
        (65...90).contains(ascii) ? ascii + 32 : ascii
    }

    public func responds(to key: Key) -> Bool {
        guard isEnabled, let hotKey else { return false }
        if key == hotKey { return true }
        if case .character(let pressed) = key, case .character(let wanted) = hotKey {
            // ASCII without making strings: every box asks this of each key read while it is up.
            if let pressed = pressed.asciiValue, let wanted = wanted.asciiValue {
                return Self.lowercased(pressed) == Self.lowercased(wanted)
            }
            return pressed.lowercased() == wanted.lowercased()
        }
        return false
    }

    /// Draw the button with its left end at `origin`, clipped to `clip`; returns its frame.
    @discardableResult
    public func draw(into grid: inout CellGrid, at origin: Point, clip: Rect? = nil) -> Rect {
        let drawn = drawingStyle
        grid.drawWidgetText(text, at: origin, style: drawn, clip: clip)
        if isFocused {
            let area = clip ?? grid.bounds
            for x in [origin.x + 1, origin.x + width - 2] {
                grid.restyle(Rect(x: x, y: origin.y, width: 1, height: 1).intersection(area)) { style in
                    style.foreground = .highlight
                    style.bold = true
                }
            }
        }
        if case .character(let wanted)? = hotKey {
            var underlined = drawn
            underlined.underline = true
            let area = clip ?? grid.bounds
            if let key = wanted.asciiValue.map(Self.folded), title.utf8.allSatisfy(CellGrid.isPrintableASCII) {
                // A title of printable ASCII (most) is searched by its bytes, a column each:
                // lowercasing made a string of every letter, and every frame draws every button.
                if let offset = title.utf8.firstIndex(where: { Self.folded($0) == key })
                    .map({ title.utf8.distance(from: title.utf8.startIndex, to: $0) }) {
                    grid.restyle(Rect(x: origin.x + 2 + offset, y: origin.y, width: 1, height: 1).intersection(area)) {
                        $0 = underlined
                    }
                }
            } else {
                var x = origin.x + 2
                for character in title {
                    if character.lowercased() == wanted.lowercased() {
                        grid.restyle(Rect(x: x, y: origin.y, width: DisplayWidth.of(String(character)), height: 1)
                            .intersection(area)) { $0 = underlined }
                        break
                    }
                    x += DisplayWidth.of(String(character))
                }
            }
        }
        return frame(at: origin)
    }
}

/// A row of buttons laid out together: drawing, clicks, hot keys and focus movement.
///
/// The buttons sit on the top row of the rectangle they are laid out in, `spacing`
/// columns apart, aligned as a group. A row wider than its rectangle is clipped on the
/// right, and clicks on the clipped part are ignored. Focus moves among enabled buttons
/// only and wraps around at either end.
public struct ButtonRow: Hashable, Sendable {
    public var buttons: [Button]
    /// Blank columns between neighbouring buttons.
    public var spacing: Int
    public var alignment: TextAlignment

    public init(_ buttons: [Button], spacing: Int = 2, alignment: TextAlignment = .center) {
        self.buttons = buttons
        self.spacing = spacing
        self.alignment = alignment
    }

    /// Columns the whole row takes.
    public var width: Int {
        buttons.reduce(0) { $0 + $1.width } + max(0, spacing) * max(0, buttons.count - 1)
    }

    /// Where each button goes in `rect` (not clipped: a frame may reach past its right edge).
    public func frames(in rect: Rect) -> [Rect] {
        var x = rect.x + alignment.offset(for: width, in: rect.width)
        return buttons.map { button in
            let frame = button.frame(at: Point(x: x, y: rect.y))
            x += button.width + max(0, spacing)
            return frame
        }
    }

    /// Draw every button in `rect`, clipped to it.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard !rect.isEmpty else { return }
        for (button, frame) in zip(buttons, frames(in: rect)) {
            button.draw(into: &grid, at: frame.origin, clip: rect)
        }
    }

    /// The enabled button a click at `point` lands on, when laid out in `rect`.
    public func index(at point: Point, in rect: Rect) -> Int? {
        guard rect.contains(point) else { return nil }
        return zip(buttons.indices, frames(in: rect)).first { index, frame in
            buttons[index].isEnabled && frame.contains(point)
        }?.0
    }

    /// The enabled button `key` presses: its hot key, or Enter/Space on the focused one.
    public func index(for key: Key) -> Int? {
        if let index = buttons.firstIndex(where: { $0.responds(to: key) }) { return index }
        if key.isActivate, let focused = focusedIndex, buttons[focused].isEnabled { return focused }
        return nil
    }

    /// The first focused button, if any.
    public var focusedIndex: Int? {
        buttons.firstIndex { $0.isFocused }
    }

    /// Focus the button at `index` alone (`nil`, or an index out of range, focuses none).
    public mutating func focus(_ index: Int?) {
        for i in buttons.indices { buttons[i].isFocused = (i == index) }
    }

    /// Move focus to the next enabled button (right or down) or the previous one (left or up).
    ///
    /// Wraps around at the ends. With nothing focused, right/down focuses the first enabled
    /// button and left/up the last. With no enabled button, focus is left as it is.
    public mutating func moveFocus(_ direction: Direction) {
        let enabled = buttons.indices.filter { buttons[$0].isEnabled }
        guard !enabled.isEmpty else { return }
        let forward = direction == .right || direction == .down
        guard let current = focusedIndex else {
            focus(forward ? enabled.first : enabled.last)
            return
        }
        let next = forward
            ? enabled.first { $0 > current } ?? enabled.first
            : enabled.last { $0 < current } ?? enabled.last
        focus(next)
    }
}
