import Attestation
import DeviceBinding
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
@testable import TrustServer

/// Test roots for App Attest and Android key attestation, and emulated devices under them,
/// whose attestations are byte for byte what real devices send.
final class AttestationLab: Sendable {
    static let appID = "TEAMID1234.com.example.bank"
    static let packageName = "com.example.bank"
    static let shared = try! AttestationLab()

    let appAttestAuthority: AppAttestAuthority
    let androidAuthority: AndroidAttestationAuthority

    init() throws {
        appAttestAuthority = try AppAttestAuthority()
        androidAuthority = try AndroidAttestationAuthority()
    }

    /// The service's attestation settings under the test roots.
    func configuration(
        appAttest: AttestationConfiguration.Mode = .off, android: AttestationConfiguration.Mode = .off,
        appID: String = AttestationLab.appID, packageName: String = AttestationLab.packageName
    ) -> AttestationConfiguration {
        let androidVerifiers = AttestationConfiguration.androidVerifiers(
            trustedRoots: [Data(androidAuthority.rootCertificate.der)], policy: AndroidKeyPolicy(packageNames: [packageName]))
        return AttestationConfiguration(
            appAttest: [
                AppAttestVerifier(
                    appID: appID, environment: .development, trustedRoots: [Data(appAttestAuthority.rootCertificate.der)])
            ],
            appAttestMode: appAttest, appAttestReceiptRoots: [Data(appAttestAuthority.rootCertificate.der)],
            androidDeviceKey: androidVerifiers.deviceKey, androidBiometricKey: androidVerifiers.biometricKey,
            androidMode: android)
    }

    func appAttestService(appID: String = AttestationLab.appID) -> EmulatedAppAttestService {
        EmulatedAppAttestService(appID: appID, environment: .development, authority: appAttestAuthority)
    }

    func keystore(_ adjust: (inout AndroidDeviceProfile) -> Void = { _ in }) throws -> EmulatedAndroidKeystore {
        var profile = AndroidDeviceProfile()
        profile.packageName = Self.packageName
        adjust(&profile)
        return try EmulatedAndroidKeystore(profile: profile, authority: androidAuthority)
    }
}

