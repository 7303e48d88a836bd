#if canImport(COpenSSL)
internal import COpenSSL

/// The one owner of an OpenSSL `X509` parsed from a ``Certificate``'s DER; freed on deinit.
final class OpenSSLX509 {
    let pointer: OpaquePointer

    /// Parses `der` with `d2i_X509`, requiring every byte to be consumed.
    init(_ certificate: Certificate) throws(CertificateError) {
        let der = certificate.der
        let parsed = decodeEveryByte(der, { d2i_X509(nil, $0, $1) }, free: X509_free)
        guard let parsed else {
            throw CertificateError(.malformed, "OpenSSL does not parse the certificate \(certificate.subjectSummary)")
        }
        pointer = parsed
    }

    deinit { X509_free(pointer) }
}
#endif
