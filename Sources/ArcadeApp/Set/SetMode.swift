import ArcadeUI
import SetModel

/// Which Set is on the table: the specified solo game, the day's puzzle, a game against
/// the computer, or a table for friends over the network.
enum SetMode: Hashable, Sendable, Codable {
    case classic
    case daily
    case versus(OpponentLevel)
    case friends

    /// The modes the choice offers, in its order (digits 1, 2… pick them).
    static let choices: [SetMode] = [.classic, .daily, .versus(.easy), .versus(.normal), .versus(.hard)]

    /// The button's words.
    var title: String {
        switch self {
        case .classic: return "Classic"
        case .daily: return "Daily"
        case .versus(let level): return level.name
        case .friends: return "Friends"
        }
    }

    /// What the mode is, beside its button in the choice's box.
    var summary: String {
        switch self {
        case .classic: return "the whole deck, solo, for points"
        case .daily: return "the day's 12 cards hold exactly 6 sets"
        case .versus(let level): return "race the computer: a set in about \(Int(level.meanDelay)) s"
        case .friends: return "a table for friends over the network"
        }
    }

    /// The name kept with a score ("versus normal"); nil for the classic game.
    var scoreMode: String? {
        switch self {
        case .classic, .daily: return nil
        case .versus(let level): return "versus \(level.rawValue)"
        case .friends: return "friends"
        }
    }
}
