import SetModel

/// What the Set screen says in words: the opening line, why three cards are not a set (in
/// the words of the shapes on screen), and a daily result.
enum SetWording {
    static let introduction = [
        "Find three cards where each feature is all the same or all different.",
        "A set: each feature all same or all different.",
        "Find a set of three cards.",
    ]

    /// The rule, as every game's help opens with it.
    static let rule = "A set is three cards where number, shape, shading and colour are each all the same or all different."

    /// Why `cards` (three selected) are not a set, fullest first: every feature that breaks
    /// the rule ("two are red, one is green; two are striped, one is open"), then fewer with
    /// how many more fail ("two are red, one is green; 1 more feature fails"), then none;
    /// `ending` follows each (". −4"). `faces` names the classic shapes (diamond, oval,
    /// squiggle) for the model's triangle, circle and square.
    static func notASet(_ cards: [SetCard], faces: Bool, ending: String) -> [String] {
        let reasons = cards.count == 3
            ? SetMismatch.of(cards[0], cards[1], cards[2]).map { reason($0, in: cards, faces: faces) } : []
        let named = stride(from: reasons.count, through: 1, by: -1).map { count -> String in
            let more = reasons.count - count
            let rest = more == 0 ? "" : more == 1 ? "; 1 more feature fails" : "; \(more) more features fail"
            return "Not a set: " + reasons.prefix(count).joined(separator: "; ") + rest + ending
        }
        return named + ["Not a set" + ending]
    }

    /// One broken feature in words: what two of the cards share, then what the third has.
    private static func reason(_ mismatch: SetMismatch, in cards: [SetCard], faces: Bool) -> String {
        let odd = cards[mismatch.oddCard], pair = cards[(mismatch.oddCard + 1) % 3]
        switch mismatch.feature {
        case .color:
            return "two are \(name(of: pair.color)), one is \(name(of: odd.color))"
        case .symbol:
            let two = name(of: pair.symbol, faces: faces), one = name(of: odd.symbol, faces: faces)
            return "two are \(two)s, one is \(one.first == "o" ? "an" : "a") \(one)"
        case .shading:
            return "two are \(name(of: pair.shading)), one is \(name(of: odd.shading))"
        case .number:
            let shapes = pair.number == .one ? "shape" : "shapes"
            return "two have \(pair.number.rawValue) \(shapes), one has \(odd.number.rawValue)"
        }
    }

    static func name(of color: SetCard.Color) -> String {
        switch color {
        case .red: return "red"
        case .green: return "green"
        case .purple: return "purple"
        }
    }

    static func name(of shading: SetCard.Shading) -> String {
        switch shading {
        case .solid: return "solid"
        case .striped: return "striped"
        case .open: return "open"
        }
    }

    /// The shape's name as the table shows it: the glyphs', or the classic faces'.
    static func name(of symbol: SetCard.Symbol, faces: Bool) -> String {
        switch (symbol, faces) {
        case (.triangle, false): return "triangle"
        case (.circle, false): return "circle"
        case (.square, false): return "square"
        case (.triangle, true): return "diamond"
        case (.circle, true): return "oval"
        case (.square, true): return "squiggle"
        }
    }

    /// "6/6 in 2:14, 1 miss"
    static func resultText(_ outcome: DailyOutcome, setCount: Int) -> String {
        "\(outcome.found)/\(setCount) in \(PlayClock.text(outcome.seconds)), " + misses(outcome.misses)
    }

    /// The one line to share: "Set daily 2026-12-01: 6/6 in 2:14, 1 miss".
    static func shareLine(day: CalendarDay, outcome: DailyOutcome, setCount: Int) -> String {
        "Set daily \(day.text): " + resultText(outcome, setCount: setCount)
    }

    /// "no misses", "1 miss", "2 misses".
    static func misses(_ count: Int) -> String {
        count == 0 ? "no misses" : count == 1 ? "1 miss" : "\(count) misses"
    }
}
