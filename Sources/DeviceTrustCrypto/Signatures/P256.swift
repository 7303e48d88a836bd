#if !canImport(CryptoKit)
import Foundation

/// The NIST P-256 elliptic curve (secp256r1), as in CryptoKit: ECDSA signing in
/// ``P256/Signing`` and Diffie-Hellman key agreement in ``P256/KeyAgreement``.
///
/// Every initialiser validates its input: public points must lie on the curve, private
/// scalars must be in 1...n-1, DER must be strictly canonical, and an encoding that
/// carries the public key next to the private one must carry the matching one.
public enum P256 {
    /// ECDSA over P-256 with SHA-256.
    public enum Signing {}
    /// Elliptic-curve Diffie-Hellman over P-256.
    public enum KeyAgreement {}
}
#endif
