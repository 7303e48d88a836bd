import Foundation
import Testing
import DeviceTrustCrypto

/// Specification of HMAC (RFC 2104) with the RFC 4231 test vectors.
@Suite("API: HMAC")
struct APIHMACTests {
    /// One RFC 4231 test case: key, data and the three full-length codes.
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: [UInt8]
        let data: [UInt8]
        let sha256: String
        let sha384: String
        let sha512: String
        var testDescription: String { name }
    }

    static let rfc4231: [Vector] = [
        Vector(
            name: "RFC 4231 test case 1 (20-byte key)",
            key: [UInt8](repeating: 0x0b, count: 20), data: Array("Hi There".utf8),
            sha256: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
            sha384: "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6",
            sha512: "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"),
        Vector(
            name: "RFC 4231 test case 2 (key shorter than the output)",
            key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
            sha256: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
            sha384: "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
            sha512: "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
        Vector(
            name: "RFC 4231 test case 3 (50 bytes of 0xdd)",
            key: [UInt8](repeating: 0xaa, count: 20), data: [UInt8](repeating: 0xdd, count: 50),
            sha256: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
            sha384: "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27",
            sha512: "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"),
        Vector(
            name: "RFC 4231 test case 4 (25-byte key 0x01...0x19)",
            key: (1...25).map { UInt8($0) }, data: [UInt8](repeating: 0xcd, count: 50),
            sha256: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
            sha384: "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb",
            sha512: "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"),
        Vector(
            name: "RFC 4231 test case 6 (131-byte key, longer than the block)",
            key: [UInt8](repeating: 0xaa, count: 131), data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            sha256: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
            sha384: "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952",
            sha512: "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"),
        Vector(
            name: "RFC 4231 test case 7 (131-byte key and data longer than the block)",
            key: [UInt8](repeating: 0xaa, count: 131),
            data: Array(
                "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                    .utf8),
            sha256: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
            sha384: "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e",
            sha512: "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"),
    ]

    @Test("HMAC-SHA256 matches RFC 4231", arguments: rfc4231)
    func hmacSHA256(vector: Vector) {
        let key = SymmetricKey(data: vector.key)
        let code = HMAC<SHA256>.authenticationCode(for: vector.data, using: key)
        #expect(apiHex(code) == vector.sha256)
        #expect(code.byteCount == 32)
        #expect(HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: vector.data, using: key))
        #expect(HMAC<SHA256>.isValidAuthenticationCode(apiBytes(hex: vector.sha256), authenticating: vector.data, using: key))
    }

    @Test("HMAC-SHA384 matches RFC 4231", arguments: rfc4231)
    func hmacSHA384(vector: Vector) {
        let key = SymmetricKey(data: vector.key)
        let code = HMAC<SHA384>.authenticationCode(for: vector.data, using: key)
        #expect(apiHex(code) == vector.sha384)
        #expect(code.byteCount == 48)
        #expect(HMAC<SHA384>.isValidAuthenticationCode(Data(apiBytes(hex: vector.sha384)), authenticating: vector.data, using: key))
    }

    @Test("HMAC-SHA512 matches RFC 4231", arguments: rfc4231)
    func hmacSHA512(vector: Vector) {
        let key = SymmetricKey(data: vector.key)
        let code = HMAC<SHA512>.authenticationCode(for: vector.data, using: key)
        #expect(apiHex(code) == vector.sha512)
        #expect(code.byteCount == 64)
        #expect(HMAC<SHA512>.isValidAuthenticationCode(code, authenticating: vector.data, using: key))
    }

    @Test("RFC 4231 test case 5: the first 128 bits of HMAC-SHA256 are the truncated vector")
    func truncatedOutputPrefix() {
        let key = SymmetricKey(data: [UInt8](repeating: 0x0c, count: 20))
        let code = HMAC<SHA256>.authenticationCode(for: Array("Test With Truncation".utf8), using: key)
        #expect(apiHex(code.prefix(16)) == "a3b6167473100ee06e0c796c2955552b")
    }

    @Test("A truncated or extended code is not accepted as valid")
    func truncatedCodeIsInvalid() {
        let key = SymmetricKey(data: [UInt8](repeating: 0x0c, count: 20))
        let data = Array("Test With Truncation".utf8)
        let full = Array(HMAC<SHA256>.authenticationCode(for: data, using: key))
        #expect(HMAC<SHA256>.isValidAuthenticationCode(full, authenticating: data, using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(Array(full.prefix(16)), authenticating: data, using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(Array(full.prefix(31)), authenticating: data, using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(full + [0], authenticating: data, using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode([UInt8](), authenticating: data, using: key))
    }

    @Test("A code with any flipped bit, for other data, or under another key is invalid")
    func wrongCodeIsInvalid() {
        let key = SymmetricKey(data: Array("Jefe".utf8))
        let data = Array("what do ya want for nothing?".utf8)
        let code = Array(HMAC<SHA256>.authenticationCode(for: data, using: key))
        for index in [0, 13, 31] {
            var flipped = code
            flipped[index] ^= 0x80
            #expect(!HMAC<SHA256>.isValidAuthenticationCode(flipped, authenticating: data, using: key), "byte \(index)")
        }
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: data + [0], using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: data, using: SymmetricKey(data: Array("Jeff".utf8))))
        let typed = HMAC<SHA256>.authenticationCode(for: data, using: key)
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(typed, authenticating: Array("other".utf8), using: key))
    }

    @Test("Incremental HMAC gives the one-shot code, whatever the split")
    func incrementalEqualsOneShot() {
        let key = SymmetricKey(data: [UInt8](repeating: 0xaa, count: 131))
        let data = Array(
            "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                .utf8)
        for split in [0, 1, 64, 100, data.count] {
            var hmac = HMAC<SHA384>(key: key)
            hmac.update(data: data[..<split])
            hmac.update(data: data[split...])
            #expect(apiHex(hmac.finalize()) == Self.rfc4231[5].sha384, "split at \(split)")
        }
    }

    @Test("Finalising an HMAC twice gives the same code; a copy continues independently")
    func finalizeTwiceAndCopy() {
        let key = SymmetricKey(data: Array("Jefe".utf8))
        var hmac = HMAC<SHA256>(key: key)
        hmac.update(data: Array("what do ya want ".utf8))
        var copy = hmac
        copy.update(data: Array("for nothing?".utf8))
        #expect(copy.finalize() == copy.finalize())
        #expect(apiHex(copy.finalize()) == Self.rfc4231[1].sha256)
        #expect(hmac.finalize() == HMAC<SHA256>.authenticationCode(for: Array("what do ya want ".utf8), using: key))
    }

    @Test("A key exactly one block long is used as-is; one byte longer is hashed first")
    func blockSizedKeys() {
        // HMAC(K, m) with |K| > block equals HMAC(H(K), m) (RFC 2104 §2).
        let longKey = [UInt8](repeating: 0x5a, count: 65)
        let hashedKey = Array(SHA256.hash(data: longKey))
        let data = Array("message".utf8)
        #expect(
            HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: longKey))
                == HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: hashedKey)))
        // A 64-byte key is not hashed, so it differs from the code under its hash.
        let blockKey = [UInt8](repeating: 0x5a, count: 64)
        #expect(
            HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: blockKey))
                != HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: Array(SHA256.hash(data: blockKey)))))
    }

    @Test("HMAC with an empty key and empty message is well defined")
    func emptyKeyAndMessage() {
        // Python: hmac.new(b"", b"", "sha256").hexdigest()
        let code = HMAC<SHA256>.authenticationCode(for: [UInt8](), using: SymmetricKey(data: [UInt8]()))
        #expect(apiHex(code) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test("An authentication code's description names the hash and shows the code in hex")
    func codeDescription() {
        let code = HMAC<SHA256>.authenticationCode(for: Array("Hi There".utf8), using: SymmetricKey(data: [UInt8](repeating: 0x0b, count: 20)))
        #expect(code.description.contains("SHA256"))
        #expect(code.description.hasSuffix("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
        #expect(code.description == "HMAC with SHA256: b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test("Authentication codes compare by value and are hashable")
    func codeEquality() {
        let key = SymmetricKey(data: Array("Jefe".utf8))
        let a = HMAC<SHA512>.authenticationCode(for: Array("x".utf8), using: key)
        let b = HMAC<SHA512>.authenticationCode(for: Data("x".utf8), using: key)
        let c = HMAC<SHA512>.authenticationCode(for: Array("y".utf8), using: key)
        #expect(a == b)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }

    @Test("Non-contiguous message data is authenticated like its concatenation")
    func multiRegionMessage() {
        let key = SymmetricKey(data: [UInt8](repeating: 0x0b, count: 20))
        let data = apiMultiRegion([Array("Hi ".utf8), Array("There".utf8)])
        #expect(apiHex(HMAC<SHA256>.authenticationCode(for: data, using: key)) == Self.rfc4231[0].sha256)
    }
}
