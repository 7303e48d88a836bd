import DeviceTrustCrypto
import Foundation
import Testing

/// The public key of an ECDSA group, as the file also gives it uncompressed.
private struct ECPublicKey: Decodable {
    let curve: String
    let uncompressed: HexBytes
}

/// Group fields of `ecdsa_verify_schema_v1.json` and `ecdsa_p1363_verify_schema_v1.json`.
private struct ECDSAGroup: Decodable {
    let publicKey: ECPublicKey
    /// SubjectPublicKeyInfo (named curve prime256v1).
    let publicKeyDer: HexBytes
    let sha: String
}

/// Case fields shared by both ECDSA schemas; `sig` is DER or r ‖ s depending on the file.
private struct ECDSAInput: Decodable {
    let msg: HexBytes
    let sig: HexBytes
}

/// Parses the group's key from its DER SubjectPublicKeyInfo and checks it against the
/// uncompressed point the file also gives, so a verification result is never about the
/// wrong key.
private func verifyingKey(_ group: ECDSAGroup, tcId: Int) throws -> P256.Signing.PublicKey {
    #expect(group.publicKey.curve == "secp256r1" && group.sha == "SHA-256", "tcId \(tcId): not a P-256/SHA-256 group")
    let key = try P256.Signing.PublicKey(derRepresentation: group.publicKeyDer.bytes)
    #expect(key.x963Representation == group.publicKey.uncompressed.data, "tcId \(tcId): DER key parsed to another point")
    return key
}

@Suite("Wycheproof: ECDSA P-256 with SHA-256")
struct WycheproofECDSATests {
    @Test("ECDSA P-256/SHA-256, DER signatures: every Wycheproof vector is decided as specified (non-strict DER refused at parsing)")
    func ecdsaDER() throws {
        let tally = try Wycheproof.run(
            "ecdsa_secp256r1_sha256_test", parameters: ECDSAGroup.self, input: ECDSAInput.self,
            // No acceptable cases in this file (BER-encoded signatures are `invalid`).
            acceptable: [:]
        ) { group, testCase in
            let key = try verifyingKey(group, tcId: testCase.tcId)
            // A signature that does not parse as strict DER is a rejection (the error is
            // thrown out of the closure); one that parses must then verify over msg.
            let signature = try P256.Signing.ECDSASignature(derRepresentation: testCase.input.sig.bytes)
            return key.isValidSignature(signature, for: testCase.input.msg.bytes) ? .accepted : .rejected
        }
        #expect(tally.valid == 174 && tally.invalid == 310)
    }

    @Test("ECDSA P-256/SHA-256, IEEE P1363 (r ‖ s) signatures: every Wycheproof vector is decided as specified")
    func ecdsaP1363() throws {
        let tally = try Wycheproof.run(
            "ecdsa_secp256r1_sha256_p1363_test", parameters: ECDSAGroup.self, input: ECDSAInput.self,
            // No acceptable cases in this file.
            acceptable: [:]
        ) { group, testCase in
            let key = try verifyingKey(group, tcId: testCase.tcId)
            // rawRepresentation takes exactly 64 bytes; any other size is a rejection.
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: testCase.input.sig.bytes)
            return key.isValidSignature(signature, for: testCase.input.msg.bytes) ? .accepted : .rejected
        }
        #expect(tally.valid == 173 && tally.invalid == 89)
    }
}
