#if !canImport(CryptoKit)
import Foundation

/// The Advanced Encryption Standard, as a namespace (as in CryptoKit).
public enum AES {
    /// AES in Galois/Counter Mode with a 16-byte tag, as in CryptoKit.
    ///
    /// Keys of 128, 192 and 256 bits are accepted. Nonces must be at least 12 bytes, as in
    /// CryptoKit, and at most 128 bytes (an OpenSSL limit CryptoKit does not have); the
    /// random default (``Nonce/init()``) is 12 bytes and is what you should use.
    public enum GCM {
        /// A nonce for AES-GCM: random by default, never to be reused with the same key.
        public struct Nonce: ContiguousBytes, Sequence, Sendable {
            let bytes: [UInt8]

            /// A new random 12-byte nonce.
            public init() {
                var bytes = [UInt8](repeating: 0, count: AEADCore.combinedNonceByteCount)
                bytes.withUnsafeMutableBytes { OpenSSLMemory.fillRandom($0) }
                self.bytes = bytes
            }

            /// The longest nonce accepted: 128 bytes (1024 bits), the most OpenSSL 3's GCM
            /// can take (`GCM_IV_MAX_SIZE`). CryptoKit has no upper bound; nonces this long
            /// have no use, and refusing them here beats failing later in `seal`/`open`.
            static let maximumByteCount = 128

            /// A nonce with the given bytes; at least 12 are required, as in CryptoKit, and
            /// at most 128.
            /// - Throws: ``CryptoKitError/incorrectParameterSize`` for a nonce shorter than
            ///   12 bytes or longer than 128 bytes.
            public init<D: DataProtocol>(data: D) throws {
                guard data.count >= AEADCore.combinedNonceByteCount, data.count <= Nonce.maximumByteCount else {
                    throw CryptoKitError.incorrectParameterSize
                }
                bytes = Array(data)
            }

            public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
                try bytes.withUnsafeBytes(body)
            }

            public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
        }

        /// An encrypted and authenticated message: nonce, ciphertext and 16-byte tag.
        public struct SealedBox: Sendable {
            /// The nonce the message was sealed with.
            public let nonce: Nonce
            /// The encrypted message, as long as the plaintext.
            public let ciphertext: Data
            /// The 16-byte authentication tag.
            public let tag: Data

            /// nonce ‖ ciphertext ‖ tag, the layout CryptoKit uses; `nil` when the nonce is
            /// not 12 bytes, since the layout cannot say where a longer nonce ends.
            public var combined: Data? {
                guard nonce.bytes.count == AEADCore.combinedNonceByteCount else { return nil }
                return Data(nonce.bytes) + ciphertext + tag
            }

            /// Parses nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes).
            /// - Throws: ``CryptoKitError/incorrectParameterSize`` when shorter than 28 bytes.
            public init<D: DataProtocol>(combined: D) throws {
                let parts = try AEADCore.split(combined: combined)
                self.nonce = try Nonce(data: parts.nonce)
                self.ciphertext = parts.ciphertext
                self.tag = parts.tag
            }

            /// Assembles a box from its parts.
            /// - Throws: ``CryptoKitError/incorrectParameterSize`` when the tag is not 16 bytes.
            public init<C: DataProtocol, T: DataProtocol>(nonce: Nonce, ciphertext: C, tag: T) throws {
                self.tag = try AEADCore.checkedTag(tag)
                self.nonce = nonce
                self.ciphertext = Data(ciphertext)
            }

            init(nonce: Nonce, ciphertext: Data, checkedTag: Data) {
                self.nonce = nonce
                self.ciphertext = ciphertext
                self.tag = checkedTag
            }
        }

        static func algorithm(for key: SymmetricKey) throws(CryptoKitError) -> EVPAEADAlgorithm {
            switch key.bitCount {
            case 128: return .aes128GCM
            case 192: return .aes192GCM
            case 256: return .aes256GCM
            default: throw .incorrectKeySize
            }
        }

        /// Encrypts and authenticates `message`, also authenticating `authenticatedData`.
        /// - Parameter nonce: leave `nil` for a fresh random nonce (recommended).
        /// - Throws: ``CryptoKitError/incorrectKeySize`` for a key that is not 128, 192 or 256 bits.
        public static func seal<Plaintext: DataProtocol, AuthenticatedData: DataProtocol>(
            _ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil, authenticating authenticatedData: AuthenticatedData
        ) throws -> SealedBox {
            let nonce = nonce ?? Nonce()
            let sealed = try AEADCore.seal(algorithm(for: key), key: key, nonce: nonce.bytes, message: message, authenticating: authenticatedData)
            return SealedBox(nonce: nonce, ciphertext: sealed.ciphertext, checkedTag: sealed.tag)
        }

        /// Encrypts and authenticates `message`.
        public static func seal<Plaintext: DataProtocol>(_ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil) throws -> SealedBox {
            try seal(message, using: key, nonce: nonce, authenticating: Data())
        }

        /// Authenticates and decrypts `sealedBox`.
        /// - Throws: ``CryptoKitError/authenticationFailure`` when anything does not match;
        ///   no plaintext is released then.
        public static func open<AuthenticatedData: DataProtocol>(
            _ sealedBox: SealedBox, using key: SymmetricKey, authenticating authenticatedData: AuthenticatedData
        ) throws -> Data {
            try AEADCore.open(
                algorithm(for: key), key: key, nonce: sealedBox.nonce.bytes, ciphertext: sealedBox.ciphertext,
                tag: sealedBox.tag, authenticating: authenticatedData)
        }

        /// Authenticates and decrypts `sealedBox`.
        public static func open(_ sealedBox: SealedBox, using key: SymmetricKey) throws -> Data {
            try open(sealedBox, using: key, authenticating: Data())
        }
    }
}
#endif
