#if canImport(COpenSSL)
internal import COpenSSL

/// The one owner of an OpenSSL `X509` parsed from a ``Certificate``'s DER; freed on deinit.
final class OpenSSLX509 {
    let pointer: OpaquePointer

    /// Parses `der` with `d2i_X509`, requiring every byte to be consumed.
    init(_ certificate: Certificate) throws(CertificateError) {
        let der = certificate.der
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let x509 = d2i_X509(nil, &cursor, buffer.count) else { return nil }
            guard cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                X509_free(x509)
                return nil
            }
            return x509
        }
        ERR_clear_error()
        guard let parsed else {
            throw CertificateError(.malformed, "OpenSSL does not parse the certificate \(certificate.subjectSummary)")
        }
        pointer = parsed
    }

    deinit { X509_free(pointer) }
}
#endif
