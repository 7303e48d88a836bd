#if canImport(Security)
import Foundation
import Security
#if canImport(LocalAuthentication)
import LocalAuthentication
#endif

/// The ``KeychainBackend`` of Apple platforms: forwards every query to `SecItem…`
/// unchanged, after turning DeviceTrust's two value types into Apple's objects —
/// ``KeychainAccessControl`` into a `SecAccessControl` and ``AuthenticationContext`` into
/// its `LAContext`. Nothing else happens here; all behaviour lives in ``Keychain``.
public struct SystemKeychainBackend: KeychainBackend {
    /// The system keychain.
    public init() {}

    /// `SecItemAdd`.
    public func add(_ attributes: [String: Any]) -> Int32 {
        guard let attributes = translated(attributes) else { return KeychainConstants.statusParam }
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// `SecItemCopyMatching`.
    public func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        guard let query = translated(query) else { return (KeychainConstants.statusParam, nil) }
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        return (status, result)
    }

    /// `SecItemUpdate`.
    public func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 {
        guard let query = translated(query), let changes = translated(attributesToUpdate) else { return KeychainConstants.statusParam }
        return SecItemUpdate(query as CFDictionary, changes as CFDictionary)
    }

    /// `SecItemDelete`.
    public func delete(_ query: [String: Any]) -> Int32 {
        guard let query = translated(query) else { return KeychainConstants.statusParam }
        return SecItemDelete(query as CFDictionary)
    }

    /// Replaces DeviceTrust values by Apple objects; `nil` when an access control cannot
    /// be created (reported as -50).
    private func translated(_ dictionary: [String: Any]) -> [String: Any]? {
        var result = dictionary
        if let control = dictionary[KeychainConstants.accessControl] as? KeychainAccessControl {
            var error: Unmanaged<CFError>?
            guard
                let access = SecAccessControlCreateWithFlags(
                    nil, control.accessibility.rawValue as CFString,
                    SecAccessControlCreateFlags(rawValue: CFOptionFlags(control.flags.rawValue)), &error)
            else {
                error?.release()
                return nil
            }
            result[KeychainConstants.accessControl] = access
        }
        #if canImport(LocalAuthentication)
        if let context = dictionary[KeychainConstants.useAuthenticationContext] as? AuthenticationContext {
            result[KeychainConstants.useAuthenticationContext] = context.laContext
        }
        #endif
        return result
    }
}

extension Keychain {
    /// A keychain over the system keychain (`SecItem…`).
    public init(
        service: String,
        accessGroup: String? = nil,
        accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        synchronizable: Bool = false,
        accessControl: AccessControl? = nil
    ) {
        self.init(
            service: service, accessGroup: accessGroup, accessibility: accessibility,
            synchronizable: synchronizable, accessControl: accessControl, backend: SystemKeychainBackend())
    }
}
#endif
