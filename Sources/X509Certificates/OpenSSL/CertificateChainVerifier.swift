#if canImport(COpenSSL)
import Foundation
internal import COpenSSL

/// RFC 5280 path validation by OpenSSL (`X509_verify_cert`) against a fixed set of trusted
/// roots, at an explicit time. Only the given roots are trusted (never the system store),
/// and a root inside the presented chain is not trusted for being there.
///
/// For PKIs that follow the textbook (Apple's App Attest). Android's attestation chains
/// do not, and are checked link by link with ``Certificate/isSignatureValid(issuerKey:)``.
public struct CertificateChainVerifier: Sendable {
    private let store: TrustedRootStore

    /// A verifier that trusts exactly `trustedRoots`.
    public init(trustedRoots: [Certificate]) throws(CertificateError) {
        store = try TrustedRootStore(trustedRoots)
    }

    /// Verifies `chain` (leaf first, then intermediates; a trailing root is allowed but
    /// not needed) to one of the trusted roots at `date`.
    public func verify(_ chain: [Certificate], at date: Date) throws(CertificateError) {
        guard let leaf = chain.first else { throw CertificateError(.untrusted, "the chain is empty") }
        let leafX509 = try OpenSSLX509(leaf)
        let intermediates = try chain.dropFirst().map { (certificate) throws(CertificateError) in try OpenSSLX509(certificate) }
        guard let untrusted = OPENSSL_sk_new_null() else { throw CertificateError(.chainInvalid, "out of memory") }
        defer { OPENSSL_sk_free(untrusted) }
        for certificate in intermediates {
            guard OPENSSL_sk_push(untrusted, UnsafeRawPointer(certificate.pointer)) > 0 else {
                throw CertificateError(.chainInvalid, "out of memory")
            }
        }
        guard let context = X509_STORE_CTX_new() else { throw CertificateError(.chainInvalid, "out of memory") }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store.pointer, leafX509.pointer, untrusted) == 1 else {
            ERR_clear_error()
            throw CertificateError(.chainInvalid, "OpenSSL could not set up the verification")
        }
        X509_STORE_CTX_set_time(context, 0, time_t(date.timeIntervalSince1970.rounded(.down)))
        let result = X509_verify_cert(context)
        let code = X509_STORE_CTX_get_error(context)
        let depth = X509_STORE_CTX_get_error_depth(context)
        ERR_clear_error()
        withExtendedLifetime(intermediates) {}
        guard result != 1 else { return }
        let message = String(cString: X509_verify_cert_error_string(Int(code)))
        let reason = "certificate \(depth) of the chain: \(message) (X509_V_ERR \(code))"
        switch code {
        case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID: throw CertificateError(.expired, reason)
        case X509_V_ERR_CERT_SIGNATURE_FAILURE: throw CertificateError(.badSignature, reason)
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
            X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN, X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            throw CertificateError(.untrusted, reason)
        default: throw CertificateError(.chainInvalid, reason)
        }
    }
}

/// The owner of an `X509_STORE` holding the trusted roots; shared by copies of a verifier.
private final class TrustedRootStore: @unchecked Sendable {
    // Filled in init, then only read: X509_STORE supports concurrent verifications.
    let pointer: OpaquePointer

    init(_ roots: [Certificate]) throws(CertificateError) {
        guard !roots.isEmpty else { throw CertificateError(.untrusted, "no trusted root was given") }
        guard let store = X509_STORE_new() else { throw CertificateError(.chainInvalid, "out of memory") }
        pointer = store
        for root in roots {
            let x509 = try OpenSSLX509(root)
            guard X509_STORE_add_cert(store, x509.pointer) == 1 else {
                ERR_clear_error()
                throw CertificateError(.malformed, "OpenSSL refused the trusted root \(root.subjectSummary)")
            }
        }
    }

    deinit { X509_STORE_free(pointer) }
}
#endif
