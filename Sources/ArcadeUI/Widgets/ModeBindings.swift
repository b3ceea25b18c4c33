/// One binding table for a screen whose keys change with what it shows (a page, an alert,
/// a phase of play): every key is listed once, with the modes it acts in and the modes
/// whose key line shows it.
///
/// ```swift
/// static let keys = ModeBindings<Mode, Action>([
///     .init(Binding([.enter], .deal, hint: "deal", help: "deal the next hand"), in: [.betting, .hand],
///           shownIn: [.betting]),
///     .init(Binding([.escape], .back, hint: "back"), in: [.about]),
/// ])
/// ```
///
/// Each mode's table is built once, so `bindings(in:)` is a look-up; help lists every row of
/// the whole table in its order, whatever the mode, so it reads the same from every page.
public struct ModeBindings<Mode: Hashable & CaseIterable, Action> {
    /// One binding and where it acts.
    public struct Row {
        public var binding: Binding<Action>
        /// The modes in which its keys act.
        public var modes: Set<Mode>
        /// The modes whose key line shows its hint (among `modes`).
        public var shownIn: Set<Mode>

        /// `binding` acting in `modes`, its hint shown in `shownIn` (by default all of `modes`).
        public init(_ binding: Binding<Action>, in modes: Set<Mode>, shownIn: Set<Mode>? = nil) {
            self.binding = binding
            self.modes = modes
            self.shownIn = shownIn ?? modes
        }
    }

    private var tables: [Mode: [Binding<Action>]] = [:]
    /// The help overlay's key rows: every row's help, in table order.
    public let helpRows: [KeyHint]

    public init(_ rows: [Row]) {
        helpRows = rows.compactMap(\.binding.help)
        for mode in Mode.allCases {
            tables[mode] = rows.filter { $0.modes.contains(mode) }.map { row in
                var binding = row.binding
                if !row.shownIn.contains(mode) { binding.hint = nil }
                return binding
            }
        }
    }

    /// The bindings that act in `mode`, in table order, hints only where that mode shows them.
    public subscript(mode: Mode) -> [Binding<Action>] {
        tables[mode] ?? []
    }
}

extension ModeBindings: Sendable where Action: Sendable, Mode: Sendable {}
extension ModeBindings.Row: Sendable where Action: Sendable, Mode: Sendable {}
