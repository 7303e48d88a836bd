import DeviceTrustCrypto
import Foundation
import Pinning
import X509Certificates

/// Certificates for pinning tests, made in memory under roots the test controls.
enum TestPKI {
    /// A fresh P-256 key.
    static func key() throws -> CertificateIssuingKey {
        try CertificateIssuingKey(generating: .p256)
    }

    /// The pin of `key`, computed independently of `SPKIPin`: SHA-256 over the DER
    /// SubjectPublicKeyInfo that OpenSSL encoded for the key.
    static func pin(of key: CertificateIssuingKey) -> String {
        Data(SHA256.hash(data: key.subjectPublicKeyInfo)).base64EncodedString()
    }

    static func template(commonName: String, key: CertificateIssuingKey, isAuthority: Bool) -> CertificateTemplate {
        let now = Date()
        return CertificateTemplate(
            serialNumber: Array(UUID().uuidString.utf8.prefix(16)),
            subject: CertificateTemplate.name([(oid: "2.5.4.3", value: commonName)]),
            notBefore: now.addingTimeInterval(-3600),
            notAfter: now.addingTimeInterval(86_400),
            subjectPublicKeyInfo: key.subjectPublicKeyInfo,
            extensions: [.basicConstraints(isAuthority: isAuthority), .keyUsage(isAuthority: isAuthority)]
        )
    }
}

/// A certificate authority (root and intermediate) that issues leaf certificates.
struct TestAuthority {
    let rootKey: CertificateIssuingKey
    let intermediateKey: CertificateIssuingKey
    let root: Certificate
    let intermediate: Certificate

    init(name: String) throws {
        rootKey = try TestPKI.key()
        intermediateKey = try TestPKI.key()
        root = try rootKey.selfSign(TestPKI.template(commonName: "\(name) Root", key: rootKey, isAuthority: true))
        intermediate = try rootKey.issue(
            TestPKI.template(commonName: "\(name) Intermediate", key: intermediateKey, isAuthority: true), by: root
        )
    }

    /// The chain (leaf, intermediate, root) as DER, for a leaf with `leafKey`.
    func chain(host: String, leafKey: CertificateIssuingKey) throws -> [Data] {
        let leaf = try intermediateKey.issue(
            TestPKI.template(commonName: host, key: leafKey, isAuthority: false), by: intermediate
        )
        return [leaf, intermediate, root].map { Data($0.der) }
    }

    var intermediatePin: String { TestPKI.pin(of: intermediateKey) }
}

/// The scene of the pinning tests: the app's real authority and leaf key, an offline
/// backup key, and a rogue authority that the "system" trusts too (a debugging proxy's
/// root the user installed, or a mis-issuing CA).
struct PinnedDeployment {
    let authority: TestAuthority
    let leafKey: CertificateIssuingKey
    let backupKey: CertificateIssuingKey
    let rogue: TestAuthority
    let rogueLeafKey: CertificateIssuingKey

    init() throws {
        authority = try TestAuthority(name: "Real CA")
        leafKey = try TestPKI.key()
        backupKey = try TestPKI.key()
        rogue = try TestAuthority(name: "Rogue CA")
        rogueLeafKey = try TestPKI.key()
    }

    var leafPin: String { TestPKI.pin(of: leafKey) }
    var backupPin: String { TestPKI.pin(of: backupKey) }
    /// The pins an app ships: the current leaf key and the backup key.
    var pins: [String] { [leafPin, backupPin] }

    func legitimateChain(host: String) throws -> [Data] { try authority.chain(host: host, leafKey: leafKey) }
    func backupChain(host: String) throws -> [Data] { try authority.chain(host: host, leafKey: backupKey) }
    func rogueChain(host: String) throws -> [Data] { try rogue.chain(host: host, leafKey: rogueLeafKey) }
}

/// Collects the reports a policy sends to its callback.
final class ReportRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [PinningReportSnapshot] = []

    var reports: [PinningReportSnapshot] { lock.withLock { stored } }

    /// The callback to give a policy.
    var callback: @Sendable (PinningReport) -> Void {
        { [self] report in
            let snapshot = PinningReportSnapshot(host: report.host, chainPins: report.chainPins, enforced: report.enforced)
            lock.withLock { stored.append(snapshot) }
        }
    }
}

/// A report's fields, comparable in expectations.
struct PinningReportSnapshot: Equatable {
    let host: String
    let chainPins: [String]
    let enforced: Bool
}
