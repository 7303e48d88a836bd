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

/// Owns one `EVP_CIPHER_CTX`, keyed for one algorithm.
///
/// Kept with the key's bytes (``SecureBytes/keepDerivedState(_:)``) so the next message
/// under the same key skips context creation and key expansion; freed, and wiped by
/// OpenSSL's `freectx`, when the key is released.
private final class EVPCipherContext: DerivedKeyState, @unchecked Sendable {
    let pointer: OpaquePointer
    let algorithm: EVPAEADAlgorithm

    /// A context for `algorithm` with `key` expanded, ready for a 12-byte nonce.
    init(_ algorithm: EVPAEADAlgorithm, key: UnsafeRawBufferPointer) throws(CryptoKitError) {
        guard let pointer = EVP_CIPHER_CTX_new() else { fatalError("EVP_CIPHER_CTX_new: out of memory") }
        self.pointer = pointer
        self.algorithm = algorithm
        try OpenSSLErrors.check(EVP_EncryptInit_ex2(pointer, algorithm.cipher, key.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, nil))
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
        _ algorithm: EVPAEADAlgorithm, key: SecureBytes, nonce: UnsafeRawBufferPointer,
        plaintext: UnsafeRawBufferPointer, authenticatedData: UnsafeRawBufferPointer,
        ciphertext: UnsafeMutableRawBufferPointer, tag: UnsafeMutableRawBufferPointer
    ) throws(CryptoKitError) {
        precondition(ciphertext.count == plaintext.count && tag.count == EVPAEADAlgorithm.tagByteCount)
        let context = try keyedContext(algorithm, key: key, nonceByteCount: nonce.count)
        let ctx = context.pointer
        try OpenSSLErrors.check(EVP_EncryptInit_ex2(ctx, nil, nil, bytes(nonce), nil))
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
        release(context, to: key, nonceByteCount: nonce.count)
    }

    /// Decrypts and authenticates. On any failure the output is zeroised and
    /// ``CryptoKitError/authenticationFailure`` is thrown: no unauthenticated plaintext
    /// is ever released.
    static func open(
        _ algorithm: EVPAEADAlgorithm, key: SecureBytes, nonce: UnsafeRawBufferPointer,
        ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, authenticatedData: UnsafeRawBufferPointer,
        plaintext: UnsafeMutableRawBufferPointer
    ) throws(CryptoKitError) {
        precondition(ciphertext.count == plaintext.count && tag.count == EVPAEADAlgorithm.tagByteCount)
        do {
            let context = try keyedContext(algorithm, key: key, nonceByteCount: nonce.count)
            let ctx = context.pointer
            try OpenSSLErrors.check(EVP_DecryptInit_ex2(ctx, nil, nil, bytes(nonce), nil))
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
            release(context, to: key, nonceByteCount: nonce.count)
        } catch {
            OpenSSLMemory.cleanse(plaintext)
            OpenSSLErrors.discard()
            throw .authenticationFailure
        }
    }

    /// A context keyed with `key` for `algorithm`: the one cached with the key when there
    /// is one and the nonce has the standard 12 bytes, otherwise a new one. Contexts set
    /// to another nonce length are never cached, so a cached context always expects 12.
    private static func keyedContext(_ algorithm: EVPAEADAlgorithm, key: SecureBytes, nonceByteCount: Int) throws(CryptoKitError) -> EVPCipherContext {
        if nonceByteCount == 12, let cached = key.takeDerivedState() as? EVPCipherContext, cached.algorithm == algorithm {
            return cached
        }
        let context = try key.withUnsafeBytes { (keyBytes) throws(CryptoKitError) in try EVPCipherContext(algorithm, key: keyBytes) }
        if nonceByteCount != 12 {
            guard nonceByteCount > 0, nonceByteCount <= Int(Int32.max) else { throw .incorrectParameterSize }
            try OpenSSLErrors.check(EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonceByteCount), nil))
        }
        return context
    }

    /// Keeps a context that finished cleanly for the key's next message.
    private static func release(_ context: EVPCipherContext, to key: SecureBytes, nonceByteCount: Int) {
        guard nonceByteCount == 12 else { return }
        key.keepDerivedState(context)
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
