import DeviceTrustCrypto
import Foundation
import Testing

/// Group fields of `ecdh_test_schema_v1.json`.
private struct ECDHGroup: Decodable {
    let curve: String
    /// `asn`: the public key is a DER SubjectPublicKeyInfo.
    let encoding: String
}

/// Case fields of `ecdh_test_schema_v1.json`.
private struct ECDHInput: Decodable {
    /// DER SubjectPublicKeyInfo of the peer's key.
    let `public`: HexBytes
    /// Our private scalar: a big-endian integer, possibly with a leading 00 (ASN.1 style)
    /// or shorter than 32 bytes.
    let `private`: HexBytes
    /// The expected x-coordinate of the shared point (empty for invalid cases).
    let shared: HexBytes
}

/// The private scalar as CryptoKit's `rawRepresentation` wants it: exactly 32 bytes,
/// big-endian, left-padded with zeros.
private func rawScalar(_ integer: [UInt8]) throws -> [UInt8] {
    let significant = integer.drop { $0 == 0 }
    guard significant.count <= 32 else { throw WycheproofMismatch("private scalar longer than 32 bytes") }
    return [UInt8](repeating: 0, count: 32 - significant.count) + significant
}

@Suite("Wycheproof: ECDH P-256")
struct WycheproofECDHTests {
    @Test("ECDH P-256 with DER public keys: every Wycheproof vector is decided as specified, acceptable encodings included")
    func ecdhP256() throws {
        let tally = try Wycheproof.run(
            "ecdh_secp256r1_test", parameters: ECDHGroup.self, input: ECDHInput.self,
            acceptable: [
                // DECISION: a SubjectPublicKeyInfo carrying a compressed point (02/03 ‖ X) on
                // the named curve is accepted: our DER parser takes the compressed form, as
                // CryptoKit's does, and the shared secret must then be the expected one.
                "CompressedPublic": .accepted,
                "CompressedPoint": .accepted,
                // DECISION: non-canonical ASN.1 (long-form or padded lengths, wrong lengths,
                // indefinite lengths, extra or missing bytes, altered tags...) is rejected:
                // public keys are parsed as strict DER, and anything that only a lenient BER
                // parser would read is refused, even where the point itself is sound.
                "InvalidAsn": .rejected,
                // DECISION: keys with explicit curve parameters instead of the named-curve OID
                // are rejected, whatever the parameters (even unmodified or with only unused
                // fields changed): only id-ecPublicKey with the prime256v1 OID is accepted.
                "UnnamedCurve": .rejected,
            ]
        ) { group, testCase in
            let input = testCase.input
            #expect(group.curve == "secp256r1" && group.encoding == "asn", "tcId \(testCase.tcId): unexpected group")
            let peer = try P256.KeyAgreement.PublicKey(derRepresentation: input.public.bytes)
            let ours = try P256.KeyAgreement.PrivateKey(rawRepresentation: rawScalar(input.private.bytes))
            let shared = try ours.sharedSecretFromKeyAgreement(with: peer)
            let bytes = shared.withUnsafeBytes { Data($0) }
            guard bytes == input.shared.data else {
                throw WycheproofMismatch("shared secret \(Wycheproof.hex(bytes)), expected \(input.shared)")
            }
            return .accepted
        }
        #expect(tally.valid == 330 && tally.invalid == 52 && tally.acceptable == 230)
        // 1 compressed key accepted; 222 InvalidAsn and 7 UnnamedCurve keys rejected.
        #expect(tally.acceptableAccepted == 1 && tally.acceptableRejected == 229)
    }
}
