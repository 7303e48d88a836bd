import CryptoKit
import Foundation
import LocalAuthentication
import Security

/// Face ID unlock done right: the refresh token lives in a Keychain item that itself
/// requires the current biometry, and the context only customises the prompt.
struct BiometricUnlock {
    enum UnlockError: Error {
        case cancelled
        case noStoredSession
        case keychain(OSStatus)
    }

    private let service = "com.cleanapp.session"

    func storeSession(_ refreshToken: Data) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error
        ) else { throw UnlockError.keychain(errSecParam) }
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: refreshToken,
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess else { throw UnlockError.keychain(status) }
    }

    func unlock() async throws -> Data {
        let context = LAContext()
        context.localizedReason = "Unlock your accounts"
        let ok = try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock your accounts")
        guard ok else { throw UnlockError.cancelled }
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecReturnData as String: true,
            kSecUseAuthenticationContext as String: context,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        switch status {
        case errSecSuccess:
            guard let data = item as? Data else { throw UnlockError.keychain(errSecDecode) }
            return data
        case errSecItemNotFound:
            throw UnlockError.noStoredSession
        case errSecUserCanceled:
            throw UnlockError.cancelled
        default:
            throw UnlockError.keychain(status)
        }
    }
}

/// Step-up approval: a Secure Enclave key bound to the current biometry signs the
/// server's challenge, and the server decides.
struct TransferApproval {
    let key: SecureEnclave.P256.Signing.PrivateKey

    func approve(challenge: Data) throws -> Data {
        let context = LAContext()
        context.localizedReason = "Approve this transfer"
        let signature = try key.signature(for: challenge)
        return signature.derRepresentation
    }
}
