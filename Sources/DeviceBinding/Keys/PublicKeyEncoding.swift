import DeviceTrustCrypto
import Foundation

/// The two accepted wire forms of a P-256 public key.
///
/// `publicKey` fields carry base64url of either the SubjectPublicKeyInfo DER (91 bytes for
/// an uncompressed P-256 key; Android's `getEncoded()`, CryptoKit's `derRepresentation`) or
/// the 65-byte X9.63 uncompressed point (`SecKeyCopyExternalRepresentation`, CryptoKit's
/// `x963Representation`). Nothing else is accepted, and the point must lie on the curve.
public enum PublicKeyEncoding {
    /// The length of an X9.63 uncompressed P-256 point: `04 ‖ x ‖ y`.
    public static let x963ByteCount = 65
    /// The length of a P-256 SubjectPublicKeyInfo with an uncompressed point.
    public static let spkiByteCount = 91

    /// Decodes a public key field.
    /// - Throws: ``WireFormatError/Code/invalidBase64URL`` for bad base64url and
    ///   ``WireFormatError/Code/invalidPublicKey`` for any other length, a DER structure that
    ///   is not exactly a P-256 SPKI, or a point not on the curve.
    public static func decode(base64url text: String) throws(WireFormatError) -> P256.Signing.PublicKey {
        try decode(bytes: Base64URL.decode(text))
    }

    /// Decodes a public key from SPKI DER or X9.63 bytes, as ``decode(base64url:)``.
    public static func decode(bytes: Data) throws(WireFormatError) -> P256.Signing.PublicKey {
        let invalid = WireFormatError(
            .invalidPublicKey,
            "a public key is the P-256 SPKI DER (91 bytes) or the 65-byte X9.63 point 04‖x‖y, on the curve"
        )
        do {
            switch bytes.count {
            case x963ByteCount where bytes.first == 0x04:
                return try P256.Signing.PublicKey(x963Representation: bytes)
            case spkiByteCount where bytes.first == 0x30:
                let key = try P256.Signing.PublicKey(derRepresentation: bytes)
                guard key.derRepresentation == bytes else { throw invalid }
                return key
            default:
                throw invalid
            }
        } catch {
            throw invalid
        }
    }

    /// The canonical wire form of `key`: base64url of the 65-byte X9.63 point.
    public static func encode(_ key: P256.Signing.PublicKey) -> String {
        Base64URL.encode(key.x963Representation)
    }
}
