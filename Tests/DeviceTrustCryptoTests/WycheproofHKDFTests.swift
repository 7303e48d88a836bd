import DeviceTrustCrypto
import Foundation
import Testing

/// Group fields of `hkdf_test_schema_v1.json`.
private struct HKDFGroup: Decodable {
    /// Size of the input key material in bits.
    let keySize: Int
}

/// Case fields of `hkdf_test_schema_v1.json`.
private struct HKDFInput: Decodable {
    let ikm: HexBytes
    let salt: HexBytes
    let info: HexBytes
    /// Output length in bytes.
    let size: Int
    let okm: HexBytes
}

@Suite("Wycheproof: key derivation")
struct WycheproofHKDFTests {
    @Test("HKDF-SHA256: every Wycheproof vector is decided as specified (output over 255 × 32 bytes throws, never traps)")
    func hkdfSHA256() throws {
        let tally = try Wycheproof.run(
            "hkdf_sha256_test", parameters: HKDFGroup.self, input: HKDFInput.self,
            // HKDF-SHA256 has no acceptable cases in this file.
            acceptable: [:]
        ) { group, testCase in
            let input = testCase.input
            #expect(input.ikm.count * 8 == group.keySize, "tcId \(testCase.tcId): ikm is not \(group.keySize) bits")
            let ikm = SymmetricKey(data: input.ikm.bytes)

            // `tryDeriveKey` (DeviceTrust's non-trapping variant) so that the invalid
            // "SizeTooLarge" vectors can be run: `deriveKey` traps on them, as CryptoKit's does.
            let derived: SymmetricKey
            do {
                derived = try HKDF<SHA256>.tryDeriveKey(
                    inputKeyMaterial: ikm, salt: input.salt.bytes, info: input.info.bytes, outputByteCount: input.size)
            } catch {
                #expect(error as? CryptoKitError == .incorrectParameterSize, "tcId \(testCase.tcId): refused with \(error)")
                #expect(input.size > 255 * 32, "tcId \(testCase.tcId): a \(input.size)-byte output was refused")
                return .rejected
            }
            guard derived == SymmetricKey(data: input.okm.bytes) else {
                throw WycheproofMismatch("derived \(derived.withUnsafeBytes { Wycheproof.hex($0) })")
            }
            // The CryptoKit-shaped trapping entry point gives the same key for every size it accepts.
            let viaDeriveKey = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: ikm, salt: input.salt.bytes, info: input.info.bytes, outputByteCount: input.size)
            #expect(viaDeriveKey == derived, "tcId \(testCase.tcId): deriveKey and tryDeriveKey differ")
            return .accepted
        }
        #expect(tally.invalid == 3, "the three SizeTooLarge vectors")
    }
}
