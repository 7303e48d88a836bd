import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Protection classes, their defaults, and iCloud Keychain visibility.
@Suite("Accessibility and synchronisation")
struct AccessibilityTests {
    let keychain = bankApp().keychain

    func protection(of account: String, _ extra: [String: Any] = [:]) -> String? {
        let result = keychain.copyMatching(query(account: account, [K.returnAttributes: true].merging(extra) { _, new in new }))
        return (result.result as? [String: Any])?[K.accessible] as? String
    }

    @Test("An item added without pdmn or accc is WhenUnlocked (ak)")
    func defaultIsWhenUnlocked() {
        #expect(keychain.add(newItem()) == Status.success)
        #expect(protection(of: "token") == "ak")
    }

    @Test("An accc item is akpu-protected when it requires authentication, aku otherwise")
    func accessControlProtection() {
        #expect(keychain.add(newItem(account: "bio", [K.accessControl: AccessControl.biometryAny])) == Status.success)
        #expect(keychain.add(newItem(account: "plain", [K.accessControl: AccessControl.privateKeyUsage])) == Status.success)
        #expect(protection(of: "bio") == "akpu")
        #expect(protection(of: "plain") == "aku")
        let attributes = keychain.copyMatching(query(account: "bio", [K.returnAttributes: true])).result as? [String: Any]
        #expect(attributes?[K.accessControl] as? AccessControl == .biometryAny)
    }

    @Test("accc given as a KeychainAccessControl keeps its protection class and comes back in that form")
    func keychainAccessControlPair() {
        let pair = KeychainAccessControl(accessibility: .afterFirstUnlockThisDeviceOnly, flags: .biometryAny)
        #expect(keychain.add(newItem([K.accessControl: pair])) == Status.success)
        #expect(protection(of: "token") == "cku")
        let attributes = keychain.copyMatching(query([K.returnAttributes: true])).result as? [String: Any]
        #expect(attributes?[K.accessControl] as? KeychainAccessControl == pair)
        #expect(keychain.update(query(), [K.accessible: "aku"]) == Status.success)
        let updated = keychain.copyMatching(query([K.returnAttributes: true])).result as? [String: Any]
        #expect(
            updated?[K.accessControl] as? KeychainAccessControl
                == KeychainAccessControl(accessibility: .whenUnlockedThisDeviceOnly, flags: .biometryAny))
        #expect(keychain.add(newItem(account: "both", [K.accessControl: pair, K.accessible: "cku"])) == Status.param)
    }

    @Test("A ThisDeviceOnly class cannot be synchronizable: -50, on add and on update")
    func thisDeviceOnlyCannotSync() {
        for protection in Accessibility.allCases where protection.isThisDeviceOnly {
            #expect(keychain.add(newItem([K.accessible: protection.rawValue, K.synchronizable: true])) == Status.param)
        }
        #expect(keychain.add(newItem([K.accessControl: AccessControl.userPresence, K.synchronizable: true])) == Status.param)
        let portable = KeychainAccessControl(accessibility: .afterFirstUnlock, flags: .userPresence)
        #expect(keychain.add(newItem([K.accessControl: portable, K.synchronizable: true])) == Status.param)
        #expect(keychain.add(newItem([K.accessible: "ck", K.synchronizable: true])) == Status.success)
        #expect(keychain.update(query([K.synchronizable: true]), [K.accessible: "cku"]) == Status.param)
    }

    @Test("A query without sync sees only items that do not synchronise; syna sees both")
    func synchronizableVisibility() {
        #expect(keychain.add(newItem(account: "local", data: "L")) == Status.success)
        #expect(keychain.add(newItem(account: "icloud", data: "C", [K.synchronizable: true])) == Status.success)
        #expect(keychain.readData(account: "icloud").status == Status.itemNotFound)
        #expect(keychain.readString(account: "icloud", [K.synchronizable: true]) == "C")
        #expect(keychain.readString(account: "icloud", [K.synchronizable: K.synchronizableAny]) == "C")
        #expect(keychain.readData(account: "local", [K.synchronizable: true]).status == Status.itemNotFound)
        #expect(keychain.allAttributes(query(account: nil, [K.synchronizable: K.synchronizableAny])).items.count == 2)
        #expect(keychain.allAttributes(query(account: nil, [K.synchronizable: false])).items.count == 1)
        #expect(keychain.delete(query(account: nil)) == Status.success)
        #expect(keychain.readString(account: "icloud", [K.synchronizable: true]) == "C")
    }

    @Test("pdmn in a query filters by protection class")
    func filterByProtection() {
        #expect(keychain.add(newItem(account: "a", [K.accessible: "ak"])) == Status.success)
        #expect(keychain.add(newItem(account: "c", [K.accessible: "ck"])) == Status.success)
        let found = keychain.allAttributes(query(account: nil, [K.accessible: "ck"])).items
        #expect(found.map { $0[K.account] as? String } == ["c"])
    }

    @Test("accc in a query is not a search criterion")
    func accessControlInQueryIgnored() {
        #expect(keychain.add(newItem([K.accessControl: AccessControl.biometryAny])) == Status.success)
        let found = keychain.allAttributes(query([K.accessControl: AccessControl.devicePasscode])).items
        #expect(found.count == 1)
    }

    @Test("The deprecated Always classes are refused with -50")
    func alwaysRefused() {
        #expect(keychain.add(newItem([K.accessible: "dk"])) == Status.param)
        #expect(keychain.add(newItem([K.accessible: "dku"])) == Status.param)
    }
}
