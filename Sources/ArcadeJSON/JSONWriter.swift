/// Writes `JSONValue`s as text, byte for byte as FoundationEssentials' JSONEncoder writes
/// them with the same `JSON.Formatting`: players' stores hold JSON that encoder wrote
/// (saved games, settings), and scripts read `arcade stats --json`.
///
/// Its choices, all JSONEncoder's: `"`, `\` and (unless `withoutEscapingSlashes`) `/`
/// escaped; backspace, form feed, newline, return and tab as `\b \f \n \r \t`, the other
/// controls as `\u00xx` in lowercase hex; everything else, non-ASCII too, as its UTF-8.
/// Sorted keys are in the order of their UTF-8 bytes. Pretty printing indents by two
/// spaces, puts ` : ` between key and value and writes an empty array as `[`, a blank
/// line and `]`.
struct JSONWriter {
    private let formatting: JSON.Formatting
    private(set) var bytes: [UInt8] = []
    private var indent = 0

    init(formatting: JSON.Formatting) {
        self.formatting = formatting
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .number(let text): bytes += text.utf8
        case .string(let text): write(string: text)
        case .array(let elements): write(array: elements)
        case .object(let members): write(object: members)
        }
    }

    private mutating func write(array elements: [JSONValue]) {
        bytes.append(UInt8(ascii: "["))
        let pretty = formatting.contains(.prettyPrinted)
        if pretty {
            bytes.append(0x0A)
            indent += 1
        }
        for (offset, element) in elements.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")); if pretty { bytes.append(0x0A) } }
            if pretty { writeIndent() }
            write(element)
        }
        if pretty {
            bytes.append(0x0A)
            indent -= 1
            writeIndent()
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func write(object members: [JSONValue.Member]) {
        bytes.append(UInt8(ascii: "{"))
        let pretty = formatting.contains(.prettyPrinted)
        if pretty {
            bytes.append(0x0A)
            indent += 1
        }
        let ordered = formatting.contains(.sortedKeys)
            ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
        for (offset, member) in ordered.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")); if pretty { bytes.append(0x0A) } }
            if pretty { writeIndent() }
            write(string: member.key)
            if pretty { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
            write(member.value)
        }
        if pretty {
            bytes.append(0x0A)
            indent -= 1
            writeIndent()
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "/") where !formatting.contains(.withoutEscapingSlashes): append("\\/")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private mutating func writeIndent() {
        for _ in 0..<indent { append("  ") }
    }

    private mutating func append(_ text: StaticString) {
        bytes += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}
