import Foundation
import Testing
import DeviceTrustCrypto

/// Specification of HKDF (RFC 5869).
@Suite("API: HKDF")
struct APIHKDFTests {
    // RFC 5869 appendix A.1 (test case 1).
    static let case1IKM = [UInt8](repeating: 0x0b, count: 22)
    static let case1Salt = (0x00...0x0c).map { UInt8($0) }
    static let case1Info = (0xf0...0xf9).map { UInt8($0) }
    static let case1PRK = "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5"
    static let case1OKM = "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"

    // RFC 5869 appendix A.2 (test case 2, longer inputs and output).
    static let case2IKM = (0x00...0x4f).map { UInt8($0) }
    static let case2Salt = (0x60...0xaf).map { UInt8($0) }
    static let case2Info = (0xb0...0xff).map { UInt8($0) }
    static let case2PRK = "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244"
    static let case2OKM =
        "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"

    // RFC 5869 appendix A.3 (test case 3, empty salt and info).
    static let case3PRK = "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04"
    static let case3OKM = "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"

    @Test("RFC 5869 test case 1: HKDF-SHA256 with salt and info")
    func rfc5869Case1() {
        let okm = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Self.case1IKM), salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 42)
        #expect(okm.bitCount == 42 * 8)
        #expect(apiHex(contiguous: okm) == Self.case1OKM)
    }

    @Test("RFC 5869 test case 1: the extract step gives the PRK and expand gives the OKM")
    func rfc5869Case1ExtractExpand() {
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: SymmetricKey(data: Self.case1IKM), salt: Self.case1Salt)
        #expect(apiHex(prk) == Self.case1PRK)
        let okm = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: Self.case1Info, outputByteCount: 42)
        #expect(apiHex(contiguous: okm) == Self.case1OKM)
    }

    @Test("RFC 5869 test case 2: long inputs and an 82-byte output")
    func rfc5869Case2() {
        let okm = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Self.case2IKM), salt: Self.case2Salt, info: Self.case2Info, outputByteCount: 82)
        #expect(apiHex(contiguous: okm) == Self.case2OKM)
        #expect(apiHex(HKDF<SHA256>.extract(inputKeyMaterial: SymmetricKey(data: Self.case2IKM), salt: Self.case2Salt)) == Self.case2PRK)
    }

    @Test("RFC 5869 test case 3: empty salt and info, through every overload that means that")
    func rfc5869Case3() {
        let ikm = SymmetricKey(data: Self.case1IKM)
        let empty = [UInt8]()
        let full = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: empty, info: empty, outputByteCount: 42)
        #expect(apiHex(contiguous: full) == Self.case3OKM)
        #expect(apiHex(contiguous: HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, outputByteCount: 42)) == Self.case3OKM)
        #expect(apiHex(contiguous: HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: Data(), outputByteCount: 42)) == Self.case3OKM)
        #expect(apiHex(contiguous: HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, info: Data(), outputByteCount: 42)) == Self.case3OKM)
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: empty)
        #expect(apiHex(prk) == Self.case3PRK)
        // A nil salt means the same as an empty one (RFC 5869 §2.2: a string of HashLen zeros).
        let prkNilSalt = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: Optional<[UInt8]>.none)
        #expect(apiHex(prkNilSalt) == Self.case3PRK)
        let prkZeroSalt = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: [UInt8](repeating: 0, count: 32))
        #expect(apiHex(prkZeroSalt) == Self.case3PRK)
    }

    @Test("tryDeriveKey gives the same key as deriveKey for a valid length")
    func tryDeriveKeyMatches() throws {
        let okm = try HKDF<SHA256>.tryDeriveKey(
            inputKeyMaterial: SymmetricKey(data: Self.case1IKM), salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 42)
        #expect(apiHex(contiguous: okm) == Self.case1OKM)
    }

    @Test("A shorter output is a prefix of a longer one")
    func outputIsPrefix() throws {
        let ikm = SymmetricKey(data: Self.case1IKM)
        for length in [1, 16, 31, 32, 33, 41] {
            let okm = try HKDF<SHA256>.tryDeriveKey(inputKeyMaterial: ikm, salt: Self.case1Salt, info: Self.case1Info, outputByteCount: length)
            #expect(apiHex(contiguous: okm) == String(Self.case1OKM.prefix(length * 2)), "length \(length)")
        }
    }

    @Test("The maximum output is 255 hash blocks and can be derived")
    func maximumOutput() throws {
        #expect(HKDF<SHA256>.maximumOutputByteCount == 255 * 32)
        #expect(HKDF<SHA384>.maximumOutputByteCount == 255 * 48)
        #expect(HKDF<SHA512>.maximumOutputByteCount == 255 * 64)
        let okm = try HKDF<SHA256>.tryDeriveKey(
            inputKeyMaterial: SymmetricKey(data: Self.case1IKM), salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 255 * 32)
        #expect(okm.bitCount == 255 * 32 * 8)
        #expect(apiHex(contiguous: okm).hasPrefix(Self.case1OKM))
    }

    @Test("tryDeriveKey throws incorrectParameterSize for 0 bytes and for 255 * 32 + 1 bytes")
    func tryDeriveKeyRejectsBadLengths() {
        let ikm = SymmetricKey(data: Self.case1IKM)
        for length in [0, 255 * 32 + 1, -1, Int.max] {
            #expect(throws: CryptoKitError.incorrectParameterSize, "outputByteCount \(length)") {
                try HKDF<SHA256>.tryDeriveKey(inputKeyMaterial: ikm, salt: Self.case1Salt, info: Self.case1Info, outputByteCount: length)
            }
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try HKDF<SHA512>.tryDeriveKey(inputKeyMaterial: ikm, salt: [UInt8](), info: [UInt8](), outputByteCount: 255 * 64 + 1)
        }
    }

    @Test("deriveKey traps for an output longer than 255 blocks, as CryptoKit does")
    func deriveKeyTrapsWhenTooLong() async {
        await #expect(processExitsWith: .failure) {
            _ = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(size: .bits256), outputByteCount: 255 * 32 + 1)
        }
    }

    @Test("deriveKey traps for a zero-byte output, as CryptoKit does")
    func deriveKeyTrapsWhenZero() async {
        await #expect(processExitsWith: .failure) {
            _ = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(size: .bits256), outputByteCount: 0)
        }
    }

    @Test("Different salt, info or input key material give unrelated keys")
    func inputsMatter() {
        let ikm = SymmetricKey(data: Self.case1IKM)
        let base = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 32)
        // (A salt with a trailing zero byte would be the same HMAC key, by RFC 2104's zero
        // padding, so change a byte instead.)
        var otherSalt = Self.case1Salt
        otherSalt[0] ^= 0x01
        #expect(base != HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: otherSalt, info: Self.case1Info, outputByteCount: 32))
        #expect(base != HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: Self.case1Salt, info: Self.case1Info + [0], outputByteCount: 32))
        #expect(
            base != HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: Self.case2IKM), salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 32)
        )
        #expect(base != HKDF<SHA512>.deriveKey(inputKeyMaterial: ikm, salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 32))
    }

    @Test("HKDF-SHA384 and HKDF-SHA512 agree with an independent implementation")
    func otherHashes() {
        // Values from Python: hmac-based HKDF (RFC 5869) over the case 1 inputs, 42 bytes.
        let ikm = SymmetricKey(data: Self.case1IKM)
        let okm384 = HKDF<SHA384>.deriveKey(inputKeyMaterial: ikm, salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 42)
        let okm512 = HKDF<SHA512>.deriveKey(inputKeyMaterial: ikm, salt: Self.case1Salt, info: Self.case1Info, outputByteCount: 42)
        #expect(apiHex(contiguous: okm384) == Self.case1OKM384)
        #expect(apiHex(contiguous: okm512) == Self.case1OKM512)
    }

    static let case1OKM384 = "9b5097a86038b805309076a44b3a9f38063e25b516dcbf369f394cfab43685f748b6457763e4f0204fc5"
    static let case1OKM512 = "832390086cda71fb47625bb5ceb168e4c8e26a1a16ed34d9fc7fe92c1481579338da362cb8d9f925d7cb"
}
