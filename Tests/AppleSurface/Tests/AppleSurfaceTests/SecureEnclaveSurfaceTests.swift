import AppleSurfaceEmulation
import AppleSurfaceRuntime
import DeviceEmulator
import DeviceTrustCrypto
import Foundation
import SecureStorage
import Testing

/// `SecureEnclaveDeviceKey` (SecureStorage's own Apple file) over CryptoKit's
/// `SecureEnclave.P256.Signing.PrivateKey` as declared here, on the emulated enclave.
///
/// Serialized: the key signs on a `DispatchQueue`, where task-local values do not follow, so
/// these tests set the process-wide device.
@Suite("CryptoKit's Secure Enclave on the declared surface", .serialized)
struct SecureEnclaveSurfaceTests {
    @Test("A key made with biometryAny signs after a successful prompt; the signature verifies with its public key")
    func signs() async throws {
        let phone = SurfaceTestPhone()
        SurfaceHost.setProcessDevice(phone.surface)
        defer { SurfaceHost.setProcessDevice(nil) }
        let key = try SecureEnclaveDeviceKey(accessControl: [.biometryAny])
        let message = Data("approve payment 42".utf8)
        let signature = try await key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(phone.device.authenticationPrompts.count == 1)
    }

    @Test("A cancelled prompt fails the signature; the key stays usable")
    func cancelled() async throws {
        let phone = SurfaceTestPhone()
        SurfaceHost.setProcessDevice(phone.surface)
        defer { SurfaceHost.setProcessDevice(nil) }
        let key = try SecureEnclaveDeviceKey(accessControl: [.biometryAny])
        phone.device.setNextBiometricResult(.userCancel)
        await #expect(throws: KeychainError.userCanceled) { try await key.signature(for: Data("x".utf8)) }
        _ = try await key.signature(for: Data("x".utf8))
    }

    @Test("loadOrCreate keeps the handle in the keychain (through SystemKeychainBackend) and finds the same key again")
    func loadOrCreate() throws {
        let phone = SurfaceTestPhone()
        SurfaceHost.setProcessDevice(phone.surface)
        defer { SurfaceHost.setProcessDevice(nil) }
        let keychain = Keychain(service: "device-key", accessibility: .whenPasscodeSetThisDeviceOnly, backend: SystemKeychainOnEmulator(app: phone.app))
        let first = try SecureEnclaveDeviceKey.loadOrCreate(in: keychain, account: "signing", accessControl: [.biometryCurrentSet])
        let again = try SecureEnclaveDeviceKey.loadOrCreate(in: keychain, account: "signing", accessControl: [.biometryCurrentSet])
        #expect(again.publicKey.x963Representation == first.publicKey.x963Representation)
        #expect(try keychain.load(for: "signing") == first.dataRepresentation)
    }
}
