/// One flashcard of the deck: an identifier for its picture and the words that name it.
///
/// The model never sees a picture: the app maps `id` to an image (a file name stem
/// such as `"salt-lake"`) and the model only compares identifiers.
public struct Flashcard: Hashable, Sendable, Codable, Identifiable, CustomStringConvertible {
    /// What ties the picture to its name; unique within a deck.
    public let id: String
    /// The name the names list shows, e.g. "Salt Lake City, Utah".
    public let name: String
    /// Where the temple stands, e.g. "Utah, United States"; empty when unknown.
    public let location: String

    /// A card whose picture is known as `id` and whose name is `name`.
    public init(id: String, name: String, location: String = "") {
        self.id = id
        self.name = name
        self.location = location
    }

    /// The name, followed by the location when there is one.
    public var description: String {
        location.isEmpty ? name : "\(name) (\(location))"
    }
}
