#if !canImport(CryptoKit)
import Foundation

/// Strict DER for `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }` (RFC 3279)
/// with P-256-sized integers, to and from the raw r ‖ s form.
///
/// Written by hand because the structure is tiny and OpenSSL's `d2i_ECDSA_SIG` accepts
/// BER variants (long-form lengths, padded integers) that make signatures malleable.
/// Parsing rejects: a length in long form when the short form fits, any non-minimal or
/// negative INTEGER, an integer wider than 32 bytes, and trailing bytes anywhere.
enum ECDSADERCoding {
    static let componentByteCount = 32

    /// Raw r ‖ s (64 bytes) from a DER signature.
    static func raw(fromDER der: [UInt8]) throws(CryptoKitError) -> [UInt8] {
        var reader = Reader(bytes: der[...])
        var sequence = try reader.element(tag: 0x30)
        guard reader.isAtEnd else { throw invalid("bytes follow the signature SEQUENCE") }
        let r = try sequence.unsignedInteger()
        let s = try sequence.unsignedInteger()
        guard sequence.isAtEnd else { throw invalid("the SEQUENCE holds more than r and s") }
        return r + s
    }

    /// DER from raw r ‖ s (64 bytes).
    static func der(fromRaw raw: [UInt8]) -> [UInt8] {
        precondition(raw.count == 2 * componentByteCount)
        let body = integer(raw[0..<componentByteCount]) + integer(raw[componentByteCount...])
        return [0x30] + length(body.count) + body
    }

    private static func integer(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
        var content = Array(magnitude.drop(while: { $0 == 0 }))
        if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
        return [0x02] + length(content.count) + content
    }

    private static func length(_ count: Int) -> [UInt8] {
        count < 0x80 ? [UInt8(count)] : [0x81, UInt8(count)]
    }

    private static func invalid(_ reason: String) -> CryptoKitError {
        .invalidEncoding(reason: "the ECDSA signature is not strict DER: \(reason)")
    }

    private struct Reader {
        var bytes: ArraySlice<UInt8>

        var isAtEnd: Bool { bytes.isEmpty }

        mutating func byte() throws(CryptoKitError) -> UInt8 {
            guard let first = bytes.popFirst() else { throw invalid("it ends early") }
            return first
        }

        /// Reads one tag-length-value with the expected tag and returns a reader over its value.
        mutating func element(tag expected: UInt8) throws(CryptoKitError) -> Reader {
            guard try byte() == expected else { throw invalid("unexpected tag") }
            var count = Int(try byte())
            if count == 0x81 {
                count = Int(try byte())
                guard count >= 0x80 else { throw invalid("a long-form length where the short form fits") }
            } else if count > 0x80 {
                throw invalid("a length that is too large for a P-256 signature")
            } else if count == 0x80 {
                throw invalid("an indefinite length")
            }
            guard bytes.count >= count else { throw invalid("a length beyond the end of the input") }
            let value = bytes.prefix(count)
            bytes = bytes.dropFirst(count)
            return Reader(bytes: value)
        }

        /// A non-negative, minimally encoded INTEGER, left-padded to 32 bytes.
        mutating func unsignedInteger() throws(CryptoKitError) -> [UInt8] {
            let value = try element(tag: 0x02).bytes
            guard let first = value.first else { throw invalid("an empty INTEGER") }
            guard first & 0x80 == 0 else { throw invalid("a negative INTEGER") }
            if first == 0, value.count > 1, value[value.startIndex + 1] & 0x80 == 0 {
                throw invalid("an INTEGER with a superfluous leading zero")
            }
            let magnitude = first == 0 ? value.dropFirst() : value
            guard magnitude.count <= componentByteCount else { throw invalid("an INTEGER wider than 32 bytes") }
            return [UInt8](repeating: 0, count: componentByteCount - magnitude.count) + magnitude
        }
    }
}
#endif
