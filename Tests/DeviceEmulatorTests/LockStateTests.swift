import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// What the lock state makes available: the background-refresh-on-a-locked-phone bug.
@Suite("Lock state")
struct LockStateTests {
    let device = EmulatedDevice()
    let keychain: any KeychainBackend

    init() {
        keychain = device.install(bankIdentity).keychain
    }

    func addOneItemPerClass() {
        for protection in Accessibility.allCases {
            #expect(
                keychain.add(
                    newItem(
                        account: protection.rawValue, data: protection.rawValue,
                        [K.accessible: protection.rawValue])) == Status.success)
        }
    }

    @Test("A new device is unlocked, its first unlock done")
    func newDeviceIsUnlocked() {
        #expect(device.lockState == .unlocked)
        #expect(EmulatedDevice(passcodeSet: false, biometry: .none).lockState == .unlocked)
    }

    @Test("On a locked device ak, aku and akpu items cannot be read: -25308")
    func lockedWhenUnlockedClasses() {
        addOneItemPerClass()
        device.lock()
        #expect(device.lockState == .locked)
        for protection in ["ak", "aku", "akpu"] {
            #expect(keychain.readData(account: protection).status == Status.interactionNotAllowed)
            #expect(
                keychain.copyMatching(query(account: protection, [K.returnAttributes: true])).status
                    == Status.interactionNotAllowed)
        }
    }

    @Test("On a locked device ak items cannot be added: -25308, also for a would-be duplicate")
    func lockedAdd() {
        #expect(keychain.add(newItem(account: "dup")) == Status.success)
        device.lock()
        for protection in ["ak", "aku", "akpu"] {
            #expect(keychain.add(newItem(account: "new-\(protection)", [K.accessible: protection])) == Status.interactionNotAllowed)
        }
        #expect(keychain.add(newItem(account: "dup")) == Status.interactionNotAllowed)
        device.unlock()
        #expect(keychain.add(newItem(account: "dup")) == Status.duplicateItem)
    }

    @Test("On a locked device ck and cku items are readable and writable after the first unlock")
    func lockedAfterFirstUnlockClasses() {
        addOneItemPerClass()
        device.lock()
        for protection in ["ck", "cku"] {
            #expect(keychain.readString(account: protection) == protection)
            #expect(keychain.update(query(account: protection), [K.valueData: Data("new".utf8)]) == Status.success)
            #expect(keychain.add(newItem(account: "more-\(protection)", [K.accessible: protection])) == Status.success)
        }
    }

    @Test("Before the first unlock after a reboot every class is unavailable: -25308")
    func beforeFirstUnlock() {
        addOneItemPerClass()
        device.reboot()
        #expect(device.lockState == .beforeFirstUnlock)
        for protection in Accessibility.allCases {
            #expect(keychain.readData(account: protection.rawValue).status == Status.interactionNotAllowed)
            #expect(keychain.add(newItem(account: "new", [K.accessible: protection.rawValue])) == Status.interactionNotAllowed)
        }
        device.lock()
        #expect(device.lockState == .beforeFirstUnlock)
        device.unlock()
        device.lock()
        #expect(keychain.readString(account: "cku") == "cku")
    }

    @Test("A locked search that would return an unavailable item fails as a whole; the first available match still reads")
    func mixedSearchWhileLocked() {
        #expect(keychain.add(newItem(account: "cku", data: "cku", [K.accessible: "cku"])) == Status.success)
        #expect(keychain.add(newItem(account: "ak", data: "ak", [K.accessible: "ak"])) == Status.success)
        device.lock()
        #expect(keychain.readString(account: nil) == "cku")
        let all = keychain.copyMatching(query(account: nil, [K.returnData: true, K.matchLimit: K.matchLimitAll]))
        #expect(all.status == Status.interactionNotAllowed && all.result == nil)
    }

    @Test("Updating or deleting an unavailable item fails with -25308 and changes nothing")
    func updateDeleteWhileLocked() {
        addOneItemPerClass()
        device.lock()
        #expect(keychain.update(query(account: "ak"), [K.label: "x"]) == Status.interactionNotAllowed)
        #expect(keychain.delete(query(account: "ak")) == Status.interactionNotAllowed)
        #expect(keychain.update(query(account: "cku"), [K.accessible: "aku"]) == Status.interactionNotAllowed)
        device.unlock()
        #expect(keychain.readString(account: "ak") == "ak")
    }

    @Test("Moving a WhenUnlocked token to AfterFirstUnlockThisDeviceOnly makes it readable while locked")
    func migrationFixesBackgroundRefresh() {
        #expect(keychain.add(newItem(data: "refresh")) == Status.success)
        device.lock()
        #expect(keychain.readData().status == Status.interactionNotAllowed)
        device.unlock()
        #expect(keychain.update(query(), [K.accessible: "cku"]) == Status.success)
        device.lock()
        #expect(keychain.readString() == "refresh")
    }

    @Test("Without a passcode every class stays available while locked and after a reboot")
    func noPasscodeNoDataProtection() {
        let device = EmulatedDevice(passcodeSet: false)
        let keychain = device.install(bankIdentity).keychain
        #expect(keychain.add(newItem()) == Status.success)
        device.lock()
        #expect(keychain.readString() == "secret")
        device.reboot()
        #expect(keychain.readString() == "secret")
    }
}
