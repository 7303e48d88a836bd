#if !canImport(CryptoKit)
import Foundation

extension P256.KeyAgreement {
    /// A P-256 private key for Diffie-Hellman. The scalar is zeroised when the last copy
    /// is released, and the description never shows it.
    public struct PrivateKey: Sendable, CustomStringConvertible {
        let core: P256PrivateKeyCore

        /// A new random key from OpenSSL's key generator.
        public init() { core = P256PrivateKeyCore(for: .derive) }
        /// A key from its 32-byte big-endian scalar (1...n-1).
        public init<D: ContiguousBytes>(rawRepresentation: D) throws {
            core = try P256PrivateKeyCore(rawRepresentation: rawRepresentation, for: .derive)
        }
        /// A key from 0x04 ‖ X ‖ Y ‖ d (97 bytes); the point must match the scalar.
        public init<D: ContiguousBytes>(x963Representation: D) throws {
            core = try P256PrivateKeyCore(x963Representation: x963Representation, for: .derive)
        }
        /// A key from DER: PKCS#8 `PrivateKeyInfo` or SEC 1 `ECPrivateKey`.
        public init<D: DataProtocol>(derRepresentation: D) throws {
            core = try P256PrivateKeyCore(derRepresentation: derRepresentation, for: .derive)
        }
        /// A key from a PEM `PRIVATE KEY` (PKCS#8) or `EC PRIVATE KEY` (SEC 1) block.
        public init(pemRepresentation: String) throws {
            core = try P256PrivateKeyCore(pemRepresentation: pemRepresentation, for: .derive)
        }

        /// The matching public key.
        public var publicKey: PublicKey { PublicKey(core: P256PublicKeyCore(privateCore: core, for: .derive)) }
        /// The 32-byte scalar. Treat the returned `Data` as a secret.
        public var rawRepresentation: Data { core.rawRepresentation }
        /// 0x04 ‖ X ‖ Y ‖ d. Treat the returned `Data` as a secret.
        public var x963Representation: Data { core.x963Representation }
        /// PKCS#8 DER. Treat the returned `Data` as a secret.
        public var derRepresentation: Data { core.derRepresentation }
        /// PKCS#8 in a `PRIVATE KEY` PEM block. Treat the returned string as a secret.
        public var pemRepresentation: String { core.pemRepresentation }
        /// Names the key type only.
        public var description: String { "P256.KeyAgreement.PrivateKey(redacted)" }

        /// The ECDH shared secret with `publicKeyShare`: the x-coordinate of the shared
        /// point, 32 bytes. Derive keys from it with HKDF; never use it as a key directly.
        public func sharedSecretFromKeyAgreement(with publicKeyShare: PublicKey) throws -> SharedSecret {
            let secret = try SecureBytes(count: P256Curve.scalarByteCount) { (out) throws(CryptoKitError) in
                try core.evpKey.deriveSharedSecret(with: publicKeyShare.core.evpKey, into: out)
            }
            return SharedSecret(secret: secret)
        }
    }

    /// A P-256 public key for Diffie-Hellman.
    public struct PublicKey: Sendable {
        let core: P256PublicKeyCore

        init(core: P256PublicKeyCore) { self.core = core }

        /// A key from X ‖ Y (64 bytes), checked to be on the curve.
        public init<D: ContiguousBytes>(rawRepresentation: D) throws {
            core = try P256PublicKeyCore(rawRepresentation: rawRepresentation, for: .derive)
        }
        /// A key from 0x04 ‖ X ‖ Y (65 bytes), checked to be on the curve.
        public init<D: ContiguousBytes>(x963Representation: D) throws {
            core = try P256PublicKeyCore(x963Representation: x963Representation, for: .derive)
        }
        /// A key from 0x02/0x03 ‖ X (33 bytes).
        public init<D: ContiguousBytes>(compressedRepresentation: D) throws {
            core = try P256PublicKeyCore(compressedRepresentation: compressedRepresentation, for: .derive)
        }
        /// A key from a DER SubjectPublicKeyInfo with the named curve prime256v1.
        public init<D: DataProtocol>(derRepresentation: D) throws {
            core = try P256PublicKeyCore(derRepresentation: derRepresentation, for: .derive)
        }
        /// A key from a `PUBLIC KEY` PEM block.
        public init(pemRepresentation: String) throws {
            core = try P256PublicKeyCore(pemRepresentation: pemRepresentation, for: .derive)
        }

        /// X ‖ Y (64 bytes).
        public var rawRepresentation: Data { core.rawRepresentation }
        /// 0x04 ‖ X ‖ Y (65 bytes).
        public var x963Representation: Data { core.x963Representation }
        /// 0x02/0x03 ‖ X (33 bytes).
        public var compressedRepresentation: Data { core.compressedRepresentation }
        /// DER SubjectPublicKeyInfo.
        public var derRepresentation: Data { core.derRepresentation }
        /// SubjectPublicKeyInfo in a `PUBLIC KEY` PEM block.
        public var pemRepresentation: String { core.pemRepresentation }
    }
}
#endif
