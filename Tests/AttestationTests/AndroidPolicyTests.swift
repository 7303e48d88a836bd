import Attestation
import Foundation
import Testing

/// ``AndroidKeyPolicy`` on real devices' attestations: the app's identity, verified boot,
/// per-use biometry and the minimum security level.
@Suite("Android key attestation: policy")
struct AndroidPolicyTests {
    /// Pixel 7 Pro (RKP, KeyMint 2): com.google.attestationexample, one signing digest.
    static let pixel7 = "gka-pixel7pro-normal-cert-chain.json"
    static let pixel7Digest = Data(hexString: "68856d1d06f637d6255face5b224db43a9514ace538bb1548b844480fcd85c87")
    /// Pixel 3 XL with an unlocked bootloader (Unverified), otherwise a valid TEE attestation.
    static let unlockedPixel = "signum-google-pixel-3-xl-2023-05-15-8qwy70.json"
    /// WebAuthn key on a Pixel 8a: userAuthType password|biometric with a 10 s authTimeout.
    static let webAuthnPixel = "simplewebauthn-pixel8a-2025-01.json"

    @Test("the app's package name must be an allowed one")
    func packageNames() throws {
        let vector = try AndroidVector(Self.pixel7)
        let key = try vector.verify(policy: AndroidKeyPolicy(packageNames: ["com.google.attestationexample", "com.other"])).get()
        #expect(key.packageNames == ["com.google.attestationexample"])
        #expect(throws: AttestationError(code: .package)) {
            try vector.verify(policy: AndroidKeyPolicy(packageNames: ["com.example.bank"])).get()
        }
    }

    @Test("the app's signing certificate digest must be an allowed one")
    func signingDigests() throws {
        let vector = try AndroidVector(Self.pixel7)
        let key = try vector.verify(policy: AndroidKeyPolicy(signingCertificateDigests: [Self.pixel7Digest])).get()
        #expect(key.signingCertificateDigests == [Self.pixel7Digest])
        #expect(throws: AttestationError(code: .package)) {
            try vector.verify(policy: AndroidKeyPolicy(signingCertificateDigests: [Data(repeating: 0xA5, count: 32)])).get()
        }
        #expect(throws: AttestationError(code: .package)) {
            try vector.verify(
                policy: AndroidKeyPolicy(
                    packageNames: ["com.google.attestationexample"],
                    signingCertificateDigests: [Data(repeating: 0xA5, count: 32)])
            ).get()
        }
    }

    @Test("an unlocked bootloader is refused by default and accepted without requireVerifiedBoot")
    func verifiedBoot() throws {
        let vector = try AndroidVector(Self.unlockedPixel)
        #expect(throws: AttestationError(code: .bootState)) { try vector.verify().get() }
        let key = try vector.verify(policy: AndroidKeyPolicy(requireVerifiedBoot: false)).get()
        #expect(key.rootOfTrust.verifiedBootState == .unverified)
        #expect(!key.rootOfTrust.deviceLocked)
    }

    @Test("per-use biometry refuses a key with an auth timeout, and a key that needs no authentication")
    func perUseBiometry() throws {
        let webAuthn = try AndroidVector(Self.webAuthnPixel)
        let key = try webAuthn.verify().get()
        #expect(key.keyDescription.hardwareEnforced.userAuthType == 3)
        #expect(key.keyDescription.hardwareEnforced.authTimeout == 10)
        #expect(throws: AttestationError(code: .userAuth)) {
            try webAuthn.verify(policy: AndroidKeyPolicy(requirePerUseBiometry: true)).get()
        }
        #expect(throws: AttestationError(code: .userAuth)) {
            try AndroidVector(Self.pixel7).verify(policy: AndroidKeyPolicy(requirePerUseBiometry: true)).get()
        }
    }

    @Test("a StrongBox minimum refuses a TEE key")
    func strongBoxMinimum() throws {
        let vector = try AndroidVector(Self.pixel7)
        #expect(try vector.verify().get().securityLevel == .trustedEnvironment)
        #expect(throws: AttestationError(code: .securityLevel)) {
            try vector.verify(policy: AndroidKeyPolicy(minimumSecurityLevel: .strongBox)).get()
        }
        #expect(try vector.verify(policy: AndroidKeyPolicy(minimumSecurityLevel: .software)).get().securityLevel == .trustedEnvironment)
    }

    @Test("the challenge must match byte for byte", arguments: [Data(), Data("challengE".utf8), Data("challenge ".utf8), Data("challeng".utf8)])
    func challenge(_ challenge: Data) throws {
        let vector = try AndroidVector(Self.pixel7)
        #expect(throws: AttestationError(code: .challenge)) {
            try vector.verifier().verify(chain: vector.chain, challenge: challenge)
        }
    }

    @Test("an RSA attested key is refused as the wrong key type")
    func rsaKey() throws {
        let vector = try AndroidVector("gka-testdpc-algorithm-rsa-securitylevel-tee.json")
        #expect(throws: AttestationError(code: .keyType)) {
            try vector.verify(policy: AndroidKeyPolicy(requireVerifiedBoot: false)).get()
        }
    }
}

extension Data {
    /// The bytes of an even-length hex string (test input only).
    init(hexString: String) {
        var bytes: [UInt8] = []
        var index = hexString.startIndex
        while index < hexString.endIndex {
            let next = hexString.index(index, offsetBy: 2)
            bytes.append(UInt8(hexString[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }
}
