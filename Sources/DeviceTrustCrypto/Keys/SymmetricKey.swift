#if !canImport(CryptoKit)
import Foundation

/// The size of a symmetric key, as in CryptoKit.
public struct SymmetricKeySize: Sendable, Hashable {
    /// The number of bits in the key.
    public let bitCount: Int

    /// A size of `bitCount` bits; must be a positive multiple of 8.
    public init(bitCount: Int) {
        precondition(bitCount > 0 && bitCount % 8 == 0, "a symmetric key size must be a positive multiple of 8 bits")
        self.bitCount = bitCount
    }

    /// 128 bits (AES-128).
    public static let bits128 = SymmetricKeySize(bitCount: 128)
    /// 192 bits (AES-192).
    public static let bits192 = SymmetricKeySize(bitCount: 192)
    /// 256 bits (AES-256, ChaChaPoly, HMAC keys).
    public static let bits256 = SymmetricKeySize(bitCount: 256)
}

/// A symmetric key, as in CryptoKit.
///
/// The bytes live in storage of their own that is zeroised when the last copy of the
/// key is released. `==` runs in constant time, and the description never shows the key.
public struct SymmetricKey: ContiguousBytes, Sendable {
    let secret: SecureBytes

    /// A new random key of `size`, from OpenSSL's CSPRNG.
    public init(size: SymmetricKeySize) {
        secret = SecureBytes(randomCount: size.bitCount / 8)
    }

    /// A key holding a copy of `data`. The caller's buffer is not zeroised: do it yourself
    /// if it was secret.
    public init<D: ContiguousBytes>(data: D) {
        secret = data.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    init(secret: SecureBytes) {
        self.secret = secret
    }

    /// The number of bits in the key.
    public var bitCount: Int { secret.count * 8 }

    /// Read access to the key bytes, valid only inside `body`. Do not copy them out.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try secret.withUnsafeBytes(body)
    }
}

extension SymmetricKey: Equatable {
    /// Constant-time equality of the key bytes.
    public static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool {
        lhs.secret.constantTimeEquals(rhs.secret)
    }
}

extension SymmetricKey: CustomStringConvertible {
    /// The key size only; the key bytes are never printed.
    public var description: String { "SymmetricKey(\(bitCount) bits, redacted)" }
}
#endif
