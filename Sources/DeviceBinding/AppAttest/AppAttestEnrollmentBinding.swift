import DeviceTrustCrypto
import Foundation

/// What an iOS enrollment's App Attest attestation covers: the enrollment's signing payload
/// and the public keys being enrolled, so the attestation vouches for these keys and not
/// only for the App Attest key.
///
/// Apple certifies the App Attest key alone. Without the enrolled keys in the client data,
/// someone who intercepts their own genuine enrollment can keep its attestation and swap in
/// a software device key the attestation never saw. The client data is the UTF-8 bytes
///
/// ```
/// <signingPayload bytes>device-key: <base64url of the device key's 65-byte X9.63 point>\n
/// biometric-key: <base64url of the biometric key's 65-byte X9.63 point>\n   (only when one is enrolled)
/// ```
///
/// and the attestation's `clientDataHash` is its SHA-256. The client and the server both
/// call ``clientDataHash(signingPayload:deviceKey:biometricKey:)``; an attestation made over
/// SHA-256 of the payload alone (the form before this binding) does not verify.
public enum AppAttestEnrollmentBinding {
    /// The client data of an enrollment attestation (see the type's description).
    public static func clientData(
        signingPayload: Data, deviceKey: P256.Signing.PublicKey, biometricKey: P256.Signing.PublicKey?
    ) -> Data {
        var data = signingPayload
        data.append(contentsOf: "device-key: \(Base64URL.encode(deviceKey.x963Representation))\n".utf8)
        if let biometricKey {
            data.append(contentsOf: "biometric-key: \(Base64URL.encode(biometricKey.x963Representation))\n".utf8)
        }
        return data
    }

    /// SHA-256 of ``clientData(signingPayload:deviceKey:biometricKey:)``: the
    /// `clientDataHash` to pass to `DCAppAttestService.attestKey(_:clientDataHash:)`.
    public static func clientDataHash(
        signingPayload: Data, deviceKey: P256.Signing.PublicKey, biometricKey: P256.Signing.PublicKey?
    ) -> Data {
        Data(SHA256.hash(data: clientData(signingPayload: signingPayload, deviceKey: deviceKey, biometricKey: biometricKey)))
    }
}
