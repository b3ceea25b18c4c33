import ArcadeUI

/// The fields of "Host a table" and "Join a table" in Set's choice of mode: the same as the
/// command line's options (`--host [ADDRESS:]PORT`, `--join HOST:PORT --code CODE`, `--name`),
/// typed in place. Tab and the arrows move among the fields, Enter opens the table once every
/// field reads, Esc goes back to the modes.
struct FriendsForm: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case host, join
    }

    /// The longest text a field takes.
    static let fieldLimit = 40

    let kind: Kind
    /// The fields' texts, in the order of `labels`.
    private(set) var fields: [String]
    /// The field typed into.
    private(set) var focus = 0
    /// Why the last Enter did not open the table.
    private(set) var problem: String?

    init(_ kind: Kind, name: String) {
        self.kind = kind
        let address = FriendsSetup.shown(FriendsSetup.defaultAddress, 7000)
        fields = kind == .host ? [address, name] : [address, "", name]
        if kind == .join { focus = 1 }
    }

    var title: String { kind == .host ? "Host a table" : "Join a table" }

    /// Each field's label.
    var labels: [String] { kind == .host ? ["Address", "Name"] : ["Table", "Code", "Name"] }

    /// What each field takes, under the fields while it is focused.
    var hints: [String] {
        kind == .host
            ? ["[ADDRESS:]PORT; 127.0.0.1 keeps it to this machine", "your name at the table"]
            : ["HOST:PORT, as the host's screen shows it", "the six letters and digits the host shows", "your name at the table"]
    }

    mutating func type(_ character: Character) {
        guard fields[focus].count < Self.fieldLimit else { return }
        fields[focus].append(character)
        problem = nil
    }

    mutating func erase() {
        if !fields[focus].isEmpty { fields[focus].removeLast() }
        problem = nil
    }

    mutating func move(_ step: Int) {
        focus = ((focus + step) % fields.count + fields.count) % fields.count
    }

    /// The table the fields describe, or nil with `problem` saying which field does not read
    /// (and the focus moved to it).
    mutating func submit() -> FriendsSetup? {
        let name = fields[fields.count - 1]
        if kind == .host {
            guard let (address, port) = FriendsSetup.hostAddress(fields[0]) else {
                return refuse(0, "The address reads as a port or ADDRESS:PORT, such as 127.0.0.1:7000.")
            }
            guard PeerGuard.name(name) != nil else { return refuse(1, Self.nameProblem) }
            return .host(address: address, port: port, name: name, code: nil)
        }
        guard let (address, port) = FriendsSetup.joinAddress(fields[0]) else {
            return refuse(0, "The table reads as HOST:PORT, such as 127.0.0.1:7000.")
        }
        guard FriendsSetup.isCode(fields[1]) else { return refuse(1, "The code is the six letters and digits the host shows.") }
        guard PeerGuard.name(name) != nil else { return refuse(2, Self.nameProblem) }
        return .join(address: address, port: port, code: fields[1].uppercased(), name: name)
    }

    private static let nameProblem = "A name is 1–16 letters, digits, spaces or -_.'"

    private mutating func refuse(_ field: Int, _ why: String) -> FriendsSetup? {
        focus = field
        problem = why
        return nil
    }

    // MARK: - Keys and drawing

    /// The keys typed into a field: printable ASCII here; letters of other alphabets (a name in
    /// Greek or Cyrillic) reach the field through `SetScreen.update`.
    static let typedKeys: [Key] = (0x21...0x7E).map { Key.character(Character(Unicode.Scalar($0))) } + [.space]

    /// The fields' keys: typing (`typedKeys`), then the keys that move, erase, open or go back.
    static let bindings: [Binding<SetScreen.Action>] = moves + [{
        var typing = Binding<SetScreen.Action>(keys: typedKeys, help: KeyHint("letters", "type into the field")) { key in
            if case .character(let character) = key { return .chooser(.type(character)) }
            return .chooser(.type(" "))
        }
        typing.isCaseSensitive = true
        return typing
    }()]

    /// The keys that move among the fields, erase, open the table or go back.
    static let moves: [Binding<SetScreen.Action>] = [
        Binding(keys: [.tab, .backTab, .up, .down], hint: KeyHint("Tab", "next field"),
                help: KeyHint("Tab  Shift-Tab  ↑ ↓", "move among the fields")) { key in
            .chooser(.field([.backTab, .up].contains(key) ? -1 : 1))
        },
        Binding([.backspace, .delete], .chooser(.erase), help: "erase the last letter"),
        Binding([.enter], .chooser(.startFocused), hint: "open", help: "open the table (host) or take a seat (join)"),
        Binding([.escape], .chooser(.close), hint: "back", help: "back to the modes"),
    ]

    /// Where the box, each field and the line under them go, centred in `rect`.
    func layout(in rect: Rect) -> (box: Rect, fields: [Rect], note: Rect) {
        let labelWidth = 9
        let noteWidth = max(hints.map(DisplayWidth.of).max() ?? 0, 56)
        let size = Size(width: min(rect.width, max(labelWidth + Self.fieldLimit + 3, noteWidth) + 4),
                        height: min(rect.height, fields.count + 7))
        let box = rect.centered(size)
        let fieldRects = fields.indices.map { index in
            Rect(x: box.x + 2 + labelWidth, y: box.y + 2 + index, width: max(0, box.width - 4 - labelWidth), height: 1)
        }
        let note = Rect(x: box.x + 2, y: box.y + 3 + fields.count, width: max(0, box.width - 4), height: 2)
        return (box, fieldRects, note)
    }

    func draw(into grid: inout CellGrid, in rect: Rect) {
        let (box, fieldRects, note) = layout(in: rect)
        guard !box.isEmpty else { return }
        let style = Style.bold.foreground(.accent)
        grid.fill(box, style: .plain)
        Box(title: title, style: .double, frameStyle: style, titleStyle: style.bolded).draw(into: &grid, in: box)
        for (index, field) in fieldRects.enumerated() where field.maxY <= box.maxY - 1 {
            _ = grid.write(labels[index], at: Point(x: box.x + 2, y: field.y), style: index == focus ? .bold : .plain)
            // The field underlined to its width, so an empty one shows where to type.
            var fieldStyle = Style.underline
            if index == focus { fieldStyle.bold = true }
            grid.fill(Rect(x: field.x, y: field.y, width: min(field.width, Self.fieldLimit + 1), height: 1), style: fieldStyle)
            _ = grid.write(fields[index], at: field.origin, style: fieldStyle, clip: field)
        }
        let words = problem ?? hints[focus]
        _ = grid.write(words, at: note.origin, style: problem == nil ? .dim : StatusLine.Tone.bad.style, clip: note)
        _ = grid.write("Enter opens, Esc goes back.", at: Point(x: note.x, y: note.y + 1), style: .dim, clip: note)
    }

    /// Where the cursor goes: after the focused field's text.
    func cursorPoint(in frame: Frame) -> Point? {
        let field = layout(in: frame.bounds).fields[focus]
        let x = field.x + min(DisplayWidth.of(fields[focus]), field.width - 1)
        return Point(x: x, y: field.y)
    }

    /// The field a click lands on.
    func field(at point: Point, in frame: Frame) -> Int? {
        layout(in: frame.bounds).fields.firstIndex { $0.contains(point) }
    }

    /// Focus field `index` (a click).
    mutating func focus(_ index: Int) {
        if fields.indices.contains(index) { focus = index }
    }
}
