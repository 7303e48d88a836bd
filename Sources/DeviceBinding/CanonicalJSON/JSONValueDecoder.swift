import Foundation

/// A `Decoder` over an already parsed ``JSONValue``: the fast path of
/// ``WireCoding/decode(_:from:)``, which saves parsing each body twice.
///
/// It is deliberately narrower than `JSONDecoder`: it decodes only what it can decode
/// exactly as `JSONDecoder` (default strategies) would — objects, arrays, strings, booleans,
/// `null` and `Double` — and throws ``Unsupported`` for everything else (integers, `Float`,
/// `Date`, `Data`, `URL`, `Decimal`, super decoders) and for every mismatch. The caller then
/// decodes the body again with `JSONDecoder`, so results and errors are always
/// `JSONDecoder`'s.
struct JSONValueDecoder: Decoder {
    /// Anything this decoder does not decode exactly as `JSONDecoder` would, or any mismatch.
    struct Unsupported: Error {}

    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    /// Decodes `type` from `value`, refusing the types `JSONDecoder` treats specially.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
        if type == Date.self || type == Data.self || type == URL.self || type == Decimal.self {
            throw Unsupported()
        }
        // `JSONValue(from:)` over this decoder rebuilds exactly `value`.
        // (Exact type only: `JSONValue?` must still map `null` to `nil`.)
        if type == JSONValue.self, let value = value as? T { return value }
        return try T(from: JSONValueDecoder(value, codingPath: codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw Unsupported() }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Unsupported() }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }

    // MARK: Scalars

    static func bool(_ value: JSONValue) throws -> Bool {
        guard case .bool(let bool) = value else { throw Unsupported() }
        return bool
    }

    static func string(_ value: JSONValue) throws -> String {
        guard case .string(let string) = value else { throw Unsupported() }
        return string
    }

    static func double(_ value: JSONValue) throws -> Double {
        guard case .number(let number) = value else { throw Unsupported() }
        return number
    }

    struct SingleValueContainer: SingleValueDecodingContainer {
        let value: JSONValue
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoder.bool(value) }
        func decode(_ type: String.Type) throws -> String { try JSONValueDecoder.string(value) }
        func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoder.double(value) }
        func decode(_ type: Float.Type) throws -> Float { throw Unsupported() }
        func decode(_ type: Int.Type) throws -> Int { throw Unsupported() }
        func decode(_ type: Int8.Type) throws -> Int8 { throw Unsupported() }
        func decode(_ type: Int16.Type) throws -> Int16 { throw Unsupported() }
        func decode(_ type: Int32.Type) throws -> Int32 { throw Unsupported() }
        func decode(_ type: Int64.Type) throws -> Int64 { throw Unsupported() }
        func decode(_ type: UInt.Type) throws -> UInt { throw Unsupported() }
        func decode(_ type: UInt8.Type) throws -> UInt8 { throw Unsupported() }
        func decode(_ type: UInt16.Type) throws -> UInt16 { throw Unsupported() }
        func decode(_ type: UInt32.Type) throws -> UInt32 { throw Unsupported() }
        func decode(_ type: UInt64.Type) throws -> UInt64 { throw Unsupported() }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONValueDecoder.decode(type, from: value, codingPath: codingPath)
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: Key) throws -> JSONValue {
            guard let value = members[key.stringValue] else { throw Unsupported() }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONValueDecoder.bool(member(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONValueDecoder.string(member(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONValueDecoder.double(member(key)) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw Unsupported() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { throw Unsupported() }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw Unsupported() }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw Unsupported() }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw Unsupported() }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { throw Unsupported() }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw Unsupported() }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw Unsupported() }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw Unsupported() }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw Unsupported() }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw Unsupported() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONValueDecoder.decode(type, from: member(key), codingPath: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(member(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(member(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { throw Unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(elements: [JSONValue], codingPath: [any CodingKey]) {
            self.elements = elements
            self.codingPath = codingPath
        }

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        private mutating func next() throws -> JSONValue {
            guard currentIndex < elements.count else { throw Unsupported() }
            defer { currentIndex += 1 }
            return elements[currentIndex]
        }

        private var indexKey: IndexKey { IndexKey(intValue: currentIndex) }

        mutating func decodeNil() throws -> Bool {
            guard currentIndex < elements.count else { throw Unsupported() }
            if elements[currentIndex] == .null {
                currentIndex += 1
                return true
            }
            return false
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoder.bool(next()) }
        mutating func decode(_ type: String.Type) throws -> String { try JSONValueDecoder.string(next()) }
        mutating func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoder.double(next()) }
        mutating func decode(_ type: Float.Type) throws -> Float { throw Unsupported() }
        mutating func decode(_ type: Int.Type) throws -> Int { throw Unsupported() }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { throw Unsupported() }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { throw Unsupported() }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { throw Unsupported() }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { throw Unsupported() }
        mutating func decode(_ type: UInt.Type) throws -> UInt { throw Unsupported() }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { throw Unsupported() }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { throw Unsupported() }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { throw Unsupported() }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { throw Unsupported() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let path = codingPath + [indexKey]
            return try JSONValueDecoder.decode(type, from: next(), codingPath: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let path = codingPath + [indexKey]
            return try JSONValueDecoder(next(), codingPath: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let path = codingPath + [indexKey]
            return try JSONValueDecoder(next(), codingPath: path).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { throw Unsupported() }
    }

    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}
