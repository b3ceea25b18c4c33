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
enum FoundationAny: Codable {
    case null, bool(Bool), int(Int64), uint(UInt64), double(Double), string(String)
    case array([FoundationAny]), object([String: FoundationAny])

    init(from decoder: any Decoder) throws {
        // Strings, objects and arrays first: they are most of a saved game (a Blackjack shoe
        // is hundreds of objects of two strings), and every kind tried in vain throws. None
        // of the three is ever read as another kind, so the order does not change a value.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([String: FoundationAny].self) { self = .object(value) }
        else if let value = try? container.decode([FoundationAny].self) { self = .array(value) }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .int(value) }
        else if let value = try? container.decode(UInt64.self) { self = .uint(value) }
        else { self = .double(try container.decode(Double.self)) }
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

/// `text` read by JSONDecoder and written again by JSONEncoder with `formatting`.
func foundationRewritten(_ text: String, _ formatting: JSON.Formatting) throws -> String {
    let value = try JSONDecoder().decode(FoundationAny.self, from: Data(text.utf8))
    return String(decoding: try foundationBytes(value, formatting), as: UTF8.self)
}
