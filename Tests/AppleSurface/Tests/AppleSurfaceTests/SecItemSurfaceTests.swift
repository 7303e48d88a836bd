import AppleSurfaceEmulation
import AppleSurfaceRuntime
import DeviceEmulator
import Foundation
import SecureStorage
import Security
import Testing

/// Security's `SecItem…` and `SecAccessControl…` as declared here, and `SystemKeychainBackend`
/// (SecureStorage's own Apple file) calling them.
@Suite("SecItem on the declared surface")
struct SecItemSurfaceTests {
    let token = Data("session-token".utf8)

    @Test("Without a bound device, every SecItem call fails closed with errSecNotAvailable")
    func noDevice() {
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a"]
        SurfaceHost.withoutDevice {
            var result: CFTypeRef?
            #expect(SecItemAdd(query as CFDictionary, nil) == errSecNotAvailable)
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecNotAvailable)
            #expect(result == nil)
            #expect(SecItemUpdate(query as CFDictionary, [kSecValueData as String: token] as CFDictionary) == errSecNotAvailable)
            #expect(SecItemDelete(query as CFDictionary) == errSecNotAvailable)
        }
    }

    @Test("An item added with Apple's constants is the emulated app's item, and SecItemCopyMatching returns its data as CFData")
    func addThenCopy() throws {
        let phone = SurfaceTestPhone()
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "session", kSecAttrAccount as String: "access",
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecValueData as String: token,
        ]
        #expect(SurfaceHost.withDevice(phone.surface) { SecItemAdd(item as CFDictionary, nil) } == errSecSuccess)
        #expect(try Keychain(service: "session", backend: phone.app.keychain).load(for: "access") == token)

        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "session", kSecAttrAccount as String: "access",
            kSecReturnData as String: true,
        ]
        var result: CFTypeRef?
        #expect(SurfaceHost.withDevice(phone.surface) { SecItemCopyMatching(query as CFDictionary, &result) } == errSecSuccess)
        #expect(result is CFData)
        #expect(result as? Data == token)
    }

    @Test("SystemKeychainBackend turns an access control into a SecAccessControl; the attributes come back with one")
    func accessControlRoundTrip() throws {
        let phone = SurfaceTestPhone()
        let keychain = Keychain(
            service: "session", accessibility: .whenPasscodeSetThisDeviceOnly, accessControl: [.biometryAny],
            backend: SystemKeychainOnEmulator(app: phone.app))
        try keychain.save(token, for: "access")
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "session", kSecAttrAccount as String: "access",
            kSecReturnAttributes as String: true,
        ]
        var result: CFTypeRef?
        #expect(SurfaceHost.withDevice(phone.surface) { SecItemCopyMatching(query as CFDictionary, &result) } == errSecSuccess)
        let attributes = try #require(result as? [String: Any])
        #expect(attributes[kSecAttrAccessControl as String] is SecAccessControl)
        phone.device.setNextBiometricResult(.userCancel)
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.load(for: "access") }
    }

    @Test("SecAccessControlCreateWithFlags refuses a protection class that is not a kSecAttrAccessible value, with a retained CFError")
    func invalidProtection() {
        var error: Unmanaged<CFError>?
        #expect(SecAccessControlCreateWithFlags(nil, "not-a-class" as CFString, .biometryAny, &error) == nil)
        let failure = error?.takeRetainedValue()
        #expect(failure?.code == Int(errSecParam))
        #expect(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .or, .devicePasscode], nil) != nil)
    }
}
