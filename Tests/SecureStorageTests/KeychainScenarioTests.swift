import DeviceEmulator
import DeviceTrustCrypto
import Foundation
import SecureStorage
import Testing

/// The seeds' classic Keychain failures, replayed on an emulated iPhone: each test is one
/// story from production, and what DeviceTrust makes of it.
@Suite("Keychain scenarios on an emulated device")
struct KeychainScenarioTests {
    static let bank = AppIdentity(
        teamID: "TEAM123456", bundleID: "com.example.bank",
        keychainAccessGroups: ["TEAM123456.com.example.shared"])
    let token = Data("session-token".utf8)

    func keychain(
        on app: EmulatedApp, accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        accessGroup: String? = nil, accessControl: AccessControl? = nil
    ) -> Keychain {
        Keychain(
            service: "session", accessGroup: accessGroup, accessibility: accessibility,
            accessControl: accessControl, backend: scenarioBackend(app))
    }

    @Test(
        "Background refresh on a locked phone with a WhenUnlocked token: interactionNotAllowed, not logged out; fixed by migrating to AfterFirstUnlockThisDeviceOnly"
    )
    func lockedPhoneBackgroundRefresh() throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        let legacy = keychain(on: app, accessibility: .whenUnlocked)
        try legacy.save(token, for: "access")

        device.lock()
        #expect(throws: KeychainError.interactionNotAllowed) { try legacy.loadIfPresent(for: "access") }

