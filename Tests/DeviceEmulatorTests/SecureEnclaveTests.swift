import DeviceEmulator
import DeviceTrustCrypto
import Foundation
import SecureStorage
import Testing

/// P-256 keys that never leave the emulated enclave.
@Suite("Secure Enclave")
struct SecureEnclaveTests {
    let device = EmulatedDevice()
    let enclave: EmulatedSecureEnclave
    let message = Data("challenge 42".utf8)

    init() {
        enclave = device.install(bankIdentity).secureEnclave
    }

    @Test("A signature verifies with the key's public key")
    func signatureVerifies() async throws {
        let key = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        let signature = try await key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("other".utf8)))
        #expect(key.accessControl == .privateKeyUsage)
    }

    @Test("The key works as a DeviceKey")
    func deviceKeyConformance() async throws {
        let key: any DeviceKey = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        let signature = try await key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
    }

    @Test("dataRepresentation turns back into the same key on the same device, from any app")
    func roundTrip() async throws {
        let key = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryAny])
        let widget = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank.widget")).secureEnclave
        let again = try widget.signingKey(dataRepresentation: key.dataRepresentation)
        #expect(again.publicKey.rawRepresentation == key.publicKey.rawRepresentation)
        #expect(again.accessControl == [.privateKeyUsage, .biometryAny])
        let signature = try await again.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
    }

    @Test("dataRepresentation is opaque: it does not contain the public key and differs for every key")
    func opaqueBlob() throws {
        let key = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        let other = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        #expect(key.dataRepresentation != other.dataRepresentation)
        #expect(key.dataRepresentation.range(of: key.publicKey.rawRepresentation.prefix(16)) == nil)
    }

    @Test("Another device cannot use the key: keyFromAnotherDevice")
    func anotherDevice() throws {
        let key = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        let otherEnclave = EmulatedDevice().install(bankIdentity).secureEnclave
        #expect(throws: EmulatedSecureEnclaveError(code: .keyFromAnotherDevice)) {
            try otherEnclave.signingKey(dataRepresentation: key.dataRepresentation)
        }
    }

    @Test("Garbage or altered key data is refused: malformedKeyData")
    func malformed() throws {
        let key = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        var altered = key.dataRepresentation
        altered[altered.count - 1] ^= 1
        for blob in [Data(), Data("not a key".utf8), altered, key.dataRepresentation.prefix(30)] {
            #expect(throws: EmulatedSecureEnclaveError(code: .malformedKeyData)) {
                try enclave.signingKey(dataRepresentation: Data(blob))
            }
        }
    }

    @Test("Signing with a key that requires authentication prompts every time")
    func signingPrompts() async throws {
        let key = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
        _ = try await key.signature(for: message)
        _ = try key.signature(for: message, authenticationContext: nil, operationPrompt: "Confirm payment")
        #expect(
            device.authenticationPrompts == [
                AuthenticationPrompt(kind: .biometry, operationPrompt: nil),
                AuthenticationPrompt(kind: .biometry, operationPrompt: "Confirm payment"),
            ])
    }

    @Test("A key without authentication signs without prompting")
    func noPrompt() async throws {
        let key = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        _ = try await key.signature(for: message)
        #expect(device.authenticationPrompts.isEmpty)
    }

    @Test("Cancel throws userCanceled, failure and lockout throw authenticationFailed")
    func promptOutcomes() async throws {
        let key = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .userPresence])
        device.setNextBiometricResult(.userCancel)
        await #expect(throws: KeychainError.userCanceled) { try await key.signature(for: message) }
        device.setNextBiometricResult(.failure)
        await #expect(throws: KeychainError.authenticationFailed) { try await key.signature(for: message) }
        device.setNextBiometricResult(.lockout)
        await #expect(throws: KeychainError.authenticationFailed) { try await key.signature(for: message) }
        _ = try await key.signature(for: message)
    }

    @Test("An authenticated context signs again without a prompt")
    func contextReuse() throws {
        let key = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryAny])
        let context = AuthenticationContext()
        _ = try key.signature(for: message, authenticationContext: context, operationPrompt: nil)
        _ = try key.signature(for: message, authenticationContext: context, operationPrompt: nil)
        #expect(device.authenticationPrompts.count == 1)
    }

    @Test("A new enrolment invalidates biometryCurrentSet keys, for signing and for loading; biometryAny survives")
    func enrolmentChange() async throws {
        let current = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
        let any = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryAny])
        device.changeBiometricEnrollment()
        await #expect(throws: KeychainError.authenticationFailed) { try await current.signature(for: message) }
        #expect(throws: KeychainError.authenticationFailed) {
            try enclave.signingKey(dataRepresentation: current.dataRepresentation)
        }
        let signature = try await any.signature(for: message)
        #expect(any.publicKey.isValidSignature(signature, for: message))
    }

    @Test("A biometry-only key cannot sign on a device without biometry")
    func noBiometry() async throws {
        let device = EmulatedDevice(biometry: .none)
        let key = try device.install(bankIdentity).secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryAny])
        await #expect(throws: KeychainError.authenticationFailed) { try await key.signature(for: message) }
    }

    @Test("Enclave keys sign only while the device is unlocked")
    func lockedDevice() async throws {
        let bound = try enclave.generateSigningKey(accessControl: [.privateKeyUsage, .userPresence])
        let plain = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        device.lock()
        await #expect(throws: KeychainError.interactionNotAllowed) { try await bound.signature(for: message) }
        await #expect(throws: KeychainError.interactionNotAllowed) { try await plain.signature(for: message) }
        #expect(throws: KeychainError.interactionNotAllowed) { try enclave.generateSigningKey(accessControl: .privateKeyUsage) }
        #expect(device.authenticationPrompts.isEmpty)
        device.unlock()
        _ = try await bound.signature(for: message)
    }

    @Test("Access control combining .or and .and is refused: invalidParameters")
    func invalidFlags() {
        #expect(throws: KeychainError.invalidParameters) {
            try enclave.generateSigningKey(accessControl: [.biometryAny, .or, .and, .devicePasscode])
        }
    }

    @Test("The enclave error names what happened and where, never key material")
    func errorDescription() throws {
        let key = try enclave.generateSigningKey(accessControl: .privateKeyUsage)
        do {
            _ = try EmulatedDevice().install(bankIdentity).secureEnclave.signingKey(dataRepresentation: key.dataRepresentation)
            Issue.record("expected an error")
        } catch let error as EmulatedSecureEnclaveError {
            #expect(String(describing: error).contains("keyFromAnotherDevice"))
            #expect(String(describing: error).contains("another device"))
        }
    }
}
