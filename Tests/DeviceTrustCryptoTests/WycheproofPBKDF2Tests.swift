import Foundation
import Testing

/// Case fields of `pbkdf_test_schema.json`.
private struct PBKDF2Input: Decodable {
    let password: HexBytes
    let salt: HexBytes
    let iterationCount: Int
    let dkLen: Int
    let dk: HexBytes
}

/// PBKDF2 groups carry no parameters besides their tests.
private struct NoParameters: Decodable {}

@Suite("Wycheproof: PBKDF2 (not part of the API)")
struct WycheproofPBKDF2Tests {
    /// DECISION: the PBKDF2-HMAC-SHA256 vectors are NOT run, on purpose. DeviceTrustCrypto
    /// mirrors Apple's CryptoKit, and CryptoKit has no PBKDF2 (on Apple platforms it lives
    /// in CommonCrypto's `CCKeyDerivationPBKDF`), so the module deliberately exposes no
    /// PBKDF2 API for the vectors to drive. The file is kept with the others so that the
    /// vector set matches upstream; this test pins that it is present, intact and
    /// deliberately unused, and must be replaced by a `Wycheproof.run` over it if a
    /// PBKDF2 API is ever added.
    @Test("PBKDF2-HMAC-SHA256: the Wycheproof file is present and intact but deliberately not run, because CryptoKit (and so this module) has no PBKDF2")
    func pbkdf2IsDeliberatelyNotPartOfTheAPI() throws {
        let url = Wycheproof.directory.appendingPathComponent("pbkdf2_hmacsha256_test.json")
        #expect(FileManager.default.fileExists(atPath: url.path), "pbkdf2_hmacsha256_test.json is missing from the vector folder")
        let file = try Wycheproof.load("pbkdf2_hmacsha256_test", parameters: NoParameters.self, input: PBKDF2Input.self)
        #expect(file.algorithm == "PBKDF2-HMACSHA256")
        let cases = file.testGroups.flatMap(\.tests)
        #expect(cases.count == file.numberOfTests, "every case of the file decodes")
        #expect(cases.count == 60)
        #expect(cases.allSatisfy { $0.input.dk.count == $0.input.dkLen })
    }
}
