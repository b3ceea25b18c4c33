import ArcadeJSON
import FoundationEssentials
import Testing

/// ArcadeJSON writes what FoundationEssentials' JSONEncoder writes, byte for byte, for
/// every kind of value Codable has.
@Suite struct EncoderTests {
    struct Numbers: Codable, Equatable {
        var doubles: [Double]
        var floats: [Float]
        var ints: [Int]
        var int64s: [Int64]
        var uint64s: [UInt64]
        var small: [Int8]
        var unsigned: [UInt32]
    }

    @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
        try expectSameAsFoundation(Numbers(
            // Values at the edges, written as exactly what the type holds (a literal that rounds
            // is a compiler warning): the least subnormals, and 2^53 and 2^24, past which a
            // Double and a Float skip integers.
            doubles: [1.0, 0.1, -0.0, 0, 2.5, 1.0 / 3, 19.8, 100, 1e15, 1e16, 1e20, 1.5e300, Double.leastNonzeroMagnitude,
                      -1e-7, 123456789.125, Double.greatestFiniteMagnitude, Double.leastNormalMagnitude, 9007199254740992,
                      0.000001, 12.34],
            floats: [1, 0.1, 3.4028235e38, Float.leastNonzeroMagnitude, 16777216, 2.75],
            ints: [0, -1, 42, Int.max, Int.min], int64s: [Int64.max, Int64.min],
            uint64s: [0, UInt64.max, 1 << 63], small: [Int8.min, Int8.max], unsigned: [UInt32.max]))
    }

    @Test func aNumberAloneAndInKeyedContainersIsTheSameToo() throws {
        struct Keyed: Codable, Equatable {
            var a: Double, b: Float, c: Int64, d: UInt64, e: Bool, f: String
        }
        try expectSameAsFoundation(Keyed(a: 1e-5, b: 0.5, c: -7, d: 18446744073709551615, e: false, f: ""))
        for value in [0.0, 1.0, -2.0, 0.1, 1e21, 1e-5] {
            #expect(try JSON.encode(value) == foundationBytes(value, []))
        }
        #expect(try JSON.string(true) == "true")
        #expect(try JSON.string(Int?.none) == "null")
    }

    @Test func stringsAreEscapedAsJSONEncoderEscapesThem() throws {
        let strings = [
            "plain", "quote \" backslash \\ slash / end", "a/b//c", "\u{8}\u{C}\n\r\t", "\u{0}\u{1}\u{1F}\u{7F}",
            "é ß ✓ 日本 🃏 \u{301}e", "\u{2028}\u{2029}", "</script>", "",
        ]
        try expectSameAsFoundation(strings)
        try expectSameAsFoundation(Dictionary(uniqueKeysWithValues: strings.map { ($0, $0.count) }))
        #expect(try JSON.string("a/b\u{1}") == #""a\/b\u0001""#)
        #expect(try JSON.string("a/b", formatting: .withoutEscapingSlashes) == #""a/b""#)
    }

    struct Optionals: Codable, Equatable {
        var present: Int?
        var absent: Int?
        var nested: [Int?]
        var explicitNull: String?

        enum CodingKeys: String, CodingKey { case present, absent, nested, explicitNull }

        init(present: Int?, absent: Int?, nested: [Int?], explicitNull: String?) {
            self.present = present
            self.absent = absent
            self.nested = nested
            self.explicitNull = explicitNull
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            present = try container.decodeIfPresent(Int.self, forKey: .present)
            absent = try container.decodeIfPresent(Int.self, forKey: .absent)
            nested = try container.decode([Int?].self, forKey: .nested)
            explicitNull = try container.decode(String?.self, forKey: .explicitNull)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(present, forKey: .present)  // left out when nil
            try container.encodeIfPresent(absent, forKey: .absent)
            try container.encode(nested, forKey: .nested)
            try container.encode(explicitNull, forKey: .explicitNull)  // null when nil
        }
    }

    @Test func nilIsLeftOutByEncodeIfPresentAndNullByEncode() throws {
        let value = Optionals(present: 3, absent: nil, nested: [1, nil, 2], explicitNull: nil)
        try expectSameAsFoundation(value)
        #expect(try JSON.string(value, formatting: .sortedKeys) == #"{"explicitNull":null,"nested":[1,null,2],"present":3}"#)
    }

    /// Enums with associated values, nested arrays and objects, empty ones, dictionaries
    /// keyed by strings, by integers ("10" sorts before "9") and by values (an array of pairs).
    enum Move: Codable, Equatable, Hashable {
        case pass
        case play(card: Int, face: String?)
        case many([Int], [String: Double])
    }

    struct Nested: Codable, Equatable {
        var moves: [Move]
        var empty: [Int]
        var emptyObject: [String: Int]
        var byNumber: [Int: String]
        var byMove: [Move: Int]
        var grid: [[Int]]
        var deep: [[[String: [Bool]]]]
    }

    @Test func containersAndTheirLayoutAreJSONEncoders() throws {
        try expectSameAsFoundation(Nested(
            moves: [.pass, .play(card: 3, face: nil), .play(card: 4, face: "up"), .many([], ["b": 1, "a": 0.5])],
            empty: [], emptyObject: [:], byNumber: [9: "nine", 10: "ten", -1: "minus", 100: "hundred"],
            byMove: [.pass: 1], grid: [[], [1], [2, 3]], deep: [[["k": [true, false]], [:]], []]))
    }

    @Test func keysSortByTheirUTF8Bytes() throws {
        let keys = ["b", "B", "a", "_", "aa", "a b", "é", "z", "Z", "10", "9", "ä", "🃏", "ﬀ"]
        try expectSameAsFoundation(Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))
    }

    /// A type that writes through nested containers by hand, a keyed container asked for
    /// twice, and a super encoder.
    struct Manual: Codable, Equatable {
        var x: Int
        var tags: [String]

        enum Keys: String, CodingKey { case x, inner, list, `super` }
        enum InnerKeys: String, CodingKey { case tags, count }

        init(x: Int, tags: [String]) {
            self.x = x
            self.tags = tags
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(x, forKey: .x)
            var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            var list = inner.nestedUnkeyedContainer(forKey: .tags)
            for tag in tags { try list.encode(tag) }
            try inner.encode(tags.count, forKey: .count)
            var pairs = container.nestedUnkeyedContainer(forKey: .list)
            var pair = pairs.nestedContainer(keyedBy: InnerKeys.self)
            try pair.encode(1, forKey: .count)
            var row = pairs.nestedUnkeyedContainer()
            try row.encode(2.0)
            try row.encodeNil()
            var again = encoder.container(keyedBy: Keys.self)  // the same object
            try again.encode(x + 1, forKey: .x)  // replaces x
            var parent = container.superEncoder().singleValueContainer()
            try parent.encode("base")
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            x = try container.decode(Int.self, forKey: .x) - 1
            let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            var list = try inner.nestedUnkeyedContainer(forKey: .tags)
            var tags: [String] = []
            while !list.isAtEnd { tags.append(try list.decode(String.self)) }
            self.tags = tags
            #expect(try inner.decode(Int.self, forKey: .count) == tags.count)
            var pairs = try container.nestedUnkeyedContainer(forKey: .list)
            let pair = try pairs.nestedContainer(keyedBy: InnerKeys.self)
            #expect(try pair.decode(Int.self, forKey: .count) == 1)
            var row = try pairs.nestedUnkeyedContainer()
            #expect(try row.decode(Double.self) == 2 && (try row.decodeNil()) && row.isAtEnd)
            #expect(try container.superDecoder().singleValueContainer().decode(String.self) == "base")
        }
    }

    @Test func nestedContainersAndSuperEncodersWriteWhereJSONEncodersDo() throws {
        try expectSameAsFoundation(Manual(x: 5, tags: ["a", "b/c"]))
        #expect(try JSON.string(Manual(x: 1, tags: []), formatting: .sortedKeys)
            == #"{"inner":{"count":0,"tags":[]},"list":[{"count":1},[2,null]],"super":"base","x":2}"#)
    }

    @Test func withoutSortedKeysTheOrderIsTheOrderEncoded() throws {
        struct Ordered: Encodable { var zebra = 1, apple = 2, mango = 3 }
        #expect(try JSON.string(Ordered()) == #"{"zebra":1,"apple":2,"mango":3}"#)
    }

    @Test func whatJSONCannotHoldIsAnError() {
        #expect(throws: EncodingError.self) { try JSON.encode(Double.infinity) }
        #expect(throws: EncodingError.self) { try JSON.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try JSON.encode(["x": -Float.infinity]) }
    }
}
