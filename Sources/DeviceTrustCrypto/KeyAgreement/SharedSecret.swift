#if !canImport(CryptoKit)
import Foundation

/// The output of a Diffie-Hellman key agreement, as in CryptoKit. Kept in zeroising
/// storage; `==` runs in constant time and the description never shows it.
public struct SharedSecret: ContiguousBytes, Sendable, CustomStringConvertible, Equatable {
    let secret: SecureBytes

    init(secret: SecureBytes) { self.secret = secret }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try secret.withUnsafeBytes { bytes in try body(bytes) }
    }

    /// A symmetric key derived with HKDF (RFC 5869) from this secret.
    public func hkdfDerivedSymmetricKey<H: HashFunction, Salt: DataProtocol, SharedInfo: DataProtocol>(
        using hashFunction: H.Type, salt: Salt, sharedInfo: SharedInfo, outputByteCount: Int
    ) -> SymmetricKey {
        HKDF<H>.deriveKey(inputKeyMaterial: SymmetricKey(secret: secret), salt: salt, info: sharedInfo, outputByteCount: outputByteCount)
    }

    /// A symmetric key derived with the ANSI X9.63 KDF: the concatenation of
    /// H(secret ‖ counter ‖ sharedInfo) for counter = 1, 2, … (32-bit big-endian).
    public func x963DerivedSymmetricKey<H: HashFunction, SharedInfo: DataProtocol>(
        using hashFunction: H.Type, sharedInfo: SharedInfo, outputByteCount: Int
    ) -> SymmetricKey {
        precondition(outputByteCount > 0, "the X9.63 KDF output must be at least one byte")
        let derived = SecureBytes(count: outputByteCount) { output in
            var written = 0
            var counter: UInt32 = 1
            while written < outputByteCount {
                var hasher = H()
                secret.withUnsafeBytes { hasher.update(bufferPointer: $0) }
                Swift.withUnsafeBytes(of: counter.bigEndian) { hasher.update(bufferPointer: $0) }
                hasher.update(data: sharedInfo)
                let block = Array(hasher.finalize())
                let take = min(block.count, outputByteCount - written)
                UnsafeMutableRawBufferPointer(rebasing: output[written..<(written + take)]).copyBytes(from: block.prefix(take))
                written += take
                counter += 1
            }
        }
        return SymmetricKey(secret: derived)
    }

    /// Names the type only.
    public var description: String { "SharedSecret(redacted)" }

    /// Constant-time equality.
    public static func == (lhs: SharedSecret, rhs: SharedSecret) -> Bool {
        lhs.secret.constantTimeEquals(rhs.secret)
    }
}
#endif
