import ArcadeRecords

/// What the games keep of the player's past that the menu does not show: each game's daily
/// results and tallies of decisions.
///
/// The shell reads it when a game first opens, not before the menu's first frame, which shows
/// none of it. The learn mode's cards are not in it: the menu counts the cards due.
public struct PlayerHistory: Sendable, Equatable {
    /// Each game's daily results, by day.
    public var daily: [GameID: [String: DailyOutcome]]
    /// Each game's tallies of decisions, by kind.
    public var tallies: [GameID: [String: Tally]]
    /// Each game's best score of each mode ("" for results kept without one), every player's,
    /// as `GameContext.bests`.
    public var bests: [GameID: [String: Int]]

    public init(daily: [GameID: [String: DailyOutcome]] = [:], tallies: [GameID: [String: Tally]] = [:],
                bests: [GameID: [String: Int]] = [:]) {
        self.daily = daily
        self.tallies = tallies
        self.bests = bests
    }
}
