import Attestation
import Foundation
import Testing

/// One vector of `Vectors/android/` (its README explains every field): a real device's
/// chain or one derived from it, the challenge and time to verify it with, and what the
/// verdict and the parsed KeyDescription must be.
struct AndroidVector {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/android")

    /// The file names of every vector, sorted.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && $0 != "index.json" && $0 != "roots.json" && !$0.hasPrefix("status-list") }.sorted()
    }()

    let name: String
    /// The whole vector, as JSONSerialization reads it.
    let json: [String: Any]
    let chain: [Data]
    let challenge: Data
    let verificationTime: Date
    let expectedResult: String
    let expectedError: String?
    /// The revoked serials of the vector's `status_list`, read by our parser.
    let revokedSerials: Set<String>
    let policy: [String: Bool]
    let expected: [String: Any]

    init(_ file: String) throws {
        name = file
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(file))
        json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pems = try #require(json["chain_pem"] as? [String])
        chain = try pems.map { pem in try #require(Self.der(fromPEM: pem)) }
        let challengeBase64 = try #require(json["challenge_b64"] as? String)
        challenge = try #require(Data(base64Encoded: challengeBase64))
        verificationTime = Date(timeIntervalSince1970: try #require(json["verification_time_unix"] as? Double))
        expectedResult = try #require(json["expected_result"] as? String)
        expectedError = json["expected_error"] as? String
        if let list = json["status_list"] as? [String: Any] {
            revokedSerials = try AndroidRevocationList(json: JSONSerialization.data(withJSONObject: list)).revokedSerials
        } else {
            revokedSerials = []
        }
        policy = try #require(json["policy"] as? [String: Bool])
        expected = try #require(json["expected"] as? [String: Any])
    }

    /// A verifier with Google's built-in roots, this vector's clock and status list.
    func verifier(policy: AndroidKeyPolicy = AndroidKeyPolicy(), trustedRoots: [Data]? = nil) -> AndroidKeyAttestationVerifier {
        let time = verificationTime
        return AndroidKeyAttestationVerifier(trustedRoots: trustedRoots, policy: policy, revokedSerials: revokedSerials, now: { time })
    }

    /// Verifies the vector's chain for its challenge; the error when refused.
    func verify(policy: AndroidKeyPolicy = AndroidKeyPolicy(), trustedRoots: [Data]? = nil) -> Result<AndroidAttestedKey, AttestationError> {
        Result { () throws(AttestationError) in try verifier(policy: policy, trustedRoots: trustedRoots).verify(chain: chain, challenge: challenge) }
    }

    /// The base64 body of one PEM certificate, decoded.
    static func der(fromPEM pem: String) -> Data? {
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Data(base64Encoded: body)
    }

    /// The DER certificates of a PEM file in the vectors folder.
    static func certificates(inPEMFile file: String) throws -> [Data] {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return text.components(separatedBy: "-----END CERTIFICATE-----").compactMap { block in
            block.contains("BEGIN CERTIFICATE") ? der(fromPEM: block + "-----END CERTIFICATE-----") : nil
        }
    }
}

extension Data {
    /// Lowercase hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
