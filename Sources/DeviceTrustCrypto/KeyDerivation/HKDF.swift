#if !canImport(CryptoKit)
import Foundation

/// HKDF (RFC 5869) over any ``HashFunction``, as in CryptoKit, built on ``HMAC``.
public struct HKDF<H: HashFunction> {
    /// The largest output RFC 5869 allows: 255 blocks of the hash's output.
    public static var maximumOutputByteCount: Int { 255 * H.Digest.byteCount }

    /// Derives `outputByteCount` bytes from `inputKeyMaterial`, `salt` and `info`.
    ///
    /// Like CryptoKit, this traps when `outputByteCount` is not in
    /// `1...maximumOutputByteCount`; use ``tryDeriveKey(inputKeyMaterial:salt:info:outputByteCount:)``
    /// to get an error instead (a DeviceTrust addition that CryptoKit does not have).
    public static func deriveKey<Salt: DataProtocol, Info: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt, info: Info, outputByteCount: Int
    ) -> SymmetricKey {
        do {
            return try tryDeriveKey(inputKeyMaterial: inputKeyMaterial, salt: salt, info: info, outputByteCount: outputByteCount)
        } catch {
            preconditionFailure("HKDF<\(H.self)> output must be 1...\(maximumOutputByteCount) bytes, not \(outputByteCount)")
        }
    }

    /// ``deriveKey(inputKeyMaterial:salt:info:outputByteCount:)`` with an empty salt.
    public static func deriveKey<Info: DataProtocol>(inputKeyMaterial: SymmetricKey, info: Info, outputByteCount: Int) -> SymmetricKey {
        deriveKey(inputKeyMaterial: inputKeyMaterial, salt: [UInt8](), info: info, outputByteCount: outputByteCount)
    }

    /// ``deriveKey(inputKeyMaterial:salt:info:outputByteCount:)`` with an empty info.
    public static func deriveKey<Salt: DataProtocol>(inputKeyMaterial: SymmetricKey, salt: Salt, outputByteCount: Int) -> SymmetricKey {
        deriveKey(inputKeyMaterial: inputKeyMaterial, salt: salt, info: [UInt8](), outputByteCount: outputByteCount)
    }

    /// ``deriveKey(inputKeyMaterial:salt:info:outputByteCount:)`` with an empty salt and info.
    public static func deriveKey(inputKeyMaterial: SymmetricKey, outputByteCount: Int) -> SymmetricKey {
        deriveKey(inputKeyMaterial: inputKeyMaterial, salt: [UInt8](), info: [UInt8](), outputByteCount: outputByteCount)
    }

    /// Like ``deriveKey(inputKeyMaterial:salt:info:outputByteCount:)`` but throws
    /// ``CryptoKitError/incorrectParameterSize`` for an output length outside
    /// `1...maximumOutputByteCount` instead of trapping. Not available in CryptoKit.
    public static func tryDeriveKey<Salt: DataProtocol, Info: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt, info: Info, outputByteCount: Int
    ) throws(CryptoKitError) -> SymmetricKey {
        let prk = extract(inputKeyMaterial: inputKeyMaterial, salt: salt)
        return try tryExpand(pseudoRandomKey: prk, info: info, outputByteCount: outputByteCount)
    }

    /// The HKDF-Extract step: a pseudorandom key from the input key material and salt.
    public static func extract<Salt: DataProtocol>(inputKeyMaterial: SymmetricKey, salt: Salt?) -> HashedAuthenticationCode<H> {
        let saltKey = SymmetricKey(data: salt.map { Array($0) } ?? [])
        return inputKeyMaterial.withUnsafeBytes { ikm in
            var hmac = HMAC<H>(key: saltKey)
            hmac.update(data: UnsafeRawBufferPointer(ikm))
            return hmac.finalize()
        }
    }

    /// The HKDF-Expand step. Traps for an output length outside `1...maximumOutputByteCount`,
    /// as CryptoKit does.
    public static func expand<PRK: ContiguousBytes, Info: DataProtocol>(
        pseudoRandomKey prk: PRK, info: Info?, outputByteCount: Int
    ) -> SymmetricKey {
        do {
            return try tryExpand(pseudoRandomKey: prk, info: info, outputByteCount: outputByteCount)
        } catch {
            preconditionFailure("HKDF<\(H.self)> output must be 1...\(maximumOutputByteCount) bytes, not \(outputByteCount)")
        }
    }

    private static func tryExpand<PRK: ContiguousBytes, Info: DataProtocol>(
        pseudoRandomKey prk: PRK, info: Info?, outputByteCount: Int
    ) throws(CryptoKitError) -> SymmetricKey {
        guard outputByteCount > 0, outputByteCount <= maximumOutputByteCount else {
            throw .incorrectParameterSize
        }
        let prkKey = SymmetricKey(data: prk)
        let infoBytes = info.map { Array($0) } ?? []
        let secret = SecureBytes(count: outputByteCount) { output in
            var previous: HashedAuthenticationCode<H>?
            var written = 0
            var counter: UInt8 = 1
            while written < outputByteCount {
                var hmac = HMAC<H>(key: prkKey)
                if let previous { previous.withUnsafeBytes { hmac.update(data: $0) } }
                hmac.update(data: infoBytes)
                hmac.update(data: [counter])
                let block = hmac.finalize()
                let take = min(block.byteCount, outputByteCount - written)
                block.withUnsafeBytes { blockBytes in
                    UnsafeMutableRawBufferPointer(rebasing: output[written..<(written + take)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: blockBytes[0..<take]))
                }
                written += take
                counter &+= 1
                previous = block
            }
        }
        return SymmetricKey(secret: secret)
    }
}
#endif
