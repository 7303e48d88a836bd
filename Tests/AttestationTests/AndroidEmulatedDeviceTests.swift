import Attestation
import EmulatedAttestation
import Foundation
import Testing

/// Attestations from an emulated Android Keystore (a test PKI passed as `trustedRoots`):
/// the cases no real vector here covers, a per-use biometric key and a StrongBox key.
@Suite("Android key attestation: emulated devices")
struct AndroidEmulatedDeviceTests {
    static let challenge = Data((0..<32).map { UInt8($0) })

    static func attest(
        _ profile: AndroidDeviceProfile = AndroidDeviceProfile(), biometricPerUse: Bool = false, policy: AndroidKeyPolicy
    )
        throws -> Result<AndroidAttestedKey, AttestationError>
    {
        let authority = try AndroidAttestationAuthority()
        let key = try EmulatedAndroidKeystore(profile: profile, authority: authority)
            .generateKey(attestationChallenge: challenge, biometricPerUse: biometricPerUse)
        let verifier = AndroidKeyAttestationVerifier(trustedRoots: [Data(authority.rootCertificate.der)], policy: policy)
        return Result { () throws(AttestationError) in try verifier.verify(chain: key.certificateChain, challenge: challenge) }
    }

    @Test("a biometric key without timeout meets requirePerUseBiometry; a key without user authentication does not")
    func perUseBiometry() throws {
        let policy = AndroidKeyPolicy(packageNames: ["com.example.bank"], requirePerUseBiometry: true)
        let key = try Self.attest(biometricPerUse: true, policy: policy).get()
        #expect(key.keyDescription.hardwareEnforced.userAuthType.map { $0 & 2 != 0 } == true)
        #expect(key.keyDescription.hardwareEnforced.authTimeout == nil)
        #expect(throws: AttestationError(code: .userAuth)) { try Self.attest(biometricPerUse: false, policy: policy).get() }
    }

    @Test("a StrongBox key meets a StrongBox minimum")
    func strongBox() throws {
        var profile = AndroidDeviceProfile()
        profile.securityLevel = .strongBox
        let key = try Self.attest(profile, policy: AndroidKeyPolicy(minimumSecurityLevel: .strongBox)).get()
        #expect(key.securityLevel == .strongBox)
        #expect(throws: AttestationError(code: .securityLevel)) {
            try Self.attest(policy: AndroidKeyPolicy(minimumSecurityLevel: .strongBox)).get()
        }
    }

    @Test("a software-level attestation is refused even under a test root")
    func softwareLevel() throws {
        var profile = AndroidDeviceProfile()
        profile.securityLevel = .software
        #expect(throws: AttestationError(code: .securityLevel)) {
            try Self.attest(profile, policy: AndroidKeyPolicy(minimumSecurityLevel: .software)).get()
        }
    }

    @Test("a self-signed boot chain is refused when verified boot is required")
    func selfSignedBoot() throws {
        var profile = AndroidDeviceProfile()
        profile.verifiedBootState = .selfSigned
        #expect(throws: AttestationError(code: .bootState)) { try Self.attest(profile, policy: AndroidKeyPolicy()).get() }
        _ = try Self.attest(profile, policy: AndroidKeyPolicy(requireVerifiedBoot: false)).get()
    }
}
