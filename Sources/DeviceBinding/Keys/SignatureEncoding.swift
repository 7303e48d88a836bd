import DeviceTrustCrypto
import Foundation

/// The one accepted wire form of a signature: base64url of a strict-DER ECDSA P-256
/// `ECDSA-Sig-Value`, as `SecKeyCreateSignature(.ecdsaSignatureMessageX962SHA256)`,
/// CryptoKit's `derRepresentation` and Android's `SHA256withECDSA` produce.
///
/// ECDSA signatures are malleable (s and n−s both verify), so replay protection rests on
/// consuming the challenge, never on the signature bytes.
public enum SignatureEncoding {
    /// The longest DER encoding of a P-256 signature.
    public static let maximumDERByteCount = 72

    /// Decodes a `signature` or `proof` field.
    /// - Throws: ``WireFormatError/Code/invalidBase64URL`` for bad base64url and
    ///   ``WireFormatError/Code/invalidSignature`` for anything but strict DER (BER lengths,
    ///   padded or negative integers, trailing bytes, raw r‖s). The message never repeats
    ///   the signature.
    public static func strictDERSignature(base64url text: String) throws(WireFormatError) -> P256.Signing.ECDSASignature {
        let bytes = try Base64URL.decode(text)
        let invalid = WireFormatError(
            .invalidSignature, "a signature is a strict-DER ECDSA P-256 SEQUENCE { r INTEGER, s INTEGER } of at most 72 bytes"
        )
        guard bytes.count <= maximumDERByteCount else { throw invalid }
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try P256.Signing.ECDSASignature(derRepresentation: bytes)
        } catch {
            throw invalid
        }
        guard signature.derRepresentation == bytes else { throw invalid }
        return signature
    }

    /// The wire form of `signature`: base64url of its DER.
    public static func encode(_ signature: P256.Signing.ECDSASignature) -> String {
        Base64URL.encode(signature.derRepresentation)
    }
}
