/// A strict, bounded CBOR (RFC 8949) decoder for attestation objects.
///
/// Written by hand because attestation input is hostile and a general decoder accepts far
/// more than App Attest needs. It accepts exactly one encoding of each value:
/// - definite lengths only (no indefinite strings, arrays or maps, no "break");
/// - integers, lengths and counts in their shortest form (RFC 8949 §4.2.1 "preferred");
/// - no duplicate map keys (key order is not checked: Apple's encoder is the reference);
/// - text strings that are valid UTF-8;
/// - unsigned and negative integers, byte and text strings, arrays, maps, `false`, `true`
///   and `null` only: tags, floats, `undefined` and other simple values are refused
///   (no App Attest structure uses them);
/// - nothing after the item, unless the caller asks where it ended with
///   ``decodePrefix(_:from:limits:)`` (App Attest's authenticator data carries a CBOR
///   COSE key and then, on current iOS, a CBOR extension map).
///
/// It is bounded: input over ``Limits/maximumSize`` is refused before any parsing,
/// nesting over ``Limits/maximumDepth`` is refused, and a claimed length or element count
/// is checked against the bytes that remain before anything is read (nothing is ever
/// allocated from a claimed length). It never traps on any input.
///
/// Uses only the standard library, so its files compile on their own into a fuzz harness.
public enum CBORDecoder {
    /// Bounds that keep a hostile input from costing memory or stack.
    public struct Limits: Sendable, Hashable {
        /// Largest input accepted, in bytes.
        public var maximumSize: Int
        /// Deepest nesting of arrays and maps accepted (a top-level map is at depth 1).
        public var maximumDepth: Int

        /// 64 KiB and 16 levels unless told otherwise: an attestation object is about
        /// 6 KB and 3 levels deep.
        public init(maximumSize: Int = 64 * 1024, maximumDepth: Int = 16) {
            self.maximumSize = maximumSize
            self.maximumDepth = maximumDepth
        }
    }

    /// Decodes `bytes`, which must hold exactly one data item, with the default limits.
    public static func decode(_ bytes: [UInt8]) throws(CBORError) -> CBORValue {
        try decode(bytes, limits: Limits())
    }

    /// Decodes `bytes`, which must hold exactly one data item, within `limits`.
    public static func decode(_ bytes: [UInt8], limits: Limits) throws(CBORError) -> CBORValue {
        let (value, end) = try decodePrefix(bytes, from: 0, limits: limits)
        guard end == bytes.count else {
            throw CBORError(.trailingBytes, at: end, "\(bytes.count - end) bytes follow the data item")
        }
        return value
    }

    /// Decodes the one data item that starts at `start` and says where it ended, so the
    /// caller can decide what may follow it.
    ///
    /// - Returns: the item and the offset just past it (`bytes.count` when nothing follows).
    public static func decodePrefix(
        _ bytes: [UInt8], from start: Int = 0, limits: Limits = Limits()
    ) throws(CBORError) -> (value: CBORValue, end: Int) {
        guard bytes.count <= limits.maximumSize else {
            throw CBORError(.tooLarge, at: 0, "\(bytes.count) bytes is over the limit of \(limits.maximumSize)")
        }
        guard start >= 0, start <= bytes.count else {
            throw CBORError(.truncated, at: max(0, min(start, bytes.count)), "the data item would start outside the input")
        }
        var reader = CBORReader(bytes: bytes, position: start, limits: limits)
        let value = try reader.readItem(depth: 0)
        return (value, reader.position)
    }
}
