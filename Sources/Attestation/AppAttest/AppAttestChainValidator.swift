import Foundation
import X509Certificates

/// Verifies App Attest's `x5c = [credCert, intermediate]` to the trusted roots at a given
/// time, and remembers the intermediates it has verified so that later attestations pay
/// for one signature check (the leaf's) instead of two P-384 checks.
///
/// The first time an intermediate is seen, the whole chain goes through OpenSSL's
/// `X509_verify_cert` against the roots only (a root inside `x5c` is not trusted for being
/// there). Once that succeeds, the intermediate (by its exact DER bytes) is remembered
/// with the window in which it and its issuing root are both valid, and its key loaded
/// once; while that window contains the verification time, later chains with the same
/// intermediate get the leaf checks of path validation (names, validity, critical
/// extensions, one signature verification) without repeating the intermediate's. The
/// cache is per validator (so per set of trusted roots), behind a lock, and bounded.
final class AppAttestChainValidator: Sendable {
    /// Most intermediates remembered; Apple has one ("Apple App Attestation CA 1").
    static let maximumRememberedIntermediates = 8

    private let rootVerifier: CertificateChainVerifier
    private let roots: [TrustedRoot]
    private let remembered = RememberedIntermediates()

    private struct TrustedRoot: Sendable {
        let certificate: Certificate
        let key: CertificatePublicKey
    }

    /// A validator that trusts exactly `trustedRoots` (DER).
    init(trustedRoots: [[UInt8]]) throws(AttestationError) {
        guard !trustedRoots.isEmpty else {
            throw AttestationError(.chain, "no trusted root was configured")
        }
        do {
            var roots: [TrustedRoot] = []
            for der in trustedRoots {
                let certificate = try Certificate(der: der)
                roots.append(TrustedRoot(certificate: certificate, key: try CertificatePublicKey(of: certificate)))
            }
            self.roots = roots
            rootVerifier = try CertificateChainVerifier(trustedRoots: roots.map(\.certificate))
        } catch {
            throw AttestationError(.chain, "a configured trusted root is not usable: \(error)")
        }
    }

    /// Verifies `leaf` issued by `intermediateDER` to a trusted root at `date`.
    func verify(leaf: Certificate, intermediateDER: [UInt8], at date: Date) throws(AttestationError) {
        if let known = remembered.lookup(intermediateDER), known.validity.contains(date) {
            try verify(leaf: leaf, issuedBy: known, at: date)
            return
        }
        let intermediate: Certificate
        do { intermediate = try Certificate(der: intermediateDER) } catch {
            throw AttestationError(.malformed, "the intermediate certificate in x5c does not parse: \(error)")
        }
        do {
            try rootVerifier.verify([leaf, intermediate], at: date)
        } catch {
            throw AttestationError(.chain, "x5c does not verify to a trusted root at \(date): \(error)")
        }
        remember(intermediate)
    }

    /// Remembers `intermediate`, just verified in a whole chain, with the window in which
    /// it and the root that signed it are both valid. Self-issued certificates and
    /// intermediates whose root cannot be identified are not remembered.
    private func remember(_ intermediate: Certificate) {
        guard !intermediate.isSelfIssued else { return }
        let issuers = roots.filter {
            $0.certificate.subject == intermediate.issuer && intermediate.isSignatureValid(issuerKey: $0.key)
        }
        guard issuers.count == 1, let root = issuers.first?.certificate else { return }
        let start = max(intermediate.notBefore, root.notBefore)
        let end = min(intermediate.notAfter, root.notAfter)
        guard start <= end, let key = try? CertificatePublicKey(of: intermediate) else { return }
        remembered.insert(
            RememberedIntermediate(certificate: intermediate, key: key, validity: start...end),
            for: intermediate.der,
            limit: Self.maximumRememberedIntermediates
        )
    }
}

/// Critical extensions a leaf may carry: those RFC 5280 path validation (and OpenSSL's
/// `X509_supported_extension`) processes. Any other critical extension fails the chain,
/// as `X509_verify_cert` would.
private let understoodCriticalExtensions: Set<String> = [
    "2.5.29.15", "2.5.29.17", "2.5.29.19", "2.5.29.30", "2.5.29.32", "2.5.29.33", "2.5.29.36",
    "2.5.29.37", "2.5.29.54", "1.3.6.1.5.5.7.1.14", "2.16.840.1.113730.1.1",
]

extension AppAttestChainValidator {
    /// The leaf checks of RFC 5280 path validation under an intermediate already verified
    /// to a root: name chaining, validity at `date`, no unknown critical extension, and
    /// the signature (one P-384 verification, with the intermediate's key loaded once).
    private func verify(leaf: Certificate, issuedBy known: RememberedIntermediate, at date: Date) throws(AttestationError) {
        guard leaf.issuer == known.certificate.subject else {
            throw AttestationError(.chain, "the credential certificate's issuer is not \(known.certificate.subjectSummary)")
        }
        guard leaf.isValid(at: date) else {
            throw AttestationError(.chain, "the credential certificate is valid \(leaf.notBefore)…\(leaf.notAfter), not at \(date)")
        }
        if let unknown = leaf.extensions.first(where: { $0.isCritical && !understoodCriticalExtensions.contains($0.oid) }) {
            throw AttestationError(.chain, "the credential certificate has an unknown critical extension \(unknown.oid)")
        }
        guard leaf.isSignatureValid(issuerKey: known.key) else {
            throw AttestationError(.chain, "the credential certificate's signature does not verify with \(known.certificate.subjectSummary)'s key")
        }
    }
}

/// An intermediate verified to a trusted root, ready to anchor its leaves.
private struct RememberedIntermediate: Sendable {
    let certificate: Certificate
    let key: CertificatePublicKey
    /// When both the intermediate and its root are valid.
    let validity: ClosedRange<Date>
}

/// The lock-protected map from an intermediate's DER to its verification.
private final class RememberedIntermediates: @unchecked Sendable {
    // Guarded by `lock`.
    private var entries: [[UInt8]: RememberedIntermediate] = [:]
    private let lock = NSLock()

    func lookup(_ der: [UInt8]) -> RememberedIntermediate? {
        lock.lock()
        defer { lock.unlock() }
        return entries[der]
    }

    /// Adds `entry`; when `limit` entries are already held, forgets them all first (a
    /// real deployment sees one or two intermediates, so this never churns).
    func insert(_ entry: RememberedIntermediate, for der: [UInt8], limit: Int) {
        lock.lock()
        defer { lock.unlock() }
        if entries[der] == nil, entries.count >= limit { entries.removeAll() }
        entries[der] = entry
    }
}
