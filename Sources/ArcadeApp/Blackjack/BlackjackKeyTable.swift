import ArcadeUI

/// The Blackjack screen's bindings (`BlackjackScreen.keys`) by the keys each may answer: its
/// own, and each letter's other case; in table order, so the first that answers a key is
/// the one the whole table would give.
struct BlackjackKeyTable {
    /// For each ASCII character, the bindings that may answer it.
    private var ascii: [[Binding<BlackjackScreen.Action>]] = Array(repeating: [], count: 128)
    /// For every other key, the bindings that may answer it.
    private var others: [Key: [Binding<BlackjackScreen.Action>]] = [:]

    init(_ bindings: [Binding<BlackjackScreen.Action>]) {
        for binding in bindings {
            var answered: [Key] = []
            for key in binding.keys {
                answered.append(key)
                guard case .character(let character) = key, character.isLetter else { continue }
                for other in [character.lowercased(), character.uppercased()] where other.count == 1 {
                    answered.append(.character(Character(other)))
                }
            }
            for key in Set(answered) {
                if case .character(let character) = key, let code = character.asciiValue {
                    ascii[Int(code)].append(binding)
                } else {
                    others[key, default: []].append(binding)
                }
            }
        }
    }

    /// The bindings that may answer `key`, in table order.
    func bindings(answering key: Key) -> [Binding<BlackjackScreen.Action>] {
        if case .character(let character) = key, let code = character.asciiValue { return ascii[Int(code)] }
        return others[key] ?? []
    }
}
