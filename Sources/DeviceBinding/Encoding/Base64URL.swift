import Foundation

/// Base64url without padding (RFC 4648 §5), the encoding of every binary field on the wire.
///
/// Decoding is strict so that each byte string has exactly one accepted text form: it rejects
/// padding, the standard alphabet's `+` and `/`, whitespace, impossible lengths and non-zero
/// trailing bits.
public enum Base64URL {
    /// Encodes `bytes` as base64url without padding.
    public static func encode<D: DataProtocol>(_ bytes: D) -> String {
        // Works on the ASCII bytes: mapping `Character`s costs more than the encoding
        // itself on the server's hot path.
        let standard = Data(bytes).base64EncodedData()
        var text = [UInt8]()
        text.reserveCapacity(standard.count)
        for byte in standard {
            switch byte {
            case UInt8(ascii: "+"): text.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): text.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Decodes canonical base64url without padding.
    /// - Throws: ``WireFormatError/Code/invalidBase64URL`` for any other form. The message
    ///   gives the reason, never the text.
    public static func decode(_ text: String) throws(WireFormatError) -> Data {
        var standard = ""
        standard.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                standard.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "-"): standard.append("+")
            case UInt8(ascii: "_"): standard.append("/")
            case UInt8(ascii: "="):
                throw WireFormatError(.invalidBase64URL, "base64url on the wire carries no '=' padding; remove it")
            default:
                throw WireFormatError(
                    .invalidBase64URL,
                    "base64url allows only A–Z, a–z, 0–9, '-' and '_' (no '+', '/' or whitespace)"
                )
            }
        }
        guard standard.utf8.count % 4 != 1 else {
            throw WireFormatError(.invalidBase64URL, "the length is impossible for base64url (one character too many or too few)")
        }
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), encode(data) == text else {
            throw WireFormatError(.invalidBase64URL, "the last character has non-zero unused bits; the encoding is not canonical")
        }
        return data
    }
}
