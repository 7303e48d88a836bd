#if canImport(COpenSSL)
internal import COpenSSL

/// A certificate's public key loaded into OpenSSL once, to check the signatures of the
/// certificates it issued. Load a trusted root's or an intermediate's key once and reuse
/// it: that is the cache that keeps attestation verification fast.
public final class CertificatePublicKey: @unchecked Sendable {
    // Immutable after init; OpenSSL allows concurrent verifications with one EVP_PKEY.
    let pointer: OpaquePointer
    /// The DER SubjectPublicKeyInfo the key was loaded from.
    public let subjectPublicKeyInfo: [UInt8]

    /// Loads a DER SubjectPublicKeyInfo; every byte must be consumed.
    public init(subjectPublicKeyInfo spki: [UInt8]) throws(CertificateError) {
        let parsed = decodeEveryByte(spki, { d2i_PUBKEY(nil, $0, $1) }, free: EVP_PKEY_free)
        guard let parsed else { throw CertificateError(.unsupportedKey, "OpenSSL cannot load the SubjectPublicKeyInfo") }
        pointer = parsed
        subjectPublicKeyInfo = spki
    }

    /// The key of `certificate`.
    public convenience init(of certificate: Certificate) throws(CertificateError) {
        try self.init(subjectPublicKeyInfo: certificate.subjectPublicKeyInfo)
    }

    deinit { EVP_PKEY_free(pointer) }
}

extension Certificate {
    /// Whether this certificate's signature verifies with `issuerKey`. For the algorithms
    /// attestation and web PKI chains use (ECDSA and RSA PKCS #1 v1.5 with SHA-256/384/512,
    /// and RSA with SHA-1 for old Android chains) the TBSCertificate bytes the parser kept
    /// are verified directly (`EVP_DigestVerify` with a digest fetched once), without
    /// OpenSSL re-parsing the certificate; anything else goes through `X509_verify`. The
    /// parser has already required the inner and outer signature algorithms to be equal.
    /// Names are not compared: check ``issuer`` against the issuer's ``subject`` yourself.
    public func isSignatureValid(issuerKey: CertificatePublicKey) -> Bool {
        guard let digest = SignatureDigests.digest(forAlgorithm: signatureAlgorithm) else {
            guard let x509 = try? OpenSSLX509(self) else { return false }
            let result = X509_verify(x509.pointer, issuerKey.pointer)
            ERR_clear_error()
            return result == 1
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        let verified = der.withUnsafeBufferPointer { bytes in
            signatureValue.withUnsafeBufferPointer { signature in
                guard let base = bytes.baseAddress, EVP_DigestVerifyInit(context, nil, digest, nil, issuerKey.pointer) == 1 else { return false }
                return EVP_DigestVerify(context, signature.baseAddress, signature.count, base + tbsRange.lowerBound, tbsRange.count) == 1
            }
        }
        ERR_clear_error()
        return verified
    }
}

/// Message digests fetched from the default provider once, by signature algorithm OID:
/// an implicit fetch per verification costs a lock and a lookup in OpenSSL 3.
private enum SignatureDigests {
    private static let sha1 = Fetched("SHA1")
    private static let sha256 = Fetched("SHA256")
    private static let sha384 = Fetched("SHA384")
    private static let sha512 = Fetched("SHA512")

    static func digest(forAlgorithm oid: String) -> OpaquePointer? {
        switch oid {
        case "1.2.840.10045.4.3.2", "1.2.840.113549.1.1.11": sha256.pointer
        case "1.2.840.10045.4.3.3", "1.2.840.113549.1.1.12": sha384.pointer
        case "1.2.840.10045.4.3.4", "1.2.840.113549.1.1.13": sha512.pointer
        case "1.2.840.113549.1.1.5": sha1.pointer
        default: nil
        }
    }

    /// An `EVP_MD` fetched once and kept for the life of the process.
    private final class Fetched: @unchecked Sendable {
        // Fetched in init and never freed or changed: EVP_MD objects are immutable and shareable.
        let pointer: OpaquePointer?

        init(_ name: String) { pointer = EVP_MD_fetch(nil, name, nil) }
    }
}
#endif
