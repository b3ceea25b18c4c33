import ArcadeRecords
import ArcadeUI

/// Something only the app can do: the shell's effects, carried out by `ArcadeApp`.
public enum AppEffect: Equatable, Sendable {
    case quit
    /// What game `id` asked for that the runtime carries out as asked: a sound, the bell, a
    /// deck, a daily result, a tally, a learn answer (`GameEffect`). The shell itself answers
    /// `.leave` and `.confirm`, and sends a result and a setting as `recordScore` and `remember`.
    case game(GameID, GameEffect)
    /// Keep game `id`'s finished result (which also forgets its saved game).
    case recordScore(GameID, ScoreRecord)
    /// Keep a game left in progress, replacing its game's saved game of the same mode (and
    /// the save of mode `replacing`, which it was resumed from before it changed mode).
    case saveGame(SavedGame, replacing: String? = nil)
    /// Write again a save the store refused (`RuntimeReport.notKept`), with the mode it
    /// replaces: never over a newer save another arcade left since, and without waiting for
    /// a lock (the menu must not stand still); a refusal again is said no more.
    case retrySave(SavedGame, replacing: String?)
    /// Forget game `id`'s saved game of `mode` (a new game was chosen, or the save did not decode).
    case forgetSavedGame(GameID, mode: String = "")
    /// Read every game's statistics from the store and show them (`RuntimeReport.statistics`).
    case showStatistics
    /// Read the lists and the saved games again, for the menu (`RuntimeReport.stored`).
    case refreshMenu
    /// Count the cards of learn-mode `deck` due on `day` in the store (`RuntimeReport.learnDue`).
    case countDue(deck: String, day: Int)
    /// Keep a setting (the settings page's, or a game's `GameEffect.remember`).
    case remember(setting: String, value: String)
    /// Draw with this theme and palette from now on (the settings page).
    case look(ThemeName, PaletteName)
    /// Switch sound on or off (the settings page).
    case soundSwitched(on: Bool)
}
