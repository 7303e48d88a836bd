import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// Compact JWS (RFC 7515) with ES256: `base64url(header).base64url(payload).base64url(r ‖ s)`,
/// the signature in the 64-byte form RFC 7518 §3.4 requires. The one signing path of the
/// server's JWTs: access tokens and the DeviceCheck authorization Apple asks for.
enum CompactJWS {
    /// The token for `encodedHeader` (already base64url) and the JSON `payload`.
    static func es256(encodedHeader: String, payload: String, key: P256.Signing.PrivateKey) throws(AccessTokenError) -> String {
        let signingInput = encodedHeader + "." + Base64URL.encode(Data(payload.utf8))
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try key.signature(for: Data(signingInput.utf8))
        } catch {
            throw AccessTokenError(.signingFailed, "ECDSA signing failed: \(error)")
        }
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }
}
