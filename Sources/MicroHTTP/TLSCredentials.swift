/// A certificate chain and its private key, both PEM, for an ``HTTPServer`` that speaks
/// HTTPS (libmicrohttpd over GnuTLS), with TLS 1.2 and 1.3 only and AEAD ciphers only.
///
/// The key is a secret: `description` never shows it, and errors about it never quote it.
public struct TLSCredentials: Sendable, Equatable, CustomStringConvertible {
    /// The certificate, then any intermediates, PEM.
    public let certificateChainPEM: String
    /// The private key of the first certificate, PEM (PKCS #8, or the traditional RSA or EC form).
    let privateKeyPEM: String

    /// Credentials from PEM text; checked when the server starts or reloads with them.
    public init(certificateChainPEM: String, privateKeyPEM: String) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// The GnuTLS priority string every TLS server uses: TLS 1.3 and 1.2 only; AES-GCM and
    /// ChaCha20-Poly1305 (AEAD) only; for TLS 1.2, ECDHE key exchange only (forward secrecy).
    /// TLS 1.3 chooses its own key exchange groups from GnuTLS's NORMAL set.
    public static let priorities =
        "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-128-GCM:+AES-256-GCM:+CHACHA20-POLY1305"
        + ":-MAC-ALL:+AEAD:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA"

    /// Names the certificate's size only: the key is never printed.
    public var description: String { "TLSCredentials(certificate chain of \(certificateChainPEM.utf8.count) bytes, private key redacted)" }
}
