/// JSON for the arcade's `Codable` values, without Foundation: saved games, settings,
/// `arcade stats --json`, a deck's descriptions, the old `scores.json`.
///
/// What it writes is byte for byte what FoundationEssentials' JSONEncoder wrote with the
/// same formatting (players' stores hold that encoder's JSON, and scripts read the stats);
/// what it reads is strict RFC 8259 (see `JSONParser`).
public enum JSON {
    /// How the text is laid out; the options are JSONEncoder's `OutputFormatting`.
    public struct Formatting: OptionSet, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Indented by two spaces, a member or element a line.
        public static let prettyPrinted = Formatting(rawValue: 1 << 0)
        /// Object keys in the order of their UTF-8 bytes; without it, in the order encoded.
        public static let sortedKeys = Formatting(rawValue: 1 << 1)
        /// "/" as itself rather than "\/".
        public static let withoutEscapingSlashes = Formatting(rawValue: 1 << 2)
    }

    /// `value` as JSON text (UTF-8). Throws an `EncodingError` for what JSON cannot hold
    /// (infinity, NaN) or a value that encodes nothing at all.
    public static func encode(_ value: some Encodable, formatting: Formatting = []) throws -> [UInt8] {
        let encoder = ValueEncoder(codingPath: [], userInfo: [:])
        try value.encode(to: encoder)
        guard let json = encoder.value else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values."))
        }
        return serialize(json, formatting: formatting)
    }

    /// `value` as JSON text.
    public static func string(_ value: some Encodable, formatting: Formatting = []) throws -> String {
        String(decoding: try encode(value, formatting: formatting), as: UTF8.self)
    }

    /// The `T` the JSON text `bytes` holds. Throws a `JSONSyntaxError` when the bytes are not
    /// JSON, and a `DecodingError` when they are but not a `T`. `userInfo` is the decoder's.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8],
                                            userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        try T(from: ValueDecoder(value: try parse(bytes), codingPath: [], userInfo: userInfo))
    }

    /// The `T` the JSON text `text` holds.
    public static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, from: Array(text.utf8))
    }

    /// The document `bytes` hold, as values.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(bytes)
    }

    /// `value` as JSON text.
    public static func serialize(_ value: JSONValue, formatting: Formatting = []) -> [UInt8] {
        var writer = JSONWriter(formatting: formatting)
        writer.write(value)
        return writer.bytes
    }
}
