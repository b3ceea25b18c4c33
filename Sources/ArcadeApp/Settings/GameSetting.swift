/// A setting a game offers on the settings page, from its catalog entry (`GameInfo.settings`):
/// a row of choices kept under a key (Set's cards), or a row that opens a page of the game's
/// own rows, all kept under one key (Blackjack's house rules).
public struct GameSetting: Sendable {
    /// One choice: the value kept, and its words on the page.
    public struct Choice: Sendable {
        public var value: String
        public var label: String

        public init(_ value: String, _ label: String) {
            self.value = value
            self.label = label
        }
    }

    /// A page of rows opened from the setting's row with Enter or a click.
    public struct Page: Sendable {
        /// One row of the page: its title, its value in words, and the setting's value after
        /// a change by `step` (±1) from the settings as kept.
        public struct Row: Sendable {
            public var title: String
            public var value: @Sendable (_ settings: [String: String]) -> String
            public var changed: @Sendable (_ settings: [String: String], _ step: Int) -> String

            public init(title: String, value: @escaping @Sendable ([String: String]) -> String,
                        changed: @escaping @Sendable ([String: String], Int) -> String) {
                self.title = title
                self.value = value
                self.changed = changed
            }
        }

        /// What the setting's row says in place of choices ("decks, soft 17, payout…").
        public var summary: String
        /// The page's title after "Settings ›".
        public var heading: String
        /// The words under its rows.
        public var about: String
        public var rows: [Row]

        public init(summary: String, heading: String, about: String, rows: [Row]) {
            self.summary = summary
            self.heading = heading
            self.about = about
            self.rows = rows
        }
    }

    public var title: String
    /// One line on what it does, shown while its row has focus.
    public var about: String
    /// The key it is kept under.
    public var key: String
    /// Its choices side by side (none for a setting with a page).
    public var choices: [Choice]
    /// The choice shown when nothing is kept yet.
    public var defaultValue: String
    public var page: Page?

    /// A row of choices.
    public init(title: String, about: String, key: String, choices: [Choice], defaultValue: String) {
        precondition(!choices.isEmpty, "a setting has at least one choice")
        self.title = title
        self.about = about
        self.key = key
        self.choices = choices
        self.defaultValue = defaultValue
    }

    /// A row that opens `page`.
    public init(title: String, about: String, key: String, page: Page) {
        self.init(title: title, about: about, key: key, choices: [Choice("", page.summary)], defaultValue: "")
        self.page = page
    }
}
