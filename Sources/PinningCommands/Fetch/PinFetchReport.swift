import Foundation
import Pinning
import X509Certificates

/// The text `pin fetch` prints for a fetched chain.
enum PinFetchReport {
    /// One block per certificate (leaf first), then the verdict line.
    static func lines(for result: PinFetchResult) -> [String] {
        var lines: [String] = []
        for (index, der) in result.chain.enumerated() {
            let role = index == 0 ? "leaf" : "chain[\(index)]"
            lines.append("\(role):")
            lines += describe(der)
        }
        if result.isVerified {
            lines.append("verified: yes (chain to a trusted root, name \(result.verifiedName) matches)")
        } else {
            lines.append("verified: no, not verified: \(result.failureReason ?? "unknown reason")")
        }
        return lines
    }

    /// The subject, issuer, notAfter and pin of one DER certificate.
    static func describe(_ der: Data) -> [String] {
        let certificate: Certificate
        let pin: String
        do {
            certificate = try Certificate(der: der)
            pin = try SPKIPin.pin(forCertificate: der)
        } catch {
            return ["  (does not parse: \(error))"]
        }
        return [
            "  subject:  \(certificate.subjectSummary)",
            "  issuer:   \(certificate.issuerSummary)",
            "  notAfter: \(certificate.notAfter.formatted(.iso8601))",
            "  pin:      \(pin)",
        ]
    }
}
