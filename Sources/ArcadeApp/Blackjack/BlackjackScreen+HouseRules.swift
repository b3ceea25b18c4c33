import ArcadeJSON
import BlackjackModel

/// The house rules as the arcade keeps them: the setting they are remembered under, the
/// command line's overrides, and the rows of the rules page. Settings and the game catalog
/// read them here (`BlackjackScreen.RuleRow`, `rememberedRules`, `rulesJSON`, `rules(options:settings:)`).
extension BlackjackScreen {
    /// One row of the rules page (and of the settings' house rules), in the order shown.
    typealias RuleRow = BlackjackRulesPage.Row

    /// The setting the chosen rules are kept under, as the JSON of `TableRules`.
    static let rulesSetting = "blackjack.rules"

    /// The rules kept in `settings`; the specification's game when none are, or they do not decode.
    static func rememberedRules(in settings: [String: String]) -> TableRules {
        guard let text = settings[rulesSetting], let rules = try? JSON.decode(TableRules.self, from: text),
              TableRules.deckChoices.contains(rules.decks) else { return TableRules() }
        return rules
    }

    /// The remembered rules with the command line's overrides (`--decks N`, `--h17`,
    /// `--three-to-two`, `--no-surrender`), for this run only.
    static func rules(options: [String: String], settings: [String: String]) -> TableRules {
        var rules = rememberedRules(in: settings)
        if let decks = options["--decks"].flatMap({ Int($0) }), TableRules.deckChoices.contains(decks) {
            rules.decks = decks
        }
        if options["--h17"] != nil { rules.dealerHitsSoft17 = true }
        if options["--three-to-two"] != nil { rules.blackjackPayout = .threeToTwo }
        if options["--no-surrender"] != nil { rules.lateSurrender = false }
        return rules
    }

    /// `rules` as the setting keeps them: JSON, keys sorted. The rules the page can choose are
    /// encoded once (`choosableRules`), so a flood of changes encodes none.
    static func rulesJSON(_ rules: TableRules) -> String {
        if let index = choosableIndex(rules), choosableRules[index].rules == rules { return choosableRules[index].json }
        return encodedJSON(rules)
    }

    private static func encodedJSON(_ rules: TableRules) -> String {
        (try? JSON.string(rules, formatting: .sortedKeys)) ?? "{}"
    }

    /// Every table the rules page can set, with its JSON, by `choosableIndex`.
    private static let choosableRules: [(rules: TableRules, json: String)] = TableRules.deckChoices.flatMap { decks in
        (0..<32).map { flags in
            let rules = TableRules(decks: decks, dealerHitsSoft17: flags & 16 != 0, lateSurrender: flags & 8 != 0,
                                   doubleAfterSplit: flags & 4 != 0,
                                   blackjackPayout: flags & 2 != 0 ? .threeToTwo : .evenMoney,
                                   offersInsurance: flags & 1 != 0)
            return (rules, encodedJSON(rules))
        }
    }

    /// Where `rules` would be among `choosableRules` (nil: a deck count the page does not offer).
    private static func choosableIndex(_ rules: TableRules) -> Int? {
        guard let deckIndex = TableRules.deckChoices.firstIndex(of: rules.decks) else { return nil }
        return deckIndex * 32 + (rules.dealerHitsSoft17 ? 16 : 0) + (rules.lateSurrender ? 8 : 0)
            + (rules.doubleAfterSplit ? 4 : 0) + (rules.blackjackPayout == .threeToTwo ? 2 : 0)
            + (rules.offersInsurance ? 1 : 0)
    }
}
