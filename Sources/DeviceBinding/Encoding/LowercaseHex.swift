/// Lowercase hexadecimal, as used for `action-sha256`.
public enum LowercaseHex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Encodes `bytes` as lowercase hexadecimal.
    public static func encode<S: Sequence<UInt8>>(_ bytes: S) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes lowercase hexadecimal.
    /// - Throws: ``WireFormatError/Code/invalidHex`` for an odd length or any character
    ///   outside `0-9a-f` (uppercase included).
    public static func decode(_ text: String) throws(WireFormatError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else {
            throw WireFormatError(.invalidHex, "hexadecimal needs an even number of digits")
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            out.append(try nibble(utf8[index]) << 4 | nibble(utf8[index + 1]))
            index += 2
        }
        return out
    }

    private static func nibble(_ byte: UInt8) throws(WireFormatError) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: throw WireFormatError(.invalidHex, "only lowercase hexadecimal digits 0-9 and a-f are allowed")
        }
    }
}
