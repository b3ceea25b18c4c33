import Foundation

/// `value` as pretty-printed JSON, keys sorted and in snake case, so every report reads alike.
func renderedJSON(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    do {
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
        return "{\"error\": \"could not encode the report: \(error)\"}"
    }
}
