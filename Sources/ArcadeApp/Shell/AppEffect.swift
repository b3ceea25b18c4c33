import ArcadeStore
import ArcadeUI

/// Something only the app can do: the shell's effects, carried out by `ArcadeApp`.
public enum AppEffect: Equatable, Sendable {
    case quit
    case sound(SoundCue)
    /// Keep game `id`'s finished result (which also forgets its saved game).
    case recordScore(GameID, ScoreRecord)
    case bell
    /// A deck for game `id`: load it, ask how far it is, or stop loading it.
    case deck(GameID, DeckRequest)
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
    /// Keep a setting (`GameEffect.remember`).
    case remember(setting: String, value: String)
    /// Keep game `id`'s daily result of `day`, unless that day has one already.
    case recordDaily(GameID, day: String, DailyOutcome)
    /// Count one more decision of kind `key` in game `id`'s tallies (`GameEffect.tally`).
    case tally(GameID, key: String, right: Bool)
    /// Keep one answer of a learn session (`GameEffect.learned`).
    case learned(deck: String, card: String, progress: StoredCardProgress, right: Bool, day: Int)
    /// Draw with this theme and palette from now on (the settings page).
    case look(ThemeName, PaletteName)
    /// Switch sound on or off (the settings page).
    case soundSwitched(on: Bool)
}
