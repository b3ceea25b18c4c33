/// The `Encoder` behind `JSON.encode`: an `Encodable` value becomes a `JSONValue`.
///
/// Containers are references, as Codable expects: a keyed container asked for twice, or
/// a nested container handed out before its contents are encoded, writes into the same
/// object. What a value encodes is kept as `Encoded` until the whole value is done.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    /// What this encoder's value encoded; nil while it has encoded nothing.
    fileprivate var result: Encoded?

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    /// The value encoded; one that encoded nothing is an empty object, as JSONEncoder writes it.
    var value: JSONValue? { result?.value }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing) = result {
            object = existing
        } else {
            object = EncodedObject()
            result = .object(object)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing) = result {
            array = existing
        } else {
            array = EncodedArray()
            result = .array(array)
        }
        return UnkeyedContainer(encoder: self, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// `value` encoded by an encoder of its own, `key` further down the path.
    fileprivate func encoded<T: Encodable>(_ value: T, at key: (any CodingKey)?) throws -> Encoded {
        let encoder = ValueEncoder(codingPath: key.map { codingPath + [$0] } ?? codingPath, userInfo: userInfo)
        try value.encode(to: encoder)
        return encoder.result ?? .object(EncodedObject())
    }

    /// `value` as JSONEncoder writes a Double: its shortest text that reads back the same,
    /// without a trailing ".0" (1.0 is `1`, 0.1 is `0.1`, 1e20 is `1e+20`). Infinity and
    /// NaN have no JSON, so they are an error, as JSONEncoder's default makes them.
    fileprivate static func number<F: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: F, at codingPath: [any CodingKey]
    ) throws -> JSONValue {
        guard value.isFinite else {
            let name = value.isNaN ? "\(F.self).nan" : value < 0 ? "-\(F.self).infinity" : "\(F.self).infinity"
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "Unable to encode \(name) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}

/// A value being encoded: done, or a container still open to more.
fileprivate enum Encoded {
    case done(JSONValue)
    case object(EncodedObject)
    case array(EncodedArray)
    /// A `superEncoder`'s value, read when the whole value is done.
    case later(ValueEncoder)

    var value: JSONValue {
        switch self {
        case .done(let value): value
        case .object(let object): .object(object.keys.map { JSONValue.Member($0, object.values[$0]!.value) })
        case .array(let array): .array(array.elements.map(\.value))
        case .later(let encoder): encoder.value ?? .object([])
        }
    }
}

/// An object's members in the order their keys were first encoded; a key encoded again
/// keeps its place and takes the new value, as in JSONEncoder's dictionary.
fileprivate final class EncodedObject {
    var keys: [String] = []
    var values: [String: Encoded] = [:]

    subscript(key: String) -> Encoded? { values[key] }

    func set(_ value: Encoded, for key: String) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }
}

fileprivate final class EncodedArray {
    var elements: [Encoded] = []
}

/// A key in a coding path for an array's element, or a key with no enum of its own.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static let `super` = AnyKey(stringValue: "super")
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let object: EncodedObject
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { object.set(.done(value), for: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try ValueEncoder.number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try ValueEncoder.number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(value.description), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(value.description), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(try encoder.encoded(value, at: key), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested: EncodedObject
        if case .object(let existing) = object[key.stringValue] {
            nested = existing
        } else {
            nested = EncodedObject()
            object.set(.object(nested), for: key.stringValue)
        }
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, object: nested,
                                                                codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: EncodedArray
        if case .array(let existing) = object[key.stringValue] {
            nested = existing
        } else {
            nested = EncodedArray()
            object.set(.array(nested), for: key.stringValue)
        }
        return UnkeyedContainer(encoder: encoder, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: AnyKey.super) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let sub = ValueEncoder(codingPath: codingPath + [key], userInfo: encoder.userInfo)
        object.set(.later(sub), for: key.stringValue)
        return sub
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let array: EncodedArray
    let codingPath: [any CodingKey]

    var count: Int { array.elements.count }

    private var nextKey: AnyKey { AnyKey(intValue: count) }
    private func put(_ value: JSONValue) { array.elements.append(.done(value)) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try ValueEncoder.number(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { put(try ValueEncoder.number(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int8) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int16) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int32) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int64) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt8) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt16) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt32) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt64) throws { put(.number(value.description)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try encoder.encoded(value, at: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        let path = codingPath + [nextKey]
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let path = codingPath + [nextKey]
        array.elements.append(.array(nested))
        return UnkeyedContainer(encoder: encoder, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let sub = ValueEncoder(codingPath: codingPath + [nextKey], userInfo: encoder.userInfo)
        array.elements.append(.later(sub))
        return sub
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: JSONValue) { encoder.result = .done(value) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try ValueEncoder.number(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { put(try ValueEncoder.number(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int8) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int16) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int32) throws { put(.number(value.description)) }
    mutating func encode(_ value: Int64) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt8) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt16) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt32) throws { put(.number(value.description)) }
    mutating func encode(_ value: UInt64) throws { put(.number(value.description)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.result = try encoder.encoded(value, at: nil)
    }
}
