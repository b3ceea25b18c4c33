extension SetCardStyle {
    /// The settings page's row: how the cards are drawn.
    static let settingRow = GameSetting(
        title: "Set's cards", about: "How Set's cards are drawn (c switches them in the game too).", key: setting,
        choices: [GameSetting.Choice(glyphs.rawValue, "glyphs"), GameSetting.Choice(classic.rawValue, "classic shapes")],
        defaultValue: glyphs.rawValue)
}
