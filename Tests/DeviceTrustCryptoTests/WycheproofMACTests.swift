import DeviceTrustCrypto
import Foundation
import Testing

/// Group fields of `mac_test_schema_v1.json` (sizes in bits).
private struct MACGroup: Decodable {
    let keySize: Int
    let tagSize: Int
}

/// Case fields of `mac_test_schema_v1.json`.
private struct MACInput: Decodable {
    let key: HexBytes
    let msg: HexBytes
    let tag: HexBytes
}

@Suite("Wycheproof: message authentication")
struct WycheproofMACTests {
    @Test("HMAC-SHA256: every Wycheproof vector is decided as specified (full 256-bit and truncated 128-bit tags)")
    func hmacSHA256() throws {
        let tally = try Wycheproof.run(
            "hmac_sha256_test", parameters: MACGroup.self, input: MACInput.self,
            // HMAC-SHA256 has no acceptable cases in this file.
            acceptable: [:]
        ) { group, testCase in
            let input = testCase.input
            let key = SymmetricKey(data: input.key.bytes)
            #expect(key.bitCount == group.keySize, "tcId \(testCase.tcId): key is \(key.bitCount) bits, group says \(group.keySize)")
            #expect(input.tag.count * 8 == group.tagSize, "tcId \(testCase.tcId): tag is not \(group.tagSize) bits")

            switch group.tagSize {
            case 256:
                // Full-length tags: the API's own constant-time check decides.
                return HMAC<SHA256>.isValidAuthenticationCode(input.tag.bytes, authenticating: input.msg.bytes, using: key)
                    ? .accepted : .rejected
            case 128:
                // Truncated tags: CryptoKit has no truncated-tag API (isValidAuthenticationCode
                // requires the full 32-byte code), so the test compares the first 16 bytes of
                // the computed code itself. The full-length check must refuse the short tag.
                #expect(
                    !HMAC<SHA256>.isValidAuthenticationCode(input.tag.bytes, authenticating: input.msg.bytes, using: key),
                    "tcId \(testCase.tcId): isValidAuthenticationCode accepted a truncated tag")
                let code = HMAC<SHA256>.authenticationCode(for: input.msg.bytes, using: key)
                return Array(code.prefix(input.tag.count)) == input.tag.bytes ? .accepted : .rejected
            default:
                throw WycheproofMismatch("no tag size \(group.tagSize) in HMAC-SHA256")
            }
        }
        #expect(tally.valid == 66 && tally.invalid == 108)
    }
}
