import Foundation
import Testing
import DeviceTrustCrypto

/// Specification of the AEADs: AES-GCM and ChaCha20-Poly1305, as CryptoKit exposes them.
@Suite("API: AES-GCM and ChaChaPoly")
struct APIAEADTests {
    static let message = Data("The quick brown fox jumps over the lazy dog".utf8)
    static let aad = Data("header v1".utf8)

    // MARK: - Known answers

    @Test("ChaChaPoly matches the RFC 8439 §2.8.2 AEAD example")
    func chaChaPolyRFC8439() throws {
        let key = SymmetricKey(data: (0x80...0x9f).map { UInt8($0) })
        let nonce = try ChaChaPoly.Nonce(data: apiBytes(hex: "07000000 4041424344454647"))
        let aad = apiBytes(hex: "50515253c0c1c2c3c4c5c6c7")
        let plaintext = Data("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.".utf8)
        let expectedCiphertext = """
            d31a8d34648e60db7b86afbc53ef7ec2 a4aded51296e08fea9e2b5a736ee62d6
            3dbea45e8ca9671282fafb69da92728b 1a71de0a9e060b2905d6a5b67ecd3b36
            92ddbd7f2d778b8c9803aee328091b58 fab324e4fad675945585808b4831d7bc
            3ff4def08e4b7a9de576d26586cec64b 6116
            """
        let expectedTag = "1ae10b594f09e26a7e902ecbd0600691"

        let box = try ChaChaPoly.seal(plaintext, using: key, nonce: nonce, authenticating: aad)
        #expect(box.ciphertext == apiData(hex: expectedCiphertext))
        #expect(apiHex(box.tag) == expectedTag)
        #expect(box.combined == apiData(hex: "070000004041424344454647" + expectedCiphertext + expectedTag))

        // And the RFC's sealed box opens to the RFC's plaintext.
        let received = try ChaChaPoly.SealedBox(nonce: nonce, ciphertext: apiData(hex: expectedCiphertext), tag: apiData(hex: expectedTag))
        #expect(try ChaChaPoly.open(received, using: key, authenticating: aad) == plaintext)
    }

    @Test("AES-128-GCM matches the GCM specification's test cases 1 and 2 (zero key and nonce)")
    func aesGCMSpecVectors() throws {
        let key = SymmetricKey(data: [UInt8](repeating: 0, count: 16))
        let nonce = try AES.GCM.Nonce(data: [UInt8](repeating: 0, count: 12))
        // Test case 1: empty plaintext.
        let empty = try AES.GCM.seal(Data(), using: key, nonce: nonce)
        #expect(empty.ciphertext.isEmpty)
        #expect(apiHex(empty.tag) == "58e2fccefa7e3061367f1d57a4e7455a")
        // Test case 2: one zero block.
        let block = try AES.GCM.seal(Data(count: 16), using: key, nonce: nonce)
        #expect(apiHex(block.ciphertext) == "0388dace60b6a392f328c2b971b2fe78")
        #expect(apiHex(block.tag) == "ab6e47d42cec13bdf53a67b21257bddf")
        #expect(try AES.GCM.open(block, using: key) == Data(count: 16))
    }

    @Test("AES-256-GCM matches the GCM specification's test case 14 (zero key and nonce)")
    func aes256GCMSpecVector() throws {
        let key = SymmetricKey(data: [UInt8](repeating: 0, count: 32))
        let nonce = try AES.GCM.Nonce(data: [UInt8](repeating: 0, count: 12))
        let box = try AES.GCM.seal(Data(count: 16), using: key, nonce: nonce)
        #expect(apiHex(box.ciphertext) == "cea7403d4d606b6e074ec5d3baf39d18")
        #expect(apiHex(box.tag) == "d0d1c8a799996bf0265b98b5d48ab919")
    }

    // MARK: - Round trips

