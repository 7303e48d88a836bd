#if canImport(COpenSSL)
import Foundation
internal import COpenSSL

/// A private key that issues certificates: the root or intermediate of a test
/// authority, or of an emulated Apple or Google attestation CA. Generated in memory by
/// OpenSSL, never exported, freed (and wiped by OpenSSL) on deinit.
///
/// Not for production authorities: it exists so tests can build chains that are byte for
/// byte shaped like real ones under a root the test controls.
public final class CertificateIssuingKey: @unchecked Sendable {
    /// The key types authorities use.
    public enum Kind: Sendable, Hashable {
        /// EC P-256; issues with ecdsa-with-SHA256.
        case p256
        /// EC P-384; issues with ecdsa-with-SHA384 (Apple's App Attest root and CA).
        case p384
        /// RSA of `bits`; issues with sha256WithRSAEncryption (Google's RSA roots).
        case rsa(bits: Int)
    }

    // Immutable after init; OpenSSL signs concurrently with one EVP_PKEY.
    private let pointer: OpaquePointer
    /// What kind of key this is.
    public let kind: Kind
    /// The public half, DER SubjectPublicKeyInfo.
    public let subjectPublicKeyInfo: [UInt8]

    /// A fresh key of `kind`.
    public init(generating kind: Kind) throws(CertificateError) {
        let algorithm: String
        switch kind {
        case .p256, .p384: algorithm = "EC"
        case .rsa: algorithm = "RSA"
        }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, algorithm, nil) else {
            throw CertificateError(.unsupportedKey, "OpenSSL has no \(algorithm) key generator")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var configured = EVP_PKEY_keygen_init(context) == 1
        switch kind {
        case .p256: configured = configured && EVP_PKEY_CTX_set_group_name(context, "P-256") == 1
        case .p384: configured = configured && EVP_PKEY_CTX_set_group_name(context, "P-384") == 1
        case .rsa(let bits): configured = configured && EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) == 1
        }
        var key: OpaquePointer?
        guard configured, EVP_PKEY_generate(context, &key) == 1, let key else {
            ERR_clear_error()
            throw CertificateError(.unsupportedKey, "OpenSSL could not generate a \(kind) key")
        }
        pointer = key
        self.kind = kind
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_PUBKEY(key, &output)
        guard count > 0, let output else {
            EVP_PKEY_free(key)
            throw CertificateError(.unsupportedKey, "OpenSSL could not encode the public key")
        }
        subjectPublicKeyInfo = Array(UnsafeBufferPointer(start: output, count: Int(count)))
        CRYPTO_free(output, #fileID, #line)
    }

    deinit { EVP_PKEY_free(pointer) }

    /// A self-signed certificate: a root.
    public func selfSign(_ template: CertificateTemplate) throws(CertificateError) -> Certificate {
        try issue(template, issuerName: template.subject)
    }

    /// A certificate for `template`, issued under `issuer` (whose subject becomes the
    /// issuer name, byte for byte) and signed with this key.
    public func issue(_ template: CertificateTemplate, by issuer: Certificate) throws(CertificateError) -> Certificate {
        try issue(template, issuerName: issuer.subject)
    }

