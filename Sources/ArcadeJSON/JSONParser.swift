/// Why bytes are not a JSON document (RFC 8259), and where: the byte offset from the start.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int

    public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser: one value, whitespace around it and nothing else.
///
/// Its input can be hostile (a deck's `deck.json`, a damaged store), so it never traps:
/// nesting deeper than `maximumDepth` is an error rather than a deep recursion, a string
/// must be valid UTF-8 without raw control characters, an escape must be one JSON has
/// and a `\u` surrogate must come in a pair. Everything else it rejects too: trailing
/// commas, comments, leading zeros, `NaN`, single quotes, anything after the value.
struct JSONParser {
    /// The deepest nesting of arrays and objects read; JSONDecoder's limit too.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The document `bytes` hold. A UTF-8 byte order mark before it is skipped, as
    /// JSONDecoder skips it (an editor may write one into a deck's descriptions).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("Unexpected text after the JSON value") }
        return value
    }

    // MARK: - Values

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw error("Unexpected end of the JSON text") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("Unexpected \(Self.describe(byte))")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("Expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("Expected \":\" after the key") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try value()))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default: throw error("Expected \",\" or \"}\" in the object")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw error("Expected \",\" or \"]\" in the array")
            }
        }
    }

    /// One more level of nesting, refused past `maximumDepth`.
    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("Arrays and objects nested deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= text.count, bytes[index..<index + text.count].elementsEqual(text) else {
            throw error("Unexpected \(Self.describe(bytes[index]))")
        }
        index += text.count
    }

    // MARK: - Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), Self.isDigit(next) { throw error("A number must not start with 0", at: start) }
        } else {
            guard try digits() > 0 else { throw error("Expected a digit in the number") }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw error("Expected a digit after the decimal point") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw error("Expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() throws(JSONSyntaxError) -> Int {
        let start = index
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
        return index - start
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    /// The string at the opening quote, its escapes resolved.
    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var text: [UInt8] = []
        var runStart = index
        while true {
            guard let byte = peek() else { throw error("Unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                text += bytes[runStart..<index]
                index += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw error("A string is not valid UTF-8", at: index - 1)
                }
                return string
            case UInt8(ascii: "\\"):
                text += bytes[runStart..<index]
                try escape(into: &text)
                runStart = index
            case 0..<0x20:
                throw error("Unescaped control character \(Self.describe(byte)) in a string")
            default:
                index += 1
            }
        }
    }

    /// The escape at the backslash, appended to `text` as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard let letter = peek() else { throw error("Unterminated string") }
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad()
            let unpaired = error("Unpaired surrogate \\u\(Self.hex(unit)) in a string", at: start)
            var value = UInt32(unit)
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate is half a character: its low half must follow at once.
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw unpaired
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw unpaired }
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            case 0xDC00...0xDFFF:
                throw unpaired
            default:
                break
            }
            // Never nil: what is left is no surrogate, and below 0x110000.
            guard let scalar = Unicode.Scalar(value) else { throw unpaired }
            UTF8.encode(scalar) { text.append($0) }
        default:
            throw error("Invalid escape \\\(Self.describe(letter)) in a string", at: start)
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw error("Expected four hex digits after \\u") }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("Expected four hex digits after \\u")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    // MARK: - Helpers

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: offset ?? index)
    }

    /// A byte as a message shows it: a printable character in quotes, else its hex value.
    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(hex(UInt16(byte)))"
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, (value > 0xFF ? 4 : 2) - digits.count)) + digits
    }
}
