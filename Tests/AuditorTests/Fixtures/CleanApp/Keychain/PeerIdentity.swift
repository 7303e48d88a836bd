import Foundation
import Security

/// Builds the SecIdentity used for a local device-to-device transfer. The keychain is only
/// a scaffold: the certificate and key are added, the identity read back, and both removed.
enum PeerIdentity {
    private static let label = "com.cleanapp.transfer.identity"

    static func make(certificate: SecCertificate, privateKey: SecKey) throws -> SecIdentity {
        try removeScaffold()

        let certificateItem: [CFString: Any] = [kSecClass: kSecClassCertificate, kSecValueRef: certificate, kSecAttrLabel: label]
        guard SecItemAdd(certificateItem as CFDictionary, nil) == errSecSuccess else { throw PeerIdentityError.keychain }

        let keyItem: [CFString: Any] = [
            kSecClass: kSecClassKey,
            kSecAttrKeyClass: kSecAttrKeyClassPrivate,
            kSecValueRef: privateKey,
            kSecAttrLabel: label,
            kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        ]
        guard SecItemAdd(keyItem as CFDictionary, nil) == errSecSuccess else { throw PeerIdentityError.keychain }

        var found: CFTypeRef?
        let query: [CFString: Any] = [kSecClass: kSecClassIdentity, kSecAttrLabel: label, kSecReturnRef: true]
        let status = SecItemCopyMatching(query as CFDictionary, &found)
        guard status == errSecSuccess, let found, CFGetTypeID(found) == SecIdentityGetTypeID() else {
            throw PeerIdentityError.status(status)
        }

        try removeScaffold()
        return found as! SecIdentity
    }

    private static func removeScaffold() throws {
        let status = SecItemDelete([kSecClass: kSecClassIdentity, kSecAttrLabel: label] as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw PeerIdentityError.status(status) }
    }
}

enum PeerIdentityError: Error {
    case keychain
    case status(OSStatus)
}
