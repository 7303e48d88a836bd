#if !canImport(CryptoKit)
internal import COpenSSL

/// The AEAD ciphers CryptoKit offers, each fetched once from OpenSSL's default provider.
enum EVPAEADAlgorithm: Sendable {
    case aes128GCM, aes192GCM, aes256GCM, chaCha20Poly1305

    static let tagByteCount = 16

    private nonisolated(unsafe) static let fetchedAES128GCM = fetch("AES-128-GCM")
    private nonisolated(unsafe) static let fetchedAES192GCM = fetch("AES-192-GCM")
    private nonisolated(unsafe) static let fetchedAES256GCM = fetch("AES-256-GCM")
    private nonisolated(unsafe) static let fetchedChaCha20Poly1305 = fetch("ChaCha20-Poly1305")

    private static func fetch(_ name: String) -> OpaquePointer {
        guard let cipher = EVP_CIPHER_fetch(nil, name, nil) else {
            fatalError("OpenSSL's default provider has no \(name); the libcrypto installation is broken")
        }
        return cipher
    }

    var cipher: OpaquePointer {
        switch self {
        case .aes128GCM: return Self.fetchedAES128GCM
        case .aes192GCM: return Self.fetchedAES192GCM
        case .aes256GCM: return Self.fetchedAES256GCM
        case .chaCha20Poly1305: return Self.fetchedChaCha20Poly1305
        }
    }
}

/// Owns one `EVP_CIPHER_CTX`.
private final class EVPCipherContext {
    let pointer: OpaquePointer

    init() {
        guard let pointer = EVP_CIPHER_CTX_new() else { fatalError("EVP_CIPHER_CTX_new: out of memory") }
        self.pointer = pointer
    }

    deinit { EVP_CIPHER_CTX_free(pointer) }
}

/// Authenticated encryption through `EVP_Encrypt*` / `EVP_Decrypt*`.
///
/// Sizes (key, nonce) are validated by the callers' types before they get here; this
/// layer only drives OpenSSL and maps its failures.
enum EVPAEAD {
    private static let chunk = 1 << 30

    /// Encrypts `plaintext` into `ciphertext` (same length) and writes the 16-byte tag.
    static func seal(
        _ algorithm: EVPAEADAlgorithm, key: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer,
        plaintext: UnsafeRawBufferPointer, authenticatedData: UnsafeRawBufferPointer,
        ciphertext: UnsafeMutableRawBufferPointer, tag: UnsafeMutableRawBufferPointer
    ) throws(CryptoKitError) {
        precondition(ciphertext.count == plaintext.count && tag.count == EVPAEADAlgorithm.tagByteCount)
        let context = EVPCipherContext()
        let ctx = context.pointer
        try OpenSSLErrors.check(EVP_EncryptInit_ex2(ctx, algorithm.cipher, nil, nil, nil))
        try setNonceLength(ctx, nonce.count)
        try OpenSSLErrors.check(EVP_EncryptInit_ex2(ctx, nil, bytes(key), bytes(nonce), nil))
        try feed(authenticatedData, into: nil) { out, outLength, input, length in
            EVP_EncryptUpdate(ctx, out, outLength, input, length)
        }
        try feed(plaintext, into: ciphertext) { out, outLength, input, length in
            EVP_EncryptUpdate(ctx, out, outLength, input, length)
        }
        var finalLength: Int32 = 0
        var scratch: UInt8 = 0
        try OpenSSLErrors.check(EVP_EncryptFinal_ex(ctx, &scratch, &finalLength))
        precondition(finalLength == 0, "an AEAD stream cipher produced output at finalisation")
        try OpenSSLErrors.check(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, Int32(tag.count), tag.baseAddress))
    }

    /// Decrypts and authenticates. On any failure the output is zeroised and
    /// ``CryptoKitError/authenticationFailure`` is thrown: no unauthenticated plaintext
    /// is ever released.
    static func open(
        _ algorithm: EVPAEADAlgorithm, key: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer,
        ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, authenticatedData: UnsafeRawBufferPointer,
        plaintext: UnsafeMutableRawBufferPointer
    ) throws(CryptoKitError) {
        precondition(ciphertext.count == plaintext.count && tag.count == EVPAEADAlgorithm.tagByteCount)
        let context = EVPCipherContext()
        let ctx = context.pointer
        do {
            try OpenSSLErrors.check(EVP_DecryptInit_ex2(ctx, algorithm.cipher, nil, nil, nil))
            try setNonceLength(ctx, nonce.count)
            try OpenSSLErrors.check(EVP_DecryptInit_ex2(ctx, nil, bytes(key), bytes(nonce), nil))
            try feed(authenticatedData, into: nil) { out, outLength, input, length in
                EVP_DecryptUpdate(ctx, out, outLength, input, length)
            }
            try feed(ciphertext, into: plaintext) { out, outLength, input, length in
                EVP_DecryptUpdate(ctx, out, outLength, input, length)
            }
            var tagCopy = [UInt8](UnsafeRawBufferPointer(tag))
            try OpenSSLErrors.check(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, Int32(tagCopy.count), &tagCopy))
            var finalLength: Int32 = 0
            var scratch: UInt8 = 0
            guard EVP_DecryptFinal_ex(ctx, &scratch, &finalLength) == 1 else {
                OpenSSLErrors.discard()
                throw CryptoKitError.authenticationFailure
            }
        } catch {
            OpenSSLMemory.cleanse(plaintext)
            OpenSSLErrors.discard()
            throw .authenticationFailure
        }
    }

    private static func setNonceLength(_ ctx: OpaquePointer, _ length: Int) throws(CryptoKitError) {
        guard length != 12 else { return }
        guard length > 0, length <= Int(Int32.max) else { throw .incorrectParameterSize }
        try OpenSSLErrors.check(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, Int32(length), nil))
    }

    private static func bytes(_ buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }

    /// Feeds `input` to an update function in chunks that fit OpenSSL's `int` lengths.
    /// `output == nil` means authenticated data (no output).
    private static func feed(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer?,
        _ update: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>, UnsafePointer<UInt8>?, Int32) -> Int32
    ) throws(CryptoKitError) {
        var offset = 0
        while offset < input.count {
            let length = min(chunk, input.count - offset)
            var written: Int32 = 0
            let out = output.map { $0.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self) }
            try OpenSSLErrors.check(update(out, &written, bytes(input)!.advanced(by: offset), Int32(length)))
            guard output == nil || Int(written) == length else { throw OpenSSLErrors.drain() }
            offset += length
        }
    }
}
#endif
