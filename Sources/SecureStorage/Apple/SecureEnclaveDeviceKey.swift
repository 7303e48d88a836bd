#if canImport(CryptoKit) && canImport(LocalAuthentication)
import CryptoKit
import DeviceTrustCrypto
import Foundation
import LocalAuthentication
import Security

/// A ``DeviceKey`` in the Secure Enclave (CryptoKit's `SecureEnclave.P256.Signing`).
///
/// The private key never leaves the enclave; its `dataRepresentation` — an encrypted
/// handle only this device's enclave can use — is kept in the Keychain. With an access
/// control that requires biometry, every signature needs a successful prompt: biometry
/// unlocks the key, it does not return a Bool.
public struct SecureEnclaveDeviceKey: DeviceKey {
    private let handle: Data
    /// The public key, read once when the key is made or loaded.
    public let publicKey: P256.Signing.PublicKey

    /// A new key in the Secure Enclave, usable under `accessControl` (for example
    /// `[.privateKeyUsage, .biometryCurrentSet]`), readable with `accessibility`.
    public init(accessControl: AccessControl, accessibility: Accessibility = .whenPasscodeSetThisDeviceOnly) throws {
        var error: Unmanaged<CFError>?
        guard
            let access = SecAccessControlCreateWithFlags(
                nil, accessibility.rawValue as CFString,
                SecAccessControlCreateFlags(rawValue: CFOptionFlags(accessControl.union(.privateKeyUsage).rawValue)), &error)
        else {
            throw (error?.takeRetainedValue() as (any Error)?) ?? KeychainError.invalidParameters
        }
        let key = try SecureEnclave.P256.Signing.PrivateKey(accessControl: access)
        handle = key.dataRepresentation
        publicKey = key.publicKey
    }

    /// The key whose handle was stored earlier.
    public init(dataRepresentation: Data) throws {
        // Reconstructing the key from its handle does not prompt; only signing does.
        publicKey = try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: dataRepresentation).publicKey
        handle = dataRepresentation
    }

    /// The handle to keep in the Keychain; useless on any other device.
    public var dataRepresentation: Data { handle }

    /// The key whose handle is stored in `keychain` under `account`, or a new enclave key
    /// whose handle is stored there. Any keychain error other than "not found" is thrown:
    /// a locked phone must not silently replace the enrolled key. Use a keychain with a
    /// `…ThisDeviceOnly` class: the handle is useless on another device anyway.
    public static func loadOrCreate(in keychain: Keychain, account: String, accessControl: AccessControl) throws -> SecureEnclaveDeviceKey {
        if let stored = try keychain.loadIfPresent(for: account) {
            return try SecureEnclaveDeviceKey(dataRepresentation: stored)
        }
        // Add-only: if another launch path stored a key meanwhile, keep that one.
        _ = try keychain.addIfAbsent(SecureEnclaveDeviceKey(accessControl: accessControl).dataRepresentation, for: account)
        return try SecureEnclaveDeviceKey(dataRepresentation: keychain.load(for: account))
    }

    /// Signs `data` (SHA-256) inside the enclave, prompting as the key's access control
    /// demands, on a background queue.
    public func signature(for data: Data) async throws -> P256.Signing.ECDSASignature {
        let handle = self.handle
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(
                    with: Result {
                        try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: handle, authenticationContext: LAContext())
                            .signature(for: data)
                    })
            }
        }
    }
}
#endif
