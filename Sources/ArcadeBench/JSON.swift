/// A JSON value for `--json` output.
indirect enum JSON {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func optional(_ value: Double?) -> JSON {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    func rendered(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .number(let value): return value.isFinite ? fixed(value, 3) : "null"
        case .string(let value): return JSON.quote(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let simple = items.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            if simple { return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + JSON.quote($0.0) + ": " + $0.1.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let c where c.value < 0x20 || c.value == 0x7F:
                let hex = String(c.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// A strict JSON syntax check (RFC 8259), for the score file.
struct JSONValidator {
    private let bytes: [UInt8]
    private var index = 0

    /// nil when `bytes` is one valid JSON text, else what is wrong and where.
    static func problem(in bytes: [UInt8]) -> String? {
        var validator = JSONValidator(bytes: bytes)
        do {
            validator.skipSpace()
            try validator.value(depth: 0)
            validator.skipSpace()
            if validator.index != bytes.count { throw Failure(message: "extra data", offset: validator.index) }
            return nil
        } catch let failure as Failure {
            return "\(failure.message) at byte \(failure.offset)"
        } catch {
            return "\(error)"
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private struct Failure: Error { var message: String; var offset: Int }

    private func fail(_ message: String) -> Failure { Failure(message: message, offset: index) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard current == byte else { throw fail("expected \(literal)") }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws {
        guard depth < 512 else { throw fail("nested too deep") }
        guard let byte = current else { throw fail("unexpected end") }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            skipSpace()
            if current == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw fail("expected a key") }
                try string()
                skipSpace()
                try expect(":")
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                try expect("}")
                return
            }
        case UInt8(ascii: "["):
            index += 1
            skipSpace()
            if current == UInt8(ascii: "]") { index += 1; return }
            while true {
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                try expect("]")
                return
            }
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try expect("true")
        case UInt8(ascii: "f"): try expect("false")
        case UInt8(ascii: "n"): try expect("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw fail("unexpected character")
        }
    }

    private mutating func string() throws {
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw fail("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard String(validating: text, as: UTF8.self) != nil else { throw fail("invalid UTF-8 in string") }
                return
            case UInt8(ascii: "\\"):
                guard let escape = current else { throw fail("unterminated escape") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    for _ in 0..<4 {
                        guard let hex = current, (hex >= 0x30 && hex <= 0x39) || (hex | 0x20 >= 0x61 && hex | 0x20 <= 0x66)
                        else { throw fail("bad \\u escape") }
                        index += 1
                    }
                default: throw fail("bad escape")
                }
            case 0..<0x20:
                throw fail("control character in string")
            default:
                text.append(byte)
            }
        }
    }

    private mutating func number() throws {
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= 0x30 && first <= 0x39 else { throw fail("bad number") }
        index += 1
        if first != 0x30 { while let d = current, d >= 0x30 && d <= 0x39 { index += 1 } }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let d = current, d >= 0x30 && d <= 0x39 else { throw fail("bad fraction") }
            while let d = current, d >= 0x30 && d <= 0x39 { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let d = current, d >= 0x30 && d <= 0x39 else { throw fail("bad exponent") }
            while let d = current, d >= 0x30 && d <= 0x39 { index += 1 }
        }
    }
}

/// The state of `$XDG_DATA_HOME/arcade/scores.json`: absent, valid, or what is wrong.
struct ScoreFileCheck {
    var exists: Bool
    var problem: String?
    var size: Int
    /// Other files in the directory (a temporary file left behind, a corrupt file moved aside).
    var otherFiles: [String]

    var isGood: Bool { problem == nil }

    var summary: String {
        var text = !exists ? "absent" : (problem.map { "BAD: \($0)" } ?? "valid JSON (\(size) B)")
        if !otherFiles.isEmpty { text += "; also: " + otherFiles.joined(separator: ", ") }
        return text
    }

    static func check(dataHome: String) -> ScoreFileCheck {
        let directory = dataHome + "/arcade"
        let path = directory + "/scores.json"
        let others = listDirectory(directory).filter { $0 != "scores.json" && $0 != "scores.json.lock" }
        guard fileExists(path) else { return ScoreFileCheck(exists: false, problem: nil, size: 0, otherFiles: others) }
        guard let bytes = readFile(path) else {
            return ScoreFileCheck(exists: true, problem: "unreadable", size: 0, otherFiles: others)
        }
        if bytes.isEmpty { return ScoreFileCheck(exists: true, problem: "empty file", size: 0, otherFiles: others) }
        return ScoreFileCheck(exists: true, problem: JSONValidator.problem(in: bytes), size: bytes.count, otherFiles: others)
    }
}
