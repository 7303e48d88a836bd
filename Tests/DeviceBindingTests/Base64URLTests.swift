import DeviceBinding
import Foundation
import RepositoryTestSupport
import Testing

@Suite("Base64url has exactly one accepted form per byte string")
struct Base64URLTests {
    @Test("RFC 4648 test vectors, in the URL alphabet without padding")
    func vectors() throws {
        for (plain, encoded) in [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
        ] {
            #expect(Base64URL.encode(Data(plain.utf8)) == encoded)
            #expect(try Base64URL.decode(encoded) == Data(plain.utf8))
        }
    }

    @Test("uses '-' and '_' where standard base64 has '+' and '/'")
    func urlAlphabet() throws {
        #expect(Base64URL.encode(Data([0xFB, 0xFF, 0xBF])) == "-_-_")
        #expect(try Base64URL.decode("-_-_") == Data([0xFB, 0xFF, 0xBF]))
    }

    @Test(
        "rejects padding, the standard alphabet, whitespace, impossible lengths and non-zero trailing bits",
        arguments: ["Zg==", "Zm8=", "+/+/", "Zm9v\n", " Zm9v", "Zm 9v", "Z", "Zm9vY", "Zh", "Zm9", "Zm9vYmF5=", "Zg%3D", "Zé"]
    )
    func rejects(_ text: String) {
        let error = thrownError { () throws(WireFormatError) in try Base64URL.decode(text) }
        #expect(error?.code == .invalidBase64URL)
    }

    @Test("round-trips every length from 0 to 100 bytes")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 64)
        for count in 0...100 {
            let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(try Base64URL.decode(text) == bytes)
        }
    }
}

@Suite("Lowercase hex")
struct LowercaseHexTests {
    @Test("encodes lowercase and decodes only lowercase")
    func hex() throws {
        #expect(LowercaseHex.encode([0x00, 0xAB, 0xFF]) == "00abff")
        #expect(try LowercaseHex.decode("00abff") == [0x00, 0xAB, 0xFF])
        for bad in ["00ABFF", "0", "0g", " 00", "00 "] {
            let error = thrownError { () throws(WireFormatError) in try LowercaseHex.decode(bad) }
            #expect(error?.code == .invalidHex)
        }
    }
}
