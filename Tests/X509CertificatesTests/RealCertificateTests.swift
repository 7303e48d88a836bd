import Foundation
import Testing
import X509Certificates

/// Certificates from real devices and vendors (Tests/AttestationTests/Vectors): every one
/// must parse, quirks included (see the README there), with the fields the vectors record.
@Suite("Real-world certificates")
struct RealCertificateTests {
    struct VectorCertificate: Decodable {
        let index: Int
        let serial_hex: String
        let serial_der_content_hex: String
        let not_before: String
        let not_after: String
        let has_key_description: Bool
        let key_description_critical: Bool?
    }

    struct AndroidVector: Decodable {
        let name: String
        let chain_pem: [String]
        let certificates: [VectorCertificate]
    }

    static let pemFiles: [String] = {
        let android = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.vectors.appendingPathComponent("android").path)) ?? []
        return android.filter { $0.hasSuffix(".pem") }.sorted().map { "android/\($0)" } + ["app-attest/Apple_App_Attestation_Root_CA.pem"]
    }()

    @Test("Every root and CA certificate shipped with the vectors parses and verifies its own signature when self-signed", arguments: pemFiles)
    func vendorCertificates(file: String) throws {
        let text = try Fixtures.text(Fixtures.vectors.appendingPathComponent(file))
        let certificates = try Certificate.certificates(fromPEM: text)
        #expect(!certificates.isEmpty)
        for certificate in certificates where certificate.isSelfIssued {
            #expect(certificate.isSignatureValid(issuerKey: try CertificatePublicKey(of: certificate)), "\(certificate.subjectSummary)")
        }
    }

    @Test("The Apple App Attestation Root CA: P-384, serial, names and a GeneralizedTime notAfter in 2045")
    func appleRoot() throws {
        let text = try Fixtures.text(Fixtures.vectors.appendingPathComponent("app-attest/Apple_App_Attestation_Root_CA.pem"))
        let root = try #require(try Certificate.certificates(fromPEM: text).first)
        // openssl x509 -noout -serial -dates -subject
        #expect(root.serialNumberHex == "bf3be0ef1cdd2e0fb8c6e721f621798")
        #expect(root.notBefore == utc("2020-03-18T18:32:53Z"))
        #expect(root.notAfter == utc("2045-03-15T00:00:00Z"))
        #expect(root.subjectSummary == "CN=Apple App Attestation Root CA, O=Apple Inc., ST=California")
        #expect(root.publicKeyParameters == "1.3.132.0.34")
        #expect(root.isSelfIssued)
    }

    @Test("The Google roots: five certificates, four sharing one RSA-4096 key and one P-384 key")
    func googleRoots() throws {
        let text = try Fixtures.text(Fixtures.vectors.appendingPathComponent("android/google-attestation-roots.pem"))
        let roots = try Certificate.certificates(fromPEM: text)
        #expect(roots.count == 5)
        #expect(Set(roots.map(\.subjectPublicKeyInfo)).count == 2)
        #expect(roots.filter { $0.publicKeyAlgorithm == "1.2.840.113549.1.1.1" }.count == 4)
    }

    static let vectorFiles: [String] = ((try? Fixtures.androidVectorFiles()) ?? []).map(\.lastPathComponent)

    @Test("The vectors folder holds the chains this suite reads")
    func vectorCount() {
        #expect(Self.vectorFiles.count >= 240)
    }

    @Test("Every certificate of every Android chain parses, with the vector's serial, dates and extension flags", arguments: vectorFiles)
    func androidChain(file: String) throws {
        let data = try Data(contentsOf: Fixtures.vectors.appendingPathComponent("android").appendingPathComponent(file))
        let vector = try JSONDecoder().decode(AndroidVector.self, from: data)
        let chain = try vector.chain_pem.flatMap { try Certificate.certificates(fromPEM: $0) }
        #expect(chain.count == vector.certificates.count)
        for expected in vector.certificates where expected.index < chain.count {
            let certificate = chain[expected.index]
            #expect(certificate.serialNumberHex == expected.serial_hex, "certificate \(expected.index)")
            #expect(certificate.serialNumber == hex(expected.serial_der_content_hex), "certificate \(expected.index)")
            #expect(certificate.notBefore == utc(expected.not_before), "certificate \(expected.index)")
            #expect(certificate.notAfter == utc(expected.not_after), "certificate \(expected.index)")
            let keyDescription = certificate.extension("1.3.6.1.4.1.11129.2.1.17")
            #expect((keyDescription != nil) == expected.has_key_description, "certificate \(expected.index)")
            if let critical = expected.key_description_critical {
                #expect(keyDescription?.isCritical == critical, "certificate \(expected.index)")
            }
        }
    }
}
