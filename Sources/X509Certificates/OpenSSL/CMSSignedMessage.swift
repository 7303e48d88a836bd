#if canImport(COpenSSL)
import Foundation
internal import COpenSSL

/// A CMS (RFC 5652) SignedData message with one signer and its content inside, read by
/// OpenSSL's CMS decoder, which takes BER (indefinite lengths, constructed strings) as well
/// as DER: Apple's App Attest receipts are BER.
///
/// Parsing checks the shape only. ``verifySignature()`` checks the one signature over the
/// content and returns the signer's certificate; whether that certificate chains to a
/// trusted root is the caller's to decide (with a ``CertificateChainVerifier``), so the two
/// failures stay apart.
public struct CMSSignedMessage: Sendable {
    /// The encapsulated content (eContent), with BER's constructed strings joined.
    public let content: [UInt8]
    /// The certificates the message carries, in its order (signer, intermediates, roots).
    public let certificates: [Certificate]
    /// The message as given, parsed again for each check (OpenSSL caches state in it).
    private let encoded: [UInt8]

    /// Parses `bytes`, at most `maximumSize` long: ContentInfo of type signedData, exactly
    /// one SignerInfo, attached content of type id-data, every byte consumed.
    public init(ber bytes: [UInt8], maximumSize: Int = 64 * 1024) throws(CertificateError) {
        guard !bytes.isEmpty, bytes.count <= maximumSize else {
            throw CertificateError(.malformed, "a CMS message of \(bytes.count) bytes: expected 1 to \(maximumSize) bytes")
        }
        let message = try OpenSSLCMS(bytes)
        guard OBJ_obj2nid(CMS_get0_type(message.pointer)) == NID_pkcs7_signed else {
            throw CertificateError(.malformed, "the CMS message is not SignedData")
        }
        let signerInfos = CMS_get0_SignerInfos(message.pointer)
        guard let signerInfos, OPENSSL_sk_num(signerInfos) == 1 else {
            throw CertificateError(.malformed, "the CMS message has \(signerInfos.map { OPENSSL_sk_num($0) } ?? 0) signers, not 1")
        }
        guard OBJ_obj2nid(CMS_get0_eContentType(message.pointer)) == NID_pkcs7_data else {
            throw CertificateError(.malformed, "the CMS message's content is not of type id-data")
        }
        guard let slot = CMS_get0_content(message.pointer), let octets = slot.pointee, let data = ASN1_STRING_get0_data(octets) else {
            throw CertificateError(.malformed, "the CMS message carries no content (detached signature)")
        }
        content = Array(UnsafeBufferPointer(start: data, count: max(Int(ASN1_STRING_length(octets)), 0)))
        certificates = try message.certificates()
        encoded = bytes
    }

    /// Verifies the one signature over the content (and over the signed attributes, with
    /// their message digest, when there are any) with the key of the signer certificate
    /// the message carries, and returns that certificate. Its chain is not checked here.
    public func verifySignature() throws(CertificateError) -> Certificate {
        let message = try OpenSSLCMS(encoded)
        let flags = UInt32(CMS_NO_SIGNER_CERT_VERIFY | CMS_BINARY)
        guard CMS_verify(message.pointer, nil, nil, nil, nil, flags) == 1 else {
            ERR_clear_error()
            throw CertificateError(.badSignature, "the CMS signature does not verify with its signer's key: the content or the signature was altered")
        }
        guard let signers = CMS_get0_signers(message.pointer) else {
            throw CertificateError(.malformed, "OpenSSL names no signer certificate of the CMS message")
        }
        defer { OPENSSL_sk_free(signers) }
        guard OPENSSL_sk_num(signers) == 1, let signer = OPENSSL_sk_value(signers, 0) else {
            throw CertificateError(.malformed, "the CMS message has \(OPENSSL_sk_num(signers)) signer certificates, not 1")
        }
        return try OpenSSLCMS.certificate(OpaquePointer(signer))
    }
}

/// The one owner of an OpenSSL `CMS_ContentInfo`; freed on deinit.
private final class OpenSSLCMS {
    let pointer: OpaquePointer

    /// Decodes `bytes` with `d2i_CMS_ContentInfo`, requiring every byte to be consumed.
    init(_ bytes: [UInt8]) throws(CertificateError) {
        let parsed = decodeEveryByte(bytes, { d2i_CMS_ContentInfo(nil, $0, $1) }, free: CMS_ContentInfo_free)
        guard let parsed else {
            throw CertificateError(.malformed, "the bytes are not one BER or DER CMS ContentInfo with nothing after it")
        }
        pointer = parsed
    }

    deinit { CMS_ContentInfo_free(pointer) }

    /// The certificates of the message's certificate set, parsed.
    func certificates() throws(CertificateError) -> [Certificate] {
        guard let stack = CMS_get1_certs(pointer) else { return [] }
        defer {
            for index in 0..<OPENSSL_sk_num(stack) {
                X509_free(OpaquePointer(OPENSSL_sk_value(stack, index)))
            }
            OPENSSL_sk_free(stack)
        }
        var certificates: [Certificate] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let x509 = OPENSSL_sk_value(stack, index) else { continue }
            certificates.append(try Self.certificate(OpaquePointer(x509)))
        }
        return certificates
    }

    /// The DER of an OpenSSL `X509`, parsed as a ``Certificate``.
    static func certificate(_ x509: OpaquePointer) throws(CertificateError) -> Certificate {
        let length = i2d_X509(x509, nil)
        guard length > 0 else { throw CertificateError(.malformed, "OpenSSL cannot encode a certificate of the CMS message") }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_X509(x509, &cursor)
        }
        guard written == length else { throw CertificateError(.malformed, "OpenSSL cannot encode a certificate of the CMS message") }
        return try Certificate(der: der)
    }
}
#endif
