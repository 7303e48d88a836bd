import LocalAuthentication
import Security

/// Stores the card PIN behind biometry — but any finger enrolled later opens it.
enum BiometricKeyStore {
    static func saveCardPIN(_ pin: Data) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            .biometryAny,
            &error
        ) else { throw KeyStoreError.accessControl }
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: "card-pin",
            kSecAttrAccessControl as String: access,
            kSecValueData as String: pin,
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeyStoreError.status(status) }
    }
}

enum KeyStoreError: Error {
    case accessControl
    case status(OSStatus)
}
