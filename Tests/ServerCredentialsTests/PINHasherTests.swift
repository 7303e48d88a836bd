import DeviceBinding
import DeviceTrustCrypto
import Foundation
@testable import ServerCredentials
import Testing

/// Argon2id costs about 25–100 ms per call: these tests hash as little as they can.
@Suite("PINHasher: peppered Argon2id")
struct PINHasherTests {
    let pepper = SymmetricKey(data: Data((0..<32).map { UInt8($0) }))

    @Test("A hash has the OWASP parameters, verifies its PIN and no other, and only under its pepper")
    func hashAndVerify() throws {
        let hasher = try PINHasher(pepper: pepper)
        let stored = try hasher.hash(PIN("482019"))
        #expect(stored.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(hasher.verify(try PIN("482019"), against: stored))
        #expect(!hasher.verify(try PIN("482018"), against: stored))
        let otherPepper = try PINHasher(pepper: SymmetricKey(data: Data(repeating: 7, count: 32)))
        #expect(!otherPepper.verify(try PIN("482019"), against: stored))
        #expect(!hasher.needsRehash(stored))
    }

    @Test("Two hashes of one PIN differ (fresh salt)")
    func freshSalt() throws {
        let hasher = try PINHasher(pepper: pepper, parameters: Argon2idParameters(memoryBytes: 8 * 1024, iterations: 1))
        #expect(try hasher.hash(PIN("111111")) != hasher.hash(PIN("111111")))
    }

    @Test("Weaker or foreign strings need a rehash; malformed ones never verify")
    func rehashAndMalformed() throws {
        let weak = try PINHasher(pepper: pepper, parameters: Argon2idParameters(memoryBytes: 8 * 1024, iterations: 1))
        let stored = try weak.hash(PIN("135790"))
        #expect(stored.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
        #expect(weak.verify(try PIN("135790"), against: stored))
        let owasp = try PINHasher(pepper: pepper)
        #expect(owasp.needsRehash(stored))
        #expect(owasp.verify(try PIN("135790"), against: stored), "old hashes keep verifying until rehashed")
        #expect(owasp.needsRehash("$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA"))
        #expect(owasp.needsRehash("not a hash"))
        for malformed in [
            "", "$argon2i$" + stored.dropFirst("$argon2id$".count), String(stored.dropLast(2)), stored + "\0", String(repeating: "$", count: 200),
        ] {
            #expect(!weak.verify(try PIN("135790"), against: malformed))
        }
    }

    @Test("A pepper under 32 bytes is refused")
    func shortPepper() {
        #expect(throws: PINHashError(code: .pepperTooShort)) { try PINHasher(pepper: SymmetricKey(size: .bits128)) }
    }

    @Test("libsodium's HMAC-SHA-256 equals DeviceTrustCrypto's (RFC 4231 case 2 and a 32-byte key)")
    func peppering() {
        for (key, message) in [(Data("Jefe".utf8), Data("what do ya want for nothing?".utf8)), (Data(repeating: 0xAB, count: 32), Data("123456".utf8))] {
            var output = [UInt8](repeating: 0, count: 32)
            key.withUnsafeBytes { k in message.withUnsafeBytes { m in output.withUnsafeMutableBytes { SodiumHMAC.sha256(key: k, message: m, into: $0) } } }
            #expect(output == Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))))
        }
    }
}
