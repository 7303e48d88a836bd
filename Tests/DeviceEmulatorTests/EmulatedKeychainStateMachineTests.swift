@testable import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// The SecItem state machine on its own: no device, no lock, no threads.
@Suite("Keychain state machine")
struct EmulatedKeychainStateMachineTests {
    let caller = AccessGroups(AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank"))

    func environment(_ lockState: EmulatedDevice.LockState = .unlocked, passcode: Bool = true) -> EmulatedKeychain.Environment {
        EmulatedKeychain.Environment(
            caller: caller, dataProtection: DataProtection(lockState: lockState, passcodeSet: passcode),
            enrolment: 0, now: Date(timeIntervalSince1970: 0))
    }

    func parsed(_ dictionary: [String: Any], _ purpose: QueryPurpose) throws -> KeychainQuery {
        try KeychainQuery(parsing: dictionary, for: purpose)
    }

    @Test("A failed operation leaves the items unchanged")
    func failuresChangeNothing() throws {
        var keychain = EmulatedKeychain()
        var authentication = AuthenticationState(biometry: .faceID)
        try keychain.add(parsed(newItem(account: "a"), .add), in: environment())
        try keychain.add(parsed(newItem(account: "b"), .add), in: environment())
        let before = keychain.items.map(\.account)
        #expect(throws: KeychainFailure.duplicateItem) {
            try keychain.update(
                parsed(query(account: nil), .update), with: parsed([K.account: "a"], .attributesToUpdate),
                in: environment(), authentication: &authentication)
        }
        #expect(throws: KeychainFailure.protectionUnavailable) {
            try keychain.delete(parsed(query(account: nil), .delete), in: environment(.locked))
        }
        #expect(keychain.items.map(\.account) == before)
    }

    @Test("Failures carry Apple's status and a reason for the reader")
    func failureStatuses() throws {
        #expect(KeychainFailure.itemNotFound.status == -25300)
        #expect(KeychainFailure.duplicateItem.status == -25299)
        #expect(KeychainFailure.protectionUnavailable.status == -25308)
        #expect(KeychainFailure.passcodeNotSet.status == -25293)
        #expect(KeychainFailure.invalidParameter("x").description.contains("-50"))
    }

    @Test("Adding an akpu item without passcode reports -25293 before a duplicate")
    func akpuBeforeDuplicate() throws {
        var keychain = EmulatedKeychain()
        try keychain.add(parsed(newItem(), .add), in: environment(passcode: false))
        #expect(throws: KeychainFailure.passcodeNotSet) {
            try keychain.add(parsed(newItem([K.accessible: "akpu"]), .add), in: environment(passcode: false))
        }
    }

    @Test("Restoring onto another device keeps only items that migrate")
    func restoreFilter() throws {
        var keychain = EmulatedKeychain()
        try keychain.add(parsed(newItem(account: "ak"), .add), in: environment())
        try keychain.add(parsed(newItem(account: "cku", [K.accessible: "cku"]), .add), in: environment())
        var other = EmulatedKeychain()
        other.restore(keychain.items, ontoSameDevice: false, passcodeSet: true)
        #expect(other.items.map(\.account) == ["ak"])
        other.restore(keychain.items, ontoSameDevice: true, passcodeSet: true)
        #expect(other.items.map(\.account) == ["ak", "cku"])
    }

    @Test("Parsing reports the same problem whatever the dictionary's order")
    func deterministicParsing() {
        for _ in 0..<20 {
            #expect(throws: KeychainFailure.noSuchAttribute("aaaa")) {
                try KeychainQuery(parsing: newItem(["aaaa": 1, "zzzz": 2, K.account: 3]), for: .add)
            }
        }
    }

    @Test("Prompt kinds follow the access control and the device")
    func promptKinds() {
        let faceID = AuthenticationState(biometry: .faceID)
        let none = AuthenticationState(biometry: .none)
        func policy(_ flags: AccessControl) -> AccessPolicy { AccessPolicy(flags: flags, boundEnrolment: 0) }
        #expect(faceID.promptKind(for: policy(.userPresence), passcodeSet: true) == .biometry)
        #expect(none.promptKind(for: policy(.userPresence), passcodeSet: true) == .passcode)
        #expect(none.promptKind(for: policy(.userPresence), passcodeSet: false) == nil)
        #expect(none.promptKind(for: policy(.biometryAny), passcodeSet: true) == nil)
        #expect(faceID.promptKind(for: policy([.biometryAny, .devicePasscode]), passcodeSet: true) == .biometryAndPasscode)
        #expect(none.promptKind(for: policy([.biometryAny, .or, .devicePasscode]), passcodeSet: true) == .passcode)
        #expect(faceID.promptKind(for: AccessPolicy(flags: .biometryCurrentSet, boundEnrolment: 1), passcodeSet: true) == nil)
    }
}