    @Test("AES-GCM round-trips with 128-, 192- and 256-bit keys", arguments: [128, 192, 256])
    func aesGCMRoundTrip(bits: Int) throws {
        let key = SymmetricKey(size: SymmetricKeySize(bitCount: bits))
        let box = try AES.GCM.seal(Self.message, using: key, authenticating: Self.aad)
        #expect(box.ciphertext.count == Self.message.count)
        #expect(box.ciphertext != Self.message)
        #expect(box.tag.count == 16)
        #expect(Array(box.nonce).count == 12)
        #expect(try AES.GCM.open(box, using: key, authenticating: Self.aad) == Self.message)
        let reparsed = try AES.GCM.SealedBox(combined: try #require(box.combined))
        #expect(try AES.GCM.open(reparsed, using: key, authenticating: Self.aad) == Self.message)
    }

    @Test("ChaChaPoly round-trips")
    func chaChaPolyRoundTrip() throws {
        let key = SymmetricKey(size: .bits256)
        let box = try ChaChaPoly.seal(Self.message, using: key, authenticating: Self.aad)
        #expect(box.ciphertext.count == Self.message.count)
        #expect(box.ciphertext != Self.message)
        #expect(box.tag.count == 16)
        #expect(try ChaChaPoly.open(box, using: key, authenticating: Self.aad) == Self.message)
        let reparsed = try ChaChaPoly.SealedBox(combined: box.combined)
        #expect(try ChaChaPoly.open(reparsed, using: key, authenticating: Self.aad) == Self.message)
    }

    @Test("Sealing without authenticated data is the same as sealing with empty authenticated data")
    func noAADEqualsEmptyAAD() throws {
        let key = SymmetricKey(size: .bits256)
        let gcmNonce = AES.GCM.Nonce()
        let a = try AES.GCM.seal(Self.message, using: key, nonce: gcmNonce)
        let b = try AES.GCM.seal(Self.message, using: key, nonce: gcmNonce, authenticating: Data())
        #expect(a.combined == b.combined)
        #expect(try AES.GCM.open(a, using: key, authenticating: [UInt8]()) == Self.message)
        #expect(try AES.GCM.open(b, using: key) == Self.message)

        let chachaNonce = ChaChaPoly.Nonce()
        let c = try ChaChaPoly.seal(Self.message, using: key, nonce: chachaNonce)
        let d = try ChaChaPoly.seal(Self.message, using: key, nonce: chachaNonce, authenticating: Data())
        #expect(c.combined == d.combined)
        #expect(try ChaChaPoly.open(c, using: key, authenticating: [UInt8]()) == Self.message)
    }

    @Test("Empty messages seal to a tag alone and open to an empty message")
    func emptyMessage() throws {
        let key = SymmetricKey(size: .bits256)
        let gcm = try AES.GCM.seal(Data(), using: key, authenticating: Self.aad)
        #expect(gcm.ciphertext.isEmpty)
        #expect(gcm.combined?.count == 28)
        #expect(try AES.GCM.open(gcm, using: key, authenticating: Self.aad).isEmpty)
        let chacha = try ChaChaPoly.seal([UInt8](), using: key, authenticating: Self.aad)
        #expect(chacha.combined.count == 28)
        #expect(try ChaChaPoly.open(try ChaChaPoly.SealedBox(combined: chacha.combined), using: key, authenticating: Self.aad).isEmpty)
    }

    @Test("Large messages (several MiB) round-trip")
    func largeMessage() throws {
        let key = SymmetricKey(size: .bits256)
        let big = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        #expect(try AES.GCM.open(try AES.GCM.seal(big, using: key), using: key) == big)
        #expect(try ChaChaPoly.open(try ChaChaPoly.seal(big, using: key), using: key) == big)
    }

    @Test("Non-contiguous plaintext and authenticated data seal like their concatenations")
    func multiRegionInputs() throws {
        let key = SymmetricKey(size: .bits256)
        let plaintext = apiMultiRegion([Array("The quick brown fox ".utf8), Array("jumps over the lazy dog".utf8)])
        let aad = apiMultiRegion([Array("header ".utf8), Array("v1".utf8)])
        let nonce = AES.GCM.Nonce()
        let split = try AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: aad)
        let whole = try AES.GCM.seal(Self.message, using: key, nonce: nonce, authenticating: Self.aad)
        #expect(split.combined == whole.combined)
        #expect(try AES.GCM.open(split, using: key, authenticating: aad) == Self.message)

        let chachaNonce = ChaChaPoly.Nonce()
        let chachaSplit = try ChaChaPoly.seal(plaintext, using: key, nonce: chachaNonce, authenticating: aad)
        let chachaWhole = try ChaChaPoly.seal(Self.message, using: key, nonce: chachaNonce, authenticating: Self.aad)
        #expect(chachaSplit.combined == chachaWhole.combined)
    }

