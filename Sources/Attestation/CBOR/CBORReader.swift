/// The cursor behind ``CBORDecoder``: reads one data item at a time from `bytes`,
/// checking every rule before it consumes or allocates anything.
struct CBORReader {
    let bytes: [UInt8]
    /// The offset of the next unread byte; never beyond `bytes.count`.
    private(set) var position: Int
    let limits: CBORDecoder.Limits

    init(bytes: [UInt8], position: Int, limits: CBORDecoder.Limits) {
        self.bytes = bytes
        self.position = position
        self.limits = limits
    }

    private var remaining: Int { bytes.count - position }

    /// Reads the data item at `position`, nested inside `depth` arrays or maps.
    mutating func readItem(depth: Int) throws(CBORError) -> CBORValue {
        let start = position
        let initial = try nextByte()
        let majorType = initial >> 5
        let info = initial & 0x1F
        switch majorType {
        case 0:
            return .unsigned(try readArgument(info, start: start))
        case 1:
            return .negative(try readArgument(info, start: start))
        case 2:
            let length = try readLength(info, start: start, what: "a byte string")
            return .byteString(Array(take(length)))
        case 3:
            let length = try readLength(info, start: start, what: "a text string")
            let utf8 = take(length)
            let text = String(decoding: utf8, as: UTF8.self)
            // Decoding repairs invalid sequences with U+FFFD; valid UTF-8 round-trips exactly.
            guard text.utf8.elementsEqual(utf8) else {
                throw CBORError(.invalidUTF8, at: start, "a text string is not valid UTF-8")
            }
            return .textString(text)
        case 4:
            try checkDepth(depth, start: start)
            let count = try readCount(info, start: start, bytesPerElement: 1, what: "an array")
            var elements: [CBORValue] = []
            for _ in 0..<count {
                elements.append(try readItem(depth: depth + 1))
            }
            return .array(elements)
        case 5:
            try checkDepth(depth, start: start)
            let count = try readCount(info, start: start, bytesPerElement: 2, what: "a map")
            var entries: [CBORMap.Entry] = []
            var seenKeys: Set<CBORValue> = []
            for _ in 0..<count {
                let keyStart = position
                let key = try readItem(depth: depth + 1)
                guard seenKeys.insert(key).inserted else {
                    throw CBORError(.duplicateKey, at: keyStart, "a map holds the same key twice")
                }
                let value = try readItem(depth: depth + 1)
                entries.append(CBORMap.Entry(key: key, value: value))
            }
            return .map(CBORMap(entries: entries))
        case 6:
            throw CBORError(.unsupportedType, at: start, "tags are not accepted")
        default:
            return try readSimple(info, start: start)
        }
    }

    // MARK: - Heads

    private mutating func nextByte() throws(CBORError) -> UInt8 {
        guard position < bytes.count else {
            throw CBORError(.truncated, at: position, "the input ends inside a data item")
        }
        let byte = bytes[position]
        position += 1
        return byte
    }

    /// The argument of a head whose additional information is `info`, in its shortest form.
    private mutating func readArgument(_ info: UInt8, start: Int) throws(CBORError) -> UInt64 {
        let byteCount: Int
        let minimum: UInt64
        switch info {
        case 0..<24: return UInt64(info)
        case 24: (byteCount, minimum) = (1, 24)
        case 25: (byteCount, minimum) = (2, 0x100)
        case 26: (byteCount, minimum) = (4, 0x1_0000)
        case 27: (byteCount, minimum) = (8, 0x1_0000_0000)
        case 31: throw CBORError(.indefiniteLength, at: start, "indefinite lengths are not accepted")
        default: throw CBORError(.reservedValue, at: start, "additional information \(info) is reserved")
        }
        guard byteCount <= remaining else {
            throw CBORError(.truncated, at: start, "the input ends inside a head")
        }
        var value: UInt64 = 0
        for _ in 0..<byteCount {
            value = (value << 8) | UInt64(bytes[position])
            position += 1
        }
        guard value >= minimum else {
            throw CBORError(.nonCanonical, at: start, "the value \(value) must use a shorter head")
        }
        return value
    }

    /// A string length, checked against the bytes that remain.
    private mutating func readLength(_ info: UInt8, start: Int, what: String) throws(CBORError) -> Int {
        let length = try readArgument(info, start: start)
        guard length <= UInt64(remaining) else {
            throw CBORError(.lengthTooLarge, at: start, "\(what) claims \(length) bytes, \(remaining) remain")
        }
        return Int(length)
    }

    /// An element count, checked against the bytes that remain: every element takes at
    /// least one byte, so a count the input cannot hold is refused before any reading.
    private mutating func readCount(
        _ info: UInt8, start: Int, bytesPerElement: Int, what: String
    ) throws(CBORError) -> Int {
        let count = try readArgument(info, start: start)
        guard count <= UInt64(remaining / bytesPerElement) else {
            throw CBORError(.lengthTooLarge, at: start, "\(what) claims \(count) elements, \(remaining) bytes remain")
        }
        return Int(count)
    }

    private func checkDepth(_ depth: Int, start: Int) throws(CBORError) {
        guard depth < limits.maximumDepth else {
            throw CBORError(.tooDeep, at: start, "arrays and maps nest deeper than \(limits.maximumDepth) levels")
        }
    }

    /// `length` bytes from `position`, already checked to remain.
    private mutating func take(_ length: Int) -> ArraySlice<UInt8> {
        let slice = bytes[position..<(position + length)]
        position += length
        return slice
    }

    /// Major type 7: only `false`, `true` and `null`.
    private func readSimple(_ info: UInt8, start: Int) throws(CBORError) -> CBORValue {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 25, 26, 27: throw CBORError(.unsupportedType, at: start, "floating-point numbers are not accepted")
        case 28, 29, 30: throw CBORError(.reservedValue, at: start, "additional information \(info) is reserved")
        case 31: throw CBORError(.indefiniteLength, at: start, "a \"break\" outside an indefinite-length item")
        default: throw CBORError(.unsupportedType, at: start, "simple value \(info) is not accepted")
        }
    }
}
