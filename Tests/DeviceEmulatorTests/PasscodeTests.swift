import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// What the passcode protects, and what dies with it.
@Suite("Passcode")
struct PasscodeTests {
    let device = EmulatedDevice()
    let keychain: any KeychainBackend

    init() {
        keychain = device.install(bankIdentity).keychain
    }

    @Test("Removing the passcode deletes akpu items and items whose access control prompts, and keeps the rest")
    func removalDeletesPasscodeItems() {
        #expect(keychain.add(newItem(account: "akpu", [K.accessible: "akpu"])) == Status.success)
        #expect(keychain.add(newItem(account: "bio", [K.accessControl: AccessControl.biometryAny])) == Status.success)
        #expect(keychain.add(newItem(account: "presence", [K.accessControl: AccessControl.userPresence])) == Status.success)
        #expect(keychain.add(newItem(account: "plain-acl", [K.accessControl: AccessControl.privateKeyUsage])) == Status.success)
        #expect(keychain.add(newItem(account: "aku", [K.accessible: "aku"])) == Status.success)
        #expect(keychain.add(newItem(account: "ck", [K.accessible: "ck"])) == Status.success)
        device.removePasscode()
        #expect(!device.isPasscodeSet)
        let left = keychain.allAttributes(query(account: nil)).items.compactMap { $0[K.account] as? String }
        #expect(left == ["plain-acl", "aku", "ck"])
        device.setPasscode()
        #expect(keychain.readData(account: "akpu").status == Status.itemNotFound)
    }

    @Test("Adding an akpu item without a passcode fails with -25293")
    func akpuNeedsPasscode() {
        let device = EmulatedDevice(passcodeSet: false)
        let keychain = device.install(bankIdentity).keychain
        #expect(keychain.add(newItem([K.accessible: "akpu"])) == Status.authFailed)
        #expect(keychain.add(newItem([K.accessControl: AccessControl.userPresence])) == Status.authFailed)
        let pair = KeychainAccessControl(accessibility: .afterFirstUnlock, flags: .biometryAny)
        #expect(keychain.add(newItem([K.accessControl: pair])) == Status.authFailed)
        #expect(keychain.add(newItem([K.accessControl: AccessControl.privateKeyUsage])) == Status.success)
        device.setPasscode()
        #expect(keychain.add(newItem(account: "later", [K.accessible: "akpu"])) == Status.success)
    }

    @Test("Moving an item to akpu without a passcode fails with -25293")
    func updateToAkpuNeedsPasscode() {
        #expect(keychain.add(newItem()) == Status.success)
        device.removePasscode()
        #expect(keychain.update(query(), [K.accessible: "akpu"]) == Status.authFailed)
    }

    @Test("Generating an enclave key that requires authentication fails without a passcode")
    func enclaveKeyNeedsPasscode() throws {
        let device = EmulatedDevice(passcodeSet: false)
        let enclave = device.install(bankIdentity).secureEnclave
        #expect(throws: KeychainError.authenticationFailed) {
            try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryAny])
        }
        _ = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
    }

    @Test("Removing the passcode invalidates enclave keys bound to authentication, even after a new passcode")
    func removalInvalidatesEnclaveKeys() async throws {
        let enclave = device.install(bankIdentity).secureEnclave
        let bound = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .userPresence])
        let unbound = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        device.removePasscode()
        device.setPasscode()
        await #expect(throws: KeychainError.authenticationFailed) { try await bound.signature(for: Data("x".utf8)) }
        #expect(throws: KeychainError.authenticationFailed) {
            try enclave.signingKey(dataRepresentation: bound.dataRepresentation)
        }
        let signature = try await unbound.signature(for: Data("x".utf8))
        #expect(unbound.publicKey.isValidSignature(signature, for: Data("x".utf8)))
    }
}
