import ArcadeUI
import TempleModel

/// What the match and study page says: the message line after each thing the player does,
/// the tallies, the result box and help, each line in wordings from the widest to the
/// narrowest (`StatusLine` shows the longest that fits).
enum TempleMatchWording {
    /// Both modes' words for help.
    static let notes = [
        "Pick a picture and the name of that temple, in either order. A correct match "
            + "takes both away; an incorrect one clears both picks. Tallies stay until Reset.",
        "Study mode shows every temple with its name on the picture; nothing can be picked.",
    ]

    /// A deck just dealt: what went wrong loading it (`notices`), or how to play.
    static func dealt(notices: [String]) -> StatusLine {
        notices.first.map { notice in
            StatusLine(notice, tail: notices.count > 1 ? "(and \(notices.count - 1) more: press ?)" : "")
        } ?? StatusLine(["Pick a picture and its name, in either order.", "Pick a picture and its name."])
    }

    /// A correct match of `card` (id `id`), built in `year`.
    static func correct(_ card: Flashcard?, id: String, year: Int?) -> StatusLine {
        let name = "Correct — \(card?.name ?? id)"
        let year = year.map(String.init)
        let place = [card?.location ?? "", year ?? ""].filter { !$0.isEmpty }
        // On a narrow line the year alone, then the name cut with "…".
        return StatusLine([name + (place.isEmpty ? "" : " (\(place.joined(separator: ", ")))")]
                          + (place.count > 1 ? [name + " (\(year ?? ""))"] : []))
    }

    /// A wrong match: which temple the picked picture (`shown`) really was, so the miss
    /// teaches something.
    static func incorrect(_ shown: String) -> StatusLine {
        StatusLine(["Incorrect — that was \(shown). Both picks cleared; try again.",
                    "Incorrect — that was \(shown).", "Incorrect — try again."])
    }

    /// The first half of an attempt, picked in `pane`.
    static func picked(in pane: TempleGame.Pane) -> StatusLine {
        StatusLine(pane == .pictures ? ["Picture picked: now pick its name.", "Now pick its name."]
                                     : ["Name picked: now pick its picture.", "Now pick its picture."])
    }

    /// The deck of `count` cards cleared with `accuracy` percent in `time`.
    static func cleared(_ count: Int, accuracy: Int, time: String) -> StatusLine {
        StatusLine([
            "All \(count) matched — accuracy \(accuracy)% in \(time). n: new order · r: same order again.",
            "All \(count) matched — \(accuracy)% in \(time). n: new order · r: same order again.",
            "\(accuracy)% in \(time). n: new order · r: same order again.",
            "\(accuracy)% in \(time). n: new order · r: same.",
        ])
    }

    /// The result box's lines for `game`, cleared with `figures`.
    static func result(_ game: TempleGame, _ figures: TempleFigures, isNewBest: Bool) -> String {
        [
            "All \(game.totalCount) matched in \(figures.time)." + (isNewBest ? " New best!" : ""),
            "Correct \(game.correctCount) · Incorrect \(game.incorrectCount) · Accuracy \(figures.accuracy)%",
        ].joined(separator: "\n")
    }

    /// Switched to `mode` with its button or key.
    static func switched(to mode: TempleGame.Mode) -> StatusLine {
        mode == .study
            ? StatusLine(["Study mode: every temple with its name. Press m to match.", "Study mode. Press m to match."])
            : StatusLine(["Match mode: pick a picture and its name.", "Match mode."])
    }

    /// Back from learn mode to `mode`.
    static func back(to mode: TempleGame.Mode) -> StatusLine {
        mode == .study ? StatusLine(["Study mode: every temple with its name. Press m to match.", "Study mode."])
            : StatusLine(["Match mode: pick a picture and its name.", "Match mode."])
    }

    static var shuffled: StatusLine {
        StatusLine(["New order: the pictures and the names are shuffled, tallies cleared.", "New order, tallies cleared."])
    }

    static var reset: StatusLine {
        StatusLine(["Reset: all pictures and names are back, tallies cleared.", "Reset: all back, tallies cleared."])
    }

    /// A saved game whose pictures the deck no longer has all of: a new game instead.
    static func savedPicturesGone(notices: [String]) -> StatusLine {
        StatusLine(["The saved game's pictures are no longer all in the deck: this is a new game.",
                    "Saved pictures gone: a new game."],
                   tail: notices.isEmpty ? "" : "(deck notices: press ?)")
    }

    /// The tallies line: correct, incorrect, left and (matching) the time on `clock`.
    static func tallies(_ game: TempleGame, clock: String) -> StatusLine {
        let counts = ["Correct \(game.correctCount)", "Incorrect \(game.incorrectCount)", "Left \(game.remainingCount)"]
        // The narrowest line (60 columns, beside three buttons) has room for this only.
        let shortest = "\(game.correctCount) of \(game.attemptCount) right, \(game.remainingCount) left"
        guard game.mode == .match else {
            return StatusLine([counts.joined(separator: "   "), counts.joined(separator: "  "), shortest], tone: .strong)
        }
        return StatusLine([(counts + ["Time \(clock)"]).joined(separator: "   "),
                           (counts + [clock]).joined(separator: "  "), counts.joined(separator: "  "), shortest],
                          tone: .strong)
    }
}
