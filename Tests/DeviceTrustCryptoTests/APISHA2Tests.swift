import Foundation
import Testing
import DeviceTrustCrypto

/// Specification of the SHA-2 hash functions (FIPS 180-4), as CryptoKit exposes them.
@Suite("API: SHA-2 hash functions")
struct APISHA2Tests {
    // FIPS 180-4 / NIST CSRC example values.
    static let abc = Array("abc".utf8)
    static let twoBlock = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)

    // MARK: Known answers

    @Test("SHA-256 of \"abc\" is the FIPS 180-4 value")
    func sha256ABC() {
        #expect(apiHex(SHA256.hash(data: Self.abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("SHA-256 of the empty message is the FIPS 180-4 value")
    func sha256Empty() {
        #expect(apiHex(SHA256.hash(data: [UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(apiHex(SHA256.hash(data: Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("SHA-256 of the two-block 448-bit message is the FIPS 180-4 value")
    func sha256TwoBlocks() {
        #expect(apiHex(SHA256.hash(data: Self.twoBlock)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("SHA-256 of one million 'a' is the FIPS 180-4 value")
    func sha256MillionA() {
        #expect(apiHex(SHA256.hash(data: Data(repeating: 0x61, count: 1_000_000))) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("SHA-384 of \"abc\" is the FIPS 180-4 value")
    func sha384ABC() {
        #expect(apiHex(SHA384.hash(data: Self.abc)) == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
    }

    @Test("SHA-384 of the empty message is the FIPS 180-4 value")
    func sha384Empty() {
        #expect(apiHex(SHA384.hash(data: Data())) == "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b")
    }

    @Test("SHA-512 of \"abc\" is the FIPS 180-4 value")
    func sha512ABC() {
        #expect(
            apiHex(SHA512.hash(data: Self.abc))
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    }

    @Test("SHA-512 of the empty message is the FIPS 180-4 value")
    func sha512Empty() {
        #expect(
            apiHex(SHA512.hash(data: Data()))
                == "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e")
    }

    // MARK: Sizes

    @Test("Digest and block sizes are those of FIPS 180-4")
    func sizes() {
        #expect(SHA256.byteCount == 32 && SHA256Digest.byteCount == 32 && SHA256.blockByteCount == 64)
        #expect(SHA384.byteCount == 48 && SHA384Digest.byteCount == 48 && SHA384.blockByteCount == 128)
        #expect(SHA512.byteCount == 64 && SHA512Digest.byteCount == 64 && SHA512.blockByteCount == 128)
        #expect(Array(SHA256.hash(data: Self.abc)).count == 32)
        #expect(Array(SHA384.hash(data: Self.abc)).count == 48)
        #expect(Array(SHA512.hash(data: Self.abc)).count == 64)
        #expect(apiArray(SHA512.hash(data: Self.abc)).count == 64)
    }

    // MARK: Incremental hashing

    @Test("Hashing incrementally in pieces of any size gives the one-shot digest")
    func incrementalEqualsOneShot() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for pieceSize in [1, 3, 63, 64, 65, 127, 128, 129, 999, 1000] {
            var h256 = SHA256(), h384 = SHA384(), h512 = SHA512()
            var start = 0
            while start < message.count {
                let piece = message[start..<min(start + pieceSize, message.count)]
                h256.update(data: piece)
                h384.update(data: piece)
                h512.update(data: piece)
                start += pieceSize
            }
            #expect(h256.finalize() == SHA256.hash(data: message), "piece size \(pieceSize)")
            #expect(h384.finalize() == SHA384.hash(data: message), "piece size \(pieceSize)")
            #expect(h512.finalize() == SHA512.hash(data: message), "piece size \(pieceSize)")
        }
    }

    @Test("update(bufferPointer:) and update(data:) feed the same bytes")
    func updateBufferPointer() {
        var viaPointer = SHA256()
        Self.abc.withUnsafeBytes { viaPointer.update(bufferPointer: $0) }
        var viaData = SHA256()
        viaData.update(data: Data(Self.abc))
        #expect(viaPointer.finalize() == viaData.finalize())
        #expect(apiHex(viaPointer.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("Non-contiguous input (multi-region DispatchData) hashes like its concatenation")
    func multiRegionInput() {
        let parts: [[UInt8]] = [Array("ab".utf8), Array("c".utf8)]
        let dispatchData = apiMultiRegion(parts)
        #expect(dispatchData.regions.count == 2)
        #expect(apiHex(SHA256.hash(data: dispatchData)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var incremental = SHA512()
        incremental.update(data: dispatchData)
        #expect(incremental.finalize() == SHA512.hash(data: Self.abc))
    }

    @Test("A fresh hash state finalises to the digest of the empty message")
    func freshStateIsEmptyDigest() {
        #expect(SHA256().finalize() == SHA256.hash(data: Data()))
        #expect(SHA384().finalize() == SHA384.hash(data: Data()))
        #expect(SHA512().finalize() == SHA512.hash(data: Data()))
    }

    @Test("A copied hash state continues independently of the original (value semantics)")
    func copiedStateIsIndependent() {
        var original = SHA256()
        original.update(data: Array("ab".utf8))
        var copy = original
        copy.update(data: Array("c".utf8))
        // The original has still seen only "ab".
        #expect(original.finalize() == SHA256.hash(data: Array("ab".utf8)))
        #expect(copy.finalize() == SHA256.hash(data: Self.abc))
        // Updating the original afterwards does not affect the copy either.
        original.update(data: Array("X".utf8))
        #expect(original.finalize() == SHA256.hash(data: Array("abX".utf8)))
        #expect(copy.finalize() == SHA256.hash(data: Self.abc))
    }

    @Test("Copies of SHA-384 and SHA-512 states are independent too")
    func copiedStateIsIndependentForSHA384AndSHA512() {
        var a384 = SHA384()
        a384.update(data: Array("a".utf8))
        var b384 = a384
        b384.update(data: Array("bc".utf8))
        a384.update(data: Array("zz".utf8))
        #expect(b384.finalize() == SHA384.hash(data: Self.abc))
        #expect(a384.finalize() == SHA384.hash(data: Array("azz".utf8)))

        var a512 = SHA512()
        a512.update(data: Array("a".utf8))
        var b512 = a512
        b512.update(data: Array("bc".utf8))
        a512.update(data: Array("zz".utf8))
        #expect(b512.finalize() == SHA512.hash(data: Self.abc))
        #expect(a512.finalize() == SHA512.hash(data: Array("azz".utf8)))
    }

    @Test("Finalising twice gives the same digest, and the state stays usable afterwards")
    func finalizeTwice() {
        var hasher = SHA256()
        hasher.update(data: Array("ab".utf8))
        let first = hasher.finalize()
        let second = hasher.finalize()
        #expect(first == second)
        #expect(first == SHA256.hash(data: Array("ab".utf8)))
        hasher.update(data: Array("c".utf8))
        #expect(hasher.finalize() == SHA256.hash(data: Self.abc))

        var h512 = SHA512()
        h512.update(data: Self.abc)
        #expect(h512.finalize() == h512.finalize())
    }

    // MARK: Digest values

    @Test("A digest's description is the algorithm name and lowercase hex, as in CryptoKit")
    func digestDescription() {
        #expect(SHA256.hash(data: Self.abc).description == "SHA256 digest: ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA384.hash(data: Data()).description
                == "SHA384 digest: 38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b")
        #expect(
            SHA512.hash(data: Data()).description
                == "SHA512 digest: cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        )
        #expect("\(SHA256.hash(data: Data()))" == "SHA256 digest: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("Digests compare by value: equal for equal input, unequal when any byte differs")
    func digestEquality() {
        #expect(SHA256.hash(data: Self.abc) == SHA256.hash(data: Data(Self.abc)))
        #expect(SHA256.hash(data: Self.abc) != SHA256.hash(data: Array("abd".utf8)))
        #expect(SHA512.hash(data: Self.abc) != SHA512.hash(data: Data()))
    }

    @Test("Equal digests hash equally, so they work as dictionary keys and in sets")
    func digestHashable() {
        let set: Set<SHA256Digest> = [SHA256.hash(data: Self.abc), SHA256.hash(data: Data(Self.abc)), SHA256.hash(data: Data())]
        #expect(set.count == 2)
        #expect(SHA256.hash(data: Self.abc).hashValue == SHA256.hash(data: Data(Self.abc)).hashValue)
    }

    @Test("A digest iterates and exposes its bytes in order")
    func digestBytes() {
        let digest = SHA256.hash(data: Self.abc)
        let expected = apiBytes(hex: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Array(digest) == expected)
        #expect(apiArray(digest) == expected)
        #expect(Array(digest).first == 0xba)
    }

    @Test("Generic code over HashFunction works for every SHA-2 function")
    func genericHashFunction() {
        func oneShotViaProtocol<H: HashFunction>(_: H.Type, _ data: [UInt8]) -> [UInt8] {
            var hasher = H()
            hasher.update(data: data)
            return Array(hasher.finalize())
        }
        #expect(oneShotViaProtocol(SHA256.self, Self.abc) == Array(SHA256.hash(data: Self.abc)))
        #expect(oneShotViaProtocol(SHA384.self, Self.abc) == Array(SHA384.hash(data: Self.abc)))
        #expect(oneShotViaProtocol(SHA512.self, Self.abc) == Array(SHA512.hash(data: Self.abc)))
    }
}
