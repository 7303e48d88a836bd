import DeviceTrustCrypto
import Foundation
import Testing

/// A key keeps its expanded cipher context between messages; these tests pin down that
/// the cache never changes a result.
@Suite("API: one key across many AEAD operations")
struct APIAEADKeyReuseTests {
    let key = SymmetricKey(data: Data((0..<32).map { UInt8($0) }))
    let message = Data("attack at dawn".utf8)

    @Test("Alternating AES-GCM and ChaChaPoly with one 256-bit key gives each algorithm's own result")
    func alternatingAlgorithms() throws {
        let gcmNonce = try AES.GCM.Nonce(data: Data(repeating: 1, count: 12))
        let chachaNonce = try ChaChaPoly.Nonce(data: Data(repeating: 1, count: 12))
        let freshGCM = try AES.GCM.seal(message, using: SymmetricKey(data: Data((0..<32).map { UInt8($0) })), nonce: gcmNonce)
        for _ in 0..<3 {
            let gcm = try AES.GCM.seal(message, using: key, nonce: gcmNonce)
            let chacha = try ChaChaPoly.seal(message, using: key, nonce: chachaNonce)
            #expect(gcm.combined == freshGCM.combined)
            #expect(gcm.ciphertext != chacha.ciphertext)
            #expect(try ChaChaPoly.open(chacha, using: key) == message)
            #expect(try AES.GCM.open(gcm, using: key) == message)
        }
    }

    @Test("A long nonce between two 12-byte nonces does not disturb either")
    func mixedNonceLengths() throws {
        let short = try AES.GCM.Nonce(data: Data(repeating: 7, count: 12))
        let long = try AES.GCM.Nonce(data: Data(repeating: 7, count: 16))
        let first = try AES.GCM.seal(message, using: key, nonce: short)
        let longBox = try AES.GCM.seal(message, using: key, nonce: long)
        let again = try AES.GCM.seal(message, using: key, nonce: short)
        #expect(first.combined == again.combined)
        #expect(longBox.combined == nil)
        #expect(try AES.GCM.open(longBox, using: key) == message)
    }

    @Test("A failed open leaves the key usable for the next message")
    func failedOpenThenSuccess() throws {
        let box = try AES.GCM.seal(message, using: key)
        var tampered = Array(box.tag)
        tampered[0] ^= 1
        let bad = try AES.GCM.SealedBox(nonce: box.nonce, ciphertext: box.ciphertext, tag: tampered)
        #expect(throws: CryptoKitError.authenticationFailure) { try AES.GCM.open(bad, using: key) }
        #expect(try AES.GCM.open(box, using: key) == message)
    }

    @Test("Many tasks sealing and opening with one key all succeed")
    func concurrentUse() async throws {
        let key = self.key
        let message = self.message
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    let box = try AES.GCM.seal(message, using: key)
                    return try AES.GCM.open(box, using: key) == message
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