    @Test("Random nonces are 12 bytes and differ each time")
    func randomNonces() throws {
        let key = SymmetricKey(size: .bits256)
        let a = try AES.GCM.seal(Self.message, using: key)
        let b = try AES.GCM.seal(Self.message, using: key)
        #expect(Array(a.nonce) != Array(b.nonce))
        #expect(a.ciphertext != b.ciphertext)
        #expect(Array(AES.GCM.Nonce()).count == 12)
        #expect(Array(ChaChaPoly.Nonce()).count == 12)
        #expect(Array(ChaChaPoly.Nonce()) != Array(ChaChaPoly.Nonce()))
        let c = try ChaChaPoly.seal(Self.message, using: key)
        let d = try ChaChaPoly.seal(Self.message, using: key)
        #expect(Array(c.nonce) != Array(d.nonce))
    }

    @Test("A nonce keeps the bytes it was made from")
    func nonceBytes() throws {
        let bytes = (1...12).map { UInt8($0) }
        #expect(Array(try AES.GCM.Nonce(data: bytes)) == bytes)
        #expect(apiArray(try AES.GCM.Nonce(data: bytes)) == bytes)
        #expect(Array(try ChaChaPoly.Nonce(data: Data(bytes))) == bytes)
        #expect(apiArray(try ChaChaPoly.Nonce(data: bytes)) == bytes)
    }

    // MARK: - Combined layout

