import DeviceBinding
import Foundation

/// Decodes a `signingPayload` field into its bytes (what the key signs) and its parsed form
/// (what the client checks), mapping failures onto ``DeviceTrustClientError``.
enum SigningPayloadDecoding {
    /// The exact bytes of `base64url` and the payload they spell, which must be of `kind`.
    static func decode(
        _ base64url: String, kind: SigningPayload.Kind
    ) throws(DeviceTrustClientError) -> (bytes: Data, payload: SigningPayload) {
        let bytes: Data
        let payload: SigningPayload
        do {
            bytes = try Base64URL.decode(base64url)
            payload = try SigningPayload(parsing: bytes)
        } catch {
            throw DeviceTrustClientError(.invalidSigningPayload, "the signingPayload is not a valid DeviceTrust payload: \(error)")
        }
        guard payload.kind == kind else {
            throw DeviceTrustClientError(
                .invalidSigningPayload, "expected a \(kind.rawValue) payload, got a \(payload.kind.rawValue) payload")
        }
        return (bytes, payload)
    }
}
