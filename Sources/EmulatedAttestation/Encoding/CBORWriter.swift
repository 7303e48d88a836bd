/// A CBOR value as an emulated device writes it, maps in the order the device uses.
enum CBORItem {
    case unsigned(UInt64)
    case negative(Int64)  // the value itself, < 0
    case bytes([UInt8])
    case text(String)
    case array([CBORItem])
    case map([(CBORItem, CBORItem)])

    /// RFC 8949 encoding with the shortest argument form, which is what Apple's devices
    /// emit. Map entries keep the order given.
    var encoded: [UInt8] {
        var output: [UInt8] = []
        append(to: &output)
        return output
    }

    private func append(to output: inout [UInt8]) {
        switch self {
        case .unsigned(let value): Self.head(0, value, &output)
        case .negative(let value): Self.head(1, UInt64(-1 - value), &output)
        case .bytes(let value):
            Self.head(2, UInt64(value.count), &output)
            output += value
        case .text(let value):
            Self.head(3, UInt64(value.utf8.count), &output)
            output += Array(value.utf8)
        case .array(let items):
            Self.head(4, UInt64(items.count), &output)
            for item in items { item.append(to: &output) }
        case .map(let pairs):
            Self.head(5, UInt64(pairs.count), &output)
            for (key, value) in pairs {
                key.append(to: &output)
                value.append(to: &output)
            }
        }
    }

    private static func head(_ major: UInt8, _ argument: UInt64, _ output: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case 0..<24: output.append(type | UInt8(argument))
        case 24..<0x100: output += [type | 24, UInt8(argument)]
        case 0x100..<0x1_0000: output += [type | 25, UInt8(argument >> 8), UInt8(argument & 0xFF)]
        case 0x1_0000..<0x1_0000_0000:
            output.append(type | 26)
            output += (0..<4).reversed().map { UInt8(truncatingIfNeeded: argument >> (8 * $0)) }
        default:
            output.append(type | 27)
            output += (0..<8).reversed().map { UInt8(truncatingIfNeeded: argument >> (8 * $0)) }
        }
    }
}
