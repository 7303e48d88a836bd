@testable import Attestation

/// A test-only CBOR encoder writing the shortest form, to build inputs for the decoder and
/// to re-encode attestation objects after changing one field.
enum CBORTestEncoding {
    static func encode(_ value: CBORValue) -> [UInt8] {
        switch value {
        case .unsigned(let n): return head(0, n)
        case .negative(let n): return head(1, n)
        case .byteString(let bytes): return head(2, UInt64(bytes.count)) + bytes
        case .textString(let text): return head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .array(let elements): return head(4, UInt64(elements.count)) + elements.flatMap(encode)
        case .map(let map):
            return head(5, UInt64(map.count)) + map.entries.flatMap { encode($0.key) + encode($0.value) }
        case .bool(let value): return [value ? 0xF5 : 0xF4]
        case .null: return [0xF6]
        }
    }

    /// A head of `majorType` with `argument` in its shortest form.
    static func head(_ majorType: UInt8, _ argument: UInt64) -> [UInt8] {
        let top = majorType << 5
        switch argument {
        case 0..<24: return [top | UInt8(argument)]
        case 24..<0x100: return [top | 24, UInt8(argument)]
        case 0x100..<0x1_0000: return [top | 25] + bigEndian(argument, 2)
        case 0x1_0000..<0x1_0000_0000: return [top | 26] + bigEndian(argument, 4)
        default: return [top | 27] + bigEndian(argument, 8)
        }
    }

    static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// `map` with `key`'s value replaced (or added at the end).
    static func replacing(_ key: String, with value: CBORValue, in map: CBORMap) -> CBORMap {
        var entries = map.entries
        if let index = entries.firstIndex(where: { $0.key == .textString(key) }) {
            entries[index] = CBORMap.Entry(key: .textString(key), value: value)
        } else {
            entries.append(CBORMap.Entry(key: .textString(key), value: value))
        }
        return CBORMap(entries: entries)
    }
}
