import ASN1DER
import Foundation
import Testing
import X509Certificates

/// The test PKI in Fixtures/ (see Fixtures/README.md) and the attestation vectors.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AttestationTests/Vectors")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The certificate `name`.der, parsed.
    static func certificate(_ name: String) throws -> Certificate {
        try Certificate(der: bytes("\(name).der"))
    }

    /// The Android vector files that carry a chain.
    static func androidVectorFiles() throws -> [URL] {
        let folder = vectors.appendingPathComponent("android")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter {
                $0.pathExtension == "json" && !["index.json", "roots.json"].contains($0.lastPathComponent) && !$0.lastPathComponent.hasPrefix("status-list")
            }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// `yyyy-MM-ddTHH:mm:ssZ` as a Date.
func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { preconditionFailure("not an ISO 8601 time: \(text)") }
    return date
}

/// Bytes from hex text; spaces are ignored.
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
}

/// A syntactically complete certificate for parser tests, with one thing changed by the
/// arguments. The signature is not a signature: the parser does not check it.
struct CertificateTemplate {
    var version: (inout DERWriter) -> Void = { $0.constructed(.context(0)) { $0.integer(2) } }
    var serialMagnitude: [UInt8] = [0x8A, 0x3C]
    var innerAlgorithm = "1.2.840.10045.4.3.2"
    var outerAlgorithm = "1.2.840.10045.4.3.2"
    var notBefore: (tag: DERTag, text: String) = (.utcTime, "250101000000Z")
    var notAfter: (tag: DERTag, text: String) = (.generalizedTime, "20500101000000Z")
    var extensions: [(oid: String, critical: Bool?, value: [UInt8])] = [("2.5.29.19", true, [0x30, 0x00])]
    var trailing: [UInt8] = []

    var der: [UInt8] {
        var writer = DERWriter()
        writer.constructed { certificate in
            certificate.constructed { tbs in
                version(&tbs)
                tbs.unsignedInteger(magnitude: serialMagnitude)
                tbs.constructed { $0.objectIdentifier(innerAlgorithm) }
                tbs.constructed { name in
                    name.constructed(.set) {
                        $0.constructed {
                            $0.objectIdentifier("2.5.4.3"); $0.utf8String("Template")
                        }
                    }
                }
                tbs.constructed { validity in
                    validity.element(notBefore.tag, content: Array(notBefore.text.utf8))
                    validity.element(notAfter.tag, content: Array(notAfter.text.utf8))
                }
                tbs.constructed {
                    $0.constructed(.set) {
                        $0.constructed {
                            $0.objectIdentifier("2.5.4.3"); $0.utf8String("Template")
                        }
                    }
                }
                tbs.constructed { spki in
                    spki.constructed {
                        $0.objectIdentifier("1.2.840.10045.2.1"); $0.objectIdentifier("1.2.840.10045.3.1.7")
                    }
                    spki.bitString([0x04] + [UInt8](repeating: 1, count: 64))
                }
                if !extensions.isEmpty {
                    tbs.constructed(.context(3)) { wrapper in
                        wrapper.constructed { list in
                            for item in extensions {
                                list.constructed { field in
                                    field.objectIdentifier(item.oid)
                                    if let critical = item.critical { field.boolean(critical) }
                                    field.octetString(item.value)
                                }
                            }
                        }
                    }
                }
            }
            certificate.constructed { $0.objectIdentifier(outerAlgorithm) }
            certificate.bitString([0x30, 0x00])
        }
        return writer.bytes + trailing
    }
}
