import DeviceTrustCrypto
import Foundation

/// P-256 ECDSA and ECDH through DeviceTrustCrypto's public API, with keys made once
/// outside the timed loops (as `openssl speed` does).
enum P256Workloads {
    /// The message signed and verified: 32 bytes, hashed with SHA-256 by `signature(for:)`
    /// as in CryptoKit. (`openssl speed` signs a 20-byte buffer as a ready-made digest.)
    static let message = Data((0..<32).map { UInt8($0) })

    /// Signatures per second of `privateKey.signature(for: message)`, then verifications
    /// per second of `publicKey.isValidSignature(signature, for: message)`.
    static func signAndVerify(seconds: Int) throws -> (signsPerSecond: Double, verifiesPerSecond: Double) {
        let privateKey = P256.Signing.PrivateKey()
        let publicKey = privateKey.publicKey
        let signing = try RateMeter.measure(seconds: seconds) {
            blackHole(try privateKey.signature(for: message))
        }

        let signature = try privateKey.signature(for: message)
        guard publicKey.isValidSignature(signature, for: message) else {
            throw VerificationFailed()
        }
        var rejected = 0
        let verifying = RateMeter.measure(seconds: seconds) {
            if !publicKey.isValidSignature(signature, for: message) { rejected += 1 }
        }
        guard rejected == 0 else { throw VerificationFailed() }
        return (signing.perSecond, verifying.perSecond)
    }

    /// Key agreements per second of `privateKey.sharedSecretFromKeyAgreement(with: peerKey)`.
    static func keyAgreement(seconds: Int) throws -> Double {
        let privateKey = P256.KeyAgreement.PrivateKey()
        let peerKey = P256.KeyAgreement.PrivateKey().publicKey
        let sample = try RateMeter.measure(seconds: seconds) {
            blackHole(try privateKey.sharedSecretFromKeyAgreement(with: peerKey))
        }
        return sample.perSecond
    }

    struct VerificationFailed: Error, CustomStringConvertible {
        var description: String { "a signature DeviceTrustCrypto had just made did not verify" }
    }
}
