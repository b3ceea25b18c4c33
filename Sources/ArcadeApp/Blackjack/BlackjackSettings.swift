import BlackjackModel

extension BlackjackScreen {
    /// The settings page's row: the house rules of the next game, on a page of the rows of
    /// Blackjack's own rules page, kept under the same setting.
    static let houseRulesRow = GameSetting(
        title: "Blackjack's rules",
        about: "Enter shows Blackjack's house rules for the next game: decks, soft 17, payout, surrender, insurance.",
        key: rulesSetting,
        page: GameSetting.Page(
            summary: "decks, soft 17, payout…", heading: "Blackjack's house rules",
            about: "The rules of the next Blackjack game (its own rules page, o in Blackjack, changes the same "
                + "ones; --decks, --h17, --three-to-two and --no-surrender decide for one run). q: back to the settings.",
            rows: RuleRow.allCases.map { row in
                GameSetting.Page.Row(title: row.title, value: { row.value(rememberedRules(in: $0)) },
                                     changed: { rulesJSON(row.changed(rememberedRules(in: $0), by: $1)) })
            }))
}
