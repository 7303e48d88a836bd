import Foundation

/// Base64url without padding (RFC 4648 §5), the encoding of every binary field on the wire.
///
/// Decoding is strict so that each byte string has exactly one accepted text form: it rejects
/// padding, the standard alphabet's `+` and `/`, whitespace, impossible lengths and non-zero
/// trailing bits.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encodes `bytes` as base64url without padding.
    public static func encode<D: DataProtocol>(_ bytes: D) -> String {
        // Works directly on the ASCII bytes: the server's hot path encodes payloads,
        // signatures and tokens.
        let input = Array(bytes)
        let count = input.count
        let outputCount = (count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: outputCount) { out in
            alphabet.withUnsafeBufferPointer { table in
                var i = 0
                var o = 0
                while i + 3 <= count {
                    let value = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                    out[o] = table[Int(value >> 18 & 0x3F)]
                    out[o + 1] = table[Int(value >> 12 & 0x3F)]
                    out[o + 2] = table[Int(value >> 6 & 0x3F)]
                    out[o + 3] = table[Int(value & 0x3F)]
                    i += 3
                    o += 4
                }
                switch count - i {
                case 1:
                    let value = UInt32(input[i]) << 16
                    out[o] = table[Int(value >> 18 & 0x3F)]
                    out[o + 1] = table[Int(value >> 12 & 0x3F)]
                    o += 2
                case 2:
                    let value = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
                    out[o] = table[Int(value >> 18 & 0x3F)]
                    out[o + 1] = table[Int(value >> 12 & 0x3F)]
                    out[o + 2] = table[Int(value >> 6 & 0x3F)]
                    o += 3
                default:
                    break
                }
                return o
            }
        }
    }

    /// The 6-bit value of a base64url character, or nil.
    @inline(__always)
    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Decodes canonical base64url without padding.
    /// - Throws: ``WireFormatError/Code/invalidBase64URL`` for any other form. The message
    ///   gives the reason, never the text.
    public static func decode(_ text: String) throws(WireFormatError) -> Data {
        var sextets = [UInt8]()
        sextets.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if let value = sextet(byte) {
                sextets.append(UInt8(value))
            } else if byte == UInt8(ascii: "=") {
                throw WireFormatError(.invalidBase64URL, "base64url on the wire carries no '=' padding; remove it")
            } else {
                throw WireFormatError(
                    .invalidBase64URL,
                    "base64url allows only A–Z, a–z, 0–9, '-' and '_' (no '+', '/' or whitespace)"
                )
            }
        }
        let count = sextets.count
        guard count % 4 != 1 else {
            throw WireFormatError(.invalidBase64URL, "the length is impossible for base64url (one character too many or too few)")
        }
        var data = [UInt8]()
        data.reserveCapacity(count * 3 / 4 + 2)
        var i = 0
        while i + 4 <= count {
            let value = UInt32(sextets[i]) << 18 | UInt32(sextets[i + 1]) << 12 | UInt32(sextets[i + 2]) << 6 | UInt32(sextets[i + 3])
            data.append(UInt8(truncatingIfNeeded: value >> 16))
            data.append(UInt8(truncatingIfNeeded: value >> 8))
            data.append(UInt8(truncatingIfNeeded: value))
            i += 4
        }
        let nonCanonical = "the last character has non-zero unused bits; the encoding is not canonical"
        switch count - i {
        case 2:
            guard sextets[i + 1] & 0x0F == 0 else { throw WireFormatError(.invalidBase64URL, nonCanonical) }
            data.append(sextets[i] << 2 | sextets[i + 1] >> 4)
        case 3:
            guard sextets[i + 2] & 0x03 == 0 else { throw WireFormatError(.invalidBase64URL, nonCanonical) }
            let value = UInt32(sextets[i]) << 18 | UInt32(sextets[i + 1]) << 12 | UInt32(sextets[i + 2]) << 6
            data.append(UInt8(truncatingIfNeeded: value >> 16))
            data.append(UInt8(truncatingIfNeeded: value >> 8))
        default:
            break
        }
        return Data(data)
    }
}