        device.unlock()
        try legacy.migrateAccessibility(to: .afterFirstUnlockThisDeviceOnly)
        device.lock()
        #expect(try keychain(on: app).load(for: "access") == token)
    }

    @Test("After a reboot, before the first unlock, even an AfterFirstUnlock token is unavailable, and it is not 'absent'")
    func rebootBeforeFirstUnlock() throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        let keychain = keychain(on: app)
        try keychain.save(token, for: "access")
        device.reboot()
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.loadIfPresent(for: "access") }
        device.unlock()
        device.lock()
        #expect(try keychain.load(for: "access") == token)
    }

    @Test("Cancelling the biometric prompt is userCanceled, and the item stays")
    func biometricCancel() async throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        let keychain = keychain(on: app, accessibility: .whenPasscodeSetThisDeviceOnly, accessControl: [.biometryAny])
        try keychain.save(token, for: "access")
        device.setNextBiometricResult(.userCancel)
        await #expect(throws: KeychainError.userCanceled) { try await keychain.load(for: "access", prompt: "Unlock") }
        #expect(try await keychain.load(for: "access", prompt: "Unlock") == token)
    }

    @Test("The synchronous load never prompts for an access-controlled item")
    func synchronousLoadDoesNotPrompt() throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        let keychain = keychain(on: app, accessibility: .whenPasscodeSetThisDeviceOnly, accessControl: [.biometryAny])
        try keychain.save(token, for: "access")
        device.setNextBiometricResult(.userCancel)
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.load(for: "access") }
    }

    @Test("A new fingerprint makes a biometryCurrentSet item unreadable while a biometryAny item stays readable")
    func newFingerprint() async throws {
        let device = EmulatedDevice(biometry: .touchID)
        let app = device.install(Self.bank)
        let strict = Keychain(
            service: "strict", accessibility: .whenPasscodeSetThisDeviceOnly, accessControl: [.biometryCurrentSet], backend: scenarioBackend(app))
        let lenient = Keychain(service: "lenient", accessibility: .whenPasscodeSetThisDeviceOnly, accessControl: [.biometryAny], backend: scenarioBackend(app))
        try strict.save(token, for: "access")
        try lenient.save(token, for: "access")
        device.changeBiometricEnrollment()
        await #expect(throws: KeychainError.authenticationFailed) { try await strict.load(for: "access", prompt: "Unlock") }
        #expect(try await lenient.load(for: "access", prompt: "Unlock") == token)
    }

    @Test("Removing the passcode deletes WhenPasscodeSetThisDeviceOnly items")
    func passcodeRemoved() throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        let guarded = keychain(on: app, accessibility: .whenPasscodeSetThisDeviceOnly)
        try guarded.save(token, for: "access")
        device.removePasscode()
        #expect(throws: KeychainError.itemNotFound) { try guarded.load(for: "access") }
        #expect(try guarded.loadIfPresent(for: "access") == nil)
    }

    @Test("A reinstalled app finds the old token, unless the fresh-install reset wipes it")
    func reinstall() throws {
        let device = EmulatedDevice()
        var app = device.install(Self.bank)
        try keychain(on: app).save(token, for: "access")
        device.uninstall(app)
        app = device.install(Self.bank)
        #expect(try keychain(on: app).load(for: "access") == token)

        let marker = FileInstallationMarker(
            url: FileManager.default.temporaryDirectory
                .appendingPathComponent("devicetrust-reinstall-\(UUID().uuidString)/installed"))
        #expect(try FreshInstallKeychainReset(keychain: keychain(on: app), marker: marker).resetIfFreshInstall())
        #expect(try keychain(on: app).loadIfPresent(for: "access") == nil)
    }

    @Test("A widget in the shared access group reads the app's token; one without the group cannot; another team's app cannot")
    func sharedAccessGroup() throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        try keychain(on: app, accessGroup: "TEAM123456.com.example.shared").save(token, for: "access")

        let widget = device.install(
            AppIdentity(
                teamID: "TEAM123456", bundleID: "com.example.bank.widget",
                keychainAccessGroups: ["TEAM123456.com.example.shared"]))
        #expect(try keychain(on: widget).load(for: "access") == token)

        let unentitled = device.install(AppIdentity(teamID: "TEAM123456", bundleID: "com.example.bank.clip"))
        #expect(throws: KeychainError.itemNotFound) { try keychain(on: unentitled).load(for: "access") }
        #expect(throws: KeychainError.missingEntitlement) {
            try keychain(on: unentitled, accessGroup: "TEAM123456.com.example.shared").load(for: "access")
        }

        let stranger = device.install(
            AppIdentity(
                teamID: "EVILTEAM00", bundleID: "com.example.bank",
                keychainAccessGroups: ["TEAM123456.com.example.shared"]))
        #expect(throws: KeychainError.itemNotFound) { try keychain(on: stranger).load(for: "access") }
    }

    @Test("The app's deleteAll() removes its own items only: the extension's items of the same service in the shared group survive")
    func deleteAllKeepsSharedGroup() throws {
        let device = EmulatedDevice()
        let shared = "TEAM123456.com.example.shared"
        let app = device.install(
            AppIdentity(teamID: "TEAM123456", bundleID: "com.example.bank", keychainAccessGroups: ["TEAM123456.com.example.bank", shared]))
        let widget = device.install(AppIdentity(teamID: "TEAM123456", bundleID: "com.example.bank.widget", keychainAccessGroups: [shared]))
        try keychain(on: app).save(token, for: "access")
        try keychain(on: widget).save(Data("widget-state".utf8), for: "widget")
        #expect(try keychain(on: app).load(for: "widget") == Data("widget-state".utf8), "the app sees the shared item")

        try keychain(on: app).deleteAll()
        #expect(try keychain(on: app).loadIfPresent(for: "access") == nil)
        #expect(try keychain(on: widget).load(for: "widget") == Data("widget-state".utf8), "the extension's item survives")
        #expect(try keychain(on: app).load(for: "widget") == Data("widget-state".utf8))

        // Scoped explicitly to the shared group, it removes that group's items and nothing else.
        try keychain(on: app).save(token, for: "access")
        try keychain(on: app, accessGroup: shared).deleteAll()
        #expect(throws: KeychainError.itemNotFound) { try keychain(on: widget).load(for: "widget") }
        #expect(try keychain(on: app).load(for: "access") == token)
        // No probe item is left behind.
        #expect(throws: KeychainError.itemNotFound) { try keychain(on: widget).load(for: "access") }
    }

    @Test("Restoring a backup onto a new phone brings AfterFirstUnlock tokens but not ThisDeviceOnly ones")
    func restoreOntoNewPhone() throws {
        let old = EmulatedDevice()
        let app = old.install(Self.bank)
        try keychain(on: app, accessibility: .afterFirstUnlockThisDeviceOnly).save(token, for: "device-bound")
        try keychain(on: app, accessibility: .afterFirstUnlock).save(token, for: "portable")

        let new = EmulatedDevice()
        new.restore(old.backup())
        let restored = new.install(Self.bank)
        #expect(throws: KeychainError.itemNotFound) { try keychain(on: restored).load(for: "device-bound") }
        #expect(try keychain(on: restored).load(for: "portable") == token)
    }

    @Test("Sixteen threads saving the same key at once leave one item and throw nothing")
    func concurrentSaves() throws {
        for round in 0..<10 {
            let device = EmulatedDevice()
            let app = device.install(Self.bank)
            let keychain = keychain(on: app)
            let errors = Locked<[any Error]>([])
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            // Real threads released together, so update/add calls genuinely interleave.
            for index in 0..<16 {
                done.enter()
                Thread {
                    start.wait()
                    do { try keychain.save(Data("value-\(index)".utf8), for: "access") } catch {
                        errors.withLock { $0.append(error) }
                    }
                    done.leave()
                }.start()
            }
            for _ in 0..<16 { start.signal() }
            done.wait()
            #expect(errors.withLock { $0.isEmpty }, "round \(round)")
            let (status, result) = scenarioBackend(app).copyMatching([
                "class": "genp", "svce": "session", "acct": "access", "m_Limit": "m_LimitAll", "r_Attributes": true,
            ])
            #expect(status == 0)
            #expect((result as? [Any])?.count == 1)
            #expect(String(decoding: try keychain.load(for: "access"), as: UTF8.self).hasPrefix("value-"))
        }
    }

    @Test("Replacing an access-controlled item never prompts from the synchronous save; the async save prompts")
    func savingAccessControlledItems() async throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        let keychain = keychain(on: app, accessibility: .whenPasscodeSetThisDeviceOnly, accessControl: [.biometryAny])
        try keychain.save(token, for: "access")
        device.setNextBiometricResult(.userCancel)
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.save(Data("new".utf8), for: "access") }
        await #expect(throws: KeychainError.userCanceled) { try await keychain.save(Data("new".utf8), for: "access", prompt: "Replace") }
        try await keychain.save(Data("new".utf8), for: "access", prompt: "Replace")
        #expect(try await keychain.load(for: "access", prompt: "Unlock") == Data("new".utf8))
    }

    @Test("addIfAbsent adds once and then leaves the stored value alone")
    func addIfAbsent() throws {
        let device = EmulatedDevice()
        let keychain = keychain(on: device.install(Self.bank))
        #expect(try keychain.addIfAbsent(token, for: "access"))
        #expect(try !keychain.addIfAbsent(Data("other".utf8), for: "access"))
        #expect(try keychain.load(for: "access") == token)
    }

    @Test("The fresh-install reset wipes this device's items but not iCloud Keychain items")
    func resetKeepsSynchronizedItems() throws {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        try keychain(on: app).save(token, for: "local")
        let synced = Keychain(service: "session", accessibility: .afterFirstUnlock, synchronizable: true, backend: scenarioBackend(app))
        try synced.save(token, for: "shared")
        let marker = FileInstallationMarker(
            url: FileManager.default.temporaryDirectory
                .appendingPathComponent("devicetrust-reset-\(UUID().uuidString)/installed"))
        defer { try? FileManager.default.removeItem(at: marker.url.deletingLastPathComponent()) }
        #expect(try FreshInstallKeychainReset(keychain: keychain(on: app), marker: marker).resetIfFreshInstall())
        #expect(try keychain(on: app).loadIfPresent(for: "local") == nil)
        #expect(try synced.load(for: "shared") == token)
    }

    @Test("An add with both an accessibility class and an access control is refused as invalidParameters")
    func pdmnAndAccc() {
        let device = EmulatedDevice()
        let app = device.install(Self.bank)
        let status = scenarioBackend(app).add([
            "class": "genp", "svce": "session", "acct": "access", "v_Data": token,
            "pdmn": "ak", "accc": KeychainAccessControl(accessibility: .whenUnlocked, flags: [.userPresence]),
        ])
        #expect(KeychainError(status: status) == .invalidParameters)
    }
}
