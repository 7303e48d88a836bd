import Foundation

/// The App Attest vectors in `Vectors/app-attest/` (see its README), loaded as the test
/// target excludes them from its sources.
enum AppAttestVectors {
    /// The vector folder, next to this source file.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Vectors/app-attest")

    /// One `attestation-*.json` file.
    struct Attestation: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let attestationB64: String
        let clientDataHashB64: String
        let keyIdB64: String
        let appId: String
        let environment: String
        let verificationTime: String
        let expectedResult: String
        let expectedFailure: String?
        let publicKeyX963B64: String
        /// Whether the CMS signature of the attestation's receipt verifies (false only for
        /// the webauthn4j/kayak receipts).
        let receiptCmsSignatureOk: Bool

        var attestation: Data { Data(base64Encoded: attestationB64) ?? Data() }
        var clientDataHash: Data { Data(base64Encoded: clientDataHashB64) ?? Data() }
        var keyID: Data { Data(base64Encoded: keyIdB64) ?? Data() }
        var publicKey: Data { Data(base64Encoded: publicKeyX963B64) ?? Data() }
        var isValid: Bool { expectedResult == "valid" }
        var date: Date { AppAttestVectors.date(verificationTime) }
        var description: String { name }
    }

    /// One `assertion-*.json` file.
    struct Assertion: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let assertionB64: String
        let clientDataB64: String
        let publicKeyX963B64: String
        let appId: String
        let previousCounter: UInt32
        let expectedCounter: UInt32
        let expectedResult: String
        let expectedFailure: String?

        var assertion: Data { Data(base64Encoded: assertionB64) ?? Data() }
        var clientData: Data { Data(base64Encoded: clientDataB64) ?? Data() }
        var publicKey: Data { Data(base64Encoded: publicKeyX963B64) ?? Data() }
        var isValid: Bool { expectedResult == "valid" }
        var description: String { name }
    }

    static let attestations: [Attestation] = load(prefix: "attestation-")
    static let assertions: [Assertion] = load(prefix: "assertion-")

    /// The attestation vector named `name`.
    static func attestation(_ name: String) -> Attestation? { attestations.first { $0.name == name } }
    /// The assertion vector named `name`.
    static func assertion(_ name: String) -> Assertion? { assertions.first { $0.name == name } }

    private static func load<Vector: Decodable>(prefix: String) -> [Vector] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().compactMap { file in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)) else { return nil }
            return try? decoder.decode(Vector.self, from: data)
        }
    }

    /// `2020-12-02T22:45:17.101000Z` or `2020-09-28T00:00:00Z` as a date.
    static func date(_ text: String) -> Date {
        let parts = text.dropLast().split(separator: ".", maxSplits: 1)
        let formatter = ISO8601DateFormatter()
        guard let whole = parts.first, let seconds = formatter.date(from: whole + "Z") else { return .distantPast }
        let fraction = parts.count == 2 ? Double("0." + parts[1]) ?? 0 : 0
        return seconds.addingTimeInterval(fraction)
    }

    /// The raw root certificate file.
    static var rootPEM: String {
        (try? String(contentsOf: directory.appendingPathComponent("Apple_App_Attestation_Root_CA.pem"), encoding: .utf8)) ?? ""
    }
}