/// How an emulated device builds its enrollment completion, and how a test spoils it.
enum AttestedEnrollment {
    /// An iPhone's completion: keys as `TestPhone` makes them, plus App Attest over the
    /// enrollment binding of the payload and those keys (or over `clientDataHash`, to spoil it).
    static func iPhone(
        payload: Data, phone: TestPhone = TestPhone(), service: EmulatedAppAttestService? = AttestationLab.shared.appAttestService(),
        clientDataHash: Data? = nil, keyId: String? = nil
    ) throws -> EnrollmentCompletion {
        var appAttest: AppAttestRegistration?
        if let service {
            let keyId = keyId ?? service.generateKey()
            let hash =
                clientDataHash
                ?? AppAttestEnrollmentBinding.clientDataHash(
                    signingPayload: payload, deviceKey: phone.deviceKey.publicKey, biometricKey: phone.biometricKey?.publicKey)
            appAttest = AppAttestRegistration(keyId: keyId, attestation: Base64URL.encode(try service.attestKey(keyId, clientDataHash: hash)))
        }
        return EnrollmentCompletion(
            platform: .ios, deviceName: "Anna's iPhone",
            deviceKey: KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: payload)),
            biometricKey: try phone.biometricKey.map { KeyRegistration(key: $0.publicKey, proof: try $0.signature(for: payload)) },
            pin: TestPhone.pin, appAttest: appAttest)
    }

    /// An Android phone's completion: a device key and a per-use biometric key generated in
    /// `keystore` with SHA-256 of the payload as attestation challenge (or `challenge`).
    static func android(
        payload: Data, keystore: EmulatedAndroidKeystore, challenge: Data? = nil, biometricPerUse: Bool = true,
        sendChains: Bool = true, spoil: (inout [Data]) -> Void = { _ in }
    ) throws -> EnrollmentCompletion {
        let attestationChallenge = challenge ?? Data(SHA256.hash(data: payload))
        let deviceKey = try keystore.generateKey(attestationChallenge: attestationChallenge)
        let biometricKey = try keystore.generateKey(attestationChallenge: attestationChallenge, biometricPerUse: biometricPerUse)
        func registration(_ key: EmulatedAndroidKey) throws -> KeyRegistration {
            var chain = key.certificateChain
            spoil(&chain)
            return KeyRegistration(
                publicKey: Base64URL.encode(key.publicKey), proof: Base64URL.encode(try key.signature(for: payload)),
                attestationChain: sendChains ? chain.map { Base64URL.encode($0) } : nil)
        }
        return EnrollmentCompletion(
            platform: .android, deviceName: "Anna's Pixel", deviceKey: try registration(deviceKey),
            biometricKey: try registration(biometricKey), pin: TestPhone.pin)
    }

    /// Flips one bit in the leaf's signature.
    static func tamper(_ chain: inout [Data]) {
        chain[0][chain[0].count - 2] ^= 0x01
    }

    /// Each way an enrollment must fail with `attestation_invalid` when both modes are
    /// required: a name and the completion for a payload.
    static let rejections: [(name: String, completion: @Sendable (Data) throws -> EnrollmentCompletion)] = [
        ("iOS: missing", { payload in try iPhone(payload: payload, service: nil) }),
        ("iOS: wrong challenge", { payload in try iPhone(payload: payload, clientDataHash: Data(repeating: 7, count: 32)) }),
        ("iOS: the payload alone, without the keys", { payload in try iPhone(payload: payload, clientDataHash: Data(SHA256.hash(data: payload))) }),
        (
            "iOS: device key swapped after attestation",
            { payload in
                let attested = TestPhone()
                return try iPhone(
                    payload: payload,
                    clientDataHash: AppAttestEnrollmentBinding.clientDataHash(
                        signingPayload: payload, deviceKey: attested.deviceKey.publicKey, biometricKey: TestPhone().biometricKey?.publicKey))
            }
        ),
        (
            "iOS: biometric key left out of the binding",
            { payload in
                let phone = TestPhone()
                return try iPhone(
                    payload: payload, phone: phone,
                    clientDataHash: AppAttestEnrollmentBinding.clientDataHash(signingPayload: payload, deviceKey: phone.deviceKey.publicKey, biometricKey: nil))
            }
        ),
        (
            "iOS: wrong app id",
            { payload in
                try iPhone(payload: payload, service: AttestationLab.shared.appAttestService(appID: "TEAMID1234.com.example.other"))
            }
        ),
        ("Android: missing", { payload in try android(payload: payload, keystore: AttestationLab.shared.keystore(), sendChains: false) }),
        (
            "Android: wrong challenge",
            { payload in
                try android(payload: payload, keystore: AttestationLab.shared.keystore(), challenge: Data(repeating: 7, count: 32))
            }
        ),
        (
            "Android: wrong package",
            { payload in
                try android(payload: payload, keystore: AttestationLab.shared.keystore { $0.packageName = "com.example.evil" })
            }
        ),
        (
            "Android: unlocked bootloader",
            { payload in
                try android(payload: payload, keystore: AttestationLab.shared.keystore { $0.deviceLocked = false })
            }
        ),
        (
            "Android: software level",
            { payload in
                try android(payload: payload, keystore: AttestationLab.shared.keystore { $0.securityLevel = .software })
            }
        ),
        (
            "Android: tampered chain",
            { payload in
                try android(payload: payload, keystore: AttestationLab.shared.keystore(), spoil: tamper)
            }
        ),
        (
            "Android: biometric key without per-use biometry",
            { payload in
                try android(payload: payload, keystore: AttestationLab.shared.keystore(), biometricPerUse: false)
            }
        ),
        (
            "Android: the chain attests another key",
            { payload in
                var completion = try android(payload: payload, keystore: AttestationLab.shared.keystore())
                let other = try android(payload: payload, keystore: AttestationLab.shared.keystore())
                completion.deviceKey.attestationChain = other.deviceKey.attestationChain
                return completion
            }
        ),
    ]
}
