import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Uninstall, reinstall, backup and restore.
@Suite("Install and backup")
struct InstallAndBackupTests {
    let device = EmulatedDevice()

    @Test("Uninstalling keeps the app's keychain items; a reinstall of the same app reads them")
    func reinstallFindsItems() {
        let app = device.install(bankIdentity)
        #expect(app.keychain.add(newItem(data: "old token")) == Status.success)
        device.uninstall(app)
        #expect(!app.isInstalled)
        let reinstalled = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank"))
        #expect(reinstalled.keychain.readString() == "old token")
    }

    @Test("Uninstalling deletes the app's data container, so a first-launch marker is gone after a reinstall")
    func containerWiped() {
        let app = device.install(bankIdentity)
        app.container.set(Data("launched".utf8), forKey: "installMarker")
        #expect(app.container.data(forKey: "installMarker") == Data("launched".utf8))
        device.uninstall(app)
        let reinstalled = device.install(bankIdentity)
        #expect(reinstalled.container.data(forKey: "installMarker") == nil)
    }

    @Test("A handle of an uninstalled app is dead: -25291, no container")
    func deadHandle() {
        let app = device.install(bankIdentity)
        device.uninstall(app)
        #expect(app.keychain.add(newItem()) == Status.notAvailable)
        #expect(app.keychain.copyMatching(query()).status == Status.notAvailable)
        app.container.set(Data("x".utf8), forKey: "k")
        let reinstalled = device.install(bankIdentity)
        #expect(reinstalled.container.data(forKey: "k") == nil)
        #expect(app.keychain.add(newItem()) == Status.notAvailable)
        #expect(reinstalled.keychain.add(newItem()) == Status.success)
    }

    @Test("Installing an installed app again is an update: both handles stay live and see the new entitlements")
    func update() {
        let app = device.install(bankIdentity)
        let updated = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank", appGroups: ["group.com.example"]))
        #expect(app.isInstalled && updated.isInstalled)
        #expect(app.keychain.add(newItem([K.accessGroup: "group.com.example"])) == Status.success)
    }

    func addOneItemPerClass(_ keychain: any KeychainBackend) {
        for protection in Accessibility.allCases {
            #expect(
                keychain.add(
                    newItem(
                        account: protection.rawValue, data: protection.rawValue,
                        [K.accessible: protection.rawValue])) == Status.success)
        }
        #expect(keychain.add(newItem(account: "acl", data: "acl", [K.accessControl: AccessControl.userPresence])) == Status.success)
        #expect(keychain.add(newItem(account: "icloud", data: "icloud", [K.synchronizable: true])) == Status.success)
    }

    func accounts(_ keychain: any KeychainBackend) -> [String] {
        keychain.allAttributes(query(account: nil, [K.synchronizable: K.synchronizableAny])).items
            .compactMap { $0[K.account] as? String }
    }

    @Test("Restored onto the same device, every item and the app data come back")
    func restoreSameDevice() {
        let app = device.install(bankIdentity)
        addOneItemPerClass(app.keychain)
        app.container.set(Data("1".utf8), forKey: "marker")
        let backup = device.backup()
        #expect(app.keychain.delete(query(account: nil, [K.synchronizable: K.synchronizableAny])) == Status.success)
        device.restore(backup)
        #expect(accounts(app.keychain) == ["ak", "ck", "aku", "cku", "akpu", "acl", "icloud"])
        #expect(app.container.data(forKey: "marker") == Data("1".utf8))
        #expect(app.keychain.readString(account: "acl") == "acl")
    }

    @Test("Restored onto another device, ThisDeviceOnly, akpu and access-controlled items stay behind")
    func restoreOtherDevice() {
        let oldPhone = device.install(bankIdentity)
        addOneItemPerClass(oldPhone.keychain)
        oldPhone.container.set(Data("1".utf8), forKey: "marker")
        let newPhone = EmulatedDevice()
        newPhone.restore(device.backup())
        let app = newPhone.install(bankIdentity)
        #expect(accounts(app.keychain) == ["ak", "ck", "icloud"])
        #expect(app.keychain.readString(account: "ck") == "ck")
        #expect(app.container.data(forKey: "marker") == Data("1".utf8))
    }

    @Test("Restore replaces the keychain: items added after the backup are gone")
    func restoreReplaces() {
        let app = device.install(bankIdentity)
        let backup = device.backup()
        #expect(app.keychain.add(newItem()) == Status.success)
        device.restore(backup)
        #expect(app.keychain.readData().status == Status.itemNotFound)
        #expect(app.keychain.add(newItem()) == Status.success)
    }

    @Test("Enclave keys come back with a same-device restore but not on another device")
    func enclaveKeysAndRestore() async throws {
        let app = device.install(bankIdentity)
        let key = try app.secureEnclave.generateSigningKey(accessControl: .privateKeyUsage)
        #expect(app.keychain.add(newItem(account: "deviceKey", [K.valueData: key.dataRepresentation, K.accessible: "ck"])) == Status.success)
        let backup = device.backup()

        device.restore(backup)
        let blob = try #require(app.keychain.readData(account: "deviceKey").data)
        _ = try await app.secureEnclave.signingKey(dataRepresentation: blob).signature(for: Data("hi".utf8))

        let newPhone = EmulatedDevice()
        newPhone.restore(backup)
        let newApp = newPhone.install(bankIdentity)
        let restoredBlob = try #require(newApp.keychain.readData(account: "deviceKey").data)
        #expect(throws: EmulatedSecureEnclaveError.self) {
            try newApp.secureEnclave.signingKey(dataRepresentation: restoredBlob)
        }
    }
}
