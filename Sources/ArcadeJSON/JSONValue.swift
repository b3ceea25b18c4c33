/// A JSON document as values: what the parser reads, what the encoder builds and the
/// serializer writes.
///
/// A number keeps its text, so a `UInt64` seed or an integer past 2^53 passes through
/// exactly, and each `Decodable` type reads it as it needs. An object keeps its members
/// in order (the order they were read or encoded in); a key given twice is kept twice
/// here, and the decoder takes the first, as JSONDecoder does.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number as its JSON text ("-0", "1e3", "18446744073709551615").
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One member of an object.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The kind of value, in the words of a message ("a string", "an object").
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
