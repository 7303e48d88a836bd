import Attestation
import Foundation
import Testing

/// The proof for Android: every vector verifies exactly when it is valid and a
/// server for hardware-backed P-256 signing keys should accept it, and is otherwise
/// refused for the stated reason.
@Suite("Android key attestation: every vector's verdict")
struct AndroidVectorVerdictTests {
    /// The README's `expected_error` names and the verifier's codes for them.
    static let codeForExpectedError: [String: AttestationError.Code] = [
        "chain_too_short": .chain, "no_root": .chain, "software_root": .chain, "untrusted_root": .chain,
        "name_chaining": .chain, "signature_invalid": .chain, "not_yet_valid": .chain, "expired": .chain,
        "missing_extension": .extension, "extension_outside_leaf": .extension,
        "revoked": .revoked, "suspended": .revoked,
        "extension_parse_error": .malformed,
        "challenge_mismatch": .challenge,
        "origin_not_generated": .keyPurpose,
        "security_level": .securityLevel,
        "root_of_trust_missing": .bootState,
    ]

    /// The codes a valid vector may be refused with when one of its `policy` flags fails.
    static let codesForPolicyFlag: [String: Set<AttestationError.Code>] = [
        "hardware_backed": [.securityLevel],
        "p256_signing_key": [.keyType, .keyPurpose],
        "verified_boot_locked": [.bootState],
    ]

    @Test(
        "verifies exactly the valid, hardware-backed, P-256, locked-boot vectors; refuses the rest for their reason",
        arguments: AndroidVector.names, [true, false])
    func verdict(file: String, requireVerifiedBoot: Bool) throws {
        let vector = try AndroidVector(file)
        var requiredFlags = ["hardware_backed", "p256_signing_key"]
        if requireVerifiedBoot { requiredFlags.append("verified_boot_locked") }
        let failingFlags = requiredFlags.filter { vector.policy[$0] != true }
        let shouldVerify = vector.expectedResult == "valid" && failingFlags.isEmpty

        switch vector.verify(policy: AndroidKeyPolicy(requireVerifiedBoot: requireVerifiedBoot)) {
        case .success(let key):
            #expect(shouldVerify, "\(file) verified, but it is \(vector.expectedResult) with policy \(vector.policy)")
            let leafKey = try #require(vector.expected["leaf_public_key"] as? [String: Any])
            #expect(key.publicKey.base64EncodedString() == leafKey["spki_der_b64"] as? String)
            #expect(key.attestationVersion == vector.expected["attestation_version"] as? Int)
            #expect(key.securityLevel.description == vector.expected["keymint_security_level"] as? String)
            let application = vector.expected["attestation_application_id"] as? [String: Any]
            let packages = (application?["package_infos"] as? [[String: Any]] ?? []).compactMap { $0["package_name"] as? String }
            #expect(key.packageNames == packages)
        case .failure(let error):
            #expect(!shouldVerify, "\(file) was refused: \(error)")
            if let expectedError = vector.expectedError {
                let code = try #require(Self.codeForExpectedError[expectedError], "no code for \(expectedError)")
                #expect(error.code == code, "\(file) expects \(expectedError), got \(error)")
            } else if !failingFlags.isEmpty {
                let allowed = failingFlags.reduce(into: Set<AttestationError.Code>()) { $0.formUnion(Self.codesForPolicyFlag[$1] ?? []) }
                #expect(allowed.contains(error.code), "\(file) fails \(failingFlags), got \(error)")
            }
        }
    }

    @Test("the counts: 123 vectors verify under the default policy, 126 without verified boot")
    func counts() throws {
        var accepted = [true: 0, false: 0]
        for file in AndroidVector.names {
            let vector = try AndroidVector(file)
            for requireVerifiedBoot in [true, false] {
                if case .success = vector.verify(policy: AndroidKeyPolicy(requireVerifiedBoot: requireVerifiedBoot)) {
                    accepted[requireVerifiedBoot, default: 0] += 1
                }
            }
        }
        #expect(AndroidVector.names.count == 241)
        #expect(accepted[true] == 123)
        #expect(accepted[false] == 126)
    }
}
