import ArcadeJSON
import FoundationEssentials
import Testing

/// The options JSONEncoder has for each `JSON.Formatting`.
func foundationFormatting(_ formatting: JSON.Formatting) -> JSONEncoder.OutputFormatting {
    var options: JSONEncoder.OutputFormatting = []
    if formatting.contains(.prettyPrinted) { options.insert(.prettyPrinted) }
    if formatting.contains(.sortedKeys) { options.insert(.sortedKeys) }
    if formatting.contains(.withoutEscapingSlashes) { options.insert(.withoutEscapingSlashes) }
    return options
}

/// `value` as FoundationEssentials' JSONEncoder writes it.
func foundationBytes(_ value: some Encodable, _ formatting: JSON.Formatting) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = foundationFormatting(formatting)
    return Array(try encoder.encode(value))
}

/// Every formatting a call site could use with sorted keys (without them JSONEncoder's
/// order is its dictionary's, which changes from run to run).
let sortedFormattings: [JSON.Formatting] = [
    .sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
    [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
]

/// Expects ArcadeJSON and JSONEncoder to write `value` with the same bytes under every
/// sorted formatting, and JSONEncoder's text to decode with ArcadeJSON as `value` again.
func expectSameAsFoundation<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for formatting in sortedFormattings {
        let ours = try JSON.encode(value, formatting: formatting)
        let theirs = try foundationBytes(value, formatting)
        #expect(ours == theirs, "\(formatting.rawValue): \(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: theirs, as: UTF8.self))",
                sourceLocation: sourceLocation)
        #expect(try JSON.decode(T.self, from: theirs) == value, sourceLocation: sourceLocation)
    }
}

/// Any JSON document, read by JSONDecoder and written by JSONEncoder: what JSONEncoder
/// makes of a text's values. A text that ArcadeJSON wrote from values this test cannot
/// name (a screen's private saved state) must come out of it unchanged.
///
/// Which kind each value is comes from the text as ArcadeJSON parsed it, when the decoder
/// is given it (`CodingUserInfoKey.parsedText`): JSONDecoder is then asked for that kind
/// alone. Without it every kind is tried in turn, and each one tried in vain throws, which
/// costs a backtrace under Swift Testing; a saved Blackjack game holds hundreds of values.
enum FoundationAny: Codable {
    case null, bool(Bool), int(Int64), uint(UInt64), double(Double), string(String)
    case array([FoundationAny]), object([String: FoundationAny])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = decoder.userInfo[.parsedText] as? JSONValue, let value = Self.value(at: decoder.codingPath, in: text) {
            switch value {
            case .null where container.decodeNil(): self = .null
            case .bool: self = .bool(try container.decode(Bool.self))
            case .string: self = .string(try container.decode(String.self))
            case .array: self = .array(try container.decode([FoundationAny].self))
            case .object: self = .object(try container.decode([String: FoundationAny].self))
            default: self = try Self.number(in: container)
            }
            return
        }
        // Arrays first: a deeply nested array tries nothing else on its way down. No kind
        // is ever read as another, so the order does not change a value.
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode([FoundationAny].self) { self = .array(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([String: FoundationAny].self) { self = .object(value) }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else { self = try Self.number(in: container) }
    }

    /// A number, as the first of Int64, UInt64 and Double that holds it.
    private static func number(in container: any SingleValueDecodingContainer) throws -> FoundationAny {
        if let value = try? container.decode(Int64.self) { return .int(value) }
        if let value = try? container.decode(UInt64.self) { return .uint(value) }
        return .double(try container.decode(Double.self))
    }

    /// The value at `path` (object keys and array indices) in `text`; nil when there is none.
    private static func value(at path: [any CodingKey], in text: JSONValue) -> JSONValue? {
        var current = text
        for key in path {
            switch current {
            case .array(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return nil }
                current = items[index]
            case .object(let members):
                guard let member = members.first(where: { $0.key == key.stringValue }) else { return nil }
                current = member.value
            default:
                return nil
            }
        }
        return current
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension CodingUserInfoKey {
    /// The text being decoded as ArcadeJSON parsed it (a `JSONValue`), for `FoundationAny`.
    static let parsedText = CodingUserInfoKey(rawValue: "arcade.parsedText")!
}

/// `text` read by JSONDecoder and written again by JSONEncoder with `formatting`.
func foundationRewritten(_ text: String, _ formatting: JSON.Formatting) throws -> String {
    let decoder = JSONDecoder()
    decoder.userInfo[.parsedText] = try JSON.parse(Array(text.utf8))
    let value = try decoder.decode(FoundationAny.self, from: Data(text.utf8))
    return String(decoding: try foundationBytes(value, formatting), as: UTF8.self)
}
