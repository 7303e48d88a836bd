import DeviceTrustCrypto
import Foundation
import SecureStorage

/// A P-256 signing key inside an ``EmulatedSecureEnclave``: the emulated counterpart of
/// CryptoKit's `SecureEnclave.P256.Signing.PrivateKey`.
///
/// The value holds the device, the key's identifier, its public key and its opaque
/// ``dataRepresentation``; no API reveals the private key. Signing happens inside the
/// device, after the checks and the prompt the key's access control demands.
public struct EmulatedEnclaveKey: DeviceKey {
    let device: EmulatedDevice
    /// Identifies the key on its device.
    let keyID: UUID

    /// The public key, to enrol with a server.
    public let publicKey: P256.Signing.PublicKey
    /// The access control the key was created with.
    public let accessControl: AccessControl
    /// The key wrapped by its device's enclave: keep it (in the keychain) and pass it to
    /// ``EmulatedSecureEnclave/signingKey(dataRepresentation:)`` later. Useless on any
    /// other device.
    public let dataRepresentation: Data

    init(
        device: EmulatedDevice, keyID: UUID, publicKey: P256.Signing.PublicKey, accessControl: AccessControl,
        dataRepresentation: Data
    ) {
        self.device = device
        self.keyID = keyID
        self.publicKey = publicKey
        self.accessControl = accessControl
        self.dataRepresentation = dataRepresentation
    }

    /// An ECDSA signature over the SHA-256 digest of `data`, after the prompt the access
    /// control demands. See ``signature(for:authenticationContext:operationPrompt:)``.
    public func signature(for data: Data) async throws -> P256.Signing.ECDSASignature {
        try signature(for: data, authenticationContext: nil, operationPrompt: nil)
    }

    /// An ECDSA signature over the SHA-256 digest of `data`, synchronously.
    ///
    /// A key requiring authentication prompts on every signature, unless
    /// `authenticationContext` has already authenticated under the current enrolment.
    /// - Throws: `KeychainError.interactionNotAllowed` while the device is locked;
    ///   `KeychainError.userCanceled` when the prompt is cancelled;
    ///   `KeychainError.authenticationFailed` when it fails, when biometry is locked out,
    ///   or when the key was invalidated (new enrolment for `biometryCurrentSet`, passcode
    ///   removed); ``EmulatedSecureEnclaveError`` for a key of another device.
    public func signature(
        for data: Data, authenticationContext: AuthenticationContext?, operationPrompt: String?
    ) throws -> P256.Signing.ECDSASignature {
        try device.signWithEnclaveKey(
            dataRepresentation, data: data, context: authenticationContext, operationPrompt: operationPrompt)
    }
}