    private func issue(_ template: CertificateTemplate, issuerName: [UInt8]) throws(CertificateError) -> Certificate {
        guard let x509 = X509_new() else { throw CertificateError(.chainInvalid, "out of memory") }
        defer { X509_free(x509) }
        var built = X509_set_version(x509, 2) == 1
        built = built && setSerial(x509, template.serialNumber)
        built = built && withName(issuerName) { X509_set_issuer_name(x509, $0) == 1 }
        built = built && withName(template.subject) { X509_set_subject_name(x509, $0) == 1 }
        built = built && setTime(template.notBefore) { X509_set1_notBefore(x509, $0) == 1 }
        built = built && setTime(template.notAfter) { X509_set1_notAfter(x509, $0) == 1 }
        if built, let subjectKey = try? CertificatePublicKey(subjectPublicKeyInfo: template.subjectPublicKeyInfo) {
            built = X509_set_pubkey(x509, subjectKey.pointer) == 1
        } else {
            built = false
        }
        for certificateExtension in template.extensions where built {
            built = addExtension(x509, certificateExtension)
        }
        let digest = kind == .p384 ? EVP_sha384() : EVP_sha256()
        guard built, X509_sign(x509, pointer, digest) > 0 else {
            ERR_clear_error()
            throw CertificateError(.malformed, "OpenSSL could not build the certificate for the template")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_X509(x509, &output)
        guard count > 0, let output else { throw CertificateError(.malformed, "OpenSSL could not encode the certificate") }
        let der = Array(UnsafeBufferPointer(start: output, count: Int(count)))
        CRYPTO_free(output, #fileID, #line)
        return try Certificate(der: der)
    }

    /// A CMS SignedData (RFC 5652) of `content`, signed with this key as `signer` (whose
    /// certificate must hold this key's public half), the content embedded, no signed
    /// attributes, `signer` and `chain` included: the shape of Apple's App Attest receipts.
    public func signCMS(_ content: [UInt8], signer: Certificate, chain: [Certificate] = []) throws(CertificateError) -> [UInt8] {
        let signerX509 = try OpenSSLX509(signer)
        let chainX509 = try chain.map { (certificate) throws(CertificateError) in try OpenSSLX509(certificate) }
        let flags = UInt32(CMS_BINARY | CMS_NOATTR | CMS_NOSMIMECAP)
        let message: OpaquePointer? = content.withUnsafeBufferPointer { buffer in
            guard let data = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(data) }
            return CMS_sign(signerX509.pointer, pointer, nil, data, flags)
        }
        guard let message else {
            ERR_clear_error()
            throw CertificateError(.malformed, "OpenSSL could not sign the CMS message (does the signer certificate hold this key?)")
        }
        defer { CMS_ContentInfo_free(message) }
        for certificate in chainX509 where CMS_add1_cert(message, certificate.pointer) != 1 {
            ERR_clear_error()
            throw CertificateError(.malformed, "OpenSSL could not add a chain certificate to the CMS message")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_CMS_ContentInfo(message, &output)
        guard count > 0, let output else { throw CertificateError(.malformed, "OpenSSL could not encode the CMS message") }
        defer { CRYPTO_free(output, #fileID, #line) }
        return Array(UnsafeBufferPointer(start: output, count: Int(count)))
    }

    private func setSerial(_ x509: OpaquePointer, _ magnitude: [UInt8]) -> Bool {
        guard let number = BN_bin2bn(magnitude, Int32(magnitude.count), nil) else { return false }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else { return false }
        defer { ASN1_INTEGER_free(integer) }
        return X509_set_serialNumber(x509, integer) == 1
    }

    private func withName(_ der: [UInt8], _ body: (OpaquePointer) -> Bool) -> Bool {
        der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let name = d2i_X509_NAME(nil, &cursor, buffer.count) else { return false }
            defer { X509_NAME_free(name) }
            return body(name)
        }
    }

    private func setTime(_ date: Date, _ body: (UnsafeMutablePointer<ASN1_TIME>) -> Bool) -> Bool {
        guard let time = ASN1_TIME_set(nil, time_t(date.timeIntervalSince1970.rounded(.down))) else { return false }
        defer { ASN1_TIME_free(time) }
        return body(time)
    }

    private func addExtension(_ x509: OpaquePointer, _ certificateExtension: CertificateExtension) -> Bool {
        guard let object = OBJ_txt2obj(certificateExtension.oid, 1) else { return false }
        defer { ASN1_OBJECT_free(object) }
        guard let value = ASN1_OCTET_STRING_new() else { return false }
        defer { ASN1_OCTET_STRING_free(value) }
        guard ASN1_OCTET_STRING_set(value, certificateExtension.value, Int32(certificateExtension.value.count)) == 1,
            let made = X509_EXTENSION_create_by_OBJ(nil, object, certificateExtension.isCritical ? 1 : 0, value)
        else {
            return false
        }
        defer { X509_EXTENSION_free(made) }
        return X509_add_ext(x509, made, -1) == 1
    }
}
#endif