    @Test("An AES-GCM sealed box's combined form is nonce, ciphertext, then tag")
    func aesGCMCombinedLayout() throws {
        let key = SymmetricKey(size: .bits128)
        let nonceBytes = (0..<12).map { UInt8(0xA0 + $0) }
        let box = try AES.GCM.seal(Self.message, using: key, nonce: try AES.GCM.Nonce(data: nonceBytes), authenticating: Self.aad)
        let combined = [UInt8](try #require(box.combined))
        #expect(combined.count == 12 + Self.message.count + 16)
        #expect(Array(combined[0..<12]) == nonceBytes)
        #expect(Array(combined[12..<(12 + Self.message.count)]) == [UInt8](box.ciphertext))
        #expect(Array(combined[(12 + Self.message.count)...]) == [UInt8](box.tag))

        let parsed = try AES.GCM.SealedBox(combined: combined)
        #expect(Array(parsed.nonce) == nonceBytes)
        #expect(parsed.ciphertext == box.ciphertext)
        #expect(parsed.tag == box.tag)
    }

    @Test("A ChaChaPoly sealed box's combined form is nonce, ciphertext, then tag")
    func chaChaPolyCombinedLayout() throws {
        let key = SymmetricKey(size: .bits256)
        let nonceBytes = (0..<12).map { UInt8(0xB0 + $0) }
        let box = try ChaChaPoly.seal(Self.message, using: key, nonce: try ChaChaPoly.Nonce(data: nonceBytes), authenticating: Self.aad)
        let combined = [UInt8](box.combined)
        #expect(combined.count == 12 + Self.message.count + 16)
        #expect(Array(combined[0..<12]) == nonceBytes)
        #expect(Array(combined[12..<(12 + Self.message.count)]) == [UInt8](box.ciphertext))
        #expect(Array(combined[(12 + Self.message.count)...]) == [UInt8](box.tag))

        let parsed = try ChaChaPoly.SealedBox(combined: Data(combined))
        #expect(Array(parsed.nonce) == nonceBytes)
        #expect(parsed.ciphertext == box.ciphertext)
        #expect(parsed.tag == box.tag)
    }

    @Test("A combined form parses correctly from a Data slice that does not start at index 0")
    func combinedFromSlice() throws {
        let key = SymmetricKey(size: .bits256)
        let box = try ChaChaPoly.seal(Self.message, using: key)
        let padded = Data([0xFF, 0xFF, 0xFF]) + box.combined
        let slice = padded[3...]
        #expect(slice.startIndex == 3)
        #expect(try ChaChaPoly.open(try ChaChaPoly.SealedBox(combined: slice), using: key) == Self.message)
        let gcm = try AES.GCM.seal(Self.message, using: key)
        let gcmPadded = Data([0xEE]) + (try #require(gcm.combined))
        #expect(try AES.GCM.open(try AES.GCM.SealedBox(combined: gcmPadded[1...]), using: key) == Self.message)
    }

    @Test("An AES-GCM box with a nonce other than 12 bytes has no combined form, but opens")
    func aesGCMLongNonceHasNoCombined() throws {
        let key = SymmetricKey(size: .bits256)
        let nonce = try AES.GCM.Nonce(data: [UInt8](repeating: 0x11, count: 16))
        let box = try AES.GCM.seal(Self.message, using: key, nonce: nonce, authenticating: Self.aad)
        #expect(box.combined == nil)
        #expect(try AES.GCM.open(box, using: key, authenticating: Self.aad) == Self.message)
        let rebuilt = try AES.GCM.SealedBox(nonce: nonce, ciphertext: box.ciphertext, tag: box.tag)
        #expect(try AES.GCM.open(rebuilt, using: key, authenticating: Self.aad) == Self.message)
    }

    @Test("AES-GCM with a 16-byte nonce (GHASH-derived counter) matches an independent implementation")
    func aesGCMNon96BitNonceKnownAnswer() throws {
        // Independent value (Python `cryptography`): AES-128-GCM, key 00..0f, nonce 16 x 0x11,
        // plaintext = the 43-byte fox sentence, aad "header v1".
        let key = SymmetricKey(data: (0..<16).map { UInt8($0) })
        let nonce = try AES.GCM.Nonce(data: [UInt8](repeating: 0x11, count: 16))
        let box = try AES.GCM.seal(Self.message, using: key, nonce: nonce, authenticating: Self.aad)
        #expect(apiHex(box.ciphertext) + apiHex(box.tag) == Self.longNonceExpected)
    }

    static let longNonceExpected = "26221bc9b63c3fad278df59188775e77b722615d70db98f3763ad5e8cce009fa720dcc99a28defa8642d72403a48380a3c8b03b9665251c811f7a4"

    // MARK: - Tampering

    @Test("AES-GCM rejects a tampered ciphertext, tag, nonce or authenticated data with authenticationFailure")
    func aesGCMTampering() throws {
        let key = SymmetricKey(size: .bits256)
        let box = try AES.GCM.seal(Self.message, using: key, authenticating: Self.aad)
        let combined = [UInt8](try #require(box.combined))
        // Flip one bit in every byte position in turn: nonce, ciphertext and tag.
        for index in combined.indices {
            var tampered = combined
            tampered[index] ^= 0x01
            #expect(throws: CryptoKitError.authenticationFailure, "byte \(index) flipped") {
                try AES.GCM.open(try AES.GCM.SealedBox(combined: tampered), using: key, authenticating: Self.aad)
            }
        }
        #expect(throws: CryptoKitError.authenticationFailure) {
            try AES.GCM.open(box, using: key, authenticating: Data("header v2".utf8))
        }
        #expect(throws: CryptoKitError.authenticationFailure) {
            try AES.GCM.open(box, using: key)
        }
        #expect(throws: CryptoKitError.authenticationFailure) {
            try AES.GCM.open(box, using: SymmetricKey(size: .bits256), authenticating: Self.aad)
        }
        // Truncating the ciphertext also fails.
        let shortened = try AES.GCM.SealedBox(nonce: box.nonce, ciphertext: box.ciphertext.dropLast(), tag: box.tag)
        #expect(throws: CryptoKitError.authenticationFailure) {
            try AES.GCM.open(shortened, using: key, authenticating: Self.aad)
        }
    }

    @Test("ChaChaPoly rejects a tampered ciphertext, tag, nonce or authenticated data with authenticationFailure")
    func chaChaPolyTampering() throws {
        let key = SymmetricKey(size: .bits256)
        let box = try ChaChaPoly.seal(Self.message, using: key, authenticating: Self.aad)
        let combined = [UInt8](box.combined)
        for index in combined.indices {
            var tampered = combined
            tampered[index] ^= 0x80
            #expect(throws: CryptoKitError.authenticationFailure, "byte \(index) flipped") {
                try ChaChaPoly.open(try ChaChaPoly.SealedBox(combined: tampered), using: key, authenticating: Self.aad)
            }
        }
        #expect(throws: CryptoKitError.authenticationFailure) {
            try ChaChaPoly.open(box, using: key, authenticating: Data("header v2".utf8))
        }
        #expect(throws: CryptoKitError.authenticationFailure) {
            try ChaChaPoly.open(box, using: key)
        }
        #expect(throws: CryptoKitError.authenticationFailure) {
            try ChaChaPoly.open(box, using: SymmetricKey(size: .bits256), authenticating: Self.aad)
        }
        let extended = try ChaChaPoly.SealedBox(nonce: box.nonce, ciphertext: box.ciphertext + [0], tag: box.tag)
        #expect(throws: CryptoKitError.authenticationFailure) {
            try ChaChaPoly.open(extended, using: key, authenticating: Self.aad)
        }
    }

    @Test("A box sealed by one AEAD does not open with the other")
    func crossAlgorithm() throws {
        let key = SymmetricKey(size: .bits256)
        let chacha = try ChaChaPoly.seal(Self.message, using: key)
        #expect(throws: CryptoKitError.authenticationFailure) {
            try AES.GCM.open(try AES.GCM.SealedBox(combined: chacha.combined), using: key)
        }
    }

    // MARK: - Size errors

    @Test("AES-GCM rejects keys that are not 128, 192 or 256 bits with incorrectKeySize", arguments: [0, 1, 15, 17, 20, 31, 33, 64])
    func aesGCMWrongKeySize(byteCount: Int) throws {
        let key = SymmetricKey(data: [UInt8](repeating: 0x01, count: byteCount))
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try AES.GCM.seal(Self.message, using: key)
        }
        let box = try AES.GCM.seal(Self.message, using: SymmetricKey(size: .bits256))
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try AES.GCM.open(box, using: key)
        }
    }

    @Test("ChaChaPoly rejects keys that are not 256 bits with incorrectKeySize", arguments: [0, 16, 24, 31, 33, 64])
    func chaChaPolyWrongKeySize(byteCount: Int) throws {
        let key = SymmetricKey(data: [UInt8](repeating: 0x01, count: byteCount))
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try ChaChaPoly.seal(Self.message, using: key)
        }
        let box = try ChaChaPoly.seal(Self.message, using: SymmetricKey(size: .bits256))
        #expect(throws: CryptoKitError.incorrectKeySize) {
            try ChaChaPoly.open(box, using: key)
        }
    }

    @Test("An AES-GCM nonce shorter than 12 bytes is rejected with incorrectParameterSize", arguments: [0, 1, 8, 11])
    func aesGCMShortNonce(byteCount: Int) {
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try AES.GCM.Nonce(data: [UInt8](repeating: 0, count: byteCount))
        }
    }

    @Test("AES-GCM accepts nonces of 12 bytes and longer", arguments: [12, 13, 16, 32, 64])
    func aesGCMLongerNonces(byteCount: Int) throws {
        let key = SymmetricKey(size: .bits128)
        let nonce = try AES.GCM.Nonce(data: [UInt8](repeating: 0x5a, count: byteCount))
        let box = try AES.GCM.seal(Self.message, using: key, nonce: nonce)
        #expect(try AES.GCM.open(box, using: key) == Self.message)
        #expect((box.combined != nil) == (byteCount == 12))
    }

    @Test("AES-GCM nonces are accepted up to 128 bytes (OpenSSL's limit) and rejected beyond with incorrectParameterSize")
    func aesGCMNonceUpperBound() throws {
        let key = SymmetricKey(size: .bits256)
        let longest = try AES.GCM.Nonce(data: [UInt8](repeating: 0x77, count: 128))
        let box = try AES.GCM.seal(Self.message, using: key, nonce: longest)
        #expect(try AES.GCM.open(box, using: key) == Self.message)
        for byteCount in [129, 256, 4096] {
            #expect(throws: CryptoKitError.incorrectParameterSize, "\(byteCount) bytes") {
                try AES.GCM.Nonce(data: [UInt8](repeating: 0x77, count: byteCount))
            }
        }
    }

    @Test("A ChaChaPoly nonce that is not exactly 12 bytes is rejected with incorrectParameterSize", arguments: [0, 8, 11, 13, 16, 24])
    func chaChaPolyBadNonce(byteCount: Int) {
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try ChaChaPoly.Nonce(data: [UInt8](repeating: 0, count: byteCount))
        }
    }

    @Test("A sealed box with a tag that is not 16 bytes is rejected with incorrectParameterSize", arguments: [0, 12, 15, 17, 32])
    func badTagLength(byteCount: Int) throws {
        let tag = [UInt8](repeating: 0, count: byteCount)
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(), ciphertext: Self.message, tag: tag)
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try ChaChaPoly.SealedBox(nonce: ChaChaPoly.Nonce(), ciphertext: Self.message, tag: tag)
        }
    }

    @Test("A combined form shorter than 28 bytes (nonce + tag) is rejected", arguments: [0, 1, 12, 16, 27])
    func combinedTooShort(byteCount: Int) {
        let bytes = [UInt8](repeating: 0x33, count: byteCount)
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try AES.GCM.SealedBox(combined: bytes)
        }
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try ChaChaPoly.SealedBox(combined: Data(bytes))
        }
    }

    @Test("A combined form of exactly 28 bytes parses as an empty ciphertext")
    func combinedMinimum() throws {
        let bytes = (0..<28).map { UInt8($0) }
        let gcm = try AES.GCM.SealedBox(combined: bytes)
        #expect(gcm.ciphertext.isEmpty)
        #expect(Array(gcm.nonce) == Array(bytes[0..<12]))
        #expect([UInt8](gcm.tag) == Array(bytes[12...]))
        let chacha = try ChaChaPoly.SealedBox(combined: bytes)
        #expect(chacha.ciphertext.isEmpty)
        #expect([UInt8](chacha.tag) == Array(bytes[12...]))
        #expect(throws: CryptoKitError.authenticationFailure) {
            try ChaChaPoly.open(chacha, using: SymmetricKey(size: .bits256))
        }
    }

    @Test("A failed open releases no plaintext: the error is thrown and nothing is returned")
    func failedOpenReleasesNothing() throws {
        let key = SymmetricKey(size: .bits256)
        let box = try AES.GCM.seal(Self.message, using: key)
        var tag = [UInt8](box.tag)
        tag[0] ^= 1
        let tampered = try AES.GCM.SealedBox(nonce: box.nonce, ciphertext: box.ciphertext, tag: tag)
        let result = Result { try AES.GCM.open(tampered, using: key) }
        #expect(throws: CryptoKitError.authenticationFailure) { try result.get() }
    }
}
