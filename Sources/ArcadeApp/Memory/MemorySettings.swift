extension MemoryScreen {
    /// The settings page's row: how long two cards that do not match stay face up.
    static let flipBackRow = GameSetting(
        title: "Memory turns back",
        about: "How long two cards that do not match stay face up (any key turns them back sooner).",
        key: SettingKey.memoryFlipBack,
        choices: flipBackChoices.map { GameSetting.Choice(secondsText($0), "\(secondsText($0)) s") },
        defaultValue: secondsText(mismatchShowTime))
}
