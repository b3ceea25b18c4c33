/// The four colours a slot digit can show.
///
/// The model only names them; the screen maps each to a terminal colour and also
/// prints `initial`, so the game stays playable without colour.
public enum DigitColor: String, CaseIterable, Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    case red
    case blue
    case green
    case purple

    /// One capital letter (R, B, G, P) shown beside the digit for monochrome terminals.
    public var initial: Character {
        switch self {
        case .red: "R"
        case .blue: "B"
        case .green: "G"
        case .purple: "P"
        }
    }

    /// The colour's lowercase English name, e.g. "purple".
    public var name: String {
        switch self {
        case .red: "red"
        case .blue: "blue"
        case .green: "green"
        case .purple: "purple"
        }
    }

    /// The colour's name, so it reads naturally in messages.
    public var description: String { name }
}
