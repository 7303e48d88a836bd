#if !canImport(CryptoKit)
import Foundation

extension P256.Signing {
    /// A P-256 private key for ECDSA signing. The scalar is zeroised when the last copy
    /// is released, and the description never shows it.
    public struct PrivateKey: Sendable, CustomStringConvertible {
        let core: P256PrivateKeyCore

        /// A new random key from OpenSSL's key generator.
        public init() { core = P256PrivateKeyCore(for: .sign) }

        /// A key from its 32-byte big-endian scalar.
        /// - Throws: ``CryptoKitError/incorrectKeySize`` for another length, or
        ///   ``CryptoKitError/invalidEncoding(reason:)`` for 0 or a value not below the order.
        public init<D: ContiguousBytes>(rawRepresentation: D) throws {
            core = try P256PrivateKeyCore(rawRepresentation: rawRepresentation, for: .sign)
        }

        /// A key from 0x04 ‖ X ‖ Y ‖ d (97 bytes); the point must match the scalar.
        public init<D: ContiguousBytes>(x963Representation: D) throws {
            core = try P256PrivateKeyCore(x963Representation: x963Representation, for: .sign)
        }

        /// A key from DER: PKCS#8 `PrivateKeyInfo` or SEC 1 `ECPrivateKey`.
        public init<D: DataProtocol>(derRepresentation: D) throws {
            core = try P256PrivateKeyCore(derRepresentation: derRepresentation, for: .sign)
        }

        /// A key from a PEM `PRIVATE KEY` (PKCS#8) or `EC PRIVATE KEY` (SEC 1) block.
        public init(pemRepresentation: String) throws {
            core = try P256PrivateKeyCore(pemRepresentation: pemRepresentation, for: .sign)
        }

        /// The matching public key.
        public var publicKey: PublicKey { PublicKey(core: P256PublicKeyCore(privateCore: core, for: .verify)) }
        /// The 32-byte scalar. Treat the returned `Data` as a secret.
        public var rawRepresentation: Data { core.rawRepresentation }
        /// 0x04 ‖ X ‖ Y ‖ d (97 bytes). Treat the returned `Data` as a secret.
        public var x963Representation: Data { core.x963Representation }
        /// PKCS#8 DER, as CryptoKit writes it. Treat the returned `Data` as a secret.
        public var derRepresentation: Data { core.derRepresentation }
        /// PKCS#8 in a `PRIVATE KEY` PEM block. Treat the returned string as a secret.
        public var pemRepresentation: String { core.pemRepresentation }
        /// Names the key type only.
        public var description: String { "P256.Signing.PrivateKey(redacted)" }

        /// An ECDSA signature over the SHA-256 digest of `data`, with a fresh random nonce.
        public func signature<D: DataProtocol>(for data: D) throws -> P256.Signing.ECDSASignature {
            try signature(for: SHA256.hash(data: data))
        }

        /// An ECDSA signature over a precomputed digest (any hash: ECDSA truncates to 256 bits).
        public func signature<D: Digest>(for digest: D) throws -> P256.Signing.ECDSASignature {
            let der = try digest.withUnsafeBytes { (bytes) throws in try core.evpKey.signDigest(bytes) }
            return try ECDSASignature(derRepresentation: der)
        }
    }

    /// A P-256 public key for ECDSA verification.
    public struct PublicKey: Sendable {
        let core: P256PublicKeyCore

        init(core: P256PublicKeyCore) { self.core = core }

        /// A key from X ‖ Y (64 bytes).
        public init<D: ContiguousBytes>(rawRepresentation: D) throws {
            core = try P256PublicKeyCore(rawRepresentation: rawRepresentation, for: .verify)
        }
        /// A key from 0x04 ‖ X ‖ Y (65 bytes).
        public init<D: ContiguousBytes>(x963Representation: D) throws {
            core = try P256PublicKeyCore(x963Representation: x963Representation, for: .verify)
        }
        /// A key from 0x02/0x03 ‖ X (33 bytes).
        public init<D: ContiguousBytes>(compressedRepresentation: D) throws {
            core = try P256PublicKeyCore(compressedRepresentation: compressedRepresentation, for: .verify)
        }
        /// A key from a DER SubjectPublicKeyInfo with the named curve prime256v1.
        public init<D: DataProtocol>(derRepresentation: D) throws {
            core = try P256PublicKeyCore(derRepresentation: derRepresentation, for: .verify)
        }
        /// A key from a `PUBLIC KEY` PEM block.
        public init(pemRepresentation: String) throws {
            core = try P256PublicKeyCore(pemRepresentation: pemRepresentation, for: .verify)
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

        /// Whether `signature` is a valid ECDSA signature over the SHA-256 digest of `data`.
        public func isValidSignature<D: DataProtocol>(_ signature: P256.Signing.ECDSASignature, for data: D) -> Bool {
            isValidSignature(signature, for: SHA256.hash(data: data))
        }

        /// Whether `signature` is a valid ECDSA signature over a precomputed digest.
        public func isValidSignature<D: Digest>(_ signature: P256.Signing.ECDSASignature, for digest: D) -> Bool {
            let der = ECDSADERCoding.der(fromRaw: signature.raw)
            return digest.withUnsafeBytes { core.evpKey.verifyDigest($0, derSignature: der) }
        }
    }

    /// An ECDSA signature: r and s, each 32 bytes.
    public struct ECDSASignature: Sendable, ContiguousBytes {
        let raw: [UInt8]

        /// A signature from r ‖ s (64 bytes, big-endian). Range checks on r and s happen at
        /// verification, which rejects 0 and values not below the group order.
        /// - Throws: ``CryptoKitError/incorrectParameterSize`` for another length.
        public init<D: DataProtocol>(rawRepresentation: D) throws {
            guard rawRepresentation.count == 2 * ECDSADERCoding.componentByteCount else {
                throw CryptoKitError.incorrectParameterSize
            }
            raw = Array(rawRepresentation)
        }

        /// A signature from strict DER `ECDSA-Sig-Value`.
        /// - Throws: ``CryptoKitError/invalidEncoding(reason:)`` for BER, trailing bytes,
        ///   negative or over-long integers.
        public init<D: DataProtocol>(derRepresentation: D) throws {
            raw = try ECDSADERCoding.raw(fromDER: Array(derRepresentation))
        }

        /// r ‖ s (64 bytes).
        public var rawRepresentation: Data { Data(raw) }
        /// DER `ECDSA-Sig-Value`.
        public var derRepresentation: Data { Data(ECDSADERCoding.der(fromRaw: raw)) }

        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try raw.withUnsafeBytes(body)
        }
    }
}
#endif
