import DeviceBinding
import DeviceBindingClient
import DeviceEmulator
import DeviceTrustCrypto
import Foundation
import SecureStorage

/// An emulated iPhone with Face ID, the app installed and its two Secure Enclave keys: the
/// biometric key (`.privateKeyUsage`, `.biometryCurrentSet`) and the device key
/// (`.privateKeyUsage`, usable without biometry, paired with the PIN).
///
/// The demo's phone, and reusable as it is in integrators' own tests, next to
/// ``EmbeddedServer``.
public struct DemoPhone {
    /// The PIN the phone enrolls with, and a wrong one (throwaway values for tests and demos).
    public static let pin = try! PIN("246810")
    public static let wrongPIN = try! PIN("135790")

    public let device = EmulatedDevice(passcodeSet: true, biometry: .faceID)
    public let app: EmulatedApp
    public let biometricKey: EmulatedEnclaveKey
    public let deviceKey: EmulatedEnclaveKey

    /// Installs the app `bundleID` (team `ABCDE12345`) and generates both keys.
    public init(bundleID: String = "com.example.demo") throws {
        app = device.install(AppIdentity(teamID: "ABCDE12345", bundleID: bundleID))
        biometricKey = try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
        deviceKey = try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage])
    }

    /// A new biometric key, after a new finger was enrolled.
    public func newBiometricKey() throws -> EmulatedEnclaveKey {
        try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet])
    }

    /// Enrolls the phone through `client` (both keys and ``pin``), the enrollment created by
    /// the backend on `server` with the admin key.
    public func enroll(
        with client: DeviceTrustClient, on server: EmbeddedServer, account: String = "acct-42", deviceName: String = "Anna's iPhone"
    ) async throws -> EnrollmentCompleted {
        let created = try await server.createEnrollment(accountId: account)
        return try await client.enroll(
            enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: deviceName,
            platform: .ios, deviceKey: deviceKey, biometricKey: biometricKey, pin: Self.pin)
    }

    /// The keys' public keys and opaque blobs, base64url: what the output must not show.
    public var keyMaterial: [String] { Self.material(of: biometricKey) + Self.material(of: deviceKey) }

    /// The public key (X9.63 and DER) and the opaque blob of `key`, base64url.
    public static func material(of key: EmulatedEnclaveKey) -> [String] {
        [key.publicKey.x963Representation, key.publicKey.derRepresentation, key.dataRepresentation].map { Base64URL.encode($0) }
    }
}
