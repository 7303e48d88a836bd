#if !canImport(CryptoKit)
import Foundation

/// What ``AES/GCM`` and ``ChaChaPoly`` share: buffer handling around `EVPAEAD` and the
/// CryptoKit "combined" layout (12-byte nonce ‖ ciphertext ‖ 16-byte tag).
enum AEADCore {
    static let combinedNonceByteCount = 12
    static let tagByteCount = EVPAEADAlgorithm.tagByteCount

    /// The caller's bytes as a `Data`: the value itself when it is one, else a copy.
    ///
    /// Converting at the public generic entry points lets everything below run as
    /// specialised, non-generic code: called from another module, generic code would
    /// look up type metadata at run time on every message (a fifth of the time of
    /// sealing 16 KiB, measured with `perf`).
    static func contiguous<D: DataProtocol>(_ bytes: D) -> Data {
        (bytes as? Data) ?? Data(bytes)
    }

    static func seal<M: DataProtocol, A: DataProtocol>(
        _ algorithm: EVPAEADAlgorithm, key: SymmetricKey, nonce: [UInt8], message: M, authenticating aad: A
    ) throws(CryptoKitError) -> (ciphertext: Data, tag: Data) {
        try seal(algorithm, key: key, nonce: nonce, message: contiguous(message), authenticating: contiguous(aad))
    }

    static func open<A: DataProtocol>(
        _ algorithm: EVPAEADAlgorithm, key: SymmetricKey, nonce: [UInt8], ciphertext: Data, tag: Data, authenticating aad: A
    ) throws(CryptoKitError) -> Data {
        try open(algorithm, key: key, nonce: nonce, ciphertext: ciphertext, tag: tag, authenticating: contiguous(aad))
    }

    private static func seal(
        _ algorithm: EVPAEADAlgorithm, key: SymmetricKey, nonce: [UInt8], message: Data, authenticating aad: Data
    ) throws(CryptoKitError) -> (ciphertext: Data, tag: Data) {
        var ciphertext = uninitializedData(count: message.count)
        var tag = Data(count: tagByteCount)
        let result: Result<Void, CryptoKitError> = nonce.withUnsafeBytes { nonceBytes in
            message.withUnsafeBytes { plaintext in
                aad.withUnsafeBytes { aadBytes in
                    ciphertext.withUnsafeMutableBytes { out in
                        tag.withUnsafeMutableBytes { tagOut in
                            Result { () throws(CryptoKitError) in
                                try EVPAEAD.seal(
                                    algorithm, key: key.secret, nonce: nonceBytes, plaintext: plaintext,
                                    authenticatedData: aadBytes, ciphertext: out, tag: tagOut)
                            }
                        }
                    }
                }
            }
        }
        try result.get()
        return (ciphertext, tag)
    }

    private static func open(
        _ algorithm: EVPAEADAlgorithm, key: SymmetricKey, nonce: [UInt8], ciphertext: Data, tag: Data, authenticating aad: Data
    ) throws(CryptoKitError) -> Data {
        var plaintext = uninitializedData(count: ciphertext.count)
        let result: Result<Void, CryptoKitError> = nonce.withUnsafeBytes { nonceBytes in
            ciphertext.withUnsafeBytes { ciphertextBytes in
                tag.withUnsafeBytes { tagBytes in
                    aad.withUnsafeBytes { aadBytes in
                        plaintext.withUnsafeMutableBytes { out in
                            Result { () throws(CryptoKitError) in
                                try EVPAEAD.open(
                                    algorithm, key: key.secret, nonce: nonceBytes, ciphertext: ciphertextBytes,
                                    tag: tagBytes, authenticatedData: aadBytes, plaintext: out)
                            }
                        }
                    }
                }
            }
        }
        try result.get()
        return plaintext
    }

    /// A buffer the cipher overwrites entirely, without `Data(count:)`'s zero fill (which
    /// costs as much as a tenth of sealing 16 KiB).
    private static func uninitializedData(count: Int) -> Data {
        guard count > 0, let memory = malloc(count) else { return Data(count: count) }
        return Data(bytesNoCopy: memory, count: count, deallocator: .free)
    }

    /// Splits CryptoKit's combined representation into its three parts.
    static func split<D: DataProtocol>(combined: D) throws(CryptoKitError) -> (nonce: [UInt8], ciphertext: Data, tag: Data) {
        let bytes = [UInt8](combined)
        guard bytes.count >= combinedNonceByteCount + tagByteCount else { throw .incorrectParameterSize }
        let tagStart = bytes.count - tagByteCount
        return (
            Array(bytes[0..<combinedNonceByteCount]),
            Data(bytes[combinedNonceByteCount..<tagStart]),
            Data(bytes[tagStart...])
        )
    }

    static func checkedTag<T: DataProtocol>(_ tag: T) throws(CryptoKitError) -> Data {
        guard tag.count == tagByteCount else { throw .incorrectParameterSize }
        return Data(tag)
    }
}
#endif
