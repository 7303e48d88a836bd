import DeviceBinding
import DeviceEmulator
import DeviceTrustCrypto
import Foundation
import SecureStorage

/// An emulated iPhone with Face ID, the app installed and its two Secure Enclave keys.
struct DemoPhone {
    let device = EmulatedDevice(passcodeSet: true, biometry: .faceID)
    let app: EmulatedApp
    let biometricKey: EmulatedEnclaveKey
    let deviceKey: EmulatedEnclaveKey

    init() throws {
        app = device.install(AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.demo"))
        biometricKey = try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
        deviceKey = try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage])
    }

    /// A new biometric key, after a new finger was enrolled.
    func newBiometricKey() throws -> EmulatedEnclaveKey {
        try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
    }

    /// The keys' public keys and opaque blobs, base64url: what the output must not show.
    var keyMaterial: [String] { Self.material(of: biometricKey) + Self.material(of: deviceKey) }

    static func material(of key: EmulatedEnclaveKey) -> [String] {
        [key.publicKey.x963Representation, key.publicKey.derRepresentation, key.dataRepresentation].map { Base64URL.encode($0) }
    }
}
