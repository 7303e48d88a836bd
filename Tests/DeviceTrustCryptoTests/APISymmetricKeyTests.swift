import Foundation
import Testing
import DeviceTrustCrypto

/// Specification of `SymmetricKey`, `SymmetricKeySize` and `CryptoKitError`.
@Suite("API: SymmetricKey and CryptoKitError")
struct APISymmetricKeyTests {
    @Test("SymmetricKey(size:) makes a key of exactly that many bits", arguments: [128, 192, 256, 512, 8])
    func sizedKeyBitCount(bits: Int) {
        let key = SymmetricKey(size: SymmetricKeySize(bitCount: bits))
        #expect(key.bitCount == bits)
        #expect(apiArray(key).count == bits / 8)
    }

    @Test("The named sizes are 128, 192 and 256 bits")
    func namedSizes() {
        #expect(SymmetricKeySize.bits128.bitCount == 128)
        #expect(SymmetricKeySize.bits192.bitCount == 192)
        #expect(SymmetricKeySize.bits256.bitCount == 256)
        #expect(SymmetricKey(size: .bits256).bitCount == 256)
    }

    @Test("Two random keys differ")
    func randomKeysDiffer() {
        let a = SymmetricKey(size: .bits256)
        let b = SymmetricKey(size: .bits256)
        #expect(a != b)
        #expect(apiArray(a) != apiArray(b))
        // A random 256-bit key is not all zeros (probability 2^-256).
        #expect(apiArray(a) != [UInt8](repeating: 0, count: 32))
    }

    @Test("Many random keys are pairwise distinct")
    func manyRandomKeysDistinct() {
        let keys = (0..<64).map { _ in apiHex(contiguous: SymmetricKey(size: .bits128)) }
        #expect(Set(keys).count == keys.count)
    }

    @Test("SymmetricKey(data:) holds exactly the given bytes")
    func keyFromData() {
        let bytes = (0..<32).map { UInt8($0) }
        let fromArray = SymmetricKey(data: bytes)
        let fromData = SymmetricKey(data: Data(bytes))
        #expect(fromArray.bitCount == 256)
        #expect(apiArray(fromArray) == bytes)
        #expect(apiArray(fromData) == bytes)
    }

    @Test("A key copies its input: changing the source buffer later does not change the key")
    func keyCopiesInput() {
        var bytes = [UInt8](repeating: 0x42, count: 16)
        let key = SymmetricKey(data: bytes)
        bytes[0] = 0
        #expect(apiArray(key) == [UInt8](repeating: 0x42, count: 16))
    }

    @Test("An empty key has zero bits")
    func emptyKey() {
        let key = SymmetricKey(data: [UInt8]())
        #expect(key.bitCount == 0)
        #expect(key == SymmetricKey(data: Data()))
    }

    @Test("Keys with the same bytes are equal; any difference in a byte or in length makes them unequal")
    func keyEquality() {
        let bytes = (0..<32).map { UInt8($0) }
        #expect(SymmetricKey(data: bytes) == SymmetricKey(data: Data(bytes)))
        for index in [0, 15, 31] {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(SymmetricKey(data: bytes) != SymmetricKey(data: changed), "byte \(index) differs")
        }
        // A prefix is not equal, even though the common bytes match.
        #expect(SymmetricKey(data: bytes) != SymmetricKey(data: Array(bytes.prefix(16))))
        #expect(SymmetricKey(data: Array(bytes.prefix(16))) != SymmetricKey(data: bytes))
        // Equality is reflexive and holds for copies.
        let key = SymmetricKey(size: .bits256)
        let copy = key
        #expect(key == copy)
    }

    @Test("A key's description shows neither the key bytes in hex nor the raw bytes")
    func descriptionIsRedacted() {
        let key = SymmetricKey(size: .bits256)
        let hex = apiHex(contiguous: key)
        for text in [key.description, "\(key)", String(describing: key), String(reflecting: key)] {
            #expect(!text.isEmpty)
            #expect(!text.lowercased().contains(hex))
            #expect(!text.lowercased().contains(String(hex.prefix(8))))
        }
        #expect(key.description.contains("256"))

        let known = SymmetricKey(data: apiBytes(hex: "000102030405060708090a0b0c0d0e0f"))
        #expect(!known.description.contains("000102030405"))
        #expect(!String(reflecting: known).contains("000102030405"))
    }

    @Test("A key's debug description does not dump its bytes")
    func debugDescriptionIsRedacted() {
        let key = SymmetricKey(data: [UInt8](repeating: 0xAB, count: 32))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.lowercased().contains("abababab"))
        #expect(!dumped.contains("171, 171"))
    }

    // MARK: CryptoKitError

    @Test("Every CryptoKitError has a non-empty, actionable description that names the problem")
    func errorDescriptions() {
        let cases: [(CryptoKitError, [String])] = [
            (.incorrectKeySize, ["key", "16", "32"]),
            (.incorrectParameterSize, ["nonce", "tag", "12", "16"]),
            (.authenticationFailure, ["authentic", "plaintext"]),
            (.underlyingCoreCryptoError(error: 0x1234), ["OpenSSL", "1234"]),
            (.invalidEncoding(reason: "the PEM label is not PRIVATE KEY"), ["invalid encoding", "PEM label"]),
        ]
        for (error, words) in cases {
            let text = error.description
            #expect(!text.isEmpty)
            #expect(text.count > 20, "\(error) description is too short to be actionable: \(text)")
            for word in words {
                #expect(text.lowercased().contains(word.lowercased()), "\(error) description \"\(text)\" should mention \"\(word)\"")
            }
            #expect("\(error)" == text)
        }
    }

    @Test("An OpenSSL error code is shown as unsigned hex, also when its top bit is set")
    func underlyingErrorHex() {
        let text = CryptoKitError.underlyingCoreCryptoError(error: Int32(bitPattern: 0x8000_0001)).description
        #expect(text.contains("80000001"))
        #expect(!text.contains("-"))
    }

    @Test("CryptoKitError cases compare by case and associated value")
    func errorEquality() {
        #expect(CryptoKitError.incorrectKeySize == .incorrectKeySize)
        #expect(CryptoKitError.incorrectKeySize != .incorrectParameterSize)
        #expect(CryptoKitError.underlyingCoreCryptoError(error: 1) != .underlyingCoreCryptoError(error: 2))
        #expect(CryptoKitError.invalidEncoding(reason: "a") == .invalidEncoding(reason: "a"))
        let asError: any Error = CryptoKitError.authenticationFailure
        #expect((asError as? CryptoKitError) == .authenticationFailure)
    }
}
