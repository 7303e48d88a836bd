#if !canImport(CryptoKit)
/// The errors thrown by DeviceTrustCrypto, with the same cases as Apple's CryptoKit.
///
/// Call sites written against CryptoKit compile unchanged. Every case carries a
/// description that names what was wrong and what to do about it; none of them ever
/// carries key material, plaintext or a tag.
public enum CryptoKitError: Error, Equatable, Hashable, Sendable {
    /// A key had the wrong size (for example a 20-byte AES key, or a P-256 scalar that is
    /// not 32 bytes).
    case incorrectKeySize
    /// A parameter had the wrong size or an invalid encoding (a nonce, a tag, a signature,
    /// a point that is not on the curve, DER that is not strictly canonical).
    case incorrectParameterSize
    /// A sealed box did not authenticate: the key, nonce, ciphertext, tag or authenticated
    /// data was wrong or tampered with. Nothing of the plaintext is released.
    case authenticationFailure
    /// The cryptographic library reported an error; the value is OpenSSL's packed error
    /// code (`ERR_get_error`), without any data.
    case underlyingCoreCryptoError(error: Int32)
    /// A key, signature or encoding was rejected while being imported. The message says
    /// which input and why; it never contains the input itself.
    ///
    /// CryptoKit reports these as `incorrectParameterSize` on some paths and as
    /// `CryptoKitASN1Error` on others; code that must compile on both platforms should
    /// catch `Error`, not this case.
    case invalidEncoding(reason: String)
}

extension CryptoKitError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .incorrectKeySize:
            return "incorrect key size: use a key of a size the algorithm accepts (AES: 16, 24 or 32 bytes; ChaChaPoly: 32 bytes; P-256: a 32-byte scalar)"
        case .incorrectParameterSize:
            return
                "incorrect parameter size: check the nonce (AES-GCM: 12 to 128 bytes; ChaChaPoly: exactly 12), the tag (16 bytes) and the requested output length"
        case .authenticationFailure:
            return
                "authentication failure: the sealed box was not made with this key, nonce and authenticated data, or it was modified; no plaintext was released"
        case .underlyingCoreCryptoError(let error):
            return "OpenSSL reported error 0x\(String(UInt32(bitPattern: error), radix: 16)); the operation was not completed"
        case .invalidEncoding(let reason):
            return "invalid encoding: \(reason)"
        }
    }
}
#endif
