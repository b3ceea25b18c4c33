import ArcadeJSON
import FoundationEssentials
import Testing

/// The parser reads RFC 8259 and nothing else, and hostile input only ever makes an error.
@Suite struct ParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSON.parse(Array(text.utf8))
    }

    /// The message of the error `text` makes, or nil when it parses.
    private func failure(_ text: String) -> String? {
        failure(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSON.parse(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func escapesBecomeTheirCharacters() throws {
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{8} \u{C} \n \r \t"))
        #expect(try parse(#""\u0041\u00e9\u65E5""#) == .string("Aé日"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try parse("\"é🃏\"") == .string("é🃏"))
    }

    @Test func surrogatePairsAreOneCharacterAndLoneHalvesAreRefused() throws {
        #expect(try parse(#""\ud83c\udccf""#) == .string("🃏"))
        #expect(try parse(#""\uD834\uDD1E x""#) == .string("𝄞 x"))
        #expect(failure(#""\ud83c""#) == #"Unpaired surrogate \uD83C in a string at byte 1"#)
        #expect(failure(#""\ud83c\u0041""#) == #"Unpaired surrogate \uD83C in a string at byte 1"#)
        #expect(failure(#""\udccf\ud83c""#) == #"Unpaired surrogate \uDCCF in a string at byte 1"#)
        #expect(failure(#""\ud83cx""#) != nil)
    }

    @Test func badEscapesAndRawControlsAreRefused() {
        #expect(failure(#""\x41""#) == #"Invalid escape \"x" in a string at byte 1"#)
        #expect(failure(#""\u12""#) == #"Expected four hex digits after \u at byte 3"#)
        #expect(failure(#""\u12G4""#) != nil)
        #expect(failure("\"a\nb\"") == "Unescaped control character byte 0x0A in a string at byte 2")
        #expect(failure("\"a\tb\"") != nil)
        #expect(failure(#""abc"#) == "Unterminated string at byte 4")
        #expect(failure([0x22, 0xC3, 0x28, 0x22]) == "A string is not valid UTF-8 at byte 3")
        #expect(failure([0x22, 0xED, 0xA0, 0x80, 0x22]) != nil, "a surrogate written as UTF-8")
    }

    @Test func numbersKeepTheirTextAndDecodeAsTheTypeAsks() throws {
        #expect(try parse("-0") == .number("-0"))
        #expect(try parse("1e3") == .number("1e3"))
        #expect(try parse("-12.5E-3") == .number("-12.5E-3"))
        #expect(try parse("18446744073709551615") == .number("18446744073709551615"))
        #expect(try JSON.decode(Double.self, from: "-0").sign == .minus)
        #expect(try JSON.decode(Int.self, from: "1e3") == 1000)
        #expect(try JSON.decode(Int.self, from: "3.0") == 3)
        #expect(try JSON.decode(UInt64.self, from: "18446744073709551615") == .max)
        #expect(try JSON.decode(Int64.self, from: "-9223372036854775808") == .min)
        #expect(try JSON.decode(Double.self, from: "123456789012345678901234567890") == 1.2345678901234568e29)
        #expect(throws: DecodingError.self) { try JSON.decode(Int.self, from: "18446744073709551615") }
        #expect(throws: DecodingError.self) { try JSON.decode(Int.self, from: "1.5") }
        #expect(throws: DecodingError.self) { try JSON.decode(UInt8.self, from: "-1") }
        #expect(throws: DecodingError.self) { try JSON.decode(Double.self, from: "1e400") }
        // As JSONDecoder reads them.
        for text in ["1e3", "3.0", "-0", "1.5", "18446744073709551615", "-1", "2.5e1"] {
            #expect((try? JSON.decode(Int.self, from: text)) == (try? JSONDecoder().decode(Int.self, from: Data(text.utf8))), "\(text)")
        }
        #expect((try? JSONDecoder().decode(String.self, from: Data(#""\ud83c""#.utf8))) == nil, "a lone surrogate")
    }

    @Test func numbersOutsideTheGrammarAreRefused() {
        for text in ["01", "-", "+1", "1.", ".5", "1e", "1e+", "0x10", "NaN", "Infinity", "-Infinity", "1_000", "--1"] {
            #expect(failure(text) != nil, "\(text)")
        }
        #expect(failure("01") == "A number must not start with 0 at byte 0")
    }

    @Test func trailingCommasCommentsAndTrailingTextAreRefused() {
        #expect(failure("[1,2,]") == "Unexpected \"]\" at byte 5")
        #expect(failure(#"{"a":1,}"#) == "Expected a key in quotes at byte 7")
        #expect(failure("[1 2]") == "Expected \",\" or \"]\" in the array at byte 3")
        #expect(failure(#"{"a" 1}"#) == "Expected \":\" after the key at byte 5")
        #expect(failure("{'a':1}") != nil)
        #expect(failure("[1] // note") == "Unexpected text after the JSON value at byte 4")
        #expect(failure("{} {}") != nil)
        #expect(failure("truex") != nil)
        #expect(failure("nul") != nil)
        #expect(failure("") == "Unexpected end of the JSON text at byte 0")
        #expect(failure("  ") != nil)
        #expect(failure("[") != nil)
    }

    @Test func scalarsWhitespaceAndAByteOrderMarkAreAccepted() throws {
        #expect(try parse(" \t\r\n true \n") == .bool(true))
        #expect(try parse("null") == .null)
        #expect(try JSON.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
        #expect(try parse(#"{"a":[],"b":{},"a":2}"#) == .object([
            JSONValue.Member("a", .array([])), JSONValue.Member("b", .object([])), JSONValue.Member("a", .number("2")),
        ]))
        #expect(try JSON.decode([String: Int].self, from: #"{"a":1,"a":2}"#) == ["a": 1], "the first of a repeated key")
    }

    @Test func aRepeatedKeyAByteOrderMarkAndTheDepthLimitAreJSONDecoders() throws {
        #expect(try JSONDecoder().decode([String: Int].self, from: Data(#"{"a":1,"a":2}"#.utf8)) == ["a": 1])
        #expect(try JSONDecoder().decode([Int].self, from: Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONDecoder().decode(FoundationAny.self, from: Data(deepest.utf8)) }
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() throws {
        let limit = 512
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(failure(deepest) == nil)
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(failure(tooDeep) == "Arrays and objects nested deeper than 512 levels at byte 512")
        // Far deeper, unclosed, and of objects: refused as soon as the limit is passed.
        #expect(failure(String(repeating: "[", count: 1_000_000)) != nil)
        #expect(failure(String(repeating: #"{"a":"#, count: 100_000)) != nil)
        // JSONDecoder refuses the same depth.
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(FoundationAny.self, from: Data(tooDeep.utf8))
        }
    }

    @Test func decodingErrorsNameTheKeyAndTheKind() throws {
        struct Entry: Decodable { var score: Int; var player: String }
        do {
            _ = try JSON.decode(Entry.self, from: #"{"score":1}"#)
            Issue.record("decoded without its player")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "player")
        }
        do {
            _ = try JSON.decode(Entry.self, from: #"{"score":"1","player":"ann"}"#)
            Issue.record("decoded a string as a number")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["score"])
            #expect(context.debugDescription == "Expected to decode Int but found a string instead.")
        }
        #expect(throws: DecodingError.self) { try JSON.decode([Int].self, from: "[1,null]") }
        #expect(throws: JSONSyntaxError.self) { try JSON.decode([Int].self, from: "[1,]") }
    }

    @Test func whatIsParsedIsWrittenBackTheSame() throws {
        let text = #"{"a":[1,-0,1e3,"x\/y\n"],"b":{"c":null,"d":true}}"#
        #expect(String(decoding: JSON.serialize(try parse(text)), as: UTF8.self) == text)
        #expect(String(decoding: JSON.serialize(try parse(text), formatting: .withoutEscapingSlashes), as: UTF8.self)
            == #"{"a":[1,-0,1e3,"x/y\n"],"b":{"c":null,"d":true}}"#)
    }
}
