import DeviceTrustCrypto
import Foundation
import SecureStorage

/// The emulated Secure Enclave of an ``EmulatedDevice``: it makes P-256 signing keys whose
/// private half never leaves it, bound to an `AccessControl`.
///
/// Like CryptoKit's `SecureEnclave.P256.Signing.PrivateKey`, a key is handed out as an
/// opaque ``EmulatedEnclaveKey/dataRepresentation`` for the app to keep (in the
/// keychain); only this device can turn it back into a key. Every key is protected like
/// an `aku` item (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`, CryptoKit's default for
/// enclave keys): it signs only while the device is unlocked. A key whose access control
/// requires authentication additionally needs a passcode, prompts on every signature,
/// and dies with the passcode.
public final class EmulatedSecureEnclave: Sendable {
    let device: EmulatedDevice

    init(device: EmulatedDevice) {
        self.device = device
    }

    /// Makes a new signing key bound to `accessControl`.
    /// - Throws: `KeychainError.invalidParameters` for flags combining `.or` and `.and`;
    ///   `KeychainError.authenticationFailed` when the flags require authentication and
    ///   no passcode is set; `KeychainError.interactionNotAllowed` while the device is
    ///   locked.
    public func generateSigningKey(accessControl: AccessControl) throws -> EmulatedEnclaveKey {
        do {
            try KeychainQuery.validate(accessControl)
        } catch {
            throw KeychainError.invalidParameters
        }
        let binding = try device.withState { state throws(KeychainError) -> (enrolment: UInt64, passcodeEpoch: UInt64) in
            if accessControl.requiresAuthentication && !state.passcodeSet { throw .authenticationFailed }
            guard state.dataProtection.isAvailable(DataProtection.protection(for: accessControl)) else {
                throw .interactionNotAllowed
            }
            return (state.authentication.enrolment, state.passcodeEpoch)
        }
        let privateKey = P256.Signing.PrivateKey()
        var contents = EnclaveKeyBlob.Contents(
            keyID: UUID(), accessControl: accessControl, boundEnrolment: binding.enrolment,
            passcodeEpoch: binding.passcodeEpoch, scalar: privateKey.rawRepresentation)
        defer { contents.wipeScalar() }
        let blob = try EnclaveKeyBlob.seal(contents, deviceID: device.identifier, rootKey: device.enclaveRootKey)
        return EmulatedEnclaveKey(
            device: device, keyID: contents.keyID, publicKey: privateKey.publicKey, accessControl: accessControl,
            dataRepresentation: blob)
    }

    /// The key behind a ``EmulatedEnclaveKey/dataRepresentation`` made on this device.
    /// - Throws: ``EmulatedSecureEnclaveError`` (`.keyFromAnotherDevice`,
    ///   `.malformedKeyData`); `KeychainError.authenticationFailed` when the key was
    ///   invalidated by a biometric enrolment change (`biometryCurrentSet`) or by the
    ///   removal of the passcode.
    public func signingKey(dataRepresentation: Data) throws -> EmulatedEnclaveKey {
        var contents = try device.openEnclaveKey(dataRepresentation)
        defer { contents.wipeScalar() }
        try device.withState { state throws(KeychainError) in try state.checkUsable(contents) }
        let privateKey = try P256.Signing.PrivateKey(rawRepresentation: contents.scalar)
        return EmulatedEnclaveKey(
            device: device, keyID: contents.keyID, publicKey: privateKey.publicKey,
            accessControl: contents.accessControl, dataRepresentation: dataRepresentation)
    }
}

extension EmulatedDevice {
    func openEnclaveKey(_ blob: Data) throws(EmulatedSecureEnclaveError) -> EnclaveKeyBlob.Contents {
        try EnclaveKeyBlob.open(blob, deviceID: identifier, rootKey: enclaveRootKey)
    }

    /// Signs inside the enclave after the checks and the prompt the key demands.
    func signWithEnclaveKey(
        _ blob: Data, data: Data, context: AuthenticationContext?, operationPrompt: String?
    ) throws -> P256.Signing.ECDSASignature {
        var contents = try openEnclaveKey(blob)
        defer { contents.wipeScalar() }
        try withState { state throws(KeychainError) in
            try state.checkUsable(contents)
            guard state.dataProtection.isAvailable(DataProtection.protection(for: contents.accessControl)) else {
                throw .interactionNotAllowed
            }
            guard let policy = contents.accessPolicy else { return }
            var satisfied = false
            do throws(AuthenticationFailure) {
                try state.authentication.authorize(
                    policy, passcodeSet: state.passcodeSet,
                    options: AuthorizationOptions(context: context, allowsPrompt: true, operationPrompt: operationPrompt),
                    satisfiedInThisCall: &satisfied)
            } catch {
                throw error.keychainError
            }
        }
        let privateKey = try P256.Signing.PrivateKey(rawRepresentation: contents.scalar)
        return try privateKey.signature(for: data)
    }
}

extension DeviceState {
    /// Throws `KeychainError.authenticationFailed` for a key bound to authentication
    /// whose passcode was removed since, or whose `biometryCurrentSet` binding changed.
    func checkUsable(_ key: EnclaveKeyBlob.Contents) throws(KeychainError) {
        guard let policy = key.accessPolicy else { return }
        guard passcodeSet, key.passcodeEpoch == passcodeEpoch else { throw .authenticationFailed }
        if authentication.isInvalidated(policy, passcodeSet: passcodeSet) { throw .authenticationFailed }
    }
}
